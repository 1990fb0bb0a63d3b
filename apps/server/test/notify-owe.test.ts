/**
 * Who is owed what (apps/server/src/notify/owe.ts, docs/design.md "Notifications"), and when an
 * owed notification is no longer true (apps/server/src/notify/stale.ts).
 */
import { keyOf, oweChallenge, oweForEntry, oweJoined, seatOfKey, warnBefore, WARN_MIN_REMAINING_MS, type MatchFacts, type MatchInfo } from "../src/notify/owe.js";
import { challengeOfKey, isStale } from "../src/notify/stale.js";

const HOUR = 3_600_000;
const info: MatchInfo = {
  matchId: "m1",
  ruleset: "ember",
  scenario: "outpost",
  players: [
    { seat: "p1", name: "Ann" },
    { seat: "p2", name: "Bo" },
    { seat: "p3", name: "Bot" },
  ],
  bots: new Set(["p3"]),
};
const facts = (awaiting: string[], clocks: MatchFacts["clocks"] = [], result: MatchFacts["result"] = null): MatchFacts => ({ awaiting, clocks, result });

describe("owing an entry's notifications", () => {
  test("your_move goes to the seats newly awaited, never to a bot nor to the seat that acted; the payload names the match, the actor and whose turn", () => {
    const owed = oweForEntry(info, { seq: 4, seat: "p1", referee: false, at: 1_000 }, facts(["p1"]), facts(["p2", "p3", "p1"]));
    expect(owed).toEqual([
      {
        kind: "your_move",
        seat: "p2",
        matchId: "m1",
        causeSeq: 4,
        dedupeKey: "your_move/m1/p2/4",
        owedAt: 1_000,
        dueAt: 1_000,
        payload: { kind: "your_move", url: "/play/m1", ruleset: "ember", matchId: "m1", title: "outpost: Ann vs Bo vs Bot", actor: "Ann", whoseTurn: ["Bo", "Bot", "Ann"] },
      },
    ]);
  });

  test("a seat still awaited (a simultaneous phase) is not told again", () => {
    expect(oweForEntry(info, { seq: 5, seat: "p1", referee: false, at: 1 }, facts(["p1", "p2"]), facts(["p2"]))).toEqual([]);
  });

  test("match_over goes to every seat a person plays, each with its own outcome, once per match", () => {
    const result = { winner: "p2", reason: "objective", scores: {} };
    const owed = oweForEntry(info, { seq: 9, seat: "p2", referee: false, at: 7 }, facts(["p2"]), facts([], [], result));
    expect(owed.map((n) => [n.seat, n.dedupeKey, (n.payload as { outcome: string }).outcome, (n.payload as { url: string }).url])).toEqual([
      ["p1", "match_over/m1/p1", "loss", "/review/m1"],
      ["p2", "match_over/m1/p2", "win", "/review/m1"],
    ]);
    // A draw, a team win.
    const draw = oweForEntry(info, { seq: 9, seat: "p2", referee: true, at: 7 }, facts(["p2"]), facts([], [], { winner: null, reason: "x", scores: {} }));
    expect(draw.map((n) => (n.payload as { outcome: string; actor?: string }).outcome)).toEqual(["draw", "draw"]);
    expect(draw.every((n) => (n.payload as { actor?: string }).actor === undefined)).toBe(true);
    const team = oweForEntry(info, { seq: 9, seat: "p2", referee: false, at: 7 }, facts(["p2"]), facts([], [], { winner: "p2", winners: ["p2", "p1"], reason: "x", scores: {} }));
    expect(team.map((n) => (n.payload as { outcome: string }).outcome)).toEqual(["win", "win"]);
    // Nothing more once over.
    expect(oweForEntry(info, { seq: 10, seat: "p2", referee: true, at: 8 }, facts([], [], draw[0] ? { winner: null, reason: "x", scores: {} } : null), facts([], [], { winner: null, reason: "x", scores: {} }))).toEqual([]);
  });

  test("time_running_out is owed when a seat's long clock starts, due a quarter of its time (at most 12 h) before the deadline", () => {
    const day = 24 * HOUR;
    const started = oweForEntry(info, { seq: 2, seat: "p1", referee: false, at: 0 }, facts(["p1"], [{ seats: ["p2"], remainingMs: 3 * day, running: false }]), facts(["p2"], [{ seats: ["p2"], remainingMs: 3 * day, running: true }]));
    const warning = started.find((n) => n.kind === "time_running_out")!;
    expect(warning).toMatchObject({ seat: "p2", dedupeKey: "time_running_out/m1/p2/2", dueAt: 3 * day - 12 * HOUR, payload: { kind: "time_running_out", deadline: 3 * day, url: "/play/m1" } });
    expect(warnBefore(4 * HOUR)).toBe(HOUR);
    const short = oweForEntry(info, { seq: 2, seat: "p1", referee: false, at: 0 }, facts(["p1"]), facts(["p2"], [{ seats: ["p2"], remainingMs: 4 * HOUR, running: true }]));
    expect(short.find((n) => n.kind === "time_running_out")?.dueAt).toBe(3 * HOUR);
    // A clock too short to matter: no warning.
    const blitz = oweForEntry(info, { seq: 2, seat: "p1", referee: false, at: 0 }, facts(["p1"]), facts(["p2"], [{ seats: ["p2"], remainingMs: WARN_MIN_REMAINING_MS - 1, running: true }]));
    expect(blitz.map((n) => n.kind)).toEqual(["your_move"]);
    // A clock that was already running for a seat already awaited: no second warning.
    const running = oweForEntry(info, { seq: 3, seat: "p1", referee: false, at: 0 }, facts(["p1", "p2"], [{ seats: ["p2"], remainingMs: day, running: true }]), facts(["p2"], [{ seats: ["p2"], remainingMs: day, running: true }]));
    expect(running).toEqual([]);
  });

  test("opponent_joined goes to the other seats people play; challenge_received to the challenged account", () => {
    const joined = oweJoined(info, "p2", 1, 50, ["p1"]);
    expect(joined).toEqual([
      { kind: "opponent_joined", seat: "p1", matchId: "m1", causeSeq: null, dedupeKey: "opponent_joined/m1/p1/p2/1", owedAt: 50, dueAt: 50, payload: { kind: "opponent_joined", url: "/play/m1", ruleset: "ember", matchId: "m1", title: "outpost: Ann vs Bo vs Bot", actor: "Bo", whoseTurn: ["Ann"] } },
    ]);
    expect(oweChallenge({ id: "c/1", toAccount: "acc", fromName: "Ann", ruleset: "siege" }, 9)).toEqual({
      kind: "challenge_received",
      accountId: "acc",
      matchId: null,
      causeSeq: null,
      dedupeKey: "challenge_received/c%2F1",
      payload: { kind: "challenge_received", url: "/games", ruleset: "siege", from: "Ann" },
      owedAt: 9,
      dueAt: 9,
    });
    expect(challengeOfKey("challenge_received/c%2F1")).toBe("c/1");
    expect(seatOfKey(keyOf("your_move", "m/1", "a b", 3))).toBe("a b");
  });
});

describe("staleness: what is no longer true is dropped", () => {
  const row = (kind: string, seat = "p2", causeSeq: number | null = 4) => ({ kind, matchId: "m1", causeSeq, dedupeKey: keyOf(kind as "your_move", "m1", seat, causeSeq ?? 0) });
  const live = (lastActs: Record<string, number>) => ({ matchId: "m1", status: "live", lastActs });
  test("your_move and time_running_out: stale once the seat moved after the cause, or the match is over", () => {
    for (const kind of ["your_move", "time_running_out"]) {
      expect(isStale(row(kind), live({ p1: 4, p2: 3 }))).toBe(false);
      expect(isStale(row(kind), live({ p1: 6, p2: 5 }))).toBe(true);
      expect(isStale(row(kind), { ...live({ p1: 4 }), status: "finished" })).toBe(true);
      expect(isStale(row(kind), undefined)).toBe(true);
    }
  });
  test("opponent_joined: stale once over; match_over: never; challenge_received: once no longer open", () => {
    expect(isStale(row("opponent_joined", "p1", null), live({}))).toBe(false);
    expect(isStale(row("opponent_joined", "p1", null), { ...live({}), status: "abandoned" })).toBe(true);
    expect(isStale(row("match_over"), { ...live({}), status: "finished" })).toBe(false);
    const challenge = { kind: "challenge_received", matchId: null, causeSeq: null, dedupeKey: "challenge_received/c1" };
    expect(isStale(challenge, undefined, true)).toBe(false);
    expect(isStale(challenge, undefined, false)).toBe(true);
  });
});
