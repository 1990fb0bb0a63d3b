/**
 * Test harness: a real fogwar server on a free loopback port and real @colyseus/sdk clients over
 * WebSocket. Each client records every raw frame it receives (for byte-level leak checks), every
 * message, and rebuilds its projection from the decoded room state exactly as a browser would.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { framesOf } from "./record-frames";
import { Client, type Room } from "@colyseus/sdk";
import { canonicalJson, type MatchLog, replay, type Ruleset, stateHash } from "@fogwar/engine";
import { ember, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState } from "@fogwar/ember";
import { PROTOCOL_VERSION, parseServerMessage } from "@fogwar/protocol";
import { startServer, type RunningServer } from "../src/server.js";
import type { LimitSettings } from "../src/limits.js";
import { hostRulesets, type HostedRuleset } from "../src/hosts/index.js";
import { hashesEntry } from "../src/state-hash.js";
import { applyOverlay, unflatten } from "@fogwar/protocol";

/** A server for one test file. */
export interface TestServer {
  readonly server: RunningServer;
  readonly http: string;
  readonly ws: string;
  close(): Promise<void>;
}

/**
 * The limits of test servers: a test file creates many matches and joins from one address
 * (127.0.0.1), so the creation and history rates are raised; `bootServer`'s `limits` override them.
 */
export const TEST_LIMITS: Partial<LimitSettings> = { createPerMinute: 6000, createBurst: 500, historyPerSecond: 1000, historyBurst: 1000 };

/**
 * Starts a server on a free port with an in-memory (or `dataDir`) PGlite database, or `databaseUrl`.
 * `hosts`: rulesets to host beyond the built-in ones (a fixture ruleset, say), added to this
 * process's registry first (`hostRulesets`, ../src/hosts/index.ts); human seats only (no bot).
 */
export async function bootServer(options: { dataDir?: string; databaseUrl?: string; limits?: Partial<LimitSettings>; logLevel?: string; webDir?: string; logDestination?: { write(line: string): void }; botDelayMs?: number; hosts?: readonly HostedRuleset[] } = {}): Promise<TestServer> {
  if (options.hosts) hostRulesets(options.hosts);
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    publicUrl: "http://fogwar.test",
    logLevel: options.logLevel ?? process.env.TEST_LOG_LEVEL ?? "silent",
    limits: { ...TEST_LIMITS, ...options.limits },
    webDir: options.webDir,
    logDestination: options.logDestination,
    // Bot seats move as soon as they have thought (no pace delay) unless a test asks for one.
    botDelayMs: options.botDelayMs ?? 0,
  });
  return {
    server,
    http: `http://127.0.0.1:${server.port}`,
    ws: `ws://127.0.0.1:${server.port}`,
    close: () => server.close(),
  };
}

/** JSON over HTTP: `{ status, body }`. */
export async function api(base: string, path: string, init: { method?: string; body?: unknown; raw?: string } = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}/api${path}`, {
    method: init.method ?? (init.body !== undefined || init.raw !== undefined ? "POST" : "GET"),
    headers: { "content-type": "application/json" },
    body: init.raw ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; keep the text
  }
  return { status: response.status, body };
}

/** A sample EMBER skirmish match request (army 0 = RDL, 2 = UN in the sample data). */
export function emberRequest(catalog: { data: { armies: readonly unknown[] } }, overrides: { options?: Record<string, unknown>; scenario?: string } = {}) {
  return {
    ruleset: "ember",
    scenario: overrides.scenario ?? "crossroads",
    players: [
      { name: "Ana", army: catalog.data.armies[0] },
      { name: "Bo", army: catalog.data.armies[2] },
    ],
    options: { progressiveReveal: false, ...overrides.options },
  };
}

/**
 * A created match with every person's seat claimed (`createMatch`): each seat's token, as the
 * player who claimed its invite holds it; `invite` the code that was claimed, `inviteUrl` a play
 * link carrying the token (`#seat=p1&token=...`, for browser tests). Bot seats are in `botSeats`,
 * without a token.
 */
export interface Created {
  matchId: string;
  seats: { seat: string; name: string; team?: string; token: string; invite: string; inviteUrl: string }[];
  botSeats?: { seat: string; name: string; bot: string }[];
  spectatorUrl: string;
  hostToken: string;
  hostUrl: string;
}

/** A random claim key (22 base64url characters: 128 random bits). */
export const newClaimKey = (): string => randomBytes(16).toString("base64url");

/**
 * Claims a seat's invite (`POST /api/matches/:id/seats/:seat/claim`) with `claimKey` (default: a
 * new one). @returns the HTTP status and body (`{ matchId, seat, token }` on 200).
 */
export async function claimSeat(base: string, matchId: string, seat: string, invite: string, claimKey = newClaimKey(), headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}/api/matches/${matchId}/seats/${seat}/claim`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ invite, claimKey }),
  });
  return { status: response.status, body: await response.json() };
}

/** A received message: its Colyseus type and payload. */
export interface Received {
  readonly type: string;
  /** The message object (parseServerMessage's), or the payload as it came when it does not parse. */
  readonly payload: any;
}

/** A client as a bot or browser would use it. */
export class TestClient {
  readonly messages: Received[] = [];
  private readonly waiters: (() => void)[] = [];
  private nextId = 1;
  /** The close code once the SDK room has left (consented or not), else null. */
  private leftWith: number | null = null;

  private constructor(
    readonly room: Room<any, any>,
    readonly sdk: Client,
    readonly role: "player" | "spectator",
    readonly seat: string | null,
  ) {
    room.onMessage("*", (type, raw) => {
      // Messages are kept as their message objects (`accepted` and `events` travel in compact forms).
      const parsed = parseServerMessage(type, raw);
      this.messages.push({ type: String(type), payload: parsed.ok ? parsed.message : raw });
      this.poke();
    });
    room.onStateChange(() => this.poke());
    room.onLeave((code: number) => {
      this.leftWith = code;
      this.poke();
    });
  }

  /** Joins a match as a seat (with its token) or as a spectator. */
  static async join(ws: string, matchId: string, who: { seat: string; token: string } | "spectator", extra: Record<string, unknown> = {}): Promise<TestClient> {
    const sdk = new Client(ws);
    const options = who === "spectator" ? { role: "spectator", protocol: PROTOCOL_VERSION, ...extra } : { role: "player", protocol: PROTOCOL_VERSION, token: who.token, ...extra };
    const room = await sdk.joinById(matchId, options);
    const client = new TestClient(room, sdk, who === "spectator" ? "spectator" : "player", who === "spectator" ? null : who.seat);
    // joinById resolves before the first full state is decoded.
    await client.until(() => client.room.state?.view?.has?.("") && client.received("welcome").length > 0, "the first state and the welcome");
    return client;
  }

  private poke(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Resolves when `check` holds (re-checked on every message and state change). */
  async until<T>(check: () => T | undefined | false | null, what: string, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.label}: timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Whether the SDK room has left (a consented leave, or a drop it did not reconnect from). */
  get hasLeft(): boolean {
    return this.leftWith !== null;
  }

  get label(): string {
    return this.seat ?? "spectator";
  }

  /** The state's flat maps as plain Maps. */
  private flat(map: any): Map<string, string> {
    const out = new Map<string, string>();
    map?.forEach((value: string, key: string) => out.set(key, value));
    return out;
  }

  /** The room state's last accepted sequence number. */
  get seq(): number {
    return this.room.state?.seq ?? -1;
  }

  /** This client's projection, rebuilt from the decoded room state: public view plus own overlay. */
  projection(): unknown {
    const state = this.room.state;
    const publicFlat = this.flat(state.view);
    if (!this.seat) return unflatten(publicFlat);
    return unflatten(applyOverlay(publicFlat, this.flat(state.seats?.get(this.seat)?.entries)));
  }

  /** The delayed caster feed, if this client receives one: `{ seq, view }`. */
  caster(): { seq: number; view: unknown } | null {
    const feed = this.room.state?.caster;
    // A client outside the caster's StateView may hold an empty placeholder: no entries.
    if (!feed || feed.entries === undefined || feed.entries.size === 0) return null;
    return { seq: feed.seq, view: unflatten(this.flat(feed.entries)) };
  }

  /** The seats whose overlays this client has decoded (must be its own only). */
  decodedSeats(): string[] {
    const seats: string[] = [];
    this.room.state?.seats?.forEach((_: unknown, key: string) => seats.push(key));
    return seats;
  }

  /** Every raw frame this client's socket received. */
  frames(): Buffer[] {
    const transport = (this.room.connection as any).transport;
    return framesOf(transport.ws);
  }

  /** Messages of one type received so far. */
  received(type: string): any[] {
    return this.messages.filter((m) => m.type === type).map((m) => m.payload);
  }

  /** Sends a command and waits for its answer (`accepted`, `rejected` or `error`). */
  async command(command: unknown, id = `c${this.nextId++}`): Promise<Received> {
    // A bot outruns the per-connection rate limit (20 messages/s); the protocol says: wait, then
    // resend the same id (docs/protocol.md, rate_limited). Nothing was applied in between.
    for (let attempt = 0; ; attempt++) {
      const from = this.messages.length;
      this.room.send("command", { type: "command", id, command });
      const answer = await this.until(
        () => this.messages.slice(from).find((m) => (m.type === "accepted" || m.type === "rejected") && m.payload.id === id) ?? this.messages.slice(from).find((m) => m.type === "error"),
        `the answer to ${id}`,
      );
      if (answer.type !== "error" || answer.payload.error?.code !== "rate_limited" || attempt >= 20) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Sends any message and waits for the next `error` message after it. */
  async expectError(type: string, payload: unknown): Promise<{ code: string; message: string }> {
    const from = this.messages.length;
    this.room.send(type, payload);
    const m = await this.until(() => this.messages.slice(from).find((x) => x.type === "error"), `an error after ${type}`);
    return m.payload.error;
  }

  /**
   * Leaves consentedly, waiting at most 3 s for the server's acknowledgement, then closes the
   * socket; nothing to do when the room has already left.
   *
   * Why a leave could hang: the SDK's `room.leave()` resolves on the room's next `onLeave`, and
   * never does for a room that has already left. That happens when the socket drops after the
   * match is over (most likely the server's heartbeat terminating a client whose pongs the test
   * process, busy with long synchronous checks on a loaded machine, answered too late): the room
   * does not allow reconnection to a finished match (`MatchRoom.onDrop`), so the SDK's automatic reconnection
   * fails ("seat reservation expired"), the room leaves, and a consented leave sent afterwards
   * goes out on a closed socket. Reproduced by terminating a seat's socket on the server after a
   * whole Siege match; the room code acknowledges every consented leave it receives.
   */
  async leave(): Promise<void> {
    if (this.leftWith !== null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const acknowledged = this.room.leave(true).then(
      () => true,
      () => true,
    );
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 3000)));
    const done = await Promise.race([acknowledged, late]);
    clearTimeout(timer);
    if (!done) (this.room.connection as unknown as { close(code?: number): void }).close(1000);
  }
}

/**
 * Creates a match through the lobby API and claims every person's seat through its invite, as
 * its players would: the answer with each seat's token.
 * @throws Error when the creation or a claim fails.
 */
export async function createMatch(base: string, request: unknown): Promise<Created> {
  const { status, body } = await api(base, "/matches", { body: request });
  if (status !== 201) throw new Error(`create failed: ${status} ${JSON.stringify(body)}`);
  const created = body as Omit<Created, "seats"> & { seats: { seat: string; invite: string; inviteUrl: string }[] };
  const seats = [];
  for (const seat of created.seats) {
    const claimed = await claimSeat(base, created.matchId, seat.seat, seat.invite);
    if (claimed.status !== 200) throw new Error(`claim failed: ${claimed.status} ${JSON.stringify(claimed.body)}`);
    // The link a page of this seat's player opens: it carries the token the claim gave (the play page reads it as it is).
    seats.push({ ...seat, token: claimed.body.token as string, inviteUrl: seat.inviteUrl.replace(/invite=[0-9a-f]{32}$/, `token=${claimed.body.token as string}`) });
  }
  return { ...created, seats } as Created;
}

/** Rebuilds the engine state after each sequence number from the server's store (the oracle). */
export async function statesFromStore(server: RunningServer, matchId: string): Promise<EmberState[]> {
  const record = await server.store.getMatch(matchId);
  const seed = await server.store.getSeed(matchId);
  if (!record || !seed) throw new Error("no such match in the store");
  const entries = await server.store.entries(matchId);
  const initial = ember.setup(record.setup as EmberSetup, seed);
  const log: MatchLog<EmberSetup, EmberCommand, EmberEvent> = {
    ruleset: "ember",
    rulesVersion: record.rulesVersion,
    setup: record.setup as EmberSetup,
    seed,
    setupEvents: initial.events,
    entries: entries.map((e) => ({ seq: e.seq, seat: e.seat, command: e.command as EmberCommand, events: e.events as any })),
  };
  const states: EmberState[] = [];
  replay(ember, log, (_seq, state) => states.push(state));
  return states;
}

/**
 * The state hash a live match stores with entry `seq`, replayed from `before` to `after` under
 * `ruleset`: the hash of `after` where the match hashes the entry (src/state-hash.ts
 * `hashesEntry`: every 16th, the reveal of a muster, the last), null elsewhere.
 */
export function hashStoredFor(ruleset: Ruleset<any, any, any, any, any>, before: unknown, after: unknown, seq: number): string | null {
  const drafts = ruleset.drafts;
  const reveals = drafts !== undefined && drafts.revealed(after) && !drafts.revealed(before);
  return hashesEntry(seq, Boolean(ruleset.result(after)), reveals) ? stateHash(after) : null;
}

/** Canonical JSON for comparisons that ignore key order. */
export const canon = (value: unknown): string => canonicalJson(value);

/**
 * Plays bot commands through the seat clients until the match ends or `maxCommands` were sent:
 * each seat lists its legal commands from its own decoded projection (`legalCommandsInView`) and
 * a seeded random bot picks one. After each accepted command, waits until every client has the
 * new sequence number, then calls `afterEach(seq)`.
 * @returns the number of commands accepted.
 */
export async function playBots(
  seats: readonly TestClient[],
  everyone: readonly TestClient[],
  options: { botSeed: string; maxCommands?: number; afterEach?: (seq: number) => Promise<void> | void; prefer?: (command: EmberCommand) => boolean },
): Promise<number> {
  const { RandomBot } = await import("@fogwar/engine");
  const { emberBotPolicy, legalCommandsInView } = await import("@fogwar/ember");
  const bots = new Map(seats.map((c) => [c.seat as string, new RandomBot<EmberCommand>(`${options.botSeed}:${c.seat}`, emberBotPolicy)]));
  let accepted = 0;
  const max = options.maxCommands ?? 10_000;
  while (accepted < max) {
    const view = seats[0]?.projection() as any;
    if (view?.result) break;
    let sent = false;
    for (const client of seats) {
      const legal = legalCommandsInView(client.projection() as any, client.seat as string);
      if (legal.length === 0) continue;
      const preferred = options.prefer ? legal.filter(options.prefer) : [];
      const command = bots.get(client.seat as string)?.choose(preferred.length > 0 ? preferred : legal);
      if (!command) continue;
      const answer = await client.command(command);
      if (answer.type !== "accepted") throw new Error(`${client.label}: ${JSON.stringify(command)} got ${JSON.stringify(answer.payload)}`);
      const seq = answer.payload.seq as number;
      await Promise.all(everyone.map((c) => c.until(() => c.seq >= seq, `seq ${seq}`)));
      accepted++;
      await options.afterEach?.(seq);
      sent = true;
      break;
    }
    if (!sent) throw new Error("no seat has a legal command but the match has no result");
  }
  return accepted;
}

/**
 * A new, empty PostgreSQL database on the TEST_DATABASE_URL server (its role needs CREATEDB), so
 * test files never share tables; null when TEST_DATABASE_URL is not set.
 */
export async function freshPostgresUrl(label: string): Promise<string | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const { default: pg } = await import("pg");
  const name = `fogwar_${label}_${process.pid}_${Date.now().toString(36)}`.replace(/[^a-z0-9_]/g, "_");
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A TCP port free on 127.0.0.1 at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Whether raw socket bytes carry a hexadecimal secret (a seed, a salt) in either of the forms it
 * could travel in: its text, or its bytes (packed events send long hexadecimal strings as bytes).
 */
export function carries(frames: Buffer, hex: string): boolean {
  return frames.includes(Buffer.from(hex)) || frames.includes(Buffer.from(hex, "hex"));
}
