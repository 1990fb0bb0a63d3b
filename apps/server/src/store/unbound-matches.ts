/**
 * The live matches with no seat bound to an account, known for certain only where the store is
 * the database's sole writer: the embedded database, whose folder one server process locks and
 * whose one connection is that store's (./embedded.ts). There a seat is bound to an account only
 * through that store's `createMatch` (a seat created with one) or `claimInvite` (claimed with
 * one); so a match it created with every seat unbound stays so until it binds one. An entry of
 * such a match owes a seat nothing (the owing statement stores only rows of a bound seat:
 * ./drizzle-notifications.ts `oweStatement`), so the append leaves the owing out of its statement,
 * which on PGlite is about half a millisecond of CPU per command less.
 *
 * Matches it did not create (opened after a restart, or created elsewhere) are not known: their
 * appends owe as usual. On PostgreSQL nothing is known (other processes bind seats too).
 */
import type { NewNotification } from "./notification-contract.js";

/** The set, kept by one `DrizzleMatchStore` over a database it alone writes. */
export class UnboundMatches {
  private readonly ids = new Set<string>();

  /** A match was created with these seats (`accountId` set: bound). */
  created(matchId: string, seats: readonly { readonly accountId?: string | null }[]): void {
    if (seats.every((s) => !s.accountId)) this.ids.add(matchId);
  }

  /** A seat of the match may have been bound (call before the binding write starts). */
  bound(matchId: string): void {
    this.ids.delete(matchId);
  }

  /** The match ended: no more appends to know about. */
  ended(matchId: string): void {
    this.ids.delete(matchId);
  }

  /**
   * What of `notify` an entry of `matchId` can owe: all of it, unless the match is known unbound;
   * then only the notifications naming an account themselves (none of a seat).
   */
  owable(matchId: string, notify: readonly NewNotification[] | undefined): readonly NewNotification[] | undefined {
    if (!notify || !this.ids.has(matchId)) return notify;
    const named = notify.filter((n) => n.accountId);
    return named.length > 0 ? named : undefined;
  }
}
