/**
 * Claiming seats as a player's client does (docs/protocol.md "Invites and seat tokens"): a match's
 * creation answers an invite per seat; each invite is claimed once, with a random claim key the
 * client keeps, for the seat's token. A claim retried with the same key (its answer was lost)
 * gets the same token.
 */
import { randomBytes } from "node:crypto";
import type { ClaimSeatResponse, CreatedSeat, CreateMatchResponse } from "@fogwar/protocol";

/** A new random claim key: 22 base64url characters (128 random bits). */
export const newClaimKey = (): string => randomBytes(16).toString("base64url");

/** A refused or failed claim: the HTTP status (0 when no answer came) and the error code. */
export class ClaimError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = "ClaimError";
  }
}

/**
 * Claims `seat`'s invite of match `matchId` with `claimKey` (`POST /api/matches/:id/seats/:seat/claim`).
 * @returns the seat token. @throws ClaimError (status 0 when the request got no answer).
 */
export async function claimInvite(base: string, matchId: string, seat: string, invite: string, claimKey: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${base}/api/matches/${matchId}/seats/${encodeURIComponent(seat)}/claim`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ invite, claimKey }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    throw new ClaimError(0, undefined, `claim of ${seat}: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => null)) as (ClaimSeatResponse & { error?: { code: string; message: string } }) | null;
  if (!response.ok || !body?.token) throw new ClaimError(response.status, body?.error?.code, `claim of ${seat}: ${response.status} ${body?.error?.code ?? ""}: ${body?.error?.message ?? ""}`);
  return body.token;
}

/** A created match whose people's seats are all claimed: each seat with its token. */
export type ClaimedMatch = Omit<CreateMatchResponse, "seats"> & { seats: (CreatedSeat & { token: string })[] };

/**
 * Claims every unclaimed seat of a creation's answer (each with a new claim key), as the seats'
 * players would. @returns the answer with each seat's token. @throws ClaimError.
 */
export async function claimAll(base: string, created: CreateMatchResponse): Promise<ClaimedMatch> {
  const seats: (CreatedSeat & { token: string })[] = [];
  for (const seat of created.seats) {
    if (seat.token) seats.push({ ...seat, token: seat.token });
    else if (seat.invite) seats.push({ ...seat, token: await claimInvite(base, created.matchId, seat.seat, seat.invite, newClaimKey()) });
    else throw new ClaimError(409, "invite_claimed", `seat ${seat.seat} is claimed already and this client holds no token for it`);
  }
  return { ...created, seats };
}
