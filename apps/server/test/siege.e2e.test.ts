/**
 * Whole Siege matches (seed 004_cb264102299fbb71.txt) through the real server and real WebSocket
 * clients, 1 v 1 and 2 v 2, with a spectator (design.md principles 4 to 8). After every accepted
 * command each client's decoded state must equal `siege.viewFor` of the replayed state for its
 * viewer (a seat: teammates share their team's knowledge), its events must equal `siege.redact`,
 * and nothing an attacker or spectator receives may tell which of a hidden operator's two tokens
 * is real before its reveal (seed 004 "비밀 오퍼레이터"): not the state, not the bytes, not the
 * events, not the answers to probing commands. Each team's secret pick reaches that team only
 * (seed 004 "팀 준비"), also through the live history API.
 */
import "./record-frames";
import { RandomBot, seatViewer, spectator, verifySeed, type Viewer } from "@fogwar/engine";
import { ERRORS, check, legalCommandsInView, siege, siegeBotPolicy, type SiegeCommand, type SiegeSetup, type SiegeState } from "@fogwar/siege";
import { PROTOCOL_ERRORS } from "@fogwar/protocol";
import { api, bootServer, canon, carries, createMatch, hashStoredFor, TestClient, type TestServer } from "./harness";
import { decodedPaths } from "./decoded-frames";

// A whole match of about 300 commands, each checked for every client: minutes on a shared machine.
jest.setTimeout(300_000);

let test_server: TestServer;
beforeAll(async () => {
  test_server = await bootServer();
});
afterAll(async () => {
  await test_server.close();
});

/** A Siege lobby request: `size` players a team, attack first. */
function siegeRequest(size: 1 | 2) {
  const players = [];
  for (let i = 0; i < size; i++) players.push({ name: `attacker ${i + 1}`, team: "attack" }, { name: `defender ${i + 1}`, team: "defence" });
  return { ruleset: "siege", scenario: "ledger", players, options: {} };
}

/** The replayed engine states of a match, kept up to date from the store one entry at a time. */
class Oracle {
  readonly states: SiegeState[] = [];
  private applied = 0;
  constructor(
    private readonly matchId: string,
    readonly setup: SiegeSetup,
    readonly seed: string,
  ) {
    this.states.push(siege.setup(setup, seed).state);
  }
  async at(seq: number): Promise<SiegeState> {
    if (seq > this.applied) {
      const entries = await test_server.server.store.entries(this.matchId);
      for (const e of entries.slice(this.applied, seq)) {
        const r = siege.apply(this.states[this.states.length - 1]!, e.command as SiegeCommand, e.seat);
        if (!r.ok) throw new Error(`the stored log does not replay at ${e.seq}: ${r.error.code}`);
        expect(e.stateHash).toBe(hashStoredFor(siege, this.states[this.states.length - 1], r.state, e.seq));
        this.states.push(r.state);
      }
      this.applied = seq;
    }
    return this.states[seq]!;
  }
}

/** The state with every hidden operator's real token swapped with its decoy. */
function swapReal(s: SiegeState): SiegeState {
  const out = structuredClone(s);
  for (const [op, real] of Object.entries(out.hidden.real)) {
    const other = out.tokens.find((t) => t.operator === op && t.id !== real);
    if (other) out.hidden.real[op] = other.id;
  }
  return out;
}

/** How many times `text` occurs in `bytes`. */
function occurrences(bytes: Buffer, text: string): number {
  let n = 0;
  for (let at = bytes.indexOf(text); at >= 0; at = bytes.indexOf(text, at + 1)) n++;
  return n;
}

const CASES = [
  { size: 1 as const, botSeed: "siege-wire-1v1" },
  { size: 2 as const, botSeed: "siege-wire-2v2" },
];

describe.each(CASES)("seed 004: a Siege bot match over WebSocket, $size v $size", ({ size, botSeed }) => {
  test("seed 004 비밀 오퍼레이터, 팀 준비: every client's decoded state equals viewFor after every command; events equal redact; no attacker or spectator frame says which token is real", async () => {
    const created = await createMatch(test_server.http, siegeRequest(size));
    const seatIds = created.seats.map((s) => s.seat);
    expect(seatIds).toEqual(size === 1 ? ["a1", "d1"] : ["a1", "d1", "a2", "d2"]);
    const seats = await Promise.all(created.seats.map((s) => TestClient.join(test_server.ws, created.matchId, { seat: s.seat, token: s.token })));
    const watcher = await TestClient.join(test_server.ws, created.matchId, "spectator");
    const everyone = [...seats, watcher];
    const record = await test_server.server.store.getMatch(created.matchId);
    const seed = (await test_server.server.store.getSeed(created.matchId)) as string;
    const setup = record!.setup as SiegeSetup;
    expect(setup).toEqual({ mission: "ledger", teams: size === 1 ? { attack: ["a1"], defence: ["d1"] } : { attack: ["a1", "a2"], defence: ["d1", "d2"] } });
    const oracle = new Oracle(created.matchId, setup, seed);
    const viewerOf = (c: TestClient): Viewer => (c.seat ? seatViewer(c.seat) : spectator);
    const blind = everyone.filter((c) => c.seat === null || c.seat.startsWith("a"));
    const defence = seats.filter((c) => c.seat?.startsWith("d"));

    let checked = 0;
    let hiddenSteps = 0;
    let probes = 0;
    let liveHistoryChecked = false;
    const framesBeforeEnd = new Map<TestClient, number>();
    const check_ = async (seq: number) => {
      const state = await oracle.at(seq);
      for (const c of everyone) expect(canon(c.projection())).toBe(canon(siege.viewFor(state, viewerOf(c))));
      const hidden = Object.keys(state.hidden.real).length > 0 && state.phase !== "picks" && state.phase !== "defence_setup";
      if (hidden) hiddenSteps++;
      if (!state.result) {
        for (const c of everyone) framesBeforeEnd.set(c, c.frames().length);
        // An attacker probes the two tokens of a hidden operator: the answers are the same as if
        // the other token were real (the same as the rules give the swapped state).
        if (hidden && probes < 12 && state.phase === "action" && !state.pending) {
          const attacker = seats.find((c) => c.seat?.startsWith("a"))!;
          const shooter = Object.values(state.operators).find((o) => o.team === "attack" && !o.dead && o.at !== null)?.id ?? "auger";
          const token = state.tokens[0]!;
          const candidates: SiegeCommand[] = [
            { type: "shoot", operator: shooter, target: token.operator },
            { type: "breach", operator: shooter, target: token.id },
            { type: "react", operator: token.operator },
          ];
          for (const probe of candidates) {
            const here = check(state, attacker.seat!, probe);
            const there = check(swapReal(state), attacker.seat!, probe);
            expect(here).toBe(there);
            if (!here) continue; // a legal command would change the match: not a probe
            const answer = await attacker.command(probe);
            expect(answer.type).toBe("rejected");
            expect(answer.payload.error.code).toBe(here);
            probes++;
          }
        }
        // The history API while live: the spectator projection only.
        if (!liveHistoryChecked && state.phase === "attack_setup") {
          const history = await api(test_server.http, `/matches/${created.matchId}/history`);
          expect(history.status).toBe(200);
          expect(history.body.perspective).toBe("spectator");
          expect(history.body.seed).toBeNull();
          expect(history.body.setup).toBeNull();
          const entries = await test_server.server.store.entries(created.matchId);
          expect(history.body.entries).toHaveLength(entries.length);
          entries.forEach((e, i) => {
            const shown = history.body.entries[i];
            const expected = (e.events as any[]).map((x) => siege.redact(x, spectator)).filter((x) => x !== null);
            expect(canon(shown.events)).toBe(canon(expected));
            expect(shown.stateHash).toBeNull();
            const type = (e.command as SiegeCommand).type;
            if (type === "pick" || type === "place_token") expect(shown.command).toBeNull();
          });
          const text = JSON.stringify(history.body);
          expect(text).not.toContain('"real"');
          expect(text).not.toContain(seed);
          expect(entries.some((e) => (e.command as SiegeCommand).type === "place_token")).toBe(true);
          liveHistoryChecked = true;
        }
      }
      checked++;
    };
    await check_(0);

    // Bots: each seat lists its legal commands from its own decoded projection; the seat that
    // acts rotates, so teammates share the work of their team.
    const bots = new Map(seats.map((c) => [c.seat!, new RandomBot<SiegeCommand>(`${botSeed}:${c.seat}`, siegeBotPolicy)]));
    let accepted = 0;
    let turn = 0;
    while (accepted < 5000) {
      if ((seats[0]!.projection() as SiegeState).result) break;
      let sent = false;
      for (let k = 0; k < seats.length && !sent; k++) {
        const client = seats[(turn + k) % seats.length]!;
        const legal = legalCommandsInView(client.projection() as any, client.seat!);
        if (legal.length === 0) continue;
        const command = bots.get(client.seat!)!.choose(legal)!;
        const answer = await client.command(command);
        if (answer.type !== "accepted") throw new Error(`${client.label}: ${JSON.stringify(command)} got ${JSON.stringify(answer.payload)}`);
        const seq = answer.payload.seq as number;
        await Promise.all(everyone.map((c) => c.until(() => c.seq >= seq, `seq ${seq}`)));
        accepted++;
        await check_(seq);
        sent = true;
      }
      if (!sent) throw new Error("no seat has a legal command but the match has no result");
      turn++;
    }
    expect(accepted).toBe(checked - 1);
    expect(hiddenSteps).toBeGreaterThan(0);
    expect(probes).toBeGreaterThan(0);
    expect(liveHistoryChecked).toBe(true);
    if (size === 2) {
      // Teammates both played (shared control, seed 004 teams).
      const entries = await test_server.server.store.entries(created.matchId);
      expect(new Set(entries.map((e) => e.seat))).toEqual(new Set(["a1", "a2", "d1", "d2"]));
    }

    const entries = await test_server.server.store.entries(created.matchId);
    const final = await oracle.at(entries.length);
    expect(final.result).not.toBeNull();
    for (const c of everyone) expect((c.projection() as SiegeState).result).toEqual(final.result);

    // Events: per sequence number, exactly the ruleset's redaction for each client.
    for (const c of everyone) {
      const bySeq = new Map(c.received("events").map((m) => [m.seq, m.events]));
      expect(bySeq.size).toBe(entries.length);
      for (const entry of entries) {
        const expected = (entry.events as any[]).map((e) => siege.redact(e, viewerOf(c))).filter((e) => e !== null);
        expect(canon(bySeq.get(entry.seq))).toBe(canon(expected));
      }
    }
    // Events tell attackers and spectators nothing of realness before the end.
    for (const c of blind) {
      for (const m of c.received("events")) for (const e of m.events) if (e.type !== "match_ended") expect(Object.keys(e)).not.toContain("real");
    }

    // Bytes: before the match ended, no attacker or spectator frame carries the word "real" other
    // than in the path of the empty `/hidden/real` container every view has (no token_placed
    // realness), nor the seed.
    const bytes = (c: TestClient, end = c.frames().length) => Buffer.concat(c.frames().slice(0, end));
    for (const c of blind) {
      const before = bytes(c, framesBeforeEnd.get(c));
      expect(occurrences(before, "real")).toBe(occurrences(before, "/hidden/real"));
      expect(carries(before, seed)).toBe(false);
    }
    // Decoded frames (every value any flat map was given, replayed from the raw frames, in either
    // entry form): before the end, no attacker or spectator map held anything under /hidden/real;
    // the defence's did (its real tokens). Each team's pick reaches that team only.
    const paths = (c: TestClient, end = c.frames().length) => decodedPaths(c.frames().slice(0, end));
    for (const c of blind) {
      const before = paths(c, framesBeforeEnd.get(c));
      expect(before).toContain("/hidden/real");
      expect(before.filter((p) => p.startsWith("/hidden/real/"))).toEqual([]);
    }
    for (const c of defence) expect(paths(c).some((p) => p.startsWith("/hidden/real/"))).toBe(true);
    for (const c of everyone) {
      const all = paths(c);
      const team = c.seat === null ? null : c.seat.startsWith("a") ? "attack" : "defence";
      for (const other of ["attack", "defence"] as const) {
        if (other !== team) expect(all.filter((p) => p.startsWith(`/hidden/picks/${other}/`))).toEqual([]);
      }
      expect(c.decodedSeats()).toEqual(c.seat ? [c.seat] : []);
    }

    // The seed (in no frame before the end) is in the final projection and verifies.
    expect((seats[0]!.projection() as { seed?: string }).seed).toBe(seed);
    expect(verifySeed(record!.seedCommitment, seed)).toBe(true);

    // Errors tell nothing: every refusal is one of the fixed sentences.
    const sentences = new Set([...Object.values(ERRORS), ...Object.values(PROTOCOL_ERRORS)].map((e) => e.message));
    for (const c of everyone) for (const m of [...c.received("rejected"), ...c.received("error")]) expect(sentences).toContain(m.error.message);

    // The finished match's history reveals everything, with the seed.
    const history = await api(test_server.http, `/matches/${created.matchId}/history`);
    expect(history.body.perspective).toBe("omniscient");
    expect(history.body.seed).toBe(seed);
    expect(history.body.entries).toHaveLength(entries.length);
    expect(history.body.entries.every((e: { command: unknown }) => e.command !== null)).toBe(true);

    for (const c of everyone) await c.leave();
  });
});

describe("seed 004 팀 준비: the Siege lobby request", () => {
  test("a request needs equal teams of one or two and a known mission; Siege is listed with its missions and maps", async () => {
    const listing = await api(test_server.http, "/rulesets");
    const entry = listing.body.rulesets.find((r: { id: string }) => r.id === "siege");
    expect(entry.missions.map((m: { id: string }) => m.id)).toContain("ledger");
    expect(entry.maps.map((m: { id: string }) => m.id)).toContain("saltmarsh_cannery");
    expect(entry.teamSizes).toEqual([1, 2]);
    const bad = [
      { ...siegeRequest(1), scenario: "nowhere" },
      { ...siegeRequest(1), players: [{ name: "a", team: "attack" }, { name: "b", team: "attack" }] },
      { ...siegeRequest(1), players: [{ name: "a", team: "attack" }, { name: "b", team: "defence" }, { name: "c", team: "defence" }] },
      { ...siegeRequest(1), players: [{ name: "a", team: "attack" }, { name: "b", team: "nobody" }] },
      { ...siegeRequest(1), players: [{ name: "a", team: "attack" }, { name: "b" }] },
    ];
    for (const body of bad) {
      const answer = await api(test_server.http, "/matches", { body });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("bad_request");
    }
    const before = await api(test_server.http, "/matches?ruleset=siege");
    const ok = await api(test_server.http, "/matches", { body: { ...siegeRequest(1), players: [{ name: "d", team: "defence" }, { name: "a", team: "attack" }] } });
    expect(ok.status).toBe(201);
    expect(ok.body.seats.map((s: { seat: string }) => s.seat)).toEqual(["d1", "a1"]);
    const after = await api(test_server.http, "/matches?ruleset=siege");
    expect(after.body.matches.length).toBe(before.body.matches.length + 1);
    expect(after.body.matches[0].scenario).toBe("ledger");
  });
});
