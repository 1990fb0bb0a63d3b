/**
 * Age of Sigmar matches across a rules version bump (design.md "Rules versions"). The bump is
 * acted out as the archive's own test acts it out: the current Age of Sigmar package becomes
 * sigmar-99.0.0, whose rules differ (every state it makes carries one more field, so its hashes
 * differ), and the archived sigmar-0.1.0 is an older version. A stored battle of it is hosted
 * under its frozen build (`frozenHost` over the Age of Sigmar hosting): rebuilt whole to its final
 * state hash and result, played on from half way, rejoined over WebSocket after the update and
 * finished with its caster feed and history by its own rules; its bot seat plays that version's
 * own bot.
 */
import { replayFixture, rulesetFor } from "@fogwar/rules-archive";
import { RULES_VERSION, sigmar, type SigmarView } from "@fogwar/sigmar";
import { versionBrain } from "../src/bots/brain.js";
import { RULESETS, hostFor } from "../src/hosts/index.js";
import { openStore, type MatchStore } from "../src/store/index.js";
import type { TestServer } from "./harness";
import { fixtureOf, half, loadsWhole, playOnOverWebSocket, playsOnFromHalf, serverOnOlderDatabase, stateAfter, storeOld } from "./older-matches";

jest.mock("@fogwar/sigmar", () => {
  const actual = jest.requireActual<typeof import("@fogwar/sigmar")>("@fogwar/sigmar");
  const apply: typeof actual.sigmar.apply = (state, command, seat) => {
    const result = actual.sigmar.apply(state, command, seat);
    return result.ok ? { ...result, state: { ...result.state, bumped: true } } : result;
  };
  return { ...actual, RULES_VERSION: "sigmar-99.0.0", sigmar: { ...actual.sigmar, rulesVersion: "sigmar-99.0.0", apply } };
});

jest.setTimeout(240_000);

const OLD = "sigmar-0.1.0";
const fixture = fixtureOf(OLD);

describe("an Age of Sigmar battle of an older rules version", () => {
  let store: MatchStore;
  beforeAll(async () => {
    store = await openStore({});
  });
  afterAll(async () => {
    await store?.close();
  });

  it("is older after the bump: today's rules do not replay it, its frozen build does", async () => {
    expect([RULES_VERSION, sigmar.rulesVersion, RULESETS.get("sigmar")?.ruleset.rulesVersion]).toEqual(["sigmar-99.0.0", "sigmar-99.0.0", "sigmar-99.0.0"]);
    expect(replayFixture({ ...sigmar, rulesVersion: OLD }, fixture).problems.length).toBeGreaterThan(0);
    const rules = await rulesetFor("sigmar", OLD);
    expect(rules.frozen).toBe(true);
    expect(replayFixture(rules.ruleset, fixture)).toMatchObject({ problems: [], finalHash: fixture.finalHash });
  });

  it("is hosted with its frozen build in the Age of Sigmar hosting, which creates no match of it", async () => {
    const host = await hostFor("sigmar", OLD);
    expect(host.ruleset).toBe((await rulesetFor("sigmar", OLD)).ruleset);
    expect(host.makeSetup({ scenario: "sundered_causeway", players: [{ name: "a" }, { name: "b" }], options: { progressiveReveal: false } })).toMatchObject({ ok: false, problem: { code: "bad_request" } });
    // The hosting reads the old states and commands: the round, a locked list kept back, no clock while mustering.
    const state = stateAfter(host.ruleset, fixture, fixture.entries.length) as { round: number };
    expect(host.roundOf(state)).toBe(state.round);
    expect(state.round).toBeGreaterThan(1);
    expect(host.publicCommand?.({ type: "lock_army" })).toBe(false);
    expect(host.clockIdle?.(host.ruleset.setup({ seats: ["p1", "p2"] }, "s").state)).toBe(true);
  });

  it("is rebuilt from the store under its frozen build to its final state hash and result, and finished", async () => {
    const match = await loadsWhole(store, "whole-sigmar", fixture);
    expect(match.host.ruleset).toBe((await rulesetFor("sigmar", OLD)).ruleset);
  });

  it("plays on from half way under its own rules", async () => {
    await playsOnFromHalf(store, "half-sigmar", fixture);
  });

  it("has its bot seat played by that version's own bot, over the commands its rules list from the seat's view", async () => {
    const rules = await rulesetFor("sigmar", OLD);
    const state = stateAfter(rules.ruleset, fixture, half(fixture));
    const seat = fixture.entries[half(fixture)]!.seat;
    const view = rules.ruleset.viewFor(state, { kind: "seat", seat }) as SigmarView;
    const brain = await versionBrain("sigmar", OLD, "normal", seat, "old-sigmar-bot");
    const legal = rules.ruleset.legalCommandsInView!(view, seat);
    expect(legal.length).toBeGreaterThan(0);
    expect(brain.legal(view)).toEqual(legal);
    // It picks as that version's random bot with its policy does, from the same seed.
    const chosen = brain.choose(view);
    expect(legal).toContainEqual(chosen);
    expect(chosen).toEqual(new rules.RandomBot("old-sigmar-bot", rules.botPolicy).choose(legal));
  });
});

describe("a live Age of Sigmar battle of an older rules version across a server update", () => {
  let server: TestServer;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // The older server's database with the battle half played and a one-round caster delay, then
    // the current server started on it.
    ({ server, close } = await serverOnOlderDatabase((store) => storeOld(store, "oldsigmar001", fixture, half(fixture), { spectatorDelay: 1 }).then(() => undefined)));
  });
  afterAll(async () => {
    await close?.();
  });

  it("players rejoin, play on under its own rules to the end, the caster feed and the history answer by them", async () => {
    const casterChecks = await playOnOverWebSocket(server, "oldsigmar001", fixture);
    // Age of Sigmar has no caster projection of its own: the feed is the public view of the delayed battle.
    expect(casterChecks).toBeGreaterThan(0);
  });
});
