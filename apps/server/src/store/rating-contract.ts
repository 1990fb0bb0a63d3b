/**
 * The rating store's contract: Glicko-2 ratings per account, ruleset and format, and what each
 * rated match changed (../ratings/). `MatchStore.ratings` is one. Times cross as ms since the epoch.
 */

/** Durable storage of ratings. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RatingStore {}

/** Every `RatingStore` method, for the wrappers that forward them all (errors, the embedded worker). */
export const RATING_METHODS = [] as const satisfies readonly (keyof RatingStore)[];
