/**
 * The tactical TRPG over WebSocket (docs/rules/trpg.md; seed 002 3-3 concealment): the lobby
 * request (a game master, party players and their characters, or a versus squad), the listing;
 * GM-mode and versus matches played by seeded bots through the seats' own projections, where after
 * every accepted command each client's decoded state equals the ruleset's projection for it, and
 * while a hidden enemy is unknown to the party no byte reaching a party seat or a spectator names
 * it, while the game master's socket carries it from the start; the live history shows no command;
 * solo play against the server's bot seat.
 */
import { replay, seatViewer, spectator, RandomBot, type MatchLog, type Viewer } from "@fogwar/engine";
import { legalCommandsInView, trpg, trpgBotPolicy, type TrpgCommand, type TrpgEvent, type TrpgSetup, type TrpgState } from "@fogwar/trpg";
import { api, bootServer, canon, createMatch, TestClient, type TestServer } from "./harness";
import { playScripted } from "./bot-play";

jest.setTimeout(240_000);

let server: TestServer;
beforeAll(async () => {
  server = await bootServer();
});
afterAll(async () => {
  await server.close();
});

/** The engine state after each sequence number, rebuilt from the store (the oracle). */
async function trpgStates(matchId: string): Promise<TrpgState[]> {
  const store = server.server.store;
  const record = (await store.getMatch(matchId))!;
  const seed = (await store.getSeed(matchId))!;
  const entries = await store.entries(matchId);
  const setup = record.setup as TrpgSetup;
  const log: MatchLog<TrpgSetup, TrpgCommand, TrpgEvent> = {
    ruleset: "trpg",
    rulesVersion: record.rulesVersion,
    setup,
    seed,
    setupEvents: trpg.setup(setup, seed).events,
    entries: entries.map((e) => ({ seq: e.seq, seat: e.seat, command: e.command as TrpgCommand, events: e.events as never })),
  };
  const states: TrpgState[] = [];
  replay(trpg, log, (_seq, state) => states.push(state));
  return states;
}

const GM_REQUEST = {
  ruleset: "trpg",
  scenario: "quarry",
  players: [
    { name: "Mara", team: "gm" },
    { name: "Ada", team: "party", army: { characters: ["vale", "harrow"] } },
    { name: "Bo", team: "party", army: { characters: ["reed", "sato"] } },
  ],
  options: { reconnectGrace: 5 },
};

describe("the TRPG in the lobby", () => {
  test("the listing names the scenarios, their party and fields, never an encounter's enemies", async () => {
    const { body } = await api(server.http, "/rulesets");
    const entry = body.rulesets.find((r: { id: string }) => r.id === "trpg");
    expect(entry.scenarios.map((s: { id: string }) => s.id)).toEqual(["proving_ground", "quarry", "pumphouse"]);
    expect(entry.scenarios[1].party.map((p: { id: string }) => p.id)).toEqual(["vale", "reed", "sato", "harrow"]);
    const text = JSON.stringify(entry);
    expect(text).not.toContain("sharpshooter");
    expect(text).not.toContain("raider-1");
    expect(text).not.toContain("lookout");
  });

  test("a request needs one game master or one enemies' player, one to four party players, each party character given once", async () => {
    const bad = [
      { ...GM_REQUEST, players: [{ name: "A", team: "party" }] },
      { ...GM_REQUEST, players: [{ name: "A", team: "gm" }, { name: "B", team: "enemies" }, { name: "C", team: "party" }] },
      { ...GM_REQUEST, players: [{ name: "A", team: "gm" }, { name: "B", team: "attack" }] },
      { ...GM_REQUEST, players: [{ name: "A", team: "gm" }, { name: "B", team: "party", army: { characters: ["vale"] } }] },
      { ...GM_REQUEST, players: [{ name: "A", team: "gm", army: { field: "acid" } }, { name: "B", team: "party" }] },
      { ...GM_REQUEST, scenario: "moon" },
    ];
    for (const request of bad) {
      const { status, body } = await api(server.http, "/matches", { body: request });
      expect([status, body.error.code]).toEqual([400, "bad_request"]);
    }
    const created = await createMatch(server.http, GM_REQUEST);
    expect(created.seats.map((s) => [s.seat, (s as { team?: string }).team])).toEqual([["gm", "gm"], ["p1", "party"], ["p2", "party"]]);
  });
});

/** Plays a match with seeded random bots through the seats' own projections, checking after each command. */
async function playChecked(request: unknown, partySeats: string[], enemySeat: string, botSeed: string, maxCommands: number) {
  const created = await createMatch(server.http, request);
  const clients = new Map<string, TestClient>();
  for (const s of created.seats) clients.set(s.seat, await TestClient.join(server.ws, created.matchId, s));
  const watcher = await TestClient.join(server.ws, created.matchId, "spectator");
  const everyone = [...clients.values(), watcher];
  const bots = new Map([...clients.keys()].map((seat) => [seat, new RandomBot<TrpgCommand>(`${botSeed}:${seat}`, trpgBotPolicy)]));
  const viewerOf = (c: TestClient): Viewer => (c.seat ? seatViewer(c.seat) : spectator);
  const outsiders = [...partySeats.map((s) => clients.get(s)!), watcher];
  let hiddenSteps = 0;
  let historyChecks = 0;
  /** Per hidden enemy: whether the party has known of it yet. */
  const check = async (seq: number) => {
    const states = await trpgStates(created.matchId);
    const state = states[seq]!;
    for (const c of everyone) expect(canon(c.projection())).toBe(canon(trpg.viewFor(state, viewerOf(c))));
    if (state.result) return;
    const unknown = Object.values(state.characters).filter((c) => !c.known);
    if (unknown.length > 0) hiddenSteps++;
    for (const u of unknown) {
      // Never known so far: no byte any party seat or spectator received names it.
      for (const c of outsiders) expect([c.label, u.id, Buffer.concat(c.frames()).includes(Buffer.from(u.id))]).toEqual([c.label, u.id, false]);
      if (enemySeat === "gm") expect(Buffer.concat(clients.get("gm")!.frames()).includes(Buffer.from(u.id))).toBe(true);
    }
    if (historyChecks < 3 && seq % 5 === 1) {
      historyChecks++;
      const history = await api(server.http, `/matches/${created.matchId}/history`);
      expect(history.body.entries.every((e: { command: unknown }) => e.command === null)).toBe(true);
      for (const u of unknown) expect(JSON.stringify(history.body)).not.toContain(u.id);
    }
  };
  await check(0);
  let accepted = 0;
  while (accepted < maxCommands) {
    const view = watcher.projection() as TrpgState;
    if (view.result) break;
    const mover = [...clients.values()].find((c) => legalCommandsInView(c.projection() as never, c.seat!).length > 0);
    if (!mover) throw new Error("nobody may move but the match goes on");
    const command = bots.get(mover.seat!)!.choose(legalCommandsInView(mover.projection() as never, mover.seat!))!;
    const answer = await mover.command(command);
    if (answer.type !== "accepted") throw new Error(`${mover.label}: ${JSON.stringify(command)} got ${JSON.stringify(answer.payload)}`);
    const seq = answer.payload.seq as number;
    await Promise.all(everyone.map((c) => c.until(() => c.seq >= seq, `seq ${seq}`)));
    accepted++;
    await check(seq);
  }
  for (const c of everyone) await c.leave();
  return { hiddenSteps, historyChecks, accepted, matchId: created.matchId };
}

describe("seed 002 3-3: a concealed enemy over the wire", () => {
  test("GM mode on the quarry: decoded states equal viewFor for the master, both players and a spectator; the hidden enemies reach no party socket while unknown, and the master's from the start", async () => {
    const { hiddenSteps, historyChecks } = await playChecked(GM_REQUEST, ["p1", "p2"], "gm", "trpg-wire-1", 60);
    expect(hiddenSteps).toBeGreaterThan(10);
    expect(historyChecks).toBeGreaterThan(0);
  });

  test("versus on the drill yard: the same for the enemies' seat, the party's and a spectator", async () => {
    const request = { ruleset: "trpg", scenario: "proving_ground", players: [{ name: "Ada", team: "party" }, { name: "Cy", team: "enemies" }], options: { reconnectGrace: 5 } };
    const { hiddenSteps } = await playChecked(request, ["p1"], "e1", "trpg-wire-2", 60);
    expect(hiddenSteps).toBeGreaterThan(5);
  });
});

describe("solo: the server's bot plays the enemies", () => {
  test("a person plays the party on the drill yard against the bot seat to the end; the bot's commands are the enemies' seat's", async () => {
    const created = await createMatch(server.http, { ruleset: "trpg", scenario: "proving_ground", players: [{ name: "Ada", team: "party" }, { name: "Bot", team: "enemies", bot: "easy" }], options: { reconnectGrace: 5 } });
    expect((created as { botSeats?: unknown }).botSeats).toEqual([{ seat: "e1", name: "Bot", team: "enemies", bot: "easy" }]);
    const human = await TestClient.join(server.ws, created.matchId, created.seats[0]!);
    const sent = await playScripted(human, legalCommandsInView as never, trpgBotPolicy, "solo-human");
    expect(sent).toBeGreaterThan(3);
    const entries = await server.server.store.entries(created.matchId);
    expect(entries.some((e) => e.seat === "e1" && e.commandId?.startsWith("bot-"))).toBe(true);
    const states = await trpgStates(created.matchId);
    expect(states.at(-1)!.result).not.toBeNull();
    expect(canon(human.projection())).toBe(canon(trpg.viewFor(states.at(-1)!, seatViewer("p1"))));
    await human.leave();
  });
});
