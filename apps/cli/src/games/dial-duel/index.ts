/**
 * The dial-duel fixture ruleset (@fogwar/engine/testing) in the terminal tools: a local match
 * (./match.ts) when named with `--game dial-duel`. Unlisted: it proves a game joins the CLI by its
 * folder alone, and is not one of the games offered.
 */
import type { GameAdapter } from "../adapter";

/** The fixture's adapter. */
export const game: GameAdapter = { id: "dial-duel", unlisted: true, match: () => import("./match") };
