/**
 * The notification outbox (apps/server/src/store/notification-contract.ts) on the embedded
 * database and, when TEST_DATABASE_URL is set, on PostgreSQL: notifications owed by a log entry
 * commit with it or not at all, once per dedupe key, to the account holding the seat; claims are
 * leases (two claimers never hold one row; a lapsed lease is claimed again; a claimer that lost
 * its lease settles nothing); staleness and digest facts (match progress, last sent).
 */
import { randomBytes } from "node:crypto";
import { SequenceConflictError, openStore, type MatchStore, type NewNotification, type NewSeat, type StoredEntry } from "../src/store/index.js";
import { freshPostgresUrl } from "./harness";

jest.setTimeout(90_000);

const id = (label: string) => `${label}-${randomBytes(6).toString("hex")}`;

const targets: { name: string; url: () => Promise<string | null | undefined> }[] = [
  { name: "PGlite in memory", url: async () => undefined },
  { name: "PostgreSQL", url: () => freshPostgresUrl("notification_outbox") },
];

function entry(seq: number, seat: string): StoredEntry {
  return { seq, seat, command: { type: "move", n: seq }, events: [], stateHash: `h${seq}`, acceptedAt: 1_000 + seq };
}

/** A `your_move` for `seat` owed by entry `seq` at time `at`. */
function yourMove(matchId: string, seat: string, seq: number, at = 1_000): NewNotification {
  return { kind: "your_move", seat, matchId, causeSeq: seq, dedupeKey: `your_move/${matchId}/${seat}/${seq}`, payload: { kind: "your_move", url: `/play/${matchId}` }, owedAt: at, dueAt: at };
}

describe.each(targets)("notification outbox on $name", ({ url }) => {
  const stores: MatchStore[] = [];
  let databaseUrl: string | null | undefined;
  beforeAll(async () => {
    databaseUrl = await url();
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
  });
  const open = async (): Promise<MatchStore | null> => {
    if (databaseUrl === null) return null;
    // One embedded database for the file (each takes seconds to open).
    if (!databaseUrl && stores[0]) return stores[0];
    const store = await openStore(databaseUrl ? { databaseUrl } : {});
    stores.push(store);
    return store;
  };

  /** A match of two seats: red held by a new account, blue by another (or by nobody). */
  async function match(store: MatchStore, blueHasAccount = true): Promise<{ matchId: string; red: string; blue: string | null }> {
    const red = id("acc");
    const blue = blueHasAccount ? id("acc") : null;
    for (const a of [red, blue]) if (a) await store.accounts.createAccount({ id: a, kind: "guest", name: `g-${a}`, seatSecret: id("s") });
    const matchId = id("m");
    const seats: NewSeat[] = [
      { seat: "red", playerName: "Red", tokenHash: `r-${matchId}`, accountId: red },
      { seat: "blue", playerName: "Blue", tokenHash: `b-${matchId}`, ...(blue ? { accountId: blue } : {}) },
    ];
    await store.createMatch({ id: matchId, ruleset: "ember", rulesVersion: "v", scenario: "s", setup: null, seed: "x", seedCommitment: "c", options: {} }, seats);
    return { matchId, red, blue };
  }

  test("an entry's notifications commit with it, to the seat's account, once per key; a seat without an account owes nothing", async () => {
    const store = await open();
    if (!store) return;
    const { matchId, red, blue } = await match(store);
    // The append says how many it stored (the caller wakes the deliverer only then).
    await expect(store.appendEntry(matchId, entry(1, "red"), { notify: [yourMove(matchId, "blue", 1)] })).resolves.toEqual({ owed: 1 });
    const owed = await store.notifications.owedTo(blue!);
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ accountId: blue, kind: "your_move", matchId, causeSeq: 1, dueAt: 1_000, doneAt: null, payload: { kind: "your_move", url: `/play/${matchId}` } });
    // Owing the same key again (an append retried elsewhere) owes nothing more.
    expect(await store.notifications.owe([yourMove(matchId, "blue", 1)])).toBe(0);
    expect(await store.notifications.owedTo(blue!)).toHaveLength(1);
    expect(await store.notifications.owedTo(red)).toHaveLength(0);
    // A seat nobody's account holds: the entry is stored, nothing is owed.
    const anonymous = await match(store, false);
    await expect(store.appendEntry(anonymous.matchId, entry(1, "red"), { notify: [yourMove(anonymous.matchId, "blue", 1)] })).resolves.toEqual({ owed: 0 });
    expect(await store.lastSeq(anonymous.matchId)).toBe(1);
    // Appends of one round go in one statement: each still hears of its own rows only.
    const a = await match(store);
    const b = await match(store, false);
    const both = await Promise.all([
      store.appendEntry(a.matchId, entry(1, "red"), { notify: [yourMove(a.matchId, "blue", 1)] }),
      store.appendEntry(a.matchId, entry(2, "blue"), { notify: [yourMove(a.matchId, "red", 2)] }),
      store.appendEntry(b.matchId, entry(1, "red"), { notify: [yourMove(b.matchId, "blue", 1)] }),
      store.appendEntry(b.matchId, entry(2, "blue")),
    ]);
    expect(both).toEqual([{ owed: 1 }, { owed: 1 }, { owed: 0 }, { owed: 0 }]);
  });

  test("a seat claimed with an account after the match began is owed from then on", async () => {
    const store = await open();
    if (!store) return;
    // No seat bound to an account at first.
    const matchId = id("m");
    await store.createMatch({ id: matchId, ruleset: "ember", rulesVersion: "v", scenario: "s", setup: null, seed: "x", seedCommitment: "c", options: {} }, [
      { seat: "red", playerName: "Red", tokenHash: `r-${matchId}` },
      { seat: "blue", playerName: "Blue", tokenHash: `b-${matchId}` },
    ]);
    await expect(store.appendEntry(matchId, entry(1, "red"), { notify: [yourMove(matchId, "blue", 1)] })).resolves.toEqual({ owed: 0 });
    const account = id("acc");
    await store.accounts.createAccount({ id: account, kind: "guest", name: `g-${account}`, seatSecret: id("s") });
    await expect(store.claimInvite(matchId, "blue", 0, "claim-key", "new-token", account)).resolves.toBe("claimed");
    await expect(store.appendEntry(matchId, entry(2, "red"), { notify: [yourMove(matchId, "blue", 2)] })).resolves.toEqual({ owed: 1 });
    expect((await store.notifications.owedTo(account)).map((n) => n.causeSeq)).toEqual([2]);
  });

  test("attack: an account whose seat the host reissued is owed nothing of the match from then on (no move, no result)", async () => {
    const store = await open();
    if (!store) return;
    const { matchId, blue } = await match(store);
    await expect(store.appendEntry(matchId, entry(1, "red"), { notify: [yourMove(matchId, "blue", 1)] })).resolves.toEqual({ owed: 1 });
    // The host takes the seat back: a new invite, the old holder's account unbound.
    expect(await store.reissueSeat(matchId, "blue", 0, "fresh-token")).toBe(true);
    await expect(store.appendEntry(matchId, entry(2, "red"), { notify: [yourMove(matchId, "blue", 2)] })).resolves.toEqual({ owed: 0 });
    const over: NewNotification = { kind: "match_over", seat: "blue", matchId, causeSeq: 3, dedupeKey: `match_over/${matchId}/blue`, payload: { kind: "match_over", url: "/" }, owedAt: 5, dueAt: 5 };
    await expect(store.appendEntry(matchId, entry(3, "red"), { finish: { status: "finished", result: { winner: "red" } }, notify: [over] })).resolves.toEqual({ owed: 0 });
    expect((await store.notifications.owedTo(blue!)).map((n) => n.causeSeq)).toEqual([1]);
  });

  test("an append that fails owes nothing; one that finishes the match owes with it", async () => {
    const store = await open();
    if (!store) return;
    const { matchId, red, blue } = await match(store);
    await store.appendEntry(matchId, entry(1, "red"));
    await expect(store.appendEntry(matchId, entry(1, "red"), { notify: [yourMove(matchId, "blue", 1)] })).rejects.toBeInstanceOf(SequenceConflictError);
    expect(await store.notifications.owedTo(blue!)).toHaveLength(0);
    const over = (seat: string, account: string): NewNotification => ({ kind: "match_over", accountId: account, seat, matchId, causeSeq: 2, dedupeKey: `match_over/${matchId}/${seat}`, payload: { kind: "match_over", url: "/" }, owedAt: 5, dueAt: 5 });
    await expect(store.appendEntry(matchId, entry(2, "blue"), { finish: { status: "finished", result: { winner: "blue" } }, notify: [over("red", red), over("blue", blue!)] })).resolves.toEqual({ owed: 2 });
    expect((await store.getMatch(matchId))?.status).toBe("finished");
    expect((await store.notifications.owedTo(red)).map((n) => n.kind)).toEqual(["match_over"]);
    expect((await store.notifications.owedTo(blue!)).map((n) => n.kind)).toEqual(["match_over"]);
  });

  test("claims are leases: two claimers at once never hold one row; a lapsed lease is claimed again; the loser settles nothing", async () => {
    const first = await open();
    if (!first) return;
    // On PostgreSQL the second claimer is another store (another process's pool); embedded: the same store.
    const second = databaseUrl ? (await open())! : first;
    const rows: NewNotification[] = [];
    const accounts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { matchId, blue } = await match(first);
      accounts.push(blue!);
      rows.push(yourMove(matchId, "blue", 1, 10_000 + i));
    }
    // Rows of the other tests (due earlier) are taken out of the way for good.
    await first.notifications.claimDue("Z", 9_999, 1e12, 1000);
    expect(await first.notifications.owe(rows)).toBe(6);
    const mine = (r: { accountId: string }) => accounts.includes(r.accountId);
    const now = 20_000;
    // Claims race; each gets what the other did not.
    const [a, b] = await Promise.all([first.notifications.claimDue("A", now, 1_000, 4), second.notifications.claimDue("B", now, 1_000, 4)]);
    const claimedA = a.filter(mine).map((r) => r.id);
    const claimedB = b.filter(mine).map((r) => r.id);
    expect(claimedA.filter((x) => claimedB.includes(x))).toEqual([]);
    // Not due yet for anyone else while the leases hold.
    const rest = (await first.notifications.claimDue("C", now + 500, 1_000, 100)).filter(mine);
    expect([...claimedA, ...claimedB, ...rest.map((r) => r.id)].sort()).toHaveLength(6);
    expect((await first.notifications.claimDue("C", now + 900, 1_000, 100)).filter(mine)).toEqual([]);
    // A's lease lapses: C claims A's rows; A can no longer settle them.
    const again = (await first.notifications.claimDue("C", now + 1_001, 1_000, 100)).filter(mine);
    expect(again.map((r) => r.id).sort()).toEqual([...claimedA, ...claimedB].sort());
    expect(again.every((r) => r.attempts === 2)).toBe(true);
    expect(await first.notifications.settle("A", now + 1_002, claimedA.map((x) => ({ id: x, done: true, outcome: { outcome: "sent" } })))).toEqual([]);
    // C settles: done rows stay done; a deferred row falls due again at its new time.
    const [deferred, ...done] = again;
    const settled = await first.notifications.settle("C", now + 1_002, [...done.map((r) => ({ id: r.id, done: true, outcome: { outcome: "sent", channels: {} } })), { id: deferred!.id, done: false, dueAt: now + 60_000, outcome: { outcome: "deferred" } }]);
    expect(settled.sort()).toEqual(again.map((r) => r.id).sort());
    expect((await first.notifications.claimDue("D", now + 59_000, 1_000, 100)).filter(mine)).toEqual([]);
    const late = (await first.notifications.claimDue("D", now + 60_000, 1_000, 100)).filter(mine);
    expect(late.map((r) => r.id)).toEqual([deferred!.id]);
    expect(late[0]!.outcome).toEqual({ outcome: "deferred" });
    const sentTo = done[0]!.accountId;
    expect((await first.notifications.lastSentAt([sentTo]))[sentTo]).toBeGreaterThan(0);
    expect(await first.notifications.nextDue()).not.toBeNull();
  });

  test("match progress: status and each seat's last entry", async () => {
    const store = await open();
    if (!store) return;
    const { matchId } = await match(store);
    await store.appendEntry(matchId, entry(1, "red"));
    await store.appendEntry(matchId, entry(2, "blue"));
    await store.appendEntry(matchId, entry(3, "red"));
    expect(await store.notifications.matchProgress([matchId, "no-such-match"])).toEqual([{ matchId, status: "live", lastActs: { red: 3, blue: 2 } }]);
  });
});
