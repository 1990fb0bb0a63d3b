/**
 * One client's connection to a match room, outside React: joins with `joinById` (the first join
 * consumes the page's early seat reservation instead when there is one, ./reserve.ts), rebuilds the
 * client's own projection once per seq, keeps the event stream, tracks commands until answered,
 * and survives drops and server restarts. The SDK's own reconnection is switched off (its
 * reconnection tokens do not survive a restart, and it gives up silently): whenever the
 * connection ends for a reason worth retrying (`closeVerdict`: network loss, 1006, the server
 * shutting down) or a join fails for one (`joinErrorVerdict`: connection refused, 5xx,
 * `service_unavailable`, a room not rebuilt yet), it joins again with a fresh `joinById` and the
 * seat token (spectators as spectators), waiting 0.5 s doubling to 15 s with jitter between
 * attempts; `retryNow()` skips the wait. A room that is not found is final once the REST API
 * says the match is not live. The welcome that follows each join triggers `events_since` (after
 * the last live seq seen) and the unanswered commands are resent with their ids. Final: an
 * invalid token, an unsupported protocol, a seat replaced by another connection (4100), a
 * finished match. A silent connection is pinged, and given up as lost when the server stays
 * silent (`HEARTBEAT_DEAD_MS`). `useMatch` wraps it for React.
 *
 * With several server processes behind the page's address (a proxy), the same retries cover the
 * death of the process hosting the match: a join reaches a live process, which rebuilds the room
 * from the stored log once the dead host's lease lapses (a 5xx, 522 or 524 until then).
 *
 * Only this seat's overlay is read from the room state (the server sends no other); the token is
 * passed to the SDK only and never logged or stored here.
 *
 * Headless: no React and no DOM. In a page the server's address defaults to the page's origin; in
 * Node pass a `Client(endpoint)` and `matchStatusAt(endpoint)`.
 */
import { Client, type Room } from "@colyseus/sdk";
import { PROTOCOL_ERRORS, parseServerMessage, type ChatAudience, type RetryVerdict } from "@fogwar/protocol";
import { RetryTimer, closeVerdict, joinErrorVerdict, withTimeout } from "./backoff";
import { addEvents, lastLiveSeq } from "./events";
import { PendingCommands, type CommandResult } from "./pending";
import { isChatError, withBacklog, withLine } from "./chat";
import { buildCaster, buildProjection, connectedOf, projectionKey, type RoomStateLike } from "./projection";
import { parseClockField } from "./clock";
import { defaultEndpoint, fetchMatchStatus } from "./lookup";
import { joinOptionsOf, takePrefetchedSeat } from "./reserve";
import { HEARTBEAT_DEAD_MS, HEARTBEAT_IDLE_MS, INITIAL_SNAPSHOT, JOIN_TIMEOUT_MS, type JoinSpec, type MatchSnapshot, type MatchStatusLookup, type RoomClient, type SessionOptions } from "./snapshot";

export * from "./snapshot";
export * from "./lookup";
export * from "./reserve";

/** A join failure as `{ code, message }` (protocol codes by name); `retry` when worth retrying. */
export function describeJoinError(error: unknown): { code: string; message: string; retry: boolean } {
  const verdict = joinErrorVerdict(error);
  return { code: verdict.code, message: verdict.message, retry: verdict.retry };
}

export class MatchSession {
  private snapshot: MatchSnapshot = INITIAL_SNAPSHOT;
  /** The last clock text read from the state, and the claims and concessions waiting for their answer. */
  private clockText = "";
  private claimCount = 0;
  private readonly claims = new Map<string, (result: CommandResult) => void>();
  private readonly listeners = new Set<() => void>();
  private readonly pending = new PendingCommands();
  private readonly retries: RetryTimer;
  private room: Room | null = null;
  private disposed = false;
  /** Whether a join is in flight (a "retry now" then waits for it). */
  private joining = false;
  private key = "";
  private casterSeq = -1;
  private joinedOnce = false;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  /** When the server was last heard from (epoch ms). */
  private lastHeard = 0;
  /** When joins started failing (epoch ms; null while open). */
  private failingSince: number | null = null;
  /** How many times the session joined again after its first join. */
  private rejoins = 0;

  /**
   * `client` replaces the SDK client and `matchStatus` the REST lookup (tests); `random` feeds
   * the backoff's jitter.
   */
  constructor(
    private readonly matchId: string,
    private readonly join: JoinSpec,
    private readonly client: RoomClient = new Client(defaultEndpoint()) as unknown as RoomClient,
    private readonly matchStatus: MatchStatusLookup = fetchMatchStatus,
    random: () => number = Math.random,
    private readonly options: SessionOptions = {},
  ) {
    this.retries = new RetryTimer(random);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): MatchSnapshot => this.snapshot;

  private update(patch: Partial<MatchSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch, unanswered: this.pending.size };
    for (const listener of this.listeners) listener();
  }

  private get seat(): string | null {
    return this.join.role === "player" ? this.join.seat : null;
  }

  /** Starts connecting. */
  start(): void {
    void this.connect();
  }

  /**
   * Joins again at once instead of waiting for the next attempt (the banner's "retry now");
   * after a final failure (`closed`, `failed`) it starts over. Nothing happens while a join is
   * in flight or the connection is open.
   */
  retryNow(): void {
    if (this.disposed || this.joining || this.room) return;
    if (this.retries.fireNow()) return;
    if (this.snapshot.status === "closed" || this.snapshot.status === "failed") {
      this.retries.reset();
      this.update({ status: this.joinedOnce ? "reconnecting" : "connecting", error: null, retry: null });
      void this.connect();
    }
  }

  private async connect(): Promise<void> {
    if (this.disposed || this.joining) return;
    this.joining = true;
    if (this.snapshot.retry) this.update({ retry: { attempt: this.snapshot.retry.attempt, nextAt: null } });
    const options = joinOptionsOf(this.join);
    // The page's early seat reservation (./reserve.ts), taken by the first join only.
    const early = this.joinedOnce || !this.client.consumeSeatReservation ? undefined : takePrefetchedSeat(this.matchId, this.join);
    let room: Room;
    try {
      const consume = this.client.consumeSeatReservation?.bind(this.client);
      const joined = early && consume ? early.then(consume) : this.client.joinById(this.matchId, options);
      room = await withTimeout(joined, JOIN_TIMEOUT_MS);
    } catch (error) {
      this.joining = false;
      if (this.disposed) return;
      let verdict = joinErrorVerdict(error);
      if (verdict.retry && verdict.checkMatch) verdict = await this.checkMatch(verdict);
      if (this.disposed) return;
      if (!verdict.retry) return this.giveUp(verdict);
      return this.scheduleRetry(verdict);
    }
    this.joining = false;
    if (this.disposed) {
      void room.leave(true).catch(() => undefined);
      return;
    }
    this.attach(room);
  }

  /** A room was not found: final when the match is over or unknown, else retried (the server may be rebuilding its rooms). */
  private async checkMatch(verdict: RetryVerdict): Promise<RetryVerdict> {
    const status = await this.matchStatus(this.matchId).catch(() => null);
    if (status === "finished" || status === "abandoned") return { retry: false, code: "match_over", message: PROTOCOL_ERRORS.match_over.message };
    if (status === "missing") return { retry: false, code: "not_found", message: PROTOCOL_ERRORS.not_found.message };
    return verdict;
  }

  private scheduleRetry(verdict: RetryVerdict): void {
    const now = Date.now();
    this.failingSince ??= now;
    const within = this.options.retryWithinMs;
    if (within !== undefined && now - this.failingSince > within) {
      return this.giveUp({ retry: false, code: "gave_up", message: `Still failing after ${within} ms: ${verdict.message}` });
    }
    const retry = this.retries.schedule(() => void this.connect());
    this.update({ status: this.joinedOnce ? "reconnecting" : "connecting", error: { code: verdict.code, message: verdict.message }, retry });
  }

  private giveUp(verdict: RetryVerdict): void {
    this.retries.reset();
    const error = { code: verdict.code, message: verdict.message };
    this.pending.failAll(error);
    this.update({ status: this.joinedOnce ? "closed" : "failed", error, retry: null });
  }

  /** How many times the session joined again after its first join. */
  get reconnections(): number {
    return this.rejoins;
  }

  private attach(room: Room): void {
    this.room = room;
    if (this.joinedOnce) this.rejoins++;
    this.joinedOnce = true;
    this.failingSince = null;
    this.options.onJoin?.(room);
    this.retries.reset();
    // The session joins again by itself (with the seat token): the SDK's own reconnection would
    // retry a session a restarted server no longer has. Every close now reaches onLeave.
    if (room.reconnection) room.reconnection.enabled = false;
    // Handlers first, before any await: the welcome follows the join at once.
    room.onMessage("*", (type, payload) => {
      this.lastHeard = Date.now();
      this.onMessage(type, payload);
    });
    room.onStateChange(() => {
      this.lastHeard = Date.now();
      this.onState();
    });
    this.startHeartbeat(room);
    room.onLeave((code) => this.onLeave(room, code));
    this.update({ status: "open", error: null, retry: null });
    this.onState();
  }

  /** Pings an idle connection; gives it up as lost (code 1006) when the server stays silent. */
  private startHeartbeat(room: Room): void {
    this.stopHeartbeat();
    this.lastHeard = Date.now();
    this.heartbeat = setInterval(() => {
      if (room !== this.room) return this.stopHeartbeat();
      const silent = Date.now() - this.lastHeard;
      if (silent >= HEARTBEAT_DEAD_MS) {
        room.removeAllListeners();
        void room.leave(false).catch(() => undefined);
        this.onLeave(room, 1006);
      } else if (silent >= HEARTBEAT_IDLE_MS) {
        room.send("ping", { type: "ping", t: Date.now() });
      }
    }, HEARTBEAT_IDLE_MS / 3);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private onLeave(room: Room, code: number): void {
    if (this.disposed || room !== this.room) return;
    this.room = null;
    this.stopHeartbeat();
    this.pending.connectionLost();
    this.failClaims();
    const view = this.snapshot.view as { result?: unknown } | null;
    if (view && view.result) {
      this.pending.failAll({ code: "match_over", message: PROTOCOL_ERRORS.match_over.message });
      this.update({ status: "closed", retry: null });
      return;
    }
    const verdict = closeVerdict(code);
    if (!verdict.retry) return this.giveUp(verdict);
    this.scheduleRetry(verdict);
  }

  private onState(): void {
    const state = this.room?.state as RoomStateLike | undefined;
    if (!state) return;
    const patch: { -readonly [K in keyof MatchSnapshot]?: MatchSnapshot[K] } = {};
    const key = projectionKey(state, this.seat);
    if (key !== this.key) {
      this.key = key;
      patch.view = buildProjection(state, this.seat);
      patch.seq = state.seq ?? 0;
    }
    const casterSeq = state.caster?.entries?.size ? (state.caster.seq ?? 0) : -1;
    if (casterSeq !== this.casterSeq) {
      this.casterSeq = casterSeq;
      patch.caster = buildCaster(state);
    }
    const connected = connectedOf(state);
    if (JSON.stringify(connected) !== JSON.stringify(this.snapshot.connected)) patch.connected = connected;
    const spectators = state.spectators ?? 0;
    if (spectators !== this.snapshot.spectators) patch.spectators = spectators;
    if ((state.clock ?? "") !== this.clockText) {
      this.clockText = state.clock ?? "";
      const field = parseClockField(state.clock);
      patch.clock = field ? { field, receivedAt: Date.now() } : null;
    }
    if (Object.keys(patch).length > 0) this.update(patch);
  }

  private onMessage(type: string | number, payload: unknown): void {
    const parsed = parseServerMessage(type, payload);
    if (!parsed.ok) return;
    const message = parsed.message;
    switch (message.type) {
      case "welcome": {
        const setup = message.setupEvents ?? [];
        const withSetup = setup.length > 0 ? addEvents(this.snapshot.events, { seq: 0, seat: "", feed: "live", events: setup }) : this.snapshot.events;
        this.update({ welcome: message, events: withSetup });
        const after = lastLiveSeq(this.snapshot.events);
        if (message.lastSeq > after) this.room?.send("events_since", { type: "events_since", after });
        // A welcome follows every join: what is unanswered (sent on a lost connection, or
        // asked for before the first join) goes out now, with its id.
        this.flush();
        break;
      }
      case "accepted":
        if (this.pending.answer(message.id, { ok: true, seq: message.seq })) this.update({});
        else this.answerClaim(message.id, { ok: true, seq: message.seq });
        break;
      case "rejected":
        if (this.pending.answer(message.id, { ok: false, error: message.error })) this.update({});
        else this.answerClaim(message.id, { ok: false, error: message.error });
        break;
      case "events": {
        const events = addEvents(this.snapshot.events, { seq: message.seq, seat: message.seat, feed: message.feed, events: message.events });
        if (events !== this.snapshot.events) this.update({ events });
        break;
      }
      case "error":
        if (isChatError(message.error.code)) this.update({ chat: { ...this.snapshot.chat, error: message.error.code } });
        // A refused correspondence proposal answers no command: the state shows the proposal as it stands.
        else if (message.error.code === "correspondence_refused") break;
        else if (this.pending.answerOldestSent(message.error)) this.update({});
        break;
      case "chat":
        this.update({ chat: withLine(this.snapshot.chat, message.line) });
        break;
      case "chat_backlog":
        this.update({ chat: withBacklog(this.snapshot.chat, message) });
        break;
      case "notice": {
        // A join or reconnection gets the room's earlier notices again: each is kept once.
        const known = this.snapshot.notices.some((n) => n.kind === message.notice.kind && n.seat === message.notice.seat && n.at === message.notice.at);
        if (!known) this.update({ notices: [...this.snapshot.notices, message.notice] });
        break;
      }
      case "pong":
        break;
    }
  }

  /** Sends unanswered commands on the current connection. */
  private flush(): void {
    const room = this.room;
    if (!room || this.snapshot.status !== "open") return;
    for (const [id, command] of this.pending.toResend()) {
      room.send("command", { type: "command", id, command });
      this.pending.markSent(id);
    }
  }

  /** Sends a command under `id` (default: a fresh one); resolves with the server's answer. */
  send(command: unknown, id?: string): Promise<CommandResult> {
    if (this.join.role === "spectator") {
      return Promise.resolve({ ok: false, error: { code: "spectators_cannot_act", message: PROTOCOL_ERRORS.spectators_cannot_act.message, rule: null } });
    }
    if (this.disposed || this.snapshot.status === "closed" || this.snapshot.status === "failed") {
      return Promise.resolve({ ok: false, error: { code: "not_connected", message: "The connection to the match is closed.", rule: null } });
    }
    const added = this.pending.add(command, id);
    this.update({});
    if (this.room && this.snapshot.status === "open") {
      this.room.send("command", { type: "command", id: added.id, command });
      this.pending.markSent(added.id);
    }
    return added.result;
  }

  /**
   * Claims the win or a draw against a disconnected seat the match waits for (docs/protocol.md
   * "claim"); resolves with the server's answer. Not resent after a lost connection (the claim
   * may be made again once the countdown allows it): a connection lost first answers
   * `not_connected`.
   */
  claim(absent: string, outcome: "win" | "draw"): Promise<CommandResult> {
    return this.request("claim", { outcome, absent });
  }

  /**
   * Concedes the match for this seat's side (docs/protocol.md "Conceding"; every ruleset takes the
   * same message); resolves with the server's answer: accepted (the match is over), or rejected
   * (`match_over`, or the rules' refusal). A spectator gets `spectators_cannot_act` without
   * sending; a connection lost first answers `not_connected` (concede again once back: the match
   * shows whether the first one was entered).
   */
  concede(): Promise<CommandResult> {
    if (this.join.role === "spectator") {
      return Promise.resolve({ ok: false, error: { code: "spectators_cannot_act", message: PROTOCOL_ERRORS.spectators_cannot_act.message, rule: null } });
    }
    return this.request("concede", {});
  }

  /** Sends a claim or a concession under a fresh id; resolves with its answer. */
  private request(type: "claim" | "concede", body: Record<string, unknown>): Promise<CommandResult> {
    const room = this.room;
    if (this.join.role === "spectator" || !room || this.snapshot.status !== "open") {
      return Promise.resolve({ ok: false, error: { code: "not_connected", message: "The connection to the match is closed.", rule: null } });
    }
    const id = `${type}-${Date.now().toString(36)}-${(this.claimCount++).toString(36)}`;
    return new Promise((resolve) => {
      this.claims.set(id, resolve);
      room.send(type, { type, id, ...body });
    });
  }

  /** Answers every claim and concession still waiting with `not_connected` (the connection is gone). */
  private failClaims(): void {
    const waiting = [...this.claims.values()];
    this.claims.clear();
    for (const resolve of waiting) resolve({ ok: false, error: { code: "not_connected", message: "The connection to the match is closed.", rule: null } });
  }

  private answerClaim(id: string, result: CommandResult): void {
    const resolve = this.claims.get(id);
    if (!resolve) return;
    this.claims.delete(id);
    resolve(result);
  }

  /**
   * Posts a chat line, control characters turned into spaces (the server answers by sending it
   * back, or with a `chat_*` error in `chat.error`). False when there is no open connection
   * (nothing sent).
   */
  sendChat(audience: ChatAudience, text: string): boolean {
    if (!this.room || this.snapshot.status !== "open") return false;
    // Control characters (a pasted tab or line break) are refused by the protocol as bad_message,
    // which would read as the answer to a command in flight: they become spaces here.
    this.room.send("chat", { type: "chat", audience, text: text.replace(/\p{Cc}+/gu, " ").trim() });
    if (this.snapshot.chat.error) this.update({ chat: { ...this.snapshot.chat, error: null } });
    return true;
  }

  /**
   * Proposes to go on by correspondence with `terms`, agrees to the open proposal (the same terms),
   * or declines it (`null`) (docs/protocol.md "correspondence"). Nothing answers but the state's
   * `clock.proposal` (or the switch). False when there is no open connection or this is a spectator.
   */
  correspondence(terms: { daysPerMove: number; vacationDays: number } | null): boolean {
    if (this.join.role === "spectator" || !this.room || this.snapshot.status !== "open") return false;
    this.room.send("correspondence", { type: "correspondence", terms });
    return true;
  }

  /** Leaves the room and stops reconnecting. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.retries.cancel();
    this.stopHeartbeat();
    this.pending.failAll({ code: "not_connected", message: "The connection to the match is closed." });
    this.failClaims();
    const room = this.room;
    this.room = null;
    if (room) {
      room.removeAllListeners();
      void room.leave(true).catch(() => undefined);
    }
  }
}
