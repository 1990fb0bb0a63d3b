/**
 * Database faults under a running server, with real WebSocket clients: an append whose commit is
 * hidden by a lost connection, an append that fails before committing, and a database that goes
 * down and comes back. The live match must learn what the store holds before it accepts anything
 * else; clients only ever see documented codes, never the database's address.
 */
import { catalog, legalCommandsInView } from "@fogwar/ember";
import { protocolErrorNumber } from "@fogwar/protocol";
import { startServer, type RunningServer } from "../src/server.js";
import { openStore } from "../src/store/index.js";
import { faulty, type FaultyStore } from "./faulty-store";
import { api, createMatch, emberRequest, TestClient, type Created } from "./harness";

jest.setTimeout(60_000);

let store: FaultyStore;
let server: RunningServer;
let http: string;
let ws: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  store = faulty(await openStore({}));
  server = await startServer({ port: 0, host: "127.0.0.1", publicUrl: "http://fogwar.test", logLevel: process.env.TEST_LOG_LEVEL ?? "silent", store });
  http = `http://127.0.0.1:${server.port}`;
  ws = `ws://127.0.0.1:${server.port}`;
});
afterEach(async () => {
  store.down = false;
  await Promise.all(clients.splice(0).map((c) => c.leave()));
});
afterAll(async () => {
  await server?.close();
});

async function newMatch(): Promise<{ created: Created; seats: TestClient[] }> {
  const created = await createMatch(http, emberRequest(catalog));
  const seats = await Promise.all(created.seats.map((s) => TestClient.join(ws, created.matchId, { seat: s.seat, token: s.token })));
  clients.push(...seats);
  return { created, seats };
}

/** A seat with a legal command in its own view, and that command. */
function mover(seats: TestClient[]): { client: TestClient; command: unknown } {
  for (const client of seats) {
    const legal = legalCommandsInView(client.projection() as any, client.seat as string);
    if (legal.length > 0) return { client, command: legal[0] };
  }
  throw new Error("no seat can act");
}

/** Plays `n` legal commands (whoever can act) and expects each accepted. */
async function play(seats: TestClient[], n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const { client, command } = mover(seats);
    const answer = await client.command(command);
    expect(answer.type).toBe("accepted");
    await Promise.all(seats.map((c) => c.until(() => c.seq >= answer.payload.seq, `seq ${answer.payload.seq}`)));
  }
}

test("an append that committed but reported an error is accepted, published, and the match plays on", async () => {
  const { created, seats } = await newMatch();
  const { client, command } = mover(seats);
  store.failNextAppend("commit-then-throw");
  const answer = await client.command(command, "hidden-commit");
  expect(answer).toEqual({ type: "accepted", payload: { type: "accepted", id: "hidden-commit", seq: 1 } });
  // Every client gets the patch and the events, as for any accepted command.
  await Promise.all(seats.map((c) => c.until(() => c.seq === 1 && c.received("events").some((e) => e.seq === 1), "seq 1 and its events")));
  expect(await store.inner.lastSeq(created.matchId)).toBe(1);
  // No sequence conflict afterwards: every seat plays on.
  await play(seats, 3);
  expect(await store.inner.lastSeq(created.matchId)).toBe(4);
});

test("an append that failed before committing answers server_error; the same id resent is applied once", async () => {
  const { created, seats } = await newMatch();
  const { client, command } = mover(seats);
  store.failNextAppend("throw-without-commit");
  const failed = await client.command(command, "lost");
  expect(failed.type).toBe("error");
  expect(failed.payload.error.code).toBe("server_error");
  expect(await store.inner.lastSeq(created.matchId)).toBe(0);
  const again = await client.command(command, "lost");
  expect(again.payload).toEqual({ type: "accepted", id: "lost", seq: 1 });
  await play(seats, 2);
  expect(await store.inner.lastSeq(created.matchId)).toBe(3);
});

test("a database that goes down after a commit: service_unavailable for every seat, then a retry resyncs by itself", async () => {
  const { created, seats } = await newMatch();
  const { client, command } = mover(seats);
  store.failNextAppend("commit-then-down");
  const failed = await client.command(command, "in-the-dark");
  expect(failed.payload.error).toEqual({ code: "service_unavailable", message: expect.any(String) });
  expect(JSON.stringify(failed.payload)).not.toContain("55999");
  // Still down: another seat's command is refused the same way, nothing applied.
  const other = seats.find((c) => c !== client)!;
  const refusedToo = await other.command({ type: "end_phase" }, "while-down");
  expect(refusedToo.payload.error.code).toBe("service_unavailable");
  expect(seats.every((c) => c.seq === 0)).toBe(true);
  // Back up: the room resyncs on its own (no command needed) and publishes the committed entry.
  store.down = false;
  await Promise.all(seats.map((c) => c.until(() => c.seq === 1 && c.received("events").some((e) => e.seq === 1), "the resynced entry", 10_000)));
  expect(await store.inner.lastSeq(created.matchId)).toBe(1);
  // The sender's resend gets the first answer; play goes on.
  const resent = await client.command(command, "in-the-dark");
  expect(resent.payload).toEqual({ type: "accepted", id: "in-the-dark", seq: 1 });
  await play(seats, 2);
});

test("during an outage: joins, REST and health answer service_unavailable (503) without the database's address", async () => {
  const created = await createMatch(http, emberRequest(catalog));
  store.down = true;
  const seat = created.seats[0]!;
  const error = await TestClient.join(ws, created.matchId, { seat: seat.seat, token: seat.token }).catch((e: unknown) => e as { code: number; message: string });
  expect(error).toMatchObject({ code: protocolErrorNumber("service_unavailable") });
  expect(String((error as { message?: string }).message)).not.toMatch(/ECONNREFUSED|55999|127\.0\.0\.1/);

  const health = await api(http, "/health");
  expect(health.status).toBe(503);
  expect(health.body).toMatchObject({ ok: false, database: "down" });
  for (const path of ["/matches", `/matches/${created.matchId}`, `/matches/${created.matchId}/history`]) {
    const answer = await api(http, path);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ error: { code: "service_unavailable", message: expect.any(String) } });
  }
  const create = await api(http, "/matches", { body: emberRequest(catalog) });
  expect(create.status).toBe(503);
  expect(JSON.stringify([health.body, create.body])).not.toMatch(/ECONNREFUSED|55999|127\.0\.0\.1/);

  store.down = false;
  expect((await api(http, "/health")).body).toMatchObject({ ok: true, database: "up" });
  const joined = await TestClient.join(ws, created.matchId, { seat: seat.seat, token: seat.token });
  clients.push(joined);
});
