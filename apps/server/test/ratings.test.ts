/**
 * Rating finished matches (../src/ratings/rate.ts) against the store in memory: which matches are
 * rated (rated, every seat an account's, a move before the end) and which are not (casual, a bot,
 * a seat without an account, conceded before the first move), wins, draws and teams, and that a
 * match is rated once however often it is asked.
 */
import { randomBytes } from "node:crypto";
import { formatOf } from "../src/ratings/format.js";
import { pairings, rateMatch, rateMissedMatches } from "../src/ratings/rate.js";
import { openStore, type MatchStore, type NewSeat } from "../src/store/index.js";

jest.setTimeout(60_000);

let store: MatchStore;
beforeAll(async () => {
  store = await openStore({});
});
afterAll(async () => {
  await store.close();
});

const id = () => randomBytes(8).toString("hex");

async function account(name: string): Promise<string> {
  const accountId = id();
  await store.accounts.createAccount({ id: accountId, kind: "member", name: `${name}-${accountId.slice(0, 4)}`, seatSecret: id() });
  return accountId;
}

interface Game {
  players: (string | null | "bot")[];
  rated?: boolean;
  /** Entries before the last one. */
  moves?: number;
  result?: unknown;
  setup?: unknown;
}

/** Stores a finished match: seats for the accounts (null: no account; "bot": the server's bot), `moves` entries, then one ending it. */
async function finished(game: Game): Promise<string> {
  const matchId = id();
  const seats: NewSeat[] = game.players.map((p, i) => ({
    seat: `p${i + 1}`,
    playerName: `player ${i + 1}`,
    tokenHash: id(),
    ...(p === "bot" ? { claimKeyHash: "bot" } : p === null ? { claimKeyHash: id() } : { claimKeyHash: id(), accountId: p }),
  }));
  await store.createMatch(
    { id: matchId, ruleset: "ember", rulesVersion: "test", scenario: "test", setup: game.setup ?? {}, seed: id(), seedCommitment: id(), options: { rated: game.rated ?? true } },
    seats,
  );
  const moves = game.moves ?? 1;
  for (let seq = 1; seq <= moves; seq++) await store.appendEntry(matchId, { seq, seat: "p1", command: { type: "move" }, events: [], stateHash: "h" });
  await store.appendEntry(
    matchId,
    { seq: moves + 1, seat: "p2", command: { type: "concede" }, events: [], stateHash: "h" },
    { finish: { status: "finished", result: game.result ?? { winner: "p1", reason: "conceded", scores: {} } } },
  );
  return matchId;
}

async function ratingOf(accountId: string, format = "duel") {
  return (await store.ratings.ratingsOf([accountId], "ember", format))[0];
}

test("a rated duel between two accounts moves both ratings, the winner's up, and records the change once", async () => {
  const [a, b] = [await account("a"), await account("b")];
  const matchId = await finished({ players: [a, b] });
  const outcome = await rateMatch(store, matchId);
  expect(outcome.rated).toBe(true);
  const [ra, rb] = [await ratingOf(a), await ratingOf(b)];
  expect(ra!.rating).toBeGreaterThan(1500);
  expect(rb!.rating).toBeLessThan(1500);
  expect(ra!.rating - 1500).toBeCloseTo(1500 - rb!.rating, 6);
  expect(ra!.deviation).toBeLessThan(350);
  expect([ra!.games, rb!.games]).toEqual([1, 1]);
  expect(await store.ratings.ratingHistory(a)).toEqual([expect.objectContaining({ matchId, ruleset: "ember", format: "duel", before: 1500, after: ra!.rating })]);

  // Idempotent: again, and twice at once, changes nothing.
  expect(await rateMatch(store, matchId)).toEqual({ rated: false, reason: "already" });
  await Promise.all([rateMatch(store, matchId), rateMatch(store, matchId)]);
  expect(await ratingOf(a)).toEqual(ra);
  expect(await ratingOf(b)).toEqual(rb);
  expect(await store.ratings.ratingHistory(b)).toHaveLength(1);
  expect(await store.ratings.unratedFinishedRatedMatches(100)).not.toContain(matchId);
});

test("a second rated match starts from the first one's ratings", async () => {
  const [a, b] = [await account("a"), await account("b")];
  await rateMatch(store, await finished({ players: [a, b] }));
  const first = await ratingOf(b);
  await rateMatch(store, await finished({ players: [a, b], result: { winner: "p2", reason: "conceded", scores: {} } }));
  const second = await ratingOf(b);
  expect(second!.games).toBe(2);
  expect(second!.rating).toBeGreaterThan(first!.rating);
  const history = await store.ratings.ratingHistory(b);
  expect(history.map((h) => h.before).sort()).toEqual([1500, first!.rating].sort());
});

test("a draw between equals moves no rating but narrows the deviations", async () => {
  const [a, b] = [await account("a"), await account("b")];
  const outcome = await rateMatch(store, await finished({ players: [a, b], result: { winner: null, reason: "draw", scores: {} } }));
  expect(outcome.rated).toBe(true);
  const [ra, rb] = [await ratingOf(a), await ratingOf(b)];
  expect(ra!.rating).toBeCloseTo(1500, 6);
  expect(rb!.rating).toBeCloseTo(1500, 6);
  expect(ra!.deviation).toBeLessThan(350);
});

test("casual matches, bots, seats without an account and matches conceded before the first move are not rated", async () => {
  const [a, b] = [await account("a"), await account("b")];
  const cases: [Game, string][] = [
    [{ players: [a, b], rated: false }, "casual"],
    [{ players: [a, "bot"] }, "not_all_accounts"],
    [{ players: [a, null] }, "not_all_accounts"],
    [{ players: [a, a] }, "same_account"],
    [{ players: [a, b], moves: 0 }, "no_move"],
  ];
  for (const [game, reason] of cases) {
    const matchId = await finished(game);
    expect(await rateMatch(store, matchId)).toEqual({ rated: false, reason });
  }
  expect(await ratingOf(a)).toBeUndefined();
  expect(await ratingOf(b)).toBeUndefined();
  expect(await store.ratings.ratingHistory(a)).toEqual([]);
});

test("a live match is not rated", async () => {
  const [a, b] = [await account("a"), await account("b")];
  const matchId = id();
  await store.createMatch({ id: matchId, ruleset: "ember", rulesVersion: "test", scenario: "test", setup: {}, seed: id(), seedCommitment: id(), options: { rated: true } }, [
    { seat: "p1", playerName: "x", tokenHash: id(), accountId: a },
    { seat: "p2", playerName: "y", tokenHash: id(), accountId: b },
  ]);
  expect(await rateMatch(store, matchId)).toEqual({ rated: false, reason: "not_finished" });
});

test("teams: each winner beats each player of the other team, teammates are not compared; the format is teams", async () => {
  const players = [await account("a"), await account("b"), await account("c"), await account("d")];
  const setup = { teams: { p1: "alpha", p2: "beta", p3: "alpha", p4: "beta" } };
  const matchId = await finished({ players, setup, result: { winner: "p1", winners: ["p1", "p3"], reason: "conceded", scores: {} } });
  expect(formatOf({ seats: players })).toBe("teams");
  const outcome = await rateMatch(store, matchId);
  expect(outcome.rated && outcome.format).toBe("teams");
  const after = await Promise.all(players.map((p) => ratingOf(p, "teams")));
  expect(after[0]!.rating).toBeGreaterThan(1500);
  expect(after[2]!.rating).toBeCloseTo(after[0]!.rating, 6);
  expect(after[1]!.rating).toBeLessThan(1500);
  expect(after[3]!.rating).toBeCloseTo(after[1]!.rating, 6);
  // A duel rating is a separate one.
  expect(await ratingOf(players[0]!, "duel")).toBeUndefined();
  expect(pairings(["p1", "p2", "p3", "p4"], new Map(Object.entries(setup.teams)), ["p1", "p3"])).toEqual([
    ["p1", "p2", 1],
    ["p1", "p4", 1],
    ["p2", "p3", 0],
    ["p3", "p4", 1],
  ]);
});

test("a free-for-all: the winner beats every other player, the losers are not compared", () => {
  expect(pairings(["p1", "p2", "p3"], new Map(), ["p2"])).toEqual([
    ["p1", "p2", 0],
    ["p2", "p3", 1],
  ]);
  expect(pairings(["p1", "p2", "p3"], new Map(), [])).toEqual([
    ["p1", "p2", 0.5],
    ["p1", "p3", 0.5],
    ["p2", "p3", 0.5],
  ]);
});

test("the start-up sweep rates the rated matches left unrated, and only those", async () => {
  const [a, b] = [await account("a"), await account("b")];
  const missed = await finished({ players: [a, b] });
  const casual = await finished({ players: [a, b], rated: false });
  const early = await finished({ players: [a, b], moves: 0 });
  const pending = await store.ratings.unratedFinishedRatedMatches(1000);
  expect(pending).toContain(missed);
  expect(pending).not.toContain(casual);
  expect(pending).not.toContain(early);
  const log = { info: jest.fn(), error: jest.fn() } as unknown as Parameters<typeof rateMissedMatches>[1];
  expect(await rateMissedMatches(store, log)).toBeGreaterThanOrEqual(1);
  expect((await ratingOf(a))!.games).toBe(1);
  expect(await store.ratings.unratedFinishedRatedMatches(1000)).toEqual([]);
});

test("the leaderboard lists the best first, without deleted accounts", async () => {
  const [a, b, c] = [await account("lead"), await account("mid"), await account("gone")];
  await rateMatch(store, await finished({ players: [a, b] }));
  await rateMatch(store, await finished({ players: [c, b] }));
  const board = await store.ratings.leaderboard("ember", "duel", 200);
  const names = board.map((r) => r.name);
  const [na, nb, nc] = (await Promise.all([a, b, c].map(async (x) => (await store.accounts.accountById(x))!.name))) as [string, string, string];
  expect(names.indexOf(na)).toBeLessThan(names.indexOf(nb));
  expect(names).toContain(nc);
  for (let i = 1; i < board.length; i++) expect(board[i - 1]!.rating).toBeGreaterThanOrEqual(board[i]!.rating);
  await store.accounts.deleteAccount(c, `player-${id().slice(0, 10)}`);
  expect((await store.ratings.leaderboard("ember", "duel", 200)).map((r) => r.name)).not.toContain(nc);
  expect(JSON.stringify(board)).not.toMatch(/@/);
});
