/**
 * The props every ruleset's table view takes from plain data: no connection here; the ruleset's
 * table route feeds them from `useRulesetTable`, tests and the review page feed them states made
 * by the engine. `V` is the ruleset's view, `C` its command, `E` its event.
 */
import type { ReactNode } from "react";
import type { BotSeats } from "./BotNote";

/** One entry of the event feed: the events one command (or setup) produced, as the viewer sees them. */
export interface EventBatch<E> {
  readonly seq: number;
  readonly events: readonly E[];
}

/** What a screen of the table is given: the projection, the seat and its commands, the events. */
export interface TableScreenProps<V, C, E> {
  readonly view: V;
  /** The viewer's seat; null for a spectator. */
  readonly seat: string | null;
  /** The seat's legal commands on `view` (none for a spectator). */
  readonly legal: readonly C[];
  readonly onCommand: (command: C) => void;
  /** The feed shown, oldest first. */
  readonly events: readonly EventBatch<E>[];
  /** Shown above the table (connection status, caster switch). */
  readonly banner?: ReactNode;
  /** The last refusal, in words. */
  readonly notice?: string | null;
}

/** What a whole table view is given: a screen's props, the match id, the clocks and the bot seats. */
export interface TableViewProps<V, C, E> extends TableScreenProps<V, C, E> {
  readonly matchId: string;
  /** The clocks (`ClockPanel`), shown at the top of the action bar. */
  readonly clock?: ReactNode;
  /**
   * Leaving the match (`AbandonmentPanel`: the claim offer and Concede), shown under the clocks in
   * the action bar, or where the action bar would be in a phase without one (a muster); absent
   * for spectators' and reviews' views.
   */
  readonly abandonment?: ReactNode;
  /** Seats the server's bot plays (seat to level), for the bot note. */
  readonly bots?: BotSeats;
}
