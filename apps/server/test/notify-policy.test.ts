/**
 * The deliverer's policy (apps/server/src/notify/policy.ts, docs/design.md "Notifications"):
 * quiet hours across midnight in IANA time zones, the digest, "not while on the page", and each
 * kind's channels.
 */
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from "@fogwar/protocol";
import type { OwedNotification } from "../src/notify/channel.js";
import { decide, quietUntil, type DueItem, type PolicyContext } from "../src/notify/policy.js";

const at = (iso: string): number => Date.parse(iso);
const settings = (change: Partial<NotificationSettings> = {}): NotificationSettings => ({ ...DEFAULT_NOTIFICATION_SETTINGS, ...change });
const item = (id: number, kind: OwedNotification["kind"] = "your_move", matchId: string | null = `m${id}`, seat: string | null = "p1"): DueItem => ({
  notification: { id, kind, matchId, payload: { kind, url: `/play/${matchId}` }, owedAt: 0 },
  seat,
  sent: [],
});
const context = (change: Partial<PolicyContext> = {}): PolicyContext => ({ now: at("2024-01-15T12:00:00Z"), onPage: () => false, lastSentAt: undefined, digestWindowMs: 600_000, channels: ["push", "email"], ...change });

describe("quiet hours", () => {
  const night = { from: "22:00", to: "07:00", timeZone: "Asia/Seoul" };
  test("across midnight, in the player's time zone: deferred to their end, local time", () => {
    // 23:30 in Seoul (UTC+9): quiet until 07:00 Seoul, 22:00 UTC.
    expect(quietUntil(night, at("2024-01-15T14:30:00Z"))).toBe(at("2024-01-15T22:00:00Z"));
    // 03:15 in Seoul, after midnight: the same end.
    expect(quietUntil(night, at("2024-01-15T18:15:00Z"))).toBe(at("2024-01-15T22:00:00Z"));
    // 08:00 and 21:59 in Seoul: not quiet.
    expect(quietUntil(night, at("2024-01-15T23:00:00Z"))).toBeNull();
    expect(quietUntil(night, at("2024-01-15T12:59:00Z"))).toBeNull();
    // 22:00 sharp: quiet (from is inside, to is not).
    expect(quietUntil(night, at("2024-01-15T13:00:00Z"))).toBe(at("2024-01-15T22:00:00Z"));
    expect(quietUntil(night, at("2024-01-15T22:00:00Z"))).toBeNull();
  });

  test("another zone (daylight saving in summer), a span within one day, none", () => {
    const ny = { from: "22:00", to: "07:00", timeZone: "America/New_York" };
    // 23:00 EDT (UTC-4) on 1 July: until 07:00 EDT, 11:00 UTC.
    expect(quietUntil(ny, at("2024-07-01T03:00:00Z"))).toBe(at("2024-07-01T11:00:00Z"));
    // The same wall time in January (EST, UTC-5).
    expect(quietUntil(ny, at("2024-01-15T04:00:00Z"))).toBe(at("2024-01-15T12:00:00Z"));
    const lunch = { from: "12:00", to: "13:30", timeZone: "UTC" };
    expect(quietUntil(lunch, at("2024-01-15T12:10:30Z"))).toBe(at("2024-01-15T13:30:00Z"));
    expect(quietUntil(lunch, at("2024-01-15T13:30:00Z"))).toBeNull();
    expect(quietUntil({ from: "08:00", to: "08:00", timeZone: "UTC" }, at("2024-01-15T08:00:00Z"))).toBeNull();
    expect(quietUntil(null, at("2024-01-15T08:00:00Z"))).toBeNull();
    // An unknown zone counts as UTC.
    expect(quietUntil({ ...lunch, timeZone: "Nowhere/Atlantis" }, at("2024-01-15T12:10:30Z"))).toBe(at("2024-01-15T13:30:00Z"));
  });

  test("the decision defers every sendable notification to the end", () => {
    const decision = decide([item(1), item(2)], settings({ quietHours: { from: "11:00", to: "13:00", timeZone: "UTC" } }), context());
    expect(decision).toEqual({ defer: { ids: [1, 2], until: at("2024-01-15T13:00:00Z"), reason: "quiet_hours" }, skipped: [], batches: [] });
  });
});

describe("digest, not on the page, kinds and channels", () => {
  test("digest: several due go as one batch per channel; without it, one per notification", () => {
    const withDigest = decide([item(1), item(2), item(3, "challenge_received", null, null)], settings(), context());
    expect(withDigest.defer).toBeNull();
    expect(withDigest.batches.map((b) => [b.channel, b.items.map((i) => i.id)])).toEqual([
      ["push", [1, 2, 3]],
      ["email", [1, 2, 3]],
    ]);
    const without = decide([item(1), item(2)], settings({ digest: false }), context());
    expect(without.batches.map((b) => [b.channel, b.items.map((i) => i.id)])).toEqual([
      ["push", [1]],
      ["push", [2]],
      ["email", [1]],
      ["email", [2]],
    ]);
  });

  test("digest: within the window after the last one sent, everything waits for its end", () => {
    const now = at("2024-01-15T12:00:00Z");
    const decision = decide([item(1), item(2)], settings(), context({ lastSentAt: now - 60_000 }));
    expect(decision.defer).toEqual({ ids: [1, 2], until: now - 60_000 + 600_000, reason: "digest" });
    // Past the window, or without a digest: sent now.
    expect(decide([item(1)], settings(), context({ lastSentAt: now - 600_000 })).defer).toBeNull();
    expect(decide([item(1)], settings({ digest: false }), context({ lastSentAt: now - 60_000 })).defer).toBeNull();
  });

  test("not while on the page: a match's notification whose seat has its table open is skipped; the setting off sends it", () => {
    const onPage = (matchId: string, seat: string) => matchId === "m1" && seat === "p1";
    const decision = decide([item(1), item(2)], settings(), context({ onPage }));
    expect(decision.skipped).toEqual([{ id: 1, reason: "on_page" }]);
    expect(decision.batches.flatMap((b) => b.items.map((i) => i.id))).toEqual([2, 2]);
    const always = decide([item(1)], settings({ notWhileOnPage: false }), context({ onPage }));
    expect(always.skipped).toEqual([]);
    expect(always.batches).toHaveLength(2);
  });

  test("each kind goes to its channels only; a kind with every channel off (or none the server has) is skipped; a channel that sent before is not used again", () => {
    // Defaults: opponent_joined and match_over by push only.
    const decision = decide([item(1, "match_over")], settings(), context());
    expect(decision.batches.map((b) => b.channel)).toEqual(["push"]);
    expect(decide([item(1, "match_over")], settings(), context({ channels: ["email"] })).skipped).toEqual([{ id: 1, reason: "off" }]);
    const off = settings({ kinds: { ...DEFAULT_NOTIFICATION_SETTINGS.kinds, your_move: { push: false, email: false } } });
    expect(decide([item(1)], off, context()).skipped).toEqual([{ id: 1, reason: "off" }]);
    const retried = decide([{ ...item(1), sent: ["push"] }], settings(), context());
    expect(retried.batches.map((b) => b.channel)).toEqual(["email"]);
  });
});
