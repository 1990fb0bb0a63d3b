/**
 * Project core rule C5, the retreat (docs/rules/sigmar.md): in its movement phase a unit in
 * combat may retreat instead of a normal move: it suffers D3 mortal damage (the match's dice), its
 * models then move up to their Move along their own paths, may pass through enemy combat range but
 * must end outside it (3"), and the unit cannot shoot or charge later in that turn.
 */
import { heuristicChoice, legalCommands, moves, viewFor, type SigmarCommand, type SigmarState } from "../../src";
import { battle, ok, ofType, refused, reseed } from "../helpers";

/** p1's Moss archers (Move 6") in combat with p2's Cinder zealots, p1's movement phase. */
const engaged = (step: "movement" | "shooting" = "movement"): SigmarState =>
  battle(
    [
      { id: "archers", owner: "p1", warscroll: "moss_archers", at: [36, 10] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [36, 13] },
      { id: "hounds", owner: "p2", warscroll: "ash_hounds", at: [36, 24] },
    ],
    { step },
  );

/** Answers a pending removal of slain models with its suggestion (core C8). */
const removeSuggested = (s: SigmarState): SigmarState => (s.pending?.kind === "remove_models" ? ok(s, s.pending.seat, legalCommands(s, s.pending.seat)[0]!).state : s);

/** The retreat from `s` (reseeded with `seed`): the state once the retreat move is asked, and the events. */
function retreatFrom(s: SigmarState, seed = "retreat") {
  const r = ok(reseed(s, seed), "p1", { type: "retreat", unit: "archers" });
  return { state: removeSuggested(r.state), events: r.events };
}

describe("core C5: retreat from combat", () => {
  test("core C5: a unit in combat is offered a retreat (not a normal move); retreating, it suffers D3 mortal damage from the match's dice, then moves up to its Move and ends outside enemy combat range", () => {
    const s = engaged();
    const mine = legalCommands(s, "p1");
    expect(mine).toContainEqual({ type: "retreat", unit: "archers" });
    expect(mine.some((c) => c.type === "move" && c.unit === "archers")).toBe(false);
    expect(refused(s, "p1", { type: "move", unit: "archers", models: s.units.archers!.models.map((m) => ({ x: m.x, y: m.y - 300 })) })).toBe("in_combat");
    const { state, events } = retreatFrom(s);
    const roll = ofType(events, "retreat_declared")[0]!.roll;
    expect(roll).toBeGreaterThanOrEqual(1);
    expect(roll).toBeLessThanOrEqual(3);
    expect(ofType(events, "mortal_damage")[0]).toMatchObject({ unit: "archers", amount: roll, source: "retreat" });
    expect(state.units.archers!.models).toHaveLength(5 - roll);
    expect(state.pending).toEqual({ kind: "retreat_move", seat: "p1", unit: "archers", max: 600 });
    const place = legalCommands(state, "p1").find((c): c is Extract<SigmarCommand, { type: "place" }> => c.type === "place" && c.models.some((p, i) => p.y !== state.units.archers!.models[i]!.y))!;
    const after = ok(state, "p1", place);
    expect(ofType(after.events, "moved")[0]).toMatchObject({ unit: "archers", kind: "retreat" });
    expect(after.state.pending).toBeNull();
    expect(after.state.units.archers!.did).toMatchObject({ moved: true, retreated: true });
    const zeal = after.state.units.zeal!.models;
    expect(after.state.units.archers!.models.every((m) => zeal.every((z) => Math.hypot(m.x - z.x, m.y - z.y) > 300 + 2 * 50))).toBe(true);
  });

  test("core C5: the retreat move goes at most the unit's Move, through enemy combat range but not enemy bases, and cannot end within 3\" of an enemy", () => {
    const { state } = retreatFrom(engaged());
    const unit = state.units.archers!;
    const how = { kind: "retreat" as const, max: 600 };
    const by = (dy: number) => unit.models.map((m) => ({ x: m.x, y: m.y + dy }));
    expect(moves.checkPlacement(state, unit, by(-550), how)).toBeNull();
    expect(moves.checkPlacement(state, unit, by(-700), how)).toBe("too_far");
    expect(moves.checkPlacement(state, unit, by(-100), how)).toBe("enters_combat_range");
    expect(refused(state, "p1", { type: "place", models: by(-100) })).toBe("enters_combat_range");
    expect(refused(state, "p1", { type: "place", models: by(-700) })).toBe("too_far");
    // A normal move could not even leave: every step of it starts in combat range.
    expect(moves.checkPlacement(state, unit, by(-550), { kind: "move", max: 600 })).not.toBeNull();
  });

  test("core C5: a unit that retreated cannot shoot or charge later in that turn", () => {
    const { state } = retreatFrom(engaged());
    const place = legalCommands(state, "p1").find((c) => c.type === "place")!;
    let s = ok(state, "p1", place).state;
    s = ok(s, "p1", { type: "end_phase" }).state;
    expect(s.step).toBe("shooting");
    expect(legalCommands(s, "p1").some((c) => c.type === "shoot" && c.unit === "archers")).toBe(false);
    expect(refused(s, "p1", { type: "shoot", unit: "archers", target: "hounds" })).toBe("cannot");
    s = ok(s, "p1", { type: "end_phase" }).state;
    expect(s.step).toBe("charge");
    expect(legalCommands(s, "p1").some((c) => c.type === "charge" && c.unit === "archers")).toBe(false);
    expect(refused(s, "p1", { type: "charge", unit: "archers", target: "hounds" })).toBe("cannot");
  });

  test("core C5: bad retreats are refused and change nothing: not in combat, moved already, outside the movement phase, the other seat's unit, a second retreat", () => {
    const s = engaged();
    expect(refused(s, "p1", { type: "retreat", unit: "zeal" })).toBe("not_your_unit");
    expect(refused(s, "p2", { type: "retreat", unit: "zeal" })).toBe("not_your_turn");
    expect(refused(engaged("shooting"), "p1", { type: "retreat", unit: "archers" })).toBe("wrong_phase");
    const apart = battle([{ id: "archers", owner: "p1", warscroll: "moss_archers", at: [20, 6] }, { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [20, 24] }], { step: "movement" });
    expect(refused(apart, "p1", { type: "retreat", unit: "archers" })).toBe("cannot");
    expect(refused(s, "p1", { type: "retreat", unit: "nobody" })).toBe("unknown_unit");
    const { state } = retreatFrom(s);
    const stayed = ok(state, "p1", { type: "decline" }).state;
    expect(stayed.pending).toBeNull();
    expect(refused(stayed, "p1", { type: "retreat", unit: "archers" })).toBe("already_acted");
  });

  test("core C5: the heuristic bot retreats a unit clearly losing its fight, and answers the retreat move with a place the rules accept", () => {
    // p1's Moss archers (5 wounds, one weak knife each) held by p2's Pyre tyrant and Barkback.
    const s = battle(
      [
        { id: "archers", owner: "p1", warscroll: "moss_archers", at: [36, 10] },
        { id: "tyrant", owner: "p2", warscroll: "pyre_tyrant", at: [33, 13] },
        { id: "bark", owner: "p2", warscroll: "barkback", at: [39, 13] },
      ],
      { step: "movement" },
    );
    const choice = heuristicChoice(viewFor(s, { kind: "seat", seat: "p1" }), "p1");
    expect(choice).toEqual({ type: "retreat", unit: "archers" });
    let t = removeSuggested(ok(s, "p1", choice!).state);
    if (t.pending?.kind === "retreat_move") {
      const answer = heuristicChoice(viewFor(t, { kind: "seat", seat: "p1" }), "p1")!;
      t = ok(t, "p1", answer).state;
      expect(t.pending).toBeNull();
    }
  });
});
