/**
 * 6: Siege - The Board Game (seed `004_cb264102299fbb71.txt`) as the engine's {@link Ruleset}.
 */
import type { ApplyResult, Ruleset, SeatId } from "@fogwar/engine";
import { parseCommand } from "./command-schema";
import { Ctx } from "./context";
import { SEED, siegeError } from "./errors";
import { awaiting, legalCommands, legalCommandsInView } from "./legal";
import { teamOfSeat } from "./query";
import { advance, check, execute, setupMatch } from "./rules";
import { RULES_VERSION } from "./version";
import type { SiegeCommand, SiegeErrorCode, SiegeEvent, SiegePending, SiegeSetup, SiegeState } from "./types";
import { redact, sharedViewFor, viewFor, type SiegeView } from "./view";

/**
 * Applies a command from a seat. Never throws on bad input: a malformed or illegal command gets an
 * error (with its rule) and the state is left as it was.
 */
export function apply(state: SiegeState, raw: SiegeCommand, seat: SeatId): ApplyResult<SiegeState, SiegeEvent, SiegeErrorCode> {
  const command = parseCommand(raw);
  if (!command) return { ok: false, error: siegeError("malformed_command") };
  const problem = check(state, seat, command);
  if (problem) return { ok: false, error: siegeError(problem) };
  const ctx = new Ctx(state);
  execute(ctx, seat, command);
  advance(ctx);
  const { state: next, events } = ctx.finish();
  return { ok: true, state: next, events };
}

/** The commands a run-out clock takes first, in this order (docs/rules/siege.md, "Time bank"). */
const PASSES: readonly ((c: SiegeCommand) => boolean)[] = [
  (c) => c.type === "hold",
  (c) => c.type === "keep",
  (c) => c.type === "contest" && !c.fight,
  (c) => c.type === "return_fire" && c.fire,
  (c) => c.type === "end_activation",
  (c) => c.type === "end_phase",
  (c) => c.type === "end_setup",
];

/**
 * What a team whose time bank ran out does (a project decision, docs/rules/siege.md "Time bank";
 * seed 004 has no time bank): a pending decision takes its default answer (no reaction, keep the
 * dice, yield the access point, fire back in an exchange of fire), an activation ends, a phase or setup ends when it may; otherwise
 * the first legal command in the rules' order (an operator activates, a pick or a placement is
 * made). Never loses the match on time.
 */
export function onTimeout(state: SiegeState, seat: SeatId): SiegeCommand | null {
  const legal = legalCommands(state, seat);
  for (const pass of PASSES) {
    const found = legal.find(pass);
    if (found) return found;
  }
  return legal[0] ?? null;
}

/**
 * The time bank's activations (docs/rules/siege.md "Time bank", a project decision: seed 004 has
 * no time bank): in the action phase one operator's activation, the choice between activations,
 * and each pending decision; in setup every single placement (a pick, a component moved, a gadget
 * or a secret token placed, an operator deployed), so a team new to the game does not spend its
 * bank on the setup. Every part of the key is public: while the defence places its secret tokens
 * the attack sees only that an entry was made, which the log's public sequence already tells.
 */
export function clockTurn(state: SiegeState): string {
  const s = state;
  if (s.phase === "picks") return `picks|${s.picks.attack.commitment !== null}|${s.picks.defence.commitment !== null}`;
  if (s.phase === "defence_setup") {
    const gadgetsLeft = Object.values(s.setupGadgets).reduce((n, left) => n + left, 0);
    return `defence_setup|${s.tokens.length}|${gadgetsLeft}|${s.edits}`;
  }
  if (s.phase === "attack_setup") return `attack_setup|${Object.values(s.operators).filter((o) => o.team === "attack" && o.at !== null).length}`;
  return [s.phase, s.round, s.step, s.activations, s.activation?.operator ?? "", s.pending ? `${s.pending.kind}:${s.pending.team}` : ""].join("|");
}

/** The seed section of each decision's rule. */
const DECISION_RULES: Readonly<Record<SiegePending["kind"], string>> = {
  reaction: "대응 사격",
  reroll: "리롤 토큰",
  contest: "경계 상층부",
  return_fire: "사격 교환",
};

/** The Siege ruleset. Seats are grouped in two teams, `attack` and `defence`; teammates share control and knowledge. */
export const siege: Ruleset<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, SiegeView, SiegeErrorCode> = {
  id: "siege",
  rulesVersion: RULES_VERSION,
  seatsOf: (setup) => [...setup.teams.attack, ...setup.teams.defence],
  teamOf: (state, seat) => teamOfSeat(state, seat),
  setup: (setup, seed) => setupMatch(setup, seed),
  awaiting,
  pending: (state) => (state.pending ? { seat: state.teams[state.pending.team][0]!, kind: state.pending.kind, rule: `${SEED} ${DECISION_RULES[state.pending.kind]}`, options: state.pending } : null),
  legalCommands,
  legalCommandsInView,
  apply,
  viewFor,
  sharedViewFor,
  redact,
  result: (state) => state.result,
  onTimeout,
  clockTurn,
};
