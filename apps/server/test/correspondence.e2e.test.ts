/**
 * Correspondence play through the real server and real WebSocket clients (docs/design.md
 * "Correspondence play"), on a fake time spanning days (time is data: `setNow`, `setTimers`).
 * Checked, in each of the four rulesets: a match created with days per move runs its clocks by
 * correspondence (the public clock field says so), a seat that does not move in its days runs out
 * while nobody is even connected, and running out follows the ruleset's own rule (EMBER: lost on
 * time; Siege, Age of Sigmar and the TRPG: the seat passes and its next move has its days again);
 * absence claims are refused there; a live match switches to correspondence once every seat
 * agrees (a `time_control` log entry that a rebuild from the store replays to the same clocks);
 * proposals lapse when declined or when a command is made; bot seats agree at once.
 */
import { matchMaker } from "@colyseus/core";
import { catalog } from "@fogwar/ember";
import { awaitedSeats, DAY_MS } from "@fogwar/engine";
import { awaitingOf } from "../src/awaiting.js";
import { awaitedDeadlines } from "../src/clocks.js";
import { LiveMatch, setNow } from "../src/live.js";
import { setTimers, type Timers } from "../src/room-clock.js";
import { FakeTime } from "./fake-time";
import { bootServer, createMatch, emberRequest, TestClient, type Created, type TestServer } from "./harness";

jest.setTimeout(120_000);



const time = new FakeTime();
let restoreNow: () => number;
let restoreTimers: Timers;
let t: TestServer;
beforeAll(async () => {
  restoreNow = setNow(() => time.t) as () => number;
  restoreTimers = setTimers(time);
  t = await bootServer();
});
afterAll(async () => {
  await t?.close();
  setNow(restoreNow);
  setTimers(restoreTimers);
});

const liveMatch = (id: string): LiveMatch => (matchMaker.getLocalRoomById(id) as unknown as { match: LiveMatch }).match;
const clockField = (c: TestClient) => JSON.parse(c.room.state.clock as string);
const tokenOf = (created: Created, seat: string) => ({ seat, token: created.seats.find((s) => s.seat === seat)!.token });
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
type Entry = { clock: string; running: boolean; remainingMs: number; activationMs: number };

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

/** Plays until some clock runs (past a muster, where none does). */
async function untilAClockRuns(matchId: string, clients: Map<string, TestClient>): Promise<void> {
  const match = liveMatch(matchId);
  for (let i = 0; i < 60 && match.clock.nearest() === null; i++) await playOne(matchId, clients);
  expect(match.clock.nearest()).not.toBeNull();
  const any = clients.values().next().value!;
  await any.until(() => any.seq === match.seq, "the last entry");
}

/** Sends a `correspondence` message (terms, or null to decline). */
function answer(client: TestClient, terms: { daysPerMove: number; vacationDays: number } | null): void {
  client.room.send("correspondence", { type: "correspondence", terms });
}

const REQUESTS: [string, (options: Record<string, unknown>) => unknown, "loses" | "passes"][] = [
  ["ember", (options) => emberRequest(catalog, { options }), "loses"],
  ["siege", (options) => ({ ruleset: "siege", scenario: "ledger", players: [{ name: "A", team: "attack" }, { name: "D", team: "defence" }], options }), "passes"],
  ["sigmar", (options) => ({ ruleset: "sigmar", scenario: "sundered_causeway", players: [{ name: "Ana" }, { name: "Bo" }], options }), "passes"],
  ["trpg", (options) => ({ ruleset: "trpg", scenario: "proving_ground", players: [{ name: "Ada", team: "party" }, { name: "Cy", team: "enemies" }], options }), "passes"],
];

describe.each(REQUESTS)("a correspondence match of %s", (ruleset, request, rule) => {
  it(`runs over days; a seat that does not move in its days ${rule === "loses" ? "loses on time" : "passes, and its next move has its days again"} (docs/rules/${ruleset}.md), with nobody connected`, async () => {
    const created = await createMatch(t.http, request({ correspondence: { daysPerMove: 1, vacationDays: 1 }, claimDelay: 10 }));
    const clients = await joinAll(created);
    const first = clients.values().next().value!;
    expect(clockField(first)).toMatchObject({ kind: "correspondence", correspondence: { daysPerMove: 1, vacationDays: 1 }, proposal: null });
    await untilAClockRuns(created.matchId, clients);
    const match = liveMatch(created.matchId);
    const next = match.clock.nearest()!;
    const running = clockField(first).clocks.find((c: Entry) => c.clock === next.clock);
    // A whole day for the move, and a day of vacation behind it.
    expect(running).toMatchObject({ running: true, activationMs: DAY_MS, remainingMs: 2 * DAY_MS });
    expect(next.deadline).toBe(time.t + 2 * DAY_MS);
    // The deadline every awaited seat of that clock has (the notification work's function).
    const flagged = match.clock.seatFor(match.state, next.clock)!;
    expect(awaitedDeadlines(match.clock.current, awaitedSeats(match.host.ruleset, match.state))).toContainEqual({ seat: flagged, clock: next.clock, kind: "correspondence", deadline: next.deadline });
    expect(match.clock.deadlines(match.state).find((d) => d.seat === flagged)?.deadline).toBe(next.deadline);
    // My games' view of the match: the move's time left beside the whole.
    const turn = (await awaitingOf([created.matchId])).get(created.matchId)!;
    expect(turn.correspondence).toEqual({ daysPerMove: 1, vacationDays: 1 });
    expect(turn.clocks?.find((c) => c.running)).toMatchObject({ activationMs: DAY_MS, remainingMs: 2 * DAY_MS });
    // Everyone goes away: being away is normal here, nobody may claim.
    const other = created.seats.map((s) => s.seat).find((s) => match.clock.current?.setup.owners[s] !== next.clock)!;
    await clients.get(flagged)!.leave();
    time.advance(20_000);
    const claimer = clients.get(other)!;
    expect(clockField(claimer).claims).toEqual([]);
    claimer.room.send("claim", { type: "claim", id: "k1", outcome: "win", absent: flagged });
    const refused = await claimer.until(() => claimer.messages.find((m) => m.type === "rejected" && m.payload.id === "k1"), "the claim's answer");
    expect(refused.payload.error).toMatchObject({ code: "claim_refused", message: expect.stringContaining("correspondence") });
    for (const [seat, c] of clients) if (seat !== flagged) await c.leave();
    const seq = match.seq;
    // A day and a half: the move's day is gone, the vacation day is not.
    time.advance(DAY_MS + DAY_MS / 2 - 20_000);
    await settle();
    expect(match.seq).toBe(seq);
    // The vacation runs out too: the clock decides, though nobody is connected.
    time.advance(DAY_MS / 2);
    for (let i = 0; i < 100 && (await t.server.store.lastSeq(created.matchId)) === seq; i++) await settle();
    expect(match.seq).toBe(seq + 1);
    const [entry] = await match.entriesSince(seq);
    expect(entry!.command).toEqual({ referee: "timeout", clock: next.clock });
    expect(entry!.events[0]!.event).toMatchObject({ type: "time_out", clock: next.clock, seat: flagged });
    if (rule === "loses") {
      expect(match.result).toMatchObject({ reason: "time" });
      expect(match.result?.winner).not.toBe(flagged);
      expect((await t.server.store.getMatch(created.matchId))?.status).toBe("finished");
    } else {
      // The ruleset's onTimeout answered for the seat; the match goes on.
      expect(match.result).toBeNull();
      expect((entry!.events[0]!.event as { result: unknown }).result).toBeNull();
      const again = match.clock.nearest();
      if (again?.clock === next.clock) expect(again.deadline).toBe(time.t + DAY_MS);
      else expect(again === null || again.deadline > time.t).toBe(true);
    }
  });
});

describe("switching a live match to correspondence", () => {
  it("needs every seat's agreement; a decline or a command lapses the proposal; the switch is a log entry a rebuild replays to the same clocks", async () => {
    const created = await createMatch(t.http, emberRequest(catalog, { options: { clock: { minutes: 60, incrementSeconds: 0 } } }));
    const clients = await joinAll(created);
    const p1 = clients.get("p1")!;
    const p2 = clients.get("p2")!;
    const match = liveMatch(created.matchId);
    await playOne(created.matchId, clients);
    await p1.until(() => p1.seq === match.seq, "the first entry");
    expect(clockField(p1)).toMatchObject({ kind: "total", proposal: null });
    // p1 proposes; p2 declines: the proposal lapses.
    answer(p1, { daysPerMove: 3, vacationDays: 0 });
    await p2.until(() => clockField(p2).proposal?.by === "p1", "the proposal");
    expect(clockField(p2).proposal).toMatchObject({ terms: { daysPerMove: 3, vacationDays: 0 }, agreed: ["p1"], seq: match.seq });
    answer(p2, null);
    await p1.until(() => clockField(p1).proposal === null, "the declined proposal");
    // Nothing to decline any more.
    expect((await p2.expectError("correspondence", { type: "correspondence", terms: null })).code).toBe("correspondence_refused");
    // Proposed again; a command is made: it lapses.
    answer(p1, { daysPerMove: 3, vacationDays: 0 });
    await p2.until(() => clockField(p2).proposal !== null, "the second proposal");
    await playOne(created.matchId, clients);
    await p1.until(() => p1.seq === match.seq && clockField(p1).proposal === null, "the proposal lapsed by a command");
    // Other terms replace a proposal; agreeing to them switches the match.
    answer(p1, { daysPerMove: 3, vacationDays: 0 });
    await p2.until(() => clockField(p2).proposal?.terms.daysPerMove === 3, "the third proposal");
    answer(p2, { daysPerMove: 7, vacationDays: 2 });
    await p1.until(() => clockField(p1).proposal?.by === "p2", "the counter-proposal");
    expect(clockField(p1).proposal.agreed).toEqual(["p2"]);
    const seq = match.seq;
    time.advance(1_000);
    answer(p1, { daysPerMove: 7, vacationDays: 2 });
    await p1.until(() => p1.seq === seq + 1, "the time control entry");
    const events = p1.received("events").find((e) => e.seq === seq + 1).events;
    expect(events[0]).toEqual({ type: "time_control", by: "p1", spec: { kind: "correspondence", perMoveMs: 7 * DAY_MS, vacationMs: 2 * DAY_MS } });
    await p2.until(() => p2.seq === seq + 1 && clockField(p2).kind === "correspondence", "the switch at p2");
    const field = clockField(p2);
    expect(field).toMatchObject({ kind: "correspondence", correspondence: { daysPerMove: 7, vacationDays: 2 }, proposal: null, claims: [] });
    const running = field.clocks.filter((c: Entry) => c.running);
    expect(running.length).toBeGreaterThan(0);
    for (const c of running) expect(c).toMatchObject({ activationMs: 7 * DAY_MS, remainingMs: 9 * DAY_MS });
    expect(match.clock.nearest()?.deadline).toBe(time.t + 9 * DAY_MS);
    // Already by correspondence: a new proposal is refused.
    expect((await p1.expectError("correspondence", { type: "correspondence", terms: { daysPerMove: 1, vacationDays: 0 } })).code).toBe("correspondence_refused");
    // A day later, a rebuild from the stored log gives the same clocks.
    time.advance(DAY_MS);
    const rebuilt = (await LiveMatch.load(t.server.store, created.matchId))!;
    expect(rebuilt.clock.status(time.t)).toEqual(match.clock.status(time.t));
    expect(rebuilt.clock.nearest()).toEqual(match.clock.nearest());
    // A spectator cannot propose.
    const watcher = await TestClient.join(t.ws, created.matchId, "spectator");
    expect((await watcher.expectError("correspondence", { type: "correspondence", terms: { daysPerMove: 1, vacationDays: 0 } })).code).toBe("correspondence_refused");
    for (const c of [...clients.values(), watcher]) await c.leave();
  });

  it("bot seats agree at once: a player alone with a bot switches on their own", async () => {
    const created = await createMatch(t.http, { ruleset: "sigmar", scenario: "sundered_causeway", players: [{ name: "Ana" }, { name: "Bot", bot: "easy" }] });
    const p1 = await TestClient.join(t.ws, created.matchId, tokenOf(created, "p1"));
    const match = liveMatch(created.matchId);
    answer(p1, { daysPerMove: 1, vacationDays: 0 });
    await p1.until(() => clockField(p1).kind === "correspondence", "the switch");
    const entries = await match.entriesSince(0);
    expect(entries.some((e) => (e.command as { referee?: string }).referee === "time_control" && e.seat === "p1")).toBe(true);
    await p1.leave();
  });
});

describe("creation options", () => {
  it("refuses a real-time clock together with correspondence, and terms out of range", async () => {
    for (const options of [{ clock: { minutes: 5, incrementSeconds: 0 }, correspondence: { daysPerMove: 1, vacationDays: 0 } }, { correspondence: { daysPerMove: 15, vacationDays: 0 } }, { correspondence: { daysPerMove: 3, vacationDays: 31 } }]) {
      const refused = await createMatch(t.http, emberRequest(catalog, { options })).catch((e: Error) => e.message);
      expect(refused).toContain("400");
    }
  });
});
