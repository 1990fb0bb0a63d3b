/**
 * The retry timer of a match connection: counts attempts, waits `retryDelay(attempt)` (0.5 s
 * doubling to 15 s, with jitter; see `retryDelay` in @fogwar/protocol) before each, and can be
 * told to try at once ("retry now"). Which failures are worth retrying is decided by
 * `closeVerdict` / `joinErrorVerdict` (also in @fogwar/protocol); this only keeps time.
 */
import { retryDelay } from "@fogwar/protocol";

export { closeVerdict, joinErrorVerdict, retryDelay, type RetryVerdict } from "@fogwar/protocol";

/** Where the retry stands: attempt number (1 = the first after the loss) and when it runs (epoch ms), or null while it runs. */
export interface RetryState {
  readonly attempt: number;
  readonly nextAt: number | null;
}

/** One pending retry at a time; `random` and `now` are injected for tests. */
export class RetryTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private run: (() => void) | null = null;
  private attempts = 0;

  constructor(
    private readonly random: () => number = Math.random,
    private readonly now: () => number = Date.now,
  ) {}

  /** Attempts scheduled since the last `reset` (0: none). */
  get attempt(): number {
    return this.attempts;
  }

  /** Whether a retry is waiting for its time. */
  get waiting(): boolean {
    return this.timer !== null;
  }

  /** Schedules the next attempt; returns its number and its time (epoch ms). Replaces any waiting one. */
  schedule(run: () => void): RetryState {
    this.cancel();
    this.attempts += 1;
    const delay = retryDelay(this.attempts, this.random);
    this.run = run;
    this.timer = setTimeout(() => this.fire(), delay);
    return { attempt: this.attempts, nextAt: this.now() + delay };
  }

  /** Runs the waiting attempt now; false when none is waiting. */
  fireNow(): boolean {
    if (!this.timer) return false;
    clearTimeout(this.timer);
    this.fire();
    return true;
  }

  private fire(): void {
    const run = this.run;
    this.timer = null;
    this.run = null;
    run?.();
  }

  /** Drops the waiting attempt, if any. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.run = null;
  }

  /** A connection succeeded (or was given up): the next loss starts again at attempt 1. */
  reset(): void {
    this.cancel();
    this.attempts = 0;
  }
}

/**
 * `promise`, or a rejection after `ms` with an error without a `code` (a network failure to
 * `joinErrorVerdict`); a value that arrives later is left (`leave(true)`) if it has a `leave`.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error("The join did not answer in time."));
      // A join that answers after all is left at once.
      void promise.then((late) => (late as { leave?: (consented: boolean) => Promise<unknown> })?.leave?.(true)).catch(() => undefined);
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
