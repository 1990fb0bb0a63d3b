/** Timing for the benchmarks: how many units of work a body does per second. */

/** One benchmark row: a label, a rate and its unit. */
export interface Row {
  readonly label: string;
  readonly rate: number;
  readonly unit: string;
}

/**
 * Runs `body` once to warm up, then again until `minMs` milliseconds have passed, and returns the
 * rate: the sum of `count()` after each run, per second.
 */
export function time(label: string, unit: string, count: () => number, body: () => unknown, minMs = 1500): Row {
  body(); // warm-up
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    body();
    n += count();
    elapsed = performance.now() - start;
  }
  return { label, rate: (n * 1000) / elapsed, unit };
}
