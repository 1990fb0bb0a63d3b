/**
 * Property playouts of the TRPG, run by the engine kit (`@fogwar/engine/testing`): seeded bot
 * matches in GM mode and versus terminate within the scenario's rounds (seed 002 3-1), replay bit
 * for bit from their logs (and the same seeds play the same match), keep the board's invariants
 * at every step; `legalCommands` lists every command `apply` accepts, and equals what a seat
 * computes from its own projection.
 */
import { canonicalJson, type SeatId } from "@fogwar/engine";
import { runKit, type Probe, type StepContext } from "@fogwar/engine/testing";
import { board, catalog, trpg, trpgBotPolicy, type TrpgCommand, type TrpgEvent, type TrpgSetup, type TrpgState, type TrpgView } from "../src";
import { GM_SETUP, PUMPHOUSE_VERSUS, QUARRY_GM, VERSUS_SETUP } from "./helpers";

/** The invariants every state keeps; an empty list when all hold. */
function invariants(s: TrpgState): string[] {
  const out: string[] = [];
  const squares = new Map<string, string>();
  const map = catalog.scenarios.get(s.scenario)!.map;
  for (const c of Object.values(s.characters)) {
    const arch = catalog.archetypes.get(c.archetype!)!;
    if (c.wounds < 0 || c.wounds > arch.stats.W) out.push(`${c.id} has ${c.wounds} W`);
    if (c.status === "dead") continue;
    if (!c.at) {
      out.push(`${c.id} is nowhere`);
      continue;
    }
    const k = `${c.at.x},${c.at.y}`;
    if (squares.has(k)) out.push(`${c.id} and ${squares.get(k)} share ${k}`);
    squares.set(k, c.id);
    if (!".h".includes(map.rows[c.at.y]![c.at.x]!)) out.push(`${c.id} stands on ${map.rows[c.at.y]![c.at.x]}`);
    if (c.concealed !== (c.concealment !== null)) out.push(`${c.id} concealed ${c.concealed} with ${JSON.stringify(c.concealment)}`);
    if (!c.known && !c.concealed) out.push(`${c.id} is seen but unknown`);
    if (c.status === "incapacitated" && c.side === "enemies" && s.mode === "versus") out.push(`enemy ${c.id} incapacitated in versus`);
    if (c.deathFails >= 3) out.push(`${c.id} alive with three failures`);
  }
  if (s.turn && s.turn.ap < 0) out.push(`negative AP ${s.turn.ap}`);
  if (s.phase === "turn" && s.result === null && s.turn === null && s.pending === null) out.push("a turn phase with no turn");
  if (s.phase === "round_end" && s.pending === null && s.roundEnd.length === 0) out.push("a round-end step awaiting nobody");
  if (s.round > catalog.scenarios.get(s.scenario)!.rounds) out.push(`round ${s.round}`);
  if (s.tasks.length > 0 && s.pending === null) out.push("tasks left without a decision");
  return out;
}

const SETUPS: readonly TrpgSetup[] = [VERSUS_SETUP, GM_SETUP, QUARRY_GM, PUMPHOUSE_VERSUS];

describe("seed 002 3-1 라운드, 턴: bot playouts", () => {
  const cases = Array.from({ length: 8 }, (_, i) => ({ seed: `prop-${i}-77c1`, botSeed: `prop-bot-${i}`, setup: SETUPS[i % SETUPS.length]! }));
  test.each(cases)("match $seed: ends within the scenario's rounds, keeps the invariants, replays to the same hash", (c) => {
    const { problems, played } = runKit({
      ruleset: trpg,
      cases: [c],
      policy: trpgBotPolicy,
      invariants: (ctx) => invariants(ctx.state),
      replay: { determinismEvery: 1, reorderKeys: true },
    });
    problems.expectNone("termination", "invariants", "replay");
    expect(problems.kinds()).toEqual([]);
    expect(played[0]!.match.state.result).not.toBeNull();
  });
});

type Step = StepContext<TrpgSetup, TrpgState, TrpgCommand, TrpgEvent, TrpgView>;

/** Commands made by changing one field of a legal one of the awaited seat (squares, targets, directions, choices). */
function mutations(ctx: Step): Probe[] {
  const s = ctx.state;
  const seat: SeatId | undefined = trpg.awaiting(s)[0];
  if (!seat) return [];
  const legal = ctx.legal(seat);
  const map = board.mapOf(s);
  const ids = Object.keys(s.characters);
  const out: Probe[] = [];
  for (let k = 0; k < 10 && legal.length > 0; k++) {
    const base = ctx.rng.pick(legal) as unknown as Record<string, unknown>;
    const field = ctx.rng.pick(["to", "at", "target", "targets", "after", "dir", "called", "burst", "choice", "character"]);
    const square = { x: ctx.rng.int(0, map.width - 1), y: ctx.rng.int(0, map.height - 1) };
    const value =
      field === "to" || field === "at" ? square : field === "targets" ? [ctx.rng.pick(ids)] : field === "dir" ? ctx.rng.int(0, 7) : field === "called" || field === "burst" ? ctx.rng.pick([true, false]) : field === "choice" ? ctx.rng.pick(["fire", "hold", "dodge", "take", "drop", "stand", "1", "2", "kill", "incapacitate"]) : ctx.rng.pick(ids);
    const command = { ...base, [field]: value };
    if (canonicalJson(command) !== canonicalJson(base)) out.push({ seat, command });
  }
  return out;
}

describe("engine contract: legalCommands lists every command apply accepts", () => {
  test("over four bot matches, at every step, commands made by changing a field of a legal one are accepted by apply only when listed, and a seat's own projection lists the same", () => {
    const { problems, counters } = runKit({
      ruleset: trpg,
      cases: SETUPS.map((setup, i) => ({ seed: `complete-${i}`, botSeed: `complete-bot-${i}`, setup, sampleSeed: `mutations-${i}` })),
      policy: trpgBotPolicy,
      legal: { sample: 3, probes: mutations },
      inView: 1,
      replay: false,
    });
    problems.expectNone("termination", "listed", "unlisted", "timeout", "in-view");
    expect(counters.get("probes")).toBeGreaterThan(500);
    expect(counters.get("timeouts")).toBeGreaterThan(100);
    expect(counters.get("probes accepted")).toBeGreaterThan(20);
    expect(counters.get("in-view")).toBeGreaterThan(500);
  });
});
