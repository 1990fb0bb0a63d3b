/**
 * Hostile input from the public documentation, over HTTP and WebSocket: the matchmaking routes
 * cannot create rooms, control characters get the documented bad-request codes (never a 500),
 * responses carry the security headers, source maps are not served and CORS names only the
 * deployment's own origin.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { matchMaker } from "@colyseus/core";
import { catalog, legalCommandsInView } from "@fogwar/ember";
import { PROTOCOL_VERSION, protocolErrorNumber } from "@fogwar/protocol";
import { api, bootServer, createMatch, emberRequest, TestClient, type Created, type TestServer } from "./harness";

jest.setTimeout(60_000);

let t: TestServer;
let created: Created;

beforeAll(async () => {
  // A built client with a script and the source map a build could leave next to it.
  const web = mkdtempSync(join(tmpdir(), "fogwar-web-"));
  mkdirSync(join(web, "assets"));
  writeFileSync(join(web, "index.html"), "<!doctype html><script type=module src=/assets/index.js></script>");
  writeFileSync(join(web, "assets", "index.js"), "console.log(1);\n//# sourceMappingURL=index.js.map");
  writeFileSync(join(web, "assets", "index.js.map"), "{}");
  writeFileSync(join(web, "index.js.map"), "{}");
  t = await bootServer({ webDir: web });
  created = await createMatch(t.http, emberRequest(catalog));
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${t.http}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

describe("matchmaking routes: only the server creates rooms", () => {
  it.each(["create", "join", "joinOrCreate"])("refuses POST /matchmake/%s/match with 403 forbidden and creates nothing", async (method) => {
    const rooms = (await matchMaker.query({})).length;
    const response = await post(`/matchmake/${method}/match`, { matchId: created.matchId });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "forbidden", message: expect.any(String) } });
    expect((await matchMaker.query({})).length).toBe(rooms);
  });

  it("keeps joinById open (the SDK joins with it)", async () => {
    const watcher = await TestClient.join(t.ws, created.matchId, "spectator");
    expect(watcher.received("welcome")[0]).toMatchObject({ role: "spectator", matchId: created.matchId });
    await watcher.leave();
  });

  it("a room refuses a creation the server did not grant, even from inside the process", async () => {
    const rooms = (await matchMaker.query({})).length;
    await expect(matchMaker.createRoom("match", { matchId: created.matchId })).rejects.toThrow();
    await expect(matchMaker.createRoom("match", { matchId: created.matchId, grant: "0".repeat(32) })).rejects.toThrow();
    expect((await matchMaker.query({})).length).toBe(rooms);
  });
});

describe("control characters get the bad-request codes, never a 500", () => {
  it.each([
    ["a query", "/matches?player=%00"],
    ["a query with a line break", "/matches?ruleset=ember%0A"],
    ["a match id in the path", "/matches/ab%00cd"],
    ["a match id in the history path", "/matches/ab%00cd/history"],
    ["a match id with a slash-dot", "/matches/..%2Fx"],
  ])("refuses %s with 400 bad_request", async (_what, path) => {
    const { status, body } = await api(t.http, path);
    expect(status).toBe(400);
    expect(body.error.code).toBe("bad_request");
  });

  it("refuses a player name with NUL with 400 invalid_name (a name is checked by its own schema)", async () => {
    const request = emberRequest(catalog);
    request.players[0]!.name = "A\u0000na";
    const { status, body } = await api(t.http, "/matches", { body: request });
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_name");
  });

  it("refuses a join name with NUL with invalid_name (4025)", async () => {
    await expect(TestClient.join(t.ws, created.matchId, "spectator", { name: "x\u0000y" })).rejects.toMatchObject({ code: protocolErrorNumber("invalid_name") });
  });

  it("refuses a command id with NUL with bad_message and stores nothing", async () => {
    const own = await createMatch(t.http, emberRequest(catalog));
    const seats = await Promise.all(own.seats.map((s) => TestClient.join(t.ws, own.matchId, { seat: s.seat, token: s.token })));
    const actor = seats.find((c) => legalCommandsInView(c.projection() as never, c.seat as string).length > 0) as TestClient;
    const command = legalCommandsInView(actor.projection() as never, actor.seat as string)[0];
    const error = await actor.expectError("command", { type: "command", id: "c\u00001", command });
    expect(error.code).toBe("bad_message");
    expect(await t.server.store.lastSeq(own.matchId)).toBe(0);
    for (const c of seats) await c.leave();
  });

  it("refuses a static path with NUL without a server error", async () => {
    for (const path of ["/assets/%00.js", "/%00", "/play/%00"]) {
      const response = await fetch(`${t.http}${path}`);
      expect(response.status).toBeLessThan(500);
    }
  });
});

describe("headers", () => {
  it("sets a content security policy (styles from itself only), nosniff and frame-ancestors, and no X-Powered-By", async () => {
    for (const path of ["/api/health", "/api/matches", "/"]) {
      const response = await fetch(`${t.http}${path}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self' ws://fogwar.test");
      // Styles come from the server's own files only: no inline <style> element or style="" markup.
      const styleSrc = csp.split(";").map((d) => d.trim()).filter((d) => /^style-src(-elem|-attr)?\s/.test(d));
      expect(styleSrc).toEqual(["style-src 'self'"]);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-powered-by")).toBeNull();
    }
  });

  it("serves no source maps (the script itself is served)", async () => {
    expect((await fetch(`${t.http}/assets/index.js`)).status).toBe(200);
    for (const path of ["/assets/index.js.map", "/index.js.map", "/assets/%2E%2E/x.map"]) {
      const response = await fetch(`${t.http}${path}`);
      expect(response.status).toBe(404);
    }
  });
});

describe("CORS: the deployment's own origin only", () => {
  it("names the own origin on the API and matchmaking, and no other", async () => {
    const own = await fetch(`${t.http}/api/health`, { headers: { origin: "http://fogwar.test" } });
    expect(own.headers.get("access-control-allow-origin")).toBe("http://fogwar.test");
    const other = await fetch(`${t.http}/api/health`, { headers: { origin: "https://evil.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    expect(other.headers.get("access-control-allow-credentials")).toBeNull();
    for (const origin of ["https://evil.example", "http://fogwar.test"]) {
      const preflight = await fetch(`${t.http}/matchmake/joinById/${created.matchId}`, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } });
      expect(preflight.headers.get("access-control-allow-origin")).toBe(origin === "http://fogwar.test" ? origin : null);
    }
    const join = await post(`/matchmake/joinById/${created.matchId}`, { role: "spectator", protocol: PROTOCOL_VERSION }, { origin: "https://evil.example" });
    expect(join.headers.get("access-control-allow-origin")).toBeNull();
    expect(join.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
