/**
 * Clocks, timeouts and abandonment claims through the real server and real WebSocket clients.
 * Time is data (design.md principle 3): the test gives the server a fake time and fake timers, so
 * it moves time itself. Checked: a run-out EMBER clock loses the match on time; a run-out Siege
 * bank passes (the match goes on); early, late and client-sent timeouts change nothing; a restart
 * keeps every deadline (recomputed from the stamped log); a claim against a dropped seat is refused
 * before the claim delay and when it is not that seat's turn, and accepted after; an idle match is
 * marked abandoned and its room closed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { matchMaker } from "@colyseus/core";
import { catalog } from "@fogwar/ember";
import { awaitedSeats } from "@fogwar/engine";
import pino from "pino";
import { expireIdle } from "../src/lifecycle.js";
import { setNow, type LiveMatch } from "../src/live.js";
import { setTimers, type Timers } from "../src/room-clock.js";
import { FakeTime } from "./fake-time";
import { bootServer, createMatch, emberRequest, TestClient, type Created, type TestServer } from "./harness";

jest.setTimeout(60_000);



const time = new FakeTime();
let restoreNow: () => number;
let restoreTimers: Timers;
let t: TestServer;
let dataDir: string;
beforeAll(async () => {
  restoreNow = setNow(() => time.t) as () => number;
  restoreTimers = setTimers(time);
  dataDir = mkdtempSync(join(tmpdir(), "fogwar-clocks-"));
  t = await bootServer({ dataDir });
});
afterAll(async () => {
  await t?.close();
  setNow(restoreNow);
  setTimers(restoreTimers);
  rmSync(dataDir, { recursive: true, force: true });
});

const liveMatch = (id: string): LiveMatch => (matchMaker.getLocalRoomById(id) as unknown as { match: LiveMatch }).match;
const clockField = (c: TestClient) => JSON.parse(c.room.state.clock as string);
const tokenOf = (created: Created, seat: string) => ({ seat, token: created.seats.find((s) => s.seat === seat)!.token });

async function joinAll(created: Created): Promise<Map<string, TestClient>> {
  const clients = new Map<string, TestClient>();
  for (const s of created.seats) clients.set(s.seat, await TestClient.join(t.ws, created.matchId, tokenOf(created, s.seat)));
  return clients;
}

/** Plays the first legal command of the first awaited seat (the server's own state as the oracle). */
async function playOne(matchId: string, clients: Map<string, TestClient>): Promise<number> {
  const match = liveMatch(matchId);
  const seat = awaitedSeats(match.host.ruleset, match.state)[0]!;
  const command = match.host.ruleset.legalCommands(match.state, seat)[0];
  const answer = await clients.get(seat)!.command(command);
  expect(answer.type).toBe("accepted");
  return answer.payload.seq;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("EMBER's optional clock", () => {
  it("runs only the awaited seats' clocks; an early, a late or a client-sent timeout changes nothing; the flagged seat loses", async () => {
    const created = await createMatch(t.http, emberRequest(catalog, { options: { clock: { minutes: 1, incrementSeconds: 0 } } }));
    const clients = await joinAll(created);
    const p1 = clients.get("p1")!;
    // Nothing runs before the first entry.
    expect(clockField(p1)).toMatchObject({ kind: "total", clocks: expect.arrayContaining([expect.objectContaining({ clock: "p1", remainingMs: 60_000, running: false })]) });
    time.advance(30_000);
    const seq = await playOne(created.matchId, clients);
    await p1.until(() => p1.seq >= seq, "the first entry");
    const match = liveMatch(created.matchId);
    const awaited = awaitedSeats(match.host.ruleset, match.state);
    const field = clockField(p1);
    for (const c of field.clocks) expect(c.running).toBe(awaited.includes(c.clock));
    const flagged = awaited[0]!;
    // A client cannot send the server's entries.
    const forged = await clients.get(flagged)!.command({ referee: "timeout", clock: flagged });
    expect(forged.payload.error?.code).toBe("unknown_command");
    // Early: refused, nothing changes.
    time.advance(59_000);
    await settle();
    expect(match.seq).toBe(seq);
    const early = await match.submit(flagged, { referee: "timeout", clock: flagged }, undefined, true);
    expect(early.ok ? "accepted" : early.error.code).toBe("timeout_refused");
    // Late (a clock that is not running): refused.
    const idle = created.seats.map((s) => s.seat).find((s) => !awaited.includes(s));
    if (idle) {
      const late = await match.submit(idle, { referee: "timeout", clock: idle }, undefined, true);
      expect(late.ok ? "accepted" : late.error.code).toBe("timeout_refused");
    }
    expect(match.seq).toBe(seq);
    // The deadline passes: the room's timer enters the timeout.
    time.advance(1_001);
    await p1.until(() => p1.seq === seq + 1, "the timeout entry");
    expect(match.result).toMatchObject({ reason: "time" });
    expect(match.result?.winner).not.toBe(flagged);
    const events = p1.received("events").find((e) => e.seq === seq + 1);
    expect(events.events[0]).toMatchObject({ type: "time_out", clock: flagged, seat: flagged });
    expect(clockField(p1).imposed).toMatchObject({ reason: "time" });
    expect((await t.server.store.getMatch(created.matchId))?.status).toBe("finished");
    for (const c of clients.values()) await c.leave();
  });
});

describe("EMBER's optional clock and the muster", () => {
  it("no clock runs while the players build their secret lists; the clocks start with the battle", async () => {
    const request = emberRequest(catalog, { options: { clock: { minutes: 1, incrementSeconds: 0 } } });
    const created = await createMatch(t.http, { ...request, players: request.players.map((p) => ({ name: p.name })) });
    const clients = await joinAll(created);
    const p1 = clients.get("p1")!;
    const match = liveMatch(created.matchId);
    expect((match.state as { phase: string }).phase).toBe("muster");
    // p1 locks its list; p2 takes far longer than the whole clock: no timeout, nothing runs.
    const seq = await playOne(created.matchId, clients);
    await p1.until(() => p1.seq >= seq, "the first lock");
    expect(clockField(p1).clocks.every((c: { running: boolean; remainingMs: number }) => !c.running && c.remainingMs === 60_000)).toBe(true);
    time.advance(120_000);
    await settle();
    expect(match.seq).toBe(seq);
    expect(match.result).toBeNull();
    // p2 locks: the lists are revealed, the battle starts, and the awaited seats' clocks run.
    const last = await playOne(created.matchId, clients);
    await p1.until(() => p1.seq >= last, "the last lock");
    expect((match.state as { phase: string }).phase).not.toBe("muster");
    const awaited = awaitedSeats(match.host.ruleset, match.state);
    for (const c of clockField(p1).clocks) expect(c.running).toBe(awaited.includes(c.clock));
    for (const c of clients.values()) await c.leave();
  });
});

describe("Siege's time bank", () => {
  it("a team whose activation time and bank run out passes: the match goes on", async () => {
    const created = await createMatch(t.http, { ruleset: "siege", scenario: "ledger", players: [{ name: "A", team: "attack" }, { name: "D", team: "defence" }], options: {} });
    const clients = await joinAll(created);
    const a1 = clients.get("a1")!;
    const refused = await createMatch(t.http, { ruleset: "siege", scenario: "ledger", players: [{ name: "A", team: "attack" }, { name: "D", team: "defence" }], options: { clock: { minutes: 5, incrementSeconds: 0 } } }).catch((e: Error) => e.message);
    expect(refused).toContain("400");
    // The attack picks at once; the defence's 90 s and 600 s run.
    const match = liveMatch(created.matchId);
    const pick = match.host.ruleset.legalCommands(match.state, "a1")[0];
    expect((await a1.command(pick)).type).toBe("accepted");
    expect(clockField(a1)).toMatchObject({ kind: "bank" });
    const defence = () => clockField(a1).clocks.find((c: { clock: string }) => c.clock === "defence");
    expect(defence()).toMatchObject({ running: true, remainingMs: 690_000, activationMs: 90_000 });
    time.advance(689_000);
    await settle();
    expect(match.seq).toBe(1);
    time.advance(1_000);
    await a1.until(() => a1.seq === 2, "the defence's timeout");
    expect(match.result).toBeNull();
    const events = a1.received("events").find((e) => e.seq === 2).events;
    expect(events[0]).toMatchObject({ type: "time_out", clock: "defence", result: null });
    expect(events.some((e: { type: string }) => e.type === "picks_revealed")).toBe(true);
    // The next activation has its own 90 s (the bank is spent).
    expect(defence()).toMatchObject({ running: true, remainingMs: 90_000 });
    time.advance(90_000);
    await a1.until(() => a1.seq === 3, "the next timeout");
    expect(match.result).toBeNull();
    for (const c of clients.values()) await c.leave();
  });
});

describe("Siege's setup on the time bank (docs/rules/siege.md \"Time bank\")", () => {
  it("every placement is an activation of its own: a defence that takes 80 s for each secret token spends none of its bank", async () => {
    const created = await createMatch(t.http, { ruleset: "siege", scenario: "ledger", players: [{ name: "A", team: "attack" }, { name: "D", team: "defence" }], options: {} });
    const clients = await joinAll(created);
    const a1 = clients.get("a1")!;
    const d1 = clients.get("d1")!;
    const match = liveMatch(created.matchId);
    for (const [seat, client] of [["a1", a1], ["d1", d1]] as const) expect((await client.command(match.host.ruleset.legalCommands(match.state, seat)[0])).type).toBe("accepted");
    const defence = () => clockField(d1).clocks.find((c: { clock: string }) => c.clock === "defence");
    await d1.until(() => defence()?.running && defence()?.remainingMs === 690_000, "the defence's setup clock");
    for (let placed = 1; placed <= 3; placed++) {
      time.advance(80_000);
      const place = match.host.ruleset.legalCommands(match.state, "d1").find((c: { type: string }) => c.type === "place_token");
      expect((await d1.command(place)).type).toBe("accepted");
      await d1.until(() => defence()?.activationMs === 90_000, `a fresh activation after placement ${placed}`);
      expect(defence()).toMatchObject({ running: true, remainingMs: 690_000 });
    }
    for (const c of clients.values()) await c.leave();
  });
});

describe("an empty room", () => {
  it("enters no timeout while nobody is connected; a deadline that passed meanwhile is entered when someone joins", async () => {
    const created = await createMatch(t.http, emberRequest(catalog, { options: { clock: { minutes: 1, incrementSeconds: 0 } } }));
    const clients = await joinAll(created);
    const seq = await playOne(created.matchId, clients);
    for (const c of clients.values()) await c.leave();
    await new Promise((resolve) => setTimeout(resolve, 100));
    time.advance(120_000);
    await settle();
    expect(await t.server.store.lastSeq(created.matchId)).toBe(seq);
    const back = await TestClient.join(t.ws, created.matchId, tokenOf(created, "p1"));
    // The timer armed at the join falls due at once (fake timers fire when time moves).
    time.advance(0);
    await back.until(() => back.seq === seq + 1, "the timeout once someone is back");
    expect(liveMatch(created.matchId).result).toMatchObject({ reason: "time" });
    await back.leave();
  });
});

describe("a restart", () => {
  it("keeps every deadline: the clocks are recomputed from the stamped log", async () => {
    const created = await createMatch(t.http, emberRequest(catalog, { options: { clock: { minutes: 2, incrementSeconds: 0 } } }));
    let clients = await joinAll(created);
    const seq = await playOne(created.matchId, clients);
    const flagged = awaitedSeats(liveMatch(created.matchId).host.ruleset, liveMatch(created.matchId).state)[0]!;
    time.advance(50_000);
    for (const c of clients.values()) await c.leave();
    await t.close();
    time.advance(20_000);
    t = await bootServer({ dataDir });
    clients = await joinAll(created);
    const p1 = clients.get("p1")!;
    const clock = clockField(p1).clocks.find((c: { clock: string }) => c.clock === flagged);
    expect(clock).toMatchObject({ running: true, remainingMs: 50_000 });
    time.advance(49_999);
    await settle();
    expect(liveMatch(created.matchId).seq).toBe(seq);
    time.advance(1);
    await p1.until(() => p1.seq === seq + 1, "the timeout after the restart");
    expect(liveMatch(created.matchId).result).toMatchObject({ reason: "time" });
    for (const c of clients.values()) await c.leave();
  });
});

/** Sends a claim and waits for its answer. */
async function claim(client: TestClient, absent: string, outcome: "win" | "draw", id: string) {
  const from = client.messages.length;
  client.room.send("claim", { type: "claim", id, outcome, absent });
  return client.until(() => client.messages.slice(from).find((m) => (m.type === "accepted" || m.type === "rejected") && m.payload.id === id), `the answer to ${id}`);
}

describe("abandonment claims", () => {
  it("refuses a claim before the delay and against a seat the match does not wait for; accepts it after", async () => {
    const created = await createMatch(t.http, emberRequest(catalog, { options: { claimDelay: 10 } }));
    const clients = await joinAll(created);
    const match = liveMatch(created.matchId);
    // Play until the match waits for exactly one seat.
    for (let i = 0; i < 200 && awaitedSeats(match.host.ruleset, match.state).length !== 1; i++) await playOne(created.matchId, clients);
    const absent = awaitedSeats(match.host.ruleset, match.state)[0]!;
    const other = created.seats.map((s) => s.seat).find((s) => s !== absent)!;
    // The seat the match does not wait for, gone for long: no claim against it (not its turn).
    await clients.get(other)!.leave();
    time.advance(15_000);
    const notTheirTurn = await claim(clients.get(absent)!, other, "win", "k1");
    expect(notTheirTurn).toMatchObject({ type: "rejected", payload: { error: { code: "claim_refused" } } });
    // The awaited seat drops: refused before the claim delay, accepted after.
    const back = await TestClient.join(t.ws, created.matchId, tokenOf(created, other));
    await clients.get(absent)!.leave();
    time.advance(5_000);
    const early = await claim(back, absent, "win", "k2");
    expect(early).toMatchObject({ type: "rejected", payload: { error: { code: "claim_refused" } } });
    await back.until(() => clockField(back).claims.some((c: { absent: string }) => c.absent === absent), "the claim countdown");
    const countdown = clockField(back).claims.find((c: { absent: string }) => c.absent === absent);
    expect(countdown.allowedAt - countdown.since).toBe(10_000);
    time.advance(5_000);
    const seq = match.seq;
    const accepted = await claim(back, absent, "win", "k3");
    expect(accepted).toMatchObject({ type: "accepted", payload: { seq: seq + 1 } });
    expect(match.result).toMatchObject({ winner: other, reason: "abandoned" });
    expect((await t.server.store.getMatch(created.matchId))?.result).toMatchObject({ winner: other, reason: "abandoned" });
    await back.leave();
  });
});

describe("a side that never came", () => {
  it("is not claimed against (the unjoined-match expiry handles it); once it has joined and left, it is", async () => {
    const created = await createMatch(t.http, emberRequest(catalog, { options: { claimDelay: 10 } }));
    const match = liveMatch(created.matchId);
    const absent = awaitedSeats(match.host.ruleset, match.state)[0]!;
    const other = created.seats.map((s) => s.seat).find((s) => s !== absent)!;
    const here = await TestClient.join(t.ws, created.matchId, tokenOf(created, other));
    time.advance(20_000);
    expect(await claim(here, absent, "win", "n1")).toMatchObject({ type: "rejected", payload: { error: { code: "claim_refused" } } });
    expect(clockField(here).claims).toEqual([]);
    const once = await TestClient.join(t.ws, created.matchId, tokenOf(created, absent));
    await once.leave();
    await here.until(() => clockField(here).claims.length === 1, "the claim countdown");
    time.advance(10_000);
    expect(await claim(here, absent, "draw", "n2")).toMatchObject({ type: "accepted" });
    expect(match.result).toMatchObject({ winner: null, reason: "abandoned_draw" });
    await here.leave();
  });
});

describe("abandonment claims in team games", () => {
  it("a team is away only when every seat of it the match waits for is gone: a present teammate blocks the claim", async () => {
    const players = [{ name: "A1", team: "attack" }, { name: "D1", team: "defence" }, { name: "A2", team: "attack" }, { name: "D2", team: "defence" }];
    const created = await createMatch(t.http, { ruleset: "siege", scenario: "ledger", players, options: { claimDelay: 10 } });
    const a1 = await TestClient.join(t.ws, created.matchId, tokenOf(created, "a1"));
    const d2 = await TestClient.join(t.ws, created.matchId, tokenOf(created, "d2"));
    // d1 never came; the match waits for the defence's pick; d2 is here for the team.
    time.advance(20_000);
    expect(await claim(a1, "d1", "win", "t1")).toMatchObject({ type: "rejected", payload: { error: { code: "claim_refused" } } });
    // The public field agrees: no countdown against the defence while d2 is here.
    expect(clockField(a1).claims).toEqual([]);
    // A teammate cannot claim against its own team either.
    expect(await claim(d2, "d1", "win", "t2")).toMatchObject({ type: "rejected" });
    await d2.leave();
    // Now the whole defence is away: the countdown runs from d2's leaving, against both seats.
    await a1.until(() => clockField(a1).claims.length === 2, "the claim countdown against the defence");
    const left = time.t;
    expect(clockField(a1).claims.map((c: { allowedAt: number }) => c.allowedAt)).toEqual([left + 10_000, left + 10_000]);
    time.advance(9_000);
    expect(await claim(a1, "d1", "win", "t3")).toMatchObject({ type: "rejected" });
    time.advance(1_000);
    expect(await claim(a1, "d2", "win", "t4")).toMatchObject({ type: "accepted" });
    expect(liveMatch(created.matchId).result).toMatchObject({ winner: "a1", winners: ["a1", "a2"], reason: "abandoned" });
    await a1.leave();
  });
});

describe("idle matches", () => {
  it("are marked abandoned by the sweep and their rooms close", async () => {
    const created = await createMatch(t.http, emberRequest(catalog));
    expect(matchMaker.getLocalRoomById(created.matchId)).toBeDefined();
    const log = pino({ level: "silent" });
    expect(await expireIdle(t.server.store, log, 14 * 24 * 3600 * 1000)).not.toContain(created.matchId);
    const abandoned = await expireIdle(t.server.store, log, 14 * 24 * 3600 * 1000, Date.now() + 15 * 24 * 3600 * 1000);
    expect(abandoned).toContain(created.matchId);
    expect((await t.server.store.getMatch(created.matchId))?.status).toBe("abandoned");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(matchMaker.getLocalRoomById(created.matchId)).toBeUndefined();
  });
});
