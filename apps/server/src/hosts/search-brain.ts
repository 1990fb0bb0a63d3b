/**
 * The brain of a search bot, shared by the hosts whose bots search (EMBER, Siege, the TRPG): the
 * ruleset's search picks a command from the seat's view; a random bot under the ruleset's bot
 * policy, seeded `${seed}:fallback`, picks among the legal commands when the search fails.
 */
import { RandomBot, type BotPolicy, type SeatId } from "@fogwar/engine";
import type { Brain } from "./contract.js";

/** What a search brain is built of: the ruleset's legal commands from a view, its search, its bot policy. */
export interface SearchBrainParts<V, C extends { type: string }> {
  /** The commands `seat` may send in the position `view` shows (empty: not its move). */
  legal(view: V, seat: SeatId): C[];
  /** The ruleset's search bot, already seeded and given its budget. */
  search: { choose(view: V, seat: SeatId): C | null };
  policy: BotPolicy<C>;
  /** Whether `seat` is awaited in `view`, without listing its commands (optional). */
  awaits?(view: V, seat: SeatId): boolean;
}

/** A brain for `seat` searching with `parts`; `seed` seeds its fallback random bot. */
export function searchBrain<V, C extends { type: string }>(seat: SeatId, seed: string, parts: SearchBrainParts<V, C>): Brain {
  const random = new RandomBot<C>(`${seed}:fallback`, parts.policy);
  const { legal, search, awaits } = parts;
  return {
    legal: (view) => legal(view as V, seat),
    ...(awaits ? { awaits: (view: unknown) => awaits(view as V, seat) } : {}),
    choose: (view) => search.choose(view as V, seat),
    fallback: (view) => random.choose(legal(view as V, seat)),
  };
}
