/**
 * The table's connection started early (./prejoin.ts): the table's `useMatch` adopts the session
 * the page started for the same match and join instead of opening a second one; a join asked for
 * by the table is never started again late; a session nobody adopts is closed.
 */
import { renderHook } from "@testing-library/react";

interface FakeSession {
  readonly matchId: string;
  starts: number;
  disposed: boolean;
}
/** Every session made, in order (the mocked client's `MatchSession` records itself here). */
const made: FakeSession[] = ((globalThis as { __sessions?: FakeSession[] }).__sessions = []);

jest.mock("@fogwar/client", () => {
  class MatchSession {
    starts = 0;
    disposed = false;
    constructor(readonly matchId: string) {
      (globalThis as unknown as { __sessions: unknown[] }).__sessions.push(this);
    }
    start() {
      this.starts++;
    }
    dispose() {
      this.disposed = true;
    }
    subscribe = () => () => undefined;
    private readonly snapshot = { status: "connecting", error: null, retry: null, unanswered: 0, welcome: null, seq: 0, view: null, caster: null, connected: {}, spectators: 0, events: [], clock: null, chat: { audiences: [], lines: [], refused: null }, notices: [] };
    getSnapshot = () => this.snapshot;
  }
  return { ...jest.requireActual("@fogwar/client"), MatchSession };
});

import { ADOPT_WITHIN_MS, adoptPrejoined, prejoin } from "./prejoin";
import { useMatch } from "./useMatch";

const seat = { role: "player" as const, seat: "p1", token: "t1" };

beforeEach(() => {
  made.length = 0;
});

test("the table adopts the session the page started for its match and seat: one connection, started once", () => {
  prejoin("m1", seat);
  prejoin("m1", seat); // a second render of the page
  expect(made).toHaveLength(1);
  const { result, unmount } = renderHook(() => useMatch("m1", { ...seat }));
  expect(made).toHaveLength(1);
  expect(made[0]!.starts).toBe(1);
  expect(result.current.status).toBe("connecting");
  unmount();
  expect(made[0]!.disposed).toBe(true);
});

test("a join the table asked for is not started again by a late page; another seat's is its own", () => {
  expect(adoptPrejoined("m2", seat)).toBeNull();
  prejoin("m2", seat);
  expect(made).toHaveLength(0);
  prejoin("m2", { role: "spectator" });
  expect(made).toHaveLength(1);
  expect(adoptPrejoined("m2", { role: "spectator" })).toBe(made[0]);
  expect(adoptPrejoined("m2", { role: "spectator" })).toBeNull();
});

test(`a session nobody adopts within ${ADOPT_WITHIN_MS} ms is closed`, () => {
  jest.useFakeTimers();
  try {
    prejoin("m3", seat);
    jest.advanceTimersByTime(ADOPT_WITHIN_MS - 1);
    expect(made[0]!.disposed).toBe(false);
    jest.advanceTimersByTime(1);
    expect(made[0]!.disposed).toBe(true);
    expect(adoptPrejoined("m3", seat)).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});
