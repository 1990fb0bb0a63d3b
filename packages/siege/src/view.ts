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
import { redactEvent, type EventEnvelope, type Viewer } from "@fogwar/engine";
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

/** The single definition of what `viewer` may know of `state`. */
export function viewFor(state: SiegeState, viewer: Viewer): SiegeView {
  const { server, hidden, ...open } = structuredClone(state);
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
