/**
 * The embedded store's worker thread (started by ./embedded.ts): opens PGlite (in memory, or in
 * the data folder the server's thread has claimed, restoring it from its backup when needed),
 * applies the migrations, takes the folder's backups, and runs the store's methods
 * (`DrizzleMatchStore`, group commit included) for the server's thread. PGlite's WASM, drizzle's
 * query building and the backups' compression all run here, never on the server's event loop.
 *
 * Answers are sent in batches: the replies that settle in one round of this thread's event loop
 * go back as one message.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { callPart } from "./parts.js";
import type { MatchStore } from "./contract.js";
import { DrizzleMatchStore, type StoreDatabase } from "./drizzle-store.js";
import { withCleanErrors } from "./errors.js";
import { openPgliteFolder } from "./pglite.js";
import { createPglite, templateCacheFile } from "./pglite-template.js";
import { findWorkspaceRoot } from "../workspace.js";
import { pgliteRunner } from "./prepared.js";
import * as schema from "./schema.js";
import { toWire, type FromWorker, type Reply, type ToWorker, type StoreMethod, type WorkerSettings } from "./worker-protocol.js";

const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs only as a worker thread (see ./embedded.ts)");
const settings = workerData as WorkerSettings;
const post = (message: FromWorker) => port.postMessage(message);

let replies: Reply[] = [];
function flushReplies(): void {
  if (replies.length === 0) return;
  const batch = replies;
  replies = [];
  post({ type: "replies", replies: batch });
}
function reply(answer: Reply): void {
  if (replies.length === 0) setImmediate(flushReplies);
  replies.push(answer);
}

/**
 * What a backup must know of a call that succeeded: the match it changed and, for an append, the
 * entry's number (./backup.ts reads the log of touched matches from there).
 */
function changedMatch(method: StoreMethod, args: readonly unknown[]): [string, number?] | null {
  switch (method) {
    case "createMatch":
      return [(args[0] as { id: string }).id];
    case "appendEntry":
      return [args[0] as string, (args[1] as { seq: number }).seq];
    case "claimSeat":
    case "finishMatch":
    case "claimInvite":
    case "reissueSeat":
      return [args[0] as string];
    default:
      return null;
  }
}

let touched: (matchId: string, seq?: number) => void = () => undefined;

/**
 * Applies only the first `count` migrations of `folder` to `client`: drizzle's migrator over a
 * temporary copy of the folder whose journal lists those alone (the rest are applied later by the
 * whole folder's migrate, which skips what is applied).
 * @throws Error when the folder has fewer than `count` migrations (a backup of a newer version).
 */
async function migrateFirst(client: PGlite, folder: string, count: number): Promise<void> {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  if (count > journal.entries.length) {
    throw new Error(`the backup was written by a newer version of the server (its schema has ${count} migrations; this server knows ${journal.entries.length}): restore it with that version`);
  }
  const copy = mkdtempSync(join(tmpdir(), "fogwar-migrations-"));
  try {
    cpSync(folder, copy, { recursive: true });
    writeFileSync(join(copy, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
    await migrate(drizzle({ client, schema }), { migrationsFolder: copy });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The workspace above the migrations, where new databases' template is kept (./pglite-template.ts). */
const workspace = findWorkspaceRoot([settings.migrationsFolder]);

async function open(): Promise<MatchStore> {
  const migrateOn = async (client: PGlite) => {
    await migrate(drizzle({ client, schema }), { migrationsFolder: settings.migrationsFolder });
  };
  const migrateTo = (client: PGlite, count: number) => migrateFirst(client, settings.migrationsFolder, count);
  const opened =
    settings.dataDir === undefined
      ? await createPglite(templateCacheFile(workspace)).then(async (client) => {
          await migrateOn(client);
          return { client, startBackups: () => undefined, touched: () => undefined, close: () => client.close() };
        })
      : await openPgliteFolder(
          settings.dataDir,
          {
            backupIntervalMs: settings.backupIntervalMs,
            onRestore: (info) => post({ type: "restored", info }),
            onBackupError: (error) => post({ type: "backup-error", error: toWire(error) }),
            onBackup: (result) => post({ type: "backup-done", result }),
            workspace,
          },
          migrateOn,
          migrateTo,
        );
  try {
    const db = drizzle({ client: opened.client, schema });
    opened.startBackups();
    touched = opened.touched;
    return withCleanErrors(new DrizzleMatchStore(db as unknown as StoreDatabase, () => opened.close(), { appendsInFlight: 1, /* the folder is locked to this process (./lock.ts) and this is its one connection */ soleWriter: true, appendStatements: pgliteRunner(opened.client) }));
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
}

const ready = open();
ready.then(
  () => post({ type: "opened" }),
  (error: unknown) => {
    post({ type: "open-failed", error: toWire(error) });
    port.close();
  },
);

port.on("message", (message: ToWorker) => {
  void ready.then(
    async (store) => {
      if (message.type === "close") {
        await store.close();
        flushReplies();
        post({ type: "closed" });
        port.close();
        return;
      }
      for (const { id, method, args } of message.calls) {
        (method.includes(".") ? callPart(store, method, args) : (store[method as Exclude<StoreMethod, `${string}.${string}`>] as (...a: unknown[]) => Promise<unknown>)(...args)).then(
          (value) => {
            // Committed: the next backup must read this match (before the caller hears of it).
            const changed = changedMatch(method, args);
            if (changed) touched(...changed);
            reply({ id, value });
          },
          (error: unknown) => reply({ id, error: toWire(error) }),
        );
      }
    },
    () => undefined,
  );
});
