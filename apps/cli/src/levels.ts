/**
 * The bot levels' cells for the levels benchmark (../bench/levels.bench.ts): which matches measure a level
 * of a ruleset's bot, and how one seeded match of a cell is played. Both sides are played by the
 * server's own brains (each host's `bot.brain`, apps/server/src/hosts): the measured seat at its
 * level, every other seat at "normal", each deciding from its own seat's projection only.
 */
import { duel, type Ruleset, type SeatId } from "@fogwar/engine";
import type { BotLevel } from "@fogwar/protocol";
import { catalog as emberCatalog, ember, type EmberSetup } from "@fogwar/ember";
import { siege, type SiegeSetup } from "@fogwar/siege";
import { catalog as sigmarCatalog, sigmar, type SigmarSetup } from "@fogwar/sigmar";
import { trpg, type TrpgSetup } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { emberHost, siegeHost, sigmarHost, trpgHost, type HostedRuleset } from "@fogwar/server/hosts";

/** The levels every cell family measures, weakest first. */
export const LEVELS: readonly BotLevel[] = ["easy", "normal", "hard"];

/**
 * One cell: a ruleset's encounter or mission, a level, and the seat that level plays (the other
 * seats play "normal"). `setup(i)` is the setup of its i-th match.
 */
export interface Cell {
  /** A stable name, e.g. "trpg/quarry/hard/e1"; match seeds derive from it. */
  readonly key: string;
  readonly ruleset: string;
  /** The encounter (TRPG scenario), mission or battlefield. */
  readonly part: string;
  readonly level: BotLevel;
  /** The seat the measured level plays, and how the table calls it ("the enemies", "p1"...). */
  readonly seat: SeatId;
  readonly side: string;
  readonly setup: (i: number) => unknown;
}

const HOSTS: Readonly<Record<string, HostedRuleset>> = { trpg: trpgHost, sigmar: sigmarHost, ember: emberHost, siege: siegeHost };
const RULES: Readonly<Record<string, Ruleset<unknown, unknown, { type: string }, unknown, unknown>>> = { trpg, sigmar, ember, siege } as never;

const TRPG_ENCOUNTERS = ["proving_ground", "quarry", "pumphouse"] as const;
const trpgSetup = (scenario: string): TrpgSetup => ({ scenario, mode: "versus", enemies: encounter(scenario), seats: { party: ["p1"], enemies: ["e1"] } });
const sigmarSetup: SigmarSetup = { seats: ["p1", "p2"] };
const emberArmies = emberCatalog.data.armies;
/** EMBER on a battlefield with the sample armies in turn (skirmish armies on crossroads, standard on foundry). */
const emberSetup = (scenario: string, i: number): EmberSetup => {
  const standard = scenario === "foundry";
  const pick = (k: number) => emberArmies[((i + k) % 3) * 2 + (standard ? 1 : 0)]!;
  return { scenario, seats: ["p1", "p2"], armies: { p1: pick(0), p2: pick(1) } };
};
const siegeSetup: SiegeSetup = { mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } };

/** Every cell, in print order: TRPG encounters (the enemies' level against the party's bot), Age of Sigmar's mission on both seats, EMBER, Siege. */
export function cells(): Cell[] {
  const out: Cell[] = [];
  const add = (ruleset: string, part: string, seat: SeatId, side: string, setup: (i: number) => unknown) => {
    for (const level of LEVELS) out.push({ key: `${ruleset}/${part}/${level}/${seat}`, ruleset, part, level, seat, side, setup });
  };
  for (const scenario of TRPG_ENCOUNTERS) add("trpg", scenario, "e1", "the enemies", () => trpgSetup(scenario));
  for (const seat of ["p1", "p2"]) add("sigmar", sigmarCatalog.battleplan.id, seat, seat, () => sigmarSetup);
  for (const scenario of ["crossroads", "foundry"]) for (const seat of ["p1", "p2"]) add("ember", scenario, seat, seat, (i) => emberSetup(scenario, i));
  add("siege", "ledger", "a1", "the attack", () => siegeSetup);
  add("siege", "ledger", "d1", "the defence", () => siegeSetup);
  return out;
}

/** One match's outcome for the measured seat, and its think time per move (wall milliseconds). */
export interface Played {
  readonly key: string;
  readonly outcome: "win" | "draw" | "loss";
  readonly think: number[];
}

/**
 * Plays the `i`-th seeded match of `cell`: the measured seat by its host's brain at the cell's
 * level, every other seat by the brain at "normal". A brain's search that finds nothing falls back
 * to its random pick, as the server's bot seats do. Deterministic for a cell and `i`.
 */
export function playCell(cell: Cell, i: number): Played {
  const host = HOSTS[cell.ruleset]!;
  const rules = RULES[cell.ruleset]!;
  const setup = cell.setup(i);
  const players: Record<SeatId, (view: unknown) => { type: string } | null> = {};
  for (const seat of rules.seatsOf(setup)) {
    const level: BotLevel = seat === cell.seat ? cell.level : "normal";
    // The same seeds on every level of a cell family: the levels meet the same dice and opponents.
    const brain = host.bot!.brain(level, seat, `levels-${cell.ruleset}-${cell.part}-${seat}-${i}`);
    players[seat] = (view) => (brain.choose(view) ?? brain.fallback(view)) as { type: string } | null;
  }
  const { match, thinkMs } = duel(rules, setup, `levels-${cell.ruleset}-${cell.part}-${cell.seat}-${i}`, players, { clock: () => performance.now(), maxCommands: 20_000 });
  const result = rules.result(match.state)!;
  const winners = result.winners ?? (result.winner ? [result.winner] : []);
  const outcome = result.winner === null && winners.length === 0 ? "draw" : winners.includes(cell.seat) ? "win" : "loss";
  return { key: cell.key, outcome, think: thinkMs[cell.seat] ?? [] };
}

/**
 * The Wilson score interval of a proportion at 95% (`won` of `n`), as fractions; [0, 1] for no
 * matches.
 */
export function wilson(won: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = won / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
