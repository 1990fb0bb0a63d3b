/**
 * A kill placed exactly between a match's last log entry and its finish, on PostgreSQL: a psql
 * session holds the match's row with `SELECT ... FOR NO KEY UPDATE`, which lets the log appends
 * through (their foreign-key check takes only a KEY SHARE lock) but holds back the server's
 * `update matches set status = 'finished'`. The bots play until a command goes unanswered (the
 * finishing one: appended, its finish waiting), the server is SIGKILLed, the lock released, the
 * server restarted, and the seats rejoin and resend. The usual checks follow: the match must not
 * stay stored as live once over (wedged), and its acknowledgements must be in the log.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ChaosMatch, create, matchRequest, seeded } from "./match";
import { postgresBin } from "./postgres";
import { ServerProcess, freePort } from "./process";
import type { CycleRun } from "./run";

/** Holds a match's row locked from a psql session until `release()`. */
async function lockMatchRow(url: string, matchId: string): Promise<{ release(): void }> {
  const bin = postgresBin();
  if (!bin) throw new Error("psql is missing (Debian's postgresql package)");
  const psql = spawn(join(bin, "psql"), ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", url], { stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  psql.stdout.on("data", (c: Buffer) => (out += c.toString()));
  psql.stderr.on("data", (c: Buffer) => (out += c.toString()));
  psql.stdin.write(`begin; select id from matches where id = '${matchId.replace(/[^a-z0-9]/g, "")}' for no key update;\n`);
  const deadline = Date.now() + 10_000;
  while (!out.includes(matchId)) {
    if (Date.now() > deadline || psql.exitCode !== null) throw new Error(`could not lock the match row: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    release() {
      // The killed server's blocked update would otherwise go on in its backend and finish the
      // match after all: end the backends waiting on this lock first, as a crash of their client
      // host would.
      psql.stdin.write("select pg_terminate_backend(pid) from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid));\n");
      psql.stdin.end("rollback;\n");
      setTimeout(() => psql.kill("SIGKILL"), 2000).unref();
    },
  };
}

/** Runs the targeted kill on PostgreSQL `url`; the result goes to `verify` like a cycle run. */
export async function runFinishWindow(url: string, seed: string, log: (line: string) => void = () => undefined): Promise<CycleRun> {
  const database = { kind: "postgres" as const, url };
  const port = await freePort();
  const startedAt = new Date(Date.now() - 1000);
  const serverErrors: string[] = [];
  const stuck = new Map<string, string>();
  let server = await ServerProcess.start(database, port);
  const created = await create(server.url, matchRequest(seeded(`finish:${seed}`), 1));
  if (!created) throw new Error("could not create the match");
  const match = new ChaosMatch(created, `finish:${seed}`);
  const lock = await lockMatchRow(url, created.matchId);
  try {
    await match.connect(server.url);
    const outcome = await match.play(() => (match.refusals.get("timeout") ?? 0) > 0);
    log(`match ${created.matchId}: ${match.acks.length} acknowledgements, then ${outcome === "stopped" ? "a command without an answer (its finish held back): SIGKILL" : `${outcome} (no finish was held back)`}`);
    match.disconnect();
    await server.crash();
    serverErrors.push(...server.errors());
  } finally {
    lock.release();
  }
  server = await ServerProcess.start(database, port);
  try {
    if (await match.connect(server.url)) {
      const outcome = await match.play(() => false);
      if (outcome !== "finished") stuck.set(match.matchId, outcome);
      log(`after the restart: ${outcome}; ${match.resent} command(s) resent`);
    } else log("after the restart: the match is stored as over");
  } catch (error) {
    stuck.set(match.matchId, `cannot join: ${(error as Error).message}`);
  }
  match.disconnect();
  const code = await server.stop();
  serverErrors.push(...server.errors());
  if (code !== 0) serverErrors.push(`the server exited with ${code}`);
  return { matches: [match], unanswered: [], creationsSent: 1, creationsRetried: 0, stuck, startedAt, serverErrors, kills: 1 };
}
