/**
 * The embedded database's folder: one process at a time (a lock naming its holder), clear
 * one-line startup errors for a folder that cannot be used, and a folder that no longer opens
 * (PGlite's `RuntimeError: Aborted()`) restored from its backup.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, utimesSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, StoreOpenError, type RestoreInfo } from "../src/store/index.js";
import { api } from "./harness";

jest.setTimeout(120_000);

const SERVER_DIR = join(__dirname, "..");
const root = mkdtempSync(join(tmpdir(), "fogwar-folder-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const match = (id: string) => ({ id, ruleset: "ember", rulesVersion: "v", scenario: "s", setup: {}, seed: `seed-${id}`, seedCommitment: "c", options: {} });

/**
 * Under root, the prefix that runs a command as root without the capabilities that bypass file
 * permissions (`setpriv` drops them from the bounding set, so the program's own checks and writes
 * meet the folder's mode as any owner would); for other users, none. The same user runs the
 * server, so it can read the checkout wherever it lies (a 0700 temporary folder included).
 */
const BOUND_BY_PERMISSIONS = process.getuid?.() === 0 ? ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", "--"] : [];

/**
 * Runs src/main.ts; resolves when it answers /api/health (`up`) or exits (`exited`).
 * @param boundByPermissions run it unable to override file permissions (see BOUND_BY_PERMISSIONS)
 */
async function runServer(env: Record<string, string>, boundByPermissions = false): Promise<{ child: ChildProcess; up: boolean; code: number | null; stderr: string; http: string }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const [command, ...args] = [...(boundByPermissions ? BOUND_BY_PERMISSIONS : []), process.execPath, "--import", "tsx", "src/main.ts"];
  const child = spawn(command!, args, {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_OPTIONS: "", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", FOGWAR_BACKUP_INTERVAL_MINUTES: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += d));
  const http = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return { child, up: false, code: child.exitCode, stderr, http };
    if ((await api(http, "/health").catch(() => null))?.status === 200) return { child, up: true, code: null, stderr, http };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`neither up nor exited: ${stderr}`);
}

test("a second server on the same data folder refuses to start, naming the folder and the holder; a killed holder's lock is taken over", async () => {
  const folder = join(root, "shared");
  const first = await runServer({ FOGWAR_DATA_DIR: folder });
  expect(first.up).toBe(true);
  try {
    const second = await runServer({ FOGWAR_DATA_DIR: folder });
    expect(second.up).toBe(false);
    expect(second.code).toBe(1);
    const lines = second.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(folder);
    expect(lines[0]).toContain(`process ${first.child.pid}`);
  } finally {
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));
  }
  // The holder died without releasing its lock: the next server takes it over.
  expect(existsSync(`${folder}.lock`)).toBe(true);
  const third = await runServer({ FOGWAR_DATA_DIR: folder });
  expect(third.up).toBe(true);
  third.child.kill("SIGTERM");
  await new Promise((r) => third.child.once("exit", r));
  expect(existsSync(`${folder}.lock`)).toBe(false); // released at a clean shutdown
});

test("in one process: a second store on an open folder is refused; after close it opens", async () => {
  const folder = join(root, "inproc");
  const store = await openStore({ dataDir: folder });
  const refused = await openStore({ dataDir: folder }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(StoreOpenError);
  expect((refused as Error).message).toContain(folder);
  await store.close();
  const again = await openStore({ dataDir: folder });
  await again.close();
});

test("a lock left by a process that is gone (or by an earlier life of this pid) is stale and taken over", async () => {
  const folder = join(root, "stale");
  const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
  for (const pid of [Number(dead), process.pid]) {
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid, host: hostname(), since: "2026-01-01T00:00:00.000Z", nonce: `old-${pid}` }));
    const store = await openStore({ dataDir: folder });
    expect(JSON.parse(readFileSync(`${folder}.lock`, "utf8"))).toMatchObject({ pid: process.pid });
    await store.close();
  }
});

test("an unreadable lock is respected while fresh (a holder writing it) and taken over once old", async () => {
  const folder = join(root, "half-written");
  writeFileSync(`${folder}.lock`, "");
  const refused = await openStore({ dataDir: folder }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(StoreOpenError);
  expect((refused as Error).message).toContain(`${folder}.lock`);
  const old = new Date(Date.now() - 5 * 60_000);
  utimesSync(`${folder}.lock`, old, old);
  const store = await openStore({ dataDir: folder });
  await store.close();
});

test("a data folder that cannot be used: one line naming the folder and the cause, exit status 1", async () => {
  // A path under a regular file (fails for root too).
  const file = join(root, "a-file");
  writeFileSync(file, "not a folder");
  const underFile = await runServer({ FOGWAR_DATA_DIR: join(file, "data") });
  expect(underFile.code).toBe(1);
  expect(underFile.stderr.trim().split("\n")).toEqual([expect.stringContaining(`${join(file, "data")}`)]);
  expect(underFile.stderr).toMatch(/not a folder \(ENOTDIR\)/);
  expect(underFile.stderr).not.toMatch(/\n\s+at /); // no stack trace

  // A folder the server's user may not write (mode 0555; under root, the server runs without the
  // capability to override it).
  const readOnly = join(root, "read-only");
  mkdirSync(readOnly, { mode: 0o555 });
  chmodSync(readOnly, 0o555); // whatever the umask
  const denied = await runServer({ FOGWAR_DATA_DIR: readOnly }, true);
  expect(denied.code).toBe(1);
  expect(denied.stderr.trim().split("\n")).toEqual([expect.stringMatching(new RegExp(`${readOnly}.*permission denied \\(EACCES\\)`))]);
});

test("a folder that no longer opens (RuntimeError: Aborted()) is restored from its backup, and the restore is reported", async () => {
  const folder = join(root, "restore");
  const before = await openStore({ dataDir: folder });
  await before.createMatch(match("kept"), []);
  await before.close();
  // A run with backups: one is written after opening (it holds "kept"), then "late" is created,
  // and the clean close writes a last increment that holds it.
  const backed = await openStore({ dataDir: folder, backupIntervalMs: 3_600_000 });
  for (let i = 0; i < 100 && !existsSync(`${folder}.backup/00000001-base.ndjson.gz`); i++) await new Promise((r) => setTimeout(r, 100));
  expect(existsSync(`${folder}.backup/00000001-base.ndjson.gz`)).toBe(true);
  await backed.createMatch(match("late"), []);
  await backed.close();
  expect(existsSync(`${folder}.backup/00000002-increment.ndjson.gz`)).toBe(true);
  // Break the folder: PGlite then aborts at open.
  truncateSync(join(folder, "global", "pg_control"), 0);
  const restores: RestoreInfo[] = [];
  const reopened = await openStore({ dataDir: folder, onRestore: (info) => restores.push(info) });
  try {
    expect(restores).toEqual([{ folder, reason: expect.stringContaining("Aborted()"), backupFile: `${folder}.backup`, backupTakenAt: expect.anything(), brokenFolderKeptAt: expect.stringContaining(`${folder}.broken-`) }]);
    expect(existsSync(restores[0]!.brokenFolderKeptAt)).toBe(true);
    expect(Math.abs(restores[0]!.backupTakenAt.getTime() - Date.now())).toBeLessThan(120_000);
    expect(await reopened.getMatch("kept")).not.toBeNull();
    expect(await reopened.getMatch("late")).not.toBeNull(); // after the base, in the close's increment
    await reopened.createMatch(match("after"), []);
  } finally {
    await reopened.close();
  }
  // Without a backup: a clear error naming the folder.
  rmSync(`${folder}.backup`, { recursive: true });
  truncateSync(join(folder, "global", "pg_control"), 0);
  const error = await openStore({ dataDir: folder }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(StoreOpenError);
  expect((error as Error).message).toMatch(new RegExp(`${folder}: .*Aborted\\(\\).*no backup`));
});
