/**
 * Creating a match is safe to retry (`Idempotency-Key`, scoped to its requester's creator key),
 * and a match nobody ever joins expires (`abandoned`, its room disposed). What a replay answers
 * after claims and re-issues, and to strangers: ./credentials.e2e.test.ts.
 */
import { catalog } from "@fogwar/ember";
import { startServer, type RunningServer } from "../src/server.js";
import { unjoinedTtlFromEnv } from "../src/config.js";
import { CREATOR_KEY_HEADER } from "@fogwar/protocol";
import { api, claimSeat, emberRequest, TestClient } from "./harness";

jest.setTimeout(60_000);

let server: RunningServer;
let http: string;
let ws: string;
beforeAll(async () => {
  server = await startServer({ port: 0, host: "127.0.0.1", publicUrl: "http://fogwar.test", logLevel: "silent", unjoinedTtlMs: 1500 });
  http = `http://127.0.0.1:${server.port}`;
  ws = `ws://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
});

/** This test's requester: its keys are scoped to it. */
const CREATOR = "create-retry-test-creator-key";

async function post(body: unknown, key?: string): Promise<{ status: number; body: any; replayed: string | null }> {
  const response = await fetch(`${http}/api/matches`, {
    method: "POST",
    headers: { "content-type": "application/json", [CREATOR_KEY_HEADER]: CREATOR, ...(key !== undefined ? { "idempotency-key": key } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), replayed: response.headers.get("idempotent-replayed") };
}

/** An EMBER request whose first player's name marks it (to count matches by player). */
const request = (mark: string) => {
  const r = emberRequest(catalog);
  return { ...r, players: [{ ...r.players[0]!, name: mark }, r.players[1]!] };
};

test("the same key and body answer the same match with the same invites; a claimed invite opens its seat", async () => {
  const body = request("Retry-A");
  const first = await post(body, "retry-key-a");
  const second = await post(JSON.parse(JSON.stringify(body)), "retry-key-a");
  expect(first.status).toBe(201);
  expect(second.status).toBe(201);
  expect(first.replayed).toBeNull();
  expect(second.replayed).toBe("true");
  expect(second.body).toEqual(first.body);
  expect((await api(http, "/matches?player=Retry-A")).body.matches).toHaveLength(1);
  const seat = second.body.seats[0];
  const claimed = await claimSeat(http, second.body.matchId, seat.seat, seat.invite);
  const client = await TestClient.join(ws, second.body.matchId, { seat: seat.seat, token: claimed.body.token });
  expect(client.received("welcome")[0]).toMatchObject({ seat: seat.seat });
  await client.leave();
  // Nothing the API shows carries an invite or a token.
  const shown = JSON.stringify([(await api(http, `/matches/${first.body.matchId}`)).body, (await api(http, `/matches/${first.body.matchId}/history`)).body, (await api(http, "/matches")).body]);
  for (const s of first.body.seats) expect(shown).not.toContain(s.invite);
  expect(shown).not.toContain(claimed.body.token);
});

test("concurrent requests with one key create one match", async () => {
  const body = request("Retry-B");
  const answers = await Promise.all([1, 2, 3, 4].map(() => post(body, "retry-key-b")));
  expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
  expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
  expect((await api(http, "/matches?player=Retry-B")).body.matches).toHaveLength(1);
});

test("the same key with another body is refused with 409 idempotency_conflict and creates nothing", async () => {
  await post(request("Retry-C"), "retry-key-c");
  const other = await post(request("Retry-C2"), "retry-key-c");
  expect(other.status).toBe(409);
  expect(other.body).toEqual({ error: { code: "idempotency_conflict", message: expect.any(String) } });
  expect((await api(http, "/matches?player=Retry-C2")).body.matches).toHaveLength(0);
});

test("without a key every request creates a match; a malformed key is a 400", async () => {
  const body = request("Retry-D");
  const [a, b] = [await post(body), await post(body)];
  expect(a.body.matchId).not.toBe(b.body.matchId);
  expect(a.body.seats[0].invite).not.toBe(b.body.seats[0].invite);
  const bad = await post(body, "x".repeat(201));
  expect(bad.status).toBe(400);
  expect(bad.body.error.code).toBe("bad_request");
});

test("a match nobody joins is abandoned after the configured time and its room disposed; a joined one stays live", async () => {
  const lonely = await post(request("Expire-A"));
  const joined = await post(request("Expire-B"));
  const seat = joined.body.seats[0];
  const claimed = await claimSeat(http, joined.body.matchId, seat.seat, seat.invite);
  const client = await TestClient.join(ws, joined.body.matchId, { seat: seat.seat, token: claimed.body.token });
  await client.leave();
  const deadline = Date.now() + 20_000;
  let status = "live";
  while (status === "live" && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    status = (await api(http, `/matches/${lonely.body.matchId}`)).body.match.status;
  }
  expect(status).toBe("abandoned");
  expect(await server.store.liveMatchIds()).not.toContain(lonely.body.matchId);
  const refused = await TestClient.join(ws, lonely.body.matchId, "spectator").catch((e: unknown) => e);
  expect(refused).toMatchObject({ code: 522 });
  expect((await api(http, `/matches/${joined.body.matchId}`)).body.match.status).toBe("live");
});

test("FOGWAR_UNJOINED_TTL_HOURS: hours, default 24; anything but a positive number is refused", () => {
  expect(unjoinedTtlFromEnv(undefined)).toBe(24 * 3600_000);
  expect(unjoinedTtlFromEnv("0.5")).toBe(1800_000);
  for (const bad of ["0", "-1", "soon"]) expect(() => unjoinedTtlFromEnv(bad)).toThrow(/FOGWAR_UNJOINED_TTL_HOURS/);
});
