/**
 * The notification e-mails' words (apps/server/src/notify/email-words.ts) and the unsubscribe
 * tokens (apps/server/src/notify/unsubscribe.ts): what happened and whose turn it is, in English and
 * Korean; a digest lists every match with its own link; names are escaped in the HTML; a token
 * names its account, kind and language and a forged or altered one is refused.
 */
import type { NotificationPayload } from "@fogwar/protocol";
import { notificationMessage } from "../src/notify/email-words.js";
import { withoutAddresses } from "../src/notify/email.js";
import { readUnsubscribeToken, unsubscribeToken } from "../src/notify/unsubscribe.js";

const HOUR = 3_600_000;
const move: NotificationPayload = { kind: "your_move", url: "/play/m1", ruleset: "ember", matchId: "m1", title: "outpost: Ann vs <Bo>", actor: "<Bo>", whoseTurn: ["Ann"] };
const input = (payloads: NotificationPayload[], language: "en" | "ko" = "en") => ({ name: "Ann", language, payloads, publicUrl: "https://fogwar.example", unsubscribeUrl: "https://fogwar.example/api/notifications/unsubscribe/t", now: 0 });

describe("notification e-mails", () => {
  test("one notification: what happened, whose turn, the table's link and the unsubscribe link; names escaped in the HTML", () => {
    const mail = notificationMessage(input([move]));
    expect(mail.subject).toBe("Your move: outpost: Ann vs <Bo>");
    expect(mail.text).toContain("<Bo> has moved in outpost: Ann vs <Bo>.\nIt is your move.");
    expect(mail.text).toContain("https://fogwar.example/play/m1");
    expect(mail.text).toContain("Unsubscribe: https://fogwar.example/api/notifications/unsubscribe/t");
    expect(mail.html).toContain('href="https://fogwar.example/play/m1"');
    expect(mail.html).toContain("&lt;Bo&gt;");
    expect(mail.html).not.toContain("<Bo>");
  });

  test("in Korean; the other kinds", () => {
    expect(notificationMessage(input([move], "ko")).subject).toBe("내 차례: outpost: Ann vs <Bo>");
    expect(notificationMessage(input([{ kind: "match_over", url: "/review/m1", title: "t", outcome: "win" }])).text).toContain("t is over. You won.");
    expect(notificationMessage(input([{ kind: "match_over", url: "/review/m1", title: "t", outcome: "draw" }], "ko")).text).toContain("무승부입니다.");
    expect(notificationMessage(input([{ kind: "time_running_out", url: "/play/m1", title: "t", deadline: 5 * HOUR }])).text).toContain("runs out in about 5 hours");
    expect(notificationMessage(input([{ kind: "challenge_received", url: "/games", ruleset: "siege", from: "Cy" }])).subject).toBe("Cy challenges you (siege)");
    expect(notificationMessage(input([{ kind: "opponent_joined", url: "/play/m1", title: "t", actor: "Di", whoseTurn: ["Di"] }])).text).toContain("Di took a seat in t.\nNow it is Di's move.");
  });

  test("a digest lists every match with its own link", () => {
    const mail = notificationMessage(input([move, { ...move, url: "/play/m2", matchId: "m2", title: "crossroads: Ann vs Cy", actor: "Cy" }, { kind: "challenge_received", url: "/games", ruleset: "trpg", from: "Ed" }]));
    expect(mail.subject).toBe("fogwar: 3 updates in your games");
    for (const link of ["/play/m1", "/play/m2", "/games"]) expect(mail.text).toContain(`https://fogwar.example${link}`);
    expect(mail.text).toContain("Cy has moved in crossroads: Ann vs Cy.");
    expect(mail.html.match(/<li /g)).toHaveLength(3);
  });

  test("a refusal's text loses any address", () => {
    expect(withoutAddresses("550 5.1.1 <ann@example.org>: Recipient address rejected")).toBe("550 5.1.1 <<address>>: Recipient address rejected");
  });
});

describe("unsubscribe tokens", () => {
  const secret = "s".repeat(43);
  test("a token names its account, kind and language; forged, altered or malformed ones are refused", () => {
    const token = unsubscribeToken(secret, { accountId: "acc-1", kind: "your_move", language: "ko" });
    expect(readUnsubscribeToken(secret, token)).toEqual({ accountId: "acc-1", kind: "your_move", language: "ko" });
    expect(readUnsubscribeToken(secret, unsubscribeToken(secret, { accountId: "a", kind: null, language: "en" }))).toEqual({ accountId: "a", kind: null, language: "en" });
    expect(readUnsubscribeToken("another secret", token)).toBeNull();
    const [body, mac] = token.split(".");
    const other = Buffer.from(JSON.stringify({ a: "acc-2", k: "your_move", l: "ko" })).toString("base64url");
    expect(readUnsubscribeToken(secret, `${other}.${mac}`)).toBeNull();
    expect(readUnsubscribeToken(secret, `${body}.${mac}.x`)).toBeNull();
    expect(readUnsubscribeToken(secret, "garbage")).toBeNull();
    expect(readUnsubscribeToken(secret, "x".repeat(600))).toBeNull();
  });
});
