/**
 * The notification bench's server process (./main.ts starts it): a fogwar server hosting the
 * dial-duel fixture ruleset besides the built-in ones, on the embedded database (or PostgreSQL with
 * BENCH_DATABASE_URL), sending e-mail to the bench's SMTP server. Before it starts it seeds its store
 * with BENCH_NOTIFY_MATCHES live duels played by correspondence (three days per move): in each, the seat that reveals first (the starter) belongs to
 * an account with an e-mail address and settings that send every notification at once (no digest, on
 * the page or not); the other seat is an anonymous player's. It writes each match's id and both
 * seats' tokens to BENCH_NOTIFY_SEED_FILE (JSON), then starts the server, which opens every match's
 * room as a restarted server does.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { DEFAULT_NOTIFICATION_SETTINGS } from "@fogwar/protocol";
import { startServer } from "@fogwar/server";
import { dialDuelHost, DUEL_SCENARIO, hashClaimKey, hashToken } from "@fogwar/server/testing";
import { hostRulesets } from "@fogwar/server/hosts";
import { openStore, type NewSeat } from "@fogwar/server/store";

const env = process.env;
const matches = Number(env.BENCH_NOTIFY_MATCHES ?? 1000);
const port = Number(env.PORT);
const publicUrl = env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
hostRulesets([dialDuelHost]);
const store = await openStore(env.BENCH_DATABASE_URL ? { databaseUrl: env.BENCH_DATABASE_URL } : { dataDir: env.FOGWAR_DATA_DIR });
const seeded: { matchId: string; starter: string; other: string; tokens: Record<string, string>; email: string }[] = [];
const random = () => randomBytes(16).toString("base64url");
const settings = { ...DEFAULT_NOTIFICATION_SETTINGS, digest: false, notWhileOnPage: false };
for (let i = 0; i < matches; i++) {
  const matchId = `bench${i.toString(36)}${randomBytes(4).toString("hex")}`;
  const seed = randomBytes(32).toString("hex");
  const setup = { seats: ["p1", "p2"] };
  const starter = (dialDuelHost.ruleset.setup(setup, seed).state as { starter: string }).starter;
  const other = starter === "p1" ? "p2" : "p1";
  const accountId = `bench-${matchId}`;
  const email = `${accountId}@example.org`;
  await store.accounts.createAccount({ id: accountId, kind: "member", name: `n${matchId}`, email, seatSecret: random() });
  await store.notifications.saveSettings(accountId, settings);
  const tokens: Record<string, string> = { p1: randomBytes(16).toString("hex"), p2: randomBytes(16).toString("hex") };
  const seats: NewSeat[] = ["p1", "p2"].map((seat) => ({ seat, playerName: seat === starter ? `n${matchId}` : "Mover", tokenHash: hashToken(tokens[seat]!), claimKeyHash: hashClaimKey(random()), ...(seat === starter ? { accountId } : {}) }));
  await store.createMatch(
    { id: matchId, ruleset: dialDuelHost.ruleset.id, rulesVersion: dialDuelHost.ruleset.rulesVersion, scenario: DUEL_SCENARIO, setup, seed, seedCommitment: "bench", options: { spectatorDelay: 0, reconnectGrace: 5, progressiveReveal: false, correspondence: { daysPerMove: 3, vacationDays: 0 } } },
    seats,
  );
  seeded.push({ matchId, starter, other, tokens, email });
}
writeFileSync(env.BENCH_NOTIFY_SEED_FILE!, JSON.stringify(seeded));
const server = await startServer({
  port,
  host: "127.0.0.1",
  store,
  publicUrl,
  logLevel: env.LOG_LEVEL ?? "warn",
  smtpUrl: env.SMTP_URL,
  botDelayMs: 0,
  limits: { maxConnectionsPerAddress: 100_000, joinFailures: 100_000, messagesPerSecond: 1000, messageBurst: 1000 },
  notifications: { pollMs: 1000, digestWindowMs: 0 },
});
const stop = () => void server.close().finally(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
