/**
 * The retry timer: attempt numbers, waits from the shared policy, "retry now", reset.
 */
import { RetryTimer } from "../src/backoff";

describe("RetryTimer", () => {
  beforeEach(() => jest.useFakeTimers({ now: 10_000 }));
  afterEach(() => jest.useRealTimers());

  test("numbers attempts, waits 0.5 s doubling to 15 s, and starts over after a reset", () => {
    const timer = new RetryTimer(() => 0);
    const runs: number[] = [];
    const states = [1, 2, 3, 4, 5, 6, 7].map(() => timer.schedule(() => runs.push(timer.attempt)));
    expect(states.map((s) => s.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(states.map((s) => (s.nextAt ?? 0) - 10_000)).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000]);
    // Scheduling replaces the waiting attempt: only the last one runs.
    jest.advanceTimersByTime(15_000);
    expect(runs).toEqual([7]);
    expect(timer.waiting).toBe(false);
    timer.reset();
    expect(timer.schedule(() => undefined)).toEqual({ attempt: 1, nextAt: 25_500 });
    timer.cancel();
  });

  test("fireNow runs the waiting attempt at once, and only once", () => {
    const timer = new RetryTimer(() => 0.5);
    let runs = 0;
    expect(timer.fireNow()).toBe(false);
    expect(timer.schedule(() => runs++).nextAt).toBe(10_000 + 438); // 500 less 12.5% jitter
    expect(timer.fireNow()).toBe(true);
    expect(runs).toBe(1);
    jest.advanceTimersByTime(1000);
    expect(runs).toBe(1);
    expect(timer.fireNow()).toBe(false);
  });
});
