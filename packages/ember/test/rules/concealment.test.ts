/**
 * Concealment (seed 000_200ff4b7b5d3d570.txt 6): low-observable (6.1), optical camouflage as
 * hidden information (6.2), silence (6.3), detection (6.4) and the common actions detect (2.4)
 * and decloak (2.5). The armies are those of ew.test.ts: p2's "Ghost" (p2-m1, EW 6) carries the
 * veil projector (left arm: 'mirage-veil', quick S, silent, concealment 2); p1's "Smelter"
 * (p1-m2, EW 2) shoots 'rivet-hail' (shoot S, range 5); p1's "Howler" (p1-m1, EW 3).
 * Yellow faces are forced: all [lightning] makes the side with more dice win; all blank ties,
 * and a tie goes to the caster (seed 000 5.2).
 */
import { omniscient, onlySeats, seatViewer, spectator, teamViewer, type SeatId, type Square } from "@fogwar/engine";
import { ember, hiddenSquareOptions, legalCommands, type EmberCommand, type EmberSetup, type EmberState, type MechState } from "../../src";
import { penetrate } from "../../src/damage";
import { Ctx } from "../../src/context";
import { camouflageOn, checkContact } from "../../src/concealment";
import { FACE, RDL, UN, arrange, deployed, edit, fresh, must, rejected, toAction, unit, withDice } from "../helpers";
import { EW_SETUP, UN_EW, until } from "./ew-armies";
import { find, mustEw } from "./steps";

const veil = (hidden?: Square): EmberCommand => ({ type: "act", unit: "p2-m1", part: "left_arm", action: "mirage-veil", ...(hidden ? { hidden } : {}) });
const MARKER = { x: 5, y: 3 };

/** Ghost (p2-m1) quick at (5,3) facing S, Smelter (p1-m2) shoot at (5,6) facing N. */
function stage(): EmberState {
  const state = until(toAction(deployed("ew-seed", EW_SETUP), { "p2-m1": "quick", "p1-m2": "shoot" }), "p2-m1");
  return arrange(state, { "p2-m1": { at: MARKER, facing: "S" }, "p1-m2": { at: { x: 5, y: 6 }, facing: "N" } });
}

/** The Ghost camouflaged with its real square at `hidden`, its activation over: Smelter to act. */
function cloakedThenSmelter(hidden: Square): EmberState {
  let state = must(stage(), "p2", veil(hidden)).state;
  state = must(state, "p2", { type: "end_activation", unit: "p2-m1" }).state;
  return until(state, "p1-m2");
}

/** Puts optical camouflage on a unit directly (a test arranging a situation). */
function cloak(state: EmberState, id: string, hidden: Square, concealment = 2): EmberState {
  return edit(state, (s) => {
    const u = s.units.find((x) => x.id === id)!;
    u.camouflage = { concealment, part: "left_arm" };
    s.concealed = { ...(s.concealed ?? {}), [id]: hidden };
  });
}

const rivet = (target: string): EmberCommand => ({ type: "act", unit: "p1-m2", part: "right_arm", action: "rivet-hail", target });

describe("seed 000 6.2 optical camouflage: hidden information", () => {
  test("seed 000 6.2: camouflage on: the marker stays public, the real square (within concealment 2) reaches only its owner, in the view and in the events", () => {
    const state = stage();
    const result = ember.apply(state, veil({ x: 6, y: 5 }), "p2");
    if (!result.ok) throw new Error(result.error.code);
    const events = result.events;
    expect(events.map((e) => e.event.type)).toEqual(["action_taken", "camouflage_on", "concealment_set"]);
    const secret = events[2]!;
    expect(secret.audience).toEqual(onlySeats("p2"));
    expect(ember.redact(secret, seatViewer("p1"))).toBeNull();
    expect(ember.redact(secret, spectator)).toBeNull();
    expect(ember.redact(secret, seatViewer("p2"))).toEqual({ type: "concealment_set", unit: "p2-m1", at: { x: 6, y: 5 } });
    const next = result.state;
    expect(unit(next, "p2-m1").at).toEqual(MARKER);
    expect(unit(next, "p2-m1").camouflage).toEqual({ concealment: 2, part: "left_arm" });
    expect(ember.viewFor(next, seatViewer("p2")).concealed).toEqual({ "p2-m1": { x: 6, y: 5 } });
    for (const viewer of [seatViewer("p1"), spectator]) {
      const view = ember.viewFor(next, viewer);
      expect(view.concealed).toBeUndefined();
      expect(JSON.stringify(view)).not.toContain('"concealed"');
      expect(view.units.find((u) => u.id === "p2-m1")?.at).toEqual(MARKER);
    }
    // The real square lies within the concealment value of the marker, on a square that can hold the unit.
    expect(rejected(state, "p2", veil({ x: 5, y: 6 }))).toBe("invalid_hidden_square");
    expect(rejected(state, "p2", veil({ x: 8, y: 3 }))).toBe("invalid_hidden_square");
    expect(rejected(state, "p2", veil())).toBe("malformed_command");
    // The owner's legal commands list each allowed real square: the 5 x 5 squares around the marker (the Smelter is 3 away).
    const hiddenChoices = legalCommands(state, "p2").filter((c) => c.type === "act" && c.action === "mirage-veil");
    // Depot-north's impassable (3,3), (4,3) and (3,4) are not among them: 25 - 3.
    expect(hiddenChoices).toHaveLength(22);
    expect(hiddenChoices).not.toContainEqual(expect.objectContaining({ hidden: { x: 4, y: 3 } }));
  });

  test("seed 000 6.2: an attack on a camouflaged unit must detect first; a failed detection fails the attack with the attacker's costs paid", () => {
    const state = cloakedThenSmelter({ x: 6, y: 5 });
    // Smelter 2 dice against the Ghost's 6, all [lightning]: the responder wins.
    const r = withDice({ yellow: FACE.lightning }, () => mustEw(state, "p1", rivet("p2-m1")));
    expect(find(r.events, "ew_roll")[0]).toMatchObject({ purpose: "detect_before_attack", caster: "p1-m2", responder: "p2-m1", casterLightning: 2, responderLightning: 6, winner: "responder" });
    expect(find(r.events, "attack_failed")).toEqual([{ type: "attack_failed", attacker: "p1-m2", defender: "p2-m1", reason: "not_detected" }]);
    expect(find(r.events, "attack_declared")).toEqual([]);
    expect(r.state.activation?.actionsTaken).toEqual(["right_arm:rivet-hail"]);
    expect(r.state.activation?.ticks).toBe(2);
    expect(unit(r.state, "p2-m1").camouflage).not.toBeNull();
    expect(ember.viewFor(r.state, seatViewer("p1")).concealed).toBeUndefined();
  });

  test("seed 000 6.2: a successful detection decloaks the unit by exposure displacement onto its real square; the attack goes on only if it can still reach the target", () => {
    // All blank: 0 against 0, the caster (attacker) wins.
    // Real square (6,4): 2 squares from the Smelter at (5,6), in range and in front.
    const near = cloakedThenSmelter({ x: 6, y: 4 });
    const r = withDice({ yellow: FACE.blank, red: FACE.blank }, () => mustEw(near, "p1", rivet("p2-m1")));
    expect(find(r.events, "ew_roll")[0]?.winner).toBe("caster");
    expect(find(r.events, "decloaked")).toEqual([{ type: "decloaked", unit: "p2-m1", from: MARKER, to: { x: 6, y: 4 }, reason: "detected" }]);
    expect(find(r.events, "attack_declared")[0]).toMatchObject({ attacker: "p1-m2", defender: "p2-m1" });
    expect(unit(r.state, "p2-m1").at).toEqual({ x: 6, y: 4 });
    expect(r.state.concealed).toEqual({});
    // Real square (3,1), and the Smelter at (9,6): the marker (5,3) is 4 away, in range 5; the real square is 6 away.
    const away = arrange(cloakedThenSmelter({ x: 3, y: 1 }), { "p1-m2": { at: { x: 9, y: 6 }, facing: "N" } });
    const far = withDice({ yellow: FACE.blank }, () => mustEw(away, "p1", rivet("p2-m1")));
    expect(find(far.events, "decloaked")[0]?.to).toEqual({ x: 3, y: 1 });
    expect(find(far.events, "attack_failed")).toEqual([{ type: "attack_failed", attacker: "p1-m2", defender: "p2-m1", reason: "cannot_reach" }]);
    expect(far.state.activation?.actionsTaken).toEqual(["right_arm:rivet-hail"]);
  });

  test("seed 000 6.2: a unit with EW 0 or '-' cannot target a camouflaged unit (the scrap tortoise drone is '-')", () => {
    let state = cloak(deployed("ew-seed", EW_SETUP), "p2-m1", { x: 6, y: 4 });
    state = arrange(state, { "p2-m1": { at: MARKER }, "p1-d1": { at: { x: 5, y: 5 }, facing: "N" } });
    expect(rejected(state, "p1", { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "action", target: "p2-m1" } })).toBe("no_ew");
  });

  test("seed 000 6.2: exposure displacement onto an occupied real square puts the unit on the nearest free square within its concealment of the marker", () => {
    let state = cloakedThenSmelter({ x: 5, y: 5 });
    state = arrange(state, { "p1-m1": { at: { x: 5, y: 5 }, facing: "N" } });
    const r = withDice({ yellow: FACE.blank, red: FACE.blank }, () => mustEw(state, "p1", rivet("p2-m1")));
    // (5,5) is taken: the nearest free squares one away, first by row then column: (4,4).
    expect(find(r.events, "decloaked")[0]).toMatchObject({ from: MARKER, to: { x: 4, y: 4 } });
  });

  test("seed 000 6.2 hidden information: an enemy's move onto the real square is answered exactly as anywhere else (the real square holds nothing public)", () => {
    const base = arrange(deployed("ew-seed", EW_SETUP), { "p2-m1": { at: { x: 5, y: 1 } }, "p1-d1": { at: { x: 5, y: 5 }, facing: "N" } });
    const a = cloak(base, "p2-m1", { x: 5, y: 3 });
    const b = cloak(base, "p2-m1", { x: 4, y: 2 });
    const move: EmberCommand = { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "move", to: { x: 5, y: 3 }, facing: "N" } };
    const ea = ember.apply(a, move, "p1");
    const eb = ember.apply(b, move, "p1");
    if (!ea.ok || !eb.ok) throw new Error("rejected");
    // The drone ends 2 squares from the marker (5,1): no contact, nothing is revealed.
    expect(ea.events.map((e) => e.event.type)).not.toContain("decloaked");
    for (const viewer of [seatViewer("p1"), spectator]) {
      expect(ea.events.map((e) => ember.redact(e, viewer))).toEqual(eb.events.map((e) => ember.redact(e, viewer)));
      expect(ember.viewFor(ea.state, viewer)).toEqual(ember.viewFor(eb.state, viewer));
    }
    expect(legalCommands(a, "p1")).toEqual(legalCommands(b, "p1"));
  });
});

describe("seed 000 4, 5.2, 6.2 link rerolls in the detection roll before an attack", () => {
  const decline: EmberCommand = { type: "reroll", dice: [] };
  const others = [seatViewer("p1"), spectator];

  /** What the attacker's seat and a spectator are shown of a state: views, awaited seats, the pending decision, p1's legal commands. */
  const shown = (state: EmberState) => ({
    views: others.map((v) => ember.viewFor(state, v)),
    awaiting: ember.awaiting(state),
    pending: state.pending,
    legal: legalCommands(state, "p1"),
  });

  test("seed 000 4, 5.2, 6.2: the attacker is asked for its reroll, then the camouflaged unit's owner, with the same questions wherever the real square is; the real square counts only when the roll decloaks", () => {
    // Smelter (link 3, EW 2) shoots at the camouflaged Ghost (link 4, EW 6), its real square at
    // (6,4) or at (4,5): all [blank], 0 against 0, a tie the attacker would win.
    const near = cloakedThenSmelter({ x: 6, y: 4 });
    const other = cloakedThenSmelter({ x: 4, y: 5 });
    const a = withDice({ yellow: FACE.blank }, () => must(near, "p1", rivet("p2-m1")));
    const b = withDice({ yellow: FACE.blank }, () => must(other, "p1", rivet("p2-m1")));
    expect(a.state.pending).toMatchObject({ seat: "p1", kind: "ew_reroll", options: { side: "caster", unit: "p1-m2", dice: 2, purpose: "detect_before_attack" } });
    expect(find(a.events, "attack_declared")).toEqual([]);
    expect(shown(a.state)).toEqual(shown(b.state));
    // The attacker declines; the Ghost's owner is asked about its 6 dice, the same question either way.
    const a2 = must(a.state, "p1", decline);
    const b2 = must(b.state, "p1", decline);
    expect(a2.state.pending).toMatchObject({ seat: "p2", kind: "ew_reroll", options: { side: "responder", unit: "p2-m1", dice: 6, purpose: "detect_before_attack" } });
    expect(shown(a2.state)).toEqual(shown(b2.state));
    const envelopes = (state: EmberState) => {
      const r = ember.apply(state, decline, "p1");
      if (!r.ok) throw new Error(r.error.code);
      return r.events;
    };
    for (const viewer of others) expect(envelopes(a.state).map((e) => ember.redact(e, viewer))).toEqual(envelopes(b.state).map((e) => ember.redact(e, viewer)));
    // Its owner declines too: the attacker wins the tie, the Ghost decloaks onto its real square and the attack goes on.
    const a3 = must(a2.state, "p2", decline);
    expect(find(a3.events, "ew_roll")[0]).toMatchObject({ purpose: "detect_before_attack", casterLightning: 0, responderLightning: 0, winner: "caster" });
    expect(find(a3.events, "decloaked")).toEqual([{ type: "decloaked", unit: "p2-m1", from: MARKER, to: { x: 6, y: 4 }, reason: "detected" }]);
    expect(find(a3.events, "attack_declared")[0]).toMatchObject({ attacker: "p1-m2", defender: "p2-m1" });
  });

  test("seed 000 4, 5.2, 6.2: the owner's reroll wins the detection roll: the attack fails entirely, the unit stays camouflaged, the link is spent", () => {
    const state = cloakedThenSmelter({ x: 6, y: 4 });
    const attacked = withDice({ yellow: FACE.blank }, () => must(state, "p1", rivet("p2-m1")));
    const asked = must(attacked.state, "p1", decline);
    // All six of the Ghost's dice rerolled to [lightning]: 6 against 0, the responder wins.
    const r = withDice({ yellow: FACE.lightning }, () => must(asked.state, "p2", { type: "reroll", dice: [0, 1, 2, 3, 4, 5] }));
    expect(find(r.events, "link_changed")[0]).toEqual({ type: "link_changed", unit: "p2-m1", link: 3, reason: "reroll" });
    expect(find(r.events, "ew_roll")[0]).toMatchObject({ casterLightning: 0, responderLightning: 6, winner: "responder" });
    expect(find(r.events, "attack_failed")).toEqual([{ type: "attack_failed", attacker: "p1-m2", defender: "p2-m1", reason: "not_detected" }]);
    expect(find(r.events, "attack_declared")).toEqual([]);
    expect(unit(r.state, "p2-m1").camouflage).not.toBeNull();
    expect(r.state.activation?.actionsTaken).toEqual(["right_arm:rivet-hail"]);
  });
});

describe("seed 000 6.3 silence, seed 000 6.2 decloak triggers", () => {
  test("seed 000 6.3: a silent action keeps camouflage; an action without the silent keyword ends it once done, by exposure displacement", () => {
    // Mirage veil (silent, 1 tick), then static lash on the Smelter (electronic attack, not silent).
    let state = must(stage(), "p2", veil({ x: 4, y: 4 })).state;
    expect(unit(state, "p2-m1").camouflage).toBeTruthy();
    const r = withDice({ yellow: FACE.lightning }, () => mustEw(state, "p2", { type: "act", unit: "p2-m1", part: "torso", action: "static-lash", target: "p1-m2" }));
    const types = r.events.map((e) => e.type);
    expect(types.indexOf("decloaked")).toBeGreaterThan(types.indexOf("ew_roll"));
    expect(find(r.events, "decloaked")).toEqual([{ type: "decloaked", unit: "p2-m1", from: MARKER, to: { x: 4, y: 4 }, reason: "not_silent" }]);
    state = r.state;
    expect(unit(state, "p2-m1").camouflage).toBeNull();
  });

  test("seed 000 6.3: a manoeuvre, even a turn on the spot, ends camouflage (the real square keeps its offset from the moved marker)", () => {
    let state = until(toAction(deployed("ew-seed", EW_SETUP), { "p2-m1": "quick" }), "p2-m1");
    state = arrange(state, { "p2-m1": { at: MARKER, facing: "S" } });
    state = cloak(state, "p2-m1", { x: 6, y: 4 });
    const turn = must(state, "p2", { type: "manoeuvre", unit: "p2-m1", to: MARKER, facing: "E" });
    expect(find(turn.events, "decloaked")).toEqual([{ type: "decloaked", unit: "p2-m1", from: MARKER, to: { x: 6, y: 4 }, reason: "not_silent" }]);
    const step = must(state, "p2", { type: "manoeuvre", unit: "p2-m1", to: { x: 5, y: 4 }, facing: "S" });
    expect(find(step.events, "decloaked")[0]).toMatchObject({ from: { x: 5, y: 4 }, to: { x: 6, y: 5 } });
  });

  test("seed 000 6.2: an enemy ending a move in contact with the marker decloaks the unit; a high-altitude unit does not", () => {
    const base = arrange(deployed("ew-seed", EW_SETUP), { "p2-m1": { at: MARKER }, "p1-d1": { at: { x: 5, y: 6 }, facing: "N" } });
    const state = cloak(base, "p2-m1", { x: 7, y: 3 });
    const r = must(state, "p1", { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "move", to: { x: 5, y: 4 }, facing: "N" } });
    expect(find(r.events, "decloaked")).toEqual([{ type: "decloaked", unit: "p2-m1", from: MARKER, to: { x: 7, y: 3 }, reason: "contact" }]);
    // p1's Smelter camouflaged at (5,6); p2's skylark (high-altitude) ends next to it: no decloak.
    let s2 = arrange(deployed("ew-seed", EW_SETUP), { "p1-m2": { at: { x: 5, y: 6 } }, "p2-d1": { at: { x: 5, y: 3 }, facing: "S" } });
    s2 = cloak(s2, "p1-m2", { x: 5, y: 7 });
    s2 = must(s2, "p1", { type: "end_commands" }).state;
    const sky = must(s2, "p2", { type: "command_drone", mech: "p2-m1", drone: "p2-d1", order: { kind: "move", to: { x: 5, y: 5 }, facing: "S" } });
    expect(find(sky.events, "decloaked")).toEqual([]);
    expect(unit(sky.state, "p1-m2").camouflage).toBeTruthy();
  });

  test("seed 000 6.2: losing the part that provides the camouflage decloaks the unit in place, on the marker", () => {
    const state = cloak(arrange(deployed("ew-seed", EW_SETUP), { "p2-m1": { at: MARKER } }), "p2-m1", { x: 6, y: 4 });
    const ctx = Ctx.on(state);
    penetrate(ctx, unit(ctx.state, "p2-m1"), "left_arm");
    const { state: next, events } = ctx.finish();
    expect(events.map((e) => e.event).filter((e) => e.type === "decloaked")).toEqual([{ type: "decloaked", unit: "p2-m1", from: MARKER, to: MARKER, reason: "part_destroyed" }]);
    expect(unit(next, "p2-m1").at).toEqual(MARKER);
    expect(next.concealed).toEqual({});
  });
});

describe("seed 000 2.4 detect, 2.5 decloak, 6.1 low-observable, 6.4 detection", () => {
  /** Howler (p1-m1, EW 3) on tactical at (5,6) facing N; the Ghost at the marker (5,3). */
  function howlerTactical(state: EmberState = deployed("ew-seed", EW_SETUP)): EmberState {
    const s = until(toAction(state, { "p2-m1": "quick", "p2-m2": "quick", "p1-m2": "quick" }), "p1-m1");
    return arrange(s, { "p1-m1": { at: { x: 5, y: 6 }, facing: "N" }, "p2-m1": { at: MARKER } });
  }
  const detect = (target: string): EmberCommand => ({ type: "act", unit: "p1-m1", part: "torso", action: "detect", target });

  test("seed 000 2.4, 6.4: detect (tactical S, range 6, electronic attack, torso) decloaks a camouflaged unit on EW success, and does nothing on failure", () => {
    const state = cloak(howlerTactical(), "p2-m1", { x: 4, y: 4 });
    const won = withDice({ yellow: FACE.blank }, () => mustEw(state, "p1", detect("p2-m1")));
    expect(find(won.events, "ew_roll")[0]).toMatchObject({ purpose: "electronic_attack", caster: "p1-m1", responder: "p2-m1", winner: "caster" });
    expect(find(won.events, "decloaked")).toEqual([{ type: "decloaked", unit: "p2-m1", from: MARKER, to: { x: 4, y: 4 }, reason: "detected" }]);
    const lost = withDice({ yellow: FACE.lightning }, () => mustEw(state, "p1", detect("p2-m1")));
    expect(find(lost.events, "ew_roll")[0]).toMatchObject({ casterLightning: 3, responderLightning: 6, winner: "responder" });
    expect(find(lost.events, "decloaked")).toEqual([]);
    // Only concealed units are detect targets; range 6.
    expect(rejected(howlerTactical(), "p1", detect("p2-m1"))).toBe("not_concealed");
    const far = arrange(state, { "p1-m1": { at: { x: 5, y: 10 } } });
    expect(rejected(far, "p1", detect("p2-m1"))).toBe("out_of_range");
  });

  test("seed 000 6.1, 6.4: detection removes a low-observable token; low-observable from an ability has no token and cannot be detected", () => {
    const state = edit(howlerTactical(), (s) => { unit(s, "p2-m1").loToken = true; });
    const r = withDice({ yellow: FACE.blank }, () => mustEw(state, "p1", detect("p2-m1")));
    expect(find(r.events, "lo_token")).toEqual([{ type: "lo_token", unit: "p2-m1", on: false, reason: "detected" }]);
    expect(unit(r.state, "p2-m1").loToken).toBe(false);
  });

  test("seed 000 2.5: decloak (tactical S) switches the camouflage off with exposure displacement; without camouflage it is refused", () => {
    let state = until(toAction(deployed("ew-seed", EW_SETUP), {}), "p2-m1");
    state = cloak(arrange(state, { "p2-m1": { at: MARKER } }), "p2-m1", { x: 3, y: 2 });
    const r = must(state, "p2", { type: "act", unit: "p2-m1", part: "torso", action: "decloak" });
    expect(find(r.events, "decloaked")).toEqual([{ type: "decloaked", unit: "p2-m1", from: MARKER, to: { x: 3, y: 2 }, reason: "action" }]);
    expect(rejected(r.state, "p2", { type: "act", unit: "p2-m1", part: "torso", action: "decloak" })).toBe("action_already_used");
    const plain = until(toAction(deployed("ew-seed", EW_SETUP), {}), "p2-m1");
    expect(rejected(plain, "p2", { type: "act", unit: "p2-m1", part: "torso", action: "decloak" })).toBe("not_concealed");
  });

  test("seed 000 6.1: a low-observable defender's white/blue [eye] results become [evade]", () => {
    // Smelter's rivet hail (2 yellow + 1 red, all [light]) at the Ghost (torso armour 3, all [eye]).
    const base = until(toAction(deployed("ew-seed", EW_SETUP), { "p1-m2": "shoot" }), "p1-m2");
    const state = arrange(base, { "p1-m2": { at: { x: 5, y: 6 }, facing: "N" }, "p2-m1": { at: MARKER } });
    const shoot = (s: EmberState) =>
      withDice({ yellow: FACE.light, red: FACE.light, white: FACE.eye, part: "torso" }, () => {
        let r = must(s, "p1", rivet("p2-m1"));
        const events = [...r.events];
        while (r.state.pending) {
          r = must(r.state, r.state.pending.seat, { type: "reroll", dice: [] });
          events.push(...r.events);
        }
        return events;
      });
    const plain = shoot(state);
    expect(find(plain, "attack_resolved")[0]).toMatchObject({ damage: 3, penetrated: true });
    const lo = shoot(edit(state, (s) => { unit(s, "p2-m1").loToken = true; }));
    expect(find(lo, "dice_replaced").filter((e) => e.side === "defence")).toHaveLength(3);
    expect(find(lo, "attack_resolved")[0]).toMatchObject({ damage: 0, penetrated: false, hit: false, cancelledByEvade: 3 });
  });

  test("seed 000 6.3: an action without the silent keyword removes the actor's low-observable token once done; a silent action keeps it", () => {
    let state = until(toAction(deployed("ew-seed", EW_SETUP), { "p2-m1": "tactical" }), "p2-m1");
    state = arrange(state, { "p2-m1": { at: MARKER }, "p1-m2": { at: { x: 5, y: 6 } } });
    const shroud = must(state, "p2", { type: "act", unit: "p2-m1", part: "left_arm", action: "ghost-shroud", target: "p2-m1" });
    expect(unit(shroud.state, "p2-m1").loToken).toBe(true);
    expect(find(shroud.events, "lo_token")).toEqual([{ type: "lo_token", unit: "p2-m1", on: true, reason: "support" }]);
    // Static lash has no silent keyword: once done, the token is gone.
    const lash = withDice({ yellow: FACE.blank }, () =>
      mustEw(shroud.state, "p2", { type: "act", unit: "p2-m1", part: "torso", action: "static-lash", target: "p1-m2" }),
    );
    expect(find(lash.events, "lo_token")).toEqual([{ type: "lo_token", unit: "p2-m1", on: false, reason: "not_silent" }]);
    expect(unit(lash.state, "p2-m1").loToken).toBe(false);
  });
});

describe("seed 000 6.2 optical camouflage in a 2 v 2 battle (seed 001 6.1)", () => {
  /** Plays the awaited seat's first legal command until the action phase (deterministic). */
  function toActionPhase(setup: EmberSetup, seed: string): EmberState {
    let state = ember.setup(setup, seed).state;
    for (let i = 0; i < 500 && state.phase !== "action"; i++) {
      const seat = ember.awaiting(state)[0] as SeatId;
      state = must(state, seat, legalCommands(state, seat)[0] as EmberCommand).state;
    }
    expect(state.phase).toBe("action");
    return state;
  }

  test("seed 000 6.2, seed 001 6.1: the real square is known to the owner's team as dials are (the teammate, the team's viewer, omniscient), never to the other team or the spectator; an ally's contact does not decloak, an enemy's does", () => {
    // Team bravo: p2 (UN with the Ghost, p2-m1, veil projector) and p4; team alpha: p1 and p3.
    const setup: EmberSetup = { scenario: "crossroads", seats: ["p1", "p2", "p3", "p4"], teams: { p1: "alpha", p2: "bravo", p3: "alpha", p4: "bravo" }, armies: { p1: RDL, p2: UN_EW, p3: RDL, p4: UN } };
    const base = arrange(toActionPhase(setup, "camo-teams"), { "p2-m1": { at: { x: 6, y: 6 }, facing: "N" }, "p4-m1": { at: { x: 0, y: 11 } }, "p1-m1": { at: { x: 11, y: 0 } } });
    const state = structuredClone(base);
    const ctx = new Ctx(state);
    const ghost = state.units.find((u) => u.id === "p2-m1") as MechState;
    const real = hiddenSquareOptions(state, ghost, { x: 6, y: 6 }, 2).find((s) => s.x === 7 && s.y === 7) as Square;
    expect(real).toEqual({ x: 7, y: 7 });
    camouflageOn(ctx, ghost, "left_arm", { kind: "camouflage", concealment: 2 }, real);
    const secret = ctx.events.find((e) => e.event.type === "concealment_set")!;
    for (const viewer of [seatViewer("p2"), seatViewer("p4"), teamViewer("bravo"), omniscient]) {
      expect(ember.redact(secret, viewer)).toEqual({ type: "concealment_set", unit: "p2-m1", at: { x: 7, y: 7 } });
      expect(ember.viewFor(state, viewer).concealed).toEqual({ "p2-m1": { x: 7, y: 7 } });
    }
    for (const viewer of [seatViewer("p1"), seatViewer("p3"), teamViewer("alpha"), spectator]) {
      expect(ember.redact(secret, viewer)).toBeNull();
      expect(ember.viewFor(state, viewer).concealed).toBeUndefined();
      expect(JSON.stringify(ember.viewFor(state, viewer))).not.toContain('"concealed"');
    }
    // The teammate's mech ends next to the marker: no contact (allies never decloak it).
    const ally = state.units.find((u) => u.id === "p4-m1")!;
    ally.at = { x: 5, y: 6 };
    checkContact(ctx);
    expect(ghost.camouflage).not.toBeNull();
    // An enemy of the other team ends next to the marker: contact, exposure displacement onto (7,7).
    const enemy = state.units.find((u) => u.id === "p1-m1")!;
    enemy.at = { x: 6, y: 5 };
    checkContact(ctx);
    expect(ctx.events.filter((e) => e.event.type === "decloaked").map((e) => e.event)).toEqual([{ type: "decloaked", unit: "p2-m1", from: { x: 6, y: 6 }, to: { x: 7, y: 7 }, reason: "contact" }]);
    expect(ghost.at).toEqual({ x: 7, y: 7 });
  });
});

describe("seed 000 6.2 optical camouflage at deployment", () => {
  test("seed 000 6.2: a mech with a camouflage part may deploy already camouflaged: the marker on its square, the real square (in the zone, within concealment 2) known to its owner only", () => {
    // p1 (RDL, white, rows 10-11) deploys first; then p2 (UN, black, rows 0-1) deploys the Ghost
    // (p2-m1, veil projector: concealment 2) at f2 (5,1) with its real square at g1 (6,0).
    let state = fresh("camo-deploy", EW_SETUP);
    state = { ...state, firstPlayer: "p1", turn: "p1", pending: { ...state.pending!, seat: "p1" } } as EmberState;
    state = must(state, "p1", { type: "choose_side", side: "white" }).state;
    state = must(state, "p1", { type: "deploy", unit: "p1-m1", at: { x: 0, y: 11 }, facing: "N", stance: "OFF" }).state;
    const ghost = (hidden: Square, unitId = "p2-m1"): EmberCommand => ({ type: "deploy", unit: unitId, at: { x: 5, y: 1 }, facing: "S", stance: "OFF", hidden });
    // The real square stays in the deployment zone and within 2 squares of the marker.
    expect(rejected(state, "p2", ghost({ x: 5, y: 3 }))).toBe("invalid_hidden_square");
    expect(rejected(state, "p2", ghost({ x: 8, y: 1 }))).toBe("invalid_hidden_square");
    // Only a mech with a camouflage part: not the Picket, not a drone.
    expect(rejected(state, "p2", ghost({ x: 6, y: 0 }, "p2-m2"))).toBe("invalid_choice");
    expect(rejected(state, "p2", { type: "deploy", unit: "p2-d1", at: { x: 5, y: 1 }, facing: "S", hidden: { x: 6, y: 0 } })).toBe("invalid_choice");
    // The legal list offers, for f2, the 10 zone squares within 2 (columns 3-7, rows 0-1) x 4 facings x 3 stances.
    const legal = legalCommands(state, "p2").filter((c) => c.type === "deploy" && c.unit === "p2-m1" && c.hidden && c.at.x === 5 && c.at.y === 1);
    expect(legal).toHaveLength(120);
    expect(legal).toContainEqual(ghost({ x: 6, y: 0 }));
    const result = ember.apply(state, ghost({ x: 6, y: 0 }), "p2");
    if (!result.ok) throw new Error(result.error.code);
    expect(result.events.map((e) => e.event.type)).toEqual(["unit_deployed", "camouflage_on", "concealment_set"]);
    expect(result.events[2]!.audience).toEqual(onlySeats("p2"));
    const next = result.state;
    expect(unit(next, "p2-m1")).toMatchObject({ at: { x: 5, y: 1 }, deployed: true, camouflage: { concealment: 2, part: "left_arm" } });
    expect(ember.viewFor(next, seatViewer("p2")).concealed).toEqual({ "p2-m1": { x: 6, y: 0 } });
    for (const viewer of [seatViewer("p1"), spectator]) {
      expect(ember.redact(result.events[2]!, viewer)).toBeNull();
      expect(JSON.stringify(ember.viewFor(next, viewer))).not.toContain('"concealed"');
    }
    // p1's turn: its legal deployments do not depend on where the real square is.
    const moved = edit(next, (s) => {
      s.concealed = { "p2-m1": { x: 4, y: 0 } };
    });
    expect(next.turn).toBe("p1");
    expect(JSON.stringify(legalCommands(moved, "p1"))).toBe(JSON.stringify(legalCommands(next, "p1")));
  });
});
