/**
 * States of EMBER matches with the decisions seed 000 gives players pending (a link reroll of EW
 * dice, 4 with 5.2; using a designation ability and the defender's cancellation, 1.2.1), for the
 * table's tests: played by the engine's random bots (EMBER's bot policy); the cancellation's dice
 * are then set by hand and the engine asks.
 */
import { catalog, ember, emberBotPolicy, type DieResult, type EmberCommand, type EmberState, type Face } from "@fogwar/ember";
import { Match, RandomBot } from "@fogwar/engine";

// RDL's Ironclad Vanguard against UN's Network Picket Team (its Overwatch Node carries the longbow rail: snipe, an impact [eye]).
export const SETUP = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: catalog.data.armies[0]!, p2: catalog.data.armies[2]! } };

/** The first bot match state (over a few seeds) where `pred` holds. */
export function findState(pred: (s: EmberState) => boolean): EmberState {
  for (let i = 0; i < 40; i++) {
    const match = new Match(ember, SETUP, `decisions-${i}`);
    const bots = { p1: new RandomBot<EmberCommand>(`decisions-${i}:p1`, emberBotPolicy), p2: new RandomBot<EmberCommand>(`decisions-${i}:p2`, emberBotPolicy) };
    for (let n = 0; n < 4000 && !pred(match.state) && match.state.phase !== "finished"; n++) {
      const seat = ember.awaiting(match.state)[0] as "p1" | "p2";
      if (!match.submit(seat, bots[seat].choose(ember.legalCommands(match.state, seat))!).ok) break;
    }
    if (pred(match.state)) return match.state;
  }
  throw new Error("no seed reached the state");
}

const face = (result: Face["result"]): Face => ({ result, count: 1, hollow: false });
const die = (d: DieResult["die"], result: Face["result"]): DieResult => ({ die: d, face: face(result) });

/**
 * A longbow attack at an RDL mech waiting for the attacker's reroll, its dice then set by hand
 * ([eye], two blanks, a red [heavy] against four white blanks and a blue [evade]) and both rerolls
 * declined: the engine asks the defender how to cancel (seed 000 1.2.1).
 */
export function cancellationAsked(): EmberState {
  const rolled = findState((s) => s.attack?.action === "long-rail" && s.pending?.kind === "attack_reroll" && s.units.some((u) => u.id === s.attack!.defender && u.kind === "mech" && u.link >= 1));
  const state = structuredClone(rolled);
  state.attack!.attackDice = [die("yellow", "eye"), die("yellow", "blank"), die("yellow", "blank"), die("red", "heavy")];
  state.attack!.defenceDice = [die("white", "blank"), die("white", "blank"), die("white", "blank"), die("white", "blank"), die("blue", "evade")];
  let next = state;
  while (next.pending && next.pending.kind !== "choose_cancellation") {
    const r = ember.apply(next, { type: "reroll", dice: [] }, next.pending.seat);
    if (!r.ok) throw new Error(r.error.code);
    next = r.state;
  }
  return next;
}

