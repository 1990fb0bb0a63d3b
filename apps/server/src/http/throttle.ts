/**
 * Per-address throttles for express routes: a rate per client address (see
 * ../address-limits.ts, shared by the processes with Redis); over the limit, 429 `too_many_requests` with `Retry-After` (seconds) and
 * nothing done.
 */
import type { RequestHandler } from "express";
import type { ClientLog } from "../client-log.js";
import type { AddressRate, JoinFailures } from "../address-limits.js";
import { stampedAddress } from "../limits.js";
import { sendError } from "./gate.js";

/** A middleware counting each request in `rate`; `route` names it in the log. */
export function throttle(rate: AddressRate, clients: ClientLog, route: string): RequestHandler {
  return async (req, res, next) => {
    const address = stampedAddress(req.headers);
    const wait = await rate.admit(address);
    if (wait <= 0) return next();
    clients.mistake({ address, route }, "request refused: too many requests");
    sendError(res, 429, "too_many_requests", wait);
  };
}

/**
 * A middleware refusing an address that failed too many joins (../limits.ts `JoinFailures`:
 * wrong seat tokens, invite codes, host tokens, reconnections): 429 `too_many_requests` with
 * `Retry-After`, before the route looks at any credential.
 */
export function refuseBlocked(failures: JoinFailures, clients: ClientLog, route: string): RequestHandler {
  return async (req, res, next) => {
    const address = stampedAddress(req.headers);
    const blocked = await failures.blockedFor(address);
    if (blocked <= 0) return next();
    clients.mistake({ address, route }, "request refused: too many failed joins");
    sendError(res, 429, "too_many_requests", blocked);
  };
}
