/**
 * Matches of older rules versions (design.md principle 9, "Versioned contracts"): the server loads
 * a stored match under the rules version it was created with, the current package or that
 * version's frozen build (@fogwar/rules-archive). Every published version's replay fixture loads
 * through the server's loader to its final state hash; a live match an older server stored is
 * rebuilt after the update, played on over WebSocket under its own rules and finished, and its
 * history answers as usual; an older version's bot seat plays with that version's own bot.
 */
import { ember } from "@fogwar/ember";
import { PUBLISHED, currentVersion, replayFixture, rulesetFor, type ReplayFixture } from "@fogwar/rules-archive";
import { claimedToken } from "../src/invites.js";

/** The seat token of a match stored straight in the store: as if each seat's invite had been claimed with one fixed key. */
const seatToken = (secret: string, seat: string): string => claimedToken(secret, seat, 0, "stored-match-claim-key-0000");
import { CorruptLogError, LiveMatch } from "../src/live.js";
import { RULESETS } from "../src/hosts/index.js";
import { openStore, type MatchStore } from "../src/store/index.js";
import { api, TestClient, type TestServer } from "./harness";
import { playScripted } from "./bot-play";
import { SECRET, fixtureOf, fixtures, half, loadsWhole, playOnOverWebSocket, playsOnFromHalf, serverOnOlderDatabase, storeOld } from "./older-matches";

jest.setTimeout(240_000);

describe("the server's loader", () => {
  let store: MatchStore;
  beforeAll(async () => {
    store = await openStore({});
  });
  afterAll(async () => {
    await store?.close();
  });

  it("covers every published version", () => {
    expect(fixtures.map((f) => f.rulesVersion).sort()).toEqual(PUBLISHED.map((p) => p.version).sort());
  });

  it.each([...RULESETS.keys()])("finds hosted %s in the archive, its current version frozen (else its matches could not be hosted after a bump)", async (id) => {
    const version = RULESETS.get(id)!.ruleset.rulesVersion;
    expect(await currentVersion(id)).toBe(version);
    expect(PUBLISHED.filter((p) => p.ruleset === id).map((p) => p.version)).toContain(version);
    expect(fixtures.some((f) => f.rulesVersion === version)).toBe(true);
  });

  it.each(fixtures.map((f) => [f.rulesVersion, f] as const))("rebuilds %s's fixture to its final state hash and result, and finishes it", async (version, fixture) => {
    await loadsWhole(store, `whole-${version}`, fixture);
  });

  it.each(fixtures.map((f) => [f.rulesVersion, f] as const))("plays %s's fixture on from half way under its own rules", async (version, fixture) => {
    await playsOnFromHalf(store, `half-${version}`, fixture);
  });

  it("refuses clearly a match of a rules version it has no build of", async () => {
    const fixture = fixtureOf("ember-0.1.0");
    await store.createMatch({ id: "no-build", ruleset: "ember", rulesVersion: "ember-0.0.9", scenario: "x", setup: fixture.setup, seed: fixture.seed, seedCommitment: fixture.seedCommitment, options: {} }, []);
    await expect(LiveMatch.load(store, "no-build")).rejects.toThrow(CorruptLogError);
    await expect(LiveMatch.load(store, "no-build")).rejects.toThrow(/no build of ember rules version "ember-0\.0\.9"/);
  });
});

describe("a live match of an older rules version across a server update", () => {
  let server: TestServer;
  let close: (() => Promise<void>) | undefined;
  const emberOld = fixtureOf("ember-0.1.0");
  const siegeOld = fixtureOf("siege-0.1.0");

  beforeAll(async () => {
    // The older server's database, with one live match of each ruleset half played and one
    // EMBER match with a bot seat, then the current server started on it.
    ({ server, close } = await serverOnOlderDatabase(async (store) => {
      await storeOld(store, "oldember0001", emberOld, half(emberOld), { spectatorDelay: 1 });
      await storeOld(store, "oldsiege0001", siegeOld, half(siegeOld));
      await storeOld(store, "oldbotmatch1", emberOld, 0, { bots: { p2: "easy" }, reconnectGrace: 5 });
    }));
  });
  afterAll(async () => {
    await close?.();
  });

  it.each([
    ["EMBER", "oldember0001", emberOld],
    ["Siege", "oldsiege0001", siegeOld],
  ] as const)("%s: players rejoin, play on under its own rules to the end, and the history answers it", async (_name, matchId, fixture) => {
    const casterChecks = await playOnOverWebSocket(server, matchId, fixture);
    // EMBER's match has a one-round caster delay; ember-0.1.0 had no caster projection, so the
    // feed is the public view of the delayed state.
    if (fixture.ruleset === "ember") expect(casterChecks).toBeGreaterThan(0);
  });

  it("EMBER: an older version's bot seat plays with that version's own bot to the end", async () => {
    const rules = await rulesetFor("ember", "ember-0.1.0");
    const human = await TestClient.join(server.ws, "oldbotmatch1", { seat: "p1", token: seatToken(SECRET, "p1") });
    const legal = (view: unknown, seat: string) => rules.ruleset.legalCommandsInView?.(view, seat) as { type: string }[];
    const sent = await playScripted(human, legal, rules.botPolicy, "human-old-ember");
    expect(sent).toBeGreaterThan(5);
    const entries = await server.server.store.entries("oldbotmatch1");
    expect(entries.filter((e) => e.seat === "p2" && e.commandId?.startsWith("bot-")).length).toBeGreaterThan(5);
    const { body } = await api(server.http, "/matches/oldbotmatch1");
    expect(body.match.status).toBe("finished");
    // The whole log replays under ember-0.1.0, and not under the current rules.
    const result = (await server.server.store.getMatch("oldbotmatch1"))?.result as ReplayFixture["result"];
    const played: ReplayFixture = { ...emberOld, entries: entries.map((e) => ({ seq: e.seq, seat: e.seat, command: e.command, events: e.events as never, stateHash: e.stateHash })), finalHash: entries.at(-1)!.stateHash as string, result };
    expect(replayFixture(rules.ruleset, played).problems).toEqual([]);
    expect(replayFixture({ ...ember, rulesVersion: "ember-0.1.0" }, played).problems).not.toEqual([]);
    await human.leave();
  });
});
