/**
 * A load driver: a child process holding many clients of one server under test (BENCH_TARGET
 * fogwar | floor | bgio | bgio-ember at BENCH_URL), told what to do by the orchestrator over IPC:
 * - `open`: create and join `matches` matches (two players and `spectators` spectators each),
 *   and `spares` more held in reserve; `refill`: top the reserve up to `spares` again;
 * - `closed`: closed loop for `seconds`: each open match sends its next command as soon as the
 *   previous one is acknowledged;
 * - `paced`: each open match sends one command every `intervalS` seconds (first ones spread
 *   evenly over the interval) for `seconds`; a command still unanswered at its match's next slot
 *   makes that slot `late` (skipped);
 * - `joins`: create `n / 2` matches, then join their `n` players all at once, counting failures;
 * - `idle`: create `n` matches that nobody joins;
 * - `leaveAll`: every client leaves.
 * A match that ends during a loop is replaced by a spare, or by a new one when none is left. Answers carry round trips (ms),
 * accepted commands and the bytes the player and spectator sockets received.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { serve } from "./ipc.js";
import { bgioTarget } from "./clients/bgio.js";
import { bgioEmberTarget } from "./clients/bgio-ember.js";
import { floorTarget } from "./clients/floor.js";
import { fogwarTarget } from "./clients/fogwar.js";
import type { BenchMatch, Connection, RoundTrip, Target } from "./clients/target.js";

const url = process.env.BENCH_URL as string;
const kind = process.env.BENCH_TARGET;
// BENCH_EVENTS=0: the server sends no `events` messages (the bare room playing EMBER).
const makers: Record<string, (url: string) => unknown> = { fogwar: (url) => fogwarTarget(url, process.env.BENCH_EVENTS !== "0"), floor: floorTarget, bgio: bgioTarget, "bgio-ember": bgioEmberTarget };
const target = (makers[kind ?? ""]?.(url) ?? null) as Target<unknown> | null;
if (!target) throw new Error(`unknown BENCH_TARGET ${kind}`);

const matches: BenchMatch[] = [];
/** Matches opened ahead (between measured windows) to take the place of finished ones. */
const spares: BenchMatch[] = [];
let spectatorsPerMatch = 1;
let seeds = 0;

/** Runs `fn` over `items` with at most `limit` at once. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T);
      }
    }),
  );
  return out;
}

async function openMatch(): Promise<BenchMatch> {
  const created = await target!.create();
  const players: Connection[] = [];
  for (const seat of [0, 1]) players.push(await target!.join(created, seat));
  const spectators: Connection[] = [];
  for (let i = 0; i < spectatorsPerMatch; i++) spectators.push(await target!.join(created, null));
  return target!.play(created, players, spectators, `bench-${process.pid}-${seeds++}`);
}

/** Opens spare matches until there are `n`. */
async function refill(n: number): Promise<{ spares: number }> {
  const missing = Math.max(0, n - spares.length);
  spares.push(...(await pool(Array.from({ length: missing }, (_, i) => i), 10, () => openMatch())));
  return { spares: spares.length };
}

const sum = (cs: readonly Connection[]) => cs.reduce((n, c) => n + c.bytes, 0);
/** Adds (sign 1) or takes away (sign -1) the player sockets' bytes by part of `cs` to `into`. */
const addParts = (into: Record<string, number>, cs: readonly Connection[], sign: number) => {
  for (const c of cs) for (const [part, t] of c.parts ?? []) into[part] = (into[part] ?? 0) + sign * t.bytes;
};
const bytes = () => ({ player: matches.reduce((n, m) => n + sum(m.players), 0), spectator: matches.reduce((n, m) => n + sum(m.spectators), 0) });
const cpuMicros = () => {
  const cpu = process.cpuUsage();
  return cpu.user + cpu.system;
};

/** A loop's tally. */
interface Tally {
  accepted: number;
  late: number;
  unanswered: number;
  replaced: number;
  /** Replacements opened during the run because no spare was left (their creation and joins are in the window). */
  openedDuring: number;
  /** Round trips to the acknowledgement (ms). */
  trips: number[];
  /** Round trips as felt: acknowledgement, patch and events (ms). */
  felt: number[];
  playerBytes: number;
  spectatorBytes: number;
  /** Player bytes by part (patch, events, accepted, ...), where the clients tell them apart. */
  playerParts: Record<string, number>;
}

/** Plays match `i` until `end` (ms, performance.now()); `slot` gives the next send time (null: at once). */
async function loop(i: number, end: number, tally: Tally, paced: { intervalMs: number; first: number } | null): Promise<void> {
  let next = paced?.first ?? 0;
  for (;;) {
    if (paced) {
      if (next >= end) return;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    } else if (performance.now() >= end) return;
    let trip: RoundTrip | null = null;
    try {
      for (let tries = 0; trip === null; tries++) {
        let match = matches[i] as BenchMatch;
        if (tries > 0 || match.over) {
          if (tries > 3) throw new Error("new matches keep turning out to be over");
          // Bytes of the finished match are kept in the tally; the new match's count from zero.
          tally.playerBytes += sum(match.players);
          tally.spectatorBytes += sum(match.spectators);
          addParts(tally.playerParts, match.players, 1);
          await Promise.all([...match.players, ...match.spectators].map((c) => c.leave()));
          const spare = spares.pop();
          if (!spare) tally.openedDuring++;
          match = matches[i] = spare ?? (await openMatch());
          tally.playerBytes -= sum(match.players);
          tally.spectatorBytes -= sum(match.spectators);
          addParts(tally.playerParts, match.players, -1);
          tally.replaced++;
        }
        trip = await match.command();
      }
      tally.trips.push(trip.ack);
      tally.felt.push(trip.felt);
      tally.accepted++;
    } catch (error) {
      if (!paced || !/timed out/.test(String(error))) throw error;
      tally.unanswered++;
      return;
    }
    if (paced) {
      next += paced.intervalMs;
      while (next < performance.now()) {
        next += paced.intervalMs;
        tally.late++;
      }
    }
  }
}

/**
 * Runs every open match for `seconds` (paced at one command per `intervalS` per match, or closed
 * loop when null). Besides the tally: the window's length, this driver's CPU and its own event-loop
 * delay (p99 and max, ms, at 1 ms resolution): a round trip includes the time its answer waits for
 * this loop, so a driver's delay near a round trip's p99 says the figure is the driver's as much as
 * the server's.
 */
async function run(seconds: number, intervalS: number | null): Promise<Tally & { seconds: number; driverCpuMicros: number; driverLoopP99Ms: number; driverLoopMaxMs: number }> {
  const tally: Tally = { accepted: 0, late: 0, unanswered: 0, replaced: 0, openedDuring: 0, trips: [], felt: [], playerBytes: 0, spectatorBytes: 0, playerParts: {} };
  const before = bytes();
  for (const m of matches) addParts(tally.playerParts, m.players, -1);
  const cpu0 = cpuMicros();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  const intervalMs = (intervalS ?? 0) * 1000;
  await Promise.all(matches.map((_, i) => loop(i, end, tally, intervalS === null ? null : { intervalMs, first: t0 + (intervalMs * i) / matches.length })));
  const after = bytes();
  tally.playerBytes += after.player - before.player;
  tally.spectatorBytes += after.spectator - before.spectator;
  for (const m of matches) addParts(tally.playerParts, m.players, 1);
  delay.disable();
  return { ...tally, seconds: (performance.now() - t0) / 1000, driverCpuMicros: cpuMicros() - cpu0, driverLoopP99Ms: delay.percentile(99) / 1e6, driverLoopMaxMs: delay.max / 1e6 };
}

serve({
  open: async (r) => {
    spectatorsPerMatch = Number(r.spectators ?? 1);
    const n = Number(r.matches);
    const t0 = performance.now();
    matches.push(...(await pool(Array.from({ length: n }, (_, i) => i), Number(r.concurrency ?? 20), () => openMatch())));
    await refill(Number(r.spares ?? 0));
    return { opened: n, seconds: (performance.now() - t0) / 1000 };
  },
  refill: (r) => refill(Number(r.spares)),
  closed: (r) => run(Number(r.seconds), null),
  paced: (r) => run(Number(r.seconds), Number(r.intervalS)),
  joins: async (r) => {
    const n = Number(r.n);
    const created = await pool(Array.from({ length: Math.ceil(n / 2) }, (_, i) => i), 20, () => target!.create());
    const seats = Array.from({ length: n }, (_, i) => ({ created: created[Math.floor(i / 2)], seat: i % 2 }));
    const t0 = performance.now();
    const results = await Promise.allSettled(seats.map((s) => target!.join(s.created, s.seat)));
    const seconds = (performance.now() - t0) / 1000;
    const failures = results.flatMap((x) => (x.status === "rejected" ? [String(x.reason instanceof Error ? x.reason.message : x.reason)] : []));
    await Promise.all(results.map((x) => (x.status === "fulfilled" ? x.value.leave() : undefined)));
    const reasons: Record<string, number> = {};
    for (const f of failures) reasons[f.slice(0, 120)] = (reasons[f.slice(0, 120)] ?? 0) + 1;
    return { joins: n, failed: failures.length, reasons, seconds };
  },
  idle: async (r) => {
    const n = Number(r.n);
    const t0 = performance.now();
    let created = 0;
    let error: string | null = null;
    await pool(Array.from({ length: n }, (_, i) => i), Number(r.concurrency ?? 16), async () => {
      if (error) return;
      try {
        await target!.create();
        created++;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
    });
    return { created, error, seconds: (performance.now() - t0) / 1000 };
  },
  leaveAll: async () => {
    await pool([...matches.splice(0), ...spares.splice(0)], 50, (m) => Promise.all([...m.players, ...m.spectators].map((c) => c.leave())));
    return { left: true };
  },
});
process.once("SIGTERM", () => process.exit(0));
