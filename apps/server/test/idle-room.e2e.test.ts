/**
 * An idle room holds no projection (the bulk of its memory): a room nobody has joined, or whose
 * last client has left, has empty flat maps; whoever joins or reconnects next decodes exactly
 * `viewFor` of the current state (design.md principle 6), moves made in between included.
 */
import { matchMaker } from "@colyseus/core";
import { catalog, ember, type EmberState } from "@fogwar/ember";
import { seatViewer, spectator } from "@fogwar/engine";
import { bootServer, canon, createMatch, emberRequest, playBots, statesFromStore, TestClient, type TestServer } from "./harness";
import type { MatchRoomState } from "../src/sync/state";

jest.setTimeout(90_000);

let ts: TestServer;
beforeAll(async () => {
  ts = await bootServer();
});
afterAll(async () => {
  await ts.close();
});

/** The flat-map entries the room state holds: public view, every seat's overlay, the caster feed. */
function heldEntries(matchId: string): number {
  const state = (matchMaker.getLocalRoomById(matchId) as unknown as { state: MatchRoomState }).state;
  let n = state.view.size + (state.caster?.entries.size ?? 0);
  state.seats.forEach((knowledge) => (n += knowledge.entries.size));
  return n;
}

async function expectInSync(matchId: string, clients: TestClient[]): Promise<void> {
  const states = await statesFromStore(ts.server, matchId);
  const state = states[states.length - 1] as EmberState;
  const seq = await ts.server.store.lastSeq(matchId);
  for (const c of clients) {
    await c.until(() => c.seq === seq, `seq ${seq}`);
    expect(canon(c.projection())).toBe(canon(ember.viewFor(state, c.seat ? seatViewer(c.seat) : spectator)));
  }
}

describe("an idle room holds no projection", () => {
  test("never joined, then emptied when the last client leaves; the next join decodes viewFor", async () => {
    const created = await createMatch(ts.http, emberRequest(catalog, { options: { spectatorDelay: 1 } }));
    expect(heldEntries(created.matchId)).toBe(0);
    const p1 = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    const p2 = await TestClient.join(ts.ws, created.matchId, { seat: "p2", token: created.seats[1]!.token });
    expect(heldEntries(created.matchId)).toBeGreaterThan(0);
    await expectInSync(created.matchId, [p1, p2]);
    await playBots([p1, p2], [p1, p2], { botSeed: "idle-1", maxCommands: 12 });
    await p1.leave();
    expect(heldEntries(created.matchId)).toBeGreaterThan(0);
    await p2.leave();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heldEntries(created.matchId)).toBe(0);

    const again = await TestClient.join(ts.ws, created.matchId, { seat: "p2", token: created.seats[1]!.token });
    const watcher = await TestClient.join(ts.ws, created.matchId, "spectator");
    await expectInSync(created.matchId, [again, watcher]);
    expect(watcher.caster()).not.toBeNull();
    const back = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    await playBots([back, again], [back, again, watcher], { botSeed: "idle-2", maxCommands: 8 });
    await expectInSync(created.matchId, [back, again, watcher]);
    for (const c of [back, again, watcher]) await c.leave();
  });

  test("a dropped player who reconnects after everyone else has left decodes viewFor", async () => {
    const created = await createMatch(ts.http, emberRequest(catalog, { options: { reconnectGrace: 30 } }));
    const p1 = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    const p2 = await TestClient.join(ts.ws, created.matchId, { seat: "p2", token: created.seats[1]!.token });
    await playBots([p1, p2], [p1, p2], { botSeed: "idle-3", maxCommands: 10 });
    p1.room.reconnection.minUptime = 0;
    const reconnected = new Promise<void>((resolve) => p1.room.onReconnect(() => resolve()));
    // p1 drops (the SDK retries by itself) while p2 leaves: for a moment nobody is connected.
    (p1.room.connection as any).close(4010, "network lost");
    await p2.until(() => p2.room.state.connected.get("p1") === false, "p1 shown as disconnected");
    await p2.leave();
    await reconnected;
    await expectInSync(created.matchId, [p1]);
    expect(heldEntries(created.matchId)).toBeGreaterThan(0);
    await p1.leave();
  });
});
