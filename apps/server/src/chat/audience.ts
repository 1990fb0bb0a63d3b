/**
 * Who may hear a chat line, decided in one place. Every channel that carries chat (the live
 * socket, the join and reconnection backlog, `GET /api/matches/:id/chat`, the review) filters
 * lines with {@link mayHear} and offers tabs from {@link readable} and {@link writable}; nothing
 * else decides.
 *
 * The audiences (protocol `ChatAudience`):
 * - `players`: every seat hears it; spectators read it too (it is public speech);
 * - `team`: the seats of the speaker's team, in a team game whose team has two seats or more
 *   (the ruleset's `teamOf`): never the other team, never spectators;
 * - `spectators`: spectators only. No seat ever hears it, not even after the match while its
 *   room is open: only the review of a finished match (through the REST API) shows it to all.
 *
 * Spectator delay: with a delayed caster feed (match option `spectatorDelay` > 0) a spectator
 * hears a `players` line only once the caster feed has reached the log position the line was
 * said at (`line.seq <= horizon`). Players' talk is about the live board; released with the
 * delayed board it cannot be lined up against the omniscient caster view ahead of time (a
 * player's "where did that come from?" next to a caster view that shows what is coming), and a
 * spectator never reads the players reacting to moves it has not seen yet.
 */
import type { ChatAudience } from "@fogwar/protocol";
import type { AnyRuleset } from "../hosts/index.js";

/** Someone who hears chat: a seat, a live spectator, or the review of a finished match. */
export type ChatListener = { readonly kind: "seat"; readonly seat: string } | { readonly kind: "spectator" } | { readonly kind: "review" };

/** The part of a line that decides who hears it. */
export interface Audible {
  readonly audience: ChatAudience;
  /** The team of a `team` line, else null. */
  readonly team: string | null;
  /** The match's last log sequence number when the line was said. */
  readonly seq: number;
}

/**
 * A match's seats and their chat teams: `teams.get(seat)` is the seat's team when the ruleset
 * gives it one shared with at least one other seat; absent otherwise (no team chat).
 */
export interface ChatRoster {
  readonly seats: readonly string[];
  readonly teams: ReadonlyMap<string, string>;
}

/** The roster of a match: its seats, with teams from the ruleset's `teamOf(state, seat)`. */
export function rosterOf(ruleset: AnyRuleset, state: unknown, seats: readonly string[]): ChatRoster {
  const teamOf = new Map<string, string>();
  for (const seat of seats) {
    const team = ruleset.teamOf?.(state, seat);
    if (team !== undefined) teamOf.set(seat, team);
  }
  const teams = new Map<string, string>();
  for (const [seat, team] of teamOf) {
    if ([...teamOf.values()].filter((t) => t === team).length >= 2) teams.set(seat, team);
  }
  return { seats: [...seats], teams };
}

/** The audiences a listener hears, in tab order. */
export function readable(listener: ChatListener, roster: ChatRoster): ChatAudience[] {
  switch (listener.kind) {
    case "review":
      return ["players", "team", "spectators"];
    case "spectator":
      return ["players", "spectators"];
    case "seat":
      return roster.teams.has(listener.seat) ? ["players", "team"] : ["players"];
  }
}

/** The audiences a listener may post to: a seat its own, a spectator `spectators` only, a review none. */
export function writable(listener: ChatListener, roster: ChatRoster): ChatAudience[] {
  return listener.kind === "spectator" ? ["spectators"] : listener.kind === "seat" ? readable(listener, roster) : [];
}

/**
 * Whether `listener` may hear `line`. `horizon`: for spectators of a match with a delayed caster
 * feed, the caster feed's log sequence number (a `players` line said after it is held back);
 * null without a delay.
 */
export function mayHear(line: Audible, listener: ChatListener, roster: ChatRoster, horizon: number | null): boolean {
  switch (listener.kind) {
    case "review":
      return true;
    case "seat":
      if (line.audience === "players") return true;
      return line.audience === "team" && line.team !== null && roster.teams.get(listener.seat) === line.team;
    case "spectator":
      if (line.audience === "spectators") return true;
      return line.audience === "players" && (horizon === null || line.seq <= horizon);
  }
}
