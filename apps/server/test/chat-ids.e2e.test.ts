/**
 * Chat line numbers count only what their listener hears (apps/server/src/chat/room-chat.ts,
 * protocol `ChatLine.id` and `n`), through the real server and real WebSockets: in a Siege 2 v 2
 * with both teams and the spectators talking between the players' lines, each seat and each
 * spectator sees its audiences numbered 1, 2, 3 ... without a gap, live, in the backlog of a
 * later join, from `GET /api/matches/:id/chat`, and again after the server restarts on the same
 * data folder (the numbers go on where they stopped). With a delayed caster feed, a players' line
 * held back from the spectators leaves no gap in their own chat, and a spectator's line carries the
 * caster feed's log position, not the live one.
 */
import "./record-frames";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { catalog } from "@fogwar/ember";
import type { ChatLine } from "@fogwar/protocol";
import { bootServer, createMatch, emberRequest, playBots, TestClient, type Created, type TestServer } from "./harness";

jest.setTimeout(120_000);

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

/** The ids of the lines a client received live, in arrival order. */
const liveIds = (client: TestClient): string[] => client.received("chat").map((m: { line: ChatLine }) => m.line.id);

/**
 * Checks that lines count nothing else: per audience (per team), the numbers run 1, 2, 3 ... in
 * order, and each id is its audience and number. @returns the ids.
 */
function gapless(lines: readonly ChatLine[]): string[] {
  const last = new Map<string, number>();
  for (const line of lines) {
    const key = line.audience === "team" ? `team:${line.team}` : line.audience;
    expect({ id: line.id, n: line.n }).toEqual({ id: `${key}:${(last.get(key) ?? 0) + 1}`, n: (last.get(key) ?? 0) + 1 });
    last.set(key, line.n);
  }
  return lines.map((l) => l.id);
}

/** Sends a chat line; resolves once `witness` has it. */
async function say(speaker: TestClient, audience: string, text: string, witness: TestClient = speaker): Promise<void> {
  speaker.room.send("chat", { type: "chat", audience, text });
  await witness.until(() => witness.received("chat").some((m) => m.line.text === text), `"${text}" to reach ${witness.label}`);
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

const tokenOf = (created: Created, seat: string): string => created.seats.find((s) => s.seat === seat)!.token;

/** `GET /api/matches/:id/chat` as a seat (its token) or a spectator (none): the lines' ids, checked gapless. */
async function historyIds(server: TestServer, matchId: string, token?: string): Promise<string[]> {
  const response = await fetch(`${server.http}/api/matches/${matchId}/chat`, { headers: token ? { "x-seat-token": token } : {} });
  expect(response.status).toBe(200);
  return gapless(((await response.json()) as { lines: ChatLine[] }).lines);
}

describe("chat ids count only what the listener hears", () => {
  let folder: string;
  let server: TestServer | null = null;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "fogwar-chat-ids-"));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test("Siege 2 v 2: team chat of both teams and spectators' chat leave no gap in anyone's numbers, live, in backlogs, in the history API and after a restart", async () => {
    server = await bootServer({ dataDir: folder });
    const created = await createMatch(server.http, siege2v2);
    const join1 = async (seat: string) => TestClient.join(server!.ws, created.matchId, { seat, token: tokenOf(created, seat) });
    const [a1, a2, d1, d2] = [await join1("a1"), await join1("a2"), await join1("d1"), await join1("d2")];
    const watcher = await TestClient.join(server.ws, created.matchId, "spectator", { name: "watcher" });
    const everyone = [a1, a2, d1, d2, watcher];

    await say(a1, "team", "attack one", a2);
    await say(d1, "team", "defence one", d2);
    await say(watcher, "spectators", "spectators one");
    await say(d2, "team", "defence two", d1);
    await say(a2, "players", "players one", watcher);
    await say(watcher, "spectators", "spectators two");
    await say(a1, "team", "attack two", a2);
    await say(d1, "players", "players two", watcher);
    await settle(everyone);

    const attack = ["team:attack:1", "players:1", "team:attack:2", "players:2"];
    const defence = ["team:defence:1", "team:defence:2", "players:1", "players:2"];
    const spectators = ["spectators:1", "players:1", "spectators:2", "players:2"];
    for (const c of [a1, a2]) expect(gapless(c.received("chat").map((m) => m.line))).toEqual(attack);
    for (const c of [d1, d2]) expect(liveIds(c)).toEqual(defence);
    expect(gapless(watcher.received("chat").map((m) => m.line))).toEqual(spectators);

    // A later join's backlog and the history API number the lines alike.
    const late = await TestClient.join(server.ws, created.matchId, "spectator");
    expect(gapless(late.received("chat_backlog")[0].lines)).toEqual(spectators);
    expect(await historyIds(server, created.matchId, tokenOf(created, "a2"))).toEqual(attack);
    expect(await historyIds(server, created.matchId, tokenOf(created, "d1"))).toEqual(defence);
    expect(await historyIds(server, created.matchId)).toEqual(spectators);

    // The server restarts on the same folder: the numbers survive, and go on where they stopped.
    for (const c of [...everyone, late]) await c.leave();
    await server.close();
    server = null;
    server = await bootServer({ dataDir: folder });
    const [b1, b2] = [await join1("a1"), await join1("d2")];
    const back = await TestClient.join(server.ws, created.matchId, "spectator", { name: "watcher" });
    expect(gapless(b1.received("chat_backlog")[0].lines)).toEqual(attack);
    expect(gapless(b2.received("chat_backlog")[0].lines)).toEqual(defence);
    expect(gapless(back.received("chat_backlog")[0].lines)).toEqual(spectators);
    await say(back, "spectators", "spectators three");
    await say(b2, "team", "defence three");
    await say(b1, "team", "attack three");
    await say(b1, "players", "players three", back);
    await settle([b1, b2, back]);
    expect(liveIds(b1)).toEqual(["team:attack:3", "players:3"]);
    expect(liveIds(b2)).toEqual(["team:defence:3", "players:3"]);
    expect(liveIds(back)).toEqual(["spectators:3", "players:3"]);
    expect(await historyIds(server, created.matchId, tokenOf(created, "a1"))).toEqual([...attack, "team:attack:3", "players:3"]);
    expect(await historyIds(server, created.matchId)).toEqual([...spectators, "spectators:3", "players:3"]);
    for (const c of [b1, b2, back]) await c.leave();
  });
});

describe("chat ids with a delayed caster feed", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await bootServer();
  });
  afterAll(async () => {
    await server.close();
  });

  test("a players' line the delay holds back leaves no gap in the spectators' chat, and a spectator's line carries the caster feed's position", async () => {
    const created = await createMatch(server.http, emberRequest(catalog, { options: { spectatorDelay: 1 } }));
    const p1 = await TestClient.join(server.ws, created.matchId, { seat: "p1", token: tokenOf(created, "p1") });
    const p2 = await TestClient.join(server.ws, created.matchId, { seat: "p2", token: tokenOf(created, "p2") });
    const watcher = await TestClient.join(server.ws, created.matchId, "spectator", { name: "watcher" });
    const everyone = [p1, p2, watcher];
    const casterSeq = () => watcher.caster()?.seq ?? 0;
    for (let i = 0; i < 400 && casterSeq() >= p1.seq; i++) await playBots([p1, p2], everyone, { botSeed: `chat-ids-delay-${i}`, maxCommands: 1 });
    await settle(everyone);
    expect(casterSeq()).toBeLessThan(p1.seq);

    await say(watcher, "spectators", "before");
    const said = p1.seq;
    await say(p1, "players", "HELD-LINE", p2);
    await say(watcher, "spectators", "after");
    await settle(everyone);
    // The held line is not there yet, and nothing shows it was said: the spectators' numbers run on.
    expect(gapless(watcher.received("chat").map((m) => m.line))).toEqual(["spectators:1", "spectators:2"]);
    expect(await historyIds(server, created.matchId)).toEqual(["spectators:1", "spectators:2"]);
    // A spectator's line tells the log position of the board spectators see, not the live one.
    for (const m of watcher.received("chat")) expect(m.line.seq).toBeLessThanOrEqual(casterSeq());
    expect(p1.received("chat").map((m) => m.line.id)).toEqual(["players:1"]);

    await playBots([p1, p2], everyone, {
      botSeed: "chat-ids-delay",
      maxCommands: 400,
      afterEach: async () => {
        await settle([watcher]);
        if (casterSeq() >= said) throw new Error("caster passed");
      },
    }).catch((error: Error) => {
      if (error.message !== "caster passed") throw error;
    });
    await watcher.until(() => watcher.received("chat").some((m) => m.line.text === "HELD-LINE"), "the held line");
    expect(gapless(watcher.received("chat").map((m) => m.line))).toEqual(["spectators:1", "spectators:2", "players:1"]);
    for (const c of everyone) await c.leave();
  });
});
