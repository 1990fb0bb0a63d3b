/**
 * Per-address throttles for express routes: a rate per client address (see
 * ../address-limits.ts, shared by the processes with Redis); over the limit, 429 `too_many_requests` with `Retry-After` (seconds) and
 * nothing done.
 */
import type { RequestHandler, Response } from "express";
import type { ClientLog } from "../client-log.js";
import type { AddressRate, JoinAttempt, JoinFailures } from "../address-limits.js";
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
 * `Retry-After`, before the route looks at any credential. It only reads the count: requests in
 * parallel all pass it before any of their failures is counted. A route checking a credential
 * should take {@link reserveJoin} instead.
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

/** Where {@link reserveJoin} keeps a request's attempt (`res.locals`). */
const ATTEMPT = "joinAttempt";

/**
 * A middleware taking one point of the address's failed-join budget for a request about to check
 * a credential (`JoinFailures.reserve`, atomic across processes with Redis): over the budget,
 * 429 `too_many_requests` with `Retry-After` and nothing done, so requests in parallel check no
 * more credentials than the budget allows. The point stays counted when the route calls
 * {@link failedJoin}; otherwise it is given back once the answer is sent (an answer never sent,
 * the connection cut first, keeps it).
 */
export function reserveJoin(failures: JoinFailures, clients: ClientLog, route: string): RequestHandler {
  return async (req, res, next) => {
    const address = stampedAddress(req.headers);
    const attempt = await failures.reserve(address);
    if (attempt.refusedFor > 0) {
      clients.mistake({ address, route }, "request refused: too many failed joins");
      return sendError(res, 429, "too_many_requests", attempt.refusedFor);
    }
    res.locals[ATTEMPT] = attempt;
    res.once("finish", () => void attempt.release());
    next();
  };
}

/**
 * Counts the request's attempt (taken by {@link reserveJoin}) as a failed join of its address.
 * Resolves once counted; never rejects. Without a reservation, does nothing.
 */
export function failedJoin(res: Response): Promise<void> {
  const attempt = res.locals[ATTEMPT] as JoinAttempt | undefined;
  return attempt ? attempt.fail() : Promise.resolve();
}
