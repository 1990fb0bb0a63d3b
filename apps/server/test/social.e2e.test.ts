/**
 * Challenges, rematches, blocks and reports over the real HTTP server (docs/protocol.md
 * "Challenges and rematches", "Blocks and reports"): a challenge accepted makes a match whose
 * seats belong to both accounts; accept, decline and withdraw race and exactly one wins; a block
 * refuses challenges both ways exactly as for a player who does not exist; a rematch after a
 * conceded match swaps the sides and keeps the settings; reports are kept and listed for an operator.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type RunningServer } from "../src/server";
import { formatReports } from "../src/social/report-list";
import { TestClient } from "./harness";
import { Browser } from "./browser";

jest.setTimeout(90_000);

let dir: string;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fogwar-social-"));
  server = await startServer({ port: 0, host: "127.0.0.1", dataDir: dir, publicUrl: "http://localhost:2567", logLevel: "silent", botDelayMs: 0, limits: { createPerMinute: 6000, createBurst: 500 }, signInRates: { perAddress: { perSecond: 10, burst: 1000 } } });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const uniqueName = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

/** A signed-in guest with a fresh name. */
async function player(prefix: string): Promise<{ browser: Browser; name: string }> {
  const browser = new Browser(base);
  const name = uniqueName(prefix);
  const made = await browser.call("POST", "/api/auth/guest", { name });
  expect(made.status).toBe(200);
  return { browser, name };
}

const settings = { ruleset: "ember", scenario: "crossroads", options: { rated: true, clock: { minutes: 5, incrementSeconds: 3 } } };

describe("challenges", () => {
  test("an accepted challenge makes a match whose seats belong to both players", async () => {
    const ann = await player("ann");
    const bob = await player("bob");
    const sent = await ann.browser.call("POST", "/api/challenges", { to: bob.name, settings });
    expect(sent.status).toBe(201);
    const id = sent.body.challengeId as string;
    const bobs = await bob.browser.call("GET", "/api/challenges");
    expect(bobs.body.incoming).toEqual([{ challengeId: id, player: ann.name, settings, rematchOf: null, createdAt: expect.any(String) }]);
    expect((await ann.browser.call("GET", "/api/challenges")).body.outgoing.map((c: any) => [c.challengeId, c.player])).toEqual([[id, bob.name]]);
    // Only the challenged accepts.
    expect((await ann.browser.call("POST", `/api/challenges/${id}/accept`)).status).toBe(403);
    const accepted = await bob.browser.call("POST", `/api/challenges/${id}/accept`);
    expect(accepted.status).toBe(201);
    const matchId = accepted.body.matchId as string;
    const annSeats = await ann.browser.call("GET", `/api/me/seats/${matchId}`);
    const bobSeats = await bob.browser.call("GET", `/api/me/seats/${matchId}`);
    expect(annSeats.body.seats.map((s: any) => s.seat)).toEqual(["p1"]);
    expect(bobSeats.body.seats.map((s: any) => s.seat)).toEqual(["p2"]);
    const match = await ann.browser.call("GET", `/api/matches/${matchId}`);
    expect(match.body.match.seats.map((s: any) => s.name)).toEqual([ann.name, bob.name]);
    expect(match.body.options).toMatchObject({ rated: true, clock: { minutes: 5, incrementSeconds: 3 } });
    expect((await bob.browser.call("GET", "/api/challenges")).body.incoming).toEqual([]);
    expect((await bob.browser.call("POST", `/api/challenges/${id}/decline`)).status).toBe(409);
  });

  test("accept, decline and withdraw at once: exactly one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const ann = await player("ann");
      const bob = await player("bob");
      const id = (await ann.browser.call("POST", "/api/challenges", { to: bob.name, settings })).body.challengeId as string;
      const answers = await Promise.all([
        bob.browser.call("POST", `/api/challenges/${id}/accept`),
        bob.browser.call("POST", `/api/challenges/${id}/decline`),
        ann.browser.call("DELETE", `/api/challenges/${id}`),
        bob.browser.call("POST", `/api/challenges/${id}/accept`),
      ]);
      const won = answers.filter((a) => a.status === 201 || a.status === 204);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === "challenge_closed")).toBe(true);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
      const games = (await ann.browser.call("GET", "/api/me/matches")).body.matches;
      expect(games).toHaveLength(answers[0]!.status === 201 || answers[3]!.status === 201 ? 1 : 0);
    }
  });

  test("a block refuses challenges both ways, answered as for a player who does not exist", async () => {
    const ann = await player("ann");
    const bob = await player("bob");
    const open = (await bob.browser.call("POST", "/api/challenges", { to: ann.name, settings })).body.challengeId as string;
    expect((await ann.browser.call("PUT", `/api/me/blocks/${bob.name}`)).status).toBe(204);
    expect((await ann.browser.call("GET", "/api/me/blocks")).body.blocked).toEqual([{ name: bob.name, since: expect.any(String) }]);
    // Bob's open challenge is gone from Ann's list, and Bob sees nothing he could tell from a decline.
    expect((await ann.browser.call("GET", "/api/challenges")).body.incoming).toEqual([]);
    expect((await bob.browser.call("POST", `/api/challenges/${open}/decline`)).status).toBe(403);
    const missing = await bob.browser.call("POST", "/api/challenges", { to: uniqueName("nobody"), settings });
    const blocked = await bob.browser.call("POST", "/api/challenges", { to: ann.name, settings });
    expect(missing.status).toBe(404);
    expect(blocked.status).toBe(missing.status);
    expect(blocked.body.error.code).toBe("player_unavailable");
    expect({ ...blocked.body.error }).toEqual({ ...missing.body.error });
    expect((await ann.browser.call("POST", "/api/challenges", { to: bob.name, settings })).body.error.code).toBe("player_unavailable");
    // Bob's own block list says nothing of Ann.
    expect((await bob.browser.call("GET", "/api/me/blocks")).body.blocked).toEqual([]);
    expect((await ann.browser.call("DELETE", `/api/me/blocks/${bob.name}`)).status).toBe(204);
    expect((await bob.browser.call("POST", "/api/challenges", { to: ann.name, settings })).status).toBe(201);
  });

  test("a rematch after a conceded match: offered once, accepted, sides swapped, same settings", async () => {
    const ann = await player("ann");
    const bob = await player("bob");
    const id = (await ann.browser.call("POST", "/api/challenges", { to: bob.name, settings })).body.challengeId as string;
    const matchId = (await bob.browser.call("POST", `/api/challenges/${id}/accept`)).body.matchId as string;
    expect((await ann.browser.call("POST", `/api/matches/${matchId}/rematch`)).body.error.code).toBe("no_rematch");
    const token = (await ann.browser.call("GET", `/api/me/seats/${matchId}`)).body.seats[0];
    const client = await TestClient.join(`ws://127.0.0.1:${server.port}`, matchId, token);
    expect((await client.command({ type: "concede" })).type).toBe("accepted");
    await client.leave();
    const offered = await bob.browser.call("POST", `/api/matches/${matchId}/rematch`);
    expect(offered.status).toBe(201);
    // The other side asking too gets the same open offer.
    const again = await ann.browser.call("POST", `/api/matches/${matchId}/rematch`);
    expect(again.body.challengeId).toBe(offered.body.challengeId);
    const incoming = (await ann.browser.call("GET", "/api/challenges")).body.incoming;
    expect(incoming).toHaveLength(1);
    expect(incoming[0]).toMatchObject({ player: bob.name, rematchOf: matchId, settings: { ruleset: "ember", scenario: "crossroads", options: settings.options } });
    const rematch = await ann.browser.call("POST", `/api/challenges/${offered.body.challengeId}/accept`);
    expect(rematch.status).toBe(201);
    const next = rematch.body.matchId as string;
    expect((await ann.browser.call("GET", `/api/me/seats/${next}`)).body.seats.map((s: any) => s.seat)).toEqual(["p2"]);
    expect((await bob.browser.call("GET", `/api/me/seats/${next}`)).body.seats.map((s: any) => s.seat)).toEqual(["p1"]);
    const match = (await ann.browser.call("GET", `/api/matches/${next}`)).body;
    expect(match.match.seats.map((s: any) => s.name)).toEqual([bob.name, ann.name]);
    expect(match.match.scenario).toBe("crossroads");
    expect(match.options).toMatchObject({ rated: true, clock: { minutes: 5, incrementSeconds: 3 } });
  });

  test("reports are kept and listed for an operator", async () => {
    const ann = await player("ann");
    const bob = await player("bob");
    const id = (await ann.browser.call("POST", "/api/challenges", { to: bob.name, settings })).body.challengeId as string;
    const matchId = (await bob.browser.call("POST", `/api/challenges/${id}/accept`)).body.matchId as string;
    expect((await ann.browser.call("POST", "/api/reports", { matchId: "nosuchmatch1", reason: "x" })).status).toBe(404);
    expect((await ann.browser.call("POST", "/api/reports", { matchId, reason: "" })).status).toBe(400);
    expect((await new Browser(base).call("POST", "/api/reports", { matchId, reason: "rude" })).status).toBe(401);
    const first = await ann.browser.call("POST", "/api/reports", { matchId, reason: "stalling on purpose" });
    expect(first.status).toBe(201);
    const second = await ann.browser.call("POST", "/api/reports", { matchId, chat: { audience: "players", number: 1 }, reason: "insults\nin chat" });
    expect(second.status).toBe(201);
    const listed = await server.store.social.listReports(10);
    const mine = listed.filter((r) => r.matchId === matchId);
    expect(mine.map((r) => [r.reporterName, r.reason, r.chatAudience, r.chatNumber])).toEqual([
      [ann.name, "insults\nin chat", "players", 1],
      [ann.name, "stalling on purpose", null, null],
    ]);
    const text = formatReports(mine);
    expect(text).toContain(`match ${matchId} reported by ${ann.name}`);
    expect(text).toContain("chat players #1: (no such line)");
    expect(text).toContain("reason: insults in chat");
    expect(text.indexOf("insults")).toBeLessThan(text.indexOf("stalling"));
    for (let i = 2; i < 20; i++) expect((await ann.browser.call("POST", "/api/reports", { matchId, reason: `r${i}` })).status).toBe(201);
    expect((await ann.browser.call("POST", "/api/reports", { matchId, reason: "one too many" })).body.error.code).toBe("too_many_reports");
  });
});

describe("formatReports", () => {
  test("prints each report with its match, reporter, chat line and reason, one line each", () => {
    const text = formatReports([
      { id: 2, matchId: "m2", reporterName: "Ann", chatAudience: "team:alpha", chatNumber: 3, chatText: "go\naway", reason: "rude", createdAt: Date.UTC(2025, 0, 2) },
      { id: 1, matchId: "m1", reporterName: "Bob", chatAudience: null, chatNumber: null, chatText: null, reason: "cheating?", createdAt: Date.UTC(2025, 0, 1) },
    ]);
    expect(text.split("\n")).toEqual([
      "#2 2025-01-02T00:00:00.000Z match m2 reported by Ann",
      "  chat team:alpha #3: go away",
      "  reason: rude",
      "#1 2025-01-01T00:00:00.000Z match m1 reported by Bob",
      "  reason: cheating?",
    ]);
    expect(formatReports([])).toBe("No reports.");
  });
});
