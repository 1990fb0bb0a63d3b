/**
 * One bot seat as an ordinary protocol client: it joins its match over WebSocket with its seat
 * token (@colyseus/sdk `joinById`, as a browser does), rebuilds its seat's projection from the
 * decoded room state (public view plus its seat's overlay: `applyOverlay` + `unflatten`), and when
 * that projection lists commands for its seat it thinks (./brain.ts), waits out the rest of the
 * pace delay, and sends the command with a fresh command id, like any client.
 *
 * - Pace: a move goes out `delayMs` after the bot's turn began (the moment it first looked at
 *   the position, before anything it computes), think time included, so a person can follow and
 *   the moment a command arrives tells nothing of what the bot thought about (its own view holds
 *   secrets: a TRPG enemies' seat sees its concealed characters). A search longer than the pace
 *   is sent at the next whole multiple of it, so even then only "longer than the pace" shows
 *   (and is reported). 0 in tests.
 * - Faults: a search that throws, or a command the server rejects, is followed by a random legal
 *   command (logged), so a match never waits on a faulty bot.
 * - Drops: when the connection ends for any reason but its own leave it joins again with backoff
 *   (0.5 s doubling to 15 s, `retryDelay`), resending an unanswered command with the same id; a
 *   final refusal (an invalid token, a match that is over) stops it. Whoever started it stops it
 *   with `stop()` (the match's room closed).
 */
import { Client, type Room } from "@colyseus/sdk";
import { PROTOCOL_VERSION, applyOverlay, closeVerdict, joinErrorVerdict, parseServerMessage, retryDelay, unflatten } from "@fogwar/protocol";
import type { BotCommand, Brain } from "./brain.js";
import { BOT_KEY_HEADER } from "./worker-protocol.js";

/** What a bot player tells whoever runs it. */
export interface BotReport {
  /** A command was accepted: its seq and the think time (ms from looking at the position to the command chosen, pace delay excluded). */
  moved(seq: number, thinkMs: number, command: string): void;
  /** Something went wrong but the bot goes on (a search error, a rejected command, a drop). */
  warn(message: string, error?: unknown): void;
  /** The bot stopped for good: the match is over (`reason` "finished") or a join was refused. */
  stopped(reason: string): void;
}

/** Where and as whom a bot plays. */
export interface BotSeatSpec {
  /** The WebSocket address of the process hosting the match, e.g. ws://127.0.0.1:2567. */
  readonly url: string;
  readonly matchId: string;
  readonly seat: string;
  readonly token: string;
  /** Minimum ms between the start of the bot's turn and its command. */
  readonly delayMs: number;
  /** The hosting process's bot connection key (./host.ts), sent as BOT_KEY_HEADER so the per-address connection cap leaves bot seats out. */
  readonly connectionKey?: string;
}

interface FlatMap {
  forEach(cb: (value: string, key: string) => void): void;
}
interface DecodedState {
  readonly seq?: number;
  readonly view?: FlatMap & { has?(key: string): boolean };
  readonly seats?: { get(seat: string): { readonly entries?: FlatMap } | undefined };
}
interface Answer {
  readonly id?: string;
  readonly seq?: number;
  readonly error?: { readonly code: string; readonly message: string };
}

const flat = (map: FlatMap | undefined): Map<string, string> => {
  const out = new Map<string, string>();
  map?.forEach((v, k) => out.set(k, v));
  return out;
};

/**
 * How long to wait (ms) before sending a command of a turn that began at `since` when it is `now`
 * (both `Date.now` ms), for a pace of `delayMs`: until `delayMs` after `since`, or, when the
 * thinking took longer, until the next whole multiple of `delayMs` after `since`. 0 for no pace.
 */
export function paceWait(since: number, delayMs: number, now: number): number {
  if (delayMs <= 0) return 0;
  const steps = Math.max(1, Math.ceil((now - since) / delayMs));
  return since + steps * delayMs - now;
}

/** A bot playing one seat of one match over the protocol. */
export class BotPlayer {
  private readonly sdk: Client;
  private room: Room | null = null;
  private stopping = false;
  private busy = false;
  private again = false;
  /** The unanswered command, resent with its id after a rejoin. */
  private inFlight: { id: string; command: BotCommand } | null = null;
  private answer: ((answer: { type: string; payload: Answer }) => void) | null = null;
  /** The seq our last accepted command produced: the view is stale until it arrives. */
  private awaitSeq = 0;
  /** When the bot's current turn began (ms, `Date.now`), and at which seq. */
  private turn: { seq: number; since: number } | null = null;
  /** Seqs whose searched command the server rejected: play a random legal command there. */
  private readonly fallbackAt = new Set<number>();
  private readonly nonce = Math.random().toString(36).slice(2, 8);
  private counter = 0;

  constructor(
    private readonly spec: BotSeatSpec,
    private readonly brain: Brain,
    private readonly report: BotReport,
  ) {
    this.sdk = new Client(spec.url, spec.connectionKey ? { headers: { [BOT_KEY_HEADER]: spec.connectionKey } } : undefined);
  }

  /** Joins and plays until the match ends or `stop()`; returns once the first join is done or given up. */
  async start(): Promise<void> {
    await this.join(0);
  }

  /** Leaves for good. */
  async stop(): Promise<void> {
    this.stopping = true;
    const room = this.room;
    this.room = null;
    await room?.leave(true).catch(() => undefined);
  }

  private async join(firstAttempt: number): Promise<void> {
    for (let attempt = firstAttempt; !this.stopping; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt, Math.random)));
      if (this.stopping) return;
      try {
        const room = await this.sdk.joinById(this.spec.matchId, { role: "player", protocol: PROTOCOL_VERSION, token: this.spec.token });
        if (this.stopping) {
          await room.leave(true).catch(() => undefined);
          return;
        }
        this.attach(room);
        return;
      } catch (error) {
        const verdict = joinErrorVerdict(error);
        if (!verdict.retry) {
          this.stopping = true;
          this.report.stopped(`join refused: ${verdict.code}`);
          return;
        }
        if (attempt === firstAttempt) this.report.warn(`cannot join (${verdict.code}); trying again`);
      }
    }
  }

  private attach(room: Room): void {
    this.room = room;
    // This client joins again by itself (the SDK's reconnection cannot survive a server restart).
    room.reconnection.enabled = false;
    room.onStateChange(() => this.wake());
    room.onMessage("*", (type, raw: unknown) => {
      // Read as any client reads (accepted and events come in their compact wire forms).
      const parsed = parseServerMessage(type, raw);
      const payload = (parsed.ok ? parsed.message : raw) as Answer;
      if ((type === "accepted" || type === "rejected") && payload?.id && payload.id === this.inFlight?.id) this.answer?.({ type, payload });
      else if (type === "error" && this.inFlight) this.answer?.({ type: "error", payload });
      else if (type === "welcome" && this.inFlight) room.send("command", { type: "command", ...this.inFlight });
      this.wake();
    });
    room.onLeave((code) => {
      if (room !== this.room || this.stopping) return;
      this.room = null;
      if (this.view()?.result) return this.finish();
      const verdict = closeVerdict(code);
      if (!verdict.retry) {
        this.stopping = true;
        this.report.stopped(`connection closed: ${verdict.code}`);
        return;
      }
      this.report.warn(`connection lost (${code}); joining again`);
      void this.join(1);
    });
    this.wake();
  }

  private get state(): DecodedState | undefined {
    return this.room?.state as DecodedState | undefined;
  }

  /** The seat's projection from the decoded state (undefined before the first full state). */
  private view(): { result?: unknown } | undefined {
    const state = this.state;
    if (!state?.view?.has?.("")) return undefined;
    return unflatten(applyOverlay(flat(state.view), flat(state.seats?.get(this.spec.seat)?.entries))) as { result?: unknown };
  }

  private finish(): void {
    if (this.stopping) return;
    this.stopping = true;
    this.report.stopped("finished");
    void this.stop();
  }

  /** Runs `act` now, or once more after the running one (never two at once). */
  private wake(): void {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    void this.act()
      .catch((error: unknown) => this.report.warn("a move failed", error))
      .finally(() => {
        this.busy = false;
        if (this.again && !this.stopping) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** One look at the position: plays a command when it is the seat's move. */
  private async act(): Promise<void> {
    this.again = false;
    if (this.stopping || !this.room || this.inFlight) return;
    // The turn's clock starts before the view is read: everything after it is inside the pace.
    const looked = Date.now();
    const started = performance.now();
    const seq = this.state?.seq ?? -1;
    if (seq < this.awaitSeq) return;
    const view = this.view();
    if (!view) return;
    if (view.result) return this.finish();
    if (!(this.brain.awaits?.(view) ?? this.brain.legal(view).length > 0)) {
      this.turn = null;
      return;
    }
    if (this.turn?.seq !== seq) this.turn = { seq, since: looked };
    let command: BotCommand | null;
    if (this.fallbackAt.has(seq)) command = this.brain.fallback(view);
    else {
      try {
        command = this.brain.choose(view);
      } catch (error) {
        this.report.warn(`the search failed at seq ${seq}; playing a random legal command`, error);
        command = this.brain.fallback(view);
      }
    }
    const thinkMs = performance.now() - started;
    if (!command) return;
    const wait = paceWait(this.turn.since, this.spec.delayMs, Date.now());
    if (thinkMs > this.spec.delayMs && this.spec.delayMs > 0) this.report.warn(`the move at seq ${seq} took ${Math.round(thinkMs)} ms, longer than the pace (${this.spec.delayMs} ms)`);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (this.stopping || !this.room || (this.state?.seq ?? -1) !== seq) return this.wake();
    const answer = await this.send({ id: `bot-${this.nonce}-${seq}-${++this.counter}`, command });
    if (this.stopping) return;
    if (answer.type === "accepted") {
      this.awaitSeq = answer.payload.seq ?? seq + 1;
      this.report.moved(this.awaitSeq, thinkMs, command.type);
    } else if (answer.type === "rejected") {
      this.report.warn(`the server rejected ${command.type} at seq ${seq} (${answer.payload.error?.code}); playing a random legal command`);
      this.fallbackAt.add(seq);
    } else if (answer.payload.error?.code === "match_over") {
      this.finish();
    } else if (answer.payload.error?.code === "rate_limited") {
      await new Promise((resolve) => setTimeout(resolve, 200));
    } else {
      this.report.warn(`error ${answer.payload.error?.code} after ${command.type} at seq ${seq}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    this.wake();
  }

  /** Sends a command and waits for its answer (resent with the same id after a rejoin). */
  private send(inFlight: { id: string; command: BotCommand }): Promise<{ type: string; payload: Answer }> {
    this.inFlight = inFlight;
    return new Promise<{ type: string; payload: Answer }>((resolve) => {
      const poll = setInterval(() => {
        if (this.stopping) done({ type: "error", payload: { error: { code: "stopped", message: "" } } });
      }, 1000);
      const done = (answer: { type: string; payload: Answer }) => {
        clearInterval(poll);
        this.answer = null;
        this.inFlight = null;
        resolve(answer);
      };
      this.answer = done;
      this.room?.send("command", { type: "command", ...inFlight });
    });
  }
}
