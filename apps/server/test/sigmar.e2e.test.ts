/**
 * A whole Age of Sigmar battle (packages/sigmar: seed 003 sections 19-30 on the project's core)
 * through the real server and real WebSocket clients: two seats that muster their own secret lists
 * in the match, and a spectator. After every accepted command each client's decoded state equals
 * `sigmar.viewFor` of the replayed state for its viewer, and its events equal `sigmar.redact`. No
 * frame another seat or the spectator decodes holds a seat's list before both are locked (nor
 * after, until the end), its units in reserve before each is set up, or its hand (design.md
 * "Hidden information"; docs/rules/sigmar.md C2, C10, seed 003 24.1).
 */
import "./record-frames";
import { chooseWithTemplates, diceSeed, Random, RandomBot, rngStateFromSeed, seatViewer, spectator, verifySeed, type Viewer } from "@fogwar/engine";
import { ERRORS, legalCommandsInView, sigmar, sigmarBotPolicy, templatesInView, type SigmarCommand, type SigmarSetup, type SigmarState, type SigmarView } from "@fogwar/sigmar";
import { PROTOCOL_ERRORS } from "@fogwar/protocol";
import { api, bootServer, canon, createMatch, hashStoredFor, TestClient, type TestServer } from "./harness";
import { decodedPaths } from "./decoded-frames";
import { playScripted } from "./bot-play";

jest.setTimeout(300_000);

let test_server: TestServer;
beforeAll(async () => {
  test_server = await bootServer();
});
afterAll(async () => {
  await test_server.close();
});

describe("Age of Sigmar over WebSocket", () => {
  test("a lobby request needs two players on the sample battleplan, lists from the host for both or for neither; Age of Sigmar is listed", async () => {
    const bad = await api(test_server.http, "/matches", { method: "POST", body: { ruleset: "sigmar", scenario: "nowhere", players: [{ name: "a" }, { name: "b" }] } });
    expect(bad.status).toBe(400);
    const three = await api(test_server.http, "/matches", { method: "POST", body: { ruleset: "sigmar", scenario: "sundered_causeway", players: [{ name: "a" }, { name: "b" }, { name: "c" }] } });
    expect(three.status).toBe(400);
    const listing = await api(test_server.http, "/rulesets");
    const sigmarListing = listing.body.rulesets.find((r: { id: string }) => r.id === "sigmar");
    expect(sigmarListing.battleplans[0].id).toBe("sundered_causeway");
    expect(sigmarListing.factions).toHaveLength(2);
  });

  test("core C2, C10, seed 003 24.1: every client's decoded state equals viewFor after every command; events equal redact; no other seat's or spectator's frame holds a list, a reserve unit or a hand", async () => {
    const created = await createMatch(test_server.http, { ruleset: "sigmar", scenario: "sundered_causeway", players: [{ name: "Ana" }, { name: "Bo" }] });
    expect(created.seats.map((s) => s.seat)).toEqual(["p1", "p2"]);
    const seats = await Promise.all(created.seats.map((s) => TestClient.join(test_server.ws, created.matchId, { seat: s.seat, token: s.token })));
    const watcher = await TestClient.join(test_server.ws, created.matchId, "spectator");
    const everyone = [...seats, watcher];
    const record = await test_server.server.store.getMatch(created.matchId);
    const seed = (await test_server.server.store.getSeed(created.matchId)) as string;
    const setup = record!.setup as SigmarSetup;
    expect(setup).toEqual({ seats: ["p1", "p2"] });
    const viewerOf = (c: TestClient): Viewer => (c.seat ? seatViewer(c.seat) : spectator);
    const states: SigmarState[] = [sigmar.setup(setup, seed).state];
    let applied = 0;
    const at = async (seq: number) => {
      const entries = await test_server.server.store.entries(created.matchId);
      for (const e of entries.slice(applied, seq)) {
        const r = sigmar.apply(states.at(-1)!, e.command as SigmarCommand, e.seat);
        if (!r.ok) throw new Error(`the stored log does not replay at ${e.seq}: ${r.error.code}`);
        expect(e.stateHash).toBe(hashStoredFor(sigmar, states.at(-1), r.state, e.seq));
        states.push(r.state);
      }
      applied = Math.max(applied, seq);
      return states[seq]!;
    };
    // Frame counts while the lists and hands were still secret (until the end).
    const framesAt = new Map<TestClient, number>();
    const check = async (seq: number) => {
      const state = await at(seq);
      for (const c of everyone) expect(canon(c.projection())).toBe(canon(sigmar.viewFor(state, viewerOf(c))));
      if (!state.result) for (const c of everyone) framesAt.set(c, c.frames().length);
    };
    await check(0);

    const bots = new Map(seats.map((c) => [c.seat!, new RandomBot<SigmarCommand>(`wire:${c.seat}`, sigmarBotPolicy)]));
    const fills = new Random(rngStateFromSeed("wire", "fill"));
    const reserveFrames = new Map<TestClient, Record<string, number>>();
    let accepted = 0;
    while (accepted < 4000) {
      const view = seats[0]!.projection() as SigmarView;
      if (view.result) break;
      const seat = sigmar.awaiting(states.at(-1)!)[0]!;
      const client = seats.find((c) => c.seat === seat)!;
      const own = client.projection() as SigmarView;
      const legal = legalCommandsInView(own, seat);
      const templates = templatesInView(own, seat);
      const state = states.at(-1)!;
      const command = chooseWithTemplates(bots.get(seat)!, fills, legal, templates, (c) => sigmar.apply(state, c, seat).ok)!;
      // While a unit is still in reserve, remember how many frames each client had.
      for (const c of everyone) {
        const mark = reserveFrames.get(c) ?? {};
        for (const u of Object.values(state.units)) if (u.where === "reserve") mark[u.id] = c.frames().length;
        reserveFrames.set(c, mark);
      }
      const answer = await client.command(command);
      if (answer.type !== "accepted") throw new Error(`${client.label}: ${JSON.stringify(command)} got ${JSON.stringify(answer.payload)}`);
      const seq = answer.payload.seq as number;
      await Promise.all(everyone.map((c) => c.until(() => c.seq >= seq, `seq ${seq}`)));
      accepted++;
      await check(seq);
    }
    const entries = await test_server.server.store.entries(created.matchId);
    const final = await at(entries.length);
    expect(final.result).not.toBeNull();
    expect(entries.filter((e) => (e.command as SigmarCommand).type === "lock_army")).toHaveLength(2);
    expect(Object.keys(reserveFrames.get(watcher) ?? {}).length).toBeGreaterThan(0);

    for (const c of everyone) {
      const bySeq = new Map(c.received("events").map((m) => [m.seq, m.events]));
      for (const entry of entries) {
        const expected = (entry.events as any[]).map((e) => sigmar.redact(e, viewerOf(c))).filter((e) => e !== null);
        expect(canon(bySeq.get(entry.seq) ?? [])).toBe(canon(expected));
      }
    }

    // Decoded frames: before the end no other seat's or the spectator's map held a seat's list or
    // hand; before a reserve unit was set up, none held that unit.
    const paths = (c: TestClient, end: number) => decodedPaths(c.frames().slice(0, end));
    for (const c of everyone) {
      const live = paths(c, framesAt.get(c)!);
      for (const seat of ["p1", "p2"]) {
        if (c.seat === seat) continue;
        expect([c.label, seat, live.filter((p) => p.startsWith(`/muster/seats/${seat}/list`))]).toEqual([c.label, seat, []]);
        expect([c.label, seat, live.filter((p) => p.startsWith(`/hands/${seat}/`))]).toEqual([c.label, seat, []]);
        for (const [id, end] of Object.entries(reserveFrames.get(c) ?? {})) {
          if (!id.startsWith(`${seat}-r`)) continue;
          expect([c.label, id, paths(c, end).filter((p) => p.startsWith(`/units/${id}`))]).toEqual([c.label, id, []]);
        }
      }
    }
    // Each seat's own hand and list did reach it.
    for (const c of seats) {
      const all = paths(c, c.frames().length);
      expect(all.some((p) => p.startsWith(`/hands/${c.seat}/`))).toBe(true);
      expect(all.some((p) => p.startsWith(`/muster/seats/${c.seat}/list`))).toBe(true);
    }

    // The finished battle reveals its dice seed (which opens the seed commitment), never the match seed the muster key comes from.
    expect((seats[0]!.projection() as { seed?: string }).seed).toBe(diceSeed(seed));
    expect(verifySeed(record!.seedCommitment, diceSeed(seed))).toBe(true);
    expect(verifySeed(record!.seedCommitment, seed)).toBe(true);
    const sentences = new Set([...Object.values(ERRORS), ...Object.values(PROTOCOL_ERRORS)].map((e) => e.message));
    for (const c of everyone) for (const m of [...c.received("rejected"), ...c.received("error")]) expect(sentences).toContain(m.error.message);
    for (const c of everyone) await c.leave();
  });

  test("the server's bot plays a seat from its projection (heuristic), mustering its own secret list, to the end of a battle against a scripted client", async () => {
    const created = await createMatch(test_server.http, { ruleset: "sigmar", scenario: "sundered_causeway", players: [{ name: "Ana" }, { name: "Bot", bot: "normal" }] });
    expect(created.seats.map((s) => s.seat)).toEqual(["p1"]);
    const human = await TestClient.join(test_server.ws, created.matchId, created.seats[0]!);
    const sent = await playScripted(human, legalCommandsInView, sigmarBotPolicy, "human-sigmar");
    const entries = await test_server.server.store.entries(created.matchId);
    expect(sent).toBeGreaterThan(10);
    const bot = entries.filter((e) => e.seat === "p2");
    expect(bot.length).toBeGreaterThan(10);
    expect(bot.some((e) => (e.command as SigmarCommand).type === "lock_army")).toBe(true);
    expect((await api(test_server.http, `/matches/${created.matchId}`)).body.match.status).toBe("finished");
    await human.leave();
  });
});
