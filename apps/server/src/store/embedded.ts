/**
 * The embedded database's store, run in a worker thread (`node:worker_threads`) so that PGlite's
 * WASM, the SQL building and the backups never block the server's event loop. This side holds
 * the data folder's lock (so a second store on the folder in this process is refused as one in
 * another process is) and forwards each `MatchStore` call to the worker (./pglite-worker.ts),
 * which runs the real store; the calls made in one turn of the event loop travel as one message.
 *
 * A worker that dies (an uncaught error, out of memory, terminated) fails every call in flight
 * and every later call with a `StoreDatabaseError` of code 57P02 (PostgreSQL's
 * "crash_shutdown"; `isStoreUnavailable` says true): never a silent hang.
 *
 * The worker is the TypeScript module itself under tsx and jest (started with tsx's loader when
 * this thread has none) and the compiled `.js` module beside this one in a build.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { BackupResult } from "./backup.js";
import { buildParts, type PartMethod, type StoreParts } from "./parts.js";
import type { MatchRecord, MatchStore } from "./contract.js";
import { StoreDatabaseError } from "./errors.js";
import { claimPgliteFolder, type PgliteFolderOptions } from "./folder.js";
import { fromWire, type Call, type FromWorker, type StoreMethod, type ToWorker, type WorkerSettings } from "./worker-protocol.js";

/** The worker's module, and the Node options it needs to load it. */
function workerModule(): { url: URL; execArgv?: string[] } {
  const here = import.meta.url;
  const typescript = /\.[cm]?ts$/.test(new URL(here).pathname);
  const url = new URL(`./pglite-worker.${typescript ? "ts" : "js"}`, here);
  if (!typescript || process.execArgv.some((arg) => arg.includes("tsx"))) return { url };
  // Under jest (which transforms modules itself) the worker needs tsx's loader to run TypeScript.
  // Only that option: some of this thread's (V8 flags such as --expose-gc) are refused for workers.
  const tsx = createRequire(here).resolve("tsx");
  return { url, execArgv: ["--import", pathToFileURL(tsx).href] };
}

/** The error every call gets once the worker is gone. */
function stopped(reason: string): StoreDatabaseError {
  return new StoreDatabaseError(`the embedded database stopped: ${reason}`, "57P02", undefined);
}

/**
 * The record with its times as this realm's `Date`s (a structured clone makes them in the
 * thread's main realm, which is not the caller's under jest's module sandbox).
 */
function withLocalDates(record: MatchRecord): MatchRecord {
  return { ...record, createdAt: new Date(record.createdAt.getTime()), finishedAt: record.finishedAt && new Date(record.finishedAt.getTime()) };
}

interface Waiting {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A `MatchStore` whose database runs in a worker thread. Open it with `openEmbeddedStore`. */
export class EmbeddedStore implements MatchStore {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private outbox: Call[] = [];
  private dead: StoreDatabaseError | null = null;
  private closing: Promise<void> | null = null;
  private closedByUs = false;
  private whenClosed: (() => void) | null = null;

  /** @internal use `openEmbeddedStore` */
  constructor(
    /** The worker thread (exposed for diagnostics and tests). */
    readonly worker: Worker,
    private readonly release: () => void,
    private readonly onBackupError?: (error: unknown) => void,
    private readonly onBackup?: (result: BackupResult) => void,
  ) {
    worker.on("message", (message: FromWorker) => this.receive(message));
    worker.on("error", (error) => this.die(error instanceof Error ? error.message : String(error)));
    worker.on("exit", (code) => {
      if (!this.closedByUs) this.die(`its worker thread exited (code ${code})`);
      this.whenClosed?.();
    });
    worker.unref();
  }

  createMatch = (...args: Parameters<MatchStore["createMatch"]>) => this.call("createMatch", args) as ReturnType<MatchStore["createMatch"]>;
  getMatch = (...args: Parameters<MatchStore["getMatch"]>) => (this.call("getMatch", args) as ReturnType<MatchStore["getMatch"]>).then((r) => r && withLocalDates(r));
  getSeed = (...args: Parameters<MatchStore["getSeed"]>) => this.call("getSeed", args) as ReturnType<MatchStore["getSeed"]>;
  listMatches = (...args: Parameters<MatchStore["listMatches"]>) => (this.call("listMatches", args) as ReturnType<MatchStore["listMatches"]>).then((list) => list.map(withLocalDates));
  seatForToken = (...args: Parameters<MatchStore["seatForToken"]>) => this.call("seatForToken", args) as ReturnType<MatchStore["seatForToken"]>;
  claimSeat = (...args: Parameters<MatchStore["claimSeat"]>) => this.call("claimSeat", args) as ReturnType<MatchStore["claimSeat"]>;
  appendEntry = (...args: Parameters<MatchStore["appendEntry"]>) => this.call("appendEntry", args) as ReturnType<MatchStore["appendEntry"]>;
  entries = (...args: Parameters<MatchStore["entries"]>) => this.call("entries", args) as ReturnType<MatchStore["entries"]>;
  lastSeq = (...args: Parameters<MatchStore["lastSeq"]>) => this.call("lastSeq", args) as ReturnType<MatchStore["lastSeq"]>;
  finishMatch = (...args: Parameters<MatchStore["finishMatch"]>) => this.call("finishMatch", args) as ReturnType<MatchStore["finishMatch"]>;
  liveMatchIds = (...args: Parameters<MatchStore["liveMatchIds"]>) => this.call("liveMatchIds", args) as ReturnType<MatchStore["liveMatchIds"]>;
  findIdempotent = (...args: Parameters<MatchStore["findIdempotent"]>) => this.call("findIdempotent", args) as ReturnType<MatchStore["findIdempotent"]>;
  claimInvite = (...args: Parameters<MatchStore["claimInvite"]>) => this.call("claimInvite", args) as ReturnType<MatchStore["claimInvite"]>;
  inviteAccess = (...args: Parameters<MatchStore["inviteAccess"]>) => this.call("inviteAccess", args) as ReturnType<MatchStore["inviteAccess"]>;
  hostAccess = (...args: Parameters<MatchStore["hostAccess"]>) => this.call("hostAccess", args) as ReturnType<MatchStore["hostAccess"]>;
  reissueSeat = (...args: Parameters<MatchStore["reissueSeat"]>) => this.call("reissueSeat", args) as ReturnType<MatchStore["reissueSeat"]>;
  abandonUnclaimed = (...args: Parameters<MatchStore["abandonUnclaimed"]>) => this.call("abandonUnclaimed", args) as ReturnType<MatchStore["abandonUnclaimed"]>;
  abandonIdle = (...args: Parameters<MatchStore["abandonIdle"]>) => this.call("abandonIdle", args) as ReturnType<MatchStore["abandonIdle"]>;
  appendChat = (...args: Parameters<MatchStore["appendChat"]>) => this.call("appendChat", args) as ReturnType<MatchStore["appendChat"]>;
  chatLines = (...args: Parameters<MatchStore["chatLines"]>) => this.call("chatLines", args) as ReturnType<MatchStore["chatLines"]>;
  private readonly parts: StoreParts = buildParts((part, name) => (...args) => this.call(`${part}.${name}` as PartMethod, args));
  readonly accounts = this.parts.accounts;
  readonly lobby = this.parts.lobby;
  readonly ratings = this.parts.ratings;
  readonly social = this.parts.social;
  readonly notifications = this.parts.notifications;
  readonly push = this.parts.push;

  /**
   * Waits for the worker to finish what it was given, closes the database, releases the folder.
   * (Every method is an own property, so `{ ...store, ... }` copies make whole stores.)
   */
  close = (): Promise<void> => {
    this.closing ??= (async () => {
      if (!this.dead) {
        this.flush();
        this.closedByUs = true;
        const exited = new Promise<void>((done) => (this.whenClosed = done));
        this.worker.ref();
        this.worker.postMessage({ type: "close" } satisfies ToWorker);
        await exited;
      }
      this.closedByUs = true;
      this.die("the store is closed");
      this.release();
    })();
    return this.closing;
  };

  private call(method: StoreMethod, args: readonly unknown[]): Promise<unknown> {
    if (this.dead) return Promise.reject(this.dead);
    if (this.closing) return Promise.reject(stopped("the store is closed"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.waiting.size === 1) this.worker.ref();
      if (this.outbox.length === 0) queueMicrotask(() => this.flush());
      this.outbox.push({ id, method, args });
    });
  }

  /** Sends the calls made in this turn as one message. */
  private flush(): void {
    if (this.outbox.length === 0 || this.dead) return;
    const calls = this.outbox;
    this.outbox = [];
    try {
      this.worker.postMessage({ type: "calls", calls } satisfies ToWorker);
    } catch (error) {
      // A value that cannot cross threads (a function, say): those calls fail, nothing was sent.
      for (const call of calls) this.settle(call.id, (w) => w.reject(error));
    }
  }

  private receive(message: FromWorker): void {
    if (message.type === "replies") {
      for (const r of message.replies) this.settle(r.id, (w) => ("error" in r ? w.reject(fromWire(r.error)) : w.resolve(r.value)));
    } else if (message.type === "backup-error") this.onBackupError?.(fromWire(message.error));
    else if (message.type === "backup-done") this.onBackup?.(message.result);
  }

  private settle(id: number, how: (w: Waiting) => void): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker.unref();
    how(waiting);
  }

  /** The worker is gone: every call waiting and every later one fails. */
  private die(reason: string): void {
    this.dead ??= stopped(reason);
    for (const call of this.outbox) this.waiting.get(call.id)?.reject(this.dead);
    this.outbox = [];
    for (const waiting of this.waiting.values()) waiting.reject(this.dead);
    this.waiting.clear();
    this.worker.unref();
  }
}

/**
 * Opens the embedded store: claims the data folder (when there is one), starts the worker and
 * waits until it has opened (or restored) and migrated the database.
 * @throws StoreOpenError naming the folder and the cause when the folder cannot be used or the
 *   database neither opens nor restores; the migration's error when a migration fails. Nothing is
 *   left open or locked.
 */
export async function openEmbeddedStore(dataDir: string | undefined, migrationsFolder: string, options: PgliteFolderOptions = {}): Promise<MatchStore> {
  const lock = dataDir === undefined ? { release: () => undefined } : claimPgliteFolder(dataDir);
  const settings: WorkerSettings = { dataDir, migrationsFolder, backupIntervalMs: options.backupIntervalMs };
  let worker: Worker;
  try {
    const { url, execArgv } = workerModule();
    worker = new Worker(url, { workerData: settings, ...(execArgv ? { execArgv } : {}) });
  } catch (error) {
    lock.release();
    throw error;
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: FromWorker) => {
        if (message.type === "restored") options.onRestore?.(message.info);
        else if (message.type === "opened") done(resolve);
        else if (message.type === "open-failed") done(() => reject(fromWire(message.error)));
      };
      const onError = (error: Error) => done(() => reject(error));
      const onExit = (code: number) => done(() => reject(stopped(`its worker thread exited (code ${code}) while opening`)));
      const done = (then: () => void) => {
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
        then();
      };
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    });
  } catch (error) {
    await worker.terminate().catch(() => undefined);
    lock.release();
    throw error;
  }
  return new EmbeddedStore(worker, () => lock.release(), options.onBackupError, options.onBackup);
}
