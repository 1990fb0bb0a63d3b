/**
 * The pieces of the per-client limits: the client address (X-Forwarded-For only with trusted
 * proxy hops), failed-join blocking, the token bucket's Retry-After and bounded memory, and the
 * settings read from the environment.
 */
import type { IncomingMessage } from "node:http";
import { clientAddress, resolveLimits, DEFAULT_LIMITS } from "../src/limits";
import { JoinFailures } from "../src/address-limits";
import { limitsFromEnv } from "../src/config";
import { RateLimiter } from "../src/rate-limit";

const req = (remote: string, forwarded?: string) => ({ socket: { remoteAddress: remote }, headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded } }) as unknown as IncomingMessage;

describe("clientAddress", () => {
  it("ignores X-Forwarded-For unless proxies are trusted", () => {
    expect(clientAddress(req("10.0.0.1", "203.0.113.7"), 0)).toBe("10.0.0.1");
  });

  it("takes the entry the nearest trusted proxy saw", () => {
    expect(clientAddress(req("10.0.0.1", "198.51.100.2, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientAddress(req("10.0.0.1", "198.51.100.2, 203.0.113.7"), 2)).toBe("198.51.100.2");
    // A forged, longer chain does not move the address a single trusted hop reports.
    expect(clientAddress(req("10.0.0.1", "1.2.3.4, 5.6.7.8, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientAddress(req("10.0.0.1"), 1)).toBe("10.0.0.1");
  });
});

describe("JoinFailures", () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it("blocks an address after `max` failures for `blockMs`, then lets it in again", async () => {
    const failures = new JoinFailures({}, 3, 1000);
    await failures.fail("a");
    await failures.fail("a");
    expect(await failures.blockedFor("a")).toBe(0);
    await failures.fail("a");
    expect(await failures.blockedFor("a")).toBe(1000);
    expect(await failures.blockedFor("b")).toBe(0);
    jest.advanceTimersByTime(1001);
    expect(await failures.blockedFor("a")).toBe(0);
  });

  it("forgets failures older than the block time", async () => {
    const failures = new JoinFailures({}, 2, 1000);
    await failures.fail("a");
    jest.advanceTimersByTime(5000);
    await failures.fail("a");
    expect(await failures.blockedFor("a")).toBe(0);
  });
});

describe("RateLimiter", () => {
  it("says when the next token comes", () => {
    let now = 0;
    const bucket = new RateLimiter(2, 1, () => now);
    expect(bucket.take("a")).toBe(true);
    expect(bucket.take("a")).toBe(false);
    expect(bucket.retryAfterMs("a")).toBe(500);
    now = 500;
    expect(bucket.take("a")).toBe(true);
  });

  it("keeps memory bounded by dropping refilled buckets", () => {
    let now = 0;
    const bucket = new RateLimiter(1, 1, () => now, 100);
    for (let i = 0; i < 100; i++) bucket.take(`k${i}`);
    now = 10_000;
    bucket.take("new");
    expect(bucket.size).toBe(1);
  });
});

describe("settings", () => {
  it("reads the environment and defaults CORS to PUBLIC_URL's origin", () => {
    const limits = resolveLimits(limitsFromEnv({ FOGWAR_MAX_SPECTATORS: "5", FOGWAR_TRUST_PROXY: "1" }, "https://play.example/x"), "https://play.example/x");
    expect(limits).toMatchObject({ ...DEFAULT_LIMITS, maxSpectators: 5, trustProxy: 1, corsOrigins: ["https://play.example"] });
    expect(limitsFromEnv({ FOGWAR_CORS_ORIGINS: "https://a.example, https://b.example" }, "http://x").corsOrigins).toEqual(["https://a.example", "https://b.example"]);
  });

  it("refuses a value that is not a number", () => {
    expect(() => limitsFromEnv({ FOGWAR_CREATE_BURST: "many" }, "http://x")).toThrow(/FOGWAR_CREATE_BURST/);
  });
});
