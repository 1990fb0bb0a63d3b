/**
 * Per-address limits over HTTP and WebSocket: match creation (429 with Retry-After), concurrent
 * connections, failed joins (bad tokens, unknown rooms, failed reconnections, wrong host tokens;
 * then joins refused with too_many_requests, 4011) and the spectator
 * cap per match (spectators_full, 4010). Each limit gets its own server with a small setting.
 */
import { Client } from "@colyseus/sdk";
import { catalog } from "@fogwar/ember";
import { HOST_TOKEN_HEADER, PROTOCOL_VERSION, protocolErrorNumber } from "@fogwar/protocol";
import { request } from "node:http";
import type { LimitSettings } from "../src/limits";
import { api, bootServer, claimSeat, createMatch, emberRequest, TestClient, type TestServer } from "./harness";

jest.setTimeout(60_000);

const servers: TestServer[] = [];
async function boot(limits: Partial<LimitSettings>): Promise<TestServer> {
  const t = await bootServer({ limits });
  servers.push(t);
  return t;
}
// One server at a time: Colyseus's matchmaker is process-wide.
afterEach(async () => {
  for (const t of servers.splice(0)) await t.close();
});

describe("match creation per address", () => {
  it("refuses creations past the burst with 429, Retry-After and too_many_requests, creating nothing", async () => {
    const t = await boot({ createBurst: 3, createPerMinute: 1 });
    for (let i = 0; i < 3; i++) await createMatch(t.http, emberRequest(catalog));
    const response = await fetch(`${t.http}/api/matches`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" }, body: JSON.stringify(emberRequest(catalog)) });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await response.json()).toEqual({ error: { code: "too_many_requests", message: expect.any(String) } });
    // X-Forwarded-For is not trusted by default: rotating it does not open a new bucket.
    expect((await api(t.http, "/matches")).body.matches).toHaveLength(3);
    // Reading is not creating.
    expect((await api(t.http, "/health")).status).toBe(200);
  });
});

describe("concurrent connections per address", () => {
  it("refuses a join and a WebSocket past the cap, and admits again once one closes", async () => {
    const t = await boot({ maxConnectionsPerAddress: 3 });
    const created = await createMatch(t.http, emberRequest(catalog));
    const watchers = [];
    for (let i = 0; i < 3; i++) watchers.push(await TestClient.join(t.ws, created.matchId, "spectator"));
    await expect(new Client(t.ws).joinById(created.matchId, { role: "spectator", protocol: PROTOCOL_VERSION })).rejects.toMatchObject({ code: 429, message: expect.stringContaining("too_many_requests") });
    const status = await new Promise<number>((resolve, reject) => {
      const upgrade = request(`${t.http}/whatever/${created.matchId}?sessionId=x`, {
        headers: { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==" },
      });
      upgrade.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      upgrade.on("upgrade", (_res, socket) => {
        socket.destroy();
        resolve(101);
      });
      upgrade.on("error", reject);
      upgrade.end();
    });
    expect(status).toBe(429);
    await watchers.pop()?.leave();
    await new Promise((r) => setTimeout(r, 100));
    watchers.push(await TestClient.join(t.ws, created.matchId, "spectator"));
    for (const w of watchers) await w.leave();
  });
});

async function host(base: string, matchId: string, token: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}/api/matches/${matchId}/host`, { headers: { [HOST_TOKEN_HEADER]: token } });
  return { status: response.status, body: await response.json() };
}

describe("failed joins per address", () => {
  it("after the allowed failures, refuses every join from the address with too_many_requests (4011)", async () => {
    const t = await boot({ joinFailures: 3, joinBlockMs: 60_000 });
    const created = await createMatch(t.http, emberRequest(catalog));
    for (let i = 0; i < 3; i++) {
      await expect(new Client(t.ws).joinById(created.matchId, { role: "player", protocol: PROTOCOL_VERSION, token: "0".repeat(32) })).rejects.toMatchObject({ code: protocolErrorNumber("invalid_token") });
    }
    const blocked = protocolErrorNumber("too_many_requests");
    expect(blocked).toBe(4011);
    await expect(new Client(t.ws).joinById(created.matchId, { role: "spectator", protocol: PROTOCOL_VERSION })).rejects.toMatchObject({ code: blocked });
    // Even the right token: the address is refused for a while.
    await expect(new Client(t.ws).joinById(created.matchId, { role: "player", protocol: PROTOCOL_VERSION, token: created.seats[0]!.token })).rejects.toMatchObject({ code: blocked });
  });

  it("failed reconnections count as failed joins: then the address's joins are refused", async () => {
    const own = await boot({ joinFailures: 3, joinBlockMs: 60_000 });
    const created = await createMatch(own.http, emberRequest(catalog));
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${own.http}/matchmake/reconnect/${created.matchId}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ reconnectionToken: `${created.matchId}:guess${i}` }) });
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
    await expect(new Client(own.ws).joinById(created.matchId, { role: "player", protocol: PROTOCOL_VERSION, token: created.seats[0]!.token })).rejects.toMatchObject({ code: protocolErrorNumber("too_many_requests") });
    const blocked = await fetch(`${own.http}/matchmake/reconnect/${created.matchId}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ reconnectionToken: `${created.matchId}:guess` }) });
    expect(blocked.status).toBe(429);
  });

  it("wrong host tokens count as failed joins: then even the right host token is refused for a while (429)", async () => {
    const own = await boot({ joinFailures: 3, joinBlockMs: 60_000 });
    const created = await createMatch(own.http, emberRequest(catalog));
    for (let i = 0; i < 3; i++) expect((await host(own.http, created.matchId, `${i}`.repeat(32))).status).toBe(403);
    const refused = await host(own.http, created.matchId, created.hostToken);
    expect([refused.status, refused.body.error.code]).toEqual([429, "too_many_requests"]);
    await expect(new Client(own.ws).joinById(created.matchId, { role: "player", protocol: PROTOCOL_VERSION, token: created.seats[0]!.token })).rejects.toMatchObject({ code: protocolErrorNumber("too_many_requests") });
  });

  it("wrong invite codes and claims of an invite someone else claimed count as failed joins", async () => {
    const own = await boot({ joinFailures: 3, joinBlockMs: 60_000 });
    const created = await createMatch(own.http, emberRequest(catalog));
    const invite = created.seats[1]!.invite;
    for (let i = 0; i < 2; i++) expect((await claimSeat(own.http, created.matchId, "p2", `${i}`.repeat(32))).body.error.code).toBe("invalid_invite");
    expect((await claimSeat(own.http, created.matchId, "p2", invite)).body.error.code).toBe("invite_claimed");
    const refused = await claimSeat(own.http, created.matchId, "p2", invite);
    expect([refused.status, refused.body.error.code]).toEqual([429, "too_many_requests"]);
  });

  it("wrong seat tokens on the chat route count as failed joins: then even the right token reads no chat for a while (429)", async () => {
    const own = await boot({ joinFailures: 3, joinBlockMs: 60_000 });
    const created = await createMatch(own.http, emberRequest(catalog));
    const chat = (token: string) => fetch(`${own.http}/api/matches/${created.matchId}/chat`, { headers: { "x-seat-token": token } });
    expect((await chat(created.seats[0]!.token)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await chat(`${i}`.repeat(32))).status).toBe(403);
    const refused = await chat(created.seats[0]!.token);
    expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([429, "too_many_requests"]);
    await expect(new Client(own.ws).joinById(created.matchId, { role: "player", protocol: PROTOCOL_VERSION, token: created.seats[0]!.token })).rejects.toMatchObject({ code: protocolErrorNumber("too_many_requests") });
  });

  it("counts joins to unknown rooms as failures", async () => {
    const t = await boot({ joinFailures: 2, joinBlockMs: 60_000 });
    const created = await createMatch(t.http, emberRequest(catalog));
    for (let i = 0; i < 2; i++) await expect(new Client(t.ws).joinById(`nosuchroom${i}`, { role: "spectator", protocol: PROTOCOL_VERSION })).rejects.toBeDefined();
    await expect(new Client(t.ws).joinById(created.matchId, { role: "spectator", protocol: PROTOCOL_VERSION })).rejects.toMatchObject({ code: 4011 });
  });
});

describe("spectators per match", () => {
  it("refuses a spectator past the cap with spectators_full (4010); seats still join", async () => {
    const t = await boot({ maxSpectators: 2 });
    const created = await createMatch(t.http, emberRequest(catalog));
    const watchers = [await TestClient.join(t.ws, created.matchId, "spectator"), await TestClient.join(t.ws, created.matchId, "spectator")];
    await expect(new Client(t.ws).joinById(created.matchId, { role: "spectator", protocol: PROTOCOL_VERSION })).rejects.toMatchObject({ code: protocolErrorNumber("spectators_full") });
    expect(protocolErrorNumber("spectators_full")).toBe(4010);
    const seat = await TestClient.join(t.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    // A place freed is a place again.
    await watchers.pop()?.leave();
    await new Promise((r) => setTimeout(r, 100));
    watchers.push(await TestClient.join(t.ws, created.matchId, "spectator"));
    for (const c of [...watchers, seat]) await c.leave();
  });

  it("admits no more than the cap when many spectators join at once", async () => {
    const t = await boot({ maxSpectators: 3 });
    const created = await createMatch(t.http, emberRequest(catalog));
    const attempts = await Promise.allSettled(Array.from({ length: 12 }, () => new Client(t.ws).joinById(created.matchId, { role: "spectator", protocol: PROTOCOL_VERSION })));
    const joined = attempts.filter((a) => a.status === "fulfilled");
    expect(joined).toHaveLength(3);
    for (const a of attempts) if (a.status === "rejected") expect(a.reason).toMatchObject({ code: 4010 });
    for (const a of joined) await (a as PromiseFulfilledResult<Awaited<ReturnType<Client["joinById"]>>>).value.leave(true);
  });
});
