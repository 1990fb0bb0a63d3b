/**
 * Chat audiences over a played match, on the raw bytes: a Siege 2 v 2 match with a spectator
 * delay is played by seeded random bots through the seats' connections while seats and
 * spectators post lines to every audience (open or not). At the end, for every connection and
 * every line ever posted, the line's unique marker is on that socket exactly when the audiences
 * say so, written out here apart from the server's rule: a seat hears players' lines and its own
 * team's; a spectator hears spectators' lines and players' lines up to the caster feed's final
 * position; a refused line reaches nobody.
 */
import "./record-frames";
import { RandomBot, type BotPolicy } from "@fogwar/engine";
import { legalCommandsInView, siegeBotPolicy, type SiegeCommand } from "@fogwar/siege";
import { bootServer, createMatch, TestClient, type TestServer } from "./harness";

jest.setTimeout(240_000);

let test_server: TestServer;
beforeAll(async () => {
  test_server = await bootServer();
});
afterAll(async () => {
  await test_server.close();
});

/** A small seeded generator (mulberry32) for who speaks and where. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("every line reaches exactly the sockets mayHear names, over a played Siege 2 v 2 match with a spectator delay", async () => {
  const created = await createMatch(test_server.http, {
    ruleset: "siege",
    scenario: "ledger",
    players: [
      { name: "Ayla", team: "attack" },
      { name: "Dan", team: "defence" },
      { name: "Arno", team: "attack" },
      { name: "Dora", team: "defence" },
    ],
    options: { spectatorDelay: 1 },
  });
  const seats = await Promise.all(created.seats.map((s) => TestClient.join(test_server.ws, created.matchId, { seat: s.seat, token: s.token })));
  const watchers = [await TestClient.join(test_server.ws, created.matchId, "spectator"), await TestClient.join(test_server.ws, created.matchId, "spectator")];
  const everyone = [...seats, ...watchers];
  const next = random(14);
  const bots = new Map(seats.map((c) => [c.seat!, new RandomBot<SiegeCommand>(`chat-playout-${c.seat}`, siegeBotPolicy as unknown as BotPolicy<SiegeCommand>)]));
  const audiences = ["players", "team", "spectators"] as const;
  const posted: string[] = [];
  for (let n = 0; n < 120; n++) {
    if ((seats[0]!.projection() as { result?: unknown }).result) break;
    const mover = seats.find((c) => legalCommandsInView(c.projection() as never, c.seat!).length > 0);
    if (!mover) break;
    const command = bots.get(mover.seat!)!.choose(legalCommandsInView(mover.projection() as never, mover.seat!) as SiegeCommand[])!;
    const answer = await mover.command(command, `playout-${n}`);
    expect(answer.type).toBe("accepted");
    await Promise.all(everyone.map((c) => c.until(() => c.seq >= answer.payload.seq, "the new state")));
    if (n % 3 !== 0) continue;
    const speaker = everyone[Math.floor(next() * everyone.length)]!;
    const audience = audiences[Math.floor(next() * audiences.length)]!;
    const marker = `MARK-${n}-${speaker.label}-${audience}-${Math.floor(next() * 1e9).toString(36)}`;
    posted.push(marker);
    // Wait for the line's fate (its echo, or a refusal), so a refusal is never taken for a command's answer.
    const from = speaker.messages.length;
    speaker.room.send("chat", { type: "chat", audience, text: marker });
    await speaker.until(() => speaker.messages.slice(from).some((m) => m.type === "error" || (m.type === "chat" && m.payload.line.text === marker)), `the fate of ${marker}`);
  }
  for (const c of everyone) if (c.hasLeft) throw new Error(`${c.label} left: ${JSON.stringify(c.messages.slice(-3))}`);
  // A last players' line at the live end, which the caster feed (a round behind) has not reached.
  const last = `MARK-last-${Math.floor(next() * 1e9).toString(36)}`;
  posted.push(last);
  for (const seat of seats) {
    // Any seat whose chat bucket is not empty says it.
    const from = seat.messages.length;
    seat.room.send("chat", { type: "chat", audience: "players", text: last });
    const fate = await seat.until(() => seat.messages.slice(from).find((m) => m.type === "error" || (m.type === "chat" && m.payload.line.text === last)), "the last line");
    if (fate.type === "chat") break;
  }
  // Every answer is in: a ping's pong follows every earlier frame on each socket.
  // (A connection the bots kept busy may be over its message rate: then it waits and pings again.)
  await Promise.all(
    everyone.map(async (c) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const from = c.messages.length;
        c.room.send("ping", { type: "ping", t: attempt });
        const answer = await c.until(() => c.messages.slice(from).find((m) => m.type === "pong" || (m.type === "error" && m.payload.error.code === "rate_limited")), "pong");
        if (answer.type === "pong") return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${c.label}: no pong`);
    }),
  );
  const stored = await test_server.server.store.chatLines(created.matchId);
  const teamOf = (seat: string) => (seat.startsWith("a") ? "attack" : "defence");
  expect(posted.length).toBeGreaterThan(20);
  expect(stored.length).toBeGreaterThan(5);
  const audiencesStored = new Set(stored.map((l) => l.audience));
  expect([...audiencesStored].sort()).toEqual(["players", "spectators", "team"]);
  const casterSeq = watchers[0]!.caster()?.seq ?? 0;
  const players = stored.filter((l) => l.audience === "players");
  // Players' lines on both sides of the caster feed's position: held and released.
  expect([players.some((l) => l.logSeq > casterSeq), players.some((l) => l.logSeq <= casterSeq)]).toEqual([true, true]);
  // Only open audiences were stored: a seat's players' or own team's lines, a spectator's spectators' lines.
  expect(stored.filter((l) => (l.seat === null ? l.audience !== "spectators" : l.audience === "spectators" || (l.audience === "team" && l.team !== teamOf(l.seat))))).toEqual([]);
  const mismatches: string[] = [];
  for (const client of everyone) {
    for (const marker of posted) {
      const line = stored.find((l) => l.text === marker);
      let expected = false;
      if (line && client.seat) expected = line.audience === "players" || (line.audience === "team" && line.team === teamOf(client.seat));
      if (line && !client.seat) expected = line.audience === "spectators" || (line.audience === "players" && line.logSeq <= casterSeq);
      const got = client.frames().some((f) => f.includes(Buffer.from(marker)));
      if (got !== expected) mismatches.push(`${client.label}: ${marker} heard ${got}, expected ${expected}`);
    }
  }
  expect(mismatches).toEqual([]);
  for (const c of everyone) await c.leave();
});
