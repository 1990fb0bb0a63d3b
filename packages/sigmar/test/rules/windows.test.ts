/**
 * Project core rule C13 (docs/rules/sigmar.md): start- and end-of-phase windows for abilities, the
 * active player first, then the other (so the player whose turn it is not can act in the
 * opponent's turn); seed 003 19 "at the start of the phase" and seed 003 21 (Heal) reached there.
 */
import { awaiting, legalCommands, type SigmarState } from "../../src";
import { battle, ok, refused, type UnitSpec } from "../helpers";

/** Ends the active player's charge phase (so the combat phase opens). */
const toCombat = (s: SigmarState) => ok(s, s.active!, { type: "end_phase" }).state;

describe("core C13: start- and end-of-phase windows", () => {
  // p1 (active, Ashen) has nobody in combat; p2's Grove Seer stands by its wounded Elk Riders.
  const spec: UnitSpec[] = [
    { id: "zeal", owner: "p1", warscroll: "cinder_zealots", at: [30, 5] },
    { id: "seer", owner: "p2", warscroll: "grove_seer", at: [10, 20] },
    { id: "elk", owner: "p2", warscroll: "elk_riders", at: [14, 20] },
  ];
  const wounded = () => {
    const s = battle(spec, { step: "charge", active: "p1" });
    s.units.elk!.damage = 2;
    return s;
  };

  test("core C13 with seed 003 21: at the end of the opponent's combat phase the other player may use an end-of-phase ability (Dusk mending heals its Elk Riders), then the phase ends", () => {
    const s = toCombat(wounded());
    // Nobody can fight, so the combat phase ends: its end window asks p2 (p1 has no such ability).
    expect(s.step).toBe("combat");
    expect(s.pending).toEqual({ kind: "phase_window", seat: "p2", at: "end" });
    expect(awaiting(s)).toEqual(["p2"]);
    expect(legalCommands(s, "p2")).toContainEqual({ type: "use_ability", unit: "seer", ability: "dusk_mending", targets: ["elk"] });
    expect(legalCommands(s, "p2")).toContainEqual({ type: "decline" });
    const healed = ok(s, "p2", { type: "use_ability", unit: "seer", ability: "dusk_mending", targets: ["elk"] });
    expect(healed.state.units.elk!.damage).toBe(1);
    expect(healed.events).toContainEqual({ type: "healed", unit: "elk", roll: 1, healed: 1 });
    // Used once this turn: nothing more for p2, the window closes and the end phase starts.
    expect(healed.state.step).toBe("end");
    expect(healed.state.pending).toBeNull();
  });

  test("core C13: a seat that passes closes its part of the window; one with no window ability is never asked", () => {
    const s = toCombat(wounded());
    const passed = ok(s, "p2", { type: "decline" }).state;
    expect(passed.step).toBe("end");
    expect(passed.units.elk!.damage).toBe(2);
    // Without the Grove Seer nobody has a window ability: no question, the phase runs on.
    const bare = toCombat(battle(spec.filter((u) => u.id !== "seer"), { step: "charge", active: "p1" }));
    expect(bare.step).toBe("end");
    expect(bare.pending).toBeNull();
  });

  test("core C13: bad answers in a window are refused and change nothing", () => {
    const s = toCombat(wounded());
    // The other seat cannot act while p2 is asked; an ability not for this window is refused; so is a pick out of range.
    expect(refused(s, "p1", { type: "end_phase" })).toBe("decision_pending");
    expect(refused(s, "p2", { type: "use_ability", unit: "seer", ability: "hexroot", targets: ["zeal"] })).toBe("ability_unavailable");
    expect(refused(s, "p2", { type: "use_ability", unit: "seer", ability: "dusk_mending", targets: ["zeal"] })).toBe("invalid_target");
    expect(refused(s, "p2", { type: "place", models: [] })).toBe("decision_pending");
    expect(s.pending).toEqual({ kind: "phase_window", seat: "p2", at: "end" });
    // Outside its window the ability is not offered nor accepted.
    const hero = battle(spec, { step: "hero", active: "p2" });
    expect(legalCommands(hero, "p2").some((c) => c.type === "use_ability" && c.ability === "dusk_mending")).toBe(false);
    expect(refused(hero, "p2", { type: "use_ability", unit: "seer", ability: "dusk_mending", targets: ["elk"] })).toBe("ability_unavailable");
  });
});
