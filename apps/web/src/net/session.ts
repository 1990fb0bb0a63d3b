/**
 * One client's connection to a match room, outside React: joins with `joinById`, rebuilds the
 * client's own projection once per seq, keeps the event stream, tracks commands until answered,
 * and survives drops: the SDK reconnects the same session by itself (reconnecting -> open); when
 * the room is gone (a server restart) it joins again with the seat token, with backoff. Either
 * way the welcome that follows triggers `events_since` (after the last live seq seen) and the
 * unanswered commands are resent with their ids. `useMatch` wraps it for React.
 *
 * Only this seat's overlay is read from the room state (the server sends no other); the token is
 * passed to the SDK only and never logged or stored here.
 */
import { Client, type Room } from "@colyseus/sdk";
import { PROTOCOL_ERRORS, PROTOCOL_VERSION, parseServerMessage, protocolErrorFromNumber, type JoinOptions, type WelcomeMessage } from "@fogwar/protocol";
import { MAX_REJOIN_ATTEMPTS, rejoinDelay } from "./backoff";
import { addEvents, lastLiveSeq, type EventEntry } from "./events";
import { PendingCommands, type CommandResult } from "./pending";
import { buildCaster, buildProjection, connectedOf, projectionKey, type RoomStateLike } from "./projection";

/** How to join: a seat with its token, or a spectator. */
export type JoinSpec = { role: "player"; seat: string; token: string } | { role: "spectator" };

/** Connection status. */
export type MatchStatus = "connecting" | "open" | "reconnecting" | "closed" | "failed";

/** What the table reads: see `useMatch`. */
export interface MatchSnapshot {
  readonly status: MatchStatus;
  readonly error: { code: string; message: string } | null;
  readonly welcome: WelcomeMessage | null;
  readonly seq: number;
  readonly view: unknown | null;
  readonly caster: { seq: number; view: unknown } | null;
  readonly connected: Record<string, boolean>;
  readonly spectators: number;
  readonly events: readonly EventEntry[];
}

/** The parts of the SDK the session uses (a fake in tests). */
export interface RoomClient {
  joinById(roomId: string, options: JoinOptions): Promise<Room>;
}

/** WebSocket close code of a seat replaced by a newer connection (apps/server room.ts). */
export const CLOSE_REPLACED = 4100;
/** Colyseus's matchmaking code for an unknown room id. */
const ROOM_NOT_FOUND = 522;

const INITIAL: MatchSnapshot = {
  status: "connecting",
  error: null,
  welcome: null,
  seq: 0,
  view: null,
  caster: null,
  connected: {},
  spectators: 0,
  events: [],
};

/** The server's address: the page's own origin (the server serves the client). */
export function defaultEndpoint(): string {
  return window.location.origin;
}

/** A join failure as `{ code, message }` (protocol codes by name); `retry` when worth retrying. */
export function describeJoinError(error: unknown): { code: string; message: string; retry: boolean } {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === "number") {
    const named = protocolErrorFromNumber(code);
    if (named) return { code: named, message: PROTOCOL_ERRORS[named].message, retry: false };
    if (code === ROOM_NOT_FOUND) return { code: "room_not_found", message: "The match room is not open (the match is over, or the server is starting).", retry: true };
  }
  return { code: "network_error", message: "The server cannot be reached.", retry: true };
}

export class MatchSession {
  private snapshot: MatchSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private readonly pending = new PendingCommands();
  private room: Room | null = null;
  private disposed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private key = "";
  private casterSeq = -1;
  private joinedOnce = false;
  /** After a reconnection or a rejoin, unanswered commands are resent when the welcome arrives. */
  private resendOnWelcome = false;

  constructor(
    private readonly matchId: string,
    private readonly join: JoinSpec,
    private readonly client: RoomClient = new Client(defaultEndpoint()) as unknown as RoomClient,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): MatchSnapshot => this.snapshot;

  private update(patch: Partial<MatchSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private get seat(): string | null {
    return this.join.role === "player" ? this.join.seat : null;
  }

  /** Starts connecting. */
  start(): void {
    void this.connect(0);
  }

  private async connect(attempt: number): Promise<void> {
    if (this.disposed) return;
    const options: JoinOptions =
      this.join.role === "player" ? { role: "player", protocol: PROTOCOL_VERSION, token: this.join.token } : { role: "spectator", protocol: PROTOCOL_VERSION };
    try {
      const room = await this.client.joinById(this.matchId, options);
      if (this.disposed) {
        void room.leave(true).catch(() => undefined);
        return;
      }
      this.attach(room, attempt > 0 || this.joinedOnce);
    } catch (error) {
      if (this.disposed) return;
      const problem = describeJoinError(error);
      // A first join that fails for a reason other than the network is final (a bad token, an
      // unknown or finished match); a rejoin keeps trying for a while (the server may be restarting).
      const retry = problem.retry && (this.joinedOnce || problem.code === "network_error") && attempt < MAX_REJOIN_ATTEMPTS;
      if (!retry) {
        this.pending.failAll({ code: problem.code, message: problem.message });
        this.update({ status: this.joinedOnce ? "closed" : "failed", error: { code: problem.code, message: problem.message } });
        return;
      }
      this.update({ status: this.joinedOnce ? "reconnecting" : "connecting", error: { code: problem.code, message: problem.message } });
      this.timer = setTimeout(() => void this.connect(attempt + 1), rejoinDelay(attempt));
    }
  }

  private attach(room: Room, rejoin: boolean): void {
    this.room = room;
    this.joinedOnce = true;
    // Handlers first, before any await: the welcome follows the join at once.
    room.onMessage("*", (type, payload) => this.onMessage(type, payload));
    room.onStateChange(() => this.onState());
    room.onDrop(() => {
      this.pending.connectionLost();
      this.update({ status: "reconnecting" });
    });
    room.onReconnect(() => {
      // The welcome that follows asks for missed events and resends what is unanswered.
      this.resendOnWelcome = true;
      this.update({ status: "open", error: null });
    });
    room.onLeave((code) => this.onLeave(room, code));
    this.resendOnWelcome = rejoin;
    this.update({ status: "open", error: null });
    this.onState();
  }

  private onLeave(room: Room, code: number): void {
    if (this.disposed || room !== this.room) return;
    this.room = null;
    this.pending.connectionLost();
    if (code === CLOSE_REPLACED) {
      const error = { code: "replaced", message: "This seat was opened in another window or device." };
      this.pending.failAll(error);
      this.update({ status: "closed", error });
      return;
    }
    const view = this.snapshot.view as { result?: unknown } | null;
    if (view && view.result) {
      this.pending.failAll({ code: "match_over", message: PROTOCOL_ERRORS.match_over.message });
      this.update({ status: "closed" });
      return;
    }
    // The room is gone (a server restart, or the reconnection window passed): join again.
    this.update({ status: "reconnecting" });
    this.timer = setTimeout(() => void this.connect(1), rejoinDelay(0));
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
        if (this.resendOnWelcome) this.flush();
        this.resendOnWelcome = false;
        break;
      }
      case "accepted":
        this.pending.answer(message.id, { ok: true, seq: message.seq });
        break;
      case "rejected":
        this.pending.answer(message.id, { ok: false, error: message.error });
        break;
      case "events": {
        const events = addEvents(this.snapshot.events, { seq: message.seq, seat: message.seat, feed: message.feed, events: message.events });
        if (events !== this.snapshot.events) this.update({ events });
        break;
      }
      case "error":
        this.pending.answerOldestSent(message.error);
        break;
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

  /** Sends a command; resolves with the server's answer. */
  send(command: unknown): Promise<CommandResult> {
    if (this.join.role === "spectator") {
      return Promise.resolve({ ok: false, error: { code: "spectators_cannot_act", message: PROTOCOL_ERRORS.spectators_cannot_act.message, rule: null } });
    }
    if (this.disposed || this.snapshot.status === "closed" || this.snapshot.status === "failed") {
      return Promise.resolve({ ok: false, error: { code: "not_connected", message: "The connection to the match is closed.", rule: null } });
    }
    const { id, result } = this.pending.add(command);
    if (this.room && this.snapshot.status === "open") {
      this.room.send("command", { type: "command", id, command });
      this.pending.markSent(id);
    }
    return result;
  }

  /** Leaves the room and stops reconnecting. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.pending.failAll({ code: "not_connected", message: "The connection to the match is closed." });
    const room = this.room;
    this.room = null;
    if (room) {
      room.removeAllListeners();
      void room.leave(true).catch(() => undefined);
    }
  }
}
