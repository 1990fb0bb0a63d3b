/**
 * Project core rule C8 (docs/rules/sigmar.md): the owner of a unit chooses which of its models
 * damage slays, keeping the models that remain in coherency (core C3) whenever that is possible;
 * an attack allocates its damage once, at its end, so one attack asks at most once; the owner is
 * asked only when another legal choice exists.
 */
import { legalCommands, sigmar, type SigmarState } from "../../src";
import { allocate } from "../../src/attack";
import { Ctx } from "../../src/context";
import { suggestRemoval } from "../../src/removal";
import { battle, ok, ofType, refused, reseed } from "../helpers";

/** Zealots (Health 1) in a line 1.2" apart along y = 10, x from 10; a Pyre tyrant at (30, 10). */
const line = (n: number): SigmarState =>
  battle([
    { id: "zeal", owner: "p2", warscroll: "cinder_zealots", models: Array.from({ length: n }, (_, i) => [10 + 1.2 * i, 10] as const) },
    { id: "tyrant", owner: "p1", warscroll: "pyre_tyrant", at: [30, 10] },
  ]);

/** `amount` damage from the tyrant allocated to the zealots (the state after, as a command would leave it). */
function damage(s: SigmarState, amount: number): { state: SigmarState; ctx: Ctx } {
  const ctx = Ctx.on(s);
  allocate(ctx, ctx.state.units.zeal!, amount, ctx.state.units.tyrant!);
  return { state: ctx.finish().state, ctx };
}

describe("core C8: the owner chooses which models are removed", () => {
  test("core C8: two slain of five: the owner (p2) is asked, the models stay until it answers; the suggestion is the farthest models from the attacker that keep the rest coherent", () => {
    const { state } = damage(line(5), 2);
    expect(state.pending).toEqual({ kind: "remove_models", seat: "p2", unit: "zeal", count: 2, suggested: ["zeal-m1", "zeal-m2"] });
    expect(state.units.zeal!.models).toHaveLength(5);
    expect(sigmar.awaiting(state)).toEqual(["p2"]);
    // The legal answers: the suggestion first (the default a bot or a run-out clock takes).
    expect(legalCommands(state, "p2")[0]).toEqual({ type: "remove_models", models: ["zeal-m1", "zeal-m2"] });
    expect(sigmar.onTimeout!(state, "p2")).toEqual({ type: "remove_models", models: ["zeal-m1", "zeal-m2"] });
    // The owner removes the two nearest the attacker instead (the rest stay coherent).
    const r = ok(state, "p2", { type: "remove_models", models: ["zeal-m5", "zeal-m4"] });
    expect(r.state.units.zeal!.models.map((m) => m.id)).toEqual(["zeal-m1", "zeal-m2", "zeal-m3"]);
    expect(r.state.pending).toBeNull();
    expect(ofType(r.events, "models_removed")).toEqual([{ type: "models_removed", unit: "zeal", models: ["zeal-m5", "zeal-m4"], chosen: true }]);
  });

  test("core C8: bad answers are refused and change nothing: a wrong count, an unknown or repeated model, a choice that breaks coherency when another keeps it, the other seat", () => {
    const { state } = damage(line(5), 2);
    expect(refused(state, "p2", { type: "remove_models", models: ["zeal-m1"] })).toBe("invalid_choice");
    expect(refused(state, "p2", { type: "remove_models", models: ["zeal-m1", "zeal-m1"] })).toBe("invalid_choice");
    expect(refused(state, "p2", { type: "remove_models", models: ["zeal-m1", "tyrant-m1"] })).toBe("invalid_choice");
    expect(refused(state, "p2", { type: "remove_models", models: ["zeal-m1", "zeal-m3"] })).toBe("not_coherent");
    expect(refused(state, "p2", { type: "remove_models", models: "zeal-m1" })).toBe("malformed_command");
    expect(refused(state, "p1", { type: "remove_models", models: ["zeal-m1", "zeal-m2"] })).toBe("decision_pending");
    expect(refused(state, "p1", { type: "end_phase" })).toBe("decision_pending");
    expect(refused(line(5), "p2", { type: "remove_models", models: ["zeal-m1"] })).toBe("no_decision_pending");
  });

  test("core C8: no question when there is one choice: every model slain, or only one set of models keeps the rest coherent", () => {
    const all = damage(line(3), 3);
    expect(all.state.pending).toBeNull();
    expect(all.state.units.zeal!.where).toBe("destroyed");
    // Two models together and one 8" away (the unit out of coherency): only removing the lone
    // model keeps the rest coherent, so it goes at once, though it is the nearest to the attacker.
    const split = battle([
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", models: [[10, 10], [11.2, 10], [20, 10]] },
      { id: "tyrant", owner: "p1", warscroll: "pyre_tyrant", at: [30, 10] },
    ]);
    const { state, ctx } = damage(split, 1);
    expect(state.pending).toBeNull();
    expect(state.units.zeal!.models.map((m) => m.id)).toEqual(["zeal-m1", "zeal-m2"]);
    expect(ofType(ctx.events.map((e) => e.event), "models_removed")).toEqual([{ type: "models_removed", unit: "zeal", models: ["zeal-m3"], chosen: false }]);
  });

  test("core C8: the suggestion skips a model whose removal would break coherency (the middle of a line), and with no attacker removes the last models", () => {
    const s = battle([
      // An L: m1 at the corner's far end, m2 the corner, m3 nearest the attacker along x.
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", models: [[10, 12.4], [10, 11.2], [10, 10], [11.2, 10]] },
      { id: "tyrant", owner: "p1", warscroll: "pyre_tyrant", at: [30, 10] },
    ]);
    const unit = s.units.zeal!;
    expect(suggestRemoval(unit, 1, s.units.tyrant!.models)).toEqual(["zeal-m1"]);
    expect(suggestRemoval(unit, 2, s.units.tyrant!.models)).toEqual(["zeal-m1", "zeal-m2"]);
    expect(suggestRemoval(unit, 1, [])).toEqual(["zeal-m4"]);
  });

  test("core C8: one attack asks at most once: Moss archers shoot both their bows and knives at Cinder zealots, and the owner names every slain model in one answer", () => {
    const base = battle(
      [
        { id: "archers", owner: "p1", warscroll: "moss_archers", at: [10, 10] },
        { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 15] },
      ],
      { step: "shooting" },
    );
    let found = false;
    for (let i = 0; i < 200 && !found; i++) {
      const r = ok(reseed(base, `c8-${i}`), "p1", { type: "shoot", unit: "archers", target: "zeal" });
      const reports = ofType(r.events, "attacks")[0]!.reports;
      const slain = reports.reduce((n, x) => n + x.slain, 0);
      if (reports.length < 2 || reports.filter((x) => x.slain > 0).length < 2 || slain >= 10) continue;
      found = true;
      expect(r.state.pending).toMatchObject({ kind: "remove_models", seat: "p2", unit: "zeal", count: slain });
      const answer = legalCommands(r.state, "p2")[0]!;
      const after = ok(r.state, "p2", answer).state;
      expect(after.pending).toBeNull();
      expect(after.units.zeal!.models).toHaveLength(10 - slain);
    }
    expect(found).toBe(true);
  });
});
