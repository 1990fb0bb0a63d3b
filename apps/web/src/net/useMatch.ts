/**
 * `useMatch(matchId, join)`: a React hook over one match connection (see `MatchSession`).
 * The table reads `status` (with `retry` while joining again), `view` (its own projection,
 * rebuilt once per seq), `caster`, `events`, `connected`, `spectators`, and acts through
 * `send(command)`, which resolves with the server's answer, and `retryNow()`. The connection opens on mount (or was
 * opened by the page before React rendered, ./early-session.ts) and closes on unmount or when the match, seat or
 * token changes.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { ChatAudience, WelcomeMessage } from "@fogwar/protocol";
import { takeEarlySession } from "./early-session";
import { MatchSession, NO_CHAT, type ChatState, type CommandResult, type EventEntry, type JoinSpec, type MatchSnapshot, type MatchStatus, type RetryState, type RoomClient, type TableNotice } from "@fogwar/client";

export type { JoinSpec, MatchStatus, CommandResult, EventEntry, RetryState };

/** What `useMatch` returns. */
export interface MatchConnection {
  status: MatchStatus;
  error: { code: string; message: string } | null;
  /** While joining again: attempt number (from 1) and when it runs (epoch ms; null while it runs). */
  retry: RetryState | null;
  /** Commands sent (or waiting for the connection) and not answered yet. */
  unanswered: number;
  welcome: WelcomeMessage | null;
  seq: number;
  /** This client's own projection: unflatten(applyOverlay(view, own overlay)); null before the first state. */
  view: unknown | null;
  /** The delayed omniscient caster feed (spectators of a delayed match), else null. */
  caster: { seq: number; view: unknown } | null;
  connected: Record<string, boolean>;
  spectators: number;
  /** Every `events` message, once per (seq, feed), in order. */
  events: { seq: number; seat: string; feed: "live" | "caster"; events: unknown[] }[];
  /** Sends a command (with a generated id); resolves with accepted `{ ok, seq }` or the rejection. */
  send(command: unknown): Promise<CommandResult>;
  /** Joins again now instead of waiting (also after a final failure); no effect while open. */
  retryNow(): void;
  /** The clocks and abandonment claims (see `ClockPanel`), null until the server sends them. */
  clock?: MatchSnapshot["clock"];
  /** Claims the win or a draw against a disconnected seat (docs/protocol.md "claim"). */
  claim?(absent: string, outcome: "win" | "draw"): Promise<CommandResult>;
  /** Proposes, agrees to (the same terms) or declines (null) going on by correspondence; false when not connected. */
  correspondence?(terms: { daysPerMove: number; vacationDays: number } | null): boolean;
  /** Concedes the match for the seat's side, in every ruleset (docs/protocol.md "Conceding"). */
  concede?(): Promise<CommandResult>;
  /** The table chat: audiences, lines heard, the last refusal. */
  chat: ChatState;
  /** Posts a chat line; false when not connected (nothing sent). */
  sendChat(audience: ChatAudience, text: string): boolean;
  /** The table's notices (a seat the host re-issued), in order. */
  notices?: readonly TableNotice[];
}

const IDLE: MatchSnapshot = { status: "connecting", error: null, retry: null, unanswered: 0, welcome: null, seq: 0, view: null, caster: null, connected: {}, spectators: 0, events: [], clock: null, chat: NO_CHAT, notices: [] };
const noop = () => () => undefined;

/** Connects to a match as a seat or a spectator. `client` replaces the SDK client (tests). */
export function useMatch(matchId: string, join: JoinSpec, client?: RoomClient): MatchConnection {
  const joinKey = join.role === "player" ? `player:${join.seat}:${join.token}` : "spectator";
  const [session, setSession] = useState<MatchSession | null>(null);

  useEffect(() => {
    const spec: JoinSpec = join.role === "player" ? { role: "player", seat: join.seat, token: join.token } : { role: "spectator" };
    // The page's own session, started before React rendered (./early-session.ts), when it is this one.
    const early = client ? undefined : takeEarlySession(matchId, spec);
    const next = early ?? new MatchSession(matchId, spec, client);
    setSession(next);
    if (!early) next.start();
    return () => next.dispose();
    // joinKey stands for `join` (a new object on every render).
  }, [matchId, joinKey, client]);

  const snapshot = useSyncExternalStore(session?.subscribe ?? noop, session?.getSnapshot ?? (() => IDLE), () => IDLE);
  const send = useCallback(
    (command: unknown): Promise<CommandResult> =>
      session ? session.send(command) : Promise.resolve({ ok: false, error: { code: "not_connected", message: "Not connected yet.", rule: null } }),
    [session],
  );
  const retryNow = useCallback(() => session?.retryNow(), [session]);
  const claim = useCallback(
    (absent: string, outcome: "win" | "draw"): Promise<CommandResult> =>
      session ? session.claim(absent, outcome) : Promise.resolve({ ok: false, error: { code: "not_connected", message: "Not connected yet.", rule: null } }),
    [session],
  );
  const concede = useCallback(
    (): Promise<CommandResult> => (session ? session.concede() : Promise.resolve({ ok: false, error: { code: "not_connected", message: "Not connected yet.", rule: null } })),
    [session],
  );
  const sendChat = useCallback((audience: ChatAudience, text: string) => session?.sendChat(audience, text) ?? false, [session]);
  const correspondence = useCallback((terms: { daysPerMove: number; vacationDays: number } | null) => session?.correspondence(terms) ?? false, [session]);
  return useMemo(
    () => ({ ...snapshot, events: snapshot.events as EventEntry[], send, retryNow, claim, concede, sendChat, correspondence }),
    [snapshot, send, retryNow, claim, concede, sendChat, correspondence],
  );
}
