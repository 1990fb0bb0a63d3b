/**
 * Accounts across three server processes (`src/main.ts`, as the README starts them) sharing one
 * PostgreSQL database and one Redis: a guest made on one process registers on another and signs in
 * on the third; its session works on every process; the seat it claimed is opened from any of
 * them with the same token; password sign-in limits count across the processes; and after the
 * process hosting the match is killed with SIGKILL, the seat binding is intact: another process
 * lists the match in my games, derives the same seat token and rebuilds the room for the join.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL; a fresh database is created on that server and dropped
 * after) and Debian's `redis-server` (TEST_REDIS_URL, else a throwaway one is started). Without
 * either the test is skipped visibly, and under CI it fails.
 */
import { randomBytes } from "node:crypto";
import { Client } from "@colyseus/sdk";
import { catalog } from "@fogwar/ember";
import { PROTOCOL_VERSION } from "@fogwar/protocol";
import { Browser } from "@fogwar/server/testing";
import { freePort, ServerProcess } from "../src/chaos/process";
import { hasRedisServer, startThrowawayRedis, type ThrowawayRedis } from "../src/chaos/redis";
import { freshDatabase } from "./fresh-database";

jest.setTimeout(240_000);

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const IN_CI = !!process.env.CI && process.env.CI !== "false" && process.env.CI !== "0";
const missing = [...(TEST_DATABASE_URL ? [] : ["TEST_DATABASE_URL (PostgreSQL)"]), ...(TEST_REDIS_URL || hasRedisServer() ? [] : ["redis-server or TEST_REDIS_URL"])];

const run = missing.length === 0 ? test : IN_CI ? test : test.skip;
if (missing.length > 0 && !IN_CI) console.warn(`accounts-scale-out.test: skipped (needs ${missing.join(" and ")})`);

run("sessions, seat bindings and sign-in limits hold whichever of three processes a browser reaches, and survive a SIGKILL", async () => {
  if (missing.length > 0) throw new Error(`this test needs ${missing.join(" and ")}`);
  const database = await freshDatabase(TEST_DATABASE_URL as string);
  let redis: ThrowawayRedis | null = null;
  const servers: ServerProcess[] = [];
  try {
    if (!TEST_REDIS_URL) redis = await startThrowawayRedis();
    const redisUrl = TEST_REDIS_URL ? Object.assign(new URL(TEST_REDIS_URL), { pathname: "/5" }).toString() : (redis as ThrowawayRedis).url;
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      servers.push(await ServerProcess.start({ kind: "postgres", url: database.url }, port, 60_000, { REDIS_URL: redisUrl, FOGWAR_PUBLIC_ADDRESS: `127.0.0.1:${port}` }));
    }
    const [a, b, c] = servers.map((s) => s.url) as [string, string, string];

    const me = new Browser("");
    const guest = await me.at(a).call("POST", "/api/auth/guest", {});
    expect(guest.status).toBe(200);
    const name = `sc${randomBytes(3).toString("hex")}`;
    const email = `${name}@example.org`;
    const created = await me.at(a).call("POST", "/api/matches", {
      ruleset: "ember",
      scenario: "crossroads",
      players: [
        { name, army: catalog.data.armies[0] },
        { name: "Rival", army: catalog.data.armies[2] },
      ],
      claim: { seat: "p1", claimKey: randomBytes(16).toString("base64url") },
    });
    expect(created.status).toBe(201);
    const matchId = created.body.matchId as string;
    const token = created.body.seats.find((s: { seat: string }) => s.seat === "p1").token as string;

    // The guest registers through another process, and a new browser signs in through the third.
    expect((await me.at(b).call("POST", "/api/auth/register", { name, email, password: "a long enough password" })).body.account.id).toBe(guest.body.account.id);
    const laptop = new Browser("");
    expect((await laptop.at(c).call("POST", "/api/auth/sign-in", { email, password: "a long enough password" })).status).toBe(200);
    for (const base of [a, b, c]) {
      expect((await laptop.at(base).call("GET", "/api/me")).body.account.name).toBe(name);
      expect((await laptop.at(base).call("GET", `/api/me/seats/${matchId}`)).body.seats).toEqual([{ seat: "p1", token }]);
    }

    // Password sign-ins for one e-mail, spread over the processes, count together: a burst of 10,
    // of which the laptop's sign-in took one (processes counting apart would answer twelve 401s).
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await new Browser("").at([a, b, c][i % 3]!).call("POST", "/api/auth/sign-in", { email, password: `wrong guess ${i}` })).status);
    expect(statuses).toEqual([...Array<number>(9).fill(401), 429, 429, 429]);

    // The process that hosts the match (it was created there) dies; the binding is in the database.
    await servers[0]!.crash();
    const games = await laptop.at(b).call("GET", "/api/me/matches");
    expect(games.body.matches.map((m: { matchId: string; status: string }) => [m.matchId, m.status])).toEqual([[matchId, "live"]]);
    const seats = await laptop.at(c).call("GET", `/api/me/seats/${matchId}`);
    expect(seats.body.seats).toEqual([{ seat: "p1", token }]);
    // Its lease lapses; then a join through another process rebuilds the room there.
    const sdk = new Client(c.replace(/^http/, "ws"));
    let room: Awaited<ReturnType<Client["joinById"]>> | null = null;
    for (let attempt = 0; attempt < 40 && !room; attempt++) {
      room = await sdk.joinById(matchId, { role: "player", protocol: PROTOCOL_VERSION, token }).catch(() => null);
      if (!room) await new Promise((r) => setTimeout(r, 500));
    }
    expect(room).not.toBeNull();
    await room!.leave(true);
  } finally {
    for (const server of servers) await server.stop(5000).catch(() => undefined);
    await redis?.stop().catch(() => undefined);
    await database.drop().catch(() => undefined);
  }
});
