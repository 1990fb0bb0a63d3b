/**
 * Plays a version's replay fixture with its own frozen build: seeded bot matches (the version's
 * `autoplay` and bot policy) on setups made from the version's own sample data; the smallest
 * finished one is kept, so the committed file stays small. Deterministic: the same bundle gives
 * the same fixture.
 */
import { canonicalJson, seedCommitment, stateHash } from "@fogwar/engine";
import type { FixtureEntry, ReplayFixture } from "../src/fixtures.js";
import type { FrozenBundle } from "../src/types.js";
import type { ArchivedId } from "./build.js";
import { encounter } from "@fogwar/trpg/encounters";

/** How many seeded matches are tried per version. */
const CANDIDATES = 6;

interface EmberData {
  readonly scenarios: readonly { readonly id: string; readonly battleSize: string }[];
  readonly armies: readonly { readonly faction: string; readonly units: readonly unknown[] }[];
}
interface SiegeData {
  readonly missions: readonly { readonly id: string }[];
}
interface TrpgData {
  readonly scenarios: readonly { readonly id: string }[];
}
interface SigmarData {
  readonly armies: { readonly armies: readonly { readonly faction: string }[] };
}

/**
 * The setups candidate `n` plays: EMBER 1 v 1 on a skirmish scenario with two small armies of
 * different factions; Siege 1 v 1 on the first mission; the TRPG on each sample scenario in turn,
 * with a game master or versus, one party seat, and the scenario's sample encounter (the enemies
 * are no part of a build's data: a live page may load a build, and must not learn an ambush); Age
 * of Sigmar's battle with two sample army lists of different factions given by the host (each
 * pair in turn, either side south), so the battle starts at once and runs to its end (the bots
 * fill its continuous choices from its command templates).
 */
function setupFor(id: ArchivedId, data: unknown, n: number): unknown {
  if (id === "sigmar") {
    const lists = (data as SigmarData).armies.armies;
    const pairs = lists.flatMap((a) => lists.filter((b) => b.faction !== a.faction).map((b) => [a, b] as const));
    const pair = pairs[n % pairs.length];
    if (!pair) throw new Error("the version's sample data has no two army lists of different factions");
    return { seats: ["p1", "p2"], armies: { p1: pair[0], p2: pair[1] } };
  }
  if (id === "trpg") {
    const scenarios = (data as TrpgData).scenarios.map((s) => s.id).sort();
    const scenario = scenarios[n % scenarios.length];
    if (!scenario) throw new Error("the version's sample data has no scenario");
    const gm = n % 2 === 0;
    return { scenario, mode: gm ? "gm" : "versus", enemies: encounter(scenario), seats: { party: ["p1"], enemies: [gm ? "gm" : "e1"] } };
  }
  if (id === "siege") {
    const mission = (data as SiegeData).missions[0];
    if (!mission) throw new Error("the version's sample data has no mission");
    return { mission: mission.id, teams: { attack: ["a1"], defence: ["d1"] } };
  }
  const { scenarios, armies } = data as EmberData;
  const skirmish = scenarios.filter((s) => s.battleSize === "skirmish").map((s) => s.id).sort();
  const small = armies.filter((a) => a.units.length <= 3);
  const pairs = small.flatMap((a, i) => small.slice(i + 1).filter((b) => b.faction !== a.faction).map((b) => [a, b] as const));
  const scenario = skirmish[n % skirmish.length];
  const pair = pairs[n % pairs.length];
  if (!scenario || !pair) throw new Error("the version's sample data has no skirmish scenario or no two small armies");
  return { scenario, seats: ["p1", "p2"], armies: { p1: pair[0], p2: pair[1] } };
}

/** One seeded match, as a fixture. */
function play(id: ArchivedId, bundle: FrozenBundle, n: number): ReplayFixture {
  const version = bundle.ruleset.rulesVersion;
  const setup = setupFor(id, bundle.catalogData, n);
  const seed = `fixture:${version}:${n}`;
  const botSeed = `fixture-bots:${version}:${n}`;
  const match = bundle.autoplay(bundle.ruleset, setup, seed, botSeed, { policy: bundle.botPolicy });
  const log = match.toLog();
  // Each entry's state hash, as a server would have stored it.
  let state: unknown = bundle.ruleset.setup(setup, seed).state;
  const entries: FixtureEntry[] = log.entries.map((entry) => {
    const applied = bundle.ruleset.apply(state, entry.command, entry.seat);
    if (!applied.ok) throw new Error(`${version}: entry ${entry.seq} of its own match was refused: ${applied.error.code}`);
    state = applied.state;
    return { seq: entry.seq, seat: entry.seat, command: entry.command, events: entry.events, stateHash: stateHash(state) };
  });
  const finalHash = stateHash(match.state);
  if (entries.at(-1)?.stateHash !== finalHash) throw new Error(`${version}: the replayed match does not end where it was played`);
  const result = bundle.ruleset.result(match.state);
  if (!result) throw new Error(`${version}: the match has no result`);
  return {
    about: `A seeded bot match of ${version}, played by its frozen build with its own bot policy (pnpm freeze-rules ${id}). Generated: do not edit.`,
    ruleset: id,
    rulesVersion: version,
    setup,
    seed,
    seedCommitment: seedCommitment(seed),
    botSeed,
    setupEvents: log.setupEvents,
    entries,
    finalHash,
    result,
  };
}

/** The fixture of a version: the smallest of its candidate matches. */
export function makeFixture(id: ArchivedId, bundle: FrozenBundle): ReplayFixture {
  let best: ReplayFixture | null = null;
  for (let n = 0; n < CANDIDATES; n++) {
    const fixture = play(id, bundle, n);
    if (!best || fixtureText(fixture).length < fixtureText(best).length) best = fixture;
  }
  return best as ReplayFixture;
}

/** A fixture as its file holds it: the fields one to a line, each entry on a line of its own. */
export function fixtureText(fixture: ReplayFixture): string {
  const { entries, ...rest } = fixture;
  const head = Object.entries(rest).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  const lines = entries.map((e) => `    ${canonicalJson(e)}`);
  return `{\n${head.join(",\n")},\n  "entries": [\n${lines.join(",\n")}\n  ]\n}\n`;
}
