/**
 * Age of Sigmar sections 19-30 (seed `003_3dcb36e83a2444ba.txt`) on the project's own minimal
 * core, as the engine's {@link Ruleset} (docs/rules/sigmar.md).
 */
import type { ApplyResult, Ruleset, SeatId } from "@fogwar/engine";
import * as a from "./actions";
import * as answers from "./answers";
import * as abilityCommands from "./command-actions";
import * as r from "./reaction-actions";
import { isReaction } from "./reactions";
import { parseCommand } from "./command-schema";
import { Ctx } from "./context";
import { sigmarError } from "./errors";
import { finish, setupMatch } from "./flow";
import { RULES_VERSION } from "./version";
import { awaiting, legalCommands, legalCommandsInView, templates, templatesInView } from "./legal";
import { applyMuster } from "./muster";
import { answerRemoval } from "./removal";
import { retreat } from "./retreat";
import { otherSeat } from "./query";
import type { SigmarCommand, SigmarErrorCode, SigmarEvent, SigmarSetup, SigmarState } from "./types";
import { redact, viewFor, type SigmarView } from "./view";

/** The commands that answer each pending decision. */
const ANSWERS: Readonly<Record<string, readonly SigmarCommand["type"][]>> = {
  run_move: ["place", "decline"],
  charge_move: ["place", "decline"],
  place_models: ["place", "decline"],
  replacement: ["place", "decline"],
  riposte: ["fight", "decline"],
  must_target: ["use_ability"],
  order_neutral: ["order"],
  order_effects: ["order"],
  phase_window: ["use_ability", "command", "decline"],
  priority: ["order"],
  rally: ["place", "decline"],
  remove_models: ["remove_models"],
  retreat_move: ["place", "decline"],
};

function dispatch(ctx: Ctx, seat: SeatId, c: SigmarCommand): SigmarErrorCode | null {
  switch (c.type) {
    case "lock_army":
    case "unlock_army":
      return applyMuster(ctx, seat, c);
    case "deploy":
      return a.deploy(ctx, seat, c);
    case "order":
      return answers.order(ctx, seat, c);
    case "end_phase":
      return a.endPhaseCommand(ctx, seat);
    case "move":
      return a.move(ctx, seat, c);
    case "run":
      return a.run(ctx, seat, c);
    case "set_up":
      return a.setUp(ctx, seat, c);
    case "shoot":
      return a.shoot(ctx, seat, c);
    case "charge":
      return a.charge(ctx, seat, c);
    case "fight":
      return a.fight(ctx, seat, c);
    case "pass_fight":
      return a.passFight(ctx, seat, c);
    case "place":
      return ctx.state.pending?.kind === "rally" ? r.rallyAnswer(ctx, seat, c.models) : answers.placeAnswer(ctx, seat, c);
    case "decline":
      return ctx.state.pending?.kind === "rally" ? r.rallyAnswer(ctx, seat, []) : answers.decline(ctx, seat);
    case "use_ability":
      return abilityCommands.useAbility(ctx, seat, c);
    case "play_card":
      return abilityCommands.playCard(ctx, seat, c);
    case "command":
      return isReaction(c.command) ? r.useReaction(ctx, seat, c) : abilityCommands.useCommand(ctx, seat, c);
    case "retreat":
      return retreat(ctx, seat, c.unit);
    case "remove_models":
      return answerRemoval(ctx, seat, c.models);
    case "concede":
      ctx.emit({ type: "conceded", seat });
      finish(ctx, otherSeat(ctx.state, seat), `${seat} conceded`);
      return null;
  }
}

/** Applies a command from a seat; never throws on bad input (an error and no change). */
export function apply(state: SigmarState, raw: SigmarCommand, seat: SeatId): ApplyResult<SigmarState, SigmarEvent, SigmarErrorCode> {
  const fail = (code: SigmarErrorCode) => ({ ok: false as const, error: sigmarError(code) });
  const command = parseCommand(raw);
  if (!command) return fail("malformed_command");
  if (!state.seats.includes(seat)) return fail("not_a_player");
  if (state.phase === "finished") return fail("match_over");
  if (command.type !== "concede") {
    if (state.phase === "muster") {
      if (command.type !== "lock_army" && command.type !== "unlock_army") return fail("wrong_phase");
    } else if (command.type === "lock_army" || command.type === "unlock_army") return fail("wrong_phase");
    else if (state.pending) {
      if (state.pending.seat !== seat) return fail("decision_pending");
      if (!ANSWERS[state.pending.kind]?.includes(command.type)) return fail("decision_pending");
    } else if (command.type === "place" || command.type === "decline" || command.type === "order" || command.type === "remove_models") return fail("no_decision_pending");
    else if (!awaiting(state).includes(seat)) return fail("not_your_turn");
  }
  const ctx = Ctx.on(state);
  const problem = dispatch(ctx, seat, command);
  if (problem) return fail(problem);
  a.settle(ctx);
  const { state: next, events } = ctx.finish();
  return { ok: true, state: next, events };
}

/** What a seat whose clock ran out does: declines or passes (the first such legal command), else the first legal one. */
export function onTimeout(state: SigmarState, seat: SeatId): SigmarCommand | null {
  const legal = legalCommands(state, seat);
  return legal.find((c) => c.type === "decline") ?? legal.find((c) => c.type === "end_phase") ?? legal.find((c) => c.type === "pass_fight") ?? legal[0] ?? null;
}

/** The Age of Sigmar ruleset. */
export const sigmar: Ruleset<SigmarSetup, SigmarState, SigmarCommand, SigmarEvent, SigmarView, SigmarErrorCode> = {
  id: "sigmar",
  rulesVersion: RULES_VERSION,
  seatsOf: (setup) => setup.seats,
  setup: (setup, seed) => setupMatch(setup, seed),
  awaiting,
  pending: (state) => (state.pending ? { seat: state.pending.seat, kind: state.pending.kind, rule: "003_3dcb36e83a2444ba.txt 28", options: state.pending } : null),
  legalCommands,
  legalCommandsInView,
  templates,
  templatesInView,
  apply,
  viewFor,
  redact,
  result: (state) => state.result,
  onTimeout,
  // Army lists are drafts until both seats have locked (project core rule C2).
  drafts: { locks: (command) => command.type === "lock_army", revealed: (state) => state.muster.revealed },
};
