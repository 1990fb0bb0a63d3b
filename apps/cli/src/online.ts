/**
 * Bot players as real clients of a running fogwar server: each match is created through the
 * lobby API, each seat joins over WebSocket with its invite token (@colyseus/sdk), lists its legal
 * commands from its own decoded projection (`legalCommandsInView`) and sends a random one, as a
 * person's browser would. Spectators join with the spectator link and only watch.
 */
import { Client, type Room } from "@colyseus/sdk";
import { RandomBot } from "@fogwar/engine";
import { catalog, emberBotPolicy, legalCommandsInView, type EmberCommand, type EmberView } from "@fogwar/ember";
import { PROTOCOL_VERSION, applyOverlay, unflatten, type CreateMatchResponse, type MatchSummary } from "@fogwar/protocol";

/** One online bot match's settings. */
export interface OnlineMatchOptions {
  /** The server's HTTP address, e.g. http://localhost:2567. */
  readonly url: string;
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
}

/** What an online bot match did. */
export interface OnlineMatchReport {
  readonly matchId: string;
  readonly commands: number;
  readonly result: { winner: string | null; winners?: readonly string[]; reason: string } | null;
  readonly ms: number;
  /** Bytes of WebSocket frames received per client label (p1, p2, spectator-1, ...). */
  readonly bytes: Record<string, number>;
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

/** A joined client and its projection, rebuilt from the decoded room state. */
class Seat {
  private waiting: (() => void)[] = [];
  private answers = new Map<string, Answer>();
  bytes = 0;

  constructor(
    readonly room: Room,
    readonly seat: string | null,
  ) {
    room.onStateChange(() => this.wake());
    room.onMessage("*", (type, payload: Answer["payload"]) => {
      if ((type === "accepted" || type === "rejected") && payload?.id) this.answers.set(payload.id, { type: String(type), payload });
      if (type === "error") this.answers.set("error", { type: "error", payload });
      this.wake();
    });
    const ws = (room.connection as unknown as { transport?: { ws?: WebSocket } }).transport?.ws;
    ws?.addEventListener?.("message", (event: MessageEvent) => {
      const data = event.data as ArrayBuffer | string;
      this.bytes += typeof data === "string" ? data.length : data.byteLength;
    });
  }

  private wake(): void {
    for (const w of this.waiting.splice(0)) w();
  }

  async until<T>(check: () => T | null | undefined | false, what: string, ms = 15_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = check();
      if (value) return value;
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

  get seq(): number {
    return (this.room.state as DecodedState | undefined)?.seq ?? -1;
  }

  private cached: { seq: number; view: EmberView } | null = null;

  /** The projection, rebuilt once per sequence number (the patch carries seq and overlay together). */
  view(): EmberView | undefined {
    if (this.cached && this.cached.seq === this.seq) return this.cached.view;
    const state = this.room.state as DecodedState | undefined;
    const pub = toMap(state?.view);
    if (!pub.has("")) return undefined;
    const own = this.seat ? toMap(state?.seats?.get(this.seat)?.entries) : new Map<string, string>();
    const view = unflatten(applyOverlay(pub, own)) as EmberView;
    this.cached = { seq: this.seq, view };
    return view;
  }

  /**
   * Sends a command and waits for its answer. A `rate_limited` error (more than 20 messages/s on
   * this connection) means the message was dropped: wait and resend the same id, as the protocol
   * says; give up after 20 tries.
   */
  async send(id: string, command: EmberCommand): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      this.answers.delete("error");
      this.room.send("command", { type: "command", id, command });
      const answer = await this.until(() => this.answers.get(id) ?? this.answers.get("error"), `the answer to ${id}`);
      if (answer.type !== "error" || answer.payload.error?.code !== "rate_limited" || attempt >= 20) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function http<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, headers: { "content-type": "application/json" } });
  const body = (await response.json()) as T & { error?: { code: string; message: string } };
  if (!response.ok) throw new OnlineBotError(`${init?.method ?? "GET"} ${url}: ${response.status} ${body?.error?.code}: ${body?.error?.message}`);
  return body as T;
}

/** Plays one bot-vs-bot match against a running server, with optional spectators. */
export async function playOnlineMatch(options: OnlineMatchOptions): Promise<OnlineMatchReport> {
  const started = performance.now();
  const base = options.url.replace(/\/$/, "");
  const wsUrl = base.replace(/^http/, "ws");
  const armies = options.armies.map((i) => {
    const army = catalog.data.armies[i];
    if (!army) throw new OnlineBotError(`no sample army ${i} (0-${catalog.data.armies.length - 1})`);
    return army;
  });
  const created = await http<CreateMatchResponse>(`${base}/api/matches`, {
    method: "POST",
    body: JSON.stringify({
      ruleset: "ember",
      scenario: options.scenario,
      players: armies.map((army, i) => ({ name: `bot-${i + 1}`, army, ...(options.teams?.[i] ? { team: options.teams[i] } : {}) })),
      options: { progressiveReveal: options.progressiveReveal ?? false, spectatorDelay: options.spectatorDelay ?? 0 },
    }),
  });
  const sdk = new Client(wsUrl);
  const seats: Seat[] = [];
  for (const s of created.seats) {
    const room = await sdk.joinById(created.matchId, { role: "player", protocol: PROTOCOL_VERSION, token: s.token, name: s.name });
    seats.push(new Seat(room, s.seat));
  }
  const watchers: Seat[] = [];
  for (let i = 0; i < (options.spectators ?? 0); i++) {
    watchers.push(new Seat(await sdk.joinById(created.matchId, { role: "spectator", protocol: PROTOCOL_VERSION }), null));
  }
  const everyone = [...seats, ...watchers];
  try {
    await Promise.all(everyone.map((c) => c.until(() => c.view(), "the first state")));
    const bots = new Map(seats.map((s) => [s.seat as string, new RandomBot<EmberCommand>(`${options.seed}:${s.seat}`, emberBotPolicy)]));
    let commands = 0;
    const max = options.maxCommands ?? 5_000;
    for (;;) {
      const view = seats[0]?.view();
      if (view?.result) break;
      if (commands >= max) throw new OnlineBotError(`no result after ${max} commands`);
      const mover = seats.map((s) => ({ s, legal: legalCommandsInView(s.view() as EmberView, s.seat as string) })).find((x) => x.legal.length > 0);
      if (!mover) throw new OnlineBotError("nobody has a legal command, yet the match has no result");
      const command = bots.get(mover.s.seat as string)?.choose(mover.legal) as EmberCommand;
      const t0 = performance.now();
      const answer = await mover.s.send(`${mover.s.seat}-${commands + 1}`, command);
      options.onRoundTrip?.(performance.now() - t0);
      if (answer.type !== "accepted") throw new OnlineBotError(`${mover.s.seat}: ${JSON.stringify(command)} was answered ${JSON.stringify(answer.payload)}`);
      commands++;
      const seq = answer.payload.seq as number;
      await Promise.all(everyone.map((c) => c.until(() => c.seq >= seq, `sequence ${seq}`)));
    }
    const summary = await http<{ match: MatchSummary }>(`${base}/api/matches/${created.matchId}`);
    const bytes: Record<string, number> = {};
    seats.forEach((s) => (bytes[s.seat as string] = s.bytes));
    watchers.forEach((w, i) => (bytes[`spectator-${i + 1}`] = w.bytes));
    return { matchId: created.matchId, commands, result: summary.match.result, ms: performance.now() - started, bytes };
  } finally {
    await Promise.all(everyone.map((c) => c.room.leave(true).catch(() => undefined)));
  }
}
