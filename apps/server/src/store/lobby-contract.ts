/**
 * The lobby store's contract: seeks (quick pairing), challenges and rematch offers, blocks and
 * reports (../lobby/). `MatchStore.lobby` is one. Times cross as ms since the epoch.
 */

/** Durable storage of the lobby's seeks, challenges, blocks and reports. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LobbyStore {}

/** Every `LobbyStore` method, for the wrappers that forward them all (errors, the embedded worker). */
export const LOBBY_METHODS = [] as const satisfies readonly (keyof LobbyStore)[];
