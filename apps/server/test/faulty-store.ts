/**
 * A `MatchStore` wrapper that injects database faults, for tests: the next append can fail after
 * it committed (a connection lost before the answer) or before (nothing stored), and the whole
 * store can be "down" (every call fails as node-postgres fails on a closed port, after the
 * store's error cleaning: a `StoreDatabaseError` with code ECONNREFUSED and the address in its
 * message, which must never reach a client).
 */
import { StoreDatabaseError, type MatchStore } from "../src/store/index.js";

/** The error node-postgres gives for a database that refuses connections (as the store cleans it). */
export const refused = (): StoreDatabaseError => new StoreDatabaseError("connect ECONNREFUSED 127.0.0.1:55999", "ECONNREFUSED", undefined);

/** What the next `appendEntry` does. */
export type AppendFault = "commit-then-throw" | "throw-without-commit" | "commit-then-down";

export interface FaultyStore extends MatchStore {
  /** The next append fails this way (once). */
  failNextAppend(fault: AppendFault): void;
  /** While true, every call (but `close`) fails with ECONNREFUSED. */
  down: boolean;
  /** The store underneath, unaffected by faults. */
  readonly inner: MatchStore;
}

/** Wraps `inner` with switchable faults (none until asked). */
export function faulty(inner: MatchStore): FaultyStore {
  let next: AppendFault | null = null;
  const store: FaultyStore = {
    inner,
    down: false,
    failNextAppend(fault) {
      next = fault;
    },
    createMatch: (m, s) => guard(() => inner.createMatch(m, s)),
    getMatch: (id) => guard(() => inner.getMatch(id)),
    getSeed: (id) => guard(() => inner.getSeed(id)),
    listMatches: (f) => guard(() => inner.listMatches(f)),
    seatForToken: (m, t) => guard(() => inner.seatForToken(m, t)),
    claimSeat: (m, s) => guard(() => inner.claimSeat(m, s)),
    entries: (m, a) => guard(() => inner.entries(m, a)),
    lastSeq: (m) => guard(() => inner.lastSeq(m)),
    finishMatch: (m, s, r) => guard(() => inner.finishMatch(m, s, r)),
    liveMatchIds: () => guard(() => inner.liveMatchIds()),
    findIdempotent: (k, e) => guard(() => inner.findIdempotent(k, e)),
    claimInvite: (m, s, g, c, t, a) => guard(() => inner.claimInvite(m, s, g, c, t, a)),
    hostAccess: (m, h) => guard(() => inner.hostAccess(m, h)),
    inviteAccess: (m) => guard(() => inner.inviteAccess(m)),
    reissueSeat: (m, s, g, t) => guard(() => inner.reissueSeat(m, s, g, t)),
    abandonUnclaimed: (c, k) => guard(() => inner.abandonUnclaimed(c, k)),
    abandonIdle: (c, k) => guard(() => inner.abandonIdle(c, k)),
    appendChat: (m, l) => guard(() => inner.appendChat(m, l)),
    chatLines: (m, n) => guard(() => inner.chatLines(m, n)),
    accounts: inner.accounts,
    lobby: inner.lobby,
    ratings: inner.ratings,
    social: inner.social,
    notifications: inner.notifications,
    push: inner.push,
    close: () => inner.close(),
    async appendEntry(matchId, entry, options) {
      const fault = next;
      next = null;
      if (fault === "throw-without-commit") throw new StoreDatabaseError("Connection terminated unexpectedly", undefined, undefined);
      const stored = await guard(() => inner.appendEntry(matchId, entry, options));
      if (fault === "commit-then-down") store.down = true;
      if (fault) throw new StoreDatabaseError("Connection terminated unexpectedly", undefined, undefined);
      return stored;
    },
  };
  function guard<T>(call: () => Promise<T>): Promise<T> {
    return store.down ? Promise.reject(refused()) : call();
  }
  return store;
}
