/**
 * Optical camouflage over the wire (seed 000_200ff4b7b5d3d570.txt 6.2; design.md principles 4 to
 * 8): bot matches whose UN armies carry the veil projector (camouflage with a secret real square).
 * After every accepted command each client's decoded state equals the ruleset's projection for it;
 * while the match is live no frame reaching the other seat or the spectator carries a camouflaged
 * unit's `/concealed/` path, and the history API (spectator perspective) holds back the real
 * square: no `concealment_set` event, no `concealed` state, no command naming a `hidden` square.
 */
import { catalog, ember, type EmberState } from "@fogwar/ember";
import { seatViewer, spectator } from "@fogwar/engine";
import { api, bootServer, canon, createMatch, emberRequest, playBots, statesFromStore, TestClient, type TestServer } from "./harness";

jest.setTimeout(180_000);

let test_server: TestServer;
beforeAll(async () => {
  test_server = await bootServer();
});
afterAll(async () => {
  await test_server.close();
});

const ownerOf = (state: EmberState, id: string) => state.units.find((u) => u.id === id)?.owner;

// Army 2 is the UN skirmish list (its Picket Node carries the veil projector), army 4 the GOF
// one; army 3 the UN standard list (Spotter Prime), army 1 the RDL standard one.
const CASES = [
  { scenario: "crossroads", armies: [2, 2], botSeed: "camo-wire-1" },
  { scenario: "crossroads", armies: [4, 2], botSeed: "camo-wire-2" },
  { scenario: "foundry", armies: [3, 1], botSeed: "camo-wire-3" },
];

describe.each(CASES)("seed 000 6.2 optical camouflage over WebSocket, armies $armies", ({ scenario, armies, botSeed }) => {
  test("seed 000 6.2: decoded states equal viewFor; no other seat's real square in any frame or in the live history API", async () => {
    const created = await createMatch(test_server.http, {
      ...emberRequest(catalog, { scenario }),
      players: armies.map((a, i) => ({ name: `bot ${i + 1}`, army: catalog.data.armies[a] })),
    });
    const [s1, s2] = created.seats;
    const p1 = await TestClient.join(test_server.ws, created.matchId, { seat: "p1", token: s1!.token });
    const p2 = await TestClient.join(test_server.ws, created.matchId, { seat: "p2", token: s2!.token });
    const watcher = await TestClient.join(test_server.ws, created.matchId, "spectator");
    const everyone = [p1, p2, watcher];
    await Promise.all(everyone.map((c) => c.until(() => c.seq >= 0 && c.received("welcome").length > 0, "the welcome")));

    let camouflagedSteps = 0;
    let historyChecks = 0;
    let liveFrames = { p1: 0, p2: 0, watcher: 0 };
    const check = async (seq: number) => {
      const states = await statesFromStore(test_server.server, created.matchId);
      const state = states[seq] as EmberState;
      expect(canon(p1.projection())).toBe(canon(ember.viewFor(state, seatViewer("p1"))));
      expect(canon(p2.projection())).toBe(canon(ember.viewFor(state, seatViewer("p2"))));
      expect(canon(watcher.projection())).toBe(canon(ember.viewFor(state, spectator)));
      if (state.result) return;
      liveFrames = { p1: p1.frames().length, p2: p2.frames().length, watcher: watcher.frames().length };
      const concealed = Object.keys(state.concealed ?? {});
      if (concealed.length === 0) return;
      camouflagedSteps++;
      for (const id of concealed) {
        const owner = ownerOf(state, id);
        const mine = owner === "p1" ? p1 : p2;
        const theirs = owner === "p1" ? p2 : p1;
        expect((mine.projection() as EmberState).concealed?.[id]).toEqual(state.concealed?.[id]);
        expect((theirs.projection() as EmberState).concealed?.[id]).toBeUndefined();
        expect((watcher.projection() as EmberState).concealed).toBeUndefined();
      }
      if (historyChecks < 4) {
        historyChecks++;
        const history = await api(test_server.http, `/matches/${created.matchId}/history`);
        expect(history.status).toBe(200);
        expect(history.body.perspective).toBe("spectator");
        const text = JSON.stringify(history.body);
        expect(text).not.toContain("concealment_set");
        expect(text).not.toContain('"concealed"');
        expect(text).not.toContain('"hidden"');
      }
    };
    await check(0);
    // The dice seed is the server's secret, so the bots cannot be steered by their own seed alone:
    // until something is camouflaged they take any command that names a hidden real square.
    const prefer = (command: object) => camouflagedSteps === 0 && "hidden" in command && command.hidden !== undefined;
    await playBots([p1, p2], everyone, { botSeed, afterEach: check, prefer });
    expect(camouflagedSteps).toBeGreaterThan(0);
    expect(historyChecks).toBeGreaterThan(0);

    // Bytes: while the match was live, the `/concealed/` path reached only the owner's client.
    const states = await statesFromStore(test_server.server, created.matchId);
    const owners = new Set(states.flatMap((s) => Object.keys(s.concealed ?? {}).map((id) => ownerOf(s, id))));
    const live = (c: TestClient, n: number) => Buffer.concat(c.frames().slice(0, n));
    const path = (seat: string) => Buffer.from(`/concealed/${seat}-`);
    for (const owner of owners) {
      const other = owner === "p1" ? "p2" : "p1";
      const ownerClient = owner === "p1" ? p1 : p2;
      const otherClient = owner === "p1" ? p2 : p1;
      expect(live(ownerClient, owner === "p1" ? liveFrames.p1 : liveFrames.p2).includes(path(owner as string))).toBe(true);
      expect(live(otherClient, other === "p1" ? liveFrames.p1 : liveFrames.p2).includes(path(owner as string))).toBe(false);
      expect(live(watcher, liveFrames.watcher).includes(Buffer.from("/concealed/"))).toBe(false);
    }
    for (const c of everyone) await c.leave();
  });
});
