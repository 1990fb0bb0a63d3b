/**
 * The phases run against each server under test, each with fresh load drivers (child processes):
 * idle round trip, CPU per command (repeated), simultaneous joins, paced load, then on a fresh
 * server the idle matches. Each phase records the load average at its start and end, and where the
 * machine's CPU went during it (./machine.ts): a phase during which the rest of the machine was busy
 * is marked as taken under load.
 */
import { loadavg } from "node:os";
import { Child } from "./ipc.js";
import { cpuShares, readCpu, UNDER_LOAD_CORES, type CpuShares } from "./machine.js";
import type { Settings, TargetName } from "./settings.js";
import { startTarget, type RunningTarget } from "./servers/start.js";

/** What a driver's `closed` or `paced` run answers. */
interface RunTally {
  accepted: number;
  late: number;
  unanswered: number;
  replaced: number;
  openedDuring: number;
  /** Round trips (ms): sent to acknowledged. */
  trips: number[];
  /** Round trips as a player feels them (ms): sent to the acknowledgement, the patch and the events all received (./clients/target.ts). */
  felt: number[];
  playerBytes: number;
  spectatorBytes: number;
  playerParts: Record<string, number>;
  seconds: number;
  driverCpuMicros: number;
  /** The driver's own event-loop delay over the window (ms). */
  driverLoopP99Ms: number;
  driverLoopMaxMs: number;
}

/**
 * One phase's name, duration, the load average (1 min) at its start and end, where the machine's
 * CPU went during it (undefined without /proc) and whether it was taken under load (the rest of
 * the machine busier than UNDER_LOAD_CORES of a core; by the load average when /proc cannot tell).
 */
export interface PhaseLog {
  readonly phase: string;
  readonly seconds: number;
  readonly loadStart: number;
  readonly loadEnd: number;
  readonly cpu?: CpuShares;
  readonly underLoad: boolean;
}

/** Everything measured on one server under test. */
export interface TargetResult {
  readonly name: TargetName;
  /** What the measured commands were. */
  commands: string;
  /** Phase 1: round trip quantiles (ms), commands, and the server's CPU per accepted command (ms) over the window. */
  idle?: { p50: number; p99: number; feltP50: number; feltP99: number; n: number; cpuPerCommand: number };
  /** Phase 2; `playerParts`: bytes per command to a player by part (patch, events, accepted, ...), empty where the clients do not tell them apart. */
  cpu?: { reps: number[]; rates: number[]; playerBytes: number; spectatorBytes: number; playerParts: Record<string, number>; replaced: number; openedDuring: number };
  joins?: { joins: number; failed: number; reasons: Record<string, number>; seconds: number };
  paced?: {
    matches: number;
    p50: number;
    p99: number;
    /** The round trip as a player feels it (acknowledgement, patch and events), p50 and p99 (ms). */
    feltP50: number;
    feltP99: number;
    accepted: number;
    rate: number;
    late: number;
    unanswered: number;
    loopP99: number;
    loopMax: number;
    serverCorePct: number;
    /** PostgreSQL's processes on this machine during the window (% of a core; undefined without /proc). */
    postgresCorePct?: number;
    driverCorePct: number;
    /** The drivers' own event-loop delay over the window, the largest driver's p99 and max (ms; absent in older results). */
    driverLoopP99?: number;
    driverLoopMax?: number;
    openSeconds: number;
  };
  idleMatches?: { wanted: number; held: number; error: string | null; seconds: number; heapPerMatch: number; rssPerMatch: number; cpuRooms: number; cpuCorePct: number };
  readonly phases: PhaseLog[];
  /** Why the measurement stopped early (a phase failed, a server did not start); the figures before it stand. */
  error?: string;
}

/** The q-quantile of `values` (nearest rank). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

const DRIVER = new URL("./driver.ts", import.meta.url).pathname;
// The EMBER floor speaks the fogwar protocol, so the fogwar clients play it.
const driverKind = (name: TargetName) => (name.startsWith("fogwar") || name === "floor-ember" ? "fogwar" : name);

async function startDriver(target: RunningTarget, label: string): Promise<Child> {
  const { child } = await Child.start(label, DRIVER, { BENCH_TARGET: driverKind(target.name), BENCH_URL: target.url, BENCH_EVENTS: target.name === "floor-ember" ? "0" : "1" });
  return child;
}

/** Runs `body` as a phase: logs its line (with the load average) and records it. */
async function phase<T>(result: TargetResult, name: string, log: (line: string) => void, body: () => Promise<T>): Promise<T> {
  const loadStart = loadavg()[0] as number;
  const cpu0 = readCpu(Child.livePids());
  const t0 = performance.now();
  log(`  ${result.name}: ${name} ...`);
  const value = await body();
  const cpu = cpuShares(cpu0, readCpu(Child.livePids()));
  const loadEnd = loadavg()[0] as number;
  // PostgreSQL's processes are the server's own for fogwar-postgres, the rest of the machine for
  // every other server. Without /proc, the load average stands in: above the bench's own share.
  const outside = cpu ? cpu.otherCores + (result.name === "fogwar-postgres" ? 0 : cpu.postgresCores) : undefined;
  const underLoad = outside !== undefined ? outside > UNDER_LOAD_CORES : Math.max(loadStart, loadEnd) > 1.5;
  const entry: PhaseLog = { phase: name, seconds: (performance.now() - t0) / 1000, loadStart, loadEnd, ...(cpu ? { cpu } : {}), underLoad };
  result.phases.push(entry);
  const shares = cpu ? `; cores busy: bench ${cpu.benchCores.toFixed(2)}, PostgreSQL ${cpu.postgresCores.toFixed(2)}, the rest of the machine ${cpu.otherCores.toFixed(2)}` : "";
  log(`  ${result.name}: ${name} done in ${entry.seconds.toFixed(1)} s (load average ${loadStart.toFixed(2)} -> ${loadEnd.toFixed(2)}${shares})${underLoad ? ": TAKEN UNDER LOAD" : ""}`);
  return value;
}

/** Measures one server under test; throws when a server does not start or a phase fails. */
export async function measureTarget(name: TargetName, s: Settings, commands: string, log: (line: string) => void): Promise<TargetResult> {
  const result: TargetResult = { name, commands, phases: [] };
  try {
    return await measureInto(result, s, log);
  } catch (error) {
    // What was measured before the failure stays in the report and the results file.
    result.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return result;
  }
}

/** The phases of ./measureTarget, into `result`. @throws when a server does not start or a phase fails. */
async function measureInto(result: TargetResult, s: Settings, log: (line: string) => void): Promise<TargetResult> {
  const name = result.name;
  // The EMBER peers are there for the per-command comparisons (round trip, CPU, bytes); joins and
  // idle matches are measured on the small-game peers.
  const full = !name.endsWith("-ember");
  let target = await startTarget(name, s.databaseUrl);
  try {
    // 1. Round trip on an idle server: one match, closed loop (after a one-second warm-up).
    await phase(result, "idle round trip", log, async () => {
      const driver = await startDriver(target, `${name} driver`);
      try {
        await driver.call("open", { matches: 1, spectators: 1, spares: 4 });
        await driver.call("closed", { seconds: 1 });
        await driver.call("refill", { spares: 4 });
        const before = await target.stats();
        const run = await driver.call<RunTally>("closed", { seconds: s.idleSeconds });
        const after = await target.stats();
        result.idle = {
          p50: quantile(run.trips, 0.5),
          p99: quantile(run.trips, 0.99),
          feltP50: quantile(run.felt, 0.5),
          feltP99: quantile(run.felt, 0.99),
          n: run.trips.length,
          cpuPerCommand: (after.cpuMicros - before.cpuMicros) / 1000 / run.accepted,
        };
        log(`  ${name}: idle round trip p50 ${result.idle.p50.toFixed(2)} ms, server CPU ${result.idle.cpuPerCommand.toFixed(3)} ms per command (${run.accepted} commands)`);
      } finally {
        await driver.stop();
      }
    });

    // 2. CPU per accepted command: closed loop, repeated; bytes per command to a player.
    await phase(result, "CPU per command", log, async () => {
      const driver = await startDriver(target, `${name} driver`);
      try {
        // Spares take finished matches' places, so that no creation or join falls in a measured window.
        const spares = 4 * s.closedMatches;
        await driver.call("open", { matches: s.closedMatches, spectators: 1, spares });
        await driver.call("closed", { seconds: 2 });
        const cpu = { reps: [] as number[], rates: [] as number[], playerBytes: 0, spectatorBytes: 0, playerParts: {} as Record<string, number>, replaced: 0, openedDuring: 0 };
        let accepted = 0;
        for (let rep = 0; rep < s.repetitions; rep++) {
          await driver.call("refill", { spares });
          const before = await target.stats();
          const run = await driver.call<RunTally>("closed", { seconds: s.closedSeconds });
          const after = await target.stats();
          cpu.reps.push((after.cpuMicros - before.cpuMicros) / 1000 / run.accepted);
          log(`  ${name}: closed loop ${rep + 1}: ${(run.accepted / run.seconds).toFixed(0)} commands/s, server CPU ${(cpu.reps.at(-1) as number).toFixed(3)} ms per command, ${(run.playerBytes / run.accepted / 2).toFixed(0)} B per command to a player`);
          cpu.rates.push(run.accepted / run.seconds);
          cpu.playerBytes += run.playerBytes;
          cpu.spectatorBytes += run.spectatorBytes;
          for (const [part, n] of Object.entries(run.playerParts)) cpu.playerParts[part] = (cpu.playerParts[part] ?? 0) + n;
          cpu.replaced += run.replaced;
          cpu.openedDuring += run.openedDuring;
          accepted += run.accepted;
        }
        // Each accepted command reaches both players of its match (and its spectator).
        cpu.playerBytes /= accepted * 2;
        cpu.spectatorBytes /= accepted;
        for (const part of Object.keys(cpu.playerParts)) cpu.playerParts[part] = (cpu.playerParts[part] as number) / (accepted * 2);
        result.cpu = cpu;
        await driver.call("leaveAll");
      } finally {
        await driver.stop();
      }
    });

    // 3. Simultaneous joins.
    if (full) await phase(result, `${s.joins} simultaneous joins`, log, async () => {
      const driver = await startDriver(target, `${name} driver`);
      try {
        result.joins = await driver.call("joins", { n: s.joins });
      } finally {
        await driver.stop();
      }
    });

    // 4. Paced load.
    await phase(result, `paced load, ${s.pacedMatches} matches`, log, async () => {
      const drivers = await Promise.all(Array.from({ length: s.drivers }, (_, i) => startDriver(target, `${name} driver ${i + 1}`)));
      try {
        const t0 = performance.now();
        await Promise.all(drivers.map((d, i) => d.call("open", { matches: Math.floor(s.pacedMatches / s.drivers) + (i < s.pacedMatches % s.drivers ? 1 : 0), spectators: 1, concurrency: 10 })));
        const openSeconds = (performance.now() - t0) / 1000;
        const before = await target.child.call<{ cpuMicros: number }>("reset");
        const cpu0 = readCpu(Child.livePids());
        const runs = await Promise.all(drivers.map((d) => d.call<RunTally>("paced", { seconds: s.pacedSeconds, intervalS: s.paceSeconds })));
        const after = await target.stats();
        const shares = cpuShares(cpu0, readCpu(Child.livePids()));
        const trips = runs.flatMap((r) => r.trips);
        const felt = runs.flatMap((r) => r.felt);
        const seconds = Math.max(...runs.map((r) => r.seconds));
        const accepted = runs.reduce((n, r) => n + r.accepted, 0);
        result.paced = {
          matches: s.pacedMatches,
          p50: quantile(trips, 0.5),
          p99: quantile(trips, 0.99),
          feltP50: quantile(felt, 0.5),
          feltP99: quantile(felt, 0.99),
          accepted,
          rate: accepted / seconds,
          late: runs.reduce((n, r) => n + r.late, 0),
          unanswered: runs.reduce((n, r) => n + r.unanswered, 0),
          loopP99: after.loopP99Ms,
          loopMax: after.loopMaxMs,
          serverCorePct: ((after.cpuMicros - before.cpuMicros) / 1e6 / seconds) * 100,
          ...(shares ? { postgresCorePct: shares.postgresCores * 100 } : {}),
          driverCorePct: (runs.reduce((n, r) => n + r.driverCpuMicros, 0) / 1e6 / seconds) * 100,
          driverLoopP99: Math.max(...runs.map((r) => r.driverLoopP99Ms)),
          driverLoopMax: Math.max(...runs.map((r) => r.driverLoopMaxMs)),
          openSeconds,
        };
        const cpuMs = ((after.cpuMicros - before.cpuMicros) / 1000) / accepted;
        log(`  ${name}: paced load: ${result.paced.rate.toFixed(0)} commands/s accepted, server CPU ${cpuMs.toFixed(3)} ms per command, round trip p99 ${result.paced.p99.toFixed(1)} ms (as felt ${result.paced.feltP99.toFixed(1)} ms), the driver's own event-loop delay p99 ${result.paced.driverLoopP99!.toFixed(1)} ms`);
        await Promise.all(drivers.map((d) => d.call("leaveAll")));
      } finally {
        await Promise.all(drivers.map((d) => d.stop()));
      }
    });
  } finally {
    await target.stop();
  }

  // 5. Idle matches, on a fresh server: CPU of the first idleCpuRooms, then memory per match.
  if (!full) return result;
  target = await startTarget(name, s.databaseUrl);
  try {
    await phase(result, `idle matches, up to ${s.idleMatches}`, log, async () => {
      const driver = await startDriver(target, `${name} driver`);
      try {
        await driver.call("idle", { n: 1 });
        const base = await target.child.call<{ heapUsed: number; rss: number }>("gc");
        const t0 = performance.now();
        const first = await driver.call<{ created: number; error: string | null }>("idle", { n: Math.min(s.idleCpuRooms, s.idleMatches) });
        if (first.error) throw new Error(`creating idle matches: ${first.error}`);
        await target.child.call("gc");
        await new Promise((r) => setTimeout(r, 1000));
        const c0 = await target.stats();
        const w0 = performance.now();
        await new Promise((r) => setTimeout(r, s.idleCpuSeconds * 1000));
        const c1 = await target.stats();
        const cpuCorePct = ((c1.cpuMicros - c0.cpuMicros) / 1e6 / ((performance.now() - w0) / 1000)) * 100;
        let held = first.created;
        let error: string | null = null;
        const deadline = t0 + s.idleMaxSeconds * 1000;
        while (held < s.idleMatches && performance.now() < deadline) {
          const step = await driver.call<{ created: number; error: string | null }>("idle", { n: Math.min(500, s.idleMatches - held) });
          held += step.created;
          if (step.error) {
            error = step.error;
            break;
          }
        }
        if (!error && held < s.idleMatches) error = `stopped after ${s.idleMaxSeconds} s (BENCH_IDLE_MAX_SECONDS)`;
        const after = await target.child.call<{ heapUsed: number; rss: number }>("gc");
        result.idleMatches = {
          wanted: s.idleMatches,
          held,
          error,
          seconds: (performance.now() - t0) / 1000,
          heapPerMatch: (after.heapUsed - base.heapUsed) / held,
          rssPerMatch: (after.rss - base.rss) / held,
          cpuRooms: first.created,
          cpuCorePct,
        };
      } finally {
        await driver.stop();
      }
    });
  } finally {
    await target.stop();
  }
  return result;
}
