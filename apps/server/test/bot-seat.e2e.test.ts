/**
 * Bot seats (docs/protocol.md, `players[].bot`): the server plays a seat through the protocol,
 * from a worker thread, as an ordinary client with its seat token. Whole matches against a
 * scripted client over WebSocket in both rulesets; a worker that dies is started again; the bot
 * decides from its seat's projection only, and its socket carries
 * nothing else.
 */
import { framesOf } from "./record-frames";
import { seatViewer, omniscient } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, legalCommandsInView as emberLegal } from "@fogwar/ember";
import { siegeBotPolicy, legalCommandsInView as siegeLegal } from "@fogwar/siege";
import { flatten } from "@fogwar/protocol";
import { api, bootServer, canon, createMatch, emberRequest, statesFromStore, TestClient, type TestServer } from "./harness";
import { eventually } from "./eventually";
import { emberBotRequest, playScripted } from "./bot-play";
import { decodedPaths, nodePaths } from "./decoded-frames";
import { brainFor, type Brain } from "../src/bots/brain";
import { BotPlayer } from "../src/bots/player";
import { expireUnjoined } from "../src/lifecycle";

jest.setTimeout(240_000);

let server: TestServer;
beforeAll(async () => {
  server = await bootServer();
});
afterAll(async () => {
  await server.close();
});

describe("a bot seat", () => {
  test("EMBER: the bot plays a whole match against a scripted client; its seat has no token or invite link", async () => {
    const created = await createMatch(server.http, emberBotRequest());
    expect(created.seats.map((s) => s.seat)).toEqual(["p1"]);
    expect((created as any).botSeats).toEqual([{ seat: "p2", name: "Bot", bot: "easy" }]);
    const human = await TestClient.join(server.ws, created.matchId, created.seats[0]!);
    const sent = await playScripted(human, emberLegal, emberBotPolicy, "human-ember");
    const entries = await server.server.store.entries(created.matchId);
    expect(sent).toBeGreaterThan(5);
    expect(entries.filter((e) => e.seat === "p2").length).toBeGreaterThan(5);
    expect(entries.filter((e) => e.seat === "p2").every((e) => e.commandId?.startsWith("bot-"))).toBe(true);
    const { body } = await api(server.http, `/matches/${created.matchId}`);
    expect(body.match.status).toBe("finished");
    expect(body.match.seats).toEqual([expect.objectContaining({ seat: "p1" }), expect.objectContaining({ seat: "p2", name: "Bot", bot: "easy" })]);
    await human.leave();
  });

  test("Siege: the bot plays the attack to the end against a scripted defence", async () => {
    const created = await createMatch(server.http, {
      ruleset: "siege",
      scenario: "ledger",
      players: [
        { name: "Bot", team: "attack", bot: "easy" },
        { name: "Dee", team: "defence" },
      ],
    });
    expect((created as any).botSeats).toEqual([{ seat: "a1", name: "Bot", team: "attack", bot: "easy" }]);
    const human = await TestClient.join(server.ws, created.matchId, created.seats[0]!);
    expect(human.seat).toBe("d1");
    await playScripted(human, siegeLegal, siegeBotPolicy, "human-siege");
    const { body } = await api(server.http, `/matches/${created.matchId}`);
    expect(body.match.status).toBe("finished");
    expect((await server.server.store.entries(created.matchId)).some((e) => e.seat === "a1")).toBe(true);
    await human.leave();
  });

  test("a request for bots only, or for an unknown level, is refused and creates nothing", async () => {
    const before = (await api(server.http, "/matches?limit=200")).body.matches.length;
    const request = emberRequest(catalog);
    const allBots = { ...request, players: request.players.map((p) => ({ ...p, bot: "easy" })) };
    const refused = await api(server.http, "/matches", { body: allBots });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("bad_request");
    const badLevel = await api(server.http, "/matches", { body: { ...request, players: [request.players[0], { ...request.players[1], bot: "grandmaster" }] } });
    expect(badLevel.status).toBe(400);
    expect((await api(server.http, "/matches?limit=200")).body.matches.length).toBe(before);
  });

  test("a bot worker that dies is started again and the match goes on to its end", async () => {
    const created = await createMatch(server.http, emberBotRequest());
    const human = await TestClient.join(server.ws, created.matchId, created.seats[0]!);
    let killed = false;
    const kill = setInterval(() => {
      if (killed || human.seq < 4) return;
      killed = true;
      void server.server.bots.terminateWorker();
    }, 20);
    try {
      await playScripted(human, emberLegal, emberBotPolicy, "human-crash");
    } finally {
      clearInterval(kill);
    }
    expect(killed).toBe(true);
    expect((await api(server.http, `/matches/${created.matchId}`)).body.match.status).toBe("finished");
    await human.leave();
  });
});

describe("a match only its bot joined", () => {
  test("still expires as unjoined: the bot's join neither claims its seat nor keeps the room busy", async () => {
    const created = await createMatch(server.http, emberBotRequest());
    await eventually("p2's bot seat connected", async () => (await api(server.http, `/matches/${created.matchId}`)).body.match.seats.find((s: { seat: string }) => s.seat === "p2")?.connected === true, 20_000);
    const expired = await expireUnjoined(server.server.store, server.server.log, 1, Date.now() + 60_000);
    expect(expired).toContain(created.matchId);
    expect((await server.server.store.getMatch(created.matchId))?.status).toBe("abandoned");
  });
});

describe("what a bot knows", () => {
  test("every view the bot decides from is its seat's projection, and its socket carries nothing else", async () => {
    // The bot player runs here, in the test's process, so that its decisions and its socket's bytes
    // can be recorded (the worker runs the same code). It plays p2 of an ordinary match with p2's
    // token: a bot seat's token is one like any other.
    const own = server;
    {
      const created = await createMatch(own.http, emberRequest(catalog, { options: { reconnectGrace: 5 } }));
      const p2 = created.seats.find((s) => s.seat === "p2")!;
      const seen: unknown[] = [];
      const real = brainFor("ember", "easy", "p2", "knowledge");
      const spy: Brain = {
        legal: (view) => real.legal(view),
        choose: (view) => {
          seen.push(structuredClone(view));
          return real.choose(view);
        },
        fallback: (view) => real.fallback(view),
      };
      let stopped = "";
      const bot = new BotPlayer({ url: own.ws, matchId: created.matchId, seat: "p2", token: p2.token, delayMs: 0 }, spy, {
        moved: () => undefined,
        warn: () => undefined,
        stopped: (reason) => (stopped = reason),
      });
      await bot.start();
      // The bot's socket (it joins once here: no drop to join again from).
      const socket = (bot as any).room.connection.transport.ws as WebSocket;
      const human = await TestClient.join(own.ws, created.matchId, created.seats[0]!);
      await playScripted(human, emberLegal, emberBotPolicy, "human-knowledge");
      await human.until(() => stopped === "finished", "the bot to stop", 10_000);
      await human.leave();

      const states = await statesFromStore(own.server, created.matchId);
      const projections = new Set(states.map((s) => canon(ember.viewFor(s, seatViewer("p2")))));
      expect(seen.length).toBeGreaterThan(5);
      for (const view of seen) expect(projections.has(canon(view))).toBe(true);
      // The test has teeth: views the bot decided from hid something the omniscient view showed.
      const omniscientViews = new Set(states.map((s) => canon(ember.viewFor(s, omniscient))));
      expect(seen.some((view) => !omniscientViews.has(canon(view)))).toBe(true);

      // Bytes: every node the bot's socket carried is a node of its seat's projection at some point.
      const nodesOf = (view: unknown) => [...flatten(view)].flatMap(([path, value]) => nodePaths({ path, value }));
      const allowed = new Set<string>();
      for (const s of states) for (const path of nodesOf(ember.viewFor(s, seatViewer("p2")))) allowed.add(path);
      const frames = framesOf(socket);
      expect(frames.length).toBeGreaterThan(0);
      const carried = decodedPaths(frames);
      expect(carried.length).toBeGreaterThan(0);
      expect(carried.filter((path) => !allowed.has(path))).toEqual([]);
      // And the omniscient projection holds nodes the seat's never did (so the check above has teeth).
      const omniscientPaths = new Set<string>();
      for (const s of states) for (const path of nodesOf(ember.viewFor(s, omniscient))) omniscientPaths.add(path);
      expect([...omniscientPaths].some((path) => !allowed.has(path))).toBe(true);
    }
  });
});
