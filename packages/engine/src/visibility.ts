/**
 * Who may know what (design.md principle 4). Every hidden fact has an {@link Audience}; a
 * {@link Viewer} either belongs to it or not. Rulesets build `viewFor(state, viewer)` from these
 * helpers, and events travel in {@link EventEnvelope}s that {@link redactEvent} filters, so the
 * state projection, the event stream and the history API all answer the same question the same way.
 */

/** A seat at the table (a player slot), for example `"p1"`. */
export type SeatId = string;
/** A team of seats (2 v 2 games, Siege's attack and defence). */
export type TeamId = string;

/**
 * Someone looking at a match:
 * - `seat`: one player, who knows what their seat knows (and, in team games, what their team knows);
 * - `team`: a team's shared knowledge (for team-wide feeds);
 * - `spectator`: public information only;
 * - `omniscient`: everything the rules track (a finished match's review, a game master, a delayed
 *   caster feed). Server-only secrets that would predict the future (the RNG state) are still
 *   withheld by rulesets until the match ends.
 */
export type Viewer =
  | { readonly kind: "seat"; readonly seat: SeatId }
  | { readonly kind: "team"; readonly team: TeamId }
  | { readonly kind: "spectator" }
  | { readonly kind: "omniscient" };

export const spectator: Viewer = { kind: "spectator" };
export const omniscient: Viewer = { kind: "omniscient" };
export const seatViewer = (seat: SeatId): Viewer => ({ kind: "seat", seat });
export const teamViewer = (team: TeamId): Viewer => ({ kind: "team", team });

/**
 * The set of viewers entitled to a fact:
 * - `everyone`: public;
 * - `seats`: these seats (and omniscient viewers);
 * - `teams`: every seat of these teams, the team viewers themselves (and omniscient viewers);
 *   `seats`, when given, names the teams' seats, so seat viewers are recognised without a
 *   {@link TeamOf} (events redacted without the match state);
 * - `server`: nobody but omniscient viewers.
 */
export type Audience =
  | { readonly kind: "everyone" }
  | { readonly kind: "seats"; readonly seats: readonly SeatId[] }
  | { readonly kind: "teams"; readonly teams: readonly TeamId[]; readonly seats?: readonly SeatId[] }
  | { readonly kind: "server" };

export const everyone: Audience = { kind: "everyone" };
export const serverOnly: Audience = { kind: "server" };
export const onlySeats = (...seats: SeatId[]): Audience => ({ kind: "seats", seats });
export const onlyTeams = (...teams: TeamId[]): Audience => ({ kind: "teams", teams });
/** One team with its member seats named (recognised without a {@link TeamOf}). */
export const teamAudience = (team: TeamId, seats: readonly SeatId[]): Audience => ({ kind: "teams", teams: [team], seats: [...seats] });

/** Maps a seat to its team, for team audiences. Seats without a team map to `undefined`. */
export type TeamOf = (seat: SeatId) => TeamId | undefined;
const noTeams: TeamOf = () => undefined;

/** Whether `viewer` may know a fact whose audience is `audience`. */
export function canSee(audience: Audience, viewer: Viewer, teamOf: TeamOf = noTeams): boolean {
  if (viewer.kind === "omniscient") return true;
  switch (audience.kind) {
    case "everyone":
      return true;
    case "server":
      return false;
    case "seats":
      return viewer.kind === "seat" && audience.seats.includes(viewer.seat);
    case "teams": {
      if (viewer.kind === "team") return audience.teams.includes(viewer.team);
      if (viewer.kind !== "seat") return false;
      if (audience.seats?.includes(viewer.seat)) return true;
      const team = teamOf(viewer.seat);
      return team !== undefined && audience.teams.includes(team);
    }
  }
}

/** A value with an audience: what the rules know, and who may be told. */
export interface Hidden<T> {
  readonly audience: Audience;
  readonly value: T;
}

/** `hidden.value` when the viewer may know it, else `undefined`. */
export function reveal<T>(hidden: Hidden<T>, viewer: Viewer, teamOf?: TeamOf): T | undefined {
  return canSee(hidden.audience, viewer, teamOf) ? hidden.value : undefined;
}

/**
 * An event as a ruleset produces it: the full `event` for its `audience`, and optionally the
 * `shadow` that everyone else sees instead (for example "p2 locked a plan" for "p2 set dials
 * 3, 1, 5"). Without a shadow, viewers outside the audience see nothing.
 */
export interface EventEnvelope<E> {
  readonly audience: Audience;
  readonly event: E;
  readonly shadow?: E;
}

/** A public event, seen by everyone. */
export const publicEvent = <E>(event: E): EventEnvelope<E> => ({ audience: everyone, event });

/**
 * What `viewer` sees of an event: the event itself, its shadow, or `null` (nothing at all).
 */
export function redactEvent<E>(envelope: EventEnvelope<E>, viewer: Viewer, teamOf?: TeamOf): E | null {
  if (canSee(envelope.audience, viewer, teamOf)) return envelope.event;
  return envelope.shadow ?? null;
}

/** Every viewer worth checking for a match with these seats and teams (for no-leak tests). */
export function allViewers(seats: readonly SeatId[], teams: readonly TeamId[] = []): Viewer[] {
  return [
    ...seats.map(seatViewer),
    ...teams.map(teamViewer),
    spectator,
    omniscient,
  ];
}

/** A readable label for a viewer, for logs and test names: `seat:p1`, `spectator`, ... */
export function viewerLabel(viewer: Viewer): string {
  switch (viewer.kind) {
    case "seat":
      return `seat:${viewer.seat}`;
    case "team":
      return `team:${viewer.team}`;
    default:
      return viewer.kind;
  }
}
