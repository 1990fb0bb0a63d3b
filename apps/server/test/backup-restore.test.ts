/**
 * The embedded database's backups (src/store/backup.ts, restore.ts): matches are played while a
 * base and at least two increments are written; the folder is then damaged, and the restore
 * finds every command (and chat line, seat claim, finished match) acknowledged before the last
 * backup started, with identity numbers that continue after the restored ones.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { gunzipSync } from "node:zlib";
import { BackupWriter, CHUNK_ROWS, GROUP_MATCHES, GROUP_ROWS, type BackupLine } from "../src/store/backup.js";
import { findMigrationsFolder, openStore, type BackupResult, type MatchStore, type RestoreInfo } from "../src/store/index.js";

jest.setTimeout(300_000);

const root = mkdtempSync(join(tmpdir(), "fogwar-backup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const match = (id: string) => ({ id, ruleset: "ember", rulesVersion: "v", scenario: "s", setup: { id }, seed: `seed-${id}`, seedCommitment: "c", options: {} });
const seats = (id: string) => [
  { seat: "red", playerName: "Ann", tokenHash: `red-${id}` },
  { seat: "blue", playerName: "Bo", tokenHash: `blue-${id}` },
];
const entry = (seq: number) => ({ seq, seat: seq % 2 ? "red" : "blue", command: { type: "move", n: seq, bytes: "\u00e9\"x".repeat(3) }, events: [{ seq }], stateHash: `h${seq}`, commandId: `c${seq}`, acceptedAt: 1_700_000_000_000 + seq });

/** Resolves once `count` more backups than `seen.length` now have completed. */
async function backupsDone(seen: BackupResult[], count: number): Promise<void> {
  const target = seen.length + count;
  for (let i = 0; i < 600 && seen.length < target; i++) await new Promise((r) => setTimeout(r, 50));
  expect(seen.length).toBeGreaterThanOrEqual(target);
}

test("a damaged folder is restored from a base and its increments with every command acknowledged before the last backup", async () => {
  const folder = join(root, "data");
  const backups: BackupResult[] = [];
  const errors: unknown[] = [];
  const store: MatchStore = await openStore({ dataDir: folder, backupIntervalMs: 150, onBackup: (r) => backups.push(r), onBackupError: (e) => errors.push(e) });
  /** What was acknowledged: match id -> last seq. */
  const acknowledged = new Map<string, number>();
  const play = async (round: number) => {
    for (let m = 0; m < 6; m++) {
      const id = `m${m}`;
      if (round === 0) await store.createMatch(match(id), seats(id));
      const from = (acknowledged.get(id) ?? 0) + 1;
      await Promise.all(Array.from({ length: 5 }, (_, i) => store.appendEntry(id, entry(from + i))));
      acknowledged.set(id, from + 4);
    }
    await store.appendChat("m0", { audience: "players", team: null, seat: "red", name: "Ann", text: `round ${round}`, logSeq: 1 });
  };
  try {
    await play(0);
    await store.claimSeat("m1", "blue");
    await backupsDone(backups, 2);
    await play(1);
    await store.finishMatch("m2", "finished", { winner: "red" });
    await backupsDone(backups, 2);
    await play(2);
    await store.createMatch(match("late"), seats("late"));
    await store.appendEntry("late", entry(1));
    acknowledged.set("late", 1);
    // The next backup to complete started after everything above was acknowledged.
    await backupsDone(backups, 2);
    expect(errors).toEqual([]);
    expect(backups.filter((b) => b.file.kind === "increment").length).toBeGreaterThanOrEqual(2);
    // After the last backup: may be lost.
    await store.appendEntry("m3", entry(acknowledged.get("m3")! + 1));
  } finally {
    await store.close();
  }
  expect(readdirSync(`${folder}.backup`).some((n) => n.endsWith("-base.ndjson.gz"))).toBe(true);

  truncateSync(join(folder, "global", "pg_control"), 0);
  const restores: RestoreInfo[] = [];
  const restored = await openStore({ dataDir: folder, onRestore: (info) => restores.push(info) });
  try {
    expect(restores).toHaveLength(1);
    expect(restores[0]!.backupFile).toBe(`${folder}.backup`);
    for (const [id, last] of acknowledged) {
      const log = await restored.entries(id);
      expect(log.length).toBeGreaterThanOrEqual(last);
      expect(log.slice(0, last)).toEqual(Array.from({ length: last }, (_, i) => entry(i + 1)));
    }
    expect((await restored.getMatch("m2"))?.status).toBe("finished");
    expect((await restored.getMatch("late"))?.setup).toEqual({ id: "late" });
    expect((await restored.chatLines("m0")).map((l) => l.text)).toEqual(["round 0", "round 1", "round 2"]);
    expect(await restored.seatForToken("m1", "blue-m1")).toBeTruthy();
    // Identity numbers continue after the restored ones.
    const line = await restored.appendChat("m0", { audience: "players", team: null, seat: "red", name: "Ann", text: "after", logSeq: 2 });
    expect((await restored.chatLines("m0")).at(-1)).toEqual(line);
    await restored.createMatch(match("after"), seats("after"));
    const listed = await restored.listMatches({});
    expect(listed[0]?.id).toBe("after"); // newest first: its creation order follows the restored ones
  } finally {
    await restored.close();
  }
});

test("a folder damaged after a clean stop is restored with every command acknowledged before the stop (the close writes a last increment)", async () => {
  const folder = join(root, "closed");
  const backups: BackupResult[] = [];
  // Backups every hour: the one at the start is the only periodic one this test sees.
  const store: MatchStore = await openStore({ dataDir: folder, backupIntervalMs: 3_600_000, onBackup: (r) => backups.push(r) });
  try {
    await backupsDone(backups, 1);
    expect(backups.map((b) => b.file.kind)).toEqual(["base"]);
    // Acknowledged after the last periodic backup, before the clean stop.
    await store.createMatch(match("after-base"), seats("after-base"));
    await Promise.all(Array.from({ length: 7 }, (_, i) => store.appendEntry("after-base", entry(i + 1))));
    await store.appendChat("after-base", { audience: "players", team: null, seat: "red", name: "Ann", text: "last words", logSeq: 7 });
  } finally {
    await store.close();
  }
  expect(backups.map((b) => b.file.kind)).toEqual(["base", "increment"]);

  truncateSync(join(folder, "global", "pg_control"), 0);
  const restored = await openStore({ dataDir: folder });
  try {
    expect(await restored.entries("after-base")).toEqual(Array.from({ length: 7 }, (_, i) => entry(i + 1)));
    expect((await restored.chatLines("after-base")).map((l) => l.text)).toEqual(["last words"]);
  } finally {
    await restored.close();
  }
});

test("an increment reads a busy match's log by chunks and groups the rest by rows: no transaction reads more than GROUP_ROWS entries, and the restore has every entry", async () => {
  const folder = join(root, "busy");
  const backups: BackupResult[] = [];
  const store: MatchStore = await openStore({ dataDir: folder, backupIntervalMs: 3_600_000, onBackup: (r) => backups.push(r) });
  const busy = CHUNK_ROWS * 2 + 37;
  try {
    await backupsDone(backups, 1);
    await store.createMatch(match("busy"), seats("busy"));
    for (let from = 1; from <= busy; from += 100) await Promise.all(Array.from({ length: Math.min(100, busy - from + 1) }, (_, i) => store.appendEntry("busy", entry(from + i))));
    for (let m = 0; m < GROUP_MATCHES + 5; m++) {
      await store.createMatch(match(`q${m}`), seats(`q${m}`));
      await Promise.all(Array.from({ length: 12 }, (_, i) => store.appendEntry(`q${m}`, entry(i + 1))));
    }
  } finally {
    await store.close();
  }
  const increment = backups.at(-1)!;
  expect(increment.file.kind).toBe("increment");
  expect(increment.longestHoldMs).toBeGreaterThanOrEqual(0);
  const lines = gunzipSync(readFileSync(increment.file.path))
    .toString("utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as BackupLine);
  const reads = lines.filter((l): l is Extract<BackupLine, { op: "matches" }> => l.op === "matches");
  expect(reads.length).toBeGreaterThan(1);
  for (const read of reads) expect(read.entries.length).toBeLessThanOrEqual(GROUP_ROWS);
  expect(lines.filter((l) => l.op === "rows" && l.table === "entries").reduce((n, l) => n + (l.op === "rows" ? l.rows.length : 0), 0)).toBeGreaterThanOrEqual(CHUNK_ROWS * 2);

  truncateSync(join(folder, "global", "pg_control"), 0);
  const restored = await openStore({ dataDir: folder });
  try {
    expect(await restored.entries("busy")).toEqual(Array.from({ length: busy }, (_, i) => entry(i + 1)));
    for (let m = 0; m < GROUP_MATCHES + 5; m++) expect(await restored.entries(`q${m}`)).toEqual(Array.from({ length: 12 }, (_, i) => entry(i + 1)));
  } finally {
    await restored.close();
  }
});

test("a backup set read from an older schema is restored by a newer server: replayed into that schema, then migrated (new columns get their defaults)", async () => {
  // A folder of a server that knew the first three migrations: seats had no token_generation yet
  // (migrations/0003 adds it, NOT NULL DEFAULT 0).
  const folder = join(root, "old-schema");
  const migrations = findMigrationsFolder();
  const older = mkdtempSync(join(tmpdir(), "fogwar-older-migrations-"));
  cpSync(migrations, older, { recursive: true });
  const journal = JSON.parse(readFileSync(join(migrations, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  writeFileSync(join(older, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, 3) }));
  const client = await PGlite.create(folder);
  try {
    await migrate(drizzle({ client }), { migrationsFolder: older });
    await client.query("insert into matches (id, ruleset, rules_version, scenario, setup, seed, seed_commitment, options) values ('old', 'ember', 'v', 's', '{\"id\":\"old\"}', 'seed-old', 'c', '{}')");
    await client.query("insert into seats (match_id, seat, position, player_name, player_name_folded, token_hash) values ('old', 'red', 0, 'Ann', 'ann', 'red-old'), ('old', 'blue', 1, 'Bo', 'bo', 'blue-old')");
    for (const seq of [1, 2, 3]) {
      await client.query("insert into entries (match_id, seq, seat, command, events, state_hash, command_id) values ('old', $1, $2, $3, $4, $5, $6)", [seq, seq % 2 ? "red" : "blue", JSON.stringify({ type: "move", n: seq }), JSON.stringify([{ seq }]), `h${seq}`, `c${seq}`]);
    }
    const written = await new BackupWriter(client, `${folder}.backup`).backup();
    expect(written.file.kind).toBe("base");
  } finally {
    await client.close();
    rmSync(older, { recursive: true, force: true });
  }
  truncateSync(join(folder, "global", "pg_control"), 0);

  const restores: RestoreInfo[] = [];
  const restored = await openStore({ dataDir: folder, onRestore: (info) => restores.push(info) });
  try {
    expect(restores).toHaveLength(1);
    expect((await restored.getMatch("old"))?.setup).toEqual({ id: "old" });
    expect((await restored.entries("old")).map((e) => [e.seq, e.stateHash, e.commandId])).toEqual([
      [1, "h1", "c1"],
      [2, "h2", "c2"],
      [3, "h3", "c3"],
    ]);
    // The seats came back with the column added after the backup, at its default.
    expect(await restored.seatForToken("old", "blue-old")).toBeTruthy();
    // The restored database is at today's schema: a new match with every column works.
    await restored.createMatch(match("new"), seats("new"));
    expect(await restored.seatForToken("new", "red-new")).toBeTruthy();
  } finally {
    await restored.close();
  }
});
