/**
 * Whole EMBER matches through the real server and real WebSocket clients (design.md principles
 * 4 to 8): two seats and a spectator. After every accepted command, each client's decoded state
 * must equal the ruleset's projection for it (the oracle rebuilds the match from the store), its
 * events must equal the ruleset's redaction, and no frame a client received may carry another
 * seat's secrets (seed 001 5: timing dials; the dice seed until the end).
 */
import { ERRORS, catalog, ember, type EmberState } from "@fogwar/ember";
import { PROTOCOL_ERRORS } from "@fogwar/protocol";
import { omniscient, seatViewer, spectator, stateHash, verifySeed } from "@fogwar/engine";
import { api, bootServer, canon, carries, createMatch, emberRequest, playBots, statesFromStore, TestClient, type TestServer } from "./harness";

jest.setTimeout(120_000);

let test_server: TestServer;
beforeAll(async () => {
  test_server = await bootServer();
});
afterAll(async () => {
  await test_server.close();
});

const dialPath = (seat: string) => Buffer.from(`/plans/${seat}/dials`);

const CASES = [
  { scenario: "crossroads", armies: [0, 2], progressiveReveal: false },
  { scenario: "crossroads", armies: [4, 0], progressiveReveal: true },
  { scenario: "foundry", armies: [1, 3], progressiveReveal: true },
  { scenario: "foundry", armies: [5, 1], progressiveReveal: false },
];

describe.each(CASES)("design.md principle 6: a bot match over WebSocket, $scenario, armies $armies, progressive reveal $progressiveReveal", ({ scenario, armies, progressiveReveal }) => {
  test("every client's decoded state equals viewFor after every command; events equal redact; no other seat's dials in any frame", async () => {
    const created = await createMatch(test_server.http, {
      ...emberRequest(catalog, { scenario, options: { progressiveReveal } }),
      players: armies.map((a, i) => ({ name: `bot ${i + 1}`, army: catalog.data.armies[a] })),
    });
    const [s1, s2] = created.seats;
    const p1 = await TestClient.join(test_server.ws, created.matchId, { seat: "p1", token: s1!.token });
    const p2 = await TestClient.join(test_server.ws, created.matchId, { seat: "p2", token: s2!.token });
    const watcher = await TestClient.join(test_server.ws, created.matchId, "spectator");
    const everyone = [p1, p2, watcher];
    await Promise.all(everyone.map((c) => c.until(() => c.seq >= 0 && c.received("welcome").length > 0, "the welcome")));

    const seed = (await test_server.server.store.getSeed(created.matchId)) as string;
    let checkedSteps = 0;
    let probes = 0;
    let hiddenSteps = 0;
    const check = async (seq: number) => {
      const states = await statesFromStore(test_server.server, created.matchId);
      const state = states[seq] as EmberState;
      expect(canon(p1.projection())).toBe(canon(ember.viewFor(state, seatViewer("p1"))));
      expect(canon(p2.projection())).toBe(canon(ember.viewFor(state, seatViewer("p2"))));
      expect(canon(watcher.projection())).toBe(canon(ember.viewFor(state, spectator)));
      // While a seat holds hidden dials, the other seat and the spectator probe with commands that touch them.
      const hider = (["p1", "p2"] as const).find((seat) => Object.keys(state.plans[seat]?.dials ?? {}).some((id) => state.revealed[id] === undefined));
      if (!state.result && hider && probes < 3) {
        probes++;
        const hidden = Object.keys(state.plans[hider]?.dials ?? {})[0] as string;
        const prober = hider === "p1" ? p2 : p1;
        const answers = [await prober.command({ type: "end_activation", unit: hidden }), await watcher.command({ type: "end_activation", unit: hidden })];
        expect(answers.map((a) => a.type)).toEqual(["rejected", "error"]);
      }
      if (!state.result) for (const c of everyone) expect(carries(Buffer.concat(c.frames()), seed)).toBe(false);
      if (Object.values(state.plans).some((p) => p?.dials && Object.keys(p.dials).some((id) => state.revealed[id] === undefined))) hiddenSteps++;
      checkedSteps++;
    };
    await check(0);
    const accepted = await playBots([p1, p2], everyone, { botSeed: `wire-${scenario}-${armies.join("-")}`, afterEach: check });
    expect(accepted).toBe(checkedSteps - 1);
    expect(hiddenSteps).toBeGreaterThan(0);

    // The match ended with a result every client sees.
    const states = await statesFromStore(test_server.server, created.matchId);
    const final = states[states.length - 1] as EmberState;
    expect(final.result).not.toBeNull();
    for (const c of everyone) expect((c.projection() as EmberState).result).toEqual(final.result);

    // Events: each client received, per sequence number, exactly the ruleset's redaction for it.
    const entries = await test_server.server.store.entries(created.matchId);
    for (const [client, viewer] of [
      [p1, seatViewer("p1")],
      [p2, seatViewer("p2")],
      [watcher, spectator],
    ] as const) {
      const bySeq = new Map(client.received("events").map((m) => [m.seq, m.events]));
      expect(bySeq.size).toBe(entries.length);
      for (const entry of entries) {
        const expected = (entry.events as any[]).map((e) => ember.redact(e, viewer)).filter((e) => e !== null);
        expect(canon(bySeq.get(entry.seq))).toBe(canon(expected));
      }
    }

    // Bytes: only a seat's own dials path ever reaches it; a spectator gets none; only own overlay decoded.
    const frames = (c: TestClient) => Buffer.concat(c.frames());
    expect(frames(p1).includes(dialPath("p1"))).toBe(true);
    expect(frames(p1).includes(dialPath("p2"))).toBe(false);
    expect(frames(p2).includes(dialPath("p2"))).toBe(true);
    expect(frames(p2).includes(dialPath("p1"))).toBe(false);
    expect(frames(watcher).includes(dialPath("p1"))).toBe(false);
    expect(frames(watcher).includes(dialPath("p2"))).toBe(false);
    expect(p1.decodedSeats()).toEqual(["p1"]);
    expect(p2.decodedSeats()).toEqual(["p2"]);
    expect(watcher.decodedSeats()).toEqual([]);

    // The dice seed (in no frame before the end, checked above) is in the final projection and verifies.
    expect((p1.projection() as { seed?: string }).seed).toBe(seed);
    expect(verifySeed(final.seedCommitment, seed)).toBe(true);

    // The stored log replays to the final state hash stored with its last entry.
    expect(stateHash(final)).toBe(entries[entries.length - 1]!.stateHash);

    // Errors tell nothing: every refusal any client got was one of the fixed sentences.
    expect(probes).toBeGreaterThan(0);
    const sentences = new Set([...Object.values(ERRORS), ...Object.values(PROTOCOL_ERRORS)].map((e) => e.message));
    for (const c of everyone) for (const m of [...c.received("rejected"), ...c.received("error")]) expect(sentences).toContain(m.error.message);

    // The finished match's history reveals everything.
    const history = await api(test_server.http, `/matches/${created.matchId}/history`);
    expect(history.status).toBe(200);
    expect(history.body.perspective).toBe("omniscient");
    expect(history.body.seed).toBe(seed);
    expect(history.body.entries).toHaveLength(entries.length);
    const lastEvents = (entries[entries.length - 1]?.events as any[]).map((e) => ember.redact(e, omniscient));
    expect(canon(history.body.entries[entries.length - 1].events)).toBe(canon(lastEvents));

    for (const c of everyone) await c.leave();
  });
});
