/**
 * `GET /api/matches/:id/history` is computed once per match and log version: a second read is
 * served from the cache (the store is not read again), a new entry or the end of the match is
 * seen at once, a live match's readers only ever get the spectator answer, and the route is
 * rate-limited per address.
 */
import { catalog, legalCommandsInView } from "@fogwar/ember";
import { HistoryCache } from "../src/http/history";
import { api, bootServer, createMatch, emberRequest, TestClient, type Created, type TestServer } from "./harness";

jest.setTimeout(60_000);

let t: TestServer;
let created: Created;
let seats: TestClient[];

beforeAll(async () => {
  t = await bootServer({ limits: { historyPerSecond: 1, historyBurst: 30 } });
  created = await createMatch(t.http, emberRequest(catalog));
  seats = await Promise.all(created.seats.map((s) => TestClient.join(t.ws, created.matchId, { seat: s.seat, token: s.token })));
});
afterAll(async () => {
  for (const c of seats) await c.leave();
  await t.close();
});

/** Plays one legal command from whichever seat has one; returns the new seq. */
async function playOne(): Promise<number> {
  const actor = seats.find((c) => legalCommandsInView(c.projection() as never, c.seat as string).length > 0) as TestClient;
  const answer = await actor.command(legalCommandsInView(actor.projection() as never, actor.seat as string)[0]);
  expect(answer.type).toBe("accepted");
  return answer.payload.seq as number;
}

it("computes a live history once per log entry and serves the spectator answer from the cache", async () => {
  const entries = jest.spyOn(t.server.store, "entries");
  const first = await api(t.http, `/matches/${created.matchId}/history`);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ perspective: "spectator", seed: null, setup: null });
  const reads = entries.mock.calls.length;
  expect(reads).toBeGreaterThanOrEqual(1);

  const second = await api(t.http, `/matches/${created.matchId}/history`);
  expect(second.body).toEqual(first.body);
  expect(entries.mock.calls.length).toBe(reads);

  // A new entry is seen by the next read.
  const seq = await playOne();
  const third = await api(t.http, `/matches/${created.matchId}/history`);
  expect(third.body.entries.map((e: { seq: number }) => e.seq)).toContain(seq);
  expect(third.body.perspective).toBe("spectator");
  expect(entries.mock.calls.length).toBe(reads + 1);
  entries.mockRestore();
});

it("switches to the omniscient answer only once the match is over", async () => {
  const live = await api(t.http, `/matches/${created.matchId}/history`);
  expect(live.body.perspective).toBe("spectator");
  const answer = await seats[0]!.command({ type: "concede" });
  expect(answer.type).toBe("accepted");
  await seats[0]!.until(() => (seats[0]!.projection() as { result?: unknown }).result, "the result");
  const over = await api(t.http, `/matches/${created.matchId}/history`);
  expect(over.body).toMatchObject({ perspective: "omniscient", seed: expect.any(String) });
  expect(over.body.entries.length).toBe(live.body.entries.length + 1);
  // Another match, live, next to a cached omniscient answer: still the spectator's.
  const other = await createMatch(t.http, emberRequest(catalog));
  expect((await api(t.http, `/matches/${other.matchId}/history`)).body).toMatchObject({ perspective: "spectator", seed: null });
});

it("rate-limits the route per address with 429 too_many_requests", async () => {
  let last = 200;
  for (let i = 0; i < 40 && last === 200; i++) last = (await api(t.http, `/matches/${created.matchId}/history`)).status;
  expect(last).toBe(429);
});

describe("HistoryCache", () => {
  it("answers only for the version asked, keeps one answer per match and stays within its bytes", () => {
    const cache = new HistoryCache(100);
    cache.set("m1", "over", "x".repeat(40));
    expect(cache.get("m1", "live@3")).toBeUndefined();
    expect(cache.get("m1", "over")).toBe("x".repeat(40));
    cache.set("m1", "live@4", "y".repeat(40));
    expect(cache.get("m1", "over")).toBeUndefined();
    cache.set("m2", "live@1", "z".repeat(40));
    cache.get("m1", "live@4");
    cache.set("m3", "live@1", "w".repeat(40));
    // m2 was the least recently used.
    expect(cache.get("m2", "live@1")).toBeUndefined();
    expect(cache.get("m1", "live@4")).toBeDefined();
    expect(cache.size).toBeLessThanOrEqual(100);
  });
});
