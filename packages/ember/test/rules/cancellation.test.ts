/**
 * The defender's cancellation (seed 000_200ff4b7b5d3d570.txt 1.2.1 "방어자의 주사위 결과 상쇄"):
 * which results its [evade]s and [defend]s cancel is the defender's choice, asked when the ways to
 * cancel lead to outcomes neither of which is better in every respect, and taken without asking
 * otherwise. Spotter (p2-m2: longbow rail 'long-rail', shoot M, 3 yellow + 1 red, snipe, an [eye]
 * triggers impact) shoots Smelter (p1-m2: crucible torso armour 4, structure 2; link 3; in MOB it
 * adds 1 blue die for its total evasion 1). The dice are set by hand at the attacker's reroll, so
 * every outcome below is counted by hand.
 */
import { ember, onTimeout, type DieResult, type EmberState } from "../../src";
import { cancelCounts, cancelOptions } from "../../src/cancellation";
import { FACE, mech, must } from "../helpers";
import { DECLINE, die, find, longbowAtSmelter, play } from "./steps";

const blank = (d: DieResult["die"]) => die(d, FACE.blank);

/** Both link rerolls declined: the attack goes on to the cancellation. */
const noRerolls = (state: EmberState) => play(state, [["p2", DECLINE], ["p1", DECLINE]]);

const WHITE_BLANKS = [blank("white"), blank("white"), blank("white"), blank("white")];
const NO_DAMAGE = { evade: { heavy: 1, light: 0, eye: 0, lightning: 0 }, defend: 0 };
const NO_IMPACT = { evade: { heavy: 0, light: 0, eye: 1, lightning: 0 }, defend: 0 };

describe("seed 000 1.2.1 the defender's cancellation", () => {
  test("seed 000 1.2.1: one [evade] against a [heavy] and an [eye] that triggers impact: the defender chooses no penetration and 1 link lost, or a penetration and no link lost; no penetration is the default", () => {
    // Attack: [eye], 2 blanks, red [heavy]. Defence: 4 white blanks, 1 blue [evade].
    const state = longbowAtSmelter([die("yellow", FACE.eye), blank("yellow"), blank("yellow"), die("red", FACE.heavy)], [...WHITE_BLANKS, die("blue", FACE.evade)]);
    const asked = noRerolls(state);
    expect(find(asked.events, "attack_resolved")).toEqual([]);
    expect(ember.pending(asked.state)).toEqual({
      seat: "p1",
      kind: "choose_cancellation",
      rule: "000_200ff4b7b5d3d570.txt 1.2.1",
      options: {
        defender: "p1-m2",
        options: [
          { ...NO_DAMAGE, damage: 0, penetrated: false, hit: false, linkLoss: 1, suppress: false, chain: null },
          { ...NO_IMPACT, damage: 1, penetrated: true, hit: true, linkLoss: 0, suppress: false, chain: null },
        ],
      },
    });
    expect(ember.legalCommands(asked.state, "p1")).toEqual([
      { type: "choose_cancellation", ...NO_DAMAGE },
      { type: "choose_cancellation", ...NO_IMPACT },
    ]);
    // The [evade] on the [eye]: 1 damage penetrates the torso (a damage token); no link lost.
    const pierced = must(asked.state, "p1", { type: "choose_cancellation", ...NO_IMPACT });
    expect(find(pierced.events, "attack_resolved")).toEqual([{ type: "attack_resolved", damage: 1, penetrated: true, hit: true, cancelledByEvade: 0, cancelledByDefend: 0 }]);
    expect(find(pierced.events, "result_triggered")).toEqual([]);
    expect(find(pierced.events, "part_damaged")).toEqual([{ type: "part_damaged", unit: "p1-m2", part: "torso" }]);
    expect(mech(pierced.state, "p1-m2").link).toBe(3);
    // The default, as a run-out clock takes it: the [evade] on the [heavy]; the [eye] costs 1 link.
    const answer = onTimeout(asked.state, "p1");
    expect(answer).toEqual({ type: "choose_cancellation", ...NO_DAMAGE });
    const held = must(asked.state, "p1", answer!);
    expect(find(held.events, "attack_resolved")).toEqual([{ type: "attack_resolved", damage: 0, penetrated: false, hit: false, cancelledByEvade: 1, cancelledByDefend: 0 }]);
    expect(find(held.events, "result_triggered")).toEqual([{ type: "result_triggered", unit: "p1-m2", on: "eye", effect: "impact" }]);
    expect(mech(held.state, "p1-m2").link).toBe(2);
    expect(mech(held.state, "p1-m2").parts.torso.damaged).toBe(false);
    // Not one of the ways offered: 2 evades where 1 was rolled.
    const two = { type: "choose_cancellation" as const, evade: { heavy: 1, light: 0, eye: 1, lightning: 0 }, defend: 0 };
    expect(ember.apply(asked.state, two, "p1")).toMatchObject({ ok: false, error: { code: "invalid_choice" } });
  });

  test("seed 000 1.2.1: a way to cancel that is better in every respect is taken without asking: the [defend] takes the [light] (a hit, but the longbow has no impact) and the [evade] the [eye]: no damage, no link lost", () => {
    // Attack: [light], [eye], blank, red blank. Defence: [defend], 3 white blanks, 1 blue [evade].
    // Evading the [light] instead would leave the [eye] to cost 1 link; evading nothing, the same.
    const state = longbowAtSmelter([die("yellow", FACE.light), die("yellow", FACE.eye), blank("yellow"), blank("red")], [die("white", FACE.defend), blank("white"), blank("white"), blank("white"), die("blue", FACE.evade)]);
    const r = noRerolls(state);
    expect(r.state.pending).toBeNull();
    expect(find(r.events, "attack_resolved")).toEqual([{ type: "attack_resolved", damage: 0, penetrated: false, hit: true, cancelledByEvade: 0, cancelledByDefend: 1 }]);
    expect(find(r.events, "result_triggered")).toEqual([]);
    expect(mech(r.state, "p1-m2").link).toBe(3);
  });

  test("seed 000 1.1, 1.2.1 note: a hollow [heavy] is a result only for an attacker in OFF: from OFF the [evade] weighs it against the [eye]; from DEF there is nothing to weigh and the [evade] takes the [eye]", () => {
    const attack = [die("yellow", FACE.eye), blank("yellow"), blank("yellow"), die("red", FACE.hollowHeavy)];
    const defence = [...WHITE_BLANKS, die("blue", FACE.evade)];
    const off = noRerolls(longbowAtSmelter(attack, defence, "OFF"));
    expect(ember.pending(off.state)).toMatchObject({ seat: "p1", kind: "choose_cancellation" });
    const def = noRerolls(longbowAtSmelter(attack, defence, "DEF"));
    expect(def.state.pending).toBeNull();
    expect(find(def.events, "attack_resolved")).toEqual([{ type: "attack_resolved", damage: 0, penetrated: false, hit: false, cancelledByEvade: 0, cancelledByDefend: 0 }]);
    expect(find(def.events, "result_triggered")).toEqual([]);
    expect(mech(def.state, "p1-m2").link).toBe(3);
  });

  test("seed 000 1.2.1, 1.2.4: with a suppress [eye] and chain damage to follow, the [evade] either stops the suppress (chain damage [heavy] + [light]) or the [heavy] (suppressed, chain damage [light]); without chain damage stopping the suppress is better in every respect", () => {
    // 1 [light], 1 [heavy], 1 triggering [eye]; 1 [evade], no [defend]; the defender in MOB.
    const counts = { lights: 1, heavies: 1, eyes: 1, lightnings: 0, evades: 1, defends: 0 };
    const suppress = [{ on: "eye" as const, effect: "suppress" as const }];
    expect(cancelOptions(counts, { impactOnHit: false, triggers: suppress, chain: true })).toEqual([
      { evade: { heavy: 0, light: 0, eye: 1, lightning: 0 }, defend: 0, damage: 2, penetrated: true, hit: true, linkLoss: 0, suppress: false, chain: { heavy: 1, light: 1 } },
      { evade: { heavy: 1, light: 0, eye: 0, lightning: 0 }, defend: 0, damage: 1, penetrated: true, hit: true, linkLoss: 0, suppress: true, chain: { heavy: 0, light: 1 } },
    ]);
    expect(cancelOptions(counts, { impactOnHit: false, triggers: suppress, chain: false })).toEqual([
      { evade: { heavy: 0, light: 0, eye: 1, lightning: 0 }, defend: 0, damage: 2, penetrated: true, hit: true, linkLoss: 0, suppress: false, chain: null },
    ]);
    // Counting from dice: hollow faces per stance, a double light as 2, an [eye] only when it triggers something.
    const attack = [die("yellow", FACE.doubleLight), die("yellow", FACE.hollowLight), die("yellow", FACE.eye), die("red", FACE.heavy)];
    const defence = [die("white", FACE.hollowDefend), die("blue", FACE.evade)];
    expect(cancelCounts(attack, defence, "OFF", "DEF", [], ["eye"])).toEqual({ lights: 3, heavies: 1, eyes: 1, lightnings: 0, evades: 1, defends: 1 });
    expect(cancelCounts(attack, defence, "MOB", "MOB", [], [])).toEqual({ lights: 2, heavies: 1, eyes: 0, lightnings: 0, evades: 1, defends: 0 });
  });
});
