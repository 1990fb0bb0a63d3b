/**
 * Which push services the server sends to (src/notify/push-services.ts: the SSRF guard), the
 * VAPID subject's default (src/notify/vapid.ts) and the device labels (src/notify/device-label.ts).
 */
import { deviceLabel } from "../src/notify/device-label";
import { pushEndpointAllowed, pushOrigin } from "../src/notify/push-services";
import { vapidSubject } from "../src/notify/vapid";

test.each([
  ["https://fcm.googleapis.com/fcm/send/abc", true],
  ["https://updates.push.services.mozilla.com/wpush/v2/abc", true],
  ["https://web.push.apple.com/QGx", true],
  ["https://wns2-par02p.notify.windows.com/w/?token=abc", true],
  ["https://FCM.googleapis.com/fcm/send/abc", true],
  ["https://fcm.googleapis.com:443/fcm/send/abc", true],
  ["http://fcm.googleapis.com/fcm/send/abc", false],
  ["https://fcm.googleapis.com:8443/fcm/send/abc", false],
  ["https://evilfcm.googleapis.com/x", false],
  ["https://fcm.googleapis.com.evil.example/x", false],
  ["https://user@fcm.googleapis.com/x", false],
  ["https://push.apple.com@evil.example/x", false],
  ["https://127.0.0.1/push", false],
  ["file:///etc/passwd", false],
  ["not a url", false],
])("with no operator origins, %s allowed: %s", (endpoint, allowed) => {
  expect(pushEndpointAllowed(endpoint, [])).toBe(allowed);
});

test("operator origins allow exactly their scheme, host and port", () => {
  const allowed = ["http://127.0.0.1:9000", "https://push.example.org"];
  expect(pushEndpointAllowed("http://127.0.0.1:9000/push/a", allowed)).toBe(true);
  expect(pushEndpointAllowed("https://push.example.org/a", allowed)).toBe(true);
  expect(pushEndpointAllowed("https://127.0.0.1:9000/push/a", allowed)).toBe(false);
  expect(pushEndpointAllowed("http://127.0.0.1:9001/push/a", allowed)).toBe(false);
  expect(pushEndpointAllowed("http://push.example.org/a", allowed)).toBe(false);
  expect(pushEndpointAllowed("https://sub.push.example.org/a", allowed)).toBe(false);
  expect(pushEndpointAllowed("http://u:p@127.0.0.1:9000/push/a", allowed)).toBe(false);
});

test("an operator entry is an origin; a bare host means https; paths and credentials are refused", () => {
  expect(pushOrigin("push.example.org")).toBe("https://push.example.org");
  expect(pushOrigin("push.example.org:8443")).toBe("https://push.example.org:8443");
  expect(pushOrigin("http://127.0.0.1:9000/")).toBe("http://127.0.0.1:9000");
  for (const bad of ["", "ftp://x.example", "https://x.example/path", "https://u:p@x.example", "https://x.example?q=1", "two words"]) expect(pushOrigin(bad)).toBeNull();
});

test("the VAPID subject: the configured one, else an https public address, else mailto: the sender", () => {
  expect(vapidSubject("https://play.example.org", "fogwar <no-reply@play.example.org>", "mailto:ops@example.org")).toBe("mailto:ops@example.org");
  expect(vapidSubject("https://play.example.org", undefined)).toBe("https://play.example.org");
  expect(vapidSubject("http://localhost:2567", "fogwar <no-reply@play.example.org>")).toBe("mailto:no-reply@play.example.org");
  expect(vapidSubject("http://localhost:2567", "ops@example.org")).toBe("mailto:ops@example.org");
  expect(vapidSubject("http://localhost:2567", undefined)).toBe("mailto:no-reply@localhost");
});

test.each([
  ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36", "Chrome on Android"],
  ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari on iOS"],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0", "Edge on Windows"],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox on macOS"],
  ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36", "Chrome on Linux"],
  [undefined, "Browser"],
])("%s is labelled %s", (ua, label) => {
  expect(deviceLabel(ua)).toBe(label);
});
