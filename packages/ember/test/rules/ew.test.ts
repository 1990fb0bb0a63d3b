/**
 * Electronic warfare (seed 000_200ff4b7b5d3d570.txt 5, 5.1, 5.2) and link loss from electronic
 * attacks (4). p1 is RDL: "Howler" (bastion torso EW 1, ironstep chassis EW 0, pile fist EW 0,
 * howler emitter EW 2 with 'howl': electronic attack, shoot S, range 3, transmission strength +2,
 * link loss 1; EW value 3) and "Smelter" (crucible torso 1, ironstep 0, cinder axe 0, rivet
 * repeater 1: EW value 2), and a scrap tortoise drone (EW '-'). p2 is UN: "Ghost" (mirage core
 * EW 2 with 'static-lash': electronic attack, shoot S, range 5, strength +1, link loss 1, and the
 * 'feedback-loop' passive; gyro striders 1; veil projector 2 with 'mirage-veil': optical
 * camouflage, quick S, silent, concealment 2, and 'ghost-shroud': electronic support, tactical S,
 * silent, range 3, a low-observable token; longbow rail 1: EW value 6) and
 * "Picket", and a skylark drone (EW 0). Yellow faces are forced with `withDice`, so every count
 * below is done by hand: with every face a [lightning], the side rolling more dice wins.
 */
import { seatViewer } from "@fogwar/engine";
import { canCastEw, catalog, ember, ewCount, ewStanding, ewValue, ewWinner, type DieResult, type EmberCommand, type EmberState } from "../../src";
import { FACE, arrange, deployed, edit, mech, must, rejected, toAction, unit, withDice } from "../helpers";
import { EW_SETUP, RDL_EW, until } from "./ew-armies";
import { find, mustEw } from "./steps";

const yellow = (face: DieResult["face"]): DieResult => ({ die: "yellow", face });

/** Ghost (p2-m1) on `timing`, at (5,3) facing S; Smelter (p1-m2) at (5,6) facing N, the rest far away. */
function ghostActs(timing: "shoot" | "tactical" | "quick"): EmberState {
  const state = until(toAction(deployed("ew-seed", EW_SETUP), { "p2-m1": timing }), "p2-m1");
  return arrange(state, { "p2-m1": { at: { x: 5, y: 3 }, facing: "S" }, "p1-m2": { at: { x: 5, y: 6 }, facing: "N" } });
}

const lash = (target: string): EmberCommand => ({ type: "act", unit: "p2-m1", part: "torso", action: "static-lash", target });

describe("seed 000 5.2 EW values and the EW roll", () => {
  test("seed 000 5.2: a mech's EW value is the sum of its intact parts' EW values; '-' parts add nothing; a drone has its card's value", () => {
    const state = deployed("ew-seed", EW_SETUP);
    expect(ewValue(unit(state, "p2-m1"))).toBe(2 + 1 + 2 + 1);
    expect(ewValue(unit(state, "p1-m1"))).toBe(1 + 0 + 0 + 2);
    expect(ewValue(unit(state, "p1-m2"))).toBe(1 + 0 + 0 + 1);
    expect(ewValue(unit(state, "p1-d1"))).toBeNull();
    expect(ewValue(unit(state, "p2-d1"))).toBe(0);
    // Destroyed parts give no EW (seed 000 1.2.3: a destroyed part gives no values).
    const hurt = edit(state, (s) => { mech(s, "p2-m1").parts.left_arm.destroyed = true; });
    expect(ewValue(unit(hurt, "p2-m1"))).toBe(4);
    // Bulwark's slab shield is '-', the rest 1 + 0 + 0: the '-' part adds nothing.
    const bulwark = deployed("ew-seed", { ...EW_SETUP, armies: { ...EW_SETUP.armies, p1: { ...RDL_EW, units: [{ kind: "mech", parts: { torso: "rdl-bastion-torso", chassis: "rdl-crawler-chassis", left_arm: "rdl-slab-shield", right_arm: "rdl-breaker-cannon" }, pilot: "rdl-han-dolseok" }] } } });
    expect(ewValue(unit(bulwark, "p1-m1"))).toBe(1);
  });

  test("seed 000 5.2: more [lightning] wins; with equal lightning more [light] wins; with both equal the caster wins", () => {
    expect(ewWinner({ lightning: 2, lights: 0 }, { lightning: 1, lights: 3 })).toBe("caster");
    expect(ewWinner({ lightning: 1, lights: 3 }, { lightning: 2, lights: 0 })).toBe("responder");
    expect(ewWinner({ lightning: 1, lights: 1 }, { lightning: 1, lights: 2 })).toBe("responder");
    expect(ewWinner({ lightning: 1, lights: 2 }, { lightning: 1, lights: 1 })).toBe("caster");
    expect(ewWinner({ lightning: 1, lights: 1 }, { lightning: 1, lights: 1 })).toBe("caster");
    expect(ewWinner({ lightning: 0, lights: 0 }, { lightning: 0, lights: 0 })).toBe("caster");
  });

  test("seed 000 5.2 note: hollow faces of EW dice count in OFF only; a double light counts 2", () => {
    const dice = [yellow(FACE.lightning), yellow(FACE.hollowLight), yellow(FACE.light), yellow(FACE.doubleLight), yellow(FACE.eye)];
    expect(ewCount(dice, "OFF")).toEqual({ lightning: 1, lights: 4 });
    expect(ewCount(dice, "DEF")).toEqual({ lightning: 1, lights: 3 });
    expect(ewCount(dice, "MOB")).toEqual({ lightning: 1, lights: 3 });
    // Against 1 lightning and 4 lights: in DEF the caster's 3 lights lose; in OFF its 4 lights tie, and a tie goes to the caster.
    expect(ewWinner(ewCount(dice, "DEF"), { lightning: 1, lights: 4 })).toBe("responder");
    expect(ewWinner(ewCount(dice, "OFF"), { lightning: 1, lights: 4 })).toBe("caster");
  });

  test("seed 000 5.2: EW 0 and '-' cannot cast; EW 0 can be targeted, '-' cannot", () => {
    const state = ghostActs("shoot");
    expect(canCastEw(unit(state, "p2-d1"))).toBe(false);
    expect(canCastEw(unit(state, "p1-d1"))).toBe(false);
    expect(canCastEw(unit(state, "p2-m1"))).toBe(true);
    // The scrap tortoise is '-': not a target.
    const near = arrange(state, { "p1-d1": { at: { x: 6, y: 5 } } });
    expect(rejected(near, "p2", lash("p1-d1"))).toBe("invalid_target");
    // A mech whose parts all have EW 0 cannot cast: Ghost with every part's EW set to 0.
    const saved = ["un-mirage-core", "un-gyro-striders", "un-veil-projector", "un-longbow-rail"].map((id) => [catalog.parts.get(id)!, catalog.parts.get(id)!.ew] as const);
    try {
      for (const [part] of saved) (part as { ew: number | null }).ew = 0;
      expect(ewValue(unit(state, "p2-m1"))).toBe(0);
      expect(rejected(state, "p2", lash("p1-m2"))).toBe("no_ew");
    } finally {
      for (const [part, ew] of saved) (part as { ew: number | null }).ew = ew;
    }
  });
});

describe("seed 000 5.1 electronic attack and support; seed 000 4 link loss", () => {
  test("seed 000 5.1, 5.2, 4: an electronic attack rolls EW value + transmission strength against the target's EW value; on success the target loses link", () => {
    // Every yellow face a lightning: Ghost 6 + 1 = 7 lightning, Smelter 2: the caster wins.
    const state = ghostActs("shoot");
    const r = withDice({ yellow: FACE.lightning }, () => mustEw(state, "p2", lash("p1-m2")));
    const [roll] = find(r.events, "ew_roll");
    expect(roll).toMatchObject({ purpose: "electronic_attack", caster: "p2-m1", responder: "p1-m2", casterLightning: 7, responderLightning: 2, winner: "caster" });
    expect(roll!.casterDice).toHaveLength(7);
    expect(roll!.responderDice).toHaveLength(2);
    expect(find(r.events, "link_changed")).toEqual([{ type: "link_changed", unit: "p1-m2", link: 2, reason: "electronic_attack" }]);
    expect(mech(r.state, "p1-m2").link).toBe(2);
    // The Ghost's "on EW success" passive fired (its link is already full: no change).
    expect(find(r.events, "passive_triggered")).toEqual([{ type: "passive_triggered", unit: "p2-m1", part: "torso", passive: "feedback-loop" }]);
  });

  test("seed 000 5.2: the responder wins with more [lightning]: nothing happens to it, and its own 'on EW success' passive fires (seed 000 5.2 note)", () => {
    // Howler (p1-m1) howls at the Ghost: 3 + 2 = 5 lightning against 6: the responder wins.
    let state = toAction(deployed("ew-seed", EW_SETUP), { "p1-m1": "shoot" });
    expect(state.activation?.unit).toBe("p1-m1");
    state = arrange(state, { "p1-m1": { at: { x: 5, y: 6 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 4 }, facing: "S" } });
    state = edit(state, (s) => { mech(s, "p2-m1").link = 2; });
    const r = withDice({ yellow: FACE.lightning }, () => mustEw(state, "p1", { type: "act", unit: "p1-m1", part: "right_arm", action: "howl", target: "p2-m1" }));
    expect(find(r.events, "ew_roll")[0]).toMatchObject({ caster: "p1-m1", responder: "p2-m1", casterLightning: 5, responderLightning: 6, winner: "responder" });
    expect(find(r.events, "passive_triggered")).toEqual([{ type: "passive_triggered", unit: "p2-m1", part: "torso", passive: "feedback-loop" }]);
    expect(find(r.events, "link_changed")).toEqual([{ type: "link_changed", unit: "p2-m1", link: 3, reason: "passive" }]);
    // All blank: 0 against 0 lightning and lights: the caster wins, and the Ghost loses 1 link.
    const tie = withDice({ yellow: FACE.blank }, () => mustEw(state, "p1", { type: "act", unit: "p1-m1", part: "right_arm", action: "howl", target: "p2-m1" }));
    expect(find(tie.events, "ew_roll")[0]).toMatchObject({ casterLightning: 0, casterLights: 0, responderLightning: 0, responderLights: 0, winner: "caster" });
    expect(mech(tie.state, "p2-m1").link).toBe(1);
  });

  test("seed 000 5.1: electronic warfare ignores terrain and line of sight, but not range; an EW 0 target rolls no dice", () => {
    // Depot-north (3,3),(4,3),(3,4) blocks sight from (2,2) to (4,4); static-lash reaches anyway.
    let state = ghostActs("shoot");
    state = arrange(state, { "p2-m1": { at: { x: 2, y: 2 }, facing: "S" }, "p1-m2": { at: { x: 4, y: 5 }, facing: "N" } });
    const r = withDice({ yellow: FACE.lightning }, () => mustEw(state, "p2", lash("p1-m2")));
    expect(find(r.events, "ew_roll")[0]?.winner).toBe("caster");
    // Range 5: (5,3) to (5,9) is 6 squares.
    const far = arrange(ghostActs("shoot"), { "p1-m2": { at: { x: 5, y: 9 } } });
    expect(rejected(far, "p2", lash("p1-m2"))).toBe("out_of_range");
  });

  test("seed 000 4: link lost to an electronic attack can reach 0, and the mech shuts down", () => {
    const state = edit(ghostActs("shoot"), (s) => { mech(s, "p1-m2").link = 1; });
    const r = withDice({ yellow: FACE.lightning }, () => mustEw(state, "p2", lash("p1-m2")));
    expect(find(r.events, "link_changed")).toEqual([{ type: "link_changed", unit: "p1-m2", link: 0, reason: "electronic_attack" }]);
    expect(find(r.events, "stance_changed")).toEqual([{ type: "stance_changed", unit: "p1-m2", stance: "SHUTDOWN", reason: "link_zero" }]);
  });

  test("seed 000 5.1: electronic support gives a friendly unit within range, itself included, a low-observable token, with no roll", () => {
    let state = ghostActs("tactical");
    state = arrange(state, { "p2-m2": { at: { x: 7, y: 3 } } });
    const self = must(state, "p2", { type: "act", unit: "p2-m1", part: "left_arm", action: "ghost-shroud", target: "p2-m1" });
    expect(find(self.events, "ew_roll")).toEqual([]);
    expect(find(self.events, "lo_token")).toEqual([{ type: "lo_token", unit: "p2-m1", on: true, reason: "support" }]);
    expect(unit(self.state, "p2-m1").loToken).toBe(true);
    const friend = must(state, "p2", { type: "act", unit: "p2-m1", part: "left_arm", action: "ghost-shroud", target: "p2-m2" });
    expect(unit(friend.state, "p2-m2").loToken).toBe(true);
    expect(rejected(state, "p2", { type: "act", unit: "p2-m1", part: "left_arm", action: "ghost-shroud", target: "p1-m2" })).toBe("invalid_target");
    const far = arrange(state, { "p2-m2": { at: { x: 9, y: 3 } } });
    expect(rejected(far, "p2", { type: "act", unit: "p2-m1", part: "left_arm", action: "ghost-shroud", target: "p2-m2" })).toBe("out_of_range");
  });
});

describe("seed 000 4, 5.2 link rerolls in EW rolls", () => {
  const decline: EmberCommand = { type: "reroll", dice: [] };

  test("seed 000 4, 5.2: in an EW roll the caster may spend 1 link to reroll its dice first, then the responder; only the chosen dice are rerolled and the roll is settled after both", () => {
    // Ghost (link 4) lashes Smelter (link 3): 6 + 1 = 7 caster dice, 2 responder dice, all [eye]:
    // 0 lightning and 0 lights each, a tie the caster would win.
    const state = ghostActs("shoot");
    const lashed = withDice({ yellow: FACE.eye }, () => must(state, "p2", lash("p1-m2")));
    expect(find(lashed.events, "ew_roll")).toEqual([]);
    expect(lashed.state.pending).toEqual({
      seat: "p2",
      kind: "ew_reroll",
      rule: "000_200ff4b7b5d3d570.txt 4, 5.2",
      options: { side: "caster", unit: "p2-m1", dice: 7, purpose: "electronic_attack" },
    });
    expect(ember.legalCommands(lashed.state, "p2")).toContainEqual({ type: "reroll", dice: [6] });
    expect(rejected(lashed.state, "p2", { type: "reroll", dice: [7] })).toBe("invalid_reroll");
    expect(rejected(lashed.state, "p1", decline)).toBe("decision_pending");
    // The caster declines; the responder is asked next, with its 2 dice.
    const asked = must(lashed.state, "p2", decline);
    expect(asked.events).toEqual([]);
    expect(asked.state.pending).toMatchObject({ seat: "p1", kind: "ew_reroll", options: { side: "responder", unit: "p1-m2", dice: 2 } });
    // The responder rerolls its first die to a [lightning]: 1 lightning against 0, the responder wins.
    const r = withDice({ yellow: FACE.lightning }, () => must(asked.state, "p1", { type: "reroll", dice: [0] }));
    expect(r.events[0]).toEqual({ type: "link_changed", unit: "p1-m2", link: 2, reason: "reroll" });
    expect(find(r.events, "ew_rerolled")).toEqual([
      { type: "ew_rerolled", side: "responder", unit: "p1-m2", indices: [0], before: [yellow(FACE.eye), yellow(FACE.eye)], dice: [yellow(FACE.lightning), yellow(FACE.eye)] },
    ]);
    expect(find(r.events, "ew_roll")[0]).toMatchObject({ casterLightning: 0, responderLightning: 1, winner: "responder" });
    // No link loss from the lash: the Smelter's only change is the link it spent.
    expect(mech(r.state, "p1-m2").link).toBe(2);
    expect(r.state.ewRoll).toBeUndefined();
    expect(r.state.pending).toBeNull();
  });

  test("seed 000 4, 5.2: the caster's reroll turns a lost EW roll into a success: the electronic attack's effects and the caster's 'on EW success' passive follow the final dice", () => {
    const state = ghostActs("shoot");
    const lashed = withDice({ yellow: FACE.blank }, () => must(state, "p2", lash("p1-m2")));
    // The Smelter's dice read [lightning, blank]: 1 lightning against the Ghost's 0, the responder leads.
    const arranged = edit(lashed.state, (s) => { s.ewRoll!.responderDice[0] = yellow(FACE.lightning); });
    // The Ghost rerolls its dice 1 and 3 to [lightning]: 2 lightning against 1, the caster leads; link 4 -> 3.
    const rerolled = withDice({ yellow: FACE.lightning }, () => must(arranged, "p2", { type: "reroll", dice: [0, 2] }));
    expect(rerolled.events).toEqual([
      { type: "link_changed", unit: "p2-m1", link: 3, reason: "reroll" },
      {
        type: "ew_rerolled",
        side: "caster",
        unit: "p2-m1",
        indices: [0, 2],
        before: Array(7).fill(yellow(FACE.blank)),
        dice: [yellow(FACE.lightning), yellow(FACE.blank), yellow(FACE.lightning), ...Array(4).fill(yellow(FACE.blank))],
      },
    ]);
    // The Smelter declines: the roll settles, 2 against 1: the Smelter loses 1 link; the Ghost's
    // feedback loop gives back the link it spent.
    const r = must(rerolled.state, "p1", decline);
    expect(find(r.events, "ew_roll")[0]).toMatchObject({ casterLightning: 2, responderLightning: 1, winner: "caster" });
    expect(find(r.events, "link_changed")).toEqual([
      { type: "link_changed", unit: "p2-m1", link: 4, reason: "passive" },
      { type: "link_changed", unit: "p1-m2", link: 2, reason: "electronic_attack" },
    ]);
  });

  test("seed 000 4: link is never spent to 0 in an EW roll: a mech with 1 link is not asked, and the roll settles at once when neither side can reroll", () => {
    const state = edit(ghostActs("shoot"), (s) => { mech(s, "p1-m2").link = 1; });
    const lashed = withDice({ yellow: FACE.lightning }, () => must(state, "p2", lash("p1-m2")));
    expect(lashed.state.pending?.options).toMatchObject({ side: "caster" });
    const r = must(lashed.state, "p2", decline);
    expect(find(r.events, "ew_roll")[0]).toMatchObject({ winner: "caster" });
    expect(mech(r.state, "p1-m2").link).toBe(0);
    // Neither side able to spend link: the lash is settled in the same command, as before rerolls existed.
    const both = edit(state, (s) => { mech(s, "p2-m1").link = 1; });
    const once = withDice({ yellow: FACE.lightning }, () => must(both, "p2", lash("p1-m2")));
    expect(once.state.pending).toBeNull();
    expect(find(once.events, "ew_roll")[0]).toMatchObject({ casterLightning: 7, responderLightning: 2, winner: "caster" });
  });
});

describe("seed 000 5.2: how an EW roll's dice stand at a reroll prompt", () => {
  test("each side counted in its stance and the winner as the settled roll will have them, for either seat's view", () => {
    const state = ghostActs("shoot");
    const viewOf = (st: EmberState, seat: string) => ember.viewFor(st, seatViewer(seat));
    expect(ewStanding(viewOf(state, "p2"))).toBeNull();
    // Every face an [eye]: nothing counted on either side, a tie the caster wins.
    const lashed = withDice({ yellow: FACE.eye }, () => must(state, "p2", lash("p1-m2")));
    const none = { lightning: 0, lights: 0 };
    expect(ewStanding(viewOf(lashed.state, "p2"))).toEqual({ caster: none, responder: none, winner: "caster" });
    // The Smelter's first die a [lightning], its second a [light]: 1 lightning against 0, the responder leads.
    const arranged = edit(lashed.state, (s) => { s.ewRoll!.responderDice[0] = yellow(FACE.lightning); s.ewRoll!.responderDice[1] = yellow(FACE.light); });
    const standing = { caster: none, responder: { lightning: 1, lights: 1 }, winner: "responder" };
    expect(ewStanding(viewOf(arranged, "p2"))).toEqual(standing);
    expect(ewStanding(viewOf(arranged, "p1"))).toEqual(standing);
    // Nobody rerolls: the roll settles exactly as the standing said.
    const asked = must(arranged, "p2", { type: "reroll", dice: [] });
    expect(ewStanding(viewOf(asked.state, "p1"))).toEqual(standing);
    const settled = must(asked.state, "p1", { type: "reroll", dice: [] });
    expect(find(settled.events, "ew_roll")[0]).toMatchObject({ casterLightning: 0, casterLights: 0, responderLightning: 1, responderLights: 1, winner: "responder" });
    expect(ewStanding(viewOf(settled.state, "p1"))).toBeNull();
  });
});
