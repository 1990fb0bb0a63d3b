/**
 * The default answer to each pending decision: what a seat that does not answer gets when its
 * clock runs out (the engine's `onTimeout`, design.md "Clocks and abandonment"), and the choice the
 * web table keeps in one click. A project decision (docs/rules/ember.md "Defaults"); the seeds give
 * choices, not defaults. Each default reads only what the asked seat may know, so it tells nobody
 * anything (a camouflaged unit's real square never enters one):
 * - link rerolls (the part die, attack, defence and EW dice; seed 000 4): no reroll;
 * - a designation ability (seed 000 1.2.1): use it;
 * - the defender's cancellation (seed 000 1.2.1): the first option, the best (no penetration, then
 *   the least link lost, no forced stance, the lightest chain damage);
 * - a parry (seed 000 1.4.2): the part with the highest parry value;
 * - the hit part (seed 000 1.2.1): for the attacker the intact part defending with the fewest white
 *   dice, for the defender the one with the most (its parry value counted in melee), the first in
 *   slot order on a tie;
 * - every other decision (side, secondary mission, objective marker, chain target, interception
 *   order, blast target, smoke card): the first option offered.
 * A seat awaited for its turn rather than a decision has no default: it loses on time.
 */
import type { SeatId } from "@fogwar/engine";
import { isMech, unitById } from "./query";
import { legalCommands, stateFromView } from "./legal";
import { parryOf } from "./melee";
import { baseWhite } from "./pools";
import type { EmberCommand, EmberState } from "./types";
import type { EmberView } from "./view";

/** The default answer to the pending decision of `state`, or null when none is pending. */
export function defaultAnswer(state: EmberState): EmberCommand | null {
  const pending = state.pending;
  if (!pending) return null;
  const answers = legalCommands(state, pending.seat);
  switch (pending.kind) {
    case "part_reroll":
    case "attack_reroll":
    case "defence_reroll":
    case "ew_reroll":
      return { type: "reroll", dice: [] };
    case "use_designation":
      return { type: "use_designation", use: true };
    case "declare_parry": {
      const defender = unitById(state, pending.options.defender);
      if (!isMech(defender)) return { type: "declare_parry", part: null };
      const best = [...pending.options.parts].sort((a, b) => parryOf(defender, b) - parryOf(defender, a))[0];
      return { type: "declare_parry", part: best ?? null };
    }
    case "choose_hit_part": {
      const defender = unitById(state, pending.options.defender);
      const melee = state.attack?.mode === "melee";
      if (!isMech(defender)) return answers[0] ?? null;
      const white = (part: (typeof pending.options.parts)[number]) =>
        baseWhite(defender, part) + (pending.options.by === "defender" && melee ? parryOf(defender, part) : 0);
      const sign = pending.options.by === "attacker" ? 1 : -1;
      const part = [...pending.options.parts].sort((a, b) => sign * (white(a) - white(b)))[0];
      return part ? { type: "choose_hit_part", part } : null;
    }
    default:
      return answers[0] ?? null;
  }
}

/**
 * {@link defaultAnswer} from the asked seat's own projection (`viewFor(state, seat)`): every default
 * reads only what that seat may know, so a client marks it among its answers without the server.
 */
export const defaultAnswerInView = (view: EmberView): EmberCommand | null => defaultAnswer(stateFromView(view));

/**
 * What `seat` does when its clock runs out (the engine's `onTimeout`): the default answer to its
 * pending decision; null when it is awaited for its turn, so it loses on time.
 */
export function onTimeout(state: EmberState, seat: SeatId): EmberCommand | null {
  if (state.phase === "finished" || state.pending?.seat !== seat) return null;
  return defaultAnswer(state);
}
