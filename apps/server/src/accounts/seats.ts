/**
 * The seats that belong to an account (docs/operating.md "Who holds what"). When a signed-in
 * player (a guest too) claims a seat's invite, or creates a match, the seat's claim key is not
 * the browser's own but derived from the account's secret: HMAC-SHA256(seat secret, match and
 * seat). The seat token is then ../invites.ts `claimedToken` of that key, which the server can
 * derive again for that account alone, on any device it signs in from. The host never holds it;
 * another account cannot derive it (the secret is the account's, never shown).
 */
import { createHmac } from "node:crypto";
import type { AccountRecord } from "../store/index.js";

/** The claim key an account claims a seat of a match with: 43 base64url characters. */
export function accountClaimKey(account: Pick<AccountRecord, "seatSecret">, matchId: string, seat: string): string {
  return createHmac("sha256", account.seatSecret).update(`fogwar-account-seat:${matchId}:${seat}`).digest("base64url");
}
