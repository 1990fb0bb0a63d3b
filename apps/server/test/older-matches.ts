/**
 * Helpers of the rules-version tests: the archive's replay fixtures stored as an older server
 * stored its matches, and a live match of an older version played on to its end over WebSocket
 * under its own rules, with the caster feed and the history checked by those rules.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalJson, seatViewer, spectator, stateHash } from "@fogwar/engine";
import { rulesetFor, type AnyRuleset, type ReplayFixture } from "@fogwar/rules-archive";
import { botToken } from "../src/bots/seats.js";
import { claimedToken } from "../src/invites.js";

/** The seat token of a match stored straight in the store: as if each seat's invite had been claimed with one fixed key. */
const seatToken = (secret: string, seat: string): string => claimedToken(secret, seat, 0, "stored-match-claim-key-0000");
import { LiveMatch } from "../src/live.js";
import { hashToken } from "../src/room.js";
import { openStore, type MatchStore } from "../src/store/index.js";
import { api, bootServer, canon, hashStoredFor, TestClient, type TestServer } from "./harness";

const FIXTURES = join(__dirname, "..", "..", "..", "packages", "rules-archive", "fixtures");

/** Every published version's replay fixture (packages/rules-archive/fixtures). */
export const fixtures: readonly ReplayFixture[] = readdirSync(FIXTURES).map((f) => JSON.parse(readFileSync(join(FIXTURES, f), "utf8")) as ReplayFixture);

/** The fixture of a published version. */
export const fixtureOf = (version: string): ReplayFixture => fixtures.find((f) => f.rulesVersion === version) as ReplayFixture;

/** The secret the older server derived its seat tokens from. */
export const SECRET = "a-match-secret-of-an-older-server";

/** Half of a fixture's entries, rounded down: where a live match is stored. */
export const half = (fixture: ReplayFixture): number => Math.floor(fixture.entries.length / 2);

/** The state after applying `command` (which must be accepted). */
export function applied(ruleset: AnyRuleset, state: unknown, command: unknown, seat: string): unknown {
  const result = ruleset.apply(state, command, seat);
  if (!result.ok) throw new Error(`${seat}: ${result.error.code}`);
  return result.state;
}

/** The state after the first `count` entries of a fixture. */
export function stateAfter(ruleset: AnyRuleset, fixture: ReplayFixture, count: number): unknown {
  let state: unknown = ruleset.setup(fixture.setup, fixture.seed).state;
  for (const e of fixture.entries.slice(0, count)) state = applied(ruleset, state, e.command, e.seat);
  return state;
}

/**
 * The state hashes the store holds for a fixture's match whose first `from` entries were stored as
 * the fixture has them and the rest played by the live match, which hashes only some entries
 * (src/state-hash.ts `hashesEntry`): the fixture's hash where the live match hashes, null elsewhere.
 */
export function storedHashes(ruleset: AnyRuleset, fixture: ReplayFixture, from: number): (string | null)[] {
  let state: unknown = ruleset.setup(fixture.setup, fixture.seed).state;
  return fixture.entries.map((e, i) => {
    const before = state;
    state = applied(ruleset, state, e.command, e.seat);
    return i < from ? e.stateHash : hashStoredFor(ruleset, before, state, e.seq);
  });
}

/**
 * Stores a fixture's match as an older server did: the match, its seats (tokens from `SECRET`, or
 * the bot's from the seed), and its first `entries` log entries with their hashes (no command ids,
 * no accept times: older servers stored neither).
 */
export async function storeOld(store: MatchStore, id: string, fixture: ReplayFixture, entries: number, options: Record<string, unknown> = {}): Promise<string[]> {
  const rules = await rulesetFor(fixture.ruleset, fixture.rulesVersion);
  const seats = rules.ruleset.seatsOf(fixture.setup) as string[];
  const bots = (options.bots ?? {}) as Record<string, string>;
  const setup = fixture.setup as { scenario?: string; mission?: string };
  await store.createMatch(
    { id, ruleset: fixture.ruleset, rulesVersion: fixture.rulesVersion, scenario: setup.scenario ?? setup.mission ?? "", setup: fixture.setup, seed: fixture.seed, seedCommitment: fixture.seedCommitment, options: { spectatorDelay: 0, reconnectGrace: 120, progressiveReveal: false, ...options } },
    seats.map((seat) => ({ seat, playerName: `Player ${seat}`, tokenHash: hashToken(bots[seat] ? botToken(fixture.seed, seat) : seatToken(SECRET, seat)) })),
  );
  for (const e of fixture.entries.slice(0, entries)) await store.appendEntry(id, { seq: e.seq, seat: e.seat, command: e.command, events: e.events, stateHash: e.stateHash });
  return seats;
}

/**
 * Stores a fixture's whole match as `id` and loads it: rebuilt under the fixture's own rules
 * version to its final state hash and result, and finished (a log that ends in a result is
 * finished when loaded).
 * @returns the loaded match.
 */
export async function loadsWhole(store: MatchStore, id: string, fixture: ReplayFixture): Promise<LiveMatch> {
  await storeOld(store, id, fixture, fixture.entries.length);
  const match = (await LiveMatch.load(store, id)) as LiveMatch;
  expect(match.host.ruleset.rulesVersion).toBe(fixture.rulesVersion);
  expect(stateHash(match.state)).toBe(fixture.finalHash);
  expect(canonicalJson(match.result)).toBe(canonicalJson(fixture.result));
  expect((await store.getMatch(id))?.status).toBe("finished");
  return match;
}

/**
 * Stores a fixture's match half played as `id`, loads it and submits the rest of its commands:
 * each gives the logged events, and the match ends finished with the logged state hashes.
 */
export async function playsOnFromHalf(store: MatchStore, id: string, fixture: ReplayFixture): Promise<void> {
  await storeOld(store, id, fixture, half(fixture));
  const match = (await LiveMatch.load(store, id)) as LiveMatch;
  for (const e of fixture.entries.slice(half(fixture))) {
    const outcome = await match.submit(e.seat, e.command);
    if (!outcome.ok) throw new Error(`${fixture.rulesVersion} entry ${e.seq}: ${outcome.error.code}`);
    expect(outcome.entry.events).toEqual(e.events);
  }
  expect(stateHash(match.state)).toBe(fixture.finalHash);
  expect((await store.getMatch(id))?.status).toBe("finished");
  expect((await store.entries(id)).map((e) => e.stateHash)).toEqual(storedHashes(match.host.ruleset, fixture, half(fixture)));
}

/**
 * The current server started on a database an older server wrote: `write` stores its matches
 * first. `close` stops the server and deletes the database.
 */
export async function serverOnOlderDatabase(write: (store: MatchStore) => Promise<void>): Promise<{ server: TestServer; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "fogwar-older-server-"));
  const store = await openStore({ dataDir: dir });
  try {
    await write(store);
  } finally {
    await store.close();
  }
  const server = await bootServer({ dataDir: dir });
  return {
    server,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A live match `matchId` an older server stored half played (`storeOld` with `half(fixture)`
 * entries) on the running `server`: every seat rejoins with its old token and a spectator joins;
 * each seat decodes its view under the fixture's own rules; the seats send the rest of the
 * fixture's commands, each accepted with the logged events' seq; the caster feed (when the match
 * has a spectator delay) is the public view of the delayed state, as a version without caster
 * functions feeds it; the stored hashes, the summary and the history (redacted by those rules)
 * answer as the fixture says.
 * @returns how many caster views were checked.
 */
export async function playOnOverWebSocket(server: TestServer, matchId: string, fixture: ReplayFixture): Promise<number> {
  const rules = await rulesetFor(fixture.ruleset, fixture.rulesVersion);
  expect(rules.frozen).toBe(true);
  const seats = rules.ruleset.seatsOf(fixture.setup) as string[];
  const clients = new Map<string, TestClient>();
  for (const seat of seats) clients.set(seat, await TestClient.join(server.ws, matchId, { seat, token: seatToken(SECRET, seat) }));
  const watcher = await TestClient.join(server.ws, matchId, "spectator");
  const first = clients.get(seats[0] as string) as TestClient;
  expect(first.received("welcome")[0]).toMatchObject({ rulesVersion: fixture.rulesVersion });
  expect(first.seq).toBe(half(fixture));

  // The state each seat decodes is its view under the old rules.
  let state = stateAfter(rules.ruleset, fixture, half(fixture));
  for (const seat of seats) expect(canon(clients.get(seat)?.projection())).toBe(canon(rules.ruleset.viewFor(state, seatViewer(seat))));

  let casterChecks = 0;
  for (const e of fixture.entries.slice(half(fixture))) {
    const answer = await (clients.get(e.seat) as TestClient).command(e.command);
    expect(answer).toMatchObject({ type: "accepted", payload: { seq: e.seq } });
    state = applied(rules.ruleset, state, e.command, e.seat);
    await watcher.until(() => watcher.seq >= e.seq, `seq ${e.seq}`);
    const caster = watcher.caster();
    if (caster && caster.seq > 0) {
      expect(canon(caster.view)).toBe(canon(rules.ruleset.viewFor(stateAfter(rules.ruleset, fixture, caster.seq), spectator)));
      casterChecks++;
    }
  }
  expect(stateHash(state)).toBe(fixture.finalHash);
  const stored = await server.server.store.entries(matchId);
  const hashes = storedHashes(rules.ruleset, fixture, half(fixture));
  expect(stored.map((e) => e.stateHash)).toEqual(hashes);

  const { body: summary } = await api(server.http, `/matches/${matchId}`);
  expect(summary.match).toMatchObject({ status: "finished", result: { winner: fixture.result.winner, reason: fixture.result.reason } });
  const { status, body: history } = await api(server.http, `/matches/${matchId}/history`);
  expect(status).toBe(200);
  expect(history).toMatchObject({ perspective: "omniscient", rulesVersion: fixture.rulesVersion, seed: fixture.seed, seedCommitment: fixture.seedCommitment });
  expect(history.entries.map((e: { stateHash: string | null }) => e.stateHash)).toEqual(hashes);
  // Redacted by the old rules: as the omniscient viewer sees each stored event.
  expect(canon(history.entries.map((e: { events: unknown }) => e.events))).toBe(canon(fixture.entries.map((e) => e.events.map((env) => rules.ruleset.redact(env, { kind: "omniscient" })).filter((x) => x !== null))));
  for (const c of [...clients.values(), watcher]) await c.leave();
  return casterChecks;
}
