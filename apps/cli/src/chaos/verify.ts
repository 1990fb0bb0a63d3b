/**
 * The checks after a chaos run, made on the stored data itself (the store opened directly, the
 * server stopped): every acknowledgement against the log, duplicates, wedged and orphaned matches.
 */
import { openStore } from "@fogwar/server/store";
import type { ChaosDatabase } from "./process";
import type { CycleRun } from "./run";

/** Counts of one database's run; `lost`, `duplicated` and `wedged` must be 0. */
export interface ChaosCounts {
  readonly database: string;
  readonly cycles: number;
  readonly kills: number;
  readonly matches: number;
  readonly finished: number;
  /** Commands sent (resends included) and resent after a reconnection. */
  readonly commands: number;
  readonly resent: number;
  readonly acknowledgements: number;
  readonly storedEntries: number;
  /** Acknowledged (`accepted` with id and seq) but not in the log at that seq with that seat and id. */
  readonly lost: number;
  /** A command id stored more than once for its seat, or acknowledged with two different seqs. */
  readonly duplicated: number;
  /** Known matches that could not be played to their end, or are over yet still stored as live. */
  readonly wedged: number;
  /** Live matches of this run that no client holds (e.g. created twice after a lost answer). */
  readonly orphaned: number;
  readonly creationsSent: number;
  readonly creationsRetried: number;
  readonly serverErrors: number;
  /** Seat joins refused with "room not found" while the match was stored as live (then retried). */
  readonly notFoundJoins: number;
  /** One line per finding, for the report. */
  readonly findings: string[];
  readonly seconds: number;
}

/** Opens the store of `database` and checks the run against it. */
export async function verify(database: ChaosDatabase, run: CycleRun, cycles: number, seconds: number): Promise<ChaosCounts> {
  const store = await openStore(database.kind === "postgres" ? { databaseUrl: database.url, poolSize: 2 } : { dataDir: database.dir });
  const findings: string[] = [];
  let lost = 0;
  let duplicated = 0;
  let storedEntries = 0;
  let finished = 0;
  const wedged = new Set<string>();
  try {
    for (const match of run.matches) {
      const entries = await store.entries(match.matchId);
      storedEntries += entries.length;
      const bySeq = new Map(entries.map((e) => [e.seq, e]));
      const ids = new Map<string, number>();
      for (const e of entries) {
        if (!e.commandId) continue;
        const key = `${e.seat}/${e.commandId}`;
        if (ids.has(key)) {
          duplicated++;
          findings.push(`duplicated: match ${match.matchId} stores ${key} at seq ${ids.get(key)} and ${e.seq}`);
        } else ids.set(key, e.seq);
      }
      const acked = new Map<string, number>();
      for (const ack of match.acks) {
        const key = `${ack.seat}/${ack.id}`;
        const before = acked.get(key);
        if (before !== undefined && before !== ack.seq) {
          duplicated++;
          findings.push(`duplicated: match ${match.matchId} acknowledged ${key} as seq ${before} and ${ack.seq}`);
        }
        acked.set(key, ack.seq);
        const entry = bySeq.get(ack.seq);
        if (!entry || entry.seat !== ack.seat || entry.commandId !== ack.id) {
          lost++;
          findings.push(`lost: match ${match.matchId} acknowledged ${key} as seq ${ack.seq}; the log has ${entry ? `${entry.seat}/${entry.commandId}` : "nothing"} there (${entries.length} entries)`);
        }
      }
      const record = await store.getMatch(match.matchId);
      if (record?.status === "finished") finished++;
      const reason = run.stuck.get(match.matchId);
      if (reason) {
        wedged.add(match.matchId);
        findings.push(`wedged: match ${match.matchId} (${record?.status}, ${entries.length} entries) could not be played on: ${reason}; refusals ${JSON.stringify(Object.fromEntries(match.refusals))}`);
      } else if (record?.status === "live") {
        wedged.add(match.matchId);
        findings.push(`wedged: match ${match.matchId} is over in play (${entries.length} entries) but stored as live`);
      }
    }
    const known = new Set(run.matches.map((m) => m.matchId));
    const live = (await store.listMatches({ status: "live", limit: 500 })).filter((r) => r.createdAt >= run.startedAt && !known.has(r.id));
    for (const r of live) findings.push(`orphaned: match ${r.id} (${r.seats.map((s) => s.playerName).join(" v ")}) is live and no client holds its tokens`);
    const notFound = run.matches.filter((x) => x.notFoundJoins > 0);
    if (notFound.length > 0) {
      findings.push(`joins refused with "room not found" for ${notFound.length} live match(es) (${notFound.reduce((n, x) => n + x.notFoundJoins, 0)} refusals; retried): ${notFound.slice(0, 3).map((x) => x.matchId).join(", ")}`);
    }
    for (const line of run.serverErrors.slice(0, 5)) findings.push(`server error: ${line.slice(0, 300)}`);
    const m = run.matches;
    return {
      database: database.kind === "postgres" ? "postgresql" : "embedded",
      cycles,
      kills: run.kills,
      matches: m.length,
      finished,
      commands: m.reduce((n, x) => n + x.sent, 0),
      resent: m.reduce((n, x) => n + x.resent, 0),
      acknowledgements: m.reduce((n, x) => n + x.acks.length, 0),
      storedEntries,
      lost,
      duplicated,
      wedged: wedged.size,
      orphaned: live.length,
      creationsSent: run.creationsSent,
      creationsRetried: run.creationsRetried,
      serverErrors: run.serverErrors.length,
      notFoundJoins: m.reduce((n, x) => n + x.notFoundJoins, 0),
      findings,
      seconds,
    };
  } finally {
    await store.close();
  }
}
