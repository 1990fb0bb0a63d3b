/**
 * Property (core rules C5, C6; seed 003 29): for random unit placements and terrain, whenever a
 * legal end position for a move or a charge exists, the table's placement helper (`suggestPlacement`,
 * the function the web's "suggest" button and drag use) finds one the rules accept. The existence
 * oracle searches every whole-unit offset on a half-inch grid, each model on its own path round
 * terrain and bases (the rules' own check). Seeded, a small run.
 */
import fc from "fast-check";
import { apply } from "../src";
import { inches, type Box, type Pt } from "../src/geometry";
import { checkPlacement, formation, movementProblem, type Board } from "../src/moves";
import { suggestFor, suggestPlacement, type MovePlacement } from "../src/suggest";
import { battle, d6s, rig } from "./helpers";

const FIELD: Box = { x0: 0, y0: 0, x1: 3000, y1: 3000 };

/** Some whole-unit offset on a half-inch grid within `max` that `ok` accepts. */
function someTranslation(from: readonly Pt[], max: number, ok: (to: Pt[]) => boolean): boolean {
  const step = inches(0.5);
  for (let x = -Math.floor(max / step) * step; x <= max; x += step) {
    for (let y = -Math.floor(max / step) * step; y <= max; y += step) {
      if (x * x + y * y > max * max || (!x && !y)) continue;
      if (ok(from.map((p) => ({ x: p.x + x, y: p.y + y })))) return true;
    }
  }
  return false;
}

const boxArb = fc.record({ x: fc.integer({ min: 500, max: 2300 }), y: fc.integer({ min: 500, max: 2300 }), w: fc.integer({ min: 50, max: 400 }), h: fc.integer({ min: 50, max: 400 }) }).map((b): Box => ({ x0: b.x, y0: b.y, x1: b.x + b.w, y1: b.y + b.h }));

describe("core C5-C6 property: the placement helper reaches a legal placement whenever one exists", () => {
  test("core C5/C6 with seed 003 29: random terrain, units and moves or charges (pure board)", () => {
    fc.assert(
      fc.property(
        fc.array(boxArb, { maxLength: 4 }),
        fc.integer({ min: 1, max: 6 }),
        fc.record({ x: fc.integer({ min: 600, max: 2400 }), y: fc.integer({ min: 600, max: 2400 }) }),
        fc.record({ dx: fc.integer({ min: -900, max: 900 }), dy: fc.integer({ min: -900, max: 900 }) }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<"move" | "charge">("move", "charge"),
        fc.integer({ min: 200, max: 900 }),
        (terrain, count, at, off, foes, kind, max) => {
          const r = 50;
          const from = formation(count, r, at);
          const enemies = formation(foes, r, { x: at.x + off.dx, y: at.y + off.dy }).map((p) => ({ ...p, r }));
          const board: Board = { field: FIELD, terrain, others: enemies, enemies, target: kind === "charge" ? enemies : [], fly: false, combatRange: 300, coherency: 100, coherencyLarge: 7 };
          const how: MovePlacement = kind === "charge" ? { kind, max, target: "t" } : { kind, max };
          // Starting positions must themselves be possible (on the field, off terrain, apart, out of combat for a move).
          if (movementProblem(board, r, from, from, how) && movementProblem(board, r, from, from, how)!.code !== "out_of_range") return;
          const goal = kind === "charge" ? enemies[0]! : { x: at.x + off.dy, y: at.y - off.dx };
          const exists = someTranslation(from, max, (to) => movementProblem(board, r, from, to, how) === null);
          const got = suggestPlacement(board, r, from, how, goal);
          if (exists) {
            expect(got).not.toBeNull();
          }
          if (got) expect(movementProblem(board, r, from, got, how)).toBeNull();
        },
      ),
      { seed: 29, numRuns: 30 },
    );
  });

  test("core C6: on the battleplan's own terrain, a charge the helper suggests is accepted by apply", () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 4100 }), fc.integer({ min: 300, max: 1400 }), fc.integer({ min: -600, max: 600 }), fc.integer({ min: 450, max: 1100 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (x, y, dx, dy, a, b) => {
        const s = battle(
          [
            { id: "briar", owner: "p1", warscroll: "briar_guard", at: [x / 100, y / 100], count: 5 },
            { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [(x + dx) / 100, (y + dy) / 100], count: 5 },
          ],
          { step: "charge" },
        );
        const briar = s.units.briar!;
        if (checkPlacement(s, briar, briar.models, { kind: "pile_in", max: 0 }) || checkPlacement(s, s.units.zeal!, s.units.zeal!.models, { kind: "pile_in", max: 0 })) return;
        const declared = apply(rig(s, d6s(a, b)), { type: "charge", unit: "briar", target: "zeal" }, "p1");
        if (!declared.ok) return;
        const state = declared.state;
        const how = { kind: "charge" as const, max: inches(a + b), target: "zeal" };
        const exists = someTranslation(briar.models, how.max, (to) => checkPlacement(state, state.units.briar!, to, how) === null);
        const got = suggestFor(state, state.units.briar!, how);
        if (exists) expect(got).not.toBeNull();
        if (got) expect(apply(state, { type: "place", models: got }, "p1").ok).toBe(true);
      }),
      { seed: 2929, numRuns: 8 },
    );
  });
});
