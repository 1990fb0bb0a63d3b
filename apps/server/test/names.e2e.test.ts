/**
 * Players' names on the wire (docs/protocol.md "welcome"): every connection, players and
 * spectators alike, learns each seat's name as given at the match's creation (and its team in a
 * team game, and its bot's level where the server's bot plays it) from the welcome, again after a
 * reconnection, and the history API carries the same names. Names are passed through as given (the client renders them as text).
 */
import { catalog } from "@fogwar/ember";
import { parseServerMessage } from "@fogwar/protocol";
import { api, bootServer, createMatch, emberRequest, TestClient, type TestServer } from "./harness";
import { emberBotRequest } from "./bot-play";

jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await bootServer();
});
afterAll(async () => {
  await server.close();
});

test("EMBER: the welcome lists every seat's name, for a seat and for a spectator; the history API names them too", async () => {
  const created = await createMatch(server.http, {
    ...emberRequest(catalog),
    players: [
      { name: "Ada <b>", army: catalog.data.armies[0] },
      { name: "Ada <b>", army: catalog.data.armies[2] },
    ],
  });
  const p1 = await TestClient.join(server.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
  const watcher = await TestClient.join(server.ws, created.matchId, "spectator");
  const expected = [
    { seat: "p1", name: "Ada <b>" },
    { seat: "p2", name: "Ada <b>" },
  ];
  for (const client of [p1, watcher]) {
    const welcome = client.received("welcome")[0]!;
    const parsed = parseServerMessage("welcome", welcome);
    expect(parsed.ok).toBe(true);
    expect(welcome.players).toEqual(expected);
  }
  const history = await api(server.http, `/matches/${created.matchId}/history`);
  expect(history.body.match.seats.map((s: { seat: string; name: string }) => ({ seat: s.seat, name: s.name }))).toEqual(expected);
  await p1.leave();
  await watcher.leave();
});

test("Siege: the welcome names every seat with its team", async () => {
  const created = await createMatch(server.http, {
    ruleset: "siege",
    scenario: "ledger",
    players: [
      { name: "민준", team: "attack" },
      { name: "Grace", team: "defence" },
    ],
    options: {},
  });
  const d1 = await TestClient.join(server.ws, created.matchId, { seat: created.seats[1]!.seat, token: created.seats[1]!.token });
  expect(d1.received("welcome")[0]!.players).toEqual([
    { seat: "a1", name: "민준", team: "attack" },
    { seat: "d1", name: "Grace", team: "defence" },
  ]);
  await d1.leave();
});

test("a bot seat: the welcome names its bot's level, as the match's summary does, to the player and to a spectator", async () => {
  const created = await createMatch(server.http, emberBotRequest());
  const human = await TestClient.join(server.ws, created.matchId, created.seats[0]!);
  const watcher = await TestClient.join(server.ws, created.matchId, "spectator");
  const { body } = await api(server.http, `/matches/${created.matchId}`);
  const summary = body.match.seats.map((s: { seat: string; name: string; bot?: string }) => ({ seat: s.seat, name: s.name, ...(s.bot ? { bot: s.bot } : {}) }));
  expect(summary).toEqual([expect.objectContaining({ seat: "p1" }), { seat: "p2", name: "Bot", bot: "easy" }]);
  for (const client of [human, watcher]) {
    const welcome = client.received("welcome")[0]!;
    expect(parseServerMessage("welcome", welcome).ok).toBe(true);
    expect(welcome.players).toEqual(summary);
  }
  await human.leave();
  await watcher.leave();
});
