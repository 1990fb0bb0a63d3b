/**
 * Command validation against a command's whole cost: for EMBER and Siege, times `parseCommand`
 * (the zod 4 schema's `safeParse`) and the ruleset's `apply` (which parses first) on the commands
 * bots played in seeded matches, in ns per command. No thresholds; compare runs by eye
 * (design.md, "Validation").
 *
 *   cd packages/rules-archive && pnpm exec tsx bench/parse.bench.ts
 */
/// <reference types="node" />
import { autoplay, type BotPolicy, type Ruleset, type SeatId } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, parseCommand as parseEmber, type EmberSetup } from "@fogwar/ember";
import { parseCommand as parseSiege, siege, siegeBotPolicy, type SiegeSetup } from "@fogwar/siege";

const RUN_MS = 1000;

/** Sink so the JIT cannot drop work whose result is unused. */
let sink = 0;

/** Nanoseconds per item of `items` through `f`, over about RUN_MS after a warm-up pass. */
function nsPer<T>(items: readonly T[], f: (item: T) => unknown): number {
  for (const item of items) if (f(item)) sink++;
  let n = 0;
  const start = process.hrtime.bigint();
  const until = start + BigInt(RUN_MS) * 1_000_000n;
  let now = start;
  while (now < until) {
    for (const item of items) if (f(item)) sink++;
    n += items.length;
    now = process.hrtime.bigint();
  }
  return Number(now - start) / n;
}

/** The (state before, seat, command) of every command bots played in a match of each setup. */
function played<Setup, State, Command extends { type: string }, Event, View>(
  ruleset: Ruleset<Setup, State, Command, Event, View>,
  setups: readonly Setup[],
  policy: BotPolicy<Command>,
): { state: State; seat: SeatId; command: Command }[] {
  const out: { state: State; seat: SeatId; command: Command }[] = [];
  setups.forEach((setup, i) => {
    let before = ruleset.setup(setup, `bench-${i}`).state;
    autoplay(ruleset, setup, `bench-${i}`, `bench-bot-${i}`, {
      policy,
      onCommand: (m, seat, command) => {
        out.push({ state: before, seat, command });
        before = m.state;
      },
    });
  });
  return out;
}

const armies = catalog.data.armies;
const emberSetups = [0, 1, 2, 3].map((i): EmberSetup => ({ scenario: "crossroads", seats: ["p1", "p2"], armies: { p1: armies[(i % 3) * 2]!, p2: armies[((i + 1) % 3) * 2]! } }) as EmberSetup);
const siegeSetups: SiegeSetup[] = [0, 1, 2, 3].map(() => ({ mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } }));
const emberPlays = played(ember, emberSetups, emberBotPolicy);
const siegePlays = played(siege, siegeSetups, siegeBotPolicy);

const rows: string[] = [];
for (const [name, plays, parse, apply] of [
  ["EMBER", emberPlays, parseEmber, (p: (typeof emberPlays)[number]) => (ember.apply as (s: unknown, c: unknown, seat: SeatId) => { ok: boolean })(p.state, p.command, p.seat).ok],
  ["Siege", siegePlays, parseSiege, (p: (typeof siegePlays)[number]) => (siege.apply as (s: unknown, c: unknown, seat: SeatId) => { ok: boolean })(p.state, p.command, p.seat).ok],
] as const) {
  const commands = plays.map((p) => JSON.parse(JSON.stringify(p.command)) as unknown);
  const zod = nsPer(commands, (c) => parse(c));
  const applied = nsPer(plays, apply);
  rows.push(`${name.padEnd(6)} ${String(commands.length).padStart(6)} commands   zod safeParse ${zod.toFixed(0).padStart(6)} ns   apply ${applied.toFixed(0).padStart(8)} ns   zod/apply ${((100 * zod) / applied).toFixed(1)}%`);
}
console.log(rows.join("\n"));
if (sink === -1) console.log(sink);
