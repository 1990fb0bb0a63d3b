/**
 * Bot players as real clients of a running fogwar server: each match (EMBER, or any game given as
 * an {@link OnlineGame}) is created through the lobby API, each seat joins over WebSocket with its
 * invite token (@colyseus/sdk), lists its legal commands from its own decoded projection
 * (`legalCommandsInView`) and sends a random one, as a person's browser would. Spectators join with the spectator link and only watch.
 *
 * Every client survives a server restart as the web client does: when its connection ends for a
 * reason worth retrying (`closeVerdict`) it joins again with a fresh `joinById` and its seat
 * token (spectators as spectators), backing off 0.5 s doubling to 15 s with jitter
 * (`retryDelay`) while the join fails for a reason worth retrying (`joinErrorVerdict`), asks
 * for the events it missed (`events_since`) and resends its unanswered command with the same id.
 * Given several addresses of one deployment (`urls`: server processes sharing Redis, reached
 * directly), a client whose join fails moves on to the next address, as a load balancer would
 * move it off a dead process; the process it reaches rebuilds the match's room if its host died.
 */
import { claimAll } from "./claims";
import type { Room } from "@colyseus/sdk";
import { Endpoints } from "./endpoints";
import { RandomBot, type BotPolicy } from "@fogwar/engine";
import { catalog, emberBotPolicy, legalCommandsInView, type EmberView } from "@fogwar/ember";
import {
  PROTOCOL_VERSION,
  applyOverlay,
  closeVerdict,
  joinErrorVerdict,
  parseServerMessage,
  retryDelay,
  unflatten,
  type CreateMatchResponse,
  type JoinOptions,
  type MatchSummary,
} from "@fogwar/protocol";

/** One online bot match's settings. */
export interface OnlineMatchOptions {
  /** The server's HTTP address, e.g. http://localhost:2567: the match is created there and clients join there first. */
  readonly url: string;
  /**
   * More HTTP addresses of the same deployment (other server processes sharing Redis and the
   * database): a client whose join fails tries the next address (after `url`, in this order).
   */
  readonly urls?: readonly string[];
  readonly scenario: string;
  /** Sample army indexes (packages/ember/data/armies.json) for p1, p2, ... (2 to 4 seats). */
  readonly armies: readonly number[];
  /** Each seat's team, in seat order, for a 2 v 2 (seed 001 6.1); none: every seat alone. */
  readonly teams?: readonly string[];
  /** Bot seed: the same seed makes the same choices in the same situations. */
  readonly seed: string;
  readonly spectators?: number;
  readonly progressiveReveal?: boolean;
  readonly spectatorDelay?: number;
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

/** The settings of an online bot match that do not depend on the game. */
export type OnlinePlayOptions = Pick<OnlineMatchOptions, "url" | "urls" | "seed" | "spectators" | "onRoundTrip" | "maxCommands" | "onCreated" | "onAccepted" | "reconnectWithinMs">;

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

/** The decoded room state as the SDK gives it (schema reflection, no server classes). */
interface DecodedMap {
  forEach(cb: (value: string, key: string) => void): void;
}
interface DecodedState {
  readonly seq?: number;
  readonly view?: DecodedMap;
  readonly seats?: { get(seat: string): { readonly entries?: DecodedMap } | undefined };
}
/** A server message as received: `accepted`, `rejected`, `error`, ... */
interface Answer {
  readonly type: string;
  readonly payload: { readonly id?: string; readonly seq?: number; readonly error?: { code: string; message: string } };
}

const toMap = (schemaMap: DecodedMap | undefined) => {
  const map = new Map<string, string>();
  schemaMap?.forEach((v, k) => map.set(k, v));
  return map;
};

/**
 * How a client joins again: its addresses, the match, its join options and the time it may take
 * (ms). When the room is not found, the match's REST resource is asked: a match that is no longer
 * live ends the retries.
 */
interface Rejoin {
  readonly endpoints: Endpoints;
  readonly matchId: string;
  readonly options: JoinOptions;
  readonly withinMs: number;
}

/** Whether the REST API says the match is over or unknown (false when it is live or cannot be asked). */
async function matchIsGone(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    if (response.status === 404) return true;
    const body = (await response.json()) as { match?: { status?: string } };
    return response.ok && body.match?.status !== undefined && body.match.status !== "live";
  } catch {
    return false;
  }
}

/**
 * A joined client and its projection, rebuilt from the decoded room state. When its connection
 * ends for a reason worth retrying it joins again (see the file's comment); `failure` is set
 * when it gives up, and every wait then throws.
 */
class Seat {
  private waiting: (() => void)[] = [];
  private answers = new Map<string, Answer>();
  private room: Room | null = null;
  private closing = false;
  private failure: string | null = null;
  /** The command waiting for its answer, resent with its id after a rejoin. */
  private inFlight: { id: string; command: BotCommand } | null = null;
  private lastEventSeq = 0;
  bytes = 0;
  reconnections = 0;

  private constructor(
    private readonly rejoin: Rejoin,
    readonly seat: string | null,
  ) {}

  /** Joins (`joinById` with `options`): a seat with its token, or a spectator. */
  static async join(rejoin: Rejoin, seat: string | null): Promise<Seat> {
    const client = new Seat(rejoin, seat);
    client.attach(await rejoin.endpoints.sdk.joinById(rejoin.matchId, rejoin.options));
    return client;
  }

  private attach(room: Room): void {
    this.room = room;
    // This client joins again by itself: the SDK's reconnection cannot survive a server restart.
    room.reconnection.enabled = false;
    room.onStateChange(() => this.wake());
    room.onMessage("*", (type, raw: unknown) => {
      // `accepted` and `events` travel in compact forms: read every message as its message object.
      const parsed = parseServerMessage(type, raw);
      const payload = (parsed.ok ? parsed.message : raw) as (Answer["payload"] & { lastSeq?: number }) | undefined;
      if ((type === "accepted" || type === "rejected") && payload?.id) this.answers.set(payload.id, { type: String(type), payload });
      if (type === "error") this.answers.set("error", { type: "error", payload: payload ?? {} });
      if (type === "events" && payload?.seq !== undefined) this.lastEventSeq = Math.max(this.lastEventSeq, payload.seq);
      if (type === "welcome") this.onWelcome(room, payload?.lastSeq ?? 0);
      this.wake();
    });
    room.onLeave((code) => this.onLeave(room, code));
    const ws = (room.connection as unknown as { transport?: { ws?: WebSocket } }).transport?.ws;
    ws?.addEventListener?.("message", (event: MessageEvent) => {
      const data = event.data as ArrayBuffer | string;
      this.bytes += typeof data === "string" ? data.length : data.byteLength;
    });
  }

  /** After every join: ask for the events missed, resend the unanswered command (same id). */
  private onWelcome(room: Room, lastSeq: number): void {
    if (lastSeq > this.lastEventSeq) room.send("events_since", { type: "events_since", after: this.lastEventSeq });
    if (this.inFlight) room.send("command", { type: "command", ...this.inFlight });
  }

  private onLeave(room: Room, code: number): void {
    if (room !== this.room || this.closing) return;
    this.room = null;
    const verdict = closeVerdict(code);
    if (!verdict.retry || this.view()?.result) {
      this.failure = `connection closed (${code}, ${verdict.code})`;
      this.wake();
      return;
    }
    void this.joinAgain();
  }

  /** Joins again with backoff until it works, a refusal is final, or `withinMs` has passed. */
  private async joinAgain(): Promise<void> {
    const { endpoints, matchId, options, withinMs } = this.rejoin;
    const giveUpAt = Date.now() + withinMs;
    for (let attempt = 1; ; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt, Math.random)));
      if (this.closing) return;
      try {
        const room = await endpoints.sdk.joinById(matchId, options);
        if (this.closing) {
          await room.leave(true).catch(() => undefined);
          return;
        }
        this.reconnections++;
        this.attach(room);
        this.wake();
        return;
      } catch (error) {
        const verdict = joinErrorVerdict(error);
        if (!verdict.retry || Date.now() > giveUpAt || (verdict.checkMatch && (await matchIsGone(`${endpoints.base}/api/matches/${matchId}`)))) {
          this.failure = `could not join again (${verdict.code}: ${verdict.message})`;
          this.wake();
          return;
        }
        endpoints.next();
      }
    }
  }

  private wake(): void {
    for (const w of this.waiting.splice(0)) w();
  }

  /** Waits for `check`; the time spent reconnecting does not count towards `ms`. */
  async until<T>(check: () => T | null | undefined | false, what: string, ms = 15_000): Promise<T> {
    let deadline = Date.now() + ms;
    for (;;) {
      const value = check();
      if (value) return value;
      if (this.failure) throw new OnlineBotError(`${this.seat ?? "spectator"}: ${this.failure} while waiting for ${what}`);
      if (!this.room) deadline = Date.now() + ms;
      if (Date.now() > deadline) throw new OnlineBotError(`${this.seat ?? "spectator"}: timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 250);
        this.waiting.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The last seq of the room state (-1 before the first state). */
  get seq(): number {
    return (this.room?.state as DecodedState | undefined)?.seq ?? this.cached?.seq ?? -1;
  }

  private cached: { seq: number; view: AnyView } | null = null;

  /** The projection, rebuilt once per sequence number (the patch carries seq and overlay together); the last one while reconnecting. */
  view(): AnyView | undefined {
    const state = this.room?.state as DecodedState | undefined;
    if (!state) return this.cached?.view;
    if (this.cached && this.cached.seq === this.seq) return this.cached.view;
    const pub = toMap(state?.view);
    if (!pub.has("")) return undefined;
    const own = this.seat ? toMap(state?.seats?.get(this.seat)?.entries) : new Map<string, string>();
    const view = unflatten(applyOverlay(pub, own)) as AnyView;
    this.cached = { seq: this.seq, view };
    return view;
  }

  /**
   * Sends a command and waits for its answer; if the connection is lost meanwhile, the command
   * goes again with the same id once joined again. A `rate_limited` error (more than 20
   * messages/s on this connection) means the message was dropped: wait and resend the same id,
   * as the protocol says; give up after 20 tries.
   */
  async send(id: string, command: BotCommand): Promise<Answer> {
    try {
      for (let attempt = 0; ; attempt++) {
        this.answers.delete("error");
        this.inFlight = { id, command };
        this.room?.send("command", { type: "command", id, command });
        const answer = await this.until(() => this.answers.get(id) ?? this.answers.get("error"), `the answer to ${id}`);
        if (answer.type !== "error" || answer.payload.error?.code !== "rate_limited" || attempt >= 20) return answer;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      this.inFlight = null;
    }
  }

  /** Leaves for good (no more rejoins). */
  async leave(): Promise<void> {
    this.closing = true;
    await this.room?.leave(true).catch(() => undefined);
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

/** Plays one bot-vs-bot EMBER match against a running server, with optional spectators. */
export async function playOnlineMatch(options: OnlineMatchOptions): Promise<OnlineMatchReport> {
  const armies = options.armies.map((i) => {
    const army = catalog.data.armies[i];
    if (!army) throw new OnlineBotError(`no sample army ${i} (0-${catalog.data.armies.length - 1})`);
    return army;
  });
  const ember: OnlineGame = {
    request: {
      ruleset: "ember",
      scenario: options.scenario,
      players: armies.map((army, i) => ({ name: `bot-${i + 1}`, army, ...(options.teams?.[i] ? { team: options.teams[i] } : {}) })),
      options: { progressiveReveal: options.progressiveReveal ?? false, spectatorDelay: options.spectatorDelay ?? 0 },
    },
    legal: (view, seat) => legalCommandsInView(view as EmberView, seat),
    policy: emberBotPolicy as BotPolicy<BotCommand>,
  };
  return playOnlineGame(ember, options);
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
    const join: JoinOptions = { role: "player", protocol: PROTOCOL_VERSION, token: s.token, name: s.name };
    seats.push(await Seat.join({ endpoints: new Endpoints(bases), matchId: created.matchId, options: join, withinMs }, s.seat));
  }
  const watchers: Seat[] = [];
  for (let i = 0; i < (options.spectators ?? 0); i++) {
    watchers.push(await Seat.join({ endpoints: new Endpoints(bases), matchId: created.matchId, options: { role: "spectator", protocol: PROTOCOL_VERSION }, withinMs }, null));
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
      if (answer.type !== "accepted") throw new OnlineBotError(`${mover.s.seat}: ${JSON.stringify(command)} was answered ${JSON.stringify(answer.payload)}`);
      commands++;
      const seq = answer.payload.seq as number;
      accepted.push({ id, seq });
      options.onAccepted?.(commands);
      await Promise.all(everyone.map((c) => c.until(() => c.seq >= seq, `sequence ${seq}`)));
    }
    const summary = await httpFirst<{ match: MatchSummary }>(bases, `/api/matches/${created.matchId}`);
    const bytes: Record<string, number> = {};
    seats.forEach((s) => (bytes[s.seat as string] = s.bytes));
    watchers.forEach((w, i) => (bytes[`spectator-${i + 1}`] = w.bytes));
    const reconnections: Record<string, number> = {};
    seats.forEach((s) => (reconnections[s.seat as string] = s.reconnections));
    watchers.forEach((w, i) => (reconnections[`spectator-${i + 1}`] = w.reconnections));
    return { matchId: created.matchId, commands, result: summary.match.result, ms: performance.now() - started, bytes, accepted, reconnections };
  } finally {
    await Promise.all(everyone.map((c) => c.leave()));
  }
}
