/**
 * Real states and events of EMBER and Siege for the web tests: seeded random-bot matches through
 * the rulesets (each ruleset's bot policy), over every scenario or mission and sample army, kept
 * as the first state where each command type is legal to a seat and every event each seat saw.
 */
import { createHash } from "node:crypto";
import { deserialize, serialize } from "node:v8";
import { Match, RandomBot, seatViewer, type EventEnvelope } from "@fogwar/engine";
import { catalog as emberCatalog, ember, emberBotPolicy, validateArmy, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState } from "@fogwar/ember";
import { catalog as siegeCatalog, siege, siegeBotPolicy, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState } from "@fogwar/siege";
import { sigmar, sigmarBotPolicy, type SigmarCommand, type SigmarEvent, type SigmarSetup, type SigmarState } from "@fogwar/sigmar";
import { catalog as trpgCatalog, trpg, trpgBotPolicy, type TrpgCommand, type TrpgEvent, type TrpgSetup, type TrpgState } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

/** One seat's decision: the state (a copy) where a command type was first legal to it. */
export interface Decision<S, C> {
  readonly seat: string;
  readonly type: string;
  readonly state: S;
  readonly legal: readonly C[];
}

/** A played match: its final state, and every event each seat received (redacted for it). */
export interface Played<S, E> {
  readonly label: string;
  readonly state: S;
  readonly seen: Readonly<Record<string, readonly { seq: number; events: E[] }[]>>;
}

export interface Corpus<S, C, E> {
  readonly matches: Played<S, E>[];
  readonly decisions: Map<string, Decision<S, C>>;
}

interface Ruleset<S, C, E> {
  legalCommands(state: S, seat: string): readonly C[];
  awaiting(state: S): readonly string[];
  redact(envelope: EventEnvelope<E>, viewer: ReturnType<typeof seatViewer>): E | null;
}

function play<Setup, S extends object, C extends { type: string }, E>(
  rules: Ruleset<S, C, E>,
  make: (seed: string) => Match<Setup, S, C, E, unknown>,
  seats: readonly string[],
  seed: string,
  policy: ConstructorParameters<typeof RandomBot<C>>[1],
  corpus: Corpus<S, C, E>,
  finished: (s: S) => boolean,
  maxSteps: number,
): void {
  // A match's seed is shown at its end (to verify the dice): make it look like one.
  const match = make(createHash("sha256").update(seed).digest("hex").slice(0, 16));
  const bots = new Map(seats.map((s) => [s, new RandomBot<C>(`${seed}:${s}`, policy)]));
  for (let n = 0; n < maxSteps && !finished(match.state); n++) {
    const seat = rules.awaiting(match.state)[0];
    if (!seat) break;
    const legal = rules.legalCommands(match.state, seat);
    for (const c of legal) {
      const key = `${seat}:${c.type}`;
      const type = `*:${c.type}`;
      if (!corpus.decisions.has(type)) corpus.decisions.set(type, { seat, type: c.type, state: structuredClone(match.state), legal });
      else if (!corpus.decisions.has(key) && seat !== seats[0]) void 0;
    }
    // A decision the rules ask (a pending question): the first state of each kind too.
    const asked = (match.state as { pending?: { kind?: string } | null }).pending?.kind;
    if (asked && !corpus.decisions.has(`pending:${asked}`)) corpus.decisions.set(`pending:${asked}`, { seat, type: `pending:${asked}`, state: structuredClone(match.state), legal });
    const chosen = bots.get(seat)!.choose(legal);
    if (!chosen || !match.submit(seat, chosen).ok) break;
  }
  const log = match.toLog();
  const seen: Record<string, { seq: number; events: E[] }[]> = {};
  for (const seat of seats) {
    const viewer = seatViewer(seat);
    const redact = (envs: readonly EventEnvelope<E>[]) => envs.map((e) => rules.redact(e, viewer)).filter((e): e is NonNullable<typeof e> => e !== null) as E[];
    seen[seat] = [{ seq: 0, events: redact(log.setupEvents as EventEnvelope<E>[]) }, ...log.entries.map((e) => ({ seq: e.seq, events: redact(e.events as EventEnvelope<E>[]) }))];
  }
  corpus.matches.push({ label: seed, state: match.state, seen });
}

/** EMBER: every scenario with pairs (or fours) of sample armies that fit it, a few seeds each. */
export function emberCorpus(seeds = 2): Corpus<EmberState, EmberCommand, EmberEvent> {
  const corpus: Corpus<EmberState, EmberCommand, EmberEvent> = { matches: [], decisions: new Map() };
  for (const scenario of emberCatalog.scenarios.values()) {
    const fitting = emberCatalog.data.armies.filter((a) => validateArmy(a, scenario.battleSize).length === 0);
    const armies = fitting.length >= 2 ? fitting : emberCatalog.data.armies;
    const four = Boolean(scenario.deployment.red && scenario.deployment.blue);
    const seats = four ? ["p1", "p2", "p3", "p4"] : ["p1", "p2"];
    for (let i = 0; i < armies.length; i++) {
      for (let s = 0; s < seeds; s++) {
        // The first match of each scenario musters its lists in play (seed 001 2: lock, reveal).
        const mustered = i === 0 && s === 0;
        const setup: EmberSetup = { scenario: scenario.id, seats, ...(mustered ? {} : { armies: Object.fromEntries(seats.map((seat, k) => [seat, armies[(i + k) % armies.length]!])) }) };
        play(ember as unknown as Ruleset<EmberState, EmberCommand, EmberEvent>, (seed) => new Match(ember, setup, seed) as never, seats, `${scenario.id}-${i}-${s}`, emberBotPolicy, corpus, (st) => st.phase === "finished", 3000);
      }
    }
  }
  return corpus;
}

/** Siege: every mission, one against one and two against two, a few seeds each. */
export function siegeCorpus(seeds = 6): Corpus<SiegeState, SiegeCommand, SiegeEvent> {
  const corpus: Corpus<SiegeState, SiegeCommand, SiegeEvent> = { matches: [], decisions: new Map() };
  for (const mission of siegeCatalog.missions.values()) {
    for (const teams of [{ attack: ["a1"], defence: ["d1"] }, { attack: ["a1", "a2"], defence: ["d1", "d2"] }]) {
      const setup: SiegeSetup = { mission: mission.id, teams };
      const seats = [...teams.attack, ...teams.defence];
      for (let s = 0; s < seeds; s++) {
        play(siege as unknown as Ruleset<SiegeState, SiegeCommand, SiegeEvent>, (seed) => new Match(siege, setup, seed) as never, seats, `${mission.id}-${seats.length}-${s}`, siegeBotPolicy, corpus, (st) => st.result !== null && st.result !== undefined, 4000);
      }
    }
  }
  return corpus;
}

/** Age of Sigmar: battles whose lists are mustered in play, a few seeds. */
export function sigmarCorpus(seeds = 4): Corpus<SigmarState, SigmarCommand, SigmarEvent> {
  const corpus: Corpus<SigmarState, SigmarCommand, SigmarEvent> = { matches: [], decisions: new Map() };
  const setup: SigmarSetup = { seats: ["p1", "p2"] };
  for (let s = 0; s < seeds; s++) {
    play(sigmar as unknown as Ruleset<SigmarState, SigmarCommand, SigmarEvent>, (seed) => new Match(sigmar, setup, seed) as never, ["p1", "p2"], `sigmar-${s}`, sigmarBotPolicy, corpus, (st) => st.phase === "finished", 4000);
  }
  return corpus;
}

/** The TRPG: every scenario in GM mode and in versus, a few seeds each (the server's encounters). */
export function trpgCorpus(seeds = 2): Corpus<TrpgState, TrpgCommand, TrpgEvent> {
  const corpus: Corpus<TrpgState, TrpgCommand, TrpgEvent> = { matches: [], decisions: new Map() };
  for (const scenario of trpgCatalog.scenarios.values()) {
    for (const mode of ["gm", "versus"] as const) {
      const enemies = [mode === "gm" ? "gm" : "e1"];
      const setup: TrpgSetup = { scenario: scenario.id, mode, enemies: encounter(scenario.id), seats: { party: ["p1", "p2"], enemies } };
      const seats = ["p1", "p2", ...enemies];
      for (let s = 0; s < seeds; s++) {
        play(trpg as unknown as Ruleset<TrpgState, TrpgCommand, TrpgEvent>, (seed) => new Match(trpg, setup, seed) as never, seats, `${scenario.id}-${mode}-${s}`, trpgBotPolicy, corpus, (st) => st.result !== null, 3000);
      }
    }
  }
  return corpus;
}
