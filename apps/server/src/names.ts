/**
 * How a request refused by its schema is answered when a name is at fault: names have one
 * schema (`PlayerName` in packages/protocol/src/names.ts) and one error code, `invalid_name`, on
 * every channel a name enters by (the creation of a match, a join).
 */
import { PROTOCOL_ERRORS, refusedName, type ProtocolErrorCode } from "@fogwar/protocol";
import { ApiError } from "./api-error.js";

/** A zod error's issues as a REST error's `details`: `[{ path: "players.0.name", message }]`. */
type Issues = { readonly issues: readonly { readonly code: string; readonly path: readonly PropertyKey[]; readonly message: string; readonly params?: unknown }[] };

/**
 * The REST error for a body its schema refused: 400 `invalid_name` (with the protocol's message)
 * when a name holds a character names refuse, else 400 `bad_request` with `message`; the issues
 * are its details either way.
 */
export function bodyError(error: Issues, message: string): ApiError {
  const details = error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  return refusedName(error) ? new ApiError(400, "invalid_name", PROTOCOL_ERRORS.invalid_name.message, details) : new ApiError(400, "bad_request", message, details);
}

/** The join refusal for options their schema refused: `invalid_name` when a name is at fault, else `bad_message`. */
export function joinOptionsError(error: Issues): ProtocolErrorCode {
  return refusedName(error) ? "invalid_name" : "bad_message";
}
