/** Timing for the benchmarks: how many units of work a body does per second. */
import type { Ruleset, SeatId } from "@fogwar/engine";

/** One benchmark row: a label, a rate and its unit, and the CPU time per unit of this process. */
export interface Row {
  readonly label: string;
  readonly rate: number;
  readonly unit: string;
  /** Milliseconds of this process's CPU (user + system, all its threads) per unit of work. */
  readonly cpuMs?: number;
}

/**
 * Runs `body` once to warm up, then again until `minMs` milliseconds have passed, and returns the
 * rate: the sum of `count()` after each run, per second of wall time, with the CPU time per unit
 * (steadier than the wall time on a shared machine).
 */
export function time(label: string, unit: string, count: () => number, body: () => unknown, minMs = 1500): Row {
  body(); // warm-up
  let n = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  let elapsed = 0;
  while (elapsed < minMs) {
    body();
    n += count();
    elapsed = performance.now() - start;
  }
  const used = process.cpuUsage(cpu);
  return { label, rate: (n * 1000) / elapsed, unit, cpuMs: (used.user + used.system) / 1000 / n };
}

/** Wall time spent in a ruleset's `legalCommands` and `apply` while bots play, and the call counts. */
export interface InMatchTimes {
  legalMs: number;
  legalCalls: number;
  applyMs: number;
  applyCalls: number;
}

/**
 * The ruleset with `legalCommands` and `apply` timed call by call into `times`: hand it to
 * `autoplay` to measure them inside real bot matches.
 */
export function timedRuleset<Setup, State, Command, Event, View>(
  ruleset: Ruleset<Setup, State, Command, Event, View>,
  times: InMatchTimes,
): Ruleset<Setup, State, Command, Event, View> {
  return {
    ...ruleset,
    legalCommands(state: State, seat: SeatId) {
      const start = performance.now();
      const list = ruleset.legalCommands(state, seat);
      times.legalMs += performance.now() - start;
      times.legalCalls++;
      return list;
    },
    apply(state: State, command: Command, seat: SeatId) {
      const start = performance.now();
      const result = ruleset.apply(state, command, seat);
      times.applyMs += performance.now() - start;
      times.applyCalls++;
      return result;
    },
  };
}

/** Prints rows under a title: the rate, and the CPU time per unit when measured. */
export function printRows(rows: readonly Row[], extra: readonly [string, string][] = []): void {
  const width = Math.max(...rows.map((r) => r.label.length), ...extra.map(([label]) => label.length));
  for (const r of rows) {
    const cpu = r.cpuMs === undefined ? "" : `   (${r.cpuMs < 1 ? r.cpuMs.toFixed(4) : r.cpuMs.toFixed(2)} ms CPU each)`;
    console.log(`  ${r.label.padEnd(width)}  ${r.rate.toFixed(r.rate < 100 ? 1 : 0).padStart(12)} ${r.unit}${cpu}`);
  }
  for (const [label, text] of extra) console.log(`  ${label.padEnd(width)}  ${text}`);
}

/** Milliseconds with four decimals, right-aligned like the rates. */
export const ms = (value: number): string => value.toFixed(4).padStart(12);
