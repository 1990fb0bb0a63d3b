/**
 * Table chat through the real server and real WebSockets (apps/server/src/chat): on the raw bytes
 * of every socket, spectators' chat never reaches a player and team chat never reaches the other
 * team or a spectator; bad lines (empty, too long, an audience the connection may not post to,
 * too fast) are refused with their codes and change nothing; joins and reconnections get the
 * backlog of their audiences; `GET /api/matches/:id/chat` shows each requester what it may hear
 * while live, and everything once the match is over.
 */
import "./record-frames";
import { catalog } from "@fogwar/ember";
import { CHAT_BURST, MAX_CHAT_LENGTH } from "@fogwar/protocol";
import { bootServer, createMatch, emberRequest, playBots, TestClient, type Created, type TestServer } from "./harness";

jest.setTimeout(60_000);

let test_server: TestServer;
beforeAll(async () => {
  test_server = await bootServer();
});
afterAll(async () => {
  await test_server.close();
});

const siege2v2 = {
  ruleset: "siege",
  scenario: "ledger",
  players: [
    { name: "Ayla", team: "attack" },
    { name: "Dan", team: "defence" },
    { name: "Arno", team: "attack" },
    { name: "Dora", team: "defence" },
  ],
  options: {},
};

/** Whether a client's socket received these UTF-8 bytes in any frame. */
const heard = (client: TestClient, marker: string): boolean => client.frames().some((frame) => frame.includes(Buffer.from(marker, "utf8")));

/** Sends a chat line; resolves once `witness` has it as a `chat` message. */
async function say(speaker: TestClient, audience: string, text: string, witness: TestClient = speaker): Promise<void> {
  speaker.room.send("chat", { type: "chat", audience, text });
  await witness.until(() => witness.received("chat").some((m) => m.line.text === text.trim()), `"${text}" to reach ${witness.label}`);
}

/** Lets anything in flight arrive (a ping's answer follows every earlier frame on the socket). */
async function settle(clients: TestClient[]): Promise<void> {
  await Promise.all(
    clients.map(async (c) => {
      const t = Math.random();
      c.room.send("ping", { type: "ping", t });
      await c.until(() => c.received("pong").some((p) => p.t === t), "pong");
    }),
  );
}

async function joinAll(created: Created, spectators = 1): Promise<{ seats: Map<string, TestClient>; watchers: TestClient[] }> {
  const seats = new Map<string, TestClient>();
  for (const s of created.seats) seats.set(s.seat, await TestClient.join(test_server.ws, created.matchId, { seat: s.seat, token: s.token }));
  const watchers: TestClient[] = [];
  for (let i = 0; i < spectators; i++) watchers.push(await TestClient.join(test_server.ws, created.matchId, "spectator", { name: `watcher ${i + 1}` }));
  return { seats, watchers };
}

describe("table chat on the wire (Siege 2 v 2)", () => {
  test("spectators' chat never reaches a player's socket; team chat never reaches the other team or spectators; players' chat reaches everyone", async () => {
    const created = await createMatch(test_server.http, siege2v2);
    const { seats, watchers } = await joinAll(created, 2);
    const [a1, a2, d1, d2] = ["a1", "a2", "d1", "d2"].map((s) => seats.get(s)!) as [TestClient, TestClient, TestClient, TestClient];
    const [w1, w2] = watchers as [TestClient, TestClient];
    const everyone = [a1, a2, d1, d2, w1, w2];

    expect(a1.received("chat_backlog")[0]).toMatchObject({ read: ["players", "team"], write: ["players", "team"], lines: [] });
    expect(w1.received("chat_backlog")[0]).toMatchObject({ read: ["players", "spectators"], write: ["spectators"], lines: [] });

    await say(a1, "team", "ATTACK-PLAN-7f3 breach east", a2);
    await say(d2, "team", "DEFENCE-PLAN-9c1 hold the vault", d1);
    await say(w1, "spectators", "SPECTATOR-SECRET-4d2 the real token is t9", w2);
    await say(d1, "players", "PLAYERS-HELLO-1a0 gl hf", w2);
    await settle(everyone);

    for (const c of everyone) expect(heard(c, "PLAYERS-HELLO-1a0")).toBe(true);
    for (const c of [a1, a2]) expect([heard(c, "ATTACK-PLAN-7f3"), heard(c, "DEFENCE-PLAN-9c1"), heard(c, "SPECTATOR-SECRET-4d2")]).toEqual([true, false, false]);
    for (const c of [d1, d2]) expect([heard(c, "ATTACK-PLAN-7f3"), heard(c, "DEFENCE-PLAN-9c1"), heard(c, "SPECTATOR-SECRET-4d2")]).toEqual([false, true, false]);
    for (const c of [w1, w2]) expect([heard(c, "ATTACK-PLAN-7f3"), heard(c, "DEFENCE-PLAN-9c1"), heard(c, "SPECTATOR-SECRET-4d2")]).toEqual([false, false, true]);

    const line = a2.received("chat").find((m) => m.line.text.startsWith("ATTACK"))!.line;
    expect(line).toMatchObject({ audience: "team", team: "attack", seat: "a1", name: "Ayla", seq: 0 });
    expect(w2.received("chat").find((m) => m.line.text.startsWith("SPECTATOR"))!.line).toMatchObject({ audience: "spectators", team: null, seat: null, name: "watcher 1" });

    // Joining again (a reload replaces the seat's connection) brings the backlog of its audiences only.
    const d2again = await TestClient.join(test_server.ws, created.matchId, { seat: "d2", token: created.seats.find((s) => s.seat === "d2")!.token });
    await d2.until(() => d2.hasLeft, "the replaced connection to close");
    const backlog = d2again.received("chat_backlog")[0];
    expect(backlog.lines.map((l: { text: string }) => l.text)).toEqual(["DEFENCE-PLAN-9c1 hold the vault", "PLAYERS-HELLO-1a0 gl hf"]);
    expect(heard(d2again, "ATTACK-PLAN-7f3") || heard(d2again, "SPECTATOR-SECRET-4d2")).toBe(false);
    const w3 = await TestClient.join(test_server.ws, created.matchId, "spectator");
    expect(w3.received("chat_backlog")[0].lines.map((l: { text: string }) => l.text)).toEqual(["SPECTATOR-SECRET-4d2 the real token is t9", "PLAYERS-HELLO-1a0 gl hf"]);
    expect(heard(w3, "ATTACK-PLAN-7f3") || heard(w3, "DEFENCE-PLAN-9c1")).toBe(false);

    // The history API: each requester what it may hear while live; everything once over.
    const token = (seat: string) => created.seats.find((s) => s.seat === seat)!.token;
    const texts = (body: { lines: { text: string }[] }) => body.lines.map((l) => l.text.split(" ")[0]);
    const chatOf = async (headers: Record<string, string> = {}) => {
      const response = await fetch(`${test_server.http}/api/matches/${created.matchId}/chat`, { headers });
      return { status: response.status, body: (await response.json()) as any };
    };
    const anonymous = await chatOf();
    expect(anonymous.body.perspective).toBe("spectator");
    expect(texts(anonymous.body)).toEqual(["SPECTATOR-SECRET-4d2", "PLAYERS-HELLO-1a0"]);
    const attacker = await chatOf({ "x-seat-token": token("a2") });
    expect(attacker.body).toMatchObject({ perspective: "seat", read: ["players", "team"] });
    expect(texts(attacker.body)).toEqual(["ATTACK-PLAN-7f3", "PLAYERS-HELLO-1a0"]);
    expect(texts((await chatOf({ "x-seat-token": token("d1") })).body)).toEqual(["DEFENCE-PLAN-9c1", "PLAYERS-HELLO-1a0"]);
    expect((await chatOf({ "x-seat-token": "0".repeat(32) })).status).toBe(403);
    expect((await chatOf({ "x-seat-token": "not a token" })).status).toBe(400);
    await test_server.server.store.finishMatch(created.matchId, "abandoned", null);
    const review = await chatOf({ "x-seat-token": token("a1") });
    expect(review.body).toMatchObject({ perspective: "review", read: ["players", "team", "spectators"] });
    expect(texts(review.body)).toEqual(["ATTACK-PLAN-7f3", "DEFENCE-PLAN-9c1", "SPECTATOR-SECRET-4d2", "PLAYERS-HELLO-1a0"]);
    for (const c of [...everyone.filter((c) => c !== d2), d2again, w3]) await c.leave();
  });
});

describe("bad chat lines change nothing", () => {
  test("empty, too long, a closed audience and too fast are refused with their codes; nothing is stored or sent", async () => {
    const created = await createMatch(test_server.http, emberRequest(catalog));
    const { seats, watchers } = await joinAll(created, 1);
    const p1 = seats.get("p1")!;
    const p2 = seats.get("p2")!;
    const watcher = watchers[0]!;
    const stored = () => test_server.server.store.chatLines(created.matchId);

    expect(p1.received("chat_backlog")[0]).toMatchObject({ read: ["players"], write: ["players"] });
    expect(await p1.expectError("chat", { audience: "players", text: "   " })).toMatchObject({ code: "chat_empty" });
    expect(await p1.expectError("chat", { audience: "players", text: "x".repeat(MAX_CHAT_LENGTH + 1) })).toMatchObject({ code: "chat_too_long" });
    // No teams of two in a 1 v 1: no team chat. Spectators' chat is not a player's; players' and team chat not a spectator's.
    expect(await p1.expectError("chat", { audience: "team", text: "TEAM-IN-1V1" })).toMatchObject({ code: "chat_audience_closed" });
    expect(await p1.expectError("chat", { audience: "spectators", text: "P1-TO-SPECTATORS" })).toMatchObject({ code: "chat_audience_closed" });
    expect(await watcher.expectError("chat", { audience: "players", text: "SPECTATOR-TO-PLAYERS" })).toMatchObject({ code: "chat_audience_closed" });
    expect(await watcher.expectError("chat", { audience: "team", text: "SPECTATOR-TO-TEAM" })).toMatchObject({ code: "chat_audience_closed" });
    expect(await stored()).toEqual([]);

    // A burst of CHAT_BURST lines, then the seat is refused until its bucket refills.
    for (let i = 0; i < CHAT_BURST; i++) await say(p1, "players", `burst ${i}`, p2);
    expect(await p1.expectError("chat", { audience: "players", text: "ONE-TOO-MANY" })).toMatchObject({ code: "chat_rate_limited" });
    await settle([p1, p2, watcher]);
    expect((await stored()).map((l) => l.text)).toEqual([0, 1, 2, 3, 4].map((i) => `burst ${i}`));
    for (const marker of ["TEAM-IN-1V1", "P1-TO-SPECTATORS", "SPECTATOR-TO-PLAYERS", "SPECTATOR-TO-TEAM", "ONE-TOO-MANY"]) {
      for (const c of [p1, p2, watcher]) expect(c.received("chat").some((m) => m.line.text === marker)).toBe(false);
    }
    // The other seat has its own bucket.
    await say(p2, "players", "p2 still talks", p1);
    for (const c of [p1, p2, watcher]) await c.leave();
  });
});

describe("players' chat and a delayed caster feed", () => {
  test("a spectator hears a players' line once the caster feed reaches the log position it was said at; seats at once; so does the spectators' history", async () => {
    const created = await createMatch(test_server.http, emberRequest(catalog, { options: { spectatorDelay: 1 } }));
    const { seats, watchers } = await joinAll(created, 1);
    const p1 = seats.get("p1")!;
    const p2 = seats.get("p2")!;
    const watcher = watchers[0]!;
    const everyone = [p1, p2, watcher];
    const casterSeq = () => watcher.caster()?.seq ?? 0;
    // Play until the live log is ahead of the caster feed (it keeps pace before round 1 ends).
    for (let i = 0; i < 400 && casterSeq() >= p1.seq; i++) await playBots([p1, p2], everyone, { botSeed: `chat-delay-${i}`, maxCommands: 1 });
    await settle([watcher]);
    expect(casterSeq()).toBeLessThan(p1.seq);
    const said = p1.seq;
    await say(p1, "players", "DELAYED-LINE-5e1 where did that come from", p2);
    await settle(everyone);
    expect(heard(watcher, "DELAYED-LINE-5e1")).toBe(false);
    const history = async () => ((await (await fetch(`${test_server.http}/api/matches/${created.matchId}/chat`)).json()) as { lines: { text: string }[] }).lines.map((l) => l.text);
    expect(await history()).toEqual([]);
    // Play on until the caster feed passes the line's position: then, and only then, it arrives.
    await playBots([p1, p2], everyone, {
      botSeed: "chat-delay-2",
      maxCommands: 400,
      afterEach: async () => {
        await settle([watcher]);
        if (casterSeq() < said) expect(heard(watcher, "DELAYED-LINE-5e1")).toBe(false);
        else throw new Error("caster passed");
      },
    }).catch((error: Error) => {
      if (error.message !== "caster passed") throw error;
    });
    expect(casterSeq()).toBeGreaterThanOrEqual(said);
    await watcher.until(() => watcher.received("chat").some((m) => m.line.text.startsWith("DELAYED-LINE-5e1")), "the held line");
    expect(await history()).toEqual(["DELAYED-LINE-5e1 where did that come from"]);
    for (const c of everyone) await c.leave();
  });
});
