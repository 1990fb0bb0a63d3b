/**
 * One Colyseus room per match: a thin adapter between the wire and the ruleset (design.md
 * principle 5). Per message: size and rate checks -> shape (zod) -> the client's seat ->
 * `LiveMatch.submit` (engine apply, then append to the store) -> projections and StateViews ->
 * `broadcastPatch()` -> each client's redacted events -> the sender's acknowledgement.
 * No rule logic here. Joins are checked in ./room-auth.ts, answers kept in ./room-answers.ts,
 * frames encoded and fanned out in ./send.ts, clocks and claims in ./room-clock.ts, chat in
 * ./chat; what stays here is Colyseus's lifecycle and the remote calls, which must be methods of
 * the room class.
 */
import { Room, SchemaSerializer, ServerError, type AuthContext, type Client, type Deferred } from "@colyseus/core";
import { Encoder } from "@colyseus/schema";
import { awaitedSeats, seatViewer, spectator, type LogEntry, type RefereeCommand, type Viewer } from "@fogwar/engine";
import { PROTOCOL_ERRORS, PROTOCOL_VERSION, parseClientMessage, type NoticeMessage, type ProtocolErrorCode, type WelcomePlayer } from "@fogwar/protocol";
import type { Logger } from "pino";
import { publishAwaiting, turnOf, type MatchTurn } from "./awaiting.js";
import { LiveMatch, MatchUnsyncedError } from "./live.js";
import { Projector, type Audience } from "./sync/projector.js";
import { FullStateSerializer, INITIAL_BUFFER_BYTES } from "./sync/serializer.js";
import { MatchRoomState } from "./sync/state.js";
import type { MatchStore } from "./store/index.js";
import { RateLimiter } from "./rate-limit.js";
import type { ClientLog } from "./client-log.js";
import type { Limits } from "./limits.js";
import { botSeatsOf } from "./bots/seats.js";
import { takeRoomGrant } from "./rooms.js";
import { casterFrame, corked, eventsFrame, fanOutEvents } from "./send.js";
import { AnswerBook, sendAnswer, type Answer } from "./room-answers.js";
import { checkJoin, type Joiner } from "./room-auth.js";
import { RoomClock } from "./room-clock.js";
import { rosterOf, type ChatListener } from "./chat/audience.js";
import { RoomChat, type ChatSpeaker } from "./chat/room-chat.js";
import { rateFinishedMatch } from "./ratings/rate.js";
import { concessionOf } from "./concede.js";
import { publishOnPage } from "./notify/on-page.js";

/**
 * The process's `Encoder.BUFFER_SIZE`, in bytes: what an encoder's buffers are first allocated
 * with before each room's serializer sizes its own by need (`FullStateSerializer`: they start at
 * this size, grow as the room's states need and shrink when the room is empty).
 */
export const ENCODER_BUFFER_BYTES = INITIAL_BUFFER_BYTES;
Encoder.BUFFER_SIZE = ENCODER_BUFFER_BYTES;

/** What every room needs from the server around it. */
export interface RoomServices {
  readonly store: MatchStore;
  readonly log: Logger;
  /** Per-address limits (failed joins, spectator cap) and the client-mistake logger. */
  readonly limits: Limits;
  readonly clients: ClientLog;
}

let services: RoomServices | null = null;

/** Gives rooms their services; call once before any room is created. */
export function provideRoomServices(value: RoomServices): void {
  services = value;
}

export { hashToken } from "./room-auth.js";

/** Which seats of each open room have a connected client (for the lobby listings). */
export const roomPresence = new Map<string, Record<string, boolean>>();

/**
 * Milliseconds between ticks of an idle room's clock (see `onCreate`): once a minute, instead of
 * Colyseus's 60 Hz default for rooms without a patch rate.
 */
export const IDLE_TICK_MS = 60_000;

/** Close code sent to a seat's old connection when the same seat joins again elsewhere. */
export const CLOSE_REPLACED = 4100;

/** Close code sent to a seat's connections when the host re-issues the seat's invite (the old token no longer opens it). */
export const CLOSE_REVOKED = 4101;

interface ClientInfo {
  readonly audience: Audience;
  readonly viewer: Viewer;
  /** Who the connection is in the table chat (./chat). */
  readonly speaker: ChatSpeaker;
}

export class MatchRoom extends Room<{ state: MatchRoomState }> {
  private match!: LiveMatch;
  private chat!: RoomChat;
  private projector!: Projector;
  private services!: RoomServices;
  private readonly clientsInfo = new Map<string, ClientInfo>();
  private readonly answers = new AnswerBook();
  /** Dropped players' reconnection windows: the room's own timer ends each (cleared when the room closes). */
  private readonly graces = new Map<string, { readonly reconnection: Deferred<Client>; readonly timer: ReturnType<typeof setTimeout> }>();
  /** Each connection's message rate (the `messagesPerSecond` and `messageBurst` settings). */
  private limiter!: RateLimiter;
  private lastCasterSeq = 0;
  private resyncTimer: ReturnType<typeof setTimeout> | null = null;
  /** Sessions of seats whose invite the host re-issued: they may not come back by reconnection. */
  private readonly revoked = new Set<string>();
  /** The table notices of this room (re-issued seats), sent again to every later joiner. */
  private readonly notices: NoticeMessage[] = [];
  /** The clock timer, absences and the public clock field (./room-clock.ts). */
  private matchClock!: RoomClock;

  /**
   * Colyseus picks the stock `SchemaSerializer` when the state is set; the room takes
   * `FullStateSerializer` in its place (same encoding, buffers sized by need, full states of any
   * size kept whole for late joiners), before the serializer is given the state. Its headroom
   * for view encodes is the projector's bound for a seat's overlay or the caster feed.
   */
  override setSerializer(serializer: Parameters<Room["setSerializer"]>[0]): void {
    const sized = () => this.projector?.viewBytes() ?? 0;
    super.setSerializer(serializer instanceof SchemaSerializer && !(serializer instanceof FullStateSerializer) ? new FullStateSerializer(sized) : serializer);
  }

  override async onCreate(options: { matchId: string }): Promise<void> {
    if (!services) throw new Error("room services not provided");
    // Only the server creates rooms (./rooms.ts): a creation without its one-time grant is refused.
    if (!takeRoomGrant(options)) throw new ServerError(403, "forbidden: only the server creates rooms");
    this.services = services;
    this.limiter = new RateLimiter(services.limits.settings.messagesPerSecond, services.limits.settings.messageBurst);
    this.roomId = options.matchId;
    this.autoDispose = false;
    // A turn-based room does no work per tick: patches go out right after each command
    // (`broadcastPatch` in `publish`). With no patch rate and no timestep, Colyseus would tick the
    // room's clock 60 times a second for ever (about 0.1 ms of CPU per idle room per second); a
    // timestep of IDLE_TICK_MS set first stops that. Nothing here uses the room's clock: the
    // room's own timers are Node timers, and Colyseus's seat and reconnection timeouts are too.
    this.setTimestep(() => undefined, IDLE_TICK_MS);
    this.setPatchRate(null);
    const match = await LiveMatch.load(this.services.store, options.matchId);
    if (!match) throw new Error(`no match ${options.matchId}`);
    this.match = match;
    this.chat = await RoomChat.load(this.services.store, match.id, rosterOf(match.host.ruleset, match.state, match.seats));
    match.onLearned = (entries) => this.publish(entries);
    const state = new MatchRoomState();
    state.matchId = match.id;
    state.ruleset = match.host.ruleset.id;
    state.rulesVersion = match.host.ruleset.rulesVersion;
    const host = match.host;
    this.projector = new Projector(state, host.ruleset, match.seats, match.options.spectatorDelay > 0, host.casterView ? (d, live) => host.casterView!(d, live) : undefined);
    // Nobody is connected yet: the projections are written when the first client joins.
    this.projector.sleep();
    this.projector.update(match.state, match.seq, match.delayed);
    this.lastCasterSeq = match.delayed.seq;
    this.matchClock = new RoomClock(match, (seat, clock) => this.timeout(seat, clock));
    state.clock = this.clockField();
    this.setState(state);
    // Colyseus hands a message typed "*" to this handler with its payload in the type's place, so
    // `type` may be any value a client sent: only a string names a message type (anything else is
    // refused as `bad_message` by the parser). A fault while handling is logged, never thrown.
    this.onMessage("*", (client, type, payload) => {
      this.handle(client, typeof type === "string" ? type : "", payload).catch((error: unknown) => {
        this.services.log.error({ err: error, matchId: this.match.id }, "message handling failed");
      });
    });
    if (match.result) this.autoDispose = true;
    this.services.log.info({ matchId: match.id, seq: match.seq }, "room open");
  }

  /** Checks the join options and the seat token before the WebSocket join completes (./room-auth.ts). */
  override onAuth(_client: Client, rawOptions: unknown, context: AuthContext): Promise<Joiner> {
    const { store, limits, clients } = this.services;
    return checkJoin({ matchId: this.match.id, over: this.match.result !== null, spectators: this.state.spectators, store, limits, clients }, rawOptions, context);
  }

  override onJoin(client: Client, _options: unknown, auth: Joiner): void {
    const audience: Audience = auth.role === "player" ? { role: "player", seat: auth.seat } : { role: "spectator" };
    if (audience.role === "player") {
      // One connection per seat: a new one replaces the old (a reload, another device).
      for (const other of this.clients) {
        const info = this.clientsInfo.get(other.sessionId);
        if (other !== client && info?.audience.role === "player" && info.audience.seat === audience.seat) {
          other.leave(CLOSE_REPLACED);
        }
      }
      // A bot seat's join is not a person's: a match nobody but its bot joined still expires.
      if (!this.match.result && !botSeatsOf(this.match.options)[audience.seat]) void this.services.store.claimSeat(this.match.id, audience.seat).catch(() => undefined);
    }
    const viewer = audience.role === "player" ? seatViewer(audience.seat) : spectator;
    const listener: ChatListener = audience.role === "player" ? { kind: "seat", seat: audience.seat } : { kind: "spectator" };
    this.clientsInfo.set(client.sessionId, { audience, viewer, speaker: this.chat.speaker(listener, auth.name, auth.address) });
    this.projector.wake();
    client.view = this.projector.viewFor(audience);
    this.refreshPresence();
    // Others learn of the arrival now; the joining client itself gets the full state after onJoin.
    this.broadcastPatch();
    this.welcome(client, audience);
  }

  /** Whether a person (a spectator, or a player on a seat that is not a bot seat) is connected. */
  hasPeople(): boolean {
    const bots = botSeatsOf(this.match.options);
    return this.clients.some((client) => {
      const audience = this.clientsInfo.get(client.sessionId)?.audience;
      return audience?.role !== "player" || !bots[audience.seat];
    });
  }

  override async onDrop(client: Client): Promise<void> {
    const info = this.clientsInfo.get(client.sessionId);
    if (info?.audience.role !== "player" || this.match.result) return;
    this.refreshPresence(client.sessionId);
    this.broadcastPatch();
    // The window is the room's own timer rather than Colyseus's, so that a room closing while a
    // player is away (a finished match, the server stopping) leaves no timer behind it.
    const reconnection = this.allowReconnection(client, "manual");
    const timer = setTimeout(() => reconnection.reject(false), this.match.options.reconnectGrace * 1000);
    this.graces.set(client.sessionId, { reconnection, timer });
    try {
      await reconnection;
    } catch {
      // The grace period ran out: onLeave follows.
    } finally {
      clearTimeout(timer);
      this.graces.delete(client.sessionId);
    }
  }

  override onReconnect(client: Client): void {
    if (this.revoked.has(client.sessionId)) {
      client.leave(CLOSE_REVOKED);
      return;
    }
    const info = this.clientsInfo.get(client.sessionId);
    // Everyone else may have left during the grace period: the projections are written again.
    this.projector.wake();
    this.refreshPresence();
    this.broadcastPatch();
    if (info) this.welcome(client, info.audience);
  }

  override onLeave(client: Client): void {
    this.clientsInfo.delete(client.sessionId);
    this.projector.release(client.view);
    client.view = undefined;
    this.limiter.forget(client.sessionId);
    this.refreshPresence();
    // An idle room holds no projection (the bulk of its memory); the next join writes them again.
    if (this.clients.length === 0) this.projector.sleep();
    this.broadcastPatch();
    if (this.match.result && this.clients.length === 0) this.autoDispose = true;
  }

  private welcome(client: Client, audience: Audience): void {
    const viewer = audience.role === "player" ? seatViewer(audience.seat) : spectator;
    client.send("welcome", {
      type: "welcome",
      protocol: PROTOCOL_VERSION,
      matchId: this.match.id,
      ruleset: this.match.host.ruleset.id,
      rulesVersion: this.match.host.ruleset.rulesVersion,
      role: audience.role,
      seat: audience.role === "player" ? audience.seat : null,
      lastSeq: this.match.seq,
      spectatorDelay: this.match.options.spectatorDelay,
      setupEvents: this.match.setupEvents.map((e) => this.match.host.ruleset.redact(e, viewer)).filter((e) => e !== null),
      players: this.welcomePlayers(),
    });
    const info = this.clientsInfo.get(client.sessionId);
    if (info) this.chat.sendBacklog(client, info.speaker.listener, this.spectatorChatHorizon);
    for (const notice of this.notices) client.send("notice", notice);
  }

  /** The welcome's `players`: every seat with its player's name (and team), and its bot's level where the server's bot plays it (public, as in the match's summary). */
  private welcomePlayers(): WelcomePlayer[] {
    const bots = botSeatsOf(this.match.options);
    return this.match.players.map((p) => (bots[p.seat] ? { ...p, bot: bots[p.seat] } : { ...p }));
  }

  /** What the match waits for as last shared (./awaiting.ts), as JSON; null before the first. */
  private awaitingShared: string | null = null;

  /**
   * The public clock field, as JSON. The seats the match waits for are shared with "my games"
   * (./awaiting.ts) when they change: server-side only; each player is shown only its own.
   */
  private clockField(): string {
    const field = this.matchClock.field();
    const seats = this.match.result !== null ? [] : awaitedSeats(this.match.host.ruleset, this.match.state);
    const turn: MatchTurn = turnOf(field, seats);
    const shared = JSON.stringify(turn);
    if (shared !== this.awaitingShared) publishAwaiting(this.match.id, turn);
    this.awaitingShared = shared;
    return JSON.stringify(field);
  }

  private refreshPresence(dropping?: string): void {
    const state = this.state;
    for (const seat of this.match.seats) {
      const here = this.clients.some((c) => {
        const info = this.clientsInfo.get(c.sessionId);
        return c.sessionId !== dropping && info?.audience.role === "player" && info.audience.seat === seat;
      });
      state.connected.set(seat, here);
      this.matchClock.present(seat, here);
    }
    state.clock = JSON.stringify(this.matchClock.field());
    // The clock timer sleeps while nobody is connected (./room-clock.ts `arm`).
    this.matchClock.arm(this.clients.length > 0);
    state.spectators = [...this.clientsInfo.values()].filter((i) => i.audience.role === "spectator").length;
    roomPresence.set(this.match.id, Object.fromEntries(state.connected.entries()));
    publishOnPage(this.match.id, Object.fromEntries(state.connected.entries()));
  }

  /**
   * The host re-issued `seat`'s invite at `at` (ms since the epoch; host.ts): every connection on
   * the seat is closed with CLOSE_REVOKED, a dropped one may not reconnect (its old token opens
   * nothing any more), and every connection of the match is told with a `notice`
   * (`seat_reissued`), which later joiners get after their welcome. Called through
   * `matchMaker.remoteRoomCall`. @returns how many connections were closed.
   */
  revokeSeat(seat: string, at: number = Date.now()): number {
    const notice: NoticeMessage = { type: "notice", notice: { kind: "seat_reissued", seat, at } };
    this.notices.push(notice);
    this.broadcast("notice", notice);
    let closed = 0;
    for (const [sessionId, info] of this.clientsInfo) {
      if (info.audience.role !== "player" || info.audience.seat !== seat) continue;
      this.revoked.add(sessionId);
      const client = this.clients.find((c) => c.sessionId === sessionId);
      if (client) {
        client.leave(CLOSE_REVOKED);
        closed++;
      }
    }
    return closed;
  }

  /**
   * What the host page shows of the live match (host.ts): which seats are connected, and in a
   * match with a muster (EMBER's `muster` state, the engine's muster module) which have locked
   * their list; `locked` is null without a muster or once it is over.
   */
  hostStatus(): { connected: Record<string, boolean>; locked: Record<string, boolean> | null } {
    const muster = (this.match.state as { muster?: { revealed: boolean; seats: Record<string, { commitment: string | null }> } }).muster;
    const locked = muster && !muster.revealed ? Object.fromEntries(Object.entries(muster.seats).map(([seat, m]) => [seat, m.commitment !== null])) : null;
    return { connected: Object.fromEntries(this.state.connected.entries()), locked };
  }

  /**
   * How far spectators hear the players' chat (./chat/audience.ts): the caster feed's seq when
   * the match has a spectator delay, else null (no hold).
   */
  get spectatorChatHorizon(): number | null {
    return this.match && this.match.options.spectatorDelay > 0 ? this.match.delayed.seq : null;
  }

  /** Every connection with who it is in the chat. */
  private *chatListeners(): Iterable<readonly [Client, ChatListener]> {
    for (const client of this.clients) {
      const info = this.clientsInfo.get(client.sessionId);
      if (info) yield [client, info.speaker.listener];
    }
  }

  /** The log's version for the history cache (./http/history.ts): `{ seq, over }`. */
  get logVersion(): { seq: number; over: boolean } | undefined {
    return this.match ? { seq: this.match.seq, over: this.match.result !== null } : undefined;
  }

  override onDispose(): void {
    this.matchClock?.stop();
    if (this.resyncTimer) clearTimeout(this.resyncTimer);
    this.resyncTimer = null;
    for (const { timer } of this.graces.values()) clearTimeout(timer);
    this.graces.clear();
    roomPresence.delete(this.match?.id);
    if (this.match) publishOnPage(this.match.id, {});
  }

  private fail(client: Client, code: ProtocolErrorCode): void {
    if (code !== "server_error") this.services.clients.mistake({ matchId: this.match.id, sessionId: client.sessionId, code }, "message refused");
    client.send("error", { type: "error", error: { code, message: PROTOCOL_ERRORS[code].message } });
  }

  private async handle(client: Client, type: string, payload: unknown): Promise<void> {
    const info = this.clientsInfo.get(client.sessionId);
    if (!info) return;
    if (!this.limiter.take(client.sessionId)) return this.fail(client, "rate_limited");
    // The parser checks the size too (message_too_large over MAX_MESSAGE_BYTES of JSON text).
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok) return this.fail(client, parsed.error.code);
    const message = parsed.message;
    switch (message.type) {
      case "ping":
        client.send("pong", { type: "pong", t: message.t });
        return;
      case "events_since":
        await this.sendEventsSince(client, info, message.after);
        return;
      case "command":
        await this.command(client, info, message.id, message.command);
        return;
      case "claim":
        if (info.audience.role !== "player") return this.fail(client, "spectators_cannot_act");
        // The room checks the absence (how long the seat has been away is not in the log); the engine the rest.
        if (!this.match.result && !this.matchClock.claimable(message.absent)) {
          client.send("rejected", { type: "rejected", id: message.id, error: { code: "claim_refused", message: this.matchClock.claimRefusal(), rule: "docs/design.md Clocks and abandonment" } });
          return;
        }
        await this.command(client, info, message.id, { referee: "claim", outcome: message.outcome, absent: message.absent }, true, true);
        return;
      case "correspondence": {
        // Every seat's agreement is gathered by the room (./room-correspondence.ts); the switch itself is a log entry.
        const outcome = info.audience.role === "player" ? this.matchClock.proposals.answer(info.audience.seat, message.terms) : { refused: "not_a_seat" as const };
        if ("refused" in outcome) return this.fail(client, "correspondence_refused");
        if ("enter" in outcome && !(await this.referee(info.audience.role === "player" ? info.audience.seat : "", outcome.enter))) return this.fail(client, "correspondence_refused");
        this.state.clock = this.clockField();
        this.broadcastPatch();
        return;
      }
      case "concede": {
        if (info.audience.role !== "player") return this.fail(client, "spectators_cannot_act");
        // The ruleset's own concession, or the referee's (./concede.ts); the same answers as a claim.
        const concession = concessionOf(this.match.host, this.match.state, info.audience.seat);
        await this.command(client, info, message.id, concession.command, concession.referee, true);
        return;
      }
      case "chat": {
        const refused = await this.chat.post(info.speaker, message, this.match.seq, () => this.chatListeners(), () => this.spectatorChatHorizon);
        if (refused) this.fail(client, refused);
        return;
      }
    }
  }

  /** The clock timer's timeout, entered through the command path (the engine's clock judges it). */
  private async timeout(seat: string, clock: string): Promise<void> {
    await this.referee(seat, { referee: "timeout", clock });
  }

  /** Enters a referee entry (a timeout, a time control change) from `seat` and publishes it. @returns whether it was accepted. */
  private async referee(seat: string, command: RefereeCommand): Promise<boolean> {
    try {
      const outcome = await this.match.submit(seat, command, undefined, true);
      if (outcome.ok && !outcome.duplicate) corked(this.clients, () => this.publish([outcome.entry]));
      else if (!outcome.ok) this.services.log.warn({ matchId: this.match.id, seat, command, code: outcome.error.code }, `${command.referee} refused`);
      return outcome.ok;
    } catch (error) {
      this.services.log.error({ err: error, matchId: this.match.id, seat }, `${command.referee} could not be stored`);
      if (!this.match.synced) this.resyncLater();
      return false;
    }
  }

  /**
   * Enters a seat's command (`referee`: a referee entry the room made for it, a claim or a
   * concession). `answered`: a match already over is answered `rejected` with `match_over` under
   * the message's id (claims and concessions), not by an `error`.
   */
  private async command(client: Client, info: ClientInfo, id: string, command: unknown, referee = false, answered = false): Promise<void> {
    if (info.audience.role !== "player") return this.fail(client, "spectators_cannot_act");
    const seat = info.audience.seat;
    const previous = this.answers.refused(seat, id);
    if (previous) {
      sendAnswer(client, previous);
      return;
    }
    const stored = this.match.seqOfCommand(seat, id);
    if (stored !== undefined) {
      // Accepted before this room's memory began (a restart): the same answer, nothing applied.
      sendAnswer(client, { type: "accepted", id, seq: stored });
      return;
    }
    if (this.match.result && answered) return sendAnswer(client, { type: "rejected", id, error: { code: "match_over", message: PROTOCOL_ERRORS.match_over.message, rule: null } });
    if (this.match.result) return this.fail(client, "match_over");
    let outcome;
    try {
      outcome = await this.match.submit(seat, command, id, referee);
    } catch (error) {
      // Unsynced: the store could not be read to learn whether the command committed. Otherwise
      // the store showed it was not stored: not applied, resend.
      const unavailable = error instanceof MatchUnsyncedError;
      this.services.log.error({ err: error, matchId: this.match.id, seat }, "command could not be stored");
      if (!this.match.synced) this.resyncLater();
      return this.fail(client, unavailable ? "service_unavailable" : "server_error");
    }
    let answer: Answer;
    if (!outcome.ok) {
      answer = { type: "rejected", id, error: { code: outcome.error.code, message: outcome.error.message, rule: outcome.error.rule ?? null } };
    } else {
      answer = { type: "accepted", id, seq: outcome.entry.seq };
    }
    this.answers.remember(seat, answer);
    const entry = outcome.ok && !outcome.duplicate ? outcome.entry : null;
    // The patch, the events and the answer leave in one write per socket.
    corked(this.clients, () => {
      if (entry) this.publish([entry]);
      if (this.clients.includes(client)) sendAnswer(client, answer);
    });
  }

  /**
   * While the match is unsynced (an append failed and the store could not be read), tries to
   * resync after 1 s, then backing off to 30 s, until it succeeds; learned entries are published
   * through `LiveMatch.onLearned`.
   */
  private resyncLater(delayMs = 1000): void {
    if (this.resyncTimer) return;
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = null;
      this.match.resync().catch((error: unknown) => {
        if (error instanceof MatchUnsyncedError) this.resyncLater(Math.min(30_000, delayMs * 2));
        else this.services.log.error({ err: error, matchId: this.match.id }, "resync failed");
      });
    }, delayMs);
  }

  /**
   * After accepted (or learned) entries: projections, the patch at once, then each client's
   * events. Each entry is redacted and encoded once per distinct viewer (every spectator of a
   * live match shares one frame), not once per client.
   */
  private publish(entries: readonly LogEntry<unknown, unknown>[]): void {
    const delayed = this.match.delayed;
    this.projector.update(this.match.state, this.match.seq, delayed);
    this.state.clock = this.clockField();
    this.matchClock.arm();
    this.broadcastPatch();
    const casterFrom = this.lastCasterSeq;
    const casterEntries = delayed.seq > this.lastCasterSeq ? this.match.entriesAfter(this.lastCasterSeq).slice(0, delayed.seq - this.lastCasterSeq) : [];
    this.lastCasterSeq = delayed.seq;
    const delayedFeed = this.match.options.spectatorDelay > 0;
    const host = this.match.host;
    const live = this.match.state;
    const targets = this.clients.flatMap((client) => {
      const info = this.clientsInfo.get(client.sessionId);
      return info ? [{ client, viewer: info.viewer, delayed: delayedFeed && info.audience.role === "spectator" }] : [];
    });
    fanOutEvents(targets, entries, casterEntries, {
      events: (entry, viewer) => eventsFrame(host.ruleset, entry, viewer),
      caster: (entry) => casterFrame(host, entry, live),
    });
    if (delayedFeed) this.chat.release(casterFrom, delayed.seq, this.chatListeners());
    const result = this.match.result;
    if (result) {
      this.services.log.info({ matchId: this.match.id, result }, "match finished");
      rateFinishedMatch(this.services.store, this.match.id, this.services.log);
      if (this.clients.length === 0) this.autoDispose = true;
    }
  }

  /** Older entries come from the store (the live match holds only the end of its log). */
  private async sendEventsSince(client: Client, info: ClientInfo, after: number): Promise<void> {
    const viewer = info.audience.role === "player" ? info.viewer : spectator;
    const entries = await this.match.entriesSince(after).catch(() => null);
    if (!entries) return this.fail(client, "service_unavailable");
    for (const entry of entries) client.enqueueRaw(eventsFrame(this.match.host.ruleset, entry, viewer));
  }
}
