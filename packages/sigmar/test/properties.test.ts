/**
 * Property playouts run by the engine kit (`@fogwar/engine/testing`): seeded bot matches (lists
 * mustered in the match, continuous moves sampled from templates) end with a result, replay bit
 * for bit from their logs (the same seeds play the same match), keep the board's invariants at
 * every step, and `legalCommands` with `templates` describe exactly what `apply` accepts.
 * The same matches check every secret in no-leak.test.ts; `pnpm bench` runs 200 of them.
 */
import { canonicalJson } from "@fogwar/engine";
import { runKit, type Probe } from "@fogwar/engine/testing";
import { catalog, geometry, query, sigmar, sigmarBotPolicy, type SigmarState } from "../src";
import type { SigmarStep } from "./secrets";

/** Board invariants: bases on the battlefield, off terrain, not overlapping; damage below a model's health; reserves hidden until set up. */
export function invariants(s: SigmarState): string[] {
  const out: string[] = [];
  const all = query.fieldUnits(s).flatMap((u) => query.discs(u).map((d) => ({ d, id: u.id })));
  for (const [i, a] of all.entries()) {
    if (!geometry.discInsideBox(a.d, query.BATTLEFIELD)) out.push(`${a.id} off the battlefield`);
    if (query.TERRAIN.some((t) => geometry.discInBox(a.d, t))) out.push(`${a.id} on terrain`);
    for (const b of all.slice(i + 1)) if (geometry.overlaps(a.d, b.d)) out.push(`${a.id} overlaps ${b.id}`);
  }
  for (const u of Object.values(s.units)) {
    if (u.where === "field" && u.damage >= query.ws(u).health) out.push(`${u.id} keeps ${u.damage} damage`);
    if (u.where !== "field" && u.models.length > 0) out.push(`${u.id} is ${u.where} with models`);
    if (u.models.length > u.size) out.push(`${u.id} has more models than it started with`);
  }
  if (s.round > catalog.rules.rounds) out.push(`round ${s.round}`);
  if (s.round >= catalog.rules.reserveDeadlineRound && Object.values(s.units).some((u) => u.where === "reserve")) out.push("a reserve unit left in round 4");
  return out;
}

/** Commands made by changing one field of a legal one of the awaited seat: a unit, a target, one model's position. */
function mutations(ctx: SigmarStep): Probe[] {
  const seat = sigmar.awaiting(ctx.state)[0];
  if (!seat) return [];
  const legal = ctx.legal(seat);
  const ids = Object.keys(ctx.state.units);
  const out: Probe[] = [];
  if (ids.length === 0) return out;
  for (let k = 0; k < 6 && legal.length > 0; k++) {
    const base = ctx.rng.pick(legal) as unknown as Record<string, unknown>;
    let command: Record<string, unknown>;
    if (Array.isArray(base.models) && base.models.length > 0 && ctx.rng.int(0, 1) === 0) {
      const models = (base.models as { x: number; y: number }[]).map((m) => ({ ...m }));
      const i = ctx.rng.int(0, models.length - 1);
      models[i] = { x: models[i]!.x + ctx.rng.int(-300, 300), y: models[i]!.y + ctx.rng.int(-300, 300) };
      command = { ...base, models };
    } else {
      const field = ctx.rng.pick(["unit", "target"]);
      command = { ...base, [field]: ctx.rng.pick(ids) };
    }
    if (canonicalJson(command) !== canonicalJson(base)) out.push({ seat, command });
  }
  return out;
}

const COUNT = Number(process.env.SIGMAR_PLAYOUTS ?? 8);

describe("core C1-C12 and seed 003: bot playouts", () => {
  const cases = Array.from({ length: COUNT }, (_, i) => ({ seed: `prop-${i}`, botSeed: `prop-bot-${i}`, setup: { seats: ["p1", "p2"] as const } }));
  test.each(cases)("match $seed: ends with a result within five rounds, keeps the invariants, replays to the same hash; the same seeds play the same match", (c) => {
    const { problems, played } = runKit({ ruleset: sigmar, cases: [{ ...c, setup: { seats: [...c.setup.seats] as ["p1", "p2"] } }], policy: sigmarBotPolicy, maxCommands: 4000, invariants: (ctx) => invariants(ctx.state), replay: { determinismEvery: 1, reorderKeys: true } });
    problems.expectNone("termination", "invariants", "replay");
    expect(problems.kinds()).toEqual([]);
    expect(played[0]!.match.state.result).not.toBeNull();
  });
});

describe("engine contract: legalCommands and templates describe what apply accepts", () => {
  test("over four bot matches, at every step: listed commands and template defaults are accepted, template fillings are answered, and a command made by changing a field of a legal one is accepted only when listed or a filling of a template; legalCommandsInView and templatesInView agree", () => {
    const { problems, counters } = runKit({
      ruleset: sigmar,
      cases: Array.from({ length: 4 }, (_, i) => ({ seed: `contract-${i}`, botSeed: `contract-bot-${i}`, setup: { seats: ["p1", "p2"] as ["p1", "p2"] }, sampleSeed: `mutations-${i}` })),
      policy: sigmarBotPolicy,
      maxCommands: 4000,
      legal: { sample: 3, templates: 3, fillings: 3, probes: mutations },
      inView: 1,
      replay: false,
    });
    problems.expectNone("termination", "listed", "unlisted", "timeout", "in-view");
    expect(counters.get("probes")).toBeGreaterThan(500);
    expect(counters.get("probes accepted")).toBeGreaterThan(20);
    expect(counters.get("templates")).toBeGreaterThan(100);
    expect(counters.get("template fillings accepted")).toBeGreaterThan(20);
    expect(counters.get("timeouts")).toBeGreaterThan(100);
  });
});
