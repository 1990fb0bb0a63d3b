/**
 * Who may join a match room (docs/protocol.md "Joining"): the join options' shape and protocol
 * version, the per-address failure block and spectator cap, and the seat token, checked before
 * the WebSocket join completes. Refusals are `ServerError`s whose code is 4000 plus the protocol
 * error's index (the client reads the protocol code from the message).
 */
import { createHash } from "node:crypto";
import { ServerError, type AuthContext } from "@colyseus/core";
import { JoinOptions, PROTOCOL_ERRORS, PROTOCOL_VERSION, type ProtocolErrorCode } from "@fogwar/protocol";
import type { ClientLog } from "./client-log.js";
import { stampedAddress, type Limits } from "./limits.js";
import { joinOptionsError } from "./names.js";
import type { MatchStore } from "./store/index.js";
import type { Audience } from "./sync/projector.js";

/** The hash under which a seat's invite token is stored. */
export const hashToken = (token: string): string => createHash("sha256").update(`fogwar-seat:${token}`).digest("hex");

/** A refused join or message as Colyseus carries it: code 4000 + the protocol error's index. */
export function authError(code: ProtocolErrorCode): ServerError {
  return new ServerError(4000 + Object.keys(PROTOCOL_ERRORS).indexOf(code), `${code}: ${PROTOCOL_ERRORS[code].message}`);
}

/** What a room's join check needs to know. */
export interface JoinCheck {
  readonly matchId: string;
  readonly over: boolean;
  readonly spectators: number;
  readonly store: MatchStore;
  readonly limits: Limits;
  readonly clients: ClientLog;
}

/** Who a join is: its audience, the name it gave, and its address (for limits and chat). */
export type Joiner = Audience & { readonly name: string | null; readonly address: string };

/**
 * Checks a join: the address is not blocked for failed joins, the options parse, the protocol
 * matches, the match is not over, a spectator fits under the cap, a player's token opens a seat.
 * The join takes its point of the address's failure budget before anything is checked
 * (`JoinFailures.reserve`), so a burst of joins in parallel checks no more than the budget allows;
 * a join that does not fail gives its point back.
 * @throws ServerError (`authError`) with `too_many_requests`, `bad_message`, `invalid_name` (a
 *   name with a character names refuse),
 * `unsupported_protocol`, `match_over`, `spectators_full`, `service_unavailable` (the store could
 * not be read) or `invalid_token`. Every refusal but `too_many_requests`, `spectators_full`,
 * `match_over` and `service_unavailable` counts as a failed join of the address.
 */
export async function checkJoin(check: JoinCheck, rawOptions: unknown, context: AuthContext): Promise<Joiner> {
  const address = stampedAddress(context.headers);
  const attempt = await check.limits.joinFailures.reserve(address);
  const refuse = (code: ProtocolErrorCode): ServerError => {
    if (code !== "too_many_requests" && code !== "spectators_full") void attempt.fail();
    else void attempt.release();
    check.clients.mistake({ address, matchId: check.matchId, code }, "join refused");
    return authError(code);
  };
  const pass = <T>(joiner: T): T => {
    void attempt.release();
    return joiner;
  };
  if (attempt.refusedFor > 0) throw refuse("too_many_requests");
  const parsed = JoinOptions.safeParse(rawOptions);
  if (!parsed.success) throw refuse(joinOptionsError(parsed.error));
  const options = parsed.data;
  if (options.protocol !== PROTOCOL_VERSION) throw refuse("unsupported_protocol");
  // A finished match takes no new connections (its room closes once its clients have left).
  if (check.over) throw pass(authError("match_over"));
  if (options.role === "spectator") {
    if (check.spectators >= check.limits.settings.maxSpectators) throw refuse("spectators_full");
    return pass({ role: "spectator", name: options.name ?? null, address });
  }
  const seat = await check.store.seatForToken(check.matchId, hashToken(options.token)).catch(() => {
    throw pass(authError("service_unavailable"));
  });
  if (!seat) throw refuse("invalid_token");
  return pass({ role: "player", seat, name: options.name ?? null, address });
}
