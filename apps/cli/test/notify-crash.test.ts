/**
 * Notifications are delivered once, durably (docs/design.md "Notifications"), by real server
 * processes (`src/main.ts`) and a real SMTP server (apps/server/test/smtp.ts):
 * - SIGKILL: a process is killed while it holds owed notifications (their sends hang on an SMTP
 *   server that never answers); after a restart on the same database, with e-mail working, each
 *   still-true one is delivered exactly once, the one no longer true (its challenge withdrawn
 *   meanwhile) is dropped, and a further restart sends nothing again. On the embedded database
 *   (a data folder) and on PostgreSQL.
 * - Three processes on PostgreSQL and Redis: notifications owed through all three at once are
 *   each delivered by exactly one process (counted per recipient at the SMTP server).
 * Notifications here are challenges (`challenge_received`, e-mailed by default), owed in the
 * challenge's own transaction.
 *
 * PostgreSQL: TEST_DATABASE_URL (a fresh database per test); Redis: TEST_REDIS_URL or Debian's
 * `redis-server`. Without them those tests are skipped visibly (failed under CI).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { Browser, startSmtpServer, type TestSmtpServer } from "@fogwar/server/testing";
import { freePort, ServerProcess, type ChaosDatabase } from "../src/chaos/process";
import { hasRedisServer, startThrowawayRedis, type ThrowawayRedis } from "../src/chaos/redis";
import { freshDatabase } from "./fresh-database";

jest.setTimeout(300_000);

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const IN_CI = !!process.env.CI && process.env.CI !== "false" && process.env.CI !== "0";

/** The settings of every process here: quick polls, a short lease, generous sign-in limits. */
const SETTINGS = { FOGWAR_NOTIFY_POLL_MS: "200", FOGWAR_NOTIFY_LEASE_MS: "3000", FOGWAR_SIGN_IN_PER_MINUTE: "6000", FOGWAR_SIGN_IN_BURST: "1000", LOG_LEVEL: "info" };

/** A registered member: its session, name and address. */
async function member(base: string, prefix: string): Promise<{ jar: Browser; name: string; email: string }> {
  const jar = new Browser("");
  const name = `${prefix}${Math.random().toString(36).slice(2, 8)}`;
  const email = `${name}@example.org`;
  const made = await jar.at(base).call("POST", "/api/auth/register", { name, email, password: "correct horse battery staple 42" });
  if (made.status !== 200) throw new Error(`register: ${made.status} ${JSON.stringify(made.body)}`);
  return { jar, name, email };
}

/** `from` challenges `to` (EMBER): the challenge's id. */
async function challenge(base: string, from: Browser, to: string): Promise<string> {
  const sent = await from.at(base).call("POST", "/api/challenges", { to, settings: { ruleset: "ember", scenario: "crossroads" } });
  if (sent.status !== 201) throw new Error(`challenge: ${sent.status} ${JSON.stringify(sent.body)}`);
  return sent.body.challengeId as string;
}

/** A TCP server that accepts SMTP connections and never answers. */
async function silentSmtp(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let count = 0;
  const server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    url: `smtp://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many e-mails each address received. */
function perRecipient(smtp: TestSmtpServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of smtp.messages) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

/** Kills a process holding owed notifications, restarts on the same database, counts the e-mails. */
async function crashAndRestart(database: ChaosDatabase, databaseUrl?: string): Promise<void> {
  const silent = await silentSmtp();
  let smtp: TestSmtpServer | null = null;
  const processes: ServerProcess[] = [];
  try {
    const first = await ServerProcess.start(database, await freePort(), 90_000, { ...SETTINGS, SMTP_URL: silent.url });
    processes.push(first);
    const challenger = await member(first.url, "ch");
    const recipients = await Promise.all([0, 1, 2, 3].map((i) => member(first.url, `r${i}`)));
    const ids: string[] = [];
    for (const r of recipients) ids.push(await challenge(first.url, challenger.jar, r.name));
    // The process has claimed them and its sends hang on the silent SMTP server.
    await until(() => silent.connections() >= 1, "a send in flight");
    // One challenge is withdrawn meanwhile: its notification is no longer true.
    expect((await challenger.jar.at(first.url).call("DELETE", `/api/challenges/${ids[3]}`)).status).toBe(204);
    await first.crash();

    smtp = await startSmtpServer();
    const second = await ServerProcess.start(database, await freePort(), 90_000, { ...SETTINGS, SMTP_URL: smtp.url });
    processes.push(second);
    const open = recipients.slice(0, 3).map((r) => r.email);
    // Sent once the dead process's lease has run out (3 s).
    await until(() => open.every((to) => perRecipient(smtp!).has(to)), "the owed e-mails", 60_000);
    await sleep(2_000);
    const counts = perRecipient(smtp);
    expect(open.map((to) => counts.get(to))).toEqual([1, 1, 1]);
    expect(counts.get(recipients[3]!.email)).toBeUndefined();
    expect(smtp.messages.every((m) => m.subject.includes(challenger.name))).toBe(true);

    // Another restart sends nothing again.
    expect(await second.stop()).toBe(0);
    const third = await ServerProcess.start(database, await freePort(), 90_000, { ...SETTINGS, SMTP_URL: smtp.url });
    processes.push(third);
    await sleep(2_000);
    expect(smtp.messages).toHaveLength(3);
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const rows = await client.query<{ outcome: string; n: string }>("select outcome->>'outcome' as outcome, count(*) as n from notification_outbox where kind = 'challenge_received' group by 1 order by 1");
        expect(rows.rows.map((r) => [r.outcome, Number(r.n)])).toEqual([
          ["sent", 3],
          ["stale", 1],
        ]);
      } finally {
        await client.end();
      }
    }
    await third.stop();
  } finally {
    for (const p of processes) await p.crash().catch(() => undefined);
    await silent.close();
    await smtp?.close();
  }
}

describe("a server killed with notifications owed delivers each once after the restart", () => {
  test("on the embedded database (a data folder)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fogwar-notify-crash-"));
    try {
      await crashAndRestart({ kind: "embedded", dir: join(dir, "data") });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const postgres = TEST_DATABASE_URL ? test : IN_CI ? test : test.skip;
  if (!TEST_DATABASE_URL && !IN_CI) console.warn("notify-crash.test: the PostgreSQL case is skipped (needs TEST_DATABASE_URL)");
  postgres("on PostgreSQL", async () => {
    if (!TEST_DATABASE_URL) throw new Error("this test needs TEST_DATABASE_URL");
    const database = await freshDatabase(TEST_DATABASE_URL);
    try {
      await crashAndRestart({ kind: "postgres", url: database.url }, database.url);
    } finally {
      await database.drop();
    }
  });
});

const scaleMissing = [...(TEST_DATABASE_URL ? [] : ["TEST_DATABASE_URL (PostgreSQL)"]), ...(TEST_REDIS_URL || hasRedisServer() ? [] : ["redis-server or TEST_REDIS_URL"])];
const scaled = scaleMissing.length === 0 ? test : IN_CI ? test : test.skip;
if (scaleMissing.length > 0 && !IN_CI) console.warn(`notify-crash.test: the three-process case is skipped (needs ${scaleMissing.join(" and ")})`);

scaled("three processes on PostgreSQL and Redis: each owed notification is delivered by exactly one process", async () => {
  if (scaleMissing.length > 0) throw new Error(`this test needs ${scaleMissing.join(" and ")}`);
  const database = await freshDatabase(TEST_DATABASE_URL as string);
  let redis: ThrowawayRedis | null = null;
  const smtp = await startSmtpServer();
  const servers: ServerProcess[] = [];
  try {
    if (!TEST_REDIS_URL) redis = await startThrowawayRedis();
    const redisUrl = TEST_REDIS_URL ? Object.assign(new URL(TEST_REDIS_URL), { pathname: "/7" }).toString() : (redis as ThrowawayRedis).url;
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      servers.push(await ServerProcess.start({ kind: "postgres", url: database.url }, port, 90_000, { ...SETTINGS, FOGWAR_NOTIFY_POLL_MS: "100", SMTP_URL: smtp.url, REDIS_URL: redisUrl, FOGWAR_PUBLIC_ADDRESS: `127.0.0.1:${port}` }));
    }
    const bases = servers.map((s) => s.url);
    // Three challengers, one per process, each challenging ten players at once.
    const challengers = await Promise.all(bases.map((base, i) => member(base, `c${i}`)));
    const recipients = await Promise.all(Array.from({ length: 30 }, (_, i) => member(bases[i % 3]!, `p${i}`)));
    await Promise.all(challengers.map((c, i) => Promise.all(recipients.slice(i * 10, i * 10 + 10).map((r, k) => challenge(bases[(i + k) % 3]!, c.jar, r.name)))));
    await until(() => recipients.every((r) => perRecipient(smtp).has(r.email)), "thirty e-mails", 60_000);
    await sleep(2_000);
    const counts = perRecipient(smtp);
    expect(recipients.map((r) => counts.get(r.email))).toEqual(recipients.map(() => 1));
    expect(smtp.messages).toHaveLength(30);
    // Which process sent what (from their logs): every e-mail was handed over once in all.
    const sentBy = servers.map((s) => s.output.split("\n").filter((line) => line.includes("batch handed to a channel") && line.includes('"status":"sent"')).length);
    console.log(`e-mails sent per process: ${sentBy.join(", ")}`);
    expect(sentBy.reduce((a, b) => a + b, 0)).toBe(30);
  } finally {
    for (const s of servers) await s.stop().catch(() => undefined);
    await smtp.close();
    await redis?.stop().catch(() => undefined);
    await database.drop().catch(() => undefined);
  }
});
