/**
 * Ratings over the real server (docs/protocol.md "Ratings"): two accounts play a rated EMBER
 * match, one concedes after the first move; both ratings change on their profiles (with the
 * match's rating change) and the leaderboard lists them, winner first. A casual match changes
 * nothing. Never an e-mail in these answers.
 */
import { catalog } from "@fogwar/ember";
import { startServer, type RunningServer } from "../src/server";
import { emberRequest, newClaimKey, TestClient } from "./harness";
import { Browser } from "./browser";

jest.setTimeout(90_000);

let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startServer({ port: 0, host: "127.0.0.1", publicUrl: "http://localhost:2567", logLevel: "silent", botDelayMs: 0, limits: { createPerMinute: 6000, createBurst: 500 } });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
});

/** Two signed-in players (guests) in a new EMBER match, p1 created by the first, p2's invite claimed by the second. */
async function pairedMatch(rated: boolean): Promise<{ ann: Browser; bob: Browser; annName: string; bobName: string; matchId: string }> {
  const ann = new Browser(base);
  const bob = new Browser(base);
  const annName = (await ann.call("POST", "/api/auth/guest", {})).body.account.name as string;
  const bobName = (await bob.call("POST", "/api/auth/guest", {})).body.account.name as string;
  const created = await ann.call("POST", "/api/matches", { ...emberRequest(catalog, { options: { rated } }), claim: { seat: "p1", claimKey: newClaimKey() } });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const matchId = created.body.matchId as string;
  const invite = created.body.seats.find((s: any) => s.seat === "p2").invite as string;
  expect((await bob.call("POST", `/api/matches/${matchId}/seats/p2/claim`, { invite, claimKey: newClaimKey() })).status).toBe(200);
  return { ann, bob, annName, bobName, matchId };
}

/** Both players open their seats (GET /api/me/seats/:id); one move is played, then Bob concedes. */
async function playAndConcede(ann: Browser, bob: Browser, matchId: string): Promise<void> {
  const ws = `ws://127.0.0.1:${server.port}`;
  const p1 = await TestClient.join(ws, matchId, (await ann.call("GET", `/api/me/seats/${matchId}`)).body.seats[0]);
  const p2 = await TestClient.join(ws, matchId, (await bob.call("GET", `/api/me/seats/${matchId}`)).body.seats[0]);
  const view = p1.projection() as { pending: { seat: string; kind: string; options: { sides: string[] } } | null };
  expect(view.pending?.kind).toBe("choose_side");
  const chooser = view.pending?.seat === "p2" ? p2 : p1;
  expect((await chooser.command({ type: "choose_side", side: view.pending!.options.sides[0] })).type).toBe("accepted");
  expect((await p2.command({ type: "concede" })).type).toBe("accepted");
  await p1.leave();
  await p2.leave();
}

/** Waits until `read` answers something truthy (the rating is recorded just after the match ends). */
async function until<T>(read: () => Promise<T | undefined | null | false>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test("a rated match conceded after a move changes both players' ratings on their profiles and the leaderboard", async () => {
  const { ann, bob, annName, bobName, matchId } = await pairedMatch(true);
  await playAndConcede(ann, bob, matchId);

  const profile = async (name: string) => (await ann.call("GET", `/api/players/${encodeURIComponent(name)}`)).body;
  const annProfile = await until(async () => ((await profile(annName)).ratings.length > 0 ? profile(annName) : null), "Ann's rating");
  const bobProfile = await profile(bobName);
  expect(annProfile.ratings).toEqual([{ ruleset: "ember", format: "duel", rating: expect.any(Number), deviation: expect.any(Number), games: 1 }]);
  expect(bobProfile.ratings).toEqual([{ ruleset: "ember", format: "duel", rating: expect.any(Number), deviation: expect.any(Number), games: 1 }]);
  expect(annProfile.ratings[0].rating).toBeGreaterThan(1500);
  expect(bobProfile.ratings[0].rating).toBeLessThan(1500);
  expect(annProfile.ratings[0].deviation).toBeLessThan(350);
  expect(annProfile.recent.find((m: any) => m.matchId === matchId).ratingChange).toEqual({ before: 1500, after: annProfile.ratings[0].rating });
  expect(bobProfile.recent.find((m: any) => m.matchId === matchId).ratingChange).toEqual({ before: 1500, after: bobProfile.ratings[0].rating });

  const board = await new Browser(base).call("GET", "/api/leaderboard/ember?format=duel&limit=50");
  expect(board.status).toBe(200);
  expect(board.body.ruleset).toBe("ember");
  expect(board.body.format).toBe("duel");
  const names = board.body.players.map((p: any) => p.name);
  expect(names.indexOf(annName)).toBeGreaterThanOrEqual(0);
  expect(names.indexOf(annName)).toBeLessThan(names.indexOf(bobName));
  expect(board.body.players.find((p: any) => p.name === annName)).toEqual({ rank: names.indexOf(annName) + 1, name: annName, rating: annProfile.ratings[0].rating, deviation: annProfile.ratings[0].deviation, games: 1 });
  expect(JSON.stringify(board.body)).not.toMatch(/@|accountId/);

  // The match is rated once: the startup sweep finds nothing left.
  expect(await server.store.ratings.unratedFinishedRatedMatches(10)).toEqual([]);
});

test("a casual match changes no rating", async () => {
  const { ann, bob, annName, matchId } = await pairedMatch(false);
  await playAndConcede(ann, bob, matchId);
  await new Promise((r) => setTimeout(r, 300));
  const profile = (await ann.call("GET", `/api/players/${encodeURIComponent(annName)}`)).body;
  expect(profile.ratings).toEqual([]);
  expect(profile.recent.find((m: any) => m.matchId === matchId).ratingChange).toBeUndefined();
});

test("a concession through the concede message counts like any result: rated after a move, not when it is the match's first entry", async () => {
  const { rateMatch } = await import("../src/ratings/rate.js");
  const ws = `ws://127.0.0.1:${server.port}`;
  const open = async (ann: Browser, bob: Browser, matchId: string) => [
    await TestClient.join(ws, matchId, (await ann.call("GET", `/api/me/seats/${matchId}`)).body.seats[0]),
    await TestClient.join(ws, matchId, (await bob.call("GET", `/api/me/seats/${matchId}`)).body.seats[0]),
  ];
  const concede = async (client: TestClient, id: string) => {
    const from = client.messages.length;
    client.room.send("concede", { type: "concede", id });
    return client.until(() => client.messages.slice(from).find((m) => (m.type === "accepted" || m.type === "rejected") && m.payload.id === id), `the answer to ${id}`);
  };
  // Conceded before anyone played: the match is over, not rated.
  const first = await pairedMatch(true);
  const [a1, b1] = await open(first.ann, first.bob, first.matchId);
  expect((await concede(b1!, "first")).type).toBe("accepted");
  expect(await rateMatch(server.store, first.matchId)).toEqual({ rated: false, reason: "no_move" });
  for (const c of [a1!, b1!]) await c.leave();
  // After a move: rated, the conceding side lost.
  const second = await pairedMatch(true);
  const [a2, b2] = await open(second.ann, second.bob, second.matchId);
  const view = a2!.projection() as { pending: { seat: string; options: { sides: string[] } } };
  const chooser = view.pending.seat === "p2" ? b2! : a2!;
  expect((await chooser.command({ type: "choose_side", side: view.pending.options.sides[0] })).type).toBe("accepted");
  expect((await concede(b2!, "second")).type).toBe("accepted");
  const profile = async () => (await second.ann.call("GET", `/api/players/${encodeURIComponent(second.annName)}`)).body;
  const rated = await until(async () => ((await profile()).ratings.length > 0 ? profile() : null), "Ann's rating");
  expect(rated.ratings[0].rating).toBeGreaterThan(1500);
  for (const c of [a2!, b2!]) await c.leave();
});

test("the leaderboard refuses an unknown ruleset or format and a limit out of range", async () => {
  const visitor = new Browser(base);
  expect((await visitor.call("GET", "/api/leaderboard/chess")).status).toBe(404);
  expect((await visitor.call("GET", "/api/leaderboard/ember?format=solo")).status).toBe(400);
  expect((await visitor.call("GET", "/api/leaderboard/ember?limit=1000")).status).toBe(400);
  expect((await visitor.call("GET", "/api/leaderboard/ember?format=teams")).body).toEqual({ ruleset: "ember", format: "teams", players: [] });
});
