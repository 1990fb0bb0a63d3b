/**
 * Who is owed what (docs/design.md "Notifications"): pure functions from what happened to the
 * notifications it owes, each with its payload built from public facts and the recipient's own
 * seat only (the players' names, the seats awaited, the clocks, the result: what every seat's
 * view shows), so a payload never carries what its recipient's view does not show.
 *
 * - `your_move`: to the seats an entry newly awaits (not bots, not the seat that acted);
 * - `time_running_out`: when an entry starts a seat's clock with at least
 *   {@link WARN_MIN_REMAINING_MS} on it, due {@link warnBefore} before it runs out;
 * - `match_over`: to every seat when the entry ends the match;
 * - `opponent_joined`: to the other seats when a player claims a seat (`oweJoined`);
 * - `challenge_received`: to the challenged account (`oweChallenge`).
 *
 * Each is owed under a dedupe key (`keyOf`) naming its kind, match, seat and cause, so owing the
 * same thing twice (an append retried) owes it once; the key also tells the deliverer which seat
 * a notification is about (`parseKey`), to drop it once it is no longer true.
 */
import type { MatchResult } from "@fogwar/engine";
import type { NotificationKind, NotificationPayload } from "@fogwar/protocol";
import type { NewNotification } from "../store/index.js";

/** The least time left on a clock worth a "time running out" warning: 1 hour. */
export const WARN_MIN_REMAINING_MS = 3_600_000;
/** A warning comes at most this long before the deadline: 12 hours. */
export const WARN_MAX_LEAD_MS = 12 * 3_600_000;
/** A warning comes when this share of the time left at the clock's start remains. */
export const WARN_SHARE = 0.25;

/** How long before the deadline a clock started with `remainingMs` is warned of (ms). */
export function warnBefore(remainingMs: number): number {
  return Math.min(WARN_MAX_LEAD_MS, Math.floor(remainingMs * WARN_SHARE));
}

/** A match's public facts at one point of its log (from the engine state and the clocks). */
export interface MatchFacts {
  /** The seats awaited (the engine's `awaitedSeats`; empty once over). */
  readonly awaiting: readonly string[];
  readonly result: MatchResult | null;
  /** Each clock's seats, time left (ms) and whether it runs, at `at` (the clock status). */
  readonly clocks: readonly { readonly seats: readonly string[]; readonly remainingMs: number; readonly running: boolean }[];
}

/** A match's public description: id, ruleset, scenario, players in seat order, bot seats. */
export interface MatchInfo {
  readonly matchId: string;
  readonly ruleset: string;
  readonly scenario: string;
  readonly players: readonly { readonly seat: string; readonly name: string }[];
  readonly bots: ReadonlySet<string>;
}

/** The entry that happened: its seq, its seat, whether the server entered it (a timeout, a claim), and its time (ms). */
export interface EntryCause {
  readonly seq: number;
  readonly seat: string;
  readonly referee: boolean;
  readonly at: number;
}

/** A dedupe key: the kind and its parts, each URI-encoded, joined by `/`. */
export function keyOf(kind: NotificationKind, ...parts: readonly (string | number)[]): string {
  return [kind, ...parts.map((p) => encodeURIComponent(String(p)))].join("/");
}

/** The seat a match notification's key names (its third part), or null. */
export function seatOfKey(key: string): string | null {
  const part = key.split("/")[2];
  return part === undefined ? null : decodeURIComponent(part);
}

/** The match's public title: its scenario and its players' names. */
export function titleOf(info: MatchInfo): string {
  return `${info.scenario}: ${info.players.map((p) => p.name).join(" vs ")}`;
}

const nameOf = (info: MatchInfo, seat: string): string => info.players.find((p) => p.seat === seat)?.name ?? seat;

/** The recipient side's result: win, loss or draw. */
export function outcomeFor(result: MatchResult, seat: string): "win" | "loss" | "draw" {
  if (result.winner === null) return "draw";
  return result.winner === seat || (result.winners ?? []).includes(seat) ? "win" : "loss";
}

/** The fields every match notification carries. */
function base(info: MatchInfo, kind: NotificationKind, url: string): NotificationPayload {
  return { kind, url, ruleset: info.ruleset, matchId: info.matchId, title: titleOf(info) };
}

/** The seats people play (not bots), in seat order. */
const people = (info: MatchInfo): string[] => info.players.map((p) => p.seat).filter((s) => !info.bots.has(s));

/**
 * What an accepted entry owes, given the match's facts before and after it. Pure: the same
 * arguments owe the same notifications (the same keys).
 */
export function oweForEntry(info: MatchInfo, cause: EntryCause, before: MatchFacts, after: MatchFacts): NewNotification[] {
  const out: NewNotification[] = [];
  const seats = people(info);
  const owe = (seat: string, kind: NotificationKind, payload: NotificationPayload, dueAt = cause.at): void => {
    out.push({ kind, seat, matchId: info.matchId, causeSeq: cause.seq, dedupeKey: keyOf(kind, info.matchId, seat, cause.seq), payload, owedAt: cause.at, dueAt });
  };
  const actor = cause.referee ? {} : { actor: nameOf(info, cause.seat) };
  if (after.result) {
    if (before.result) return out;
    for (const seat of seats) {
      out.push({
        kind: "match_over",
        seat,
        matchId: info.matchId,
        causeSeq: cause.seq,
        dedupeKey: keyOf("match_over", info.matchId, seat),
        payload: { ...base(info, "match_over", `/review/${info.matchId}`), ...actor, outcome: outcomeFor(after.result, seat) },
        owedAt: cause.at,
        dueAt: cause.at,
      });
    }
    return out;
  }
  const whoseTurn = after.awaiting.map((s) => nameOf(info, s));
  for (const seat of seats) {
    if (seat === cause.seat && !cause.referee) continue;
    if (!after.awaiting.includes(seat)) continue;
    const newly = !before.awaiting.includes(seat);
    if (newly) owe(seat, "your_move", { ...base(info, "your_move", `/play/${info.matchId}`), ...actor, whoseTurn });
    const clock = after.clocks.find((c) => c.seats.includes(seat) && c.running);
    if (!clock || clock.remainingMs < WARN_MIN_REMAINING_MS) continue;
    const ranBefore = before.clocks.some((c) => c.seats.includes(seat) && c.running);
    if (ranBefore && !newly) continue;
    const deadline = cause.at + clock.remainingMs;
    owe(seat, "time_running_out", { ...base(info, "time_running_out", `/play/${info.matchId}`), whoseTurn, deadline }, deadline - warnBefore(clock.remainingMs));
  }
  return out;
}

/**
 * What a player joining `joined` (claiming its invite, or paired into the match) owes: an
 * `opponent_joined` to every other seat a person plays. `claim` tells one claim from another of
 * the same seat (its invite generation).
 */
export function oweJoined(info: MatchInfo, joined: string, claim: number, at: number, awaiting: readonly string[] = []): NewNotification[] {
  return people(info)
    .filter((seat) => seat !== joined)
    .map((seat) => ({
      kind: "opponent_joined",
      seat,
      matchId: info.matchId,
      causeSeq: null,
      dedupeKey: keyOf("opponent_joined", info.matchId, seat, joined, claim),
      payload: { ...base(info, "opponent_joined", `/play/${info.matchId}`), actor: nameOf(info, joined), ...(awaiting.length > 0 ? { whoseTurn: awaiting.map((s) => nameOf(info, s)) } : {}) },
      owedAt: at,
      dueAt: at,
    }));
}

/** What a challenge owes: a `challenge_received` to the challenged account. */
export function oweChallenge(challenge: { readonly id: string; readonly toAccount: string; readonly fromName: string; readonly ruleset: string }, at: number): NewNotification {
  const payload: NotificationPayload = { kind: "challenge_received", url: "/games", ruleset: challenge.ruleset, from: challenge.fromName };
  return { kind: "challenge_received", accountId: challenge.toAccount, matchId: null, causeSeq: null, dedupeKey: keyOf("challenge_received", challenge.id), payload, owedAt: at, dueAt: at };
}
