/**
 * The early join (./early.ts): a table route starts the seat's connection before the table's code
 * has loaded, and the table's `useMatch` adopts it: one connection per seat, handed over once,
 * closed when nobody takes it.
 */
import { act, render } from "@testing-library/react";
import type { JoinSpec } from "@fogwar/client";
import * as early from "./early";
import * as hook from "./useMatch";

/** Every MatchSession made, in order (the SDK is not involved: the class is replaced). */
const made: FakeSession[] = [];
class FakeSession {
  started = 0;
  disposed = 0;
  constructor(
    readonly matchId: string,
    readonly join: JoinSpec,
  ) {
    made.push(this);
  }
  start() {
    this.started += 1;
  }
  dispose() {
    this.disposed += 1;
  }
  subscribe = () => () => undefined;
  getSnapshot = () => SNAPSHOT;
}
const SNAPSHOT = { status: "connecting", error: null, retry: null, unanswered: 0, welcome: null, seq: 0, view: null, caster: null, connected: {}, spectators: 0, events: [], clock: null, chat: { audiences: [], lines: [], refusal: null }, notices: [] };

// Read when a session is made (the factory runs as the modules under test load, before this file's classes exist).
jest.mock("@fogwar/client", () => ({
  get MatchSession() {
    return FakeSession;
  },
  NO_CHAT: { audiences: [], lines: [], refusal: null },
}));


const SEAT: JoinSpec = { role: "player", seat: "a", token: "0".repeat(32) };
const settle = () => act(async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
});

beforeEach(() => {
  made.length = 0;
});

describe("the early join (net/early.ts)", () => {
  test("a table route's early session is the one its table adopts: one connection for the seat, started once", async () => {
        early.startEarly("m1", SEAT);
    early.startEarly("m1", SEAT);
    await early.joinsSent();
    expect(made).toHaveLength(1);
    expect(made[0]!.started).toBe(1);
    function Table() {
      hook.useMatch("m1", SEAT);
      return null;
    }
    const view = render(<Table />);
    await settle();
    // Adopted, not joined again.
    expect(made).toHaveLength(1);
    expect(made[0]!.disposed).toBe(0);
    view.unmount();
    expect(made[0]!.disposed).toBe(1);
  });

  test("an early session is handed over once: a table mounted again (its retry) joins afresh", async () => {
        early.startEarly("m2", SEAT);
    const key = early.joinKeyOf("m2", SEAT);
    expect(early.takeEarly(key)).toBeDefined();
    expect(early.takeEarly(key)).toBeUndefined();
    // Another seat's or another match's key was never started.
    expect(early.takeEarly(early.joinKeyOf("m2", { role: "spectator" }))).toBeUndefined();
  });

  test("a table of another seat or match does not adopt the early session", async () => {
        early.startEarly("m3", SEAT);
    await early.joinsSent();
    function Table() {
      hook.useMatch("m3", { role: "player", seat: "b", token: "1".repeat(32) });
      return null;
    }
    render(<Table />);
    await settle();
    expect(made.map((s) => s.join.role === "player" && s.join.seat)).toEqual(["a", "b"]);
  });

  test("an early session nobody takes within UNCLAIMED_MS is closed", async () => {
    jest.useFakeTimers();
    try {
            early.startEarly("m4", SEAT);
      await early.joinsSent();
      jest.advanceTimersByTime(early.UNCLAIMED_MS - 1);
      expect(made[0]!.disposed).toBe(0);
      jest.advanceTimersByTime(1);
      await Promise.resolve();
      await Promise.resolve();
      expect(made[0]!.disposed).toBe(1);
      expect(early.takeEarly(early.joinKeyOf("m4", SEAT))).toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });

  test("a table unmounted before its early session has loaded closes it once it has", async () => {
        early.startEarly("m5", SEAT);
    function Table() {
      hook.useMatch("m5", SEAT);
      return null;
    }
    // Unmounted at once: the session's code had not loaded yet.
    render(<Table />).unmount();
    await early.joinsSent();
    await settle();
    expect(made).toHaveLength(1);
    expect(made[0]!.disposed).toBe(1);
  });
});
