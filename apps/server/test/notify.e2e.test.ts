/**
 * Notifications end to end (docs/design.md "Notifications"), with a real SMTP server: two members
 * play a dial duel (the fixture ruleset) over WebSocket; a move owes the opponent a "your move"
 * in the append's statement, and the deliverer sends exactly one e-mail for it, in the player's
 * language, with the table's link, an unsubscribe link and the one-click headers. The unsubscribe
 * link's page asks before it changes anything; its one-click POST turns that kind's e-mail off.
 * A player on the page gets nothing. After an outage (the SMTP server down, the server restarted),
 * what is no longer true (the player moved meanwhile) is dropped and what is still true is sent once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from "@fogwar/protocol";
import type { DialView } from "@fogwar/engine/testing";
import { startServer, type RunningServer } from "../src/server.js";
import { hostRulesets } from "../src/hosts/index.js";
import { dialDuelHost } from "./fixtures/dial-duel-host";
import { TestClient } from "./harness";
import { closedSmtpUrl, duel, eventually, register, type Member } from "./notify-support";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "./smtp";

jest.setTimeout(180_000);

let dir: string;
let smtp: TestSmtpServer;
let server: RunningServer;
let base: string;
const PUBLIC_URL = "http://fogwar.example";

async function boot(smtpUrl: string): Promise<void> {
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    dataDir: dir,
    publicUrl: PUBLIC_URL,
    logLevel: process.env.TEST_LOG_LEVEL ?? "silent",
    smtpUrl,
    botDelayMs: 0,
    limits: { createPerMinute: 6000, createBurst: 500 },
    signInRates: { perAddress: { perSecond: 100, burst: 1000 } },
    notifications: { pollMs: 200, digestWindowMs: 0 },
  });
  base = `http://127.0.0.1:${server.port}`;
}

beforeAll(async () => {
  hostRulesets([dialDuelHost]);
  dir = mkdtempSync(join(tmpdir(), "fogwar-notify-"));
  smtp = await startSmtpServer();
  await boot(smtp.url);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Settings that send every e-mail at once, on the page or not (the test's players keep their tables open). */
const always = (change: Partial<NotificationSettings> = {}): NotificationSettings => ({ ...DEFAULT_NOTIFICATION_SETTINGS, notWhileOnPage: false, digest: false, ...change });

const to = (m: Member) => (mail: ReceivedMail) => mail.to.includes(m.email);
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

/** Both seats joined; `starter` is the seat that reveals first (public from the start). */
async function table(a: Member, b: Member): Promise<{ matchId: string; seats: Record<string, TestClient>; starter: string; owner: Record<string, Member> }> {
  const { matchId, tokens } = await duel(a, b);
  const seats: Record<string, TestClient> = {};
  for (const seat of ["p1", "p2"]) seats[seat] = await TestClient.join(`ws://127.0.0.1:${server.port}`, matchId, { seat, token: tokens[seat]! });
  const starter = (seats.p1!.projection() as DialView & { starter: string }).starter;
  return { matchId, seats, starter, owner: { p1: a, p2: b } };
}

async function act(client: TestClient, command: unknown): Promise<number> {
  const answer = await client.command(command);
  if (answer.type !== "accepted") throw new Error(`${JSON.stringify(command)}: ${JSON.stringify(answer.payload)}`);
  return answer.payload.seq as number;
}

describe("notifications by e-mail", () => {
  test("a move owes the opponent 'your move' and exactly one e-mail goes out, with the table's link and a one-click unsubscribe that turns that kind off", async () => {
    const a = await register(base, "ann");
    const b = await register(base, "bo");
    await server.store.notifications.saveSettings(a.id, always());
    await server.store.notifications.saveSettings(b.id, always({ language: "ko" }));
    const { matchId, seats, starter, owner } = await table(a, b);
    const other = starter === "p1" ? "p2" : "p1";
    // The starter locks first (the other is still awaited: nothing owed), then the other: the starter is awaited to reveal.
    await act(seats[starter]!, { type: "lock", number: 3 });
    await act(seats[other]!, { type: "lock", number: 5 });
    const recipient = owner[starter]!;
    const mail = await smtp.waitFor(to(recipient), 15_000);
    const korean = recipient === b;
    expect(mail.subject).toBe(korean ? `내 차례: duel: ${a.name} vs ${b.name}` : `Your move: duel: ${a.name} vs ${b.name}`);
    expect(mail.text).toContain(korean ? `${owner[other]!.name}님이` : `${owner[other]!.name} has moved`);
    expect(mail.text).toContain(`${PUBLIC_URL}/play/${matchId}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/play/${matchId}"`);
    const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
    const unsubscribe = /<(http[^>]+)>/.exec(/^List-Unsubscribe: (.*)$/im.exec(headers)?.[1] ?? "")?.[1];
    expect(unsubscribe).toMatch(new RegExp(`^${PUBLIC_URL}/api/notifications/unsubscribe/`));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    expect(mail.text).toContain(unsubscribe);
    // Exactly one, and the row says so.
    await settle();
    expect(smtp.messages.filter(to(recipient))).toHaveLength(1);
    expect(smtp.messages.filter(to(owner[other]!))).toHaveLength(0);
    const rows = (await server.store.notifications.owedTo(recipient.id)).filter((r) => r.kind === "your_move");
    expect(rows.map((r) => (r.outcome as { outcome: string }).outcome)).toEqual(["sent"]);

    // The link's page asks first and changes nothing; the one-click POST turns "your move" e-mails off.
    const local = unsubscribe!.replace(PUBLIC_URL, base);
    const page = await fetch(local);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    expect((NotificationSettingsOf(await server.store.notifications.settingsOf(recipient.id))).kinds.your_move.email).toBe(true);
    const posted = await fetch(local, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(posted.status).toBe(200);
    const after = NotificationSettingsOf(await server.store.notifications.settingsOf(recipient.id));
    expect(after.kinds.your_move.email).toBe(false);
    expect(after.kinds.challenge_received.email).toBe(true);
    // A forged link works nowhere.
    expect((await fetch(local.slice(0, -3) + "abc", { method: "POST" })).status).toBe(404);

    // The starter reveals: the other is owed its move (and gets its e-mail); the starter's next one is not e-mailed.
    await act(seats[starter]!, { type: "reveal" });
    await smtp.waitFor(to(owner[other]!), 15_000);
    await act(seats[other]!, { type: "reveal" });
    await settle();
    expect(smtp.messages.filter(to(recipient))).toHaveLength(1);
    for (const c of Object.values(seats)) await c.leave();
  });

  test("not while on the page: a player with the table open is not e-mailed", async () => {
    const a = await register(base, "cy");
    const b = await register(base, "di");
    for (const m of [a, b]) await server.store.notifications.saveSettings(m.id, always({ notWhileOnPage: true }));
    const { seats, starter, owner } = await table(a, b);
    const other = starter === "p1" ? "p2" : "p1";
    await act(seats[starter]!, { type: "lock", number: 2 });
    await act(seats[other]!, { type: "lock", number: 4 });
    const rows = await eventually("the notification settled", async () => {
      const owed = (await server.store.notifications.owedTo(owner[starter]!.id)).filter((r) => r.kind === "your_move");
      return owed.length > 0 && owed.every((r) => r.doneAt !== null) ? owed : null;
    });
    expect(rows.map((r) => r.outcome)).toEqual([{ outcome: "skipped", reason: "on_page", channels: {} }]);
    expect(smtp.messages.filter(to(owner[starter]!))).toHaveLength(0);
    for (const c of Object.values(seats)) await c.leave();
  });

  test("after an outage what is no longer true is dropped, not sent late; what is still true is sent once", async () => {
    // The SMTP server is unreachable.
    await server.close();
    await boot(await closedSmtpUrl());
    const a = await register(base, "ed");
    const b = await register(base, "fa");
    for (const m of [a, b]) await server.store.notifications.saveSettings(m.id, always());
    const { seats, starter, owner } = await table(a, b);
    const other = starter === "p1" ? "p2" : "p1";
    await act(seats[starter]!, { type: "lock", number: 1 });
    await act(seats[other]!, { type: "lock", number: 6 });
    // The starter's "your move" cannot be sent: it waits to be tried again.
    await eventually("a failed try", async () => ((await server.store.notifications.owedTo(owner[starter]!.id)).find((r) => r.kind === "your_move")?.outcome as { outcome?: string } | undefined)?.outcome === "retrying");
    // The starter moves meanwhile (its notice is no longer true); the other is owed its move.
    await act(seats[starter]!, { type: "reveal" });
    for (const c of Object.values(seats)) await c.leave();
    // The server comes back with its e-mail working.
    await server.close();
    await boot(smtp.url);
    await smtp.waitFor(to(owner[other]!), 30_000);
    const stale = await eventually("the stale notice closed", async () => {
      const owed = (await server.store.notifications.owedTo(owner[starter]!.id)).filter((r) => r.kind === "your_move");
      return owed[0]?.doneAt ? owed : null;
    }, 30_000);
    expect((stale[0]!.outcome as { outcome: string }).outcome).toBe("stale");
    await settle();
    expect(smtp.messages.filter(to(owner[starter]!))).toHaveLength(0);
    expect(smtp.messages.filter(to(owner[other]!))).toHaveLength(1);
  });
});

/** Stored settings as the protocol's type (the test saved them whole). */
function NotificationSettingsOf(stored: unknown): NotificationSettings {
  return stored as NotificationSettings;
}
