/**
 * Command templates (src/template.ts): continuous choices a ruleset describes instead of listing
 * every position, filled and sampled by bots and the ruleset kit, on a toy ruleset ("stride"):
 * two seats take turns moving their own marker at most 5 units (a disc, checked exactly by
 * `apply`), or pass; six turns in all.
 */
import { Random, autoplay, everyone, fillTemplate, fillsTemplate, ruleError, rngStateFromSeed, sampleTemplate, shiftTemplate, type ApplyResult, type CommandTemplate, type Ruleset } from "../src";
import { runKit, type KitSpec } from "../src/testing";

interface Pt {
  x: number;
  y: number;
}
type StrideCommand = { type: "pass" } | { type: "move"; to: Pt };
interface StrideState {
  at: Record<string, Pt>;
  turn: number;
}
type StrideRuleset = Ruleset<null, StrideState, StrideCommand, { type: string }, StrideState>;

const SEATS = ["p1", "p2"];
const mover = (s: StrideState) => SEATS[s.turn % 2]!;

function stride(reach: number, box: number, defaultOffset = 0): StrideRuleset {
  const templates = (s: StrideState, seat: string): CommandTemplate<StrideCommand>[] => {
    if (s.turn >= 6 || seat !== mover(s)) return [];
    const at = s.at[seat]!;
    return [{ command: { type: "move", to: { x: at.x + defaultOffset, y: at.y } }, params: [{ path: ["to"], kind: "point", min: { x: at.x - box, y: at.y - box }, max: { x: at.x + box, y: at.y + box } }], constraints: [{ kind: "max_move", units: reach }], rule: "stride 1" }];
  };
  return {
    id: "stride",
    rulesVersion: "1",
    seatsOf: () => SEATS,
    setup: () => ({ state: { at: { p1: { x: 0, y: 0 }, p2: { x: 100, y: 100 } }, turn: 0 }, events: [] }),
    awaiting: (s) => (s.turn >= 6 ? [] : [mover(s)]),
    pending: () => null,
    legalCommands: (s, seat) => (s.turn < 6 && seat === mover(s) ? [{ type: "pass" }] : []),
    templates,
    templatesInView: (view, seat) => templates(view, seat),
    apply(s, c, seat): ApplyResult<StrideState, { type: string }> {
      if (s.turn >= 6 || seat !== mover(s)) return { ok: false, error: ruleError("not_your_turn", "Not your turn.", "stride 1") };
      if (c?.type === "move") {
        const at = s.at[seat]!;
        const to = c.to;
        if (!to || !Number.isSafeInteger(to.x) || !Number.isSafeInteger(to.y)) return { ok: false, error: ruleError("malformed_command", "Bad point.", "stride 1") };
        if ((to.x - at.x) ** 2 + (to.y - at.y) ** 2 > reach * reach) return { ok: false, error: ruleError("too_far", "Too far.", "stride 1") };
        return { ok: true, state: { at: { ...s.at, [seat]: { x: to.x, y: to.y } }, turn: s.turn + 1 }, events: [{ audience: everyone, event: { type: "moved" } }] };
      }
      if (c?.type === "pass") return { ok: true, state: { ...s, turn: s.turn + 1 }, events: [] };
      return { ok: false, error: ruleError("unknown_command", "No such command.", "stride 1") };
    },
    viewFor: (s) => s,
    redact: (e) => e.event,
    result: (s) => (s.turn >= 6 ? { winner: null, reason: "done", scores: {} } : null),
  };
}

const template: CommandTemplate<{ type: "place"; models: Pt[]; unit: string }> = {
  command: { type: "place", unit: "u1", models: [{ x: 10, y: 10 }, { x: 20, y: 10 }] },
  params: [
    { path: ["models", 0], kind: "point", min: { x: 0, y: 0 }, max: { x: 30, y: 30 } },
    { path: ["models", 1], kind: "point", min: { x: 0, y: 0 }, max: { x: 40, y: 30 } },
  ],
  constraints: [],
  rule: "test",
};

describe("command templates: continuous choices", () => {
  test("fillTemplate sets the free points and leaves the rest; fillsTemplate checks fixed fields and bounds", () => {
    const filled = fillTemplate(template, [{ x: 1, y: 2 }, { x: 40, y: 30 }]);
    expect(filled).toEqual({ type: "place", unit: "u1", models: [{ x: 1, y: 2 }, { x: 40, y: 30 }] });
    expect(template.command.models[0]).toEqual({ x: 10, y: 10 });
    expect(fillsTemplate(template, filled)).toBe(true);
    expect(fillsTemplate(template, { ...filled, unit: "u2" })).toBe(false);
    expect(fillsTemplate(template, { ...filled, models: [{ x: 1, y: 2 }, { x: 41, y: 30 }] })).toBe(false);
    expect(fillsTemplate(template, { ...filled, models: [{ x: 1.5, y: 2 }, { x: 4, y: 3 }] })).toBe(false);
    expect(fillsTemplate(template, { ...filled, models: [{ x: 1, y: 2, z: 0 }, { x: 4, y: 3 }] })).toBe(false);
    expect(fillsTemplate(template, { ...filled, extra: 1 })).toBe(false);
    expect(() => fillTemplate(template, [{ x: 1, y: 1 }])).toThrow(RangeError);
  });

  test("sampleTemplate and shiftTemplate stay inside every box, and shiftTemplate keeps the formation", () => {
    const random = new Random(rngStateFromSeed("template", "test"));
    for (let i = 0; i < 200; i++) {
      expect(fillsTemplate(template, sampleTemplate(template, random))).toBe(true);
      expect(fillsTemplate(template, sampleTemplate(template, random, 3))).toBe(true);
      const shifted = shiftTemplate(template, random);
      expect(fillsTemplate(template, shifted)).toBe(true);
      expect(shifted.models[1]!.x - shifted.models[0]!.x).toBe(10);
      expect(shifted.models[1]!.y - shifted.models[0]!.y).toBe(0);
    }
  });

  test("autoplay fills templates: the bots move their markers, always within reach", () => {
    const ruleset = stride(5, 5);
    const match = autoplay(ruleset, null, "s", "b");
    const moves = match.toLog().entries.filter((e) => e.command.type === "move");
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.some((e) => e.command.type === "move" && (e.command.to.x !== 0 || e.command.to.y !== 0) && (e.command.to.x !== 100 || e.command.to.y !== 100))).toBe(true);
  });

  const spec = (ruleset: StrideRuleset): KitSpec<null, StrideState, StrideCommand, { type: string }, StrideState> => ({
    ruleset,
    cases: Array.from({ length: 6 }, (_, i) => ({ seed: `t-${i}`, botSeed: `tb-${i}`, setup: null })),
    inView: 1,
    legal: {
      fillings: 4,
      probes: (ctx) => {
        const seat = ruleset.awaiting(ctx.state)[0];
        if (!seat) return [];
        const at = ctx.state.at[seat]!;
        return [{ seat, command: { type: "move", to: { x: at.x + 3, y: at.y + 4 } } }, { seat, command: { type: "move", to: { x: at.x + 6, y: at.y } } }];
      },
    },
  });

  test("the kit passes an honest ruleset: defaults accepted, fillings tried, accepted probes fill a template", () => {
    const { problems, counters } = runKit(spec(stride(5, 5)));
    expect(problems.kinds()).toEqual([]);
    expect(counters.get("templates")).toBeGreaterThan(10);
    expect(counters.get("template fillings accepted")).toBeGreaterThan(5);
    expect(counters.get("template fillings accepted")).toBeLessThan(counters.get("template fillings"));
  });

  test("the kit reports a template default apply refuses, and an accepted command outside every template and list", () => {
    expect(runKit(spec(stride(5, 5, 9))).problems.list("listed").length).toBeGreaterThan(0);
    // apply accepts a 6-unit move, but the template's box says at most 5: neither listed nor a filling.
    expect(runKit(spec(stride(6, 5))).problems.list("unlisted").some((p) => /neither listed/.test(p))).toBe(true);
  });
});
