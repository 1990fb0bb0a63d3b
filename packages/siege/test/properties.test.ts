/**
 * Property playouts of Siege, run by the engine kit (`@fogwar/engine/testing`): seeded bot matches
 * terminate within the round limit (seed 004 "요약": five rounds plus overtime), replay bit for bit
 * from their logs (and the same seeds play the same match), and keep the board's invariants at
 * every step; `legalCommands` lists every command `apply` accepts.
 */
import { canonicalJson, type SeatId } from "@fogwar/engine";
import { runKit, type Probe, type StepContext } from "@fogwar/engine/testing";
import { board, catalog, siege, siegeBotPolicy, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState, type SiegeView } from "../src";
import { SETUP_1V1, SETUP_2V2 } from "./helpers";

/** The invariants of seed 004 that every state keeps; an empty list when all hold. */
function invariants(s: SiegeState): string[] {
  const out: string[] = [];
  const lower = new Map<string, string>();
  const put = (p: string, who: string) => {
    if (p.startsWith("up:")) return;
    if (lower.has(p)) out.push(`two operators on ${p}: ${lower.get(p)} and ${who}`);
    lower.set(p, who);
  };
  for (const o of Object.values(s.operators)) {
    if (o.dead) {
      if (o.at || o.stand) out.push(`dead ${o.id} still on the board`);
      continue;
    }
    if (o.damage >= catalog.operators.get(o.id)!.health) out.push(`${o.id} alive with ${o.damage} damage`);
    if (o.at) put(o.at, o.id);
    if (o.stand) put(o.stand, `${o.id} stand`);
    const tokens = s.tokens.filter((t) => t.operator === o.id);
    if (o.hidden && o.at) out.push(`hidden ${o.id} has a model`);
    if (!o.hidden && tokens.length > 0) out.push(`revealed ${o.id} keeps tokens`);
    if (o.hidden && s.phase !== "defence_setup" && s.phase !== "picks" && tokens.length !== 2) out.push(`hidden ${o.id} has ${tokens.length} tokens`);
  }
  for (const t of s.tokens) put(t.at, t.id);
  const ids = s.tokens.map((t) => t.id);
  if (canonical(ids) !== canonical([...ids].sort())) out.push("tokens not in id order");
  for (const [op, real] of Object.entries(s.hidden.real)) {
    if (!s.tokens.some((t) => t.id === real && t.operator === op)) out.push(`real token of ${op} missing`);
  }
  for (const p of lower.keys()) if (catalog.maps.get(s.map)!.obstacles.some(([x, y]) => `${x},${y}` === p)) out.push(`operator on obstacle ${p}`);
  const upper = new Map<string, number>();
  for (const o of Object.values(s.operators)) if (!o.dead && o.at?.startsWith("up:")) upper.set(`${o.at}/${o.team}`, (upper.get(`${o.at}/${o.team}`) ?? 0) + 1);
  for (const t of s.tokens) if (t.at.startsWith("up:")) upper.set(`${t.at}/defence`, (upper.get(`${t.at}/defence`) ?? 0) + 1);
  for (const [k, n] of upper) if (n > 1) out.push(`${n} on the ${k} space`);
  if (s.activations > 3) out.push(`${s.activations} activations in a phase`);
  if (s.activation) {
    if (s.activation.mp < 0) out.push("negative movement");
    if (new Set(s.activation.actions).size !== s.activation.actions.length || s.activation.actions.length > 2) out.push(`actions ${s.activation.actions}`);
  }
  if (s.round > 6) out.push(`round ${s.round}`);
  return out;
}
const canonical = (x: unknown) => JSON.stringify(x);

describe("seed 004 게임 진행: bot playouts", () => {
  const cases = Array.from({ length: 6 }, (_, i) => ({ seed: `prop-${i}-5d2e`, botSeed: `prop-bot-${i}`, setup: i % 2 ? SETUP_2V2 : SETUP_1V1 }));
  test.each(cases)("match $seed: ends within five rounds plus overtime, keeps the invariants, replays to the same hash", (c) => {
    const { problems, played } = runKit({
      ruleset: siege,
      cases: [c],
      policy: siegeBotPolicy,
      invariants: (ctx) => invariants(ctx.state),
      replay: { determinismEvery: 1 },
    });
    problems.expectNone("termination", "invariants", "replay");
    expect(problems.kinds()).toEqual([]);
    expect(played[0]!.match.state.result).not.toBeNull();
    expect(played[0]!.match.state.round).toBeLessThanOrEqual(6);
  });
});

type SiegeStep = StepContext<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, SiegeView>;

/** Action-phase commands made by changing one field of a legal one of the awaited seat (places, targets, tokens, via). */
function mutations(ctx: SiegeStep): Probe[] {
  const s = ctx.state;
  if (s.phase !== "action") return [];
  const seat: SeatId = siege.awaiting(s)[0]!;
  const legal = ctx.legal(seat);
  const places = [...board.geometry("saltmarsh_cannery").spaces, "up:loft"];
  const ids = [...Object.keys(s.operators), ...s.tokens.map((t) => t.id), ...Object.keys(s.partitions).slice(0, 20), ...s.gadgets.map((g) => g.id)];
  const out: Probe[] = [];
  for (let k = 0; k < 12 && legal.length > 0; k++) {
    const base = ctx.rng.pick(legal) as unknown as Record<string, unknown>;
    const field = ctx.rng.pick(["to", "at", "via", "target", "aim", "token", "operator"]);
    const value = field === "target" || field === "token" || field === "operator" ? ctx.rng.pick(ids) : ctx.rng.pick(places);
    const command = { ...base, [field]: value };
    // A mutation that gives the same command back is no probe.
    if (canonicalJson(command) !== canonicalJson(base)) out.push({ seat, command });
  }
  return out;
}

describe("engine contract: legalCommands lists every command apply accepts", () => {
  test("over two bot matches, at every step, commands made by changing a field of a legal one (places, targets, tokens, via) are accepted by apply only when listed", () => {
    const { problems, counters } = runKit({
      ruleset: siege,
      cases: [SETUP_1V1, SETUP_2V2].map((setup, i) => ({ seed: `complete-${i}`, botSeed: `complete-bot-${i}`, setup, sampleSeed: `probes-${i}` })),
      policy: siegeBotPolicy,
      legal: { sample: 0, probes: mutations },
      replay: false,
    });
    problems.expectNone("termination", "unlisted", "timeout");
    expect(counters.get("probes")).toBeGreaterThan(500);
    // A run-out time bank's answer (onTimeout) is a command apply accepts, at every step.
    expect(counters.get("timeouts")).toBeGreaterThan(100);
    // The mutations do reach other legal commands, so a missing one would be noticed.
    expect(counters.get("probes accepted")).toBeGreaterThan(20);
  });
});
