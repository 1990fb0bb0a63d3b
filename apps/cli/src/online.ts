/**
 * Bot players as real clients of a running fogwar server: each match (a game given as an
 * {@link OnlineGame}; each game builds its own in src/games/<id>/online.ts) is created through the lobby API, each seat joins over WebSocket with its
 * invite token (@colyseus/sdk), lists its legal commands from its own decoded projection
 * (`legalCommandsInView`) and sends a random one, as a person's browser would. Spectators join with the spectator link and only watch.
 *
 * Every client is a @fogwar/client `MatchSession`, the web client's own: it survives a server
 * restart by joining again with its seat token (spectators as spectators), with backoff, asks for
 * the events it missed and resends its unanswered command with the same id.
 * Given several addresses of one deployment (`urls`: server processes sharing Redis, reached
 * directly), a client whose join fails moves on to the next address, as a load balancer would
 * move it off a dead process; the process it reaches rebuilds the match's room if its host died.
 */
import { claimAll } from "./claims";
import type { Room } from "@colyseus/sdk";
import { Endpoints } from "./endpoints";
import { RandomBot, type BotPolicy } from "@fogwar/engine";
import { MatchSession, matchStatusAt, type CommandResult, type JoinSpec, type MatchStatusLookup, type RoomClient } from "@fogwar/client";
import type { CreateMatchResponse, MatchSummary } from "@fogwar/protocol";

/** The settings of an online bot match that do not depend on the game. */
export interface OnlinePlayOptions {
  /** The server's HTTP address, e.g. http://localhost:2567: the match is created there and clients join there first. */
  readonly url: string;
  /**
   * More HTTP addresses of the same deployment (other server processes sharing Redis and the
   * database): a client whose join fails tries the next address (after `url`, in this order).
   */
  readonly urls?: readonly string[];
  /** Bot seed: the same seed makes the same choices in the same situations. */
  readonly seed: string;
  readonly spectators?: number;
  /** Called with each command's round trip (send to acknowledgement), in ms. */
  readonly onRoundTrip?: (ms: number) => void;
  /** Gives up after this many commands (default 5,000). */
  readonly maxCommands?: number;
  /** Called with the match's id once it is created, before the clients join. */
  readonly onCreated?: (matchId: string) => void;
  /** Called after each accepted command with the number accepted so far (tests use it to stop the server mid-match). */
  readonly onAccepted?: (commands: number) => void;
  /** How long a client keeps trying to join again after losing its connection, in ms (default 120,000). */
  readonly reconnectWithinMs?: number;
}

/** A command as the bots send it (the game's own command shape). */
export type BotCommand = { readonly type: string };

/**
 * A game as online bots play it: the lobby request that creates the match, each seat's legal
 * commands from its own decoded projection (never the server's state), and the random bot's policy.
 */
export interface OnlineGame {
  /** The body of POST /api/matches. */
  readonly request: unknown;
  /** The seat's legal commands in its projection (empty when it is not awaited). */
  legal(view: unknown, seat: string): readonly BotCommand[];
  readonly policy?: BotPolicy<BotCommand>;
}


/** A projection as every ruleset's view has it: the result once the match is over. */
type AnyView = { readonly result?: unknown };

/** What an online bot match did. */
export interface OnlineMatchReport {
  readonly matchId: string;
  readonly commands: number;
  readonly result: { winner: string | null; winners?: readonly string[]; reason: string } | null;
  readonly ms: number;
  /** Bytes of WebSocket frames received per client label (p1, p2, spectator-1, ...). */
  readonly bytes: Record<string, number>;
  /** Every acknowledged command: its id and the log seq the server answered. */
  readonly accepted: readonly { id: string; seq: number }[];
  /** How many times a client joined again after losing its connection, per client label. */
  readonly reconnections: Record<string, number>;
}

/** An error answered by the server, or a match that cannot go on. */
export class OnlineBotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OnlineBotError";
  }
}

/**
 * A joined client (a @fogwar/client session) and what the report counts: the WebSocket bytes it
 * received and its joins again. Joins that fail move on to the next address; the session gives
 * up after `withinMs` of failing, and every wait then throws.
 */
class Seat {
  readonly session: MatchSession;
  /** The seat (null for a spectator). */
  readonly seat: string | null;
  bytes = 0;

  constructor(endpoints: Endpoints, matchId: string, join: JoinSpec, withinMs: number) {
    this.seat = join.role === "player" ? join.seat : null;
    // A failed join moves on to the next address, as a load balancer would move it off a dead process.
    const rooms: RoomClient = {
      joinById: (roomId, options) =>
        endpoints.sdk.joinById(roomId, options).catch((error: unknown) => {
          endpoints.next();
          throw error;
        }),
    };
    const countBytes = (room: Room): void => {
      const ws = (room.connection as unknown as { transport?: { ws?: WebSocket } }).transport?.ws;
      ws?.addEventListener?.("message", (event: MessageEvent) => {
        const data = event.data as ArrayBuffer | string;
        this.bytes += typeof data === "string" ? data.length : data.byteLength;
      });
    };
    const status: MatchStatusLookup = (id) => matchStatusAt(endpoints.base)(id);
    this.session = new MatchSession(matchId, join, rooms, status, Math.random, { retryWithinMs: withinMs, onJoin: countBytes });
    this.session.start();
  }

  /** Waits for `check`, re-checked on every change; the time spent joining again does not count towards `ms`. */
  async until<T>(check: () => T | null | undefined | false, what: string, ms = 15_000): Promise<T> {
    let deadline = Date.now() + ms;
    for (;;) {
      const value = check();
      if (value) return value;
      const { status, error } = this.session.getSnapshot();
      if (status === "closed" || status === "failed") throw new OnlineBotError(`${this.seat ?? "spectator"}: ${error?.code ?? status}: ${error?.message ?? ""} while waiting for ${what}`);
      if (status !== "open") deadline = Date.now() + ms;
      if (Date.now() > deadline) throw new OnlineBotError(`${this.seat ?? "spectator"}: timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(done, 250);
        const unsubscribe = this.session.subscribe(done);
        function done(): void {
          clearTimeout(t);
          unsubscribe();
          resolve();
        }
      });
    }
  }

  /** The seq of the projection (0 before the first state). */
  get seq(): number {
    return this.session.getSnapshot().seq;
  }

  /** The projection (the last one while joining again). */
  view(): AnyView | undefined {
    return (this.session.getSnapshot().view as AnyView | null) ?? undefined;
  }

  /**
   * Sends a command with `id` and waits for its answer (the session resends it with the same id
   * after a join again). A `rate_limited` error (more than 20 messages/s on this connection) means
   * the message was dropped: wait and resend the same id, as the protocol says; give up after 20 tries.
   */
  async send(id: string, command: BotCommand): Promise<CommandResult> {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.session.send(command, id);
      if (answer.ok || answer.error.code !== "rate_limited" || attempt >= 20) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Leaves for good (no more joins). */
  leave(): void {
    this.session.dispose();
  }
}

async function http<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, headers: { "content-type": "application/json" } });
  const body = (await response.json()) as T & { error?: { code: string; message: string } };
  if (!response.ok) throw new OnlineBotError(`${init?.method ?? "GET"} ${url}: ${response.status} ${body?.error?.code}: ${body?.error?.message}`);
  return body as T;
}

/** GETs `path` from the first of `bases` that answers (a dead process is skipped). @throws the last failure. */
async function httpFirst<T>(bases: readonly string[], path: string): Promise<T> {
  let failure: unknown = new OnlineBotError("no address");
  for (const base of bases) {
    try {
      return await http<T>(`${base}${path}`);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/** Plays one match of `game` between bots against a running server, with optional spectators. */
export async function playOnlineGame(game: OnlineGame, options: OnlinePlayOptions): Promise<OnlineMatchReport> {
  const started = performance.now();
  const base = options.url.replace(/\/$/, "");
  // Each seat's invite is claimed as its player's client would: the tokens stay in this process.
  const created = await claimAll(base, await http<CreateMatchResponse>(`${base}/api/matches`, { method: "POST", body: JSON.stringify(game.request) })).catch((error: unknown) => {
    throw error instanceof OnlineBotError ? error : new OnlineBotError((error as Error).message);
  });
  options.onCreated?.(created.matchId);
  const bases = [base, ...(options.urls ?? []).map((u) => u.replace(/\/$/, "")).filter((u) => u !== base)];
  const seats: Seat[] = [];
  const withinMs = options.reconnectWithinMs ?? 120_000;
  for (const s of created.seats) {
    seats.push(new Seat(new Endpoints(bases), created.matchId, { role: "player", seat: s.seat, token: s.token, name: s.name }, withinMs));
  }
  const watchers: Seat[] = [];
  for (let i = 0; i < (options.spectators ?? 0); i++) {
    watchers.push(new Seat(new Endpoints(bases), created.matchId, { role: "spectator" }, withinMs));
  }
  const accepted: { id: string; seq: number }[] = [];
  const everyone = [...seats, ...watchers];
  try {
    await Promise.all(everyone.map((c) => c.until(() => c.view(), "the first state")));
    const bots = new Map(seats.map((s) => [s.seat as string, new RandomBot<BotCommand>(`${options.seed}:${s.seat}`, game.policy)]));
    let commands = 0;
    const max = options.maxCommands ?? 5_000;
    for (;;) {
      const view = seats[0]?.view();
      if (view?.result) break;
      if (commands >= max) throw new OnlineBotError(`no result after ${max} commands`);
      const mover = seats.map((s) => ({ s, legal: game.legal(s.view(), s.seat as string) })).find((x) => x.legal.length > 0);
      if (!mover) throw new OnlineBotError("nobody has a legal command, yet the match has no result");
      const command = bots.get(mover.s.seat as string)?.choose(mover.legal) as BotCommand;
      const t0 = performance.now();
      const id = `${mover.s.seat}-${commands + 1}`;
      const answer = await mover.s.send(id, command);
      options.onRoundTrip?.(performance.now() - t0);
      if (!answer.ok) throw new OnlineBotError(`${mover.s.seat}: ${JSON.stringify(command)} was answered ${JSON.stringify(answer.error)}`);
      commands++;
      const seq = answer.seq;
      accepted.push({ id, seq });
      options.onAccepted?.(commands);
      await Promise.all(everyone.map((c) => c.until(() => c.seq >= seq, `sequence ${seq}`)));
    }
    const summary = await httpFirst<{ match: MatchSummary }>(bases, `/api/matches/${created.matchId}`);
    const bytes: Record<string, number> = {};
    seats.forEach((s) => (bytes[s.seat as string] = s.bytes));
    watchers.forEach((w, i) => (bytes[`spectator-${i + 1}`] = w.bytes));
    const reconnections: Record<string, number> = {};
    seats.forEach((s) => (reconnections[s.seat as string] = s.session.reconnections));
    watchers.forEach((w, i) => (reconnections[`spectator-${i + 1}`] = w.session.reconnections));
    return { matchId: created.matchId, commands, result: summary.match.result, ms: performance.now() - started, bytes, accepted, reconnections };
  } finally {
    everyone.forEach((c) => c.leave());
  }
}
