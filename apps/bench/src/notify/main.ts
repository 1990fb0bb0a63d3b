/**
 * Notification delivery latency (`pnpm --filter @fogwar/bench run notify`; part of `pnpm bench`): one
 * fogwar server in its own process (./server.ts: the embedded database, or PostgreSQL with
 * BENCH_DATABASE_URL) holding BENCH_NOTIFY_MATCHES (default 1,000) live two-player matches, each with
 * one player's seat bound to an account with an e-mail address, and a real SMTP server (smtp-server)
 * in this process as the receiving end. Each match's starter locks its dial first (nothing is owed);
 * then, at BENCH_NOTIFY_RATE moves a second, the other seat's player joins over WebSocket and locks:
 * that entry owes the starter "your move", in its own statement, and the server's deliverer e-mails it.
 *
 * Prints, per notification: the time from sending the move (its append is part of it) to the SMTP
 * server having the whole e-mail, and from the move's acknowledgement (the append committed) to the
 * same, p50, p99 and max; how many e-mails arrived, and how many twice. Asserts nothing.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startSmtpServer, TestClient } from "@fogwar/server/testing";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../../..");
const int = (name: string, fallback: number) => Number.parseInt(process.env[name] ?? "", 10) || fallback;
const MATCHES = int("BENCH_NOTIFY_MATCHES", 1_000);
const RATE = int("BENCH_NOTIFY_RATE", 20);
const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface Seeded {
  readonly matchId: string;
  readonly starter: string;
  readonly other: string;
  readonly tokens: Record<string, string>;
  readonly email: string;
}

const dir = mkdtempSync(join(tmpdir(), "fogwar-notify-bench-"));
const smtp = await startSmtpServer();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const ws = `ws://127.0.0.1:${port}`;
const seedFile = join(dir, "seed.json");
const server = spawn(process.execPath, ["--import", "tsx", join(here, "server.ts")], {
  cwd: join(root, "apps/server"),
  env: { ...process.env, PORT: String(port), PUBLIC_URL: base, LOG_LEVEL: process.env.BENCH_NOTIFY_LOG_LEVEL ?? "warn", FOGWAR_DATA_DIR: join(dir, "data"), BENCH_NOTIFY_MATCHES: String(MATCHES), BENCH_NOTIFY_SEED_FILE: seedFile, SMTP_URL: smtp.url },
  stdio: ["ignore", "inherit", "inherit"],
});
const stop = async () => {
  server.kill("SIGINT");
  await sleep(1000);
  server.kill("SIGKILL");
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
};

/** Joins a seat, sends one command, leaves: the times it was sent and acknowledged (ms since the epoch). */
async function move(matchId: string, seat: string, token: string, command: unknown): Promise<{ sent: number; accepted: number }> {
  const client = await TestClient.join(ws, matchId, { seat, token });
  try {
    const sent = Date.now();
    const answer = await client.command(command);
    const accepted = Date.now();
    if (answer.type !== "accepted") throw new Error(`${matchId} ${seat}: ${JSON.stringify(answer.payload)}`);
    return { sent, accepted };
  } finally {
    await client.leave();
  }
}

/** Runs `work` over `items`, `rate` starts a second (each may overlap the next). */
async function paced<T, R>(items: readonly T[], rate: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const started = performance.now();
  return Promise.all(
    items.map(async (item, i) => {
      const wait = started + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      return work(item);
    }),
  );
}

try {
  const setup = performance.now();
  for (let i = 0; i < 3000 && !(await fetch(`${base}/api/health`).then((r) => r.ok, () => false)); i++) await sleep(200);
  const seeded = JSON.parse(readFileSync(seedFile, "utf8")) as Seeded[];
  log(`Notification delivery: Node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}; ${seeded.length} live matches, e-mail to a real SMTP server, ${RATE} moves a second.`);
  log(`  server up with ${seeded.length} matches (${((performance.now() - setup) / 1000).toFixed(1)} s)`);
  // The starters lock first: nothing is owed (the other seat was awaited already).
  await paced(seeded, 50, (m) => move(m.matchId, m.starter, m.tokens[m.starter]!, { type: "lock", number: 3 }));
  log(`  every starter has locked (${((performance.now() - setup) / 1000).toFixed(1)} s)`);
  await sleep(2000);
  if (smtp.messages.length > 0) log(`  (unexpected: ${smtp.messages.length} e-mails before the measured moves)`);
  const before = smtp.messages.length;
  // The measured moves: each owes its starter "your move".
  const moves = await paced(seeded, RATE, async (m) => ({ m, ...(await move(m.matchId, m.other, m.tokens[m.other]!, { type: "lock", number: 5 })) }));
  const deadline = Date.now() + 60_000;
  while (smtp.messages.length - before < seeded.length && Date.now() < deadline) await sleep(100);
  const byAddress = new Map<string, number[]>();
  for (const mail of smtp.messages.slice(before)) for (const to of mail.to) byAddress.set(to, [...(byAddress.get(to) ?? []), mail.receivedAt]);
  const fromSend: number[] = [];
  const fromAck: number[] = [];
  let twice = 0;
  for (const { m, sent, accepted } of moves) {
    const got = byAddress.get(m.email) ?? [];
    if (got.length > 1) twice++;
    if (got[0] === undefined) continue;
    fromSend.push(got[0] - sent);
    fromAck.push(got[0] - accepted);
  }
  fromSend.sort((a, b) => a - b);
  fromAck.sort((a, b) => a - b);
  log("");
  log(`From sending the move to the e-mail at the SMTP server (${fromSend.length} of ${moves.length}): p50 ${ms(percentile(fromSend, 50))}, p99 ${ms(percentile(fromSend, 99))}, max ${ms(fromSend.at(-1) ?? Number.NaN)}`);
  log(`From the move's acknowledgement (its entry committed) to the e-mail: p50 ${ms(percentile(fromAck, 50))}, p99 ${ms(percentile(fromAck, 99))}, max ${ms(fromAck.at(-1) ?? Number.NaN)}`);
  log(`E-mails missing: ${moves.length - fromSend.length}; received twice: ${twice}`);
} finally {
  await stop();
}
