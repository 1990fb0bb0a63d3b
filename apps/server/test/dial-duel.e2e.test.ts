/**
 * A ruleset joins the server by its host alone: the dial-duel fixture (@fogwar/engine/testing),
 * hosted by ./fixtures/dial-duel-host.ts through `bootServer({ hosts })` with no shared file
 * edited, is created through the lobby API and played to its end by two real WebSocket seats and
 * a spectator. After every accepted command each client's decoded state equals `viewFor` of the
 * replayed stored log for its viewer, and before a seat reveals its number (dial-duel 2-3) no
 * other client's projection or events hold the number, and no other client's raw frames carry the
 * salt that opens its commitment. The seats choose from their own projections only.
 */
import { RandomBot, seatViewer, spectator, verifyCommitment, type Viewer } from "@fogwar/engine";
import { dialDuel, dialLegalInView, type DialDuelCommand, type DialDuelState, type DialView } from "@fogwar/engine/testing";
import { api, bootServer, canon, carries, createMatch, hashStoredFor, TestClient, type TestServer } from "./harness";
import { dialDuelHost, DUEL_SCENARIO } from "./fixtures/dial-duel-host";

jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => {
  server = await bootServer({ hosts: [dialDuelHost] });
});
afterAll(async () => {
  await server.close();
});


describe("a fixture ruleset hosted by its adapter alone", () => {
  test("the lobby lists it and checks its requests through its host", async () => {
    const listing = await api(server.http, "/rulesets");
    const entry = listing.body.rulesets.find((r: { id: string }) => r.id === dialDuel.id);
    expect(entry).toMatchObject({ id: "dial-duel", rulesVersion: dialDuel.rulesVersion, scenarios: [{ id: DUEL_SCENARIO }] });
    const three = await api(server.http, "/matches", { method: "POST", body: { ruleset: "dial-duel", scenario: DUEL_SCENARIO, players: [{ name: "a" }, { name: "b" }, { name: "c" }] } });
    expect(three.status).toBe(400);
    const elsewhere = await api(server.http, "/matches", { method: "POST", body: { ruleset: "dial-duel", scenario: "nowhere", players: [{ name: "a" }, { name: "b" }] } });
    expect(elsewhere.status).toBe(400);
  });

  test("dial-duel 1-6 over WebSocket: two seats play to the end; neither sees the other's number or salt before its reveal", async () => {
    const created = await createMatch(server.http, { ruleset: "dial-duel", scenario: DUEL_SCENARIO, players: [{ name: "Ana" }, { name: "Bo" }] });
    expect(created.seats.map((s) => s.seat)).toEqual(["p1", "p2"]);
    const seats = await Promise.all(created.seats.map((s) => TestClient.join(server.ws, created.matchId, { seat: s.seat, token: s.token })));
    const watcher = await TestClient.join(server.ws, created.matchId, "spectator");
    const everyone = [...seats, watcher];
    const seed = (await server.server.store.getSeed(created.matchId)) as string;
    const record = await server.server.store.getMatch(created.matchId);
    const viewerOf = (c: TestClient): Viewer => (c.seat ? seatViewer(c.seat) : spectator);
    let state: DialDuelState = dialDuel.setup(record!.setup as never, seed).state;
    let applied = 0;
    const catchUp = async () => {
      for (const e of (await server.server.store.entries(created.matchId)).slice(applied)) {
        const r = dialDuel.apply(state, e.command as DialDuelCommand, e.seat);
        if (!r.ok) throw new Error(`the stored log does not replay at ${e.seq}: ${r.error.code}`);
        expect(e.stateHash).toBe(hashStoredFor(dialDuel, state, r.state, e.seq));
        state = r.state;
        applied++;
      }
    };
    const bots = new Map(seats.map((c) => [c.seat!, new RandomBot<DialDuelCommand>(`wire:${c.seat}`)]));
    let secretsChecked = 0;
    for (let accepted = 0; accepted < 60 && !state.result; accepted++) {
      const seat = dialDuel.awaiting(state)[0]!;
      const client = seats.find((c) => c.seat === seat)!;
      const command = bots.get(seat)!.choose(dialLegalInView(client.projection() as DialView, seat))!;
      const answer = await client.command(command);
      if (answer.type !== "accepted") throw new Error(`${client.label}: ${JSON.stringify(command)} got ${JSON.stringify(answer.payload)}`);
      const seq = answer.payload.seq as number;
      await Promise.all(everyone.map((c) => c.until(() => c.seq >= seq, `seq ${seq}`)));
      await catchUp();
      for (const c of everyone) expect(canon(c.projection())).toBe(canon(dialDuel.viewFor(state, viewerOf(c))));
      // Every locked, unrevealed dial: only its own seat holds its number and salt.
      for (const owner of state.seats) {
        const dial = state.dials[owner];
        if (!dial || dial.revealed) continue;
        for (const c of everyone) {
          if (c.seat === owner) {
            expect((c.projection() as DialView).dials[owner]!.number).toBe(dial.secret.value.number);
            continue;
          }
          expect((c.projection() as DialView).dials[owner]).toMatchObject({ locked: true, number: null, salt: null });
          expect([c.label, owner, carries(Buffer.concat(c.frames()), dial.secret.value.salt)]).toEqual([c.label, owner, false]);
          const locks = c.received("events").flatMap((m) => m.events as { type: string; seat?: string; number?: number }[]);
          expect(locks.filter((e) => e.type === "locked" && e.seat === owner && e.number !== undefined)).toEqual([]);
          secretsChecked++;
        }
      }
    }
    expect(state.result).not.toBeNull();
    expect(secretsChecked).toBeGreaterThan(0);
    // After the reveals every client holds every number, and each opens its seat's commitment.
    const final = seats[0]!.projection() as DialView;
    expect(final.result).toEqual(state.result);
    for (const round of state.history) for (const s of state.seats) expect(round.numbers[s]).toBeGreaterThanOrEqual(1);
    const last = final.dials;
    for (const s of state.seats) expect(verifyCommitment(last[s]!.commitment!, last[s]!.number, last[s]!.salt!)).toBe(true);
    expect((await api(server.http, `/matches/${created.matchId}`)).body.match.status).toBe("finished");
    for (const c of everyone) await c.leave();
  });
});
