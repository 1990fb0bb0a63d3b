/**
 * A table page's early session (./early-session.ts): `useMatch` adopts the session the page
 * started before React rendered, a route that asks first keeps its own (no second connection),
 * and a session nobody adopts is disposed.
 */
import { act, render } from "@testing-library/react";
import { MatchSession, NO_CHAT, type JoinSpec } from "@fogwar/client";
import { UNADOPTED_MS, startEarlySession, takeEarlySession } from "./early-session";
import { useMatch } from "./useMatch";

/** A session that never connects: it counts its starts and disposals. */
function fakeSession(): MatchSession & { starts: number; disposals: number } {
  const session = Object.create(MatchSession.prototype) as MatchSession & { starts: number; disposals: number };
  const snapshot = { status: "connecting", error: null, retry: null, unanswered: 0, welcome: null, seq: 0, view: null, caster: null, connected: {}, spectators: 0, events: [], clock: null, chat: NO_CHAT, notices: [] };
  Object.assign(session, {
    starts: 0,
    disposals: 0,
    subscribe: () => () => undefined,
    getSnapshot: () => snapshot,
    start() {
      session.starts += 1;
    },
    dispose() {
      session.disposals += 1;
    },
  });
  return session;
}

const seat = (token: string): JoinSpec => ({ role: "player", seat: "p1", token });

function Table({ matchId, join }: { matchId: string; join: JoinSpec }) {
  useMatch(matchId, join);
  return null;
}

afterEach(() => jest.useRealTimers());

test("useMatch adopts the page's early session of the same match and seat: started once, disposed when the table goes", () => {
  const early = fakeSession();
  startEarlySession("m-adopt", seat("a".repeat(32)), () => early);
  expect(early.starts).toBe(1);
  const shown = render(<Table matchId="m-adopt" join={seat("a".repeat(32))} />);
  expect(early.starts).toBe(1);
  expect(early.disposals).toBe(0);
  shown.unmount();
  expect(early.disposals).toBe(1);
});

test("taken once: another seat's or another match's route does not get it, and a second take gets nothing", () => {
  const early = fakeSession();
  startEarlySession("m-once", seat("b".repeat(32)), () => early);
  expect(takeEarlySession("m-once", seat("c".repeat(32)))).toBeUndefined();
  expect(takeEarlySession("m-other", seat("b".repeat(32)))).toBeUndefined();
  expect(takeEarlySession("m-once", seat("b".repeat(32)))).toBe(early);
  expect(takeEarlySession("m-once", seat("b".repeat(32)))).toBeUndefined();
});

test("a route that asked before the early session started keeps its own: the early one never starts (no second connection)", () => {
  expect(takeEarlySession("m-late", { role: "spectator" })).toBeUndefined();
  const early = fakeSession();
  startEarlySession("m-late", { role: "spectator" }, () => early);
  expect(early.starts).toBe(0);
});

test(`a session nobody adopts within ${UNADOPTED_MS} ms is disposed; an adopted one is left to its table`, () => {
  jest.useFakeTimers();
  const lost = fakeSession();
  const kept = fakeSession();
  startEarlySession("m-lost", { role: "spectator" }, () => lost);
  startEarlySession("m-kept", { role: "spectator" }, () => kept);
  expect(takeEarlySession("m-kept", { role: "spectator" })).toBe(kept);
  act(() => jest.advanceTimersByTime(UNADOPTED_MS - 1));
  expect(lost.disposals).toBe(0);
  act(() => jest.advanceTimersByTime(1));
  expect(lost.disposals).toBe(1);
  expect(kept.disposals).toBe(0);
  expect(takeEarlySession("m-lost", { role: "spectator" })).toBeUndefined();
});
