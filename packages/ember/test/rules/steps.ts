/**
 * Small helpers shared by the rules tests that cover single seed rules: sending a list of
 * commands, picking events by type, extra test armies, and a card's attack keywords changed for
 * one test (no sample action has, for example, two chain effects).
 */
import { catalog, type ArmyList, type AttackKeyword, type DieResult, type EmberCommand, type EmberEvent, type EmberState, type Face, type MechState } from "../../src";
import { arrange, deployed, edit, mech, must, toAction, UN } from "../helpers";

/** Declines a pending link reroll (part die, attack or defence dice). */
export const DECLINE: EmberCommand = { type: "reroll", dice: [] };

/** Uses the designation ability asked about (seed 000 1.2.1). */
export const USE: EmberCommand = { type: "use_designation", use: true };

/** Does not use the designation ability asked about (seed 000 1.2.1). */
export const NO_USE: EmberCommand = { type: "use_designation", use: false };

/**
 * Applies a command (it must be accepted), then declines every link reroll of the EW roll it
 * started (seed 000 4, 5.2), gathering the events: the roll settles as rolled.
 */
export function mustEw(state: EmberState, seat: string, command: EmberCommand): { state: EmberState; events: EmberEvent[] } {
  let r = must(state, seat, command);
  const events = [...r.events];
  while (r.state.pending?.kind === "ew_reroll") {
    r = must(r.state, r.state.pending.seat, DECLINE);
    events.push(...r.events);
  }
  return { state: r.state, events };
}

/** Sends commands in order (each must be accepted) and gathers the events. */
export function play(state: EmberState, steps: readonly (readonly [string, EmberCommand])[]): { state: EmberState; events: EmberEvent[] } {
  const events: EmberEvent[] = [];
  for (const [seat, command] of steps) {
    const r = must(state, seat, command);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

/** The events of one type, typed. */
export const find = <T extends EmberEvent["type"]>(events: readonly EmberEvent[], type: T) =>
  events.filter((e): e is Extract<EmberEvent, { type: T }> => e.type === type);

/** Ends every remaining activation of the round, each by its owner. */
export function endActivations(state: EmberState): { state: EmberState; events: EmberEvent[] } {
  const events: EmberEvent[] = [];
  while (state.phase === "action") {
    const id = state.activation!.unit;
    const owner = (state.units.find((u) => u.id === id) as MechState).owner;
    const r = must(state, owner, { type: "end_activation", unit: id });
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

/**
 * GOF (485 points): "Raider" (sparrow shell, vaulter legs, vibro machete, scattergun with the
 * shotgun keyword; pilot Kang Nara) and "Warden" (hive frame, skid runners, drift buckler with
 * the shield ability, swallow autogun; pilot Ruy Castell), and a flying wasp drone.
 */
export const GOF: ArmyList = {
  name: "Test GOF",
  faction: "GOF",
  units: [
    { kind: "mech", name: "Raider", parts: { torso: "gof-sparrow-shell", chassis: "gof-vaulter-legs", left_arm: "gof-vibro-machete", right_arm: "gof-scattergun" }, pilot: "gof-kang-nara" },
    { kind: "mech", name: "Warden", parts: { torso: "gof-hive-frame", chassis: "gof-skid-runners", left_arm: "gof-drift-buckler", right_arm: "gof-swallow-autogun" }, pilot: "gof-ruy-castell" },
    { kind: "drone", drone: "gof-wasp" },
  ],
};

/** p1 GOF against p2 UN (the helpers' UN army), on crossroads. */
export const GOF_VS_UN = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: GOF, p2: UN } };

/** The helpers' UN army on both seats: each side has a range-2 melee arm and a high-altitude drone. */
export const UN_MIRROR = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: UN, p2: UN } };

/**
 * Runs `body` with the keywords of one sample attack action replaced (a test card), then puts
 * the sample keywords back.
 */
export function withKeywords<T>(partId: string, actionId: string, keywords: readonly AttackKeyword[], body: () => T): T {
  const action = catalog.parts.get(partId)?.actions.find((a) => a.id === actionId);
  if (!action || action.effect.kind !== "attack") throw new Error(`no attack action ${partId}/${actionId}`);
  const list = action.effect.keywords;
  const saved = [...list];
  list.splice(0, list.length, ...keywords);
  try {
    return body();
  } finally {
    list.splice(0, list.length, ...saved);
  }
}

/** A die of a colour showing a face (a test setting dice by hand). */
export const die = (d: DieResult["die"], face: Face): DieResult => ({ die: d, face });

/**
 * Spotter's longbow (UN p2-m2: 'long-rail', shoot M, 3 yellow + 1 red, snipe, an [eye] triggers
 * impact) at Smelter (RDL p1-m2, link 3) in MOB, the snipe used on the torso (armour 4, structure
 * 2), up to the attacker's reroll; the attack and defence dice are then set to `attack` and
 * `defence` (seed 000 1.2.1 worked examples); `spotter` is the attacker's stance.
 */
export function longbowAtSmelter(attack: DieResult[], defence: DieResult[], spotter: "OFF" | "DEF" = "OFF"): EmberState {
  let state = toAction(deployed(), { "p2-m2": "shoot" });
  state = arrange(state, { "p2-m2": { at: { x: 5, y: 3 }, facing: "S" }, "p1-m2": { at: { x: 5, y: 8 }, facing: "N" }, "p2-m1": { at: { x: 0, y: 0 } } });
  state = edit(state, (s) => {
    mech(s, "p1-m2").stance = "MOB";
    mech(s, "p2-m2").stance = spotter;
  });
  const shoot: EmberCommand = { type: "act", unit: "p2-m2", part: "right_arm", action: "long-rail", target: "p1-m2" };
  const r = play(state, [["p2", shoot], ["p2", USE], ["p2", { type: "choose_hit_part", part: "torso" }]]);
  if (r.state.pending?.kind !== "attack_reroll") throw new Error("the longbow attack does not wait for the attacker's reroll");
  return edit(r.state, (s) => {
    s.attack!.attackDice = attack;
    s.attack!.defenceDice = defence;
  });
}
