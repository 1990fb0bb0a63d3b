/**
 * The REST API's error: answered as `{ error: { code, message, details? } }` with `status` by the
 * API's error handler (http.ts). `code` is a protocol error code or a lobby problem code.
 */
export class ApiError extends Error {
  constructor(
    /** The HTTP status (4xx/5xx). */
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra JSON the body carries (e.g. zod issues), never secrets. */
    readonly details?: unknown,
  ) {
    super(message);
  }
}
