/**
 * Seats, spectators and bad input through real WebSocket clients (design.md principles 5 and 8):
 * a token opens exactly its own seat; a spectator can never act; malformed, oversized,
 * out-of-turn, illegal and too-frequent messages get a clear error code and change nothing;
 * a resent command id gets the first answer and is applied once.
 */
import { catalog } from "@fogwar/ember";
import { PROTOCOL_ERRORS, PROTOCOL_VERSION } from "@fogwar/protocol";
import { Client } from "@colyseus/sdk";
import { api, bootServer, canon, createMatch, emberRequest, TestClient, type Created, type TestServer } from "./harness";

jest.setTimeout(60_000);

let ts: TestServer;
let created: Created;
let p1: TestClient;
let p2: TestClient;
let watcher: TestClient;

beforeAll(async () => {
  ts = await bootServer();
  created = await createMatch(ts.http, emberRequest(catalog));
  p1 = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
  p2 = await TestClient.join(ts.ws, created.matchId, { seat: "p2", token: created.seats[1]!.token });
  watcher = await TestClient.join(ts.ws, created.matchId, "spectator");
  await Promise.all([p1, p2, watcher].map((c) => c.until(() => c.received("welcome").length > 0, "welcome")));
});
afterAll(async () => {
  for (const c of [p1, p2, watcher]) await c?.leave();
  await ts.close();
});

/** Sequence number and the stored log length: both must stay put after a refused message. */
async function unchanged<T>(run: () => Promise<T>): Promise<T> {
  const before = await ts.server.store.lastSeq(created.matchId);
  const view = canon(p1.projection());
  const result = await run();
  expect(await ts.server.store.lastSeq(created.matchId)).toBe(before);
  expect(canon(p1.projection())).toBe(view);
  return result;
}

describe("joining: seat tokens (128-bit, stored hashed) and spectators", () => {
  test("the welcome names the seat the token opened, and the protocol version", () => {
    expect(p1.received("welcome")[0]).toMatchObject({ type: "welcome", role: "player", seat: "p1", matchId: created.matchId, protocol: PROTOCOL_VERSION });
    expect(p2.received("welcome")[0]).toMatchObject({ role: "player", seat: "p2" });
    expect(watcher.received("welcome")[0]).toMatchObject({ role: "spectator", seat: null });
    // The setup's events (seed 001 3: the first-player roll) come with the welcome, redacted.
    for (const c of [p1, p2, watcher]) expect(c.received("welcome")[0].setupEvents.map((e: { type: string }) => e.type)).toContain("first_player_roll");
  });

  test("a wrong token, a token of another match, malformed options and an old protocol are refused", async () => {
    const other = await createMatch(ts.http, emberRequest(catalog));
    const attempts: [unknown, string][] = [
      [{ role: "player", protocol: PROTOCOL_VERSION, token: "0".repeat(32) }, "invalid_token"],
      [{ role: "player", protocol: PROTOCOL_VERSION, token: other.seats[0]!.token }, "invalid_token"],
      [{ role: "player", protocol: PROTOCOL_VERSION, token: "short" }, "bad_message"],
      [{ role: "player", protocol: PROTOCOL_VERSION }, "bad_message"],
      [{ role: "admin", protocol: PROTOCOL_VERSION }, "bad_message"],
      [{ role: "spectator", protocol: PROTOCOL_VERSION + 1 }, "unsupported_protocol"],
    ];
    for (const [options, code] of attempts) {
      const sdk = new Client(ts.ws);
      await expect(sdk.joinById(created.matchId, options as Record<string, unknown>)).rejects.toThrow(code);
    }
    expect(Object.keys(PROTOCOL_ERRORS)).toEqual(expect.arrayContaining(["invalid_token", "bad_message", "unsupported_protocol"]));
  });

  test("joining a match that does not exist fails", async () => {
    const sdk = new Client(ts.ws);
    await expect(sdk.joinById("nosuchmatch0", { role: "spectator", protocol: PROTOCOL_VERSION })).rejects.toThrow();
  });
});

describe("commands: who may act", () => {
  test("a spectator can never send a command", async () => {
    const answer = await unchanged(() => watcher.command({ type: "concede" }));
    expect(answer.type).toBe("error");
    expect(answer.payload.error.code).toBe("spectators_cannot_act");
    expect(answer.payload.error.message).toBe(PROTOCOL_ERRORS.spectators_cannot_act.message);
  });

  test("seed 001 3: out of turn, the rules refuse the command and nothing changes", async () => {
    const view = p1.projection() as { turn: string | null; pending: { seat: string } | null };
    const waiting = view.pending?.seat ?? view.turn;
    const idle = waiting === "p1" ? p2 : p1;
    const answer = await unchanged(() => idle.command({ type: "choose_side", side: "north" }));
    expect(answer.type).toBe("rejected");
    expect(typeof answer.payload.error.code).toBe("string");
    expect(answer.payload.error.message.length).toBeGreaterThan(10);
  });

  test("a command the ruleset does not know is rejected with the ruleset's error, not a crash", async () => {
    for (const command of [{ type: "teleport" }, { type: "deploy" }, 42, null, "concede", { type: "lock_plan", dials: "all" }]) {
      const answer = await unchanged(() => p1.command(command));
      expect(answer.type).toBe("rejected");
      expect(answer.payload.error.code).toMatch(/^[a-z_]+$/);
    }
  });
});

describe("messages: malformed, oversized, unknown", () => {
  test.each([
    ["command", { type: "command" }],
    ["command", { type: "command", id: "", command: {} }],
    ["command", { type: "command", id: "x".repeat(65), command: {} }],
    ["command", "not an object"],
    ["events_since", { type: "events_since", after: -1 }],
    ["steal_dials", { seat: "p2" }],
    ["command", { type: "ping", t: 1 }],
  ])("%s %j answers bad_message and changes nothing", async (type, payload) => {
    const error = await unchanged(() => p1.expectError(type, payload));
    expect(error.code).toBe("bad_message");
    expect(error.message).toBe(PROTOCOL_ERRORS.bad_message.message);
  });

  test("an oversized message answers message_too_large", async () => {
    const error = await unchanged(() => p1.expectError("command", { type: "command", id: "big", command: { type: "concede", pad: "x".repeat(20_000) } }));
    expect(error.code).toBe("message_too_large");
  });

  test("the room survives all of that: a ping still answers", async () => {
    const from = p1.messages.length;
    p1.room.send("ping", { type: "ping", t: 7 });
    const pong = await p1.until(() => p1.messages.slice(from).find((m) => m.type === "pong"), "pong");
    expect(pong.payload).toEqual({ type: "pong", t: 7 });
  });
});

describe("idempotent command ids and the rate limit", () => {
  test("resending a command id returns the first answer and applies it once", async () => {
    const view = p1.projection() as { pending: { seat: string; kind: string; options: { sides: string[] } } | null; turn: string | null };
    // The first-player roll leaves a side choice pending (seed 001 3).
    const chooser = view.pending?.seat === "p2" ? p2 : p1;
    const side = view.pending?.options.sides[0];
    expect(view.pending?.kind).toBe("choose_side");
    const before = await ts.server.store.lastSeq(created.matchId);
    const first = await chooser.command({ type: "choose_side", side }, "same-id");
    const again = await chooser.command({ type: "choose_side", side }, "same-id");
    expect(first.type).toBe("accepted");
    expect(again.payload).toEqual(first.payload);
    expect(await ts.server.store.lastSeq(created.matchId)).toBe(before + 1);
  });

  test("more than the burst in a moment gets rate_limited, and nothing is applied twice", async () => {
    const client = await TestClient.join(ts.ws, created.matchId, "spectator");
    for (let i = 0; i < 80; i++) client.room.send("ping", { type: "ping", t: i });
    await client.until(() => client.received("error").some((e) => e.error.code === "rate_limited"), "rate_limited");
    const pongs = client.received("pong").length;
    expect(pongs).toBeGreaterThanOrEqual(35);
    expect(pongs).toBeLessThan(80);
    await client.leave();
  });

  test("a command dropped by the rate limit is resent with the same id after a wait and applied once", async () => {
    const { legalCommandsInView } = await import("@fogwar/ember");
    const seat = [p1, p2].find((c) => legalCommandsInView(c.projection() as never, c.seat as string).length > 0)!;
    const command = legalCommandsInView(seat.projection() as never, seat.seat as string)[0];
    const before = await ts.server.store.lastSeq(created.matchId);
    for (let i = 0; i < 60; i++) seat.room.send("ping", { type: "ping", t: i });
    await seat.until(() => seat.received("error").some((e) => e.error.code === "rate_limited"), "the bucket emptied");
    const answer = await seat.command(command, "after-the-burst");
    expect(answer.type).toBe("accepted");
    expect(answer.payload.seq).toBe(before + 1);
    expect(await ts.server.store.lastSeq(created.matchId)).toBe(before + 1);
  });
});

describe("lobby API: bad requests get a 4xx with a clear message and create nothing", () => {
  test.each([
    ["no body", undefined, "bad_request"],
    ["unknown ruleset", { ruleset: "chess", scenario: "x", players: [] }, "bad_request"],
    ["unknown scenario", { ...emberRequest(catalog), scenario: "atlantis" }, "bad_request"],
    ["one player", { ...emberRequest(catalog), players: [{ name: "Solo", army: catalog.data.armies[0] }] }, "bad_request"],
    ["an army over the points limit", { ...emberRequest(catalog), players: [{ name: "A", army: catalog.data.armies[1] }, { name: "B", army: catalog.data.armies[2] }] }, "invalid_army"],
    ["a malformed army", { ...emberRequest(catalog), players: [{ name: "A", army: { faction: "RDL" } }, { name: "B", army: catalog.data.armies[2] }] }, "invalid_army"],
    ["a spectator delay out of range", { ...emberRequest(catalog), options: { spectatorDelay: 99 } }, "bad_request"],
  ])("%s", async (_what, body, code) => {
    const before = (await api(ts.http, "/matches")).body.matches.length;
    const response = body === undefined ? await api(ts.http, "/matches", { raw: "{not json" }) : await api(ts.http, "/matches", { body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
    expect(response.body.error.message.length).toBeGreaterThan(10);
    expect((await api(ts.http, "/matches")).body.matches.length).toBe(before);
  });

  test("an attacker keeping every refusal learns only what its own request held: a refused list's details are its seat, the name it sent and the list's problems, the same for the same request, with no match id, token or invite", async () => {
    const body = { ...emberRequest(catalog), players: [{ name: "A", army: catalog.data.armies[0] }, { name: "Mallory", army: catalog.data.armies[1] }] };
    const first = await api(ts.http, "/matches", { body });
    const again = await api(ts.http, "/matches", { body });
    expect(first.status).toBe(400);
    expect(first.body.error.code).toBe("invalid_army");
    expect(Object.keys(first.body.error.details).sort()).toEqual(["name", "problems", "seat"]);
    expect(first.body.error.details).toMatchObject({ seat: "p2", name: "Mallory" });
    expect(first.body.error.details.problems.length).toBeGreaterThan(0);
    // Nothing of the server's state (no counter, no id, no credential): the same request, the same answer.
    expect(again.body).toEqual(first.body);
    expect(JSON.stringify(first.body)).not.toMatch(/matchId|token|invite|[0-9a-f]{32}/);
  });

  test("unknown match and unknown endpoint are 404 with a code", async () => {
    expect((await api(ts.http, "/matches/nosuchmatch0")).body.error.code).toBe("not_found");
    expect((await api(ts.http, "/matches/nosuchmatch0/history")).status).toBe(404);
    expect((await api(ts.http, "/nothing")).status).toBe(404);
  });

  test("created matches come with one invite per seat, invites only in the URL fragment, and a spectator link", async () => {
    const { body: answer } = await api(ts.http, "/matches", { body: emberRequest(catalog) });
    expect(answer.seats.map((s: { seat: string }) => s.seat)).toEqual(["p1", "p2"]);
    for (const s of answer.seats) {
      expect(s.invite).toMatch(/^[0-9a-f]{32}$/);
      expect(s.token).toBeUndefined();
      expect(s.inviteUrl).toBe(`http://fogwar.test/play/${answer.matchId}#seat=${s.seat}&invite=${s.invite}`);
    }
    expect(answer.spectatorUrl).toBe(`http://fogwar.test/watch/${answer.matchId}`);
    const made = await createMatch(ts.http, emberRequest(catalog));
    const listed = await api(ts.http, `/matches/${made.matchId}`);
    expect(JSON.stringify(listed.body)).not.toContain(made.seats[0]!.token);
    expect(JSON.stringify(listed.body)).not.toContain(made.seats[0]!.invite);
  });
});
