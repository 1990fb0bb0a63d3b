/**
 * The EMBER: Obsidian Protocol ruleset as the engine's {@link Ruleset}: seeds
 * `000_200ff4b7b5d3d570.txt` (combat) and `001_f556d9be58b12b7c.txt` (game flow).
 */
import { unlockedSeats, type ApplyResult, type Ruleset, type SeatId } from "@fogwar/engine";
import { parseCommand } from "./command-schema";
import { act } from "./actions";
import { concede, endActivationCommand, lockPlanCommand, manoeuvre, reboot, setStance } from "./activation";
import { chooseCancellation, chooseChain, chooseHitPart, declareParry, reroll, useDesignation } from "./answers";
import { commandDrone, endCommands } from "./command-phase";
import { afterAttack } from "./commands";
import { Ctx } from "./context";
import { onTimeout } from "./decisions";
import { chooseSide, deploy } from "./deployment";
import { chooseBlastTarget } from "./detonation";
import { emberError } from "./errors";
import { planners } from "./flow";
import { chooseInterceptor } from "./interception";
import { setupMatch } from "./match-setup";
import { removeSmoke } from "./smoke";
import { RULES_VERSION } from "./version";
import { legalCommands, legalCommandsInView } from "./legal";
import { chooseSecondary, placeObjective } from "./mission";
import { applyMuster, isMusterCommand, setupMuster } from "./muster";
import type { EmberCommand, EmberErrorCode, EmberEvent, EmberSetup, EmberState } from "./types";
import { redact, sharedViewFor, viewFor, type EmberView } from "./view";

/** Which pending decision each answer command answers. */
const ANSWERS: Partial<Record<EmberCommand["type"], readonly string[]>> = {
  choose_side: ["choose_side"],
  choose_secondary: ["choose_secondary"],
  place_objective: ["place_objective"],
  choose_hit_part: ["choose_hit_part"],
  use_designation: ["use_designation"],
  choose_cancellation: ["choose_cancellation"],
  reroll: ["part_reroll", "attack_reroll", "defence_reroll", "ew_reroll"],
  choose_chain: ["choose_chain"],
  declare_parry: ["declare_parry"],
  choose_interceptor: ["choose_interceptor"],
  choose_blast_target: ["choose_blast_target"],
  remove_smoke: ["remove_smoke"],
};

/** After an accepted answer to a launch, interception or smoke decision, the match goes on. */
function answered(ctx: Ctx, problem: EmberErrorCode | null): EmberErrorCode | null {
  if (problem) return problem;
  afterAttack(ctx);
  return null;
}

function dispatch(ctx: Ctx, seat: SeatId, command: EmberCommand): EmberErrorCode | null {
  switch (command.type) {
    case "lock_army":
    case "unlock_army":
      return "wrong_phase";
    case "choose_side":
      return chooseSide(ctx, seat, command.side);
    case "choose_secondary":
      return chooseSecondary(ctx, seat, command.secondary);
    case "place_objective":
      return placeObjective(ctx, seat, command.at);
    case "deploy":
      return deploy(ctx, seat, command);
    case "command_drone":
      return commandDrone(ctx, seat, command);
    case "end_commands":
      return endCommands(ctx, seat);
    case "lock_plan":
      return lockPlanCommand(ctx, seat, command.dials);
    case "set_stance":
      return setStance(ctx, seat, command);
    case "reboot":
      return reboot(ctx, seat, command);
    case "manoeuvre":
      return manoeuvre(ctx, seat, command);
    case "act":
      return act(ctx, seat, command);
    case "end_activation":
      return endActivationCommand(ctx, seat, command.unit);
    case "choose_hit_part":
      return chooseHitPart(ctx, seat, command.part);
    case "use_designation":
      return useDesignation(ctx, seat, command.use);
    case "choose_cancellation":
      return chooseCancellation(ctx, seat, command);
    case "reroll":
      return reroll(ctx, seat, command.dice);
    case "choose_chain":
      return chooseChain(ctx, seat, command);
    case "declare_parry":
      return declareParry(ctx, seat, command.part);
    case "choose_interceptor":
      return answered(ctx, chooseInterceptor(ctx, seat, command));
    case "choose_blast_target":
      return answered(ctx, chooseBlastTarget(ctx, seat, command.target));
    case "remove_smoke":
      return answered(ctx, removeSmoke(ctx, seat, command.at));
    case "concede":
      return concede(ctx, seat);
  }
}

/**
 * Applies a command from a seat. Never throws on bad input: a malformed or illegal command gets
 * an error (with its rule) and the state is left as it was.
 */
export function apply(state: EmberState, raw: EmberCommand, seat: SeatId): ApplyResult<EmberState, EmberEvent, EmberErrorCode> {
  const fail = (code: EmberErrorCode) => ({ ok: false as const, error: emberError(code) });
  const command = parseCommand(raw);
  if (!command) return fail("malformed_command");
  if (!state.seats.includes(seat)) return fail("not_a_player");
  if (state.phase === "finished") return fail("match_over");
  // The muster (seed 001 2) comes before everything else; its commands belong to it alone.
  if (isMusterCommand(command)) {
    const mustered = applyMuster(state, seat, command);
    return typeof mustered === "string" ? fail(mustered) : { ok: true, ...mustered };
  }
  if (state.phase === "muster" && command.type !== "concede") return fail("wrong_phase");
  const answers = ANSWERS[command.type];
  if (command.type !== "concede") {
    if (state.pending) {
      if (state.pending.seat !== seat) return fail("decision_pending");
      if (!answers?.includes(state.pending.kind)) return fail("decision_pending");
    } else if (answers) return fail("no_decision_pending");
  }
  const ctx = Ctx.on(state);
  const problem = dispatch(ctx, seat, command);
  if (problem) return fail(problem);
  const { state: next, events } = ctx.finish();
  return { ok: true, state: next, events };
}

/** Seats whose command the match waits for. */
export function awaiting(state: EmberState): SeatId[] {
  if (state.phase === "finished") return [];
  if (state.phase === "muster") return state.muster ? unlockedSeats(state.muster) : [];
  if (state.pending) return [state.pending.seat];
  if (state.phase === "plan") return planners(state).filter((s) => !state.plans[s]?.commitment);
  return state.turn ? [state.turn] : [];
}

/** The EMBER ruleset. */
export const ember: Ruleset<EmberSetup, EmberState, EmberCommand, EmberEvent, EmberView, EmberErrorCode> = {
  id: "ember",
  rulesVersion: RULES_VERSION,
  seatsOf: (setup) => setup.seats,
  teamOf: (state, seat) => state.teams?.[seat],
  // Without army lists, the match starts with the muster (seed 001 2).
  setup: (setup, seed) => (setup.armies ? setupMatch(setup, seed) : setupMuster(setup, seed)),
  awaiting,
  pending: (state) => state.pending,
  legalCommands,
  legalCommandsInView,
  apply,
  viewFor,
  sharedViewFor,
  redact,
  result: (state) => state.result,
  onTimeout,
  // Army lists are drafts until every seat has locked (seed 001 2; docs/rules/ember.md "Muster").
  drafts: { locks: (command) => command.type === "lock_army", revealed: (state) => state.muster?.revealed === true },
};
