/**
 * The store's parts beyond matches: each is an interface of its own (a contract file), one
 * drizzle implementation over the match store's database, and the list of its methods, from which
 * the embedded store's worker forwarding and the error cleaning are made (./embedded.ts,
 * ./pglite-worker.ts, ./errors.ts). Adding a method: declare it in the contract and list it there.
 */
import { ACCOUNT_METHODS, type AccountStore } from "./account-contract.js";
import { LOBBY_METHODS, type LobbyStore } from "./lobby-contract.js";
import { NOTIFICATION_METHODS, type NotificationStore } from "./notification-contract.js";
import { PUSH_METHODS, type PushStore } from "./push-contract.js";
import { RATING_METHODS, type RatingStore } from "./rating-contract.js";
import { SOCIAL_METHODS, type SocialStore } from "./social-contract.js";

/** The parts and their interfaces. */
export interface StoreParts {
  readonly accounts: AccountStore;
  readonly lobby: LobbyStore;
  readonly notifications: NotificationStore;
  readonly push: PushStore;
  readonly ratings: RatingStore;
  readonly social: SocialStore;
}

/** Each part's methods. */
export const STORE_PARTS: { readonly [P in keyof StoreParts]: readonly (keyof StoreParts[P])[] } = {
  accounts: ACCOUNT_METHODS,
  lobby: LOBBY_METHODS,
  notifications: NOTIFICATION_METHODS,
  push: PUSH_METHODS,
  ratings: RATING_METHODS,
  social: SOCIAL_METHODS,
};

/** A part's name. */
export type StorePart = keyof StoreParts;

/** A part's method as the embedded store's worker names it: `<part>.<method>`. */
export type PartMethod = { [P in StorePart]: `${P}.${Extract<keyof StoreParts[P], string>}` }[StorePart];

/** Builds every part from one function per part's method (forwarders, wrappers). */
export function buildParts(method: (part: StorePart, name: string) => (...args: unknown[]) => Promise<unknown>): StoreParts {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [part, names] of Object.entries(STORE_PARTS) as [StorePart, readonly string[]][]) {
    out[part] = Object.fromEntries(names.map((name) => [name, method(part, name)]));
  }
  return out as unknown as StoreParts;
}

/** Calls `<part>.<method>` on `parts`. */
export function callPart(parts: StoreParts, qualified: string, args: readonly unknown[]): Promise<unknown> {
  const [part, name] = qualified.split(".") as [StorePart, string];
  const target = parts[part] as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  return target[name]!.apply(target, args as unknown[]);
}
