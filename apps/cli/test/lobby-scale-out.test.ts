/**
 * The open lobby across three server processes (`src/main.ts`) sharing one PostgreSQL database and
 * one Redis: a lobby viewer connected through one process sees a table opened on another appear
 * live (Colyseus's LobbyRoom rides on the Redis presence) and vanish when a player on the third
 * process takes it; the owner, joined to its table's room, is told; both hold their seats from any
 * process. Two seeks placed at once on two processes pair into one match. A challenge made
 * through one process is listed and accepted through the others.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL) and Debian's `redis-server` (or TEST_REDIS_URL); without
 * either the test is skipped visibly, and under CI it fails.
 */
import type { Room } from "@colyseus/sdk";
import { Browser } from "@fogwar/server/testing";
import { freePort, ServerProcess } from "../src/chaos/process";
import { hasRedisServer, startThrowawayRedis, type ThrowawayRedis } from "../src/chaos/redis";
import { freshDatabase } from "./fresh-database";

jest.setTimeout(240_000);

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const IN_CI = !!process.env.CI && process.env.CI !== "false" && process.env.CI !== "0";
const missing = [...(TEST_DATABASE_URL ? [] : ["TEST_DATABASE_URL (PostgreSQL)"]), ...(TEST_REDIS_URL || hasRedisServer() ? [] : ["redis-server or TEST_REDIS_URL"])];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  for (let waited = 0; !check(); waited += 25) {
    if (waited > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

const run = missing.length === 0 ? test : IN_CI ? test : test.skip;
if (missing.length > 0 && !IN_CI) console.warn(`lobby-scale-out.test: skipped (needs ${missing.join(" and ")})`);

run("a table opened on one process appears live to a viewer on another and is taken through a third; seeks pair and challenges are accepted across processes", async () => {
  if (missing.length > 0) throw new Error(`this test needs ${missing.join(" and ")}`);
  const database = await freshDatabase(TEST_DATABASE_URL as string);
  let redis: ThrowawayRedis | null = null;
  const servers: ServerProcess[] = [];
  const rooms: Room[] = [];
  try {
    if (!TEST_REDIS_URL) redis = await startThrowawayRedis();
    const redisUrl = TEST_REDIS_URL ? Object.assign(new URL(TEST_REDIS_URL), { pathname: "/6" }).toString() : (redis as ThrowawayRedis).url;
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      servers.push(await ServerProcess.start({ kind: "postgres", url: database.url }, port, 60_000, { REDIS_URL: redisUrl, FOGWAR_PUBLIC_ADDRESS: `127.0.0.1:${port}` }));
    }
    const [a, b, c] = servers.map((s) => s.url) as [string, string, string];
    const [owner, viewer, taker] = [new Browser(""), new Browser(""), new Browser("")];
    expect((await owner.at(a).call("POST", "/api/auth/guest", {})).status).toBe(200);
    expect((await viewer.at(b).call("POST", "/api/auth/guest", {})).status).toBe(200);
    expect((await taker.at(c).call("POST", "/api/auth/guest", {})).status).toBe(200);

    // The viewer's lobby room is on process b.
    const lobby = await viewer.at(b).colyseus().joinOrCreate("lobby");
    rooms.push(lobby);
    const tables = new Map<string, any>();
    let listed = false;
    lobby.onMessage("rooms", (list: any[]) => {
      for (const r of list) tables.set(r.roomId, r);
      listed = true;
    });
    lobby.onMessage("+", ([id, listing]: [string, any]) => tables.set(id, listing));
    lobby.onMessage("-", (id: string) => tables.delete(id));
    await until(() => listed, "the lobby's list");

    // The table is opened on process a.
    const opened = await owner.at(a).call("POST", "/api/lobby/tables", { ruleset: "ember", scenario: "crossroads", options: { rated: true } });
    expect(opened.status).toBe(201);
    const tableId = opened.body.tableId as string;
    const table = await owner.at(a).colyseus().joinById(tableId);
    rooms.push(table);
    let taken: any = null;
    table.onMessage("taken", (m) => (taken = m));
    await until(() => tables.has(tableId), "the table in the lobby of another process");
    expect(tables.get(tableId).metadata).toMatchObject({ tableId, ruleset: "ember", options: { rated: true, clock: null } });

    // Taken through process c: the take runs on a, the table's host.
    const took = await taker.at(c).call("POST", `/api/lobby/tables/${tableId}/take`);
    expect(took.status).toBe(200);
    await until(() => taken !== null && !tables.has(tableId), "the owner told and the table gone");
    expect(taken).toEqual({ matchId: took.body.matchId, seat: "p1" });
    expect((await owner.at(b).call("GET", `/api/me/seats/${took.body.matchId}`)).body.seats).toEqual([{ seat: "p1", token: expect.any(String) }]);
    expect((await taker.at(b).call("GET", `/api/me/seats/${took.body.matchId}`)).body.seats).toEqual([{ seat: "p2", token: expect.any(String) }]);

    // Seeks placed at once on two processes pair once, into one match.
    const [one, two] = [new Browser(""), new Browser("")];
    await one.at(a).call("POST", "/api/auth/guest", {});
    await two.at(c).call("POST", "/api/auth/guest", {});
    const seeks = await Promise.all([one.at(a).call("POST", "/api/lobby/seeks", { ruleset: "sigmar", rated: false }), two.at(c).call("POST", "/api/lobby/seeks", { ruleset: "sigmar", rated: false })]);
    expect(seeks.map((s) => s.body.status).sort()).toEqual(["paired", "waiting"]);
    const paired = seeks.find((s) => s.body.status === "paired")!;
    const waiting = seeks.find((s) => s.body.status === "waiting")!;
    const waiter = waiting === seeks[0] ? one : two;
    expect((await waiter.at(b).call("GET", `/api/lobby/seeks/${waiting.body.seekId}`)).body).toEqual({ seekId: waiting.body.seekId, status: "paired", matchId: paired.body.matchId });

    // A challenge made through one process is seen and accepted through another; seats from the third.
    const challenger = owner;
    const challenged = taker;
    const challengedName = (await challenged.at(c).call("GET", "/api/me")).body.account.name as string;
    const challenge = await challenger.at(a).call("POST", "/api/challenges", { to: challengedName, settings: { ruleset: "ember", scenario: "crossroads" } });
    expect(challenge.status).toBe(201);
    const incoming = await challenged.at(b).call("GET", "/api/challenges");
    expect(incoming.body.incoming.map((x: { challengeId: string }) => x.challengeId)).toEqual([challenge.body.challengeId]);
    const accepted = await challenged.at(c).call("POST", `/api/challenges/${challenge.body.challengeId}/accept`);
    expect(accepted.status).toBe(201);
    expect((await challenger.at(b).call("GET", `/api/me/seats/${accepted.body.matchId}`)).body.seats).toHaveLength(1);
    expect((await challenged.at(a).call("GET", `/api/me/seats/${accepted.body.matchId}`)).body.seats).toHaveLength(1);
  } finally {
    // A room the server closed already (the taken table) never answers a leave: wait a moment at most.
    for (const room of rooms) await Promise.race([room.leave(true).catch(() => undefined), sleep(1000)]);
    for (const server of servers) await server.stop(5000).catch(() => undefined);
    await redis?.stop().catch(() => undefined);
    await database.drop().catch(() => undefined);
  }
});
