/**
 * A guest who signs in to an account they had already keeps playing: the guest's seats move to
 * that account (docs/operating.md "Accounts"). Each seat's token is derived anew for the account
 * (./seats.ts), so the account opens it from any device; the guest's token stops opening it, and
 * the guest account, left without seats or sessions, is deleted.
 */
import { randomBytes } from "node:crypto";
import { claimedToken, hashClaimKey } from "../invites.js";
import { hashToken } from "../room-auth.js";
import type { AccountRecord, MatchStore, SeatAdoption } from "../store/index.js";
import { accountClaimKey } from "./seats.js";

/**
 * Moves every seat of `guest` (a guest account) to `member`, then deletes the guest account.
 * @returns how many seats moved. Store errors pass through (nothing moved then).
 */
export async function adoptGuestSeats(store: MatchStore, guest: AccountRecord, member: AccountRecord): Promise<number> {
  if (guest.kind !== "guest" || guest.id === member.id) return 0;
  const held = await store.accounts.accountSeats(guest.id, { limit: 500 });
  const moves: SeatAdoption[] = [];
  for (const seat of held) {
    const secret = (await store.inviteAccess(seat.matchId))?.tokenSecret;
    if (!secret) continue;
    const claimKey = accountClaimKey(member, seat.matchId, seat.seat);
    moves.push({ matchId: seat.matchId, seat: seat.seat, generation: seat.generation, tokenHash: hashToken(claimedToken(secret, seat.seat, seat.generation, claimKey)), claimKeyHash: hashClaimKey(claimKey) });
  }
  const moved = await store.accounts.adoptSeats(guest.id, member.id, moves);
  await store.accounts.deleteAccount(guest.id, `player-${randomBytes(5).toString("hex")}`);
  return moved;
}
