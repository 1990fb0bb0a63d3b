export { closeVerdict, joinErrorVerdict, retryDelay, type RetryVerdict } from "@fogwar/protocol";
/** Where the retry stands: attempt number (1 = the first after the loss) and when it runs (epoch ms), or null while it runs. */
export interface RetryState {
    readonly attempt: number;
    readonly nextAt: number | null;
}
/** One pending retry at a time; `random` and `now` are injected for tests. */
export declare class RetryTimer {
    private readonly random;
    private readonly now;
    private timer;
    private run;
    private attempts;
    constructor(random?: () => number, now?: () => number);
    /** Attempts scheduled since the last `reset` (0: none). */
    get attempt(): number;
    /** Whether a retry is waiting for its time. */
    get waiting(): boolean;
    /** Schedules the next attempt; returns its number and its time (epoch ms). Replaces any waiting one. */
    schedule(run: () => void): RetryState;
    /** Runs the waiting attempt now; false when none is waiting. */
    fireNow(): boolean;
    private fire;
    /** Drops the waiting attempt, if any. */
    cancel(): void;
    /** A connection succeeded (or was given up): the next loss starts again at attempt 1. */
    reset(): void;
}
/**
 * `promise`, or a rejection after `ms` with an error without a `code` (a network failure to
 * `joinErrorVerdict`); a value that arrives later is left (`leave(true)`) if it has a `leave`.
 */
export declare function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T>;
