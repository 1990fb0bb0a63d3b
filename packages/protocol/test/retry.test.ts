/**
 * The reconnection policy: which closes and refused joins a client retries, and the backoff.
 */
import { CLOSE_CODES, RETRY_MAX_DELAY_MS, RETRY_MIN_DELAY_MS, closeVerdict, joinErrorVerdict, protocolErrorNumber, retryDelay } from "../src";

describe("retryDelay", () => {
  test("doubles from 500 ms per attempt and stops at 15 s, without jitter", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((a) => retryDelay(a, () => 0))).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000, 15_000]);
    expect(retryDelay(0, () => 0)).toBe(RETRY_MIN_DELAY_MS);
    expect(retryDelay(Number.MAX_SAFE_INTEGER, () => 0)).toBe(RETRY_MAX_DELAY_MS);
  });

  test("jitter takes off at most a quarter, and a bad random source stays in range", () => {
    expect(retryDelay(3, () => 0.999999)).toBe(1500);
    expect(retryDelay(6, () => 0.5)).toBe(13_125);
    expect(retryDelay(2, () => 7)).toBe(750);
    expect(retryDelay(2, () => -1)).toBe(1000);
  });
});

describe("closeVerdict", () => {
  test.each([
    [1006, "connection_lost"],
    [1001, "connection_lost"],
    [1005, "connection_lost"],
    [4001, "server_restarting"],
    [4002, "connection_lost"],
    [4003, "connection_lost"],
    [4010, "connection_lost"],
    [4999, "connection_lost"],
  ])("close %i is retried (%s)", (code, name) => {
    expect(closeVerdict(code)).toMatchObject({ retry: true, code: name });
  });

  test.each([
    [CLOSE_CODES.replaced, "replaced"],
    [CLOSE_CODES.consented, "left"],
    [CLOSE_CODES.normal, "left"],
  ])("close %i is final (%s)", (code, name) => {
    expect(closeVerdict(code)).toMatchObject({ retry: false, code: name });
  });
});

describe("joinErrorVerdict", () => {
  const refused = (code: unknown) => Object.assign(new Error(String(code)), { code });

  test.each(["invalid_token", "unsupported_protocol", "bad_message", "spectators_full", "forbidden"] as const)("a join refused with %s is final", (name) => {
    expect(joinErrorVerdict(refused(protocolErrorNumber(name)))).toMatchObject({ retry: false, code: name });
  });

  test.each(["service_unavailable", "server_error", "too_many_requests", "rate_limited"] as const)("a join refused with %s is retried", (name) => {
    expect(joinErrorVerdict(refused(protocolErrorNumber(name)))).toMatchObject({ retry: true, code: name });
  });

  test("a room not found is retried while the server rebuilds its rooms, and asks to check the match", () => {
    expect(joinErrorVerdict(refused(522))).toEqual(expect.objectContaining({ retry: true, code: "room_not_found", checkMatch: true }));
  });

  test("network failures and server-side HTTP failures are retried; other HTTP refusals are final", () => {
    expect(joinErrorVerdict(refused("ECONNREFUSED"))).toMatchObject({ retry: true, code: "network_error" });
    expect(joinErrorVerdict(new TypeError("Failed to fetch"))).toMatchObject({ retry: true, code: "network_error" });
    expect(joinErrorVerdict(undefined)).toMatchObject({ retry: true, code: "network_error" });
    for (const code of [0, 429, 500, 502, 503, 524]) expect(joinErrorVerdict(refused(code))).toMatchObject({ retry: true, code: "server_restarting" });
    expect(joinErrorVerdict(refused(403))).toMatchObject({ retry: false, code: "join_refused" });
  });

  test("a join refused while the server starts (503 server_starting) is retried and says the server is starting, not that its database is down", () => {
    const starting = Object.assign(new Error("server_starting: The server is starting: try again in a moment."), { code: 503 });
    expect(joinErrorVerdict(starting)).toEqual({ retry: true, code: "server_starting", message: "The server is starting: try again in a moment." });
  });
});
