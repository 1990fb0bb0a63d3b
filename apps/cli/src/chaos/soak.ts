/**
 * `pnpm chaos soak`: play on the embedded database across several backups and measure whether a
 * backup stops play. The store is opened as the server opens it (its worker thread, its backups
 * every `--backup-seconds`, the first a base of the whole folder), pre-filled to `--fill-mb` of match log, then `--matches` matches each
 * append one command every `--pace-ms` for `--minutes`, while a health probe asks the store what
 * `/api/health` asks it (the live matches) every 100 ms.
 *
 *   pnpm chaos soak [--minutes 2] [--matches 50] [--backup-seconds 30] [--fill-mb 20] [--pace-ms 100]
 *
 * Reports the longest time without any acknowledgement, the slowest single command, the health
 * answer's p99 and worst, the peak RSS (this process holds the server's store), the data folder's
 * size and every backup (kind, rows, bytes, ms). Then it stops the store cleanly (its last
 * increment), damages the folder and opens it again: the restore from the backup set must hold
 * every command acknowledged during the soak (`lostAfterRestore` counts those missing). Exits 1 when
 * fewer than two backups completed, the longest gap reached one second, or a command was lost. The full-size run (`--fill-mb 1000 --minutes 25
 * --backup-seconds 600`) is for a quiet machine; CI runs a seconds-long one (apps/cli/test).
 */
import { mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type BackupResult } from "@fogwar/server/store";

/** The soak's settings. */
export interface SoakOptions {
  readonly minutes: number;
  readonly matches: number;
  readonly backupSeconds: number;
  readonly fillMb: number;
  readonly paceMs: number;
  readonly log?: (line: string) => void;
}

/** What a soak measured (times in ms, sizes in bytes). */
export interface SoakReport {
  readonly commands: number;
  readonly longestGapMs: number;
  readonly slowestCommandMs: number;
  readonly healthP99Ms: number;
  readonly healthWorstMs: number;
  readonly peakRssBytes: number;
  readonly folderBytes: number;
  readonly backups: readonly BackupResult[];
  /** Commands acknowledged during the soak but missing once the damaged folder was restored (0 expected). */
  readonly lostAfterRestore: number;
  /** Matches whose log the restore was checked against. */
  readonly matchesChecked: number;
}

function folderSize(path: string): number {
  let total = 0;
  for (const name of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, name.name);
    total += name.isDirectory() ? folderSize(full) : statSync(full).size;
  }
  return total;
}

const entry = (seq: number, filler: string) => ({ seq, seat: seq % 2 ? "red" : "blue", command: { type: "move", n: seq, filler }, events: [{ type: "moved", seq }], stateHash: `h${seq}`, commandId: `c${seq}`, acceptedAt: Date.now() });

/** Runs one soak in a temporary folder (removed after). */
export async function soak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined);
  const root = mkdtempSync(join(tmpdir(), "fogwar-soak-"));
  const dataDir = join(root, "data");
  const backups: BackupResult[] = [];
  // Filled first without backups, then reopened as a restarted server: its first backup, a base of
  // the whole folder, is taken while the matches play.
  let store = await openStore({ dataDir });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  try {
    const meta = (id: string) => ({ id, ruleset: "ember", rulesVersion: "soak", scenario: "soak", setup: {}, seed: `seed-${id}`, seedCommitment: "c", options: {} });
    const seats = (id: string) => [
      { seat: "red", playerName: "Red", tokenHash: `r-${id}` },
      { seat: "blue", playerName: "Blue", tokenHash: `b-${id}` },
    ];
    // Fill: finished matches of 200 commands of about 1 KB each.
    const filler = "x".repeat(900);
    let filled = 0;
    for (let m = 0; filled < options.fillMb * 1e6; m++) {
      const id = `fill-${m}`;
      await store.createMatch(meta(id), seats(id));
      for (let s = 1; s <= 200; s += 50) await Promise.all(Array.from({ length: 50 }, (_, i) => store.appendEntry(id, entry(s + i, filler))));
      await store.finishMatch(id, "finished", { winner: "red" });
      filled += 200 * 1100;
    }
    await store.close();
    log(`filled: ${(folderSize(dataDir) / 1e6).toFixed(0)} MB folder`);
    let started = Date.now();
    /** The backup being written (its number), as far as the soak can tell: from the previous one's end to this one's. */
    let backingUp: number | null = 1;
    store = await openStore({
      dataDir,
      backupIntervalMs: options.backupSeconds * 1000,
      onBackup: (b) => {
        backups.push(b);
        log(`backup ${b.file.kind} #${b.file.number}: ${b.rows} rows, ${(b.bytes / 1e6).toFixed(1)} MB, ${b.ms} ms (longest hold of the database ${b.longestHoldMs} ms, ${b.longestHoldWhat}), ended ${((Date.now() - started) / 1000).toFixed(1)} s into the play`);
        backingUp = null;
        // The next one starts an interval after this one started.
        setTimeout(() => (backingUp = b.file.number + 1), Math.max(0, options.backupSeconds * 1000 - b.ms)).unref();
      },
    });
    started = Date.now();
    const end = Date.now() + options.minutes * 60_000;
    let lastAck = Date.now();
    let longestGap = 0;
    let slowest = 0;
    let commands = 0;
    const health: number[] = [];
    /** The last acknowledged seq of each live match. */
    const acknowledged = new Map<string, number>();
    const probe = (async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await store.liveMatchIds();
        health.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const players = Array.from({ length: options.matches }, async (_, m) => {
      let round = 0;
      while (Date.now() < end) {
        const id = `live-${m}-${round++}`;
        const creating = Date.now();
        await store.createMatch(meta(id), seats(id));
        if (Date.now() - creating >= 1000) log(`  slow: creating a match took ${Date.now() - creating} ms, ending ${((Date.now() - started) / 1000).toFixed(1)} s into the play`);
        for (let seq = 1; seq <= 300 && Date.now() < end; seq++) {
          const t = performance.now();
          await store.appendEntry(id, entry(seq, "y".repeat(200)));
          const now = Date.now();
          slowest = Math.max(slowest, performance.now() - t);
          // A stall of a second or more: when, and whether a backup was being written then.
          if (now - lastAck >= 1000) log(`  stall: ${now - lastAck} ms without an acknowledgement, ending ${((now - started) / 1000).toFixed(1)} s into the play${backingUp ? ` (backup ${backingUp} in progress)` : ""}`);
          longestGap = Math.max(longestGap, now - lastAck);
          lastAck = now;
          commands++;
          acknowledged.set(id, seq);
          await new Promise((r) => setTimeout(r, options.paceMs * (0.5 + Math.random())));
        }
        await store.finishMatch(id, "finished", { winner: "blue" });
      }
    });
    await Promise.all([probe, ...players]);
    health.sort((a, b) => a - b);
    const folderBytes = folderSize(dataDir);
    // A clean stop writes the last increment; then the folder is damaged and restored from the set.
    await store.close();
    truncateSync(join(dataDir, "global", "pg_control"), 0);
    store = await openStore({ dataDir, onRestore: (info) => log(`restored from the backup of ${info.backupTakenAt.toISOString()}`) });
    let lost = 0;
    for (const [id, last] of acknowledged) lost += Math.max(0, last - (await store.entries(id)).length);
    log(`restore: ${acknowledged.size} matches checked, ${lost} acknowledged commands missing`);
    return {
      commands,
      longestGapMs: longestGap,
      slowestCommandMs: Math.round(slowest),
      healthP99Ms: Math.round(health[Math.floor(health.length * 0.99)] ?? 0),
      healthWorstMs: Math.round(health.at(-1) ?? 0),
      peakRssBytes: peakRss,
      folderBytes,
      backups,
      lostAfterRestore: lost,
      matchesChecked: acknowledged.size,
    };
  } finally {
    clearInterval(sampler);
    await store.close();
    rmSync(root, { recursive: true, force: true });
  }
}
