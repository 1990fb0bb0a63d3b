/**
 * A Siege match with a spectator delay, through the real server and WebSocket clients (seed
 * 004_cb264102299fbb71.txt "비밀 오퍼레이터", "팀 준비"; design.md principle 4):
 * - the caster feed: after every accepted command the spectator's decoded caster feed holds the
 *   state `spectatorDelay` rounds behind the live one (the sequence number the server's rule
 *   gives, replayed from the store), projected by `casterViewFor` (real tokens only of operators
 *   no longer hidden live), and its caster events are `casterRedact` of the entries it passes;
 * - the history API while live: never a pick or a `place_token` command (its `real`), no token
 *   id while the defence places its tokens, no seed, setup or state hash, events as a spectator
 *   sees them; once the match is over, everything, with the seed;
 * - a seat whose socket drops after the match is over is not held for a reconnection, and its
 *   client's leave returns at once.
 */
import "./record-frames";
import { omniscient, RandomBot, redactEvent, spectator, type EventEnvelope } from "@fogwar/engine";
import { casterRedact, casterViewFor, legalCommandsInView, siege, siegeBotPolicy, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState } from "@fogwar/siege";
import { api, bootServer, canon, createMatch, hashStoredFor, TestClient, type TestServer } from "./harness";

// A whole match of about 300 commands, each checked: minutes on a shared machine.
jest.setTimeout(300_000);

let test_server: TestServer;
beforeAll(async () => {
  test_server = await bootServer();
});
afterAll(async () => {
  await test_server.close();
});

const DELAY = 1;

/** The delayed index the caster feed holds at live index `i` (apps/server/src/live.ts `advanceDelayed`). */
function delayedIndex(states: readonly SiegeState[], i: number, delay: number): number {
  if (states[i]!.result) return i;
  const horizon = Math.max(0, states[i]!.round - delay);
  let d = 0;
  while (d < i && states[d + 1]!.round <= horizon) d++;
  return d;
}

describe("seed 004 비밀 오퍼레이터: a Siege match with a spectator delay", () => {
  test("the caster feed trails by the delay and shows real tokens only of operators revealed live; the history API shows no pick, no token realness and no seed while live, everything after", async () => {
    const created = await createMatch(test_server.http, {
      ruleset: "siege",
      scenario: "ledger",
      players: [
        { name: "attacker", team: "attack" },
        { name: "defender", team: "defence" },
      ],
      options: { spectatorDelay: DELAY },
    });
    const seats = await Promise.all(created.seats.map((s) => TestClient.join(test_server.ws, created.matchId, { seat: s.seat, token: s.token })));
    const watcher = await TestClient.join(test_server.ws, created.matchId, "spectator");
    const everyone = [...seats, watcher];
    expect(watcher.received("welcome")[0].spectatorDelay).toBe(DELAY);
    const record = await test_server.server.store.getMatch(created.matchId);
    const seed = (await test_server.server.store.getSeed(created.matchId)) as string;
    const setup = record!.setup as SiegeSetup;
    const states: SiegeState[] = [siege.setup(setup, seed).state];

    let historyChecks = 0;
    let lastPhase = "";
    const checkHistory = async (live: SiegeState) => {
      const history = await api(test_server.http, `/matches/${created.matchId}/history`);
      expect(history.status).toBe(200);
      expect(history.body.perspective).toBe("spectator");
      expect(history.body.seed).toBeNull();
      expect(history.body.setup).toBeNull();
      const entries = await test_server.server.store.entries(created.matchId);
      expect(history.body.entries).toHaveLength(entries.length);
      entries.forEach((e, i) => {
        const shown = history.body.entries[i];
        const type = (e.command as SiegeCommand).type;
        if (type === "pick" || type === "place_token") expect(shown.command).toBeNull();
        expect(shown.stateHash).toBeNull();
        expect(canon(shown.events)).toBe(canon((e.events as EventEnvelope<SiegeEvent>[]).map((x) => redactEvent(x, spectator)).filter((x) => x !== null)));
      });
      const text = JSON.stringify(history.body);
      expect(text).not.toContain('"real"');
      expect(text).not.toContain(seed);
      // While the defence places its tokens, not even their ids (the order of placement would follow).
      if (live.phase === "picks" || live.phase === "defence_setup") for (const t of live.tokens) expect(text).not.toContain(t.id);
      historyChecks++;
    };

    const afterCommand = async (seq: number) => {
      const entries = await test_server.server.store.entries(created.matchId);
      for (const e of entries.slice(states.length - 1, seq)) {
        const r = siege.apply(states[states.length - 1]!, e.command as SiegeCommand, e.seat);
        if (!r.ok) throw new Error(`the stored log does not replay at ${e.seq}`);
        expect(e.stateHash).toBe(hashStoredFor(siege, states[states.length - 1], r.state, e.seq));
        states.push(r.state);
      }
      const live = states[seq]!;
      const d = delayedIndex(states, seq, DELAY);
      const feed = watcher.caster();
      expect(feed).not.toBeNull();
      expect(feed!.seq).toBe(d);
      const expected = casterViewFor(states[d]!, live);
      expect(canon(feed!.view)).toBe(canon(expected));
      if (!live.result) {
        expect(states[d]!.round).toBeLessThanOrEqual(Math.max(0, live.round - DELAY));
        for (const op of Object.keys(expected.hidden.real)) expect(live.operators[op]!.hidden).toBe(false);
        if (live.phase !== lastPhase || seq % 25 === 0) await checkHistory(live);
        lastPhase = live.phase;
      }
    };

    const bots = new Map(seats.map((c) => [c.seat!, new RandomBot<SiegeCommand>(`siege-caster:${c.seat}`, siegeBotPolicy)]));
    let accepted = 0;
    while (accepted < 5000) {
      if ((seats[0]!.projection() as SiegeState).result) break;
      let sent = false;
      for (const client of seats) {
        const legal = legalCommandsInView(client.projection() as any, client.seat!);
        if (legal.length === 0) continue;
        const answer = await client.command(bots.get(client.seat!)!.choose(legal)!);
        if (answer.type !== "accepted") throw new Error(`${client.label}: got ${JSON.stringify(answer.payload)}`);
        const seq = answer.payload.seq as number;
        // The caster feed travels in the same patch as the sequence number.
        await Promise.all(everyone.map((c) => c.until(() => c.seq >= seq, `seq ${seq}`)));
        accepted++;
        await afterCommand(seq);
        sent = true;
        break;
      }
      if (!sent) throw new Error("no seat has a legal command but the match has no result");
    }
    const final = states[states.length - 1]!;
    expect(final.result).not.toBeNull();
    expect(historyChecks).toBeGreaterThan(3);

    // Caster events: each caster message comes just before the live message of the command that
    // moved the feed on; it is casterRedact of its entry given the live state after that command.
    const entries = await test_server.server.store.entries(created.matchId);
    // Events follow the patch: wait for the last entry's live events.
    await watcher.until(() => watcher.received("events").some((m) => m.feed === "live" && m.seq === entries.length), "the last live events");
    const messages = watcher.received("events");
    let casterSeen = 0;
    for (let k = 0; k < messages.length; k++) {
      const m = messages[k];
      if (m.feed !== "caster") continue;
      const liveMessage = messages.slice(k + 1).find((x: { feed: string }) => x.feed === "live");
      expect(liveMessage).toBeDefined();
      const live = states[liveMessage.seq]!;
      const entry = entries[m.seq - 1]!;
      expect(canon(m.events)).toBe(canon((entry.events as EventEnvelope<SiegeEvent>[]).map((e) => casterRedact(e, live)).filter((e) => e !== null)));
      if (!live.result) for (const e of m.events) if (e.type === "token_placed" && live.operators[e.operator]!.hidden) expect(Object.keys(e)).not.toContain("real");
      casterSeen++;
    }
    expect(casterSeen).toBe(entries.length);

    // Once over: everything, with the seed (the defence's token placements say which was real).
    const history = await api(test_server.http, `/matches/${created.matchId}/history`);
    expect(history.body.perspective).toBe("omniscient");
    expect(history.body.seed).toBe(seed);
    expect(history.body.setup).toEqual(setup);
    expect(history.body.entries.every((e: { command: unknown }) => e.command !== null)).toBe(true);
    expect(history.body.entries.map((e: { stateHash: unknown }) => e.stateHash)).toEqual(entries.map((e) => e.stateHash));
    expect(history.body.entries.at(-1).stateHash).not.toBeNull();
    const placements = history.body.entries.filter((e: { command: { type: string } }) => e.command.type === "place_token");
    expect(placements).toHaveLength(10);
    expect(placements.filter((e: { command: { real: boolean } }) => e.command.real)).toHaveLength(5);
    entries.forEach((e, i) => expect(canon(history.body.entries[i].events)).toBe(canon((e.events as EventEnvelope<SiegeEvent>[]).map((x) => redactEvent(x, omniscient)).filter((x) => x !== null))));

    // A seat's socket dropped after the match is over: the room does not hold the seat for a
    // reconnection, the SDK's automatic reconnection gives up, and the client's leave returns at
    // once (a consented leave on a room already left would never be acknowledged).
    const { matchMaker } = await import("@colyseus/core");
    const room = matchMaker.getLocalRoomById(created.matchId);
    const a1 = seats.find((c) => c.seat === "a1")!;
    (room!.clients.find((c) => (c.auth as { seat?: string } | undefined)?.seat === "a1")!.ref as unknown as { terminate(): void }).terminate();
    await a1.until(() => a1.hasLeft, "a1 to give up reconnecting");
    const started = Date.now();
    for (const c of everyone) await c.leave();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
