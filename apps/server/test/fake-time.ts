/**
 * A fake time for server tests (design.md principle 3, time is data): `t` (ms) is what the server's
 * `timeNow` answers once a test passes `() => time.t` to `setNow`, and the room timers
 * (`setTimers`) fire only when the test moves the time on with `advance`.
 */
import type { Timers } from "../src/room-clock.js";

/** A fake time (ms) and timers that fire only when the test moves the time on. */
export class FakeTime implements Timers {
  private pending: { at: number; fn: () => void; id: number }[] = [];
  private next = 1;
  /** `t`: the time it starts at (ms). */
  constructor(public t = 1_800_000_000_000) {}
  set(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.push({ at: this.t + ms, fn, id });
    return id;
  }
  clear(handle: unknown): void {
    this.pending = this.pending.filter((p) => p.id !== handle);
  }
  /** Moves time on by `ms`, firing the timers that fall due (in order). */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = this.pending.filter((p) => p.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.t = Math.max(this.t, due.at);
      this.clear(due.id);
      due.fn();
    }
    this.t = end;
  }
}
