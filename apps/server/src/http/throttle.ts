/**
 * Per-address throttles for express routes: a token bucket per client address (see
 * ../limits.ts); over the limit, 429 `too_many_requests` with `Retry-After` (seconds) and
 * nothing done.
 */
import type { RequestHandler } from "express";
import type { ClientLog } from "../client-log.js";
import { stampedAddress, type JoinFailures } from "../limits.js";
import type { RateLimiter } from "../rate-limit.js";
import { sendError } from "./gate.js";

/** A middleware taking one token from `bucket` per request; `route` names it in the log. */
export function throttle(bucket: RateLimiter, clients: ClientLog, route: string): RequestHandler {
  return (req, res, next) => {
    const address = stampedAddress(req.headers);
    if (bucket.take(address)) return next();
    clients.mistake({ address, route }, "request refused: too many requests");
    sendError(res, 429, "too_many_requests", bucket.retryAfterMs(address));
  };
}

/**
 * A middleware refusing an address that failed too many joins (../limits.ts `JoinFailures`:
 * wrong seat tokens, invite codes, host tokens, reconnections): 429 `too_many_requests` with
 * `Retry-After`, before the route looks at any credential.
 */
export function refuseBlocked(failures: JoinFailures, clients: ClientLog, route: string): RequestHandler {
  return (req, res, next) => {
    const address = stampedAddress(req.headers);
    const blocked = failures.blockedFor(address);
    if (blocked <= 0) return next();
    clients.mistake({ address, route }, "request refused: too many failed joins");
    sendError(res, 429, "too_many_requests", blocked);
  };
}
