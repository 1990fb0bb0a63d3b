/**
 * Seed 003 19 (STRIKE-FIRST and STRIKE-LAST), worked examples on built positions.
 */
import { awaiting, legalCommands, mayFightNow, moves, picker, strikeOf, type SigmarState } from "../../src";
import { battle, ok, refused, reseed, type UnitSpec } from "../helpers";

/** Enters the combat phase from the charge phase (the fight order is fixed at its start). */
/** Ends the charge phase; the other player passes on a counter-charge (core C14) when one is offered. */
const toCombat = (s: SigmarState) => {
  let next = ok(s, s.active!, { type: "end_phase" }).state;
  while (next.step === "charge" && next.pending?.kind === "phase_window") next = ok(next, next.pending.seat, { type: "decline" }).state;
  return next;
};
const fightsOf = (s: SigmarState, seat: string) => legalCommands(s, seat).filter((c) => c.type === "fight" || c.type === "pass_fight");
const units = (s: SigmarState, seat: string) => [...new Set(fightsOf(s, seat).map((c) => (c as { unit: string }).unit))];

describe("seed 003 19.0 STRIKE-FIRST and STRIKE-LAST", () => {
  // p1 (active) Briar Guard in combat with p2's Ash Hounds (strike-first) and Cinder Zealots.
  const spec: UnitSpec[] = [
    { id: "briar", owner: "p1", warscroll: "briar_guard", at: [10, 10] },
    { id: "hounds", owner: "p2", warscroll: "ash_hounds", at: [10, 12.5] },
    { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 7.3] },
  ];

  test("seed 003 19: while a strike-first unit that was in combat at the start of the phase has not fought, no other unit may fight; then the active player picks next", () => {
    let s = toCombat(battle(spec, { step: "charge", active: "p1" }));
    expect(s.combat!.strikeFirst).toEqual(["hounds"]);
    // p1 is the active player but has no strike-first unit: p2 picks, and only its hounds.
    expect(awaiting(s)).toEqual(["p2"]);
    expect(units(s, "p2")).toEqual(["hounds"]);
    expect(refused(s, "p2", { type: "fight", unit: "zeal", target: "briar" })).toBe("fight_order");
    expect(refused(s, "p1", { type: "fight", unit: "briar", target: "hounds" })).toBe("not_your_turn");
    s = ok(s, "p2", { type: "fight", unit: "hounds", target: "briar" }).state;
    // Core C8: p1 first names the Briar Guard the hounds slew, when it has a choice.
    if (s.pending?.kind === "remove_models") s = ok(s, "p1", legalCommands(s, "p1")[0]!).state;
    // Strike-first units done: the active player (p1) picks the next unit, although p2 picked last.
    expect(awaiting(s)).toEqual(["p1"]);
    expect(units(s, "p1")).toEqual(["briar"]);
  });

  test("003_3dcb36e83a2444ba.txt 19: 'at the start of the phase' is a window: the Cinder crown used at the start of the combat phase gives STRIKE-FIRST before the fight order is fixed", () => {
    const crowned: UnitSpec[] = [
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [10, 10] },
      { id: "herald", owner: "p2", warscroll: "covenant_herald", at: [10, 12.3], enhancement: "cinder_crown" },
    ];
    const s0 = toCombat(battle(crowned, { step: "charge", active: "p1" }));
    // The active player has no start-of-phase ability: the window asks p2, and the order is not fixed yet.
    expect(s0.pending).toEqual({ kind: "phase_window", seat: "p2", at: "start" });
    expect(s0.combat).toBeNull();
    expect(refused(s0, "p1", { type: "fight", unit: "briar", target: "herald" })).toBe("decision_pending");
    const used = ok(s0, "p2", { type: "use_ability", unit: "herald", ability: "cinder_crown", targets: [] }).state;
    expect(used.combat!.strikeFirst).toEqual(["herald"]);
    expect(awaiting(used)).toEqual(["p2"]);
    expect(units(used, "p2")).toEqual(["herald"]);
    expect(refused(used, "p1", { type: "fight", unit: "briar", target: "herald" })).toBe("not_your_turn");
    // Passing instead: no strike-first, the active player picks first.
    const passed = ok(s0, "p2", { type: "decline" }).state;
    expect(passed.combat!.strikeFirst).toEqual([]);
    expect(awaiting(passed)).toEqual(["p1"]);
    // Once the window has closed, the crown is no longer offered nor accepted.
    expect(refused(passed, "p2", { type: "use_ability", unit: "herald", ability: "cinder_crown", targets: [] })).toBe("not_your_turn");
    expect(legalCommands(passed, "p1").some((c) => c.type === "use_ability")).toBe(false);
  });

  test("seed 003 19: a strike-last unit cannot fight while another unit in combat has not fought", () => {
    const s0 = battle(
      [
        { id: "bark", owner: "p1", warscroll: "barkback", at: [20, 10] },
        { id: "briar", owner: "p1", warscroll: "briar_guard", at: [20, 13.6] },
        { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [20, 7.5] },
        { id: "slingers", owner: "p2", warscroll: "ember_slingers", at: [20, 15.3] },
      ],
      { step: "charge", active: "p1" },
    );
    let s = toCombat(s0);
    expect(strikeOf(s, s.units.bark!)).toBe("last");
    expect(s.combat!.engaged).toEqual(expect.arrayContaining(["bark", "briar", "zeal", "slingers"]));
    expect(units(s, "p1")).toEqual(["briar"]);
    expect(refused(s, "p1", { type: "fight", unit: "bark", target: "zeal" })).toBe("fight_order");
    s = ok(s, "p1", { type: "pass_fight", unit: "briar" }).state;
    s = ok(s, "p2", { type: "pass_fight", unit: "zeal" }).state;
    // The slingers still have to fight: the strike-last unit waits; p1 has nothing to pick, p2 picks again.
    expect(awaiting(s)).toEqual(["p2"]);
    s = ok(s, "p2", { type: "pass_fight", unit: "slingers" }).state;
    expect(units(s, "p1")).toEqual(["bark"]);
    expect(mayFightNow(s, s.units.bark!)).toBe(true);
  });

  test("seed 003 19: a unit with both STRIKE-FIRST and STRIKE-LAST has neither", () => {
    const s = battle([{ id: "bark", owner: "p1", warscroll: "barkback", at: [20, 10] }]);
    expect(strikeOf(s, s.units.bark!)).toBe("last");
    s.persisting.push({ seq: 1, owner: "p1", source: "test", unit: "bark", effect: { kind: "grant", flag: "strike_first" }, until: { turn: 1 } });
    expect(strikeOf(s, s.units.bark!)).toBeNull();
  });

  test("seed 003 19: a strike-first unit that entered combat after the phase began (by a pile-in) fights without STRIKE-FIRST", () => {
    // The Thornwarden is in combat with the zealots; the hounds (strike-first) stand just out of combat range.
    const s0 = battle(
      [
        { id: "warden", owner: "p1", warscroll: "thornwarden", at: [10, 10] },
        { id: "zeal", owner: "p2", warscroll: "cinder_zealots", models: [[11.6, 11.2], [12.3, 12], [12.9, 11.1], [13.6, 12], [14.2, 11.1]] },
        { id: "hounds", owner: "p2", warscroll: "ash_hounds", models: [[10, 14.5], [8.4, 14.5]] },
      ],
      { step: "charge", active: "p1" },
    );
    let s = toCombat(s0);
    expect(s.combat!.engaged).not.toContain("hounds");
    expect(s.combat!.strikeFirst).toEqual([]);
    // A pile-in that ends within combat range of the hounds, each model no farther from the nearest enemy.
    const warden = s.units.warden!;
    let to: { x: number; y: number }[] | null = null;
    for (let dx = -150; dx <= 150 && !to; dx += 10) {
      for (let dy = 0; dy <= 300 && !to; dy += 10) {
        const cand = [{ x: warden.models[0]!.x + dx, y: warden.models[0]!.y + dy }];
        const inRange = s.units.hounds!.models.some((m) => Math.hypot(m.x - cand[0]!.x, m.y - cand[0]!.y) <= 300 + 79 + 63);
        if (inRange && moves.checkPlacement(s, warden, cand, { kind: "pile_in", max: 300 }) === null) to = cand;
      }
    }
    expect(to).not.toBeNull();
    // Dice with which the zealots survive the warden's attacks (a destroyed unit fights no more).
    const before = s;
    for (let i = 0; i < 100 && (i === 0 || s.units.zeal!.where !== "field"); i++) {
      s = ok(reseed(before, `pile-in-${i}`), "p1", { type: "fight", unit: "warden", target: "zeal", models: to! }).state;
    }
    expect(s.units.zeal!.where).toBe("field");
    // Now the hounds are in combat, but they were not at the start: p2 may pick either unit.
    expect(picker(s)).toBe("p2");
    expect(units(s, "p2").sort()).toEqual(["hounds", "zeal"]);
  });

  test("seed 003 19: an ability to fight immediately after another unit cannot break the limits: a strike-last unit is not offered its riposte while other units have not fought", () => {
    // Thornwarden (riposte) given STRIKE-LAST, attacked by zealots; the briar guard has not fought yet.
    const spec2: UnitSpec[] = [
      { id: "warden", owner: "p1", warscroll: "thornwarden", at: [20, 10] },
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [30, 10] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", models: [[19.5, 11.5], [20.5, 11.5]] },
      { id: "hounds", owner: "p2", warscroll: "ash_hounds", at: [30, 12.4] },
    ];
    const base = battle(spec2, { step: "charge", active: "p2" });
    base.persisting.push({ seq: 1, owner: "p2", source: "test", unit: "warden", effect: { kind: "grant", flag: "strike_last" }, until: { turn: 2 } });
    let s = toCombat(base);
    // p2's hounds strike first; then p2 (active) picks the zealots, which target the warden.
    s = ok(s, "p2", { type: "pass_fight", unit: "hounds" }).state;
    s = ok(s, "p2", { type: "fight", unit: "zeal", target: "warden" }).state;
    expect(s.pending).toBeNull();
    expect(awaiting(s)).toEqual(["p1"]);
    // Without STRIKE-LAST the same fight offers the riposte.
    const plain = toCombat(battle(spec2, { step: "charge", active: "p2" }));
    const t = ok(ok(plain, "p2", { type: "pass_fight", unit: "hounds" }).state, "p2", { type: "fight", unit: "zeal", target: "warden" }).state;
    // Two zealots deal at most 4 damage: the warden (health 5) still stands.
    expect(t.units.warden!.where).toBe("field");
    expect(t.pending).toMatchObject({ kind: "riposte", seat: "p1", unit: "warden", target: "zeal" });
    expect(legalCommands(t, "p1")).toEqual(expect.arrayContaining([{ type: "fight", unit: "warden", target: "zeal" }, { type: "decline" }]));
  });
});
