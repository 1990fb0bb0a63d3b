/**
 * Each player brings their own secret army list (seed 001 2, design.md principle 8), through the
 * real HTTP server and WebSocket clients: a host creates an EMBER match without lists, each seat
 * locks its own list over its own connection, and neither the other seat nor a spectator ever
 * receives a list before the reveal (decoded states, received messages, raw socket bytes). The
 * host link lists every seat's state, never a seat token (re-issues and invites:
 * ./credentials.e2e.test.ts).
 */
import { catalog, type ArmyList } from "@fogwar/ember";
import { HOST_TOKEN_HEADER } from "@fogwar/protocol";
import { startServer, type RunningServer } from "../src/server.js";
import { decodedEntries } from "./decoded-frames";
import { api, createMatch, TestClient } from "./harness";

jest.setTimeout(60_000);

let server: RunningServer;
let http: string;
let ws: string;
beforeAll(async () => {
  server = await startServer({ port: 0, host: "127.0.0.1", publicUrl: "http://fogwar.test", logLevel: "error" });
  http = `http://127.0.0.1:${server.port}`;
  ws = `ws://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
});

const RDL = catalog.data.armies[0] as ArmyList;
const UN = catalog.data.armies[2] as ArmyList;
const musterRequest = { ruleset: "ember", scenario: "crossroads", players: [{ name: "Ana" }, { name: "Bo" }] };

/** A match whose seats are claimed (each seat's token as its player holds it). */
const create = (body: unknown = musterRequest): Promise<any> => createMatch(http, body);

async function host(matchId: string, token: string | undefined, method = "GET", path = "/host"): Promise<{ status: number; body: any }> {
  const response = await fetch(`${http}/api/matches/${matchId}${path}`, { method, headers: token === undefined ? {} : { [HOST_TOKEN_HEADER]: token } });
  return { status: response.status, body: await response.json() };
}

/** Texts that would only appear if a list's contents reached a socket. */
const listMarks = (army: ArmyList) => army.units.flatMap((u) => (u.kind === "mech" ? [u.parts.torso, u.pilot] : [u.drone]));

test("seed 001 2: two players each lock their own list over their own connection; the other seat and a spectator never receive a list before the reveal (decoded state, messages and raw bytes)", async () => {
  const created = await create();
  const [s1, s2] = created.seats;
  const p1 = await TestClient.join(ws, created.matchId, s1);
  const p2 = await TestClient.join(ws, created.matchId, s2);
  const watcher = await TestClient.join(ws, created.matchId, "spectator");
  expect((p1.projection() as any).phase).toBe("muster");

  expect((await p1.command({ type: "lock_army", army: { ...RDL, units: [...RDL.units, UN.units[0]] } })).payload.error?.code).toBe("invalid_army");
  expect((await p1.command({ type: "lock_army", army: RDL })).type).toBe("accepted");
  await p2.until(() => (p2.projection() as any).muster?.seats?.p1?.locked, "p1 locked, as p2 sees it");
  await watcher.until(() => (watcher.projection() as any).muster?.seats?.p1?.locked, "p1 locked, as the spectator sees it");
  // p1 unlocks and changes its mind: still secret.
  expect((await p1.command({ type: "unlock_army" })).type).toBe("accepted");
  expect((await p1.command({ type: "lock_army", army: UN })).type).toBe("accepted");
  await watcher.until(() => (watcher.projection() as any).muster?.seats?.p1?.locked, "p1 locked again");
  expect((p1.projection() as any).muster.seats.p1.list).toEqual(UN);
  const before = { p2: p2.frames().length, watcher: watcher.frames().length, p2Messages: p2.messages.length, watcherMessages: watcher.messages.length };
  for (const [client, n, m] of [
    [p2, before.p2, before.p2Messages],
    [watcher, before.watcher, before.watcherMessages],
  ] as const) {
    const view = client.projection() as any;
    // Locked twice (the lock count is public: every lock is announced), the list nowhere.
    expect(view.muster.seats.p1).toEqual({ locked: true, locks: 2, commitment: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const decoded = JSON.stringify(decodedEntries(client.frames().slice(0, n)));
    const messages = JSON.stringify(client.messages.slice(0, m));
    const raw = Buffer.concat(client.frames().slice(0, n));
    for (const mark of [...listMarks(UN), ...listMarks(RDL), UN.name, RDL.name]) {
      expect([client.label, mark, decoded.includes(mark)]).toEqual([client.label, mark, false]);
      expect([client.label, mark, messages.includes(mark)]).toEqual([client.label, mark, false]);
      expect([client.label, mark, raw.includes(Buffer.from(mark))]).toEqual([client.label, mark, false]);
    }
  }
  // The history API shows no lock command while the muster is on.
  const history = JSON.stringify((await api(http, `/matches/${created.matchId}/history`)).body);
  for (const mark of listMarks(UN)) expect(history).not.toContain(mark);
  // The host sees p1 locked, p2 not, both connected.
  const listed = await host(created.matchId, created.hostToken);
  expect(listed.body.seats.map((s: any) => [s.seat, s.locked, s.connected])).toEqual([
    ["p1", true, true],
    ["p2", false, true],
  ]);

  // The last lock reveals both lists, and the battle begins (the first-player roll, seed 001 3.2).
  expect((await p2.command({ type: "lock_army", army: RDL })).type).toBe("accepted");
  const revealed = await watcher.until(() => (watcher.projection() as any).muster?.revealed && (watcher.projection() as any), "the reveal");
  expect(revealed.muster.seats.p1.list).toEqual(UN);
  expect(revealed.muster.seats.p2.list).toEqual(RDL);
  expect(revealed.phase).toBe("side_choice");
  expect(revealed.units.length).toBe(UN.units.length + RDL.units.length);
  expect((await host(created.matchId, created.hostToken)).body.seats.map((s: any) => s.locked)).toEqual([null, null]);
  for (const c of [p1, p2, watcher]) await c.leave();
});

test("POST /api/matches refuses a mix of players with and without lists, and Siege players with lists", async () => {
  const mixed = await api(http, "/matches", { body: { ...musterRequest, players: [{ name: "Ana", army: RDL }, { name: "Bo" }] } });
  expect([mixed.status, mixed.body.error.code]).toEqual([400, "bad_request"]);
  const siege = await api(http, "/matches", { body: { ruleset: "siege", scenario: "bank-vault", players: [{ name: "A" }, { name: "B", team: "defence" }] } });
  expect(siege.status).toBe(400);
});

test("the host link: every seat's state and no seat token; bad host tokens get clear codes; the token in a query string is not read", async () => {
  const created = await create();
  expect(created.hostUrl).toBe(`http://fogwar.test/host/${created.matchId}#token=${created.hostToken}`);
  const listed = await host(created.matchId, created.hostToken);
  expect(listed.status).toBe(200);
  expect(listed.body).toMatchObject({ matchId: created.matchId, ruleset: "ember", status: "live", spectatorUrl: created.spectatorUrl });
  expect(listed.body.seats).toEqual(created.seats.map((s: any) => ({ seat: s.seat, name: s.name, connected: false, claimed: true, joined: false, locked: false })));
  for (const s of created.seats) expect(JSON.stringify(listed.body)).not.toContain(s.token);
  expect((await host(created.matchId, undefined)).body.error.code).toBe("host_token_required");
  expect((await host(created.matchId, undefined)).status).toBe(401);
  expect((await host(created.matchId, "not-a-token")).status).toBe(401);
  const wrong = await host(created.matchId, "0".repeat(32));
  expect([wrong.status, wrong.body.error.code]).toEqual([403, "invalid_host_token"]);
  // Another match's host token does not open this one.
  const other = await create();
  expect((await host(created.matchId, other.hostToken)).body.error.code).toBe("invalid_host_token");
  const query = await fetch(`${http}/api/matches/${created.matchId}/host?token=${created.hostToken}`);
  expect(query.status).toBe(401);
  expect((await host("zzzzzzzzzzzz", created.hostToken)).status).toBe(404);
  expect((await host(created.matchId, created.hostToken, "POST", "/host/seats/p9/reissue")).body.error.code).toBe("unknown_seat");
  // Nothing public carries the host token.
  const shown = JSON.stringify([(await api(http, `/matches/${created.matchId}`)).body, (await api(http, "/matches")).body]);
  expect(shown).not.toContain(created.hostToken);
});
