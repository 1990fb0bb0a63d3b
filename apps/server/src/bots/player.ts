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
 * - Drops: the connection is a @fogwar/client `MatchSession`, the web client's own: when it ends
 *   for any reason but its own leave it joins again with backoff, resending an unanswered command
 *   with the same id; a final refusal (an invalid token, a match that is over) stops it. Whoever
 *   started it stops it with `stop()` (the match's room closed).
 */
import { Client, type Room } from "@colyseus/sdk";
import { MatchSession, type CommandResult, type MatchSnapshot, type RoomClient } from "@fogwar/client";
import { PROTOCOL_ERRORS } from "@fogwar/protocol";
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
  private readonly session: MatchSession;
  /** The room of the current connection (the last one joined). */
  private room: Room | null = null;
  private stopping = false;
  private busy = false;
  private again = false;
  private inFlight = false;
  /** The status last seen (reported on change). */
  private status: MatchSnapshot["status"] = "connecting";
  /** Whether a failing first join was reported (once). */
  private joinWarned = false;
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
    const sdk = new Client(spec.url, spec.connectionKey ? { headers: { [BOT_KEY_HEADER]: spec.connectionKey } } : undefined);
    // A room not found is retried until stopped: whoever runs the bot knows when the match ends.
    this.session = new MatchSession(spec.matchId, { role: "player", seat: spec.seat, token: spec.token }, sdk as unknown as RoomClient, async () => null, Math.random, {
      onJoin: (room) => (this.room = room),
    });
    this.session.subscribe(() => this.onChange());
  }

  /** Joins and plays until the match ends or `stop()`; resolves once the first join is done or given up. */
  async start(): Promise<void> {
    this.session.start();
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (this.stopping || this.session.getSnapshot().status !== "connecting") {
          unsubscribe();
          resolve();
        }
      };
      const unsubscribe = this.session.subscribe(check);
      check();
    });
  }

  /** Leaves for good. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.room = null;
    this.session.dispose();
  }

  /** Reports status changes, then looks at the position. */
  private onChange(): void {
    const { status, error } = this.session.getSnapshot();
    const before = this.status;
    this.status = status;
    if (status !== before && !this.stopping) {
      const code = error?.code ?? status;
      if (this.view()?.result) return this.finish();
      if (status === "failed") return this.stopFor(`join refused: ${code}`);
      if (status === "closed") return this.stopFor(`connection closed: ${code}`);
      if (status === "reconnecting" && before === "open") this.report.warn(`connection lost (${code}); joining again`);
    }
    if (status === "connecting" && error && !this.joinWarned && !this.stopping) {
      this.joinWarned = true;
      this.report.warn(`cannot join (${error.code}); trying again`);
    }
    this.wake();
  }

  private stopFor(reason: string): void {
    this.stopping = true;
    this.report.stopped(reason);
    this.session.dispose();
  }

  /** The seat's projection (undefined before the first full state). */
  private view(): { result?: unknown } | undefined {
    return (this.session.getSnapshot().view as { result?: unknown } | null) ?? undefined;
  }

  private get open(): boolean {
    return this.session.getSnapshot().status === "open";
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
    if (this.stopping || !this.open || this.inFlight) return;
    // The turn's clock starts before the view is read: everything after it is inside the pace.
    const looked = Date.now();
    const started = performance.now();
    const seq = this.session.getSnapshot().seq;
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
    if (this.stopping || !this.open || this.session.getSnapshot().seq !== seq) return this.wake();
    const answer = await this.send(`bot-${this.nonce}-${seq}-${++this.counter}`, command);
    if (this.stopping) return;
    if (answer.ok) {
      this.awaitSeq = answer.seq;
      this.report.moved(this.awaitSeq, thinkMs, command.type);
    } else if (answer.error.code === "match_over") {
      this.finish();
    } else if (answer.error.code === "rate_limited") {
      await new Promise((resolve) => setTimeout(resolve, 200));
    } else if (answer.error.code === "not_connected") {
      return;
    } else if (!(answer.error.code in PROTOCOL_ERRORS)) {
      this.report.warn(`the server rejected ${command.type} at seq ${seq} (${answer.error.code}); playing a random legal command`);
      this.fallbackAt.add(seq);
    } else {
      this.report.warn(`error ${answer.error.code} after ${command.type} at seq ${seq}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    this.wake();
  }

  /** Sends a command and waits for its answer (the session resends it with the same id after a join again). */
  private async send(id: string, command: BotCommand): Promise<CommandResult> {
    this.inFlight = true;
    try {
      return await this.session.send(command, id);
    } finally {
      this.inFlight = false;
    }
  }
}
