/**
 * Names with invisible or formatting characters are refused wherever a name enters, through the
 * real server: a match creation (EMBER, Siege, a solo match against the server's bot) answers 400
 * `invalid_name` and creates nothing; a join whose options name such a name is refused with
 * `invalid_name`. Korean names stay valid and are stored in NFC.
 */
import { catalog } from "@fogwar/ember";
import { PROTOCOL_ERRORS, PROTOCOL_VERSION } from "@fogwar/protocol";
import { Client } from "@colyseus/sdk";
import { api, bootServer, createMatch, emberRequest, TestClient, type TestServer } from "./harness";

jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  // Every refused join counts as a failed join of the address: raise the cap for this file.
  server = await bootServer({ limits: { joinFailures: 10_000 } });
});
afterAll(async () => {
  await server.close();
});

/** One name of each kind a name refuses. */
const REFUSED: readonly [string, string][] = [
  ["a right-to-left override", "Bob\u202Enimda"],
  ["a left-to-right embedding", "\u202AAda"],
  ["an isolate", "\u2067Ada\u2069"],
  ["a right-to-left mark", "Ada\u200F"],
  ["an Arabic letter mark", "Ada\u061C"],
  ["a zero-width space", "Ad\u200Ba"],
  ["a zero-width joiner", "Ad\u200Da"],
  ["a word joiner", "Ada\u2060"],
  ["a byte order mark", "\uFEFFAda"],
  ["a control character", "Ada\u0007"],
  ["a line separator", "Ada\u2028"],
  ["a Hangul filler", "\u3164"],
];

const matchCount = async (): Promise<number> => (await api(server.http, "/matches?limit=200")).body.matches.length;

describe("creating a match", () => {
  test.each(REFUSED)("a player name with %s is refused with invalid_name and nothing is created", async (_, name) => {
    const before = await matchCount();
    const requests = [
      { ...emberRequest(catalog), players: [{ name: "Ada", army: catalog.data.armies[0] }, { name, army: catalog.data.armies[2] }] },
      { ruleset: "siege", scenario: "ledger", players: [{ name, team: "attack" }, { name: "Grace", team: "defence" }], options: {} },
      { ruleset: "siege", scenario: "ledger", players: [{ name, team: "attack" }, { name: "Bot", team: "defence", bot: "normal" }], options: {} },
    ];
    for (const body of requests) {
      const answer = await api(server.http, "/matches", { body });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: "invalid_name", message: PROTOCOL_ERRORS.invalid_name.message });
    }
    expect(await matchCount()).toBe(before);
  });

  test("Korean names are accepted, stored in NFC", async () => {
    const created = await createMatch(server.http, { ruleset: "siege", scenario: "ledger", players: [{ name: "\u1106\u1175\u11AB\u110C\u116E\u11AB", team: "attack" }, { name: "김서연", team: "defence" }], options: {} });
    expect(created.seats.map((s) => s.name)).toEqual(["민준", "김서연"]);
    const watcher = await TestClient.join(server.ws, created.matchId, "spectator", { name: "구경꾼" });
    expect(watcher.received("welcome")[0]!.players.map((p: { name: string }) => p.name)).toEqual(["민준", "김서연"]);
    await watcher.leave();
  });
});

describe("joining", () => {
  test.each(REFUSED)("a join name with %s is refused with invalid_name", async (_, name) => {
    const created = await createMatch(server.http, emberRequest(catalog));
    for (const options of [
      { role: "spectator", protocol: PROTOCOL_VERSION, name },
      { role: "player", protocol: PROTOCOL_VERSION, token: created.seats[0]!.token, name },
    ]) {
      await expect(new Client(server.ws).joinById(created.matchId, options)).rejects.toThrow("invalid_name");
    }
  });
});
