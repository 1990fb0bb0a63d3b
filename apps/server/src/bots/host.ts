/**
 * The server's bot seats, main-thread side: one shared worker thread (./worker.ts) plays every
 * bot seat of the matches this process hosts, each as an ordinary protocol client connected to
 * this process over WebSocket with its seat token. The searches never run on the server's event
 * loop.
 *
 * Bots follow the rooms: when a match's room opens here (created, rebuilt after a restart, or
 * taken over from a process that died) its bot seats are attached (`matchOpened`); when the room
 * closes here they are detached (`matchClosed`). A worker that dies (an uncaught error, out of
 * memory, terminated) is logged and started again after a back-off (1 s doubling to 30 s), and
 * every bot seat is attached again: a fault in a bot never wedges a match.
 *
 * Each move's think time is logged (pino, `bot moved`, `thinkMs`).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { BotLevel } from "@fogwar/protocol";
import type { Logger } from "pino";
import type { MatchStore } from "../store/index.js";
import { botPlays } from "./brain.js";
import { botBrainSeed, botSeatsOf, botToken } from "./seats.js";
import { BOT_KEY_HEADER, type FromBotWorker, type ToBotWorker } from "./worker-protocol.js";

/** The default pace: a bot's move goes out at least this many ms after its turn began. */
export const DEFAULT_BOT_DELAY_MS = 700;

/** The worker's module, and the Node options it needs to load it (as ../store/embedded.ts). */
function workerModule(): { url: URL; execArgv?: string[] } {
  const here = import.meta.url;
  const typescript = /\.[cm]?ts$/.test(new URL(here).pathname);
  const url = new URL(`./worker.${typescript ? "ts" : "js"}`, here);
  if (!typescript || process.execArgv.some((arg) => arg.includes("tsx"))) return { url };
  // Under jest (which transforms modules itself) the worker needs tsx's loader to run TypeScript.
  const tsx = createRequire(here).resolve("tsx");
  return { url, execArgv: ["--import", pathToFileURL(tsx).href] };
}

type Attach = Extract<ToBotWorker, { type: "attach" }>;

/** The bot seats of this process and the worker that plays them. */
export class BotHost {
  private worker: Worker | null = null;
  private url: string | null = null;
  private closed = false;
  private restarts = 0;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly seats = new Map<string, Attach>();
  /**
   * This process's bot connection key: random, never leaves the process (the worker is a thread of
   * it); the bot seats send it as BOT_KEY_HEADER and the gate leaves them out of the per-address
   * connection cap (they all come from 127.0.0.1, and one process may play hundreds).
   */
  private readonly connectionKey = randomBytes(24).toString("hex");
  /** Matches whose room is open here (a room closed while its bots were being read is not attached). */
  private readonly open = new Set<string>();

  /**
   * @param log where moves, warnings and worker faults are logged.
   * @param delayMs the pace (see {@link DEFAULT_BOT_DELAY_MS}); 0 in tests.
   */
  constructor(
    private readonly log: Logger,
    private readonly delayMs: number = DEFAULT_BOT_DELAY_MS,
  ) {}

  /**
   * Sets where bots connect once this process listens (ws://127.0.0.1:PORT). The worker starts
   * with the first bot seat, so a process that hosts no bot pays nothing for it.
   */
  start(url: string): void {
    this.url = url;
    for (const seat of this.seats.values()) this.seats.set(seat.key, { ...seat, url });
    if (this.seats.size > 0) this.spawn();
  }

  /** Whether a request carries this process's bot connection key (a bot seat of this process). */
  carriesKey(headers: IncomingHttpHeaders): boolean {
    const given = headers[BOT_KEY_HEADER];
    if (typeof given !== "string" || given.length !== this.connectionKey.length) return false;
    return timingSafeEqual(Buffer.from(given), Buffer.from(this.connectionKey));
  }

  /** How many bot seats are attached now. */
  get size(): number {
    return this.seats.size;
  }

  /**
   * Attaches the bot seats of a match whose room just opened here: reads its stored bot seats and
   * derives their tokens from its seed (./seats.ts). Nothing for a match without bots or not live.
   */
  async matchOpened(store: MatchStore, matchId: string): Promise<void> {
    this.open.add(matchId);
    const record = await store.getMatch(matchId);
    const bots = botSeatsOf(record?.options);
    if (!record || record.status !== "live" || Object.keys(bots).length === 0) return;
    if (!botPlays(record.ruleset)) {
      this.log.error({ matchId, ruleset: record.ruleset }, "no bot plays this ruleset: its bot seats stay empty");
      return;
    }
    const seed = await store.getSeed(matchId);
    if (!seed || !this.open.has(matchId) || this.closed) return;
    for (const [seat, level] of Object.entries(bots)) {
      this.attach({ type: "attach", key: `${matchId}/${seat}`, url: this.url ?? "", matchId, seat, token: botToken(seed, seat), brainSeed: botBrainSeed(seed, seat), ruleset: record.ruleset, rulesVersion: record.rulesVersion, level: level as BotLevel, delayMs: this.delayMs, connectionKey: this.connectionKey });
    }
  }

  /** Detaches the bot seats of a match whose room closed here. */
  matchClosed(matchId: string): void {
    this.open.delete(matchId);
    for (const key of [...this.seats.keys()]) {
      if (!key.startsWith(`${matchId}/`)) continue;
      this.seats.delete(key);
      this.worker?.postMessage({ type: "detach", key } satisfies ToBotWorker);
    }
  }

  /** Stops the worker (for tests and operators: a worker that dies is started again). */
  async terminateWorker(): Promise<void> {
    await this.worker?.terminate();
  }

  /**
   * Stops every bot and the worker for good: the bots leave their matches first (a consented
   * leave, so their seats hold no reconnection slot), for at most `graceMs`.
   */
  async close(graceMs = 2000): Promise<void> {
    this.closed = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const worker = this.worker;
    this.worker = null;
    this.seats.clear();
    if (!worker) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      worker.on("message", (message: FromBotWorker) => {
        if (message.type !== "closed") return;
        clearTimeout(timer);
        resolve();
      });
      worker.postMessage({ type: "close" } satisfies ToBotWorker);
    });
    await worker.terminate();
  }

  private attach(seat: Attach): void {
    this.seats.set(seat.key, seat);
    this.log.info({ matchId: seat.matchId, seat: seat.seat, level: seat.level }, "bot seat attached");
    if (!this.url) return;
    if (this.worker) this.worker.postMessage(seat);
    else if (!this.restartTimer) this.spawn();
  }

  private spawn(): void {
    if (this.closed || !this.url) return;
    const { url, execArgv } = workerModule();
    const worker = new Worker(url, { name: "fogwar-bots", ...(execArgv ? { execArgv } : {}) });
    this.worker = worker;
    const healthy = setTimeout(() => (this.restarts = 0), 60_000);
    healthy.unref();
    worker.on("message", (message: FromBotWorker) => this.receive(message));
    worker.on("error", (error) => this.log.error({ err: error }, "the bot worker failed"));
    worker.on("exit", (code) => {
      clearTimeout(healthy);
      if (this.worker !== worker) return;
      this.worker = null;
      if (this.closed) return;
      const delay = Math.min(30_000, 1000 * 2 ** this.restarts++);
      this.log.error({ code, bots: this.seats.size, restartInMs: delay }, "the bot worker stopped; starting it again");
      this.restartTimer = setTimeout(() => {
        this.restartTimer = null;
        this.spawn();
      }, delay);
    });
    for (const seat of this.seats.values()) worker.postMessage(seat);
  }

  private receive(message: FromBotWorker): void {
    if (message.type === "closed") return;
    const seat = this.seats.get(message.key);
    const where = { matchId: seat?.matchId ?? message.key.split("/")[0], seat: seat?.seat ?? message.key.split("/")[1] };
    if (message.type === "moved") this.log.info({ ...where, seq: message.seq, command: message.command, thinkMs: Math.round(message.thinkMs * 10) / 10 }, "bot moved");
    else if (message.type === "warn") this.log.warn({ ...where, ...(message.error ? { err: message.error } : {}) }, `bot: ${message.message}`);
    else if (message.type === "stopped") {
      this.seats.delete(message.key);
      if (message.reason === "finished") this.log.info(where, "bot seat done: the match is over");
      else this.log.error({ ...where, reason: message.reason }, "bot seat stopped");
    }
  }
}
