/**
 * The social store's contract: challenges to a named player and rematch offers, blocks between
 * players, and reports of matches or chat lines kept for an operator (../social/). `MatchStore.social`
 * is one. Times cross as ms since the epoch.
 */

/** Durable storage of challenges, blocks and reports. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SocialStore {}

/** Every `SocialStore` method, for the wrappers that forward them all (errors, the embedded worker). */
export const SOCIAL_METHODS = [] as const satisfies readonly (keyof SocialStore)[];
