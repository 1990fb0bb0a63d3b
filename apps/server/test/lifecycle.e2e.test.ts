/**
 * Reconnection, seat replacement, the spectator delay (caster feed) and the history API while a
 * match is live, through real WebSocket clients. After each, every client's decoded state must
 * equal the ruleset's projection for it (the oracle rebuilds the match from the store).
 */
import { casterViewFor, catalog, ember, type EmberState } from "@fogwar/ember";
import { matchMaker } from "@colyseus/core";
import { Encoder } from "@colyseus/schema";
import { seatViewer, spectator } from "@fogwar/engine";
import { api, bootServer, canon, createMatch, emberRequest, playBots, statesFromStore, TestClient, type TestServer } from "./harness";
import { RECENT_ENTRIES } from "../src/live";

jest.setTimeout(90_000);

let ts: TestServer;
beforeAll(async () => {
  ts = await bootServer();
});
afterAll(async () => {
  await ts.close();
});

async function oracle(matchId: string): Promise<EmberState> {
  const states = await statesFromStore(ts.server, matchId);
  return states[states.length - 1] as EmberState;
}

async function expectInSync(matchId: string, clients: TestClient[]): Promise<void> {
  const state = await oracle(matchId);
  const seq = await ts.server.store.lastSeq(matchId);
  for (const c of clients) {
    await c.until(() => c.seq === seq, `seq ${seq}`);
    expect(canon(c.projection())).toBe(canon(ember.viewFor(state, c.seat ? seatViewer(c.seat) : spectator)));
  }
}

describe("design.md principle 9: presence", () => {
  test("an arrival is pushed at once: the first seat sees the second seat and a spectator join with no move in between", async () => {
    const created = await createMatch(ts.http, emberRequest(catalog));
    const p1 = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    expect(p1.room.state.connected.get("p2")).toBe(false);
    const p2 = await TestClient.join(ts.ws, created.matchId, { seat: "p2", token: created.seats[1]!.token });
    await p1.until(() => p1.room.state.connected.get("p2") === true, "p2 shown as connected");
    const watcher = await TestClient.join(ts.ws, created.matchId, "spectator");
    await p1.until(() => p1.room.state.spectators === 1, "one spectator counted");
    await p2.until(() => p2.room.state.spectators === 1, "one spectator counted");
    await watcher.leave();
    await p1.until(() => p1.room.state.spectators === 0, "the spectator gone");
    await p1.leave();
    await p2.leave();
  });
});

describe("full states larger than the encoder's buffer", () => {
  test("a seat and a spectator joining late get whole states when the room's full state outgrows the buffer many times", async () => {
    // Rooms allocate their full-state buffer when created: this room's is 512 bytes, far below
    // an EMBER state, so every full state the room sends has to grow past it.
    const size = Encoder.BUFFER_SIZE;
    const warn = console.warn; // the encoder warns on every growth
    Encoder.BUFFER_SIZE = 512;
    console.warn = () => undefined;
    try {
      const created = await createMatch(ts.http, emberRequest(catalog));
      const p1 = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
      const p2 = await TestClient.join(ts.ws, created.matchId, { seat: "p2", token: created.seats[1]!.token });
      await playBots([p1, p2], [p1, p2], { botSeed: "late-joiner", maxCommands: 20 });
      const again = await TestClient.join(ts.ws, created.matchId, { seat: "p2", token: created.seats[1]!.token });
      const watcher = await TestClient.join(ts.ws, created.matchId, "spectator");
      await expectInSync(created.matchId, [p1, again, watcher]);
      await p1.leave();
      await again.leave();
      await watcher.leave();
    } finally {
      Encoder.BUFFER_SIZE = size;
      console.warn = warn;
    }
  });
});

describe("design.md principle 9: reconnection", () => {
  test("a dropped player reconnects within the grace period to the current state, and the other seat saw it go and come back", async () => {
    const created = await createMatch(ts.http, emberRequest(catalog, { options: { reconnectGrace: 30 } }));
    const p1 = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    const p2 = await TestClient.join(ts.ws, created.matchId, { seat: "p2", token: created.seats[1]!.token });
    await playBots([p1, p2], [p1, p2], { botSeed: "drop", maxCommands: 12 });
    const sessionBefore = p1.room.sessionId;
    p1.room.reconnection.minUptime = 0;
    const reconnected = new Promise<void>((resolve) => p1.room.onReconnect(() => resolve()));

    (p1.room.connection as any).close(4010, "network lost"); // MAY_TRY_RECONNECT: the SDK retries by itself
    await p2.until(() => p2.room.state.connected.get("p1") === false, "p1 shown as disconnected");
    await reconnected;
    expect(p1.room.sessionId).toBe(sessionBefore);
    await p2.until(() => p2.room.state.connected.get("p1") === true, "p1 shown as connected again");
    await expectInSync(created.matchId, [p1, p2]);

    // And the match goes on.
    const more = await playBots([p1, p2], [p1, p2], { botSeed: "drop-2", maxCommands: 10 });
    expect(more).toBe(10);
    await expectInSync(created.matchId, [p1, p2]);
    await p1.leave();
    await p2.leave();
  });

  test("a fresh join with the same token (a reload, another device) gets the current state, and events_since replays the redacted events", async () => {
    const created = await createMatch(ts.http, emberRequest(catalog, { options: { reconnectGrace: 5 } }));
    const p1 = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    const p2 = await TestClient.join(ts.ws, created.matchId, { seat: "p2", token: created.seats[1]!.token });
    // More commands than a live match holds in memory: the older events come from the store.
    await playBots([p1, p2], [p1, p2], { botSeed: "grace", maxCommands: RECENT_ENTRIES + 6 });
    p1.room.reconnection.enabled = false;
    (p1.room.connection as any).close(4010, "gone");
    await p2.until(() => p2.room.state.connected.get("p1") === false, "p1 shown as disconnected");

    const back = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    await expectInSync(created.matchId, [back, p2]);
    back.room.send("events_since", { type: "events_since", after: 0 });
    const entries = await ts.server.store.entries(created.matchId);
    expect(entries.length).toBeGreaterThan(RECENT_ENTRIES);
    await back.until(() => back.received("events").length >= entries.length, "the replayed events");
    const replayed = back.received("events");
    expect(replayed.map((m) => m.seq)).toEqual(entries.map((e) => e.seq));
    for (const [i, entry] of entries.entries()) {
      expect(canon(replayed[i].events)).toBe(canon((entry.events as any[]).map((e) => ember.redact(e, seatViewer("p1"))).filter((e) => e !== null)));
    }
    await back.leave();
    await p2.leave();
  });

  test("a room that closes while a dropped player's grace period runs leaves no timer behind (the server stops at once)", async () => {
    const graceMs = 3_600_000;
    const created = await createMatch(ts.http, emberRequest(catalog, { options: { reconnectGrace: graceMs / 1000 } }));
    const p1 = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    const p2 = await TestClient.join(ts.ws, created.matchId, { seat: "p2", token: created.seats[1]!.token });
    // Every timer of the grace period's length made from here on.
    const made: NodeJS.Timeout[] = [];
    const original = global.setTimeout;
    global.setTimeout = ((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const timer = original(fn, ms, ...args);
      if (ms === graceMs) made.push(timer);
      return timer;
    }) as typeof setTimeout;
    try {
      p1.room.reconnection.enabled = false;
      (p1.room.connection as any).close(4010, "gone");
      await p2.until(() => p2.room.state.connected.get("p1") === false, "p1 shown as disconnected");
    } finally {
      global.setTimeout = original;
    }
    expect(made.length).toBeGreaterThan(0);
    await p2.leave();
    await matchMaker.getLocalRoomById(created.matchId)!.disconnect();
    for (const timer of made) expect((timer as unknown as { _destroyed: boolean })._destroyed).toBe(true);
  });

  test("joining the same seat elsewhere replaces the old connection (close code 4100), which does not retry", async () => {
    const created = await createMatch(ts.http, emberRequest(catalog));
    const first = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    const left = new Promise<number>((resolve) => first.room.onLeave((code) => resolve(code)));
    const second = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    expect(await left).toBe(4100);
    await second.until(() => second.room.state.connected.get("p1") === true, "p1 connected");
    await second.leave();
  });
});

describe("spectator delay: the caster feed trails by N rounds and never shows the present secrets", () => {
  test("with a delay of 1 round, the caster feed equals the caster projection (omniscient less the live secrets) of a state at least a round behind", async () => {
    const created = await createMatch(ts.http, emberRequest(catalog, { options: { spectatorDelay: 1 } }));
    const p1 = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    const p2 = await TestClient.join(ts.ws, created.matchId, { seat: "p2", token: created.seats[1]!.token });
    const caster = await TestClient.join(ts.ws, created.matchId, "spectator");
    expect(caster.received("welcome")[0] ?? (await caster.until(() => caster.received("welcome")[0], "welcome"))).toMatchObject({ spectatorDelay: 1 });
    let checks = 0;
    let behind = 0;
    await playBots([p1, p2], [p1, p2, caster], {
      botSeed: "caster",
      afterEach: async (seq) => {
        const states = await statesFromStore(ts.server, created.matchId);
        const live = states[seq] as EmberState;
        const feed = caster.caster();
        expect(feed).not.toBeNull();
        const shown = states[feed!.seq] as EmberState;
        expect(canon(feed!.view)).toBe(canon(casterViewFor(shown, live)));
        // Nothing the live match still keeps secret: its current plans' dials.
        if (!live.result) {
          for (const seat of live.seats) {
            const commitment = live.plans[seat]?.commitment;
            if (commitment) expect(Object.values((feed!.view as EmberState).plans).some((p) => (p as { commitment?: string; dials?: unknown }).commitment === commitment && (p as { dials?: unknown }).dials)).toBe(false);
          }
        }
        // The live public view is the spectator projection, without secrets.
        expect(canon(caster.projection())).toBe(canon(ember.viewFor(live, spectator)));
        if (!live.result) {
          expect(shown.round).toBeLessThanOrEqual(Math.max(0, live.round - 1));
          // No dial of the live round's plans is in the feed.
          if (live.round > 0 && shown.round < live.round) behind++;
        } else {
          expect(feed!.seq).toBe(seq);
        }
        checks++;
      },
    });
    expect(checks).toBeGreaterThan(30);
    expect(behind).toBeGreaterThan(10);
    // Players never receive the caster feed.
    expect(p1.caster()).toBeNull();
    expect(p2.caster()).toBeNull();
    expect(Buffer.concat(p1.frames()).includes(Buffer.from("/plans/p2/dials"))).toBe(false);
    expect(Buffer.concat(p2.frames()).includes(Buffer.from("/plans/p1/dials"))).toBe(false);
    expect(Buffer.concat(caster.frames()).includes(Buffer.from("/plans/p2/dials"))).toBe(true);
    for (const c of [p1, p2, caster]) await c.leave();
  });
});

describe("history API while live and after the end", () => {
  test("while live: the spectator projection only (no seed, no secret commands, events redacted for spectators)", async () => {
    const created = await createMatch(ts.http, emberRequest(catalog));
    const p1 = await TestClient.join(ts.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
    const p2 = await TestClient.join(ts.ws, created.matchId, { seat: "p2", token: created.seats[1]!.token });
    let planned = false;
    await playBots([p1, p2], [p1, p2], {
      botSeed: "history",
      maxCommands: 60,
      afterEach: () => {
        const view = p1.projection() as { plans: Record<string, { locked: boolean }> };
        if (view.plans.p1?.locked && !view.plans.p2?.locked) planned = true;
      },
    });
    const live = (await api(ts.http, `/matches/${created.matchId}`)).body.match.status;
    const history = await api(ts.http, `/matches/${created.matchId}/history`);
    expect(history.status).toBe(200);
    const entries = await ts.server.store.entries(created.matchId);
    expect(live).toBe("live");
    {
      expect(planned).toBe(true);
      expect(history.body.perspective).toBe("spectator");
      expect(history.body.seed).toBeNull();
      expect(history.body.setup).toBeNull();
      for (const [i, entry] of entries.entries()) {
        const got = history.body.entries[i];
        expect(canon(got.events)).toBe(canon((entry.events as any[]).map((e) => ember.redact(e, spectator)).filter((e) => e !== null)));
        if ((entry.command as { type: string }).type === "lock_plan") expect(got.command).toBeNull();
        expect(got.stateHash).toBeNull();
      }
    }
    for (const c of [p1, p2]) await c.leave();
  });

  test("listing filters by ruleset, status and player name", async () => {
    const created = await createMatch(ts.http, {
      ...emberRequest(catalog),
      players: [
        { name: "Zelda Quill", army: catalog.data.armies[0] },
        { name: "Bo", army: catalog.data.armies[2] },
      ],
    });
    const byName = await api(ts.http, "/matches?player=zelda");
    expect(byName.body.matches.map((m: { matchId: string }) => m.matchId)).toEqual([created.matchId]);
    expect((await api(ts.http, "/matches?ruleset=ember&status=live")).body.matches.length).toBeGreaterThan(0);
    expect((await api(ts.http, "/matches?ruleset=siege")).body.matches).toEqual([]);
    expect((await api(ts.http, "/matches?status=bogus")).status).toBe(400);
    const summary = (await api(ts.http, `/matches/${created.matchId}`)).body.match;
    expect(summary).toMatchObject({ matchId: created.matchId, ruleset: "ember", scenario: "crossroads", status: "live", result: null });
    expect(summary.seats.map((s: { name: string }) => s.name)).toEqual(["Zelda Quill", "Bo"]);
  });
});
