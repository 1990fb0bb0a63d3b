/**
 * Each model's own path (project core rule C5; seed 003 29 for flying): the shortest clear path
 * round terrain and enemy bases, measured along the path, and the table's placement helper that
 * completes a charge round a small ruin (the situation players met: target 3.5" away, a 5" roll).
 */
import { legalCommands } from "../../src";
import { inches, sweepHitsBox, type Box } from "../../src/geometry";
import { checkPlacement, movementProblem, type Board } from "../../src/moves";
import { legClear, shortestPath, type Obstacles } from "../../src/paths";
import { suggestFor } from "../../src/suggest";
import { TERRAIN } from "../../src/query";
import { at, battle, d6s, ok, refused, rig } from "../helpers";

const FIELD: Box = { x0: 0, y0: 0, x1: 4400, y1: 3000 };
const wall: Box = { x0: 1000, y0: 900, x1: 1200, y1: 1100 };
const open: Obstacles = { field: FIELD, terrain: [], discs: [] };

describe("core C5: each model moves along its own path, measured along the path", () => {
  test("core C5: a clear straight line is the path, measured exactly", () => {
    const p = shortestPath(at(2, 2), at(5, 6), 50, open, 500);
    expect(p?.points).toEqual([at(2, 2), at(5, 6)]);
    expect(p?.length).toBe(500);
    expect(shortestPath(at(2, 2), at(5, 6), 50, open, 499)).toBeNull();
  });

  test("core C3/C5: terrain is impassable, so the path goes round it and every leg is clear", () => {
    const o: Obstacles = { field: FIELD, terrain: [wall], discs: [] };
    const from = at(11, 7);
    const to = at(11, 13);
    expect(legClear(from, to, 50, o)).toBe(false);
    const p = shortestPath(from, to, 50, o, 2000)!;
    expect(p.points.length).toBeGreaterThan(2);
    for (let i = 1; i < p.points.length; i++) expect(sweepHitsBox(p.points[i - 1]!, p.points[i]!, 50, wall)).toBe(false);
    // Round a 2" box for a 1" base: at least 2 * sqrt(3² + 1.5²) ≈ 6.7", not the 6" straight line.
    expect(p.length).toBeGreaterThan(670);
    expect(p.length).toBeLessThan(760);
    // A budget shorter than the way round: no path.
    expect(shortestPath(from, to, 50, o, 650)).toBeNull();
  });

  test("core C5 with seed 003 29: enemy bases (grown by combat range for a normal move) are walked round; a flying unit ignores them", () => {
    const board: Board = { field: FIELD, terrain: [], others: [{ ...at(10, 10), r: 50 }], enemies: [{ ...at(10, 10), r: 50 }], target: [], fly: false, combatRange: 300, coherency: 100, coherencyLarge: 7 };
    const from = [at(10, 3)];
    // Straight north through the enemy: 14.5", but round its 3" of range it is over 15".
    expect(movementProblem(board, 50, from, [at(10, 17.5)], { kind: "move", max: 1500 })?.code).toBe("enters_combat_range");
    // Round it, far enough out: legal, though longer than the straight line.
    expect(movementProblem(board, 50, from, [at(15, 10)], { kind: "move", max: 1000 })).toBeNull();
    expect(movementProblem({ ...board, fly: true }, 50, from, [at(10, 17.5)], { kind: "move", max: 1500 })).toBeNull();
  });

  test("core C5: the offending model is named: the one whose path is too long", () => {
    const board: Board = { field: FIELD, terrain: [wall], others: [], enemies: [], target: [], fly: false, combatRange: 300, coherency: 100, coherencyLarge: 7 };
    // The middle model would have to go 2" aside and back (about 6.4"); the others pass beside the box.
    const from = [at(8.5, 7), at(11, 7), at(13.5, 7)];
    const to = [at(8.5, 12), at(11, 12), at(13.5, 12)];
    expect(movementProblem(board, 50, from, to, { kind: "move", max: 600 })).toEqual({ code: "blocked_path", model: 1 });
  });
});

describe("core C6: a charge round a small ruin can be completed (table's placement helper)", () => {
  // The mirestone (a 1" standing stone, impassable) lies on the straight line between the units.
  const stone = TERRAIN.find((t) => t.id === "mirestone")!;
  // The units stand 2" east of the stone's centre, clear of the broken wall to its west.
  const cx = (stone.x0 + stone.x1) / 200 + 2;
  const state = () =>
    battle(
      [
        { id: "briar", owner: "p1", warscroll: "briar_guard", at: [cx, stone.y0 / 100 - 1.3] },
        { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [cx, stone.y1 / 100 + 3.6] },
      ],
      { step: "charge" },
    );

  test("core C6: target about 3.5\" away across the stone, 5\" roll: the suggested placement succeeds and is accepted", () => {
    const s = state();
    const rolled = ok(rig(s, d6s(2, 3)), "p1", { type: "charge", unit: "briar", target: "zeal" }).state;
    expect(rolled.pending).toMatchObject({ kind: "charge_move", roll: 5 });
    const briar = rolled.units.briar!;
    const how = { kind: "charge" as const, max: inches(5), target: "zeal" };
    // The straight translation the table offered before is blocked by the stone.
    const gap = Math.min(...briar.models.flatMap((m) => rolled.units.zeal!.models.map((z) => Math.hypot(m.x - z.x, m.y - z.y) - 2 * 55)));
    expect(gap / 100).toBeGreaterThan(3);
    expect(gap / 100).toBeLessThan(4);
    // Two models of the front rank face the stone: their straight lines north cross it.
    expect(briar.models.filter((m) => sweepHitsBox(m, { x: m.x, y: m.y + 350 }, 55, stone)).length).toBeGreaterThanOrEqual(1);
    const to = suggestFor(rolled, briar, how)!;
    expect(to).not.toBeNull();
    expect(checkPlacement(rolled, briar, to, how)).toBeNull();
    // Most of the unit ends within 1" of the target, not a token nudge.
    const near = to.filter((p) => rolled.units.zeal!.models.some((z) => Math.hypot(p.x - z.x, p.y - z.y) - 2 * 55 <= 100)).length;
    expect(near).toBeGreaterThanOrEqual(4);
    const place = legalCommands(rolled, "p1").find((c) => c.type === "place");
    expect(place).toBeDefined();
    expect(ok(rolled, "p1", place!).state.units.briar!.did.charged).toBe(true);
  });

  test("core C6: a model's placement straight through the stone is still refused", () => {
    const rolled = ok(rig(state(), d6s(2, 3)), "p1", { type: "charge", unit: "briar", target: "zeal" }).state;
    const models = rolled.units.briar!.models.map((m) => ({ x: m.x, y: m.y + 150 }));
    expect(refused(rolled, "p1", { type: "place", models })).toBe("overlapping");
  });
});
