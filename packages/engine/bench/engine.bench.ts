/**
 * Engine benchmarks: prints throughput figures for the kernel's hot paths. No thresholds and no
 * asserts; compare runs by eye (design.md, "Performance habits").
 *
 *   cd packages/engine && pnpm exec tsx bench/engine.bench.ts     (or: pnpm bench)
 */
// This package compiles without Node's types (src must not use them); the bench script needs them.
/// <reference types="node" />
import {
  Match,
  Random,
  commit,
  deriveSalt,
  canonicalJson,
  clonePlain,
  hasLineOfSight,
  reachable,
  rngStateFromSeed,
  rollPool,
  squareKey,
  stateHash,
  type DieDefinition,
  type Square,
} from "../src";
import { dialDuel, type DialDuelCommand, type DialDuelState } from "../src/testing/dial-duel";
// The former match generator (a dev dependency kept for the dice attack test), for comparison.
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

const WARMUP_MS = 200;
const RUN_MS = 1000;

interface Row {
  readonly name: string;
  readonly opsPerSecond: number;
  readonly nsPerOp: number;
  readonly note: string;
}

/** Sink so the JIT cannot drop work whose result is unused. */
let sink = 0;

/**
 * Runs `batch` (which does some operations and returns how many) repeatedly: first for the warm-up,
 * then for about a second, and reports operations per second.
 */
function bench(name: string, note: string, batch: () => number): Row {
  const warmEnd = performance.now() + WARMUP_MS;
  while (performance.now() < warmEnd) batch();
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    ops += batch();
    elapsed = performance.now() - start;
  } while (elapsed < RUN_MS);
  const seconds = elapsed / 1000;
  return { name, opsPerSecond: ops / seconds, nsPerOp: (elapsed * 1e6) / ops, note };
}

// --- fixtures -------------------------------------------------------------------------------

const BOARD = { width: 12, height: 12 };
const squares: Square[] = [];
for (let y = 0; y < BOARD.height; y++) for (let x = 0; x < BOARD.width; x++) squares.push({ x, y });

/** A 12x12 board with scattered walls and rough ground (about 15% of squares each). */
const terrainRng = new Random(rngStateFromSeed("bench-terrain", "bench"));
const walls = new Set<string>();
const rough = new Set<string>();
for (const s of squares) {
  const roll = terrainRng.int(1, 100);
  if (roll <= 15) walls.add(squareKey(s));
  else if (roll <= 30) rough.add(squareKey(s));
}
const blocks = (s: Square) => walls.has(squareKey(s));
const stepCost = (_from: Square, to: Square): number | null => {
  const key = squareKey(to);
  if (walls.has(key)) return null;
  return rough.has(key) ? 2 : 1;
};
const openSquares = squares.filter((s) => !blocks(s));
const losPairs: [Square, Square][] = Array.from({ length: 1024 }, () => [terrainRng.pick(squares), terrainRng.pick(squares)]);

const DICE: Record<string, DieDefinition<string>> = {
  yellow: { id: "yellow", faces: ["blank", "blank", "light", "light", "heavy", "lightning"] },
  red: { id: "red", faces: ["blank", "light", "heavy", "heavy", "critical", "lightning"] },
  white: { id: "white", faces: ["blank", "blank", "defend", "defend", "evade", "eye"] },
};
const POOL = [
  { die: "yellow", count: 3 },
  { die: "red", count: 2 },
  { die: "white", count: 1 },
];

/** A plain-data state of roughly 5 KB of canonical JSON: a dozen mechs with parts and a log tail. */
function mediumState() {
  const mechs = Array.from({ length: 12 }, (_, i) => ({
    id: `mech-${i}`,
    owner: i % 2 === 0 ? "p1" : "p2",
    pilot: { id: `pilot-${i}`, link: 3, initiative: [3, 1, 4, 1, 5, 9] },
    at: { x: i % 12, y: (i * 5) % 12 },
    facing: ["N", "E", "S", "W"][i % 4],
    stance: "MOB",
    parts: ["torso", "chassis", "leftArm", "rightArm"].map((slot, j) => ({
      slot,
      armour: 2 + j,
      structure: j % 2,
      destroyed: false,
    })),
  }));
  return {
    round: 4,
    phase: "action",
    seats: ["p1", "p2"],
    rng: [1, 2, 3, 4],
    mechs,
    smoke: [{ x: 4, y: 4, cards: 2 }],
    log: Array.from({ length: 8 }, (_, i) => ({ seq: i + 1, seat: i % 2 ? "p2" : "p1", note: "moved two squares" })),
  };
}
const STATE_5KB = mediumState();

/** Plays one dial-duel match with commands chosen by `chooser`; returns the number of commands. */
function playMatch(seed: string, chooser: Random): number {
  const match = new Match(dialDuel, { seats: ["p1", "p2"] }, seed);
  let commands = 0;
  while (dialDuel.result(match.state) === null) {
    const seat = chooser.pick(dialDuel.awaiting(match.state));
    const result = match.submit(seat, chooser.pick(dialDuel.legalCommands(match.state, seat)));
    if (!result.ok) throw new Error(`bench match rejected a legal command: ${result.error.code}`);
    commands++;
  }
  return commands;
}

/** A recorded full match, to measure bare `apply` throughput on realistic commands. */
function recordedMatch(): { seed: string; commands: [string, DialDuelCommand][] } {
  const seed = "bench-recorded";
  const match = new Match(dialDuel, { seats: ["p1", "p2"] }, seed);
  const chooser = new Random(rngStateFromSeed("bench-recorded-chooser", "bench"));
  while (dialDuel.result(match.state) === null) {
    const seat = chooser.pick(dialDuel.awaiting(match.state));
    match.submit(seat, chooser.pick(dialDuel.legalCommands(match.state, seat)));
  }
  return { seed, commands: match.toLog().entries.map((e) => [e.seat, e.command]) };
}

// --- benchmarks -----------------------------------------------------------------------------

const rows: Row[] = [];

{
  const rng = new Random(rngStateFromSeed("bench-rng", "bench"));
  rows.push(
    bench("RNG int(1, 6)", "Random.int", () => {
      for (let i = 0; i < 10_000; i++) sink += rng.int(1, 6);
      return 10_000;
    }),
  );
}

{
  const old = xoroshiro128plusFromState([1, 2, 3, 4]);
  rows.push(
    bench("xoroshiro128+ int(1, 6)", "former generator, for comparison", () => {
      for (let i = 0; i < 10_000; i++) sink += uniformInt(old, 1, 6);
      return 10_000;
    }),
  );
  let words: readonly number[] = [1, 2, 3, 4];
  rows.push(
    bench("xoroshiro128+ open + 6 D6", "former generator, one command's dice", () => {
      for (let i = 0; i < 1_000; i++) {
        const g = xoroshiro128plusFromState(words);
        for (let d = 0; d < 6; d++) sink += uniformInt(g, 1, 6);
        words = g.getState();
      }
      return 1_000;
    }),
  );
}

{
  // What a command pays for its dice: open a cursor on a stored state (its first draw computes the
  // ChaCha20 blocks), roll 6 D6, store the state back.
  let state = rngStateFromSeed("bench-command", "bench");
  rows.push(
    bench("RNG open + 6 D6 + state()", "one command's dice", () => {
      for (let i = 0; i < 1_000; i++) {
        const rng = new Random(state);
        for (let d = 0; d < 6; d++) sink += rng.int(1, 6);
        state = rng.state();
      }
      return 1_000;
    }),
  );
}

{
  const rng = new Random(rngStateFromSeed("bench-dice", "bench"));
  rows.push(
    bench("rollPool, 6 dice", "3 yellow + 2 red + 1 white", () => {
      for (let i = 0; i < 1_000; i++) sink += rollPool(rng, DICE, POOL).length;
      return 1_000;
    }),
  );
}

{
  let i = 0;
  rows.push(
    bench("hasLineOfSight, 12x12", "random pairs, 15% walls", () => {
      for (let n = 0; n < 1_000; n++) {
        const [a, b] = losPairs[i++ & 1023]!;
        if (hasLineOfSight(a, b, blocks)) sink++;
      }
      return 1_000;
    }),
  );
}

{
  let i = 0;
  rows.push(
    bench("reachable, budget 6, 12x12", "8-neighbour, walls + rough ground", () => {
      for (let n = 0; n < 10; n++) sink += reachable(BOARD, openSquares[i++ % openSquares.length]!, 6, stepCost).size;
      return 10;
    }),
  );
}

{
  const note = `${(canonicalJson(STATE_5KB).length / 1024).toFixed(1)} KB state (apply's private copy)`;
  rows.push(
    bench("clonePlain", note, () => {
      for (let n = 0; n < 20; n++) sink += clonePlain(STATE_5KB).mechs.length;
      return 20;
    }),
  );
  rows.push(
    bench("structuredClone (for comparison)", note, () => {
      for (let n = 0; n < 20; n++) sink += structuredClone(STATE_5KB).mechs.length;
      return 20;
    }),
  );
}

{
  const bytes = canonicalJson(STATE_5KB).length;
  rows.push(
    bench("stateHash", `${(bytes / 1024).toFixed(1)} KB canonical JSON`, () => {
      for (let n = 0; n < 20; n++) sink += stateHash(STATE_5KB).length;
      return 20;
    }),
  );
}

{
  const salt = deriveSalt("bench-seed", "plan:1:p1");
  let dial = 0;
  rows.push(
    bench("commit", "small choice + salt", () => {
      for (let n = 0; n < 1_000; n++) sink += commit({ mech: "m1", dial: (dial++ % 6) + 1 }, salt).length;
      return 1_000;
    }),
  );
}

{
  const { seed, commands } = recordedMatch();
  const initial: DialDuelState = dialDuel.setup({ seats: ["p1", "p2"] }, seed).state;
  rows.push(
    bench("dial-duel apply", `recorded match of ${commands.length} commands`, () => {
      let state = initial;
      for (const [seat, command] of commands) {
        const result = dialDuel.apply(state, command, seat);
        if (!result.ok) throw new Error(result.error.code);
        state = result.state;
      }
      sink += state.round;
      return commands.length;
    }),
  );
}

{
  const chooser = new Random(rngStateFromSeed("bench-matches", "bench"));
  let n = 0;
  rows.push(
    bench("dial-duel full match", "setup + legalCommands + submit", () => {
      sink += playMatch(`bench-match-${n++}`, chooser);
      return 1;
    }),
  );
}

// --- report ---------------------------------------------------------------------------------

const formatRate = (x: number) =>
  x >= 1e6 ? `${(x / 1e6).toFixed(2)} M/s` : x >= 1e3 ? `${(x / 1e3).toFixed(1)} k/s` : `${x.toFixed(0)} /s`;
const formatTime = (ns: number) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);

const table = [
  ["benchmark", "throughput", "per op", "notes"],
  ...rows.map((r) => [r.name, formatRate(r.opsPerSecond), formatTime(r.nsPerOp), r.note]),
];
const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
const right = [false, true, true, false];
const line = (row: string[]) =>
  row
    .map((cell, c) => (right[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
    .join("  ")
    .trimEnd();

console.log(`@fogwar/engine benchmarks (Node ${process.versions.node}, ${RUN_MS} ms per row after ${WARMUP_MS} ms warm-up)\n`);
console.log(line(table[0]!));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of table.slice(1)) console.log(line(row));
if (sink === Number.MIN_SAFE_INTEGER) console.log(""); // keep `sink` observable
