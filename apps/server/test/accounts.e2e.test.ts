/**
 * Accounts over the real HTTP server (docs/protocol.md "Accounts"): a guest plays at once and
 * becomes a member without losing its seat; a seat follows its player to another device by
 * signing in (the same seat token, derived for that account alone); my games marks "your move";
 * a profile shows games and never an e-mail; wrong passwords are refused alike and limited;
 * cross-site requests with the cookie are refused; a password reset goes through a real SMTP
 * server; sessions survive a restart; a deleted account's matches stay under an anonymous name.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { catalog } from "@fogwar/ember";
import { startServer, type RunningServer } from "../src/server";
import { emberRequest, newClaimKey, TestClient } from "./harness";
import { startSmtpServer } from "./smtp";
import { Browser } from "./browser";

jest.setTimeout(90_000);

let dir: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: RunningServer;
let base: string;

async function boot(): Promise<void> {
  server = await startServer({ port: 0, host: "127.0.0.1", dataDir: dir, publicUrl: "http://localhost:2567", logLevel: "silent", smtpUrl: smtp.url, botDelayMs: 0, limits: { createPerMinute: 6000, createBurst: 500 }, signInRates: { perAddress: { perSecond: 10, burst: 1000 } } });
  base = `http://127.0.0.1:${server.port}`;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fogwar-accounts-"));
  smtp = await startSmtpServer();
  await boot();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  rmSync(dir, { recursive: true, force: true });
});

const uniqueName = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

describe("accounts", () => {
  test("a guest creates a match, becomes a member keeping its seat, and opens the seat on another device by signing in", async () => {
    const phone = new Browser(base);
    const guest = await phone.call("POST", "/api/auth/guest", {});
    expect(guest.status).toBe(200);
    expect(guest.body.account.kind).toBe("guest");
    const request = emberRequest(catalog);
    const created = await phone.call("POST", "/api/matches", { ...request, claim: { seat: "p1", claimKey: newClaimKey() } });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    expect(created.status).toBe(201);
    const matchId = created.body.matchId as string;
    const creatorToken = created.body.seats.find((s: any) => s.seat === "p1").token as string;
    // The seat belongs to the guest: its token is the account's, whatever claim key the browser sent.
    const mine = await phone.call("GET", `/api/me/seats/${matchId}`);
    expect(mine.body.seats).toEqual([{ seat: "p1", token: creatorToken }]);

    const name = uniqueName("ada");
    const email = `${name}@example.org`;
    const registered = await phone.call("POST", "/api/auth/register", { name, email, password: "correct horse battery" });
    expect(registered.status).toBe(200);
    expect(registered.body.account).toMatchObject({ kind: "member", name, email, hasPassword: true });
    expect(registered.body.account.id).toBe(guest.body.account.id);

    // Another device: signed out, it holds nothing; signed in, it has the same seat.
    const laptop = new Browser(base);
    expect((await laptop.call("GET", `/api/me/seats/${matchId}`)).status).toBe(401);
    expect((await laptop.call("POST", "/api/auth/sign-in", { email: email.toUpperCase(), password: "correct horse battery" })).status).toBe(200);
    const games = await laptop.call("GET", "/api/me/matches");
    expect(games.body.matches.map((m: any) => [m.matchId, m.mySeats, m.status])).toEqual([[matchId, ["p1"], "live"]]);
    const seats = await laptop.call("GET", `/api/me/seats/${matchId}`);
    expect(seats.body.seats).toEqual([{ seat: "p1", token: creatorToken }]);
    const client = await TestClient.join(`ws://127.0.0.1:${server.port}`, matchId, { seat: "p1", token: seats.body.seats[0].token });
    await client.leave();

    // Another account gets nothing of that match.
    const stranger = new Browser(base);
    await stranger.call("POST", "/api/auth/guest", {});
    expect((await stranger.call("GET", `/api/me/seats/${matchId}`)).status).toBe(404);
  });

  test("a guest who signs in to an account it had already brings its seats along", async () => {
    const name = uniqueName("hal");
    await new Browser(base).call("POST", "/api/auth/register", { name, email: `${name}@example.org`, password: "a long enough password" });
    const tab = new Browser(base);
    await tab.call("POST", "/api/auth/guest", {});
    const created = await tab.call("POST", "/api/matches", { ...emberRequest(catalog), claim: { seat: "p1", claimKey: newClaimKey() } });
    const guestToken = created.body.seats.find((s: any) => s.seat === "p1").token as string;
    expect((await tab.call("POST", "/api/auth/sign-in", { email: `${name}@example.org`, password: "a long enough password" })).status).toBe(200);
    const games = await tab.call("GET", "/api/me/matches");
    expect(games.body.matches.map((m: any) => [m.matchId, m.mySeats])).toEqual([[created.body.matchId, ["p1"]]]);
    // The seat's token is now the account's, the same on any device; the guest's opens nothing.
    const seats = (await tab.call("GET", `/api/me/seats/${created.body.matchId}`)).body.seats;
    expect(seats).toEqual([{ seat: "p1", token: expect.any(String) }]);
    expect(seats[0].token).not.toBe(guestToken);
    const elsewhere = new Browser(base);
    await elsewhere.call("POST", "/api/auth/sign-in", { email: `${name}@example.org`, password: "a long enough password" });
    expect((await elsewhere.call("GET", `/api/me/seats/${created.body.matchId}`)).body.seats).toEqual(seats);
    const player = await TestClient.join(`ws://127.0.0.1:${server.port}`, created.body.matchId, seats[0]);
    await player.leave();
    await expect(TestClient.join(`ws://127.0.0.1:${server.port}`, created.body.matchId, { seat: "p1", token: guestToken })).rejects.toThrow(/invalid_token/);
  });

  test("a seat the host re-issued is no longer the account's: the account derives nothing, and its old token opens nothing", async () => {
    const kicked = new Browser(base);
    await kicked.call("POST", "/api/auth/guest", {});
    const created = await kicked.call("POST", "/api/matches", { ...emberRequest(catalog), claim: { seat: "p1", claimKey: newClaimKey() } });
    const token = (await kicked.call("GET", `/api/me/seats/${created.body.matchId}`)).body.seats[0].token as string;
    const reissued = await fetch(`${base}/api/matches/${created.body.matchId}/host/seats/p1/reissue`, { method: "POST", headers: { "x-host-token": created.body.hostToken } });
    expect(reissued.status).toBe(200);
    expect((await kicked.call("GET", `/api/me/seats/${created.body.matchId}`)).status).toBe(404);
    expect((await kicked.call("GET", "/api/me/matches")).body.matches.map((m: any) => m.matchId)).not.toContain(created.body.matchId);
    await expect(TestClient.join(`ws://127.0.0.1:${server.port}`, created.body.matchId, { seat: "p1", token })).rejects.toThrow(/invalid_token/);
  });

  test("my games marks the matches waiting for me, sorts them first, and follows a claimed invite's seat", async () => {
    const ann = new Browser(base);
    const bob = new Browser(base);
    await ann.call("POST", "/api/auth/guest", {});
    await bob.call("POST", "/api/auth/guest", {});
    const request = emberRequest(catalog);
    const older = await ann.call("POST", "/api/matches", { ...request, claim: { seat: "p1", claimKey: newClaimKey() } });
    const created = await ann.call("POST", "/api/matches", { ...request, claim: { seat: "p1", claimKey: newClaimKey() } });
    const invite = created.body.seats.find((s: any) => s.seat === "p2").invite as string;
    const claimed = await bob.call("POST", `/api/matches/${created.body.matchId}/seats/p2/claim`, { invite, claimKey: newClaimKey() });
    expect(claimed.status).toBe(200);
    // The claimed seat is Bob's account's: its token is the one Bob's account derives, on any device.
    expect((await bob.call("GET", `/api/me/seats/${created.body.matchId}`)).body.seats).toEqual([{ seat: "p2", token: claimed.body.token }]);
    // EMBER's muster waits for one side at a time: exactly one of the two is told it is their move.
    const mine = async (who: Browser) => (await who.call("GET", "/api/me/matches")).body.matches.find((m: any) => m.matchId === created.body.matchId);
    const [annMove, bobMove] = [(await mine(ann)).yourMove, (await mine(bob)).yourMove];
    expect(annMove !== bobMove).toBe(true);
    // Whoever is to move finds it first among their games.
    const mover = annMove ? ann : bob;
    const theirs = (await mover.call("GET", "/api/me/matches")).body.matches;
    expect(theirs[0].matchId).toBe(created.body.matchId);
    expect(theirs[0].yourMove).toBe(true);
    // Once the match is over it waits for nobody: finished, after the live ones.
    const token = (await ann.call("GET", `/api/me/seats/${created.body.matchId}`)).body.seats[0];
    const player = await TestClient.join(`ws://127.0.0.1:${server.port}`, created.body.matchId, token);
    expect((await player.command({ type: "concede" })).type).toBe("accepted");
    await player.leave();
    const after = (await ann.call("GET", "/api/me/matches")).body.matches;
    expect(after.map((m: any) => [m.matchId, m.status, m.yourMove])).toEqual([
      [older.body.matchId, "live", after[0].yourMove],
      [created.body.matchId, "finished", false],
    ]);
  });

  test("my games shows my clocks in a match with a clock, and none in a match without", async () => {
    const me = new Browser(base);
    await me.call("POST", "/api/auth/guest", {});
    const request = emberRequest(catalog);
    const timed = await me.call("POST", "/api/matches", { ...request, options: { ...request.options, clock: { minutes: 10, incrementSeconds: 5 } }, claim: { seat: "p1", claimKey: newClaimKey() } });
    const untimed = await me.call("POST", "/api/matches", { ...request, claim: { seat: "p1", claimKey: newClaimKey() } });
    const games = (await me.call("GET", "/api/me/matches")).body.matches;
    const mine = (id: string) => games.find((m: any) => m.matchId === id);
    expect(mine(timed.body.matchId).clocks).toEqual([{ remainingMs: 600_000, running: expect.any(Boolean) }]);
    expect(mine(timed.body.matchId).clockAt).toEqual(expect.any(Number));
    expect(mine(untimed.body.matchId).clocks).toBeUndefined();
  });

  test("a profile shows games per ruleset and no e-mail; unknown players are 404", async () => {
    const me = new Browser(base);
    const name = uniqueName("bea");
    await me.call("POST", "/api/auth/register", { name, email: `${name}@example.org`, password: "a long enough password" });
    await me.call("POST", "/api/matches", { ...emberRequest(catalog), claim: { seat: "p1", claimKey: newClaimKey() } });
    const profile = await new Browser(base).call("GET", `/api/players/${name.toUpperCase()}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ name, guest: false, played: [{ ruleset: "ember", finished: 0, live: 1 }] });
    expect(JSON.stringify(profile.body)).not.toContain("example.org");
    expect((await new Browser(base).call("GET", "/api/players/nobody-here")).status).toBe(404);
  });

  test("names and e-mails are unique; weak passwords and malformed bodies are refused with their codes", async () => {
    const name = uniqueName("cyd");
    const a = new Browser(base);
    expect((await a.call("POST", "/api/auth/register", { name, email: `${name}@example.org`, password: "short" })).body.error.code).toBe("weak_password");
    expect((await a.call("POST", "/api/auth/register", { name, email: `${name}@example.org`, password: "long enough password" })).status).toBe(200);
    const b = new Browser(base);
    expect((await b.call("POST", "/api/auth/register", { name: name.toUpperCase(), email: `other-${name}@example.org`, password: "long enough password" })).body.error.code).toBe("name_taken");
    expect((await b.call("POST", "/api/auth/register", { name: `x${name}`, email: `${name.toUpperCase()}@EXAMPLE.org`, password: "long enough password" })).body.error.code).toBe("email_taken");
    expect((await b.call("POST", "/api/auth/register", { name: "a\u202Eb", email: "z@example.org", password: "long enough password" })).body.error.code).toBe("bad_request");
  });

  test("a wrong password and an unknown e-mail get the same answer", async () => {
    const name = uniqueName("dee");
    await new Browser(base).call("POST", "/api/auth/register", { name, email: `${name}@example.org`, password: "the right password" });
    const wrong = await new Browser(base).call("POST", "/api/auth/sign-in", { email: `${name}@example.org`, password: "the wrong password" });
    const unknown = await new Browser(base).call("POST", "/api/auth/sign-in", { email: `no-${name}@example.org`, password: "the wrong password" });
    expect(wrong).toEqual({ status: 401, body: { error: { code: "bad_credentials", message: "The e-mail or the password is wrong." } } });
    expect(unknown).toEqual(wrong);
  });

  test("password sign-ins for one e-mail are limited", async () => {
    const name = uniqueName("eve");
    const email = `${name}@example.org`;
    await new Browser(base).call("POST", "/api/auth/register", { name, email, password: "the right password" });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await new Browser(base).call("POST", "/api/auth/sign-in", { email, password: `guess ${i} guess` })).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  test("a request with the session cookie from another site is refused and changes nothing", async () => {
    const me = new Browser(base);
    const guest = await me.call("POST", "/api/auth/guest", {});
    const forged = await me.call("PATCH", "/api/me", { name: uniqueName("mal") }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe("cross_site");
    expect((await me.call("GET", "/api/me")).body.account.name).toBe(guest.body.account.name);
    const fromHere = await me.call("PATCH", "/api/me", { name: uniqueName("ok") }, { origin: "http://localhost:2567", "sec-fetch-site": "same-origin" });
    expect(fromHere.status).toBe(200);
  });

  test("a password reset goes by e-mail through SMTP, works once, and signs the old sessions out", async () => {
    const name = uniqueName("fay");
    const email = `${name}@example.org`;
    const old = new Browser(base);
    await old.call("POST", "/api/auth/register", { name, email, password: "the old password" });
    const asked = await new Browser(base).call("POST", "/api/auth/password-reset", { email });
    expect(asked.status).toBe(202);
    // An unknown e-mail gets the same answer and no mail.
    expect(await new Browser(base).call("POST", "/api/auth/password-reset", { email: `no-${email}` })).toEqual(asked);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const fresh = new Browser(base);
    const done = await fresh.call("POST", "/api/auth/password-reset/complete", { token, password: "the new password" });
    if (done.status !== 200) throw new Error(JSON.stringify(done.body));
    expect(done.status).toBe(200);
    expect(done.body.account.name).toBe(name);
    expect((await fresh.call("POST", "/api/auth/password-reset/complete", { token, password: "another password" })).body.error.code).toBe("invalid_reset");
    expect((await old.call("GET", "/api/me")).body.account).toBeNull();
    expect((await new Browser(base).call("POST", "/api/auth/sign-in", { email, password: "the new password" })).status).toBe(200);
    expect(smtp.messages.filter((m) => m.to.includes(`no-${email}`))).toEqual([]);
  });

  test("sessions survive a restart; a deleted account's matches stay under an anonymous name", async () => {
    const me = new Browser(base);
    const name = uniqueName("gus");
    await me.call("POST", "/api/auth/register", { name, email: `${name}@example.org`, password: "a long enough password" });
    const created = await me.call("POST", "/api/matches", { ...emberRequest(catalog), players: [{ ...emberRequest(catalog).players[0], name }, emberRequest(catalog).players[1]], claim: { seat: "p1", claimKey: newClaimKey() } });
    await server.close();
    await boot();
    const again = me.at(base);
    expect((await again.call("GET", "/api/me")).body.account.name).toBe(name);
    expect((await again.call("DELETE", "/api/me", { confirmName: "not my name" })).body.error.code).toBe("bad_request");
    expect((await again.call("DELETE", "/api/me", { confirmName: name })).status).toBe(200);
    expect((await again.call("GET", "/api/me")).body.account).toBeNull();
    expect((await new Browser(base).call("GET", `/api/players/${name}`)).status).toBe(404);
    const match = await new Browser(base).call("GET", `/api/matches/${created.body.matchId}`);
    const seatA = match.body.match.seats.find((s: any) => s.seat === "p1");
    expect(seatA.name).toMatch(/^player-[0-9a-f]{10}$/);
    expect((await new Browser(base).call("POST", "/api/auth/sign-in", { email: `${name}@example.org`, password: "a long enough password" })).status).toBe(401);
  });
});
