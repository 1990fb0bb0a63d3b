/**
 * What each viewer may know of a Siege match (design.md principle 4). Secrets while a match runs:
 * - which secret token of each hidden defence operator is real (`hidden.real`): the defence team
 *   (its seats and its team viewer) and omniscient viewers only (seed 004 "비밀 오퍼레이터");
 * - each team's pick until both teams have picked (`hidden.picks`): that team only (seed 004 "팀 준비");
 * - the dice seed and RNG state (`server`): nobody; the seed is shown once the match is over.
 * - where the secret tokens are while the defence is still placing them: the defence only; the
 *   attack and spectators see all ten at once, in id order, when the defence ends its setup (so
 *   the order in which the defence placed them tells nothing).
 * Everything else (token ids, places and watches, in id order) is public.
 */
import { clonePlain, omniscient, redactEvent, spectator, type EventEnvelope, type Viewer } from "@fogwar/engine";
import type { Team } from "./data";
import { teamOfSeat, type Board } from "./query";
import type { SiegeEvent, SiegeState } from "./types";

/**
 * A viewer's projection: the state without `server`, with `hidden` cut down to what the viewer
 * may know, plus the seed once the match is over. Same shape as the state the checks read, so
 * `legalCommandsInView` runs the rules on it.
 */
export type SiegeView = Board & {
  /** The dice seed, once the match has ended (for verification). */
  readonly seed?: string;
};

/** The team a viewer knows the secrets of (null: none; "all" for omniscient viewers). */
export function viewerTeam(state: Pick<SiegeState, "teams">, viewer: Viewer): Team | "all" | null {
  if (viewer.kind === "omniscient") return "all";
  if (viewer.kind === "team") return viewer.team === "attack" || viewer.team === "defence" ? viewer.team : null;
  if (viewer.kind === "seat") return teamOfSeat(state, viewer.seat) ?? null;
  return null;
}

/** The single definition of what `viewer` may know of `state` (a copy the caller may change). */
export function viewFor(state: SiegeState, viewer: Viewer): SiegeView {
  return clonePlain(sharedViewFor(state, viewer));
}

/**
 * {@link viewFor} without the copy (the engine's `sharedViewFor`): what the viewer sees unchanged
 * is `state`'s own objects; only `hidden` (and the token list while hidden) is new. Read-only.
 */
export function sharedViewFor(state: SiegeState, viewer: Viewer): SiegeView {
  const { server, hidden, ...open } = state;
  const team = viewerTeam(state, viewer);
  const knows = (t: Team) => team === "all" || team === t;
  const placing = state.phase === "picks" || state.phase === "defence_setup";
  return {
    ...open,
    tokens: placing && !knows("defence") ? [] : open.tokens,
    hidden: {
      real: knows("defence") ? hidden.real : {},
      picks: { attack: knows("attack") ? hidden.picks.attack : null, defence: knows("defence") ? hidden.picks.defence : null },
    },
    ...(state.phase === "finished" ? { seed: server.seed } : {}),
  };
}

/**
 * What `viewer` sees of an event envelope: team secrets (the defence's `token_placed`) travel with
 * a team audience that names the team's seats, so seats and the team viewer are recognised
 * without the match state; everyone else gets the shadow.
 */
export function redact(envelope: EventEnvelope<SiegeEvent>, viewer: Viewer): SiegeEvent | null {
  return redactEvent(envelope, viewer);
}

/**
 * Whether a fact about `operator` is still secret in the live match: its realness while it is
 * hidden there (an operator not yet in play, before the picks are revealed, counts as hidden).
 * Nothing is secret once the match is over.
 */
const secretLive = (live: SiegeState, operator: string): boolean => live.phase !== "finished" && (live.operators[operator]?.hidden ?? true);

/**
 * The caster feed of a match with a spectator delay: the omniscient view of the `delayed` state,
 * less what is still secret in the `live` match (design.md principle 4; seed 004 "비밀 오퍼레이터",
 * "팀 준비"). Siege's secrets outlive a round: a token keeps its id until its operator is revealed,
 * so the delayed `hidden.real` of an operator still hidden live would tell which of its live tokens
 * is real. So the feed shows:
 * - `hidden.real` only for operators no longer hidden in the live match (revealed there, so the
 *   live `revealed` event has already told everyone which token was real);
 * - a team's secret pick only once the live match has revealed both picks;
 * - while the delayed state is in the defence's setup, only the tokens of operators no longer
 *   hidden live (the order in which the others were placed stays secret);
 * - everything (with the seed) once the live match is over.
 * Built like {@link sharedViewFor}: it shares the delayed state's objects, so it is read-only.
 */
export function casterViewFor(delayed: SiegeState, live: SiegeState): SiegeView {
  const full = sharedViewFor(delayed, omniscient);
  if (live.phase === "finished") return full;
  const placing = delayed.phase === "picks" || delayed.phase === "defence_setup";
  const shownPick = (t: Team) => (live.picks[t].choice !== null ? full.hidden.picks[t] : null);
  return {
    ...full,
    tokens: placing ? full.tokens.filter((t) => !secretLive(live, t.operator)) : full.tokens,
    hidden: {
      real: Object.fromEntries(Object.entries(full.hidden.real).filter(([op]) => !secretLive(live, op))),
      picks: { attack: shownPick("attack"), defence: shownPick("defence") },
    },
  };
}

/**
 * A delayed entry's event on the caster feed, by the rule of {@link casterViewFor}: the defence's
 * `token_placed` (with `real`) only for an operator no longer hidden in the live match, else its
 * shadow; public events as they are; everything once the live match is over.
 */
export function casterRedact(envelope: EventEnvelope<SiegeEvent>, live: SiegeState): SiegeEvent | null {
  const full = redactEvent(envelope, omniscient);
  if (live.phase === "finished" || envelope.audience.kind === "everyone") return full;
  if (full?.type === "token_placed" && !secretLive(live, full.operator)) return full;
  return redactEvent(envelope, spectator);
}
