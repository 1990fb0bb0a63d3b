/**
 * The credential model's derivations (docs/operating.md "Who holds what", docs/protocol.md "Invites and seat
 * tokens"). Per match the store keeps one secret (`tokenSecret`, never shown) and only hashes of
 * the rest:
 * - a seat's invite code is HMAC-SHA256 of the seat and its invite generation under the secret,
 *   so the host page can show an unclaimed invite again; it opens nothing by itself;
 * - a seat token is HMAC-SHA256 of the seat, the generation and the claiming client's claim key
 *   under the secret: the server stores the claim key's hash and the token's hash, so only the
 *   client holding the claim key can have the token again (a retried claim), never the host;
 * - the host token is HMAC-SHA256 of a fixed label under the secret; it opens no seat.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { hashToken } from "./room-auth.js";

/** 32 hex characters of HMAC-SHA256(secret, label). */
const derive = (secret: string, label: string): string => createHmac("sha256", secret).update(label).digest("hex").slice(0, 32);

/** A seat's invite code of generation `generation` (0 at creation, +1 per re-issue): 32 hex characters. */
export function inviteCode(secret: string, seat: string, generation: number): string {
  return derive(secret, `fogwar-invite:${seat}:${generation}`);
}

/** The seat token a claim with `claimKey` of the seat's invite `generation` issues: 32 hex characters. */
export function claimedToken(secret: string, seat: string, generation: number, claimKey: string): string {
  return derive(secret, `fogwar-seat-claim:${seat}:${generation}:${claimKey}`);
}

/** The match's host token: 32 hex characters. */
export function hostToken(secret: string): string {
  return derive(secret, "fogwar-host-token");
}

/** The hash under which a host token is stored. */
export const hashHostToken = (token: string): string => createHash("sha256").update(`fogwar-host:${token}`).digest("hex");

/** The hash under which a claim key is stored (never "bot" nor "legacy", the store's markers). */
export const hashClaimKey = (claimKey: string): string => createHash("sha256").update(`fogwar-claim-key:${claimKey}`).digest("hex");

/** The token hash of a seat whose invite is not claimed: of 128 random bits nobody is given. */
export const unheldTokenHash = (): string => hashToken(randomBytes(16).toString("hex"));

/** Whether two hex strings are equal, in time independent of where they differ. */
export function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A seat's invite link: the code travels in the fragment, which browsers never send to a server. */
export const inviteUrl = (publicUrl: string, matchId: string, seat: string, code: string): string => `${publicUrl}/play/${matchId}#seat=${seat}&invite=${code}`;
