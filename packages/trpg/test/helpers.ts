/**
 * Helpers for TRPG tests: standard setups, bot playouts, and builders that bring a match to a
 * chosen position (characters placed on chosen squares, a chosen character's turn) for the
 * worked examples.
 */
import { autoplay, Random, rngStateFromSeed, type Square } from "@fogwar/engine";
import { trpg, trpgBotPolicy, type TrpgCommand, type TrpgSetup, type TrpgState } from "../src";
import { encounter } from "../src/encounters";

/**
 * The drill yard's enemies in the worked examples: its raider in view and its concealed lookout.
 * The sample encounter adds a second raider (the solo opponent's share of the yard); the examples,
 * computed by hand, keep to these two.
 */
export const YARD_ENEMIES = encounter("proving_ground").filter((e) => e.id === "raider-1" || e.id === "lookout");
/** GM mode: the game master and two players on the drill yard (its raider and lookout). */
export const GM_SETUP: TrpgSetup = { scenario: "proving_ground", mode: "gm", enemies: YARD_ENEMIES, seats: { party: ["p1", "p2"], enemies: ["gm"] } };
/** Versus: one seat a side on the drill yard (its raider and lookout). */
export const VERSUS_SETUP: TrpgSetup = { scenario: "proving_ground", mode: "versus", enemies: YARD_ENEMIES, seats: { party: ["p1"], enemies: ["e1"] } };
/** GM mode on the quarry: three players and the game master (the ambush scenario). */
export const QUARRY_GM: TrpgSetup = { scenario: "quarry", mode: "gm", enemies: encounter("quarry"), seats: { party: ["p1", "p2", "p3"], enemies: ["gm"] } };
/** Versus on the pumphouse (darkness, storm, contamination). */
export const PUMPHOUSE_VERSUS: TrpgSetup = { scenario: "pumphouse", mode: "versus", enemies: encounter("pumphouse"), seats: { party: ["p1", "p2"], enemies: ["e1"] } };

/** A whole bot match. */
export function playout(seed: string, botSeed: string, setup: TrpgSetup = VERSUS_SETUP) {
  return autoplay(trpg, setup, seed, botSeed, { policy: trpgBotPolicy, maxCommands: 20_000 });
}

/** Applies commands in order, failing loudly on a refusal. */
export function run(state: TrpgState, steps: [string, TrpgCommand][]): TrpgState {
  let s = state;
  for (const [seat, cmd] of steps) {
    const r = trpg.apply(s, cmd, seat);
    if (!r.ok) throw new Error(`${seat} ${JSON.stringify(cmd)} refused: ${r.error.code}`);
    s = r.state;
  }
  return s;
}

/** Applies one command and returns the result with its events (for tests of refusals and events). */
export const tryApply = (state: TrpgState, seat: string, cmd: TrpgCommand) => trpg.apply(state, cmd, seat);

/** The events of an accepted command (throws when refused). */
export function eventsOf(state: TrpgState, seat: string, cmd: TrpgCommand) {
  const r = trpg.apply(state, cmd, seat);
  if (!r.ok) throw new Error(`${seat} ${JSON.stringify(cmd)} refused: ${r.error.code}`);
  return { state: r.state, events: r.events.map((e) => e.event) };
}

/** What a position needs: where characters stand and how they are. */
export interface Position {
  readonly at?: Readonly<Record<string, Square | null>>;
  /** Characters to change beyond their square (wounds, prone, concealment...). */
  readonly with?: Readonly<Record<string, Partial<TrpgState["characters"][string]>>>;
  /** Whose turn it is (a fresh turn of 6 AP). */
  readonly turn: string;
  /** The dice: each character's stream starts from this seed. */
  readonly seed?: string;
}

/**
 * A state of `setup` with characters placed and changed as given and `position.turn`'s fresh turn
 * running. For the rules' worked examples: the position is set by hand (the dice come from the
 * state's seed as in play), then every step of the example goes through `apply`.
 */
export function position(setup: TrpgSetup, p: Position): TrpgState {
  const s = structuredClone(trpg.setup(setup, p.seed ?? "worked-example").state);
  for (const [id, at] of Object.entries(p.at ?? {})) s.characters[id]!.at = at;
  for (const [id, change] of Object.entries(p.with ?? {})) Object.assign(s.characters[id]!, change);
  s.unaware = [];
  s.surprised = null;
  s.phase = "turn";
  s.round = 1;
  s.deferred = [];
  s.pending = null;
  s.tasks = [];
  s.slot = s.order.indexOf(p.turn);
  s.turn = { actor: p.turn, ap: 6, delayed: false, acted: false, ending: false, moved: 0, segments: 0, freeSpot: false, snapshot: false, suppress: false, disengaged: false };
  return s;
}

/**
 * Sets the dice of a character's (or a pair's, or `table`'s) streams so that their next d6 rolls
 * are `dice`: the stream starts from the first derived seed that gives them (searched, so
 * examples name the dice they were computed with). `stream` is a full label (`dice:vale`,
 * `hidden:vale>lookout`) or just who rolls (`vale`), which rigs both of its streams alike.
 */
export function withDice(state: TrpgState, stream: string, dice: readonly number[]): TrpgState {
  const labels = /^(dice|hidden):/.test(stream) ? [stream] : [`dice:${stream}`, `hidden:${stream}`];
  for (let n = 0; n < 1_000_000; n++) {
    const start = rngStateFromSeed(`rig:${n}`, stream);
    const random = new Random(start);
    if (dice.every((d) => random.int(1, 6) === d)) {
      const s = structuredClone(state);
      for (const label of labels) s.server.rng[label] = start;
      return s;
    }
  }
  throw new Error(`no seed gives ${dice.join(", ")}`);
}

export { trpg };

/** A character every side sees (for positions that are not about concealment). */
export const SEEN = { concealed: false, concealment: null, known: true } as const;
/** A character out of the fight (for positions that leave it out). */
export const GONE = { status: "dead", at: null, concealed: false, concealment: null, known: true } as const;
/** Versus on the quarry (the sidearm's snapshots): Sato with the party. */
export const QUARRY_VERSUS: TrpgSetup = { scenario: "quarry", mode: "versus", enemies: encounter("quarry"), seats: { party: ["p1"], enemies: ["e1"] } };
/** The events of a given type among `events`. */
export const ofType = <T extends { type: string }, K extends T["type"]>(events: readonly T[], type: K): Extract<T, { type: K }>[] => events.filter((e): e is Extract<T, { type: K }> => e.type === type);
