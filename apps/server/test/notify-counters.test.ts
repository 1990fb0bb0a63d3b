/**
 * An attacker who keeps every push message their devices ever received learns nothing beyond each
 * payload (docs/design.md "Notifications"): not the outbox row's id (a counter of every account's
 * notifications, which would show how busy other players are), not when the row was owed (the
 * server's own timing), not the recipient's account id, nor the row's dedupe key naming seats.
 */
import { pushMessageOf } from "../src/notify/push-text.js";
import type { OwedNotification, Recipient } from "../src/notify/channel.js";

const recipient: Recipient = { accountId: "acct-7f3a9c1e", name: "Bo", email: "bo@example.org", language: "en" };
const payload = { kind: "your_move" as const, url: "/play/m1", ruleset: "ember", matchId: "m1", title: "crossroads: Ana vs Bo", actor: "Ana", whoseTurn: ["Bo"] };

test("a push message carries the payloads only: no outbox id, owed time, account id or address", () => {
  const one: OwedNotification = { id: 9_876_543, kind: "your_move", matchId: "m1", payload, owedAt: 1_796_400_123_457 };
  const two: OwedNotification = { id: 9_876_544, kind: "your_move", matchId: "m2", payload: { ...payload, matchId: "m2", url: "/play/m2" }, owedAt: 1_796_400_987_651 };
  for (const batch of [[one], [one, two]]) {
    const text = JSON.stringify(pushMessageOf(recipient, batch, 1_796_401_000_000));
    for (const secret of ["9876543", "9876544", "1796400123457", "1796400987651", recipient.accountId, recipient.email!]) expect(text).not.toContain(secret);
    // Every key of every payload is a key the payload was given.
    const message = JSON.parse(text) as { payloads: Record<string, unknown>[] };
    for (const p of message.payloads) for (const key of Object.keys(p)) expect(Object.keys(payload)).toContain(key);
  }
});
