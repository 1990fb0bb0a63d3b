/**
 * Abandonment works the same way in every ruleset (docs/design.md "Clocks and abandonment";
 * docs/protocol.md "Conceding", "Clocks and claims"), through the real server and WebSocket
 * clients, on a fake time (design.md principle 3):
 * - in EMBER, Siege, Age of Sigmar and the TRPG a seat concedes with the protocol's `concede`
 *   message at any time, also while the match waits for another seat: the ruleset's own
 *   concession is entered in the log (the stored log replays to the same events and result), the
 *   conceding side loses; a spectator's is refused, and once the match is over a concession is
 *   answered `rejected` `match_over` (the same id again gets its first answer);
 * - in a ruleset without a concession of its own (the dial-duel fixture) the referee's concession
 *   `{ referee: "concede" }` is entered instead, and a client cannot send it as a command;
 * - in the four rulesets the other side claims the win or a draw once an awaited seat has been
 *   away for the claim delay, not before; in the TRPG the party claims against an absent game
 *   master (or, in versus, the enemies' player) and the game master against an absent party
 *   (docs/rules/trpg.md "Abandonment").
 */
import { matchMaker } from "@colyseus/core";
import { awaitedSeats, replay, type MatchLog } from "@fogwar/engine";
import { catalog } from "@fogwar/ember";
import { setNow, type LiveMatch } from "../src/live.js";
import { setTimers, type Timers } from "../src/room-clock.js";
import { RULESETS } from "../src/hosts/index.js";
import { bootServer, createMatch, emberRequest, TestClient, type Created, type Received, type TestServer } from "./harness";
import { FakeTime } from "./fake-time";
import { dialDuelHost, DUEL_SCENARIO } from "./fixtures/dial-duel-host";

jest.setTimeout(120_000);

const time = new FakeTime();
let restoreNow: () => number;
let restoreTimers: Timers;
let t: TestServer;
beforeAll(async () => {
  restoreNow = setNow(() => time.t) as () => number;
  restoreTimers = setTimers(time);
  t = await bootServer({ hosts: [dialDuelHost] });
});
afterAll(async () => {
  await t?.close();
  setNow(restoreNow);
  setTimers(restoreTimers);
});

const liveMatch = (id: string): LiveMatch => (matchMaker.getLocalRoomById(id) as unknown as { match: LiveMatch }).match;
const clockField = (c: TestClient) => JSON.parse(c.room.state.clock as string) as { claims: { absent: string; allowedAt: number }[] };
const tokenOf = (created: Created, seat: string) => ({ seat, token: created.seats.find((s) => s.seat === seat)!.token });

/** The four rulesets, each with a two-sided request (a claim delay of 10 s) and its sides. */
const RULESET_REQUESTS = [
  { name: "EMBER", request: emberRequest(catalog, { options: { claimDelay: 10 } }), side: (s: string) => s },
  { name: "Siege", request: { ruleset: "siege", scenario: "ledger", players: [{ name: "A", team: "attack" }, { name: "D", team: "defence" }], options: { claimDelay: 10 } }, side: (s: string) => s[0]! },
  { name: "Age of Sigmar", request: { ruleset: "sigmar", scenario: "sundered_causeway", players: [{ name: "Ana" }, { name: "Bo" }], options: { claimDelay: 10 } }, side: (s: string) => s },
  { name: "the TRPG (GM mode)", request: { ruleset: "trpg", scenario: "proving_ground", players: [{ name: "Mara", team: "gm" }, { name: "Ada", team: "party" }], options: { claimDelay: 10 } }, side: (s: string) => (s === "gm" ? "enemies" : "party") },
] as const;

async function joinAll(created: Created): Promise<Map<string, TestClient>> {
  const clients = new Map<string, TestClient>();
  for (const s of created.seats) clients.set(s.seat, await TestClient.join(t.ws, created.matchId, tokenOf(created, s.seat)));
  return clients;
}

/** Sends a claim or a concession (`type`) and waits for its answer, or for an `error`. */
async function ask(client: TestClient, type: "claim" | "concede", body: Record<string, unknown>): Promise<Received> {
  const from = client.messages.length;
  client.room.send(type, { type, ...body });
  return client.until(() => client.messages.slice(from).find((m) => ((m.type === "accepted" || m.type === "rejected") && m.payload.id === body.id) || m.type === "error"), `the answer to ${type} ${String(body.id)}`);
}

/** The stored log of a match, replayed by the engine (events checked entry by entry): the final state. */
async function replayStored(matchId: string): Promise<unknown> {
  const store = t.server.store;
  const record = (await store.getMatch(matchId))!;
  const ruleset = RULESETS.get(record.ruleset)!.ruleset;
  const seed = (await store.getSeed(matchId))!;
  const entries = await store.entries(matchId);
  const log: MatchLog<unknown, unknown, unknown> = {
    ruleset: record.ruleset,
    rulesVersion: record.rulesVersion,
    setup: record.setup,
    seed,
    setupEvents: ruleset.setup(record.setup, seed).events,
    entries: entries.map((e) => ({ seq: e.seq, seat: e.seat, command: e.command, events: e.events as never })),
  };
  return replay(ruleset, log).state;
}

/** Plays the first legal command of the first awaited seat (the server's state as the oracle). */
async function playOne(match: LiveMatch, clients: Map<string, TestClient>, seat = awaitedSeats(match.host.ruleset, match.state)[0]!): Promise<void> {
  const command = match.host.ruleset.legalCommands(match.state, seat)[0];
  expect((await clients.get(seat)!.command(command)).type).toBe("accepted");
}

describe.each(RULESET_REQUESTS)("docs/protocol.md Conceding: $name", ({ request, side }) => {
  it("a seat concedes at any time with the concede message: the rules' own concession is logged, its side loses, the log replays; refused for spectators and after the end", async () => {
    const created = await createMatch(t.http, request);
    const clients = await joinAll(created);
    const watcher = await TestClient.join(t.ws, created.matchId, "spectator");
    const match = liveMatch(created.matchId);
    const seats = created.seats.map((s) => s.seat);
    await playOne(match, clients);
    // A seat the match does not wait for, when there is one: a concession needs no turn.
    const awaited = awaitedSeats(match.host.ruleset, match.state);
    const conceder = seats.find((s) => !awaited.includes(s)) ?? seats[0]!;
    const winnerSide = seats.map(side).find((s) => s !== side(conceder))!;
    expect(await ask(watcher, "concede", { id: "w1" })).toMatchObject({ type: "error", payload: { error: { code: "spectators_cannot_act" } } });
    const seq = match.seq;
    const answer = await ask(clients.get(conceder)!, "concede", { id: "leave-1" });
    expect(answer).toMatchObject({ type: "accepted", payload: { id: "leave-1", seq: seq + 1 } });
    expect(match.result?.winner).toBeTruthy();
    expect(side(match.result!.winner!)).toBe(winnerSide);
    const stored = await t.server.store.getMatch(created.matchId);
    expect(stored).toMatchObject({ status: "finished", result: match.result });
    const entries = await t.server.store.entries(created.matchId);
    expect(entries.at(-1)).toMatchObject({ seq: seq + 1, seat: conceder, command: { type: "concede" } });
    expect((await replayStored(created.matchId)) as { result: unknown }).toMatchObject({ result: match.result });
    // Over: a new concession is refused by its id; the same id again gets its first answer.
    expect(await ask(clients.get(conceder)!, "concede", { id: "leave-2" })).toMatchObject({ type: "rejected", payload: { id: "leave-2", error: { code: "match_over" } } });
    const other = seats.find((s) => side(s) !== side(conceder))!;
    expect(await ask(clients.get(other)!, "concede", { id: "leave-3" })).toMatchObject({ type: "rejected", payload: { error: { code: "match_over" } } });
    expect(await ask(clients.get(conceder)!, "concede", { id: "leave-1" })).toMatchObject({ type: "accepted", payload: { seq: seq + 1 } });
    expect(match.seq).toBe(seq + 1);
    for (const c of [...clients.values(), watcher]) await c.leave();
  });

  it("the other side claims the win after an awaited seat has been away for the claim delay, not before", async () => {
    const created = await createMatch(t.http, request);
    const clients = await joinAll(created);
    const match = liveMatch(created.matchId);
    const absent = awaitedSeats(match.host.ruleset, match.state)[0]!;
    const claimant = created.seats.map((s) => s.seat).find((s) => side(s) !== side(absent))!;
    const stays = clients.get(claimant)!;
    await clients.get(absent)!.leave();
    time.advance(9_000);
    expect(await ask(stays, "claim", { id: "k1", outcome: "win", absent })).toMatchObject({ type: "rejected", payload: { error: { code: "claim_refused" } } });
    await stays.until(() => clockField(stays).claims.some((c) => c.absent === absent), "the claim countdown");
    time.advance(1_000);
    expect(await ask(stays, "claim", { id: "k2", outcome: "win", absent })).toMatchObject({ type: "accepted" });
    expect(match.result).toMatchObject({ reason: "abandoned" });
    expect(side(match.result!.winner!)).toBe(side(claimant));
    expect(await ask(stays, "claim", { id: "k3", outcome: "draw", absent })).toMatchObject({ type: "rejected", payload: { error: { code: "match_over" } } });
    for (const c of clients.values()) await c.leave();
  });
});

describe("docs/rules/trpg.md Abandonment: the game master's seat and the party's", () => {
  const GM = { ruleset: "trpg", scenario: "quarry", players: [{ name: "Mara", team: "gm" }, { name: "Ada", team: "party" }, { name: "Bo", team: "party" }], options: { claimDelay: 10 } };

  it("the party claims the win against a game master who left during the party's turns, once the match waits for the master", async () => {
    const created = await createMatch(t.http, GM);
    const clients = await joinAll(created);
    const match = liveMatch(created.matchId);
    await clients.get("gm")!.leave();
    time.advance(20_000);
    const p1 = clients.get("p1")!;
    // Not while the match waits for the party: the master may still come back in time.
    for (let i = 0; i < 40 && !awaitedSeats(match.host.ruleset, match.state).includes("gm"); i++) {
      const seat = awaitedSeats(match.host.ruleset, match.state)[0]!;
      if (i === 0) expect(await ask(clients.get(seat)!, "claim", { id: "early", outcome: "win", absent: "gm" })).toMatchObject({ type: "rejected", payload: { error: { code: "claim_refused" } } });
      const legal = match.host.ruleset.legalCommands(match.state, seat) as { type: string }[];
      expect((await clients.get(seat)!.command(legal.find((c) => c.type === "end_turn" || c.type === "end_round") ?? legal[0])).type).toBe("accepted");
    }
    expect(awaitedSeats(match.host.ruleset, match.state)).toContain("gm");
    // Away since before it was the master's move: the countdown is already over.
    await p1.until(() => clockField(p1).claims.some((c) => c.absent === "gm" && c.allowedAt <= time.t), "the claim against the master");
    expect(await ask(p1, "claim", { id: "k-gm", outcome: "win", absent: "gm" })).toMatchObject({ type: "accepted" });
    expect(match.result).toMatchObject({ reason: "abandoned", winners: ["p1", "p2"] });
    for (const c of clients.values()) await c.leave();
  });

  it("versus: the party claims the win against the enemies' player who left, once the match waits for that seat (at the latest its round-end step)", async () => {
    const created = await createMatch(t.http, { ruleset: "trpg", scenario: "proving_ground", players: [{ name: "Eli", team: "enemies" }, { name: "Ada", team: "party" }], options: { claimDelay: 10 } });
    const clients = await joinAll(created);
    const match = liveMatch(created.matchId);
    await clients.get("e1")!.leave();
    time.advance(10_000);
    for (let i = 0; i < 40 && !awaitedSeats(match.host.ruleset, match.state).includes("e1"); i++) {
      const legal = match.host.ruleset.legalCommands(match.state, "p1") as { type: string }[];
      expect((await clients.get("p1")!.command(legal.find((c) => c.type === "end_turn" || c.type === "end_round") ?? legal[0])).type).toBe("accepted");
    }
    const p1 = clients.get("p1")!;
    await p1.until(() => clockField(p1).claims.some((c) => c.absent === "e1" && c.allowedAt <= time.t), "the claim against the enemies' player");
    expect(await ask(p1, "claim", { id: "k-e1", outcome: "win", absent: "e1" })).toMatchObject({ type: "accepted" });
    expect(match.result).toMatchObject({ reason: "abandoned", winner: "p1" });
    for (const c of clients.values()) await c.leave();
  });

  it("the game master claims a draw against the party seat the match waits for once it has been away for the delay", async () => {
    const created = await createMatch(t.http, GM);
    const clients = await joinAll(created);
    const match = liveMatch(created.matchId);
    for (let i = 0; i < 40 && awaitedSeats(match.host.ruleset, match.state).includes("gm"); i++) await playOne(match, clients, "gm");
    const absent = awaitedSeats(match.host.ruleset, match.state).find((s) => s !== "gm")!;
    expect(absent).toMatch(/^p\d$/);
    const gm = clients.get("gm")!;
    await clients.get(absent)!.leave();
    time.advance(5_000);
    expect(await ask(gm, "claim", { id: "g1", outcome: "draw", absent })).toMatchObject({ type: "rejected", payload: { error: { code: "claim_refused" } } });
    time.advance(5_000);
    expect(await ask(gm, "claim", { id: "g2", outcome: "draw", absent })).toMatchObject({ type: "accepted" });
    expect(match.result).toMatchObject({ winner: null, reason: "abandoned_draw" });
    for (const c of clients.values()) await c.leave();
  });
});

describe("docs/design.md Clocks and abandonment: a ruleset without a concession of its own", () => {
  it("takes the referee's concession: the seat's side loses, the entry is the server's, and a client cannot send it as a command", async () => {
    const created = await createMatch(t.http, { ruleset: "dial-duel", scenario: DUEL_SCENARIO, players: [{ name: "a" }, { name: "b" }] });
    const clients = await joinAll(created);
    const match = liveMatch(created.matchId);
    const p2 = clients.get("p2")!;
    expect(await p2.command({ referee: "concede" })).toMatchObject({ type: "rejected", payload: { error: { code: "unknown_command" } } });
    expect(await ask(p2, "concede", { id: "d1" })).toMatchObject({ type: "accepted", payload: { seq: 1 } });
    expect(match.result).toEqual({ winner: "p1", reason: "conceded", scores: { p1: 0, p2: 0 } });
    const [entry] = await t.server.store.entries(created.matchId);
    expect(entry).toMatchObject({ seat: "p2", command: { referee: "concede" }, events: [{ event: { type: "concession", seat: "p2", result: match.result } }] });
    expect((await t.server.store.getMatch(created.matchId))?.result).toEqual(match.result);
    await replayStored(created.matchId);
    expect(await ask(clients.get("p1")!, "concede", { id: "d2" })).toMatchObject({ type: "rejected", payload: { error: { code: "match_over" } } });
    for (const c of clients.values()) await c.leave();
  });
});
