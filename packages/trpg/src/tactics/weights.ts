/**
 * How the TRPG bot's turn search (./turn.ts) weighs what it cannot count exactly, in wound units:
 * a level of the bot is a budget of work and a set of these weights.
 */

/** The search's weights (see {@link WEIGHTS} for each one's meaning). */
export interface SearchWeights {
  /** The threat a position is under (the opponents' expected damage on the actor there). */
  readonly threat: number;
  /** A part of what the actor could attack from there next turn. */
  readonly offense: number;
  /** How much concealment hides it from that threat. */
  readonly hidden: number;
  /** How much an opponent counts where it was last seen (not in view now). */
  readonly unseenFoe: number;
  /** A part of what a spotting roll may find. */
  readonly hunt: number;
  /** A part of the shot an overwatch (seed 002 3-1) may take when nothing can be shot now. */
  readonly overwatch: number;
}

/**
 * The default ("normal") weights: the threat counts low (the round limit makes a draw of a
 * cautious fight, and a draw is no win), half of the next turn's attack, most of concealment.
 */
export const WEIGHTS: SearchWeights = { threat: 0.12, offense: 0.5, hidden: 0.8, unseenFoe: 0.6, hunt: 0.8, overwatch: 0.25 };
