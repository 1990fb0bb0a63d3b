/**
 * Chain damage (seed 000_200ff4b7b5d3d570.txt 1.2.4, 1.2.4.1): the shotgun target, the attacker's
 * choice when an action has several chain effects, and what does not carry over into chain damage
 * (hit effects) or does (replaced results). No sample action has two chain effects or a chain
 * effect together with impact or a replacement, so some tests give a sample action extra keywords
 * for the test only (`withKeywords`).
 */
import type { EmberCommand, EmberState } from "../../src";
import { arrange, deployed, FACE, mech, must, rejected, toAction, unit, withDice } from "../helpers";
import { DECLINE, find, GOF_VS_UN, play, withKeywords } from "./steps";

/**
 * GOF against UN: Raider (p1-m1, scattergun 'buckshot': shoot S, range 3, 2 yellow + 1 red,
 * shotgun; pilot link 4) acts alone on 'shoot', at (5,8) facing N. Picket (p2-m1) at (5,5) facing S;
 * Spotter (p2-m2) at (6,4), next to Picket; the skylark (p2-d1) at (7,5), 2 squares from Picket;
 * p1's own Warden (p1-m2) at (4,6), next to Picket. Column 5 holds no terrain.
 */
function shotgunStage(places: Parameters<typeof arrange>[1] = {}): EmberState {
  const state = toAction(deployed("shotgun", GOF_VS_UN), { "p1-m1": "shoot" });
  expect(state.activation?.unit).toBe("p1-m1");
  return arrange(state, {
    "p1-m1": { at: { x: 5, y: 8 }, facing: "N" },
    "p2-m1": { at: { x: 5, y: 5 }, facing: "S" },
    "p2-m2": { at: { x: 6, y: 4 }, facing: "S" },
    "p2-d1": { at: { x: 7, y: 5 }, facing: "S" },
    "p1-m2": { at: { x: 4, y: 6 }, facing: "N" },
    ...places,
  });
}

const BUCKSHOT: EmberCommand = { type: "act", unit: "p1-m1", part: "right_arm", action: "buckshot", target: "p2-m1" };

/** RDL against UN: Bulwark (p1-m1, breaker cannon) on 'shoot' at (5,9) facing N; Picket (p2-m1, link 5) at (5,4) facing S. */
function cannonStage(): EmberState {
  const state = toAction(deployed(), { "p1-m1": "shoot" });
  return arrange(state, { "p1-m1": { at: { x: 5, y: 9 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 4 }, facing: "S" } });
}

/** Breaker cannon 'breach-shell': shoot M, range 6, 1 yellow + 3 red, impact, [lightning] -> [heavy]. */
const CANNON: EmberCommand = { type: "act", unit: "p1-m1", part: "right_arm", action: "breach-shell", target: "p2-m1" };

describe("seed 000 4 with 1.2.4.1 B: the attacker's link reroll of the part die in chain damage", () => {
  test("000_200ff4b7b5d3d570.txt 4 (\"공격 시 부품 주사위도 다시 굴릴 수 있습니다\"), 1.2.4.1 B: the attacker rolls the chain's part die, so its mech may spend 1 link to reroll it; then only the defender rerolls its dice", () => {
    // Main attack as in the shotgun test below: Picket's right arm is destroyed, the chain goes to
    // Spotter. The chain's part die is the attacker's roll (1.2.4.1 B): Raider (link 4) is asked.
    const start = shotgunStage();
    withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.blank, part: "right_arm" }, () => {
      const s = play(start, [["p1", BUCKSHOT], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]);
      expect(find(s.events, "chain_damage")).toEqual([{ type: "chain_damage", keyword: "shotgun", target: "p2-m2", damage: 3 }]);
      expect(s.state.attack).toMatchObject({ chain: true, defender: "p2-m2", stage: "part_reroll" });
      expect(s.state.pending).toMatchObject({ seat: "p1", kind: "part_reroll", options: { defender: "p2-m2", roll: "right_arm" } });
      // Bad input changes nothing: the part die is one die (index 0), and the defender is not asked yet.
      expect(rejected(s.state, "p1", { type: "reroll", dice: [1] })).toBe("invalid_reroll");
      expect(rejected(s.state, "p2", DECLINE)).toBe("decision_pending");
      const link = mech(s.state, "p1-m1").link;
      const r = must(s.state, "p1", { type: "reroll", dice: [0] });
      expect(mech(r.state, "p1-m1").link).toBe(link - 1);
      expect(find(r.events, "part_rolled")).toEqual([{ type: "part_rolled", defender: "p2-m2", roll: "right_arm", reroll: true }]);
      expect(find(r.events, "hit_part")[0]).toMatchObject({ defender: "p2-m2", part: "right_arm", how: "roll" });
      // No attack dice in the chain (1.2.4.1 C): next is the defender's reroll only.
      expect(r.state.pending).toMatchObject({ seat: "p2", kind: "defence_reroll" });
      const end = play(r.state, [["p2", DECLINE]]);
      expect(find(end.events, "attack_resolved").map((e) => e.damage)).toEqual([3]);
      expect(end.state.attack).toBeNull();
    });
  });

  test("000_200ff4b7b5d3d570.txt 4: link is never spent to 0: an attacker with 1 link is not asked about the chain's part die", () => {
    const start = shotgunStage();
    withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.blank, part: "right_arm" }, () => {
      const s = play(start, [["p1", BUCKSHOT], ["p1", DECLINE], ["p1", DECLINE]]);
      mech(s.state, "p1-m1").link = 1;
      const r = must(s.state, "p2", DECLINE);
      expect(find(r.events, "chain_damage")).toHaveLength(1);
      expect(r.state.pending).toMatchObject({ seat: "p2", kind: "defence_reroll" });
    });
  });
});

describe("seed 000 1.2.4-1.2.4.1 chain damage: shotgun, several chain effects, no action effects", () => {
  test("seed 000 1.2.4 shotgun: the chain damage hits an enemy within 1 square of the defender (not one 2 squares away, not a friend)", () => {
    // Main attack: 2 [light] + 1 [heavy]; part die 'right_arm': Picket's volley carbine, armour 3,
    // no structure: 3 white blanks, 3 damage, destroyed (link 5 -> 4). The only shotgun target is
    // Spotter, so the chain starts at once with the 3 uncancelled results: part die 'right_arm',
    // the longbow rail (armour 2, no structure): 2 white blanks, 3 damage, destroyed (link 4 -> 3).
    const start = shotgunStage();
    const r = withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.blank, part: "right_arm" }, () =>
      play(start, [
        ["p1", BUCKSHOT],
        ["p1", DECLINE], // part die
        ["p1", DECLINE], // attack dice
        ["p2", DECLINE], // Picket's defence dice
        ["p1", DECLINE], // the attacker's part die in the chain damage (seed 000 4)
        ["p2", DECLINE], // Spotter's defence dice in the chain damage
      ]),
    );
    expect(find(r.events, "chain_damage")).toEqual([{ type: "chain_damage", keyword: "shotgun", target: "p2-m2", damage: 3 }]);
    expect(find(r.events, "dice_rolled").map((e) => [e.side, e.dice.length])).toEqual([["attack", 3], ["defence", 3], ["defence", 2]]);
    expect(find(r.events, "attack_resolved").map((e) => e.damage)).toEqual([3, 3]);
    expect(mech(r.state, "p2-m1").parts.right_arm.destroyed).toBe(true);
    expect(mech(r.state, "p2-m1").link).toBe(4);
    expect(mech(r.state, "p2-m2").parts.right_arm.destroyed).toBe(true);
    expect(mech(r.state, "p2-m2").link).toBe(3);
    expect(unit(r.state, "p2-d1").destroyed).toBe(false);
    expect(mech(r.state, "p1-m2").parts.right_arm.destroyed).toBe(false);
    expect(r.state.attack).toBeNull();
  });

  test("seed 000 1.2.4.1 A: with two enemies next to the defender, the attacker declares the shotgun target", () => {
    // The skylark now also stands next to Picket: two shotgun targets, the attacker picks one.
    const start = shotgunStage({ "p2-d1": { at: { x: 4, y: 4 }, facing: "S" } });
    const r = withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.blank, blue: FACE.blank, part: "right_arm" }, () => {
      const s = play(start, [["p1", BUCKSHOT], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]);
      const pending = s.state.pending;
      expect(pending).toMatchObject({ seat: "p1", kind: "choose_chain" });
      const options = pending?.kind === "choose_chain" ? pending.options.options : [];
      expect([...options].sort((a, b) => a.target.localeCompare(b.target))).toEqual([
        { keyword: "shotgun", target: "p2-d1" },
        { keyword: "shotgun", target: "p2-m2" },
      ]);
      expect(rejected(s.state, "p1", { type: "choose_chain", keyword: "shotgun", target: "p2-m1" })).toBe("invalid_choice");
      // The skylark (armour 1, MOB: 2 blue) takes the 3 results against 1 white + 2 blue blanks: destroyed.
      const chosen = must(s.state, "p1", { type: "choose_chain", keyword: "shotgun", target: "p2-d1" });
      return { state: chosen.state, events: [...s.events, ...chosen.events] };
    });
    expect(find(r.events, "chain_damage")).toEqual([{ type: "chain_damage", keyword: "shotgun", target: "p2-d1", damage: 3 }]);
    expect(find(r.events, "dice_rolled").at(-1)?.dice.map((d) => d.die)).toEqual(["white", "blue", "blue"]);
    expect(unit(r.state, "p2-d1")).toMatchObject({ destroyed: true, at: null });
    expect(mech(r.state, "p2-m2").parts.right_arm.destroyed).toBe(false);
    expect(r.state.attack).toBeNull();
  });

  test("seed 000 1.2.4.1 note: an action with several chain effects (shotgun and rupture) lets the attacker carry out only one of them", () => {
    // Test card: buckshot with both shotgun and rupture. After the penetration of Picket's right
    // arm, rupture may hit Picket again, shotgun may hit Spotter: the attacker picks rupture.
    // Rupture: part die 'right_arm' is destroyed now, so the torso (armour 4, structure 2):
    // 4 white blanks, 3 damage, a damage token. Spotter is not hit.
    const start = shotgunStage();
    const r = withKeywords("gof-scattergun", "buckshot", ["shotgun", "rupture"], () =>
      withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.blank, part: "right_arm" }, () => {
        const s = play(start, [["p1", BUCKSHOT], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]);
        const pending = s.state.pending;
        expect(pending).toMatchObject({ seat: "p1", kind: "choose_chain" });
        const options = pending?.kind === "choose_chain" ? pending.options.options : [];
        expect([...options].sort((a, b) => a.keyword.localeCompare(b.keyword))).toEqual([
          { keyword: "rupture", target: "p2-m1" },
          { keyword: "shotgun", target: "p2-m2" },
        ]);
        expect(rejected(s.state, "p2", { type: "choose_chain", keyword: "rupture", target: "p2-m1" })).toBe("decision_pending");
        const rest = play(s.state, [["p1", { type: "choose_chain", keyword: "rupture", target: "p2-m1" }], ["p1", DECLINE], ["p2", DECLINE]]);
        return { state: rest.state, events: [...s.events, ...rest.events] };
      }),
    );
    expect(find(r.events, "chain_damage")).toEqual([{ type: "chain_damage", keyword: "rupture", target: "p2-m1", damage: 3 }]);
    expect(find(r.events, "hit_part").map((e) => [e.part, e.how])).toEqual([["right_arm", "roll"], ["torso", "torso_fallback"]]);
    expect(mech(r.state, "p2-m1").parts.torso).toMatchObject({ damaged: true, destroyed: false });
    expect(mech(r.state, "p2-m2").parts).toMatchObject({ torso: { damaged: false }, right_arm: { destroyed: false } });
    expect(r.state.attack).toBeNull();
  });

  test("seed 000 1.2.4.1 F: the attacker's hit effects (impact) do not fire in chain damage", () => {
    // Test card: breach-shell with rupture added to impact. 3 [heavy] (the yellow die blank) hit
    // Picket's arc baton (part die 'left_arm': armour 3, no structure): 3 white blanks, a hit:
    // impact (link 5 -> 4), then the arm is destroyed (4 -> 3). Rupture: part die 'left_arm' is
    // destroyed, so the torso: 4 white blanks, 3 damage, a hit again, but no impact: link stays 3.
    const start = cannonStage();
    const r = withKeywords("rdl-breaker-cannon", "breach-shell", ["impact", "rupture"], () =>
      withDice({ yellow: FACE.blank, red: FACE.heavy, white: FACE.blank, part: "left_arm" }, () =>
        play(start, [["p1", CANNON], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]),
      ),
    );
    expect(find(r.events, "chain_damage")).toEqual([{ type: "chain_damage", keyword: "rupture", target: "p2-m1", damage: 3 }]);
    expect(find(r.events, "attack_resolved").map((e) => [e.damage, e.hit])).toEqual([[3, true], [3, true]]);
    expect(find(r.events, "link_changed").map((e) => [e.unit, e.link, e.reason])).toEqual([
      ["p2-m1", 4, "impact"],
      ["p2-m1", 3, "part_destroyed"],
    ]);
    expect(mech(r.state, "p2-m1").link).toBe(3);
    expect(mech(r.state, "p2-m1").parts.torso).toMatchObject({ damaged: true, destroyed: false });
  });

  test("seed 000 1.2.4.1 note: results replaced in the attack stay replaced in the chain damage", () => {
    // Test card: breach-shell with rupture added. 4 [lightning] are replaced by 4 [heavy] (4
    // dice_replaced events). Against 3 white [defend] (arc baton, armour 3) none is cancelled
    // ([defend] cancels only [light]): 4 damage, the arm is destroyed. The chain damage is the 4
    // [heavy]: against the torso's 4 white [defend] it still deals 4 damage (as [lightning] it would
    // deal none, as [light] all 4 would be cancelled), and nothing is replaced again.
    const start = cannonStage();
    const r = withKeywords("rdl-breaker-cannon", "breach-shell", ["impact", "rupture"], () =>
      withDice({ yellow: FACE.lightning, red: FACE.lightning, white: FACE.defend, part: "left_arm" }, () =>
        play(start, [["p1", CANNON], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]),
      ),
    );
    expect(find(r.events, "dice_replaced").map((e) => [e.index, e.from.result, e.to.result])).toEqual([
      [0, "lightning", "heavy"],
      [1, "lightning", "heavy"],
      [2, "lightning", "heavy"],
      [3, "lightning", "heavy"],
    ]);
    expect(find(r.events, "chain_damage")).toEqual([{ type: "chain_damage", keyword: "rupture", target: "p2-m1", damage: 4 }]);
    expect(find(r.events, "dice_rolled").map((e) => [e.side, e.dice.length])).toEqual([["attack", 4], ["defence", 3], ["defence", 4]]);
    expect(find(r.events, "attack_resolved").map((e) => [e.damage, e.cancelledByDefend])).toEqual([[4, 0], [4, 0]]);
    expect(mech(r.state, "p2-m1").parts.left_arm.destroyed).toBe(true);
    expect(mech(r.state, "p2-m1").parts.torso).toMatchObject({ damaged: true, destroyed: false });
  });
});
