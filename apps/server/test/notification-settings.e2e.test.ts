/**
 * The notification settings routes (docs/protocol.md "Notifications"): `GET /api/me/notifications`
 * answers the defaults until the player saves, and whether e-mail can be sent (an SMTP server is
 * configured: a real test SMTP server here, none on the second server) and the account has an
 * address; `PUT` takes the full settings, validated (a real IANA time zone, quiet hours of some
 * length, no unknown or missing field), and the next GET answers what was saved.
 */
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from "@fogwar/protocol";
import { startServer, type RunningServer } from "../src/server";
import { Browser } from "./notify-support";
import { startSmtpServer, type TestSmtpServer } from "./smtp";

jest.setTimeout(60_000);

const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

let smtp: TestSmtpServer;
let withMail: RunningServer;
let withoutMail: RunningServer;
const start = (smtpUrl?: string) => startServer({ port: 0, host: "127.0.0.1", publicUrl: "http://localhost:2567", logLevel: "silent", signInRates: { perAddress: { perSecond: 100, burst: 1000 } }, ...(smtpUrl ? { smtpUrl } : {}) });
const baseOf = (server: RunningServer) => `http://127.0.0.1:${server.port}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [withMail, withoutMail] = await Promise.all([start(smtp.url), start()]);
});
afterAll(async () => {
  await withMail?.close();
  await withoutMail?.close();
  await smtp?.close();
});

const custom: NotificationSettings = {
  kinds: {
    your_move: { push: true, email: false },
    opponent_joined: { push: false, email: false },
    match_over: { push: true, email: true },
    challenge_received: { push: false, email: true },
    time_running_out: { push: true, email: true },
  },
  quietHours: { from: "22:30", to: "07:00", timeZone: "Asia/Seoul" },
  notWhileOnPage: false,
  digest: false,
  language: "ko",
};

test("a member on a server with SMTP: the defaults, e-mail available with an address; saved settings come back", async () => {
  const member = new Browser(baseOf(withMail));
  const registered = await member.call("POST", "/api/auth/register", { name: unique("Mem"), email: `${unique("m")}@example.org`, password: "a long enough password" });
  expect(registered.status).toBe(200);
  const first = await member.call("GET", "/api/me/notifications");
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ settings: DEFAULT_NOTIFICATION_SETTINGS, email: { available: true, hasAddress: true } });
  expect(DEFAULT_NOTIFICATION_SETTINGS.notWhileOnPage).toBe(true);

  const saved = await member.call("PUT", "/api/me/notifications", custom);
  expect(saved.status).toBe(200);
  expect(saved.body).toEqual({ settings: custom, email: { available: true, hasAddress: true } });
  expect((await member.call("GET", "/api/me/notifications")).body.settings).toEqual(custom);
  // Quiet hours off again.
  expect((await member.call("PUT", "/api/me/notifications", { ...custom, quietHours: null })).body.settings.quietHours).toBeNull();
});

test("a guest on a server without SMTP: e-mail unavailable and no address", async () => {
  const guest = new Browser(baseOf(withoutMail));
  expect((await guest.call("POST", "/api/auth/guest", {})).status).toBe(200);
  expect((await guest.call("GET", "/api/me/notifications")).body).toEqual({ settings: DEFAULT_NOTIFICATION_SETTINGS, email: { available: false, hasAddress: false } });
  const guestOnMail = new Browser(baseOf(withMail));
  await guestOnMail.call("POST", "/api/auth/guest", {});
  expect((await guestOnMail.call("GET", "/api/me/notifications")).body.email).toEqual({ available: true, hasAddress: false });
});

test("malformed settings are refused with bad_request naming the field, and change nothing", async () => {
  const guest = new Browser(baseOf(withMail));
  await guest.call("POST", "/api/auth/guest", {});
  await guest.call("PUT", "/api/me/notifications", custom);
  const { your_move: _dropped, ...someKinds } = custom.kinds;
  const cases: [unknown, string][] = [
    [{ ...custom, quietHours: { ...custom.quietHours!, timeZone: "Mars/Olympus_Mons" } }, "quietHours.timeZone"],
    [{ ...custom, quietHours: { ...custom.quietHours!, timeZone: "x".repeat(65) } }, "quietHours.timeZone"],
    [{ ...custom, quietHours: { ...custom.quietHours!, from: "24:00" } }, "quietHours.from"],
    [{ ...custom, quietHours: { ...custom.quietHours!, to: "7:00" } }, "quietHours.to"],
    [{ ...custom, quietHours: { ...custom.quietHours!, to: "22:30" } }, "quietHours.to"],
    [{ ...custom, kinds: someKinds }, "kinds.your_move"],
    [{ ...custom, kinds: { ...custom.kinds, your_move: { push: true } } }, "kinds.your_move.email"],
    [{ ...custom, kinds: { ...custom.kinds, carrier_pigeon: { push: true, email: true } } }, "kinds"],
    [{ ...custom, language: "fr" }, "language"],
    [{ ...custom, digest: "yes" }, "digest"],
    [{ ...custom, extra: true }, ""],
  ];
  for (const [body, path] of cases) {
    const answer = await guest.call("PUT", "/api/me/notifications", body);
    expect([path, answer.status, answer.body.error.code]).toEqual([path, 400, "bad_request"]);
    expect(answer.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  }
  expect((await guest.call("GET", "/api/me/notifications")).body.settings).toEqual(custom);
  // Zones Intl knows, canonical or not, are taken.
  for (const timeZone of ["UTC", "America/Argentina/Buenos_Aires", "Asia/Calcutta"]) {
    expect((await guest.call("PUT", "/api/me/notifications", { ...custom, quietHours: { ...custom.quietHours!, timeZone } })).status).toBe(200);
  }
});

test("signed out: not_signed_in; from another site with the cookie: cross_site", async () => {
  const nobody = new Browser(baseOf(withMail));
  expect((await nobody.call("GET", "/api/me/notifications")).body.error.code).toBe("not_signed_in");
  expect((await nobody.call("PUT", "/api/me/notifications", custom)).body.error.code).toBe("not_signed_in");
  const guest = new Browser(baseOf(withMail));
  await guest.call("POST", "/api/auth/guest", {});
  const forged = await guest.call("PUT", "/api/me/notifications", custom, { origin: "https://evil.example.org" });
  expect([forged.status, forged.body.error.code]).toEqual([403, "cross_site"]);
  expect((await guest.call("GET", "/api/me/notifications")).body.settings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
});
