/**
 * Rating a finished match with Glicko-2 (the `glicko2` package; ratings per ruleset and format,
 * ./format.ts). A match is rated when all of these hold:
 * - it is `finished` with a result (a win, a team's win or a draw; claims and concessions are
 *   results like any other), and it was created rated (`options.rated`);
 * - it has two seats or more, every seat belongs to an account (no bot, no seat opened without
 *   signing in) and no account holds two of its seats;
 * - at least one command was accepted before the one that ended it (a match conceded or claimed
 *   before anyone played is not rated: an abort, not a result). A concession is one entry however
 *   it is made (the `concede` message enters the rules' own command, or the referee's).
 * Each rated match is one Glicko-2 rating period for its players, new players starting at 1500,
 * deviation 350, volatility 0.06 (tau 0.5). Every player meets every player of another side
 * (its team, or itself without teams): the winning side's players beat the others' (1 against
 * 0), a draw is 0.5 for every such pair, and two losing sides of a free-for-all are not compared.
 * Teammates are never compared. A match is rated once (`RatingStore.recordRatedMatch`).
 */
import glicko2, { type Glicko2Player } from "glicko2";
import { RULESETS } from "../hosts/index.js";
import type { Logger } from "pino";
import type { MatchStore, RatingUpdate } from "../store/index.js";
import { formatOf, type RatingFormat } from "./format.js";

/** A new player's rating: 1500, deviation 350, volatility 0.06. */
export const START_RATING = { rating: 1500, deviation: 350, volatility: 0.06 } as const;
/** Glicko-2's system constant (how fast volatility may change). */
const TAU = 0.5;
/** How many times a rating is recomputed when another match changed a player's rating meanwhile. */
const STALE_RETRIES = 5;

/** Why a match is not rated (`rateMatch`). */
export type UnratedReason = "unknown" | "not_finished" | "casual" | "solo" | "not_all_accounts" | "same_account" | "no_move" | "already";

/** What `rateMatch` did: the match's rating changes, or why it is not rated. */
export type RateOutcome = { rated: true; ruleset: string; format: RatingFormat; updates: RatingUpdate[] } | { rated: false; reason: UnratedReason };

/** The teams of a match's seats (seat -> team), from its ruleset; none when it has no teams or its setup shows none. */
function teamsOf(ruleset: string, setup: unknown): Readonly<Record<string, string>> {
  try {
    return RULESETS.get(ruleset)?.teamsOf?.(setup) ?? {};
  } catch {
    return {};
  }
}

/** A stored result's winning seats (`winners`, or `winner` alone; none for a draw). */
function winnersOf(result: unknown): string[] | null {
  if (typeof result !== "object" || result === null) return null;
  const r = result as { winner?: unknown; winners?: unknown };
  if (Array.isArray(r.winners)) return r.winners.filter((s): s is string => typeof s === "string");
  return typeof r.winner === "string" ? [r.winner] : [];
}

/**
 * The Glicko-2 games of a match: `[a, b, score of a]` for every pair of seats on different sides
 * (see the module comment). `sides` maps a seat to its side.
 */
export function pairings(seats: readonly string[], sides: ReadonlyMap<string, string>, winners: readonly string[]): [string, string, number][] {
  const won = new Set(winners.map((s) => sides.get(s) ?? s));
  const out: [string, string, number][] = [];
  for (let i = 0; i < seats.length; i++) {
    for (let j = i + 1; j < seats.length; j++) {
      const a = seats[i]!;
      const b = seats[j]!;
      const sideA = sides.get(a) ?? a;
      const sideB = sides.get(b) ?? b;
      if (sideA === sideB) continue;
      if (won.size === 0) out.push([a, b, 0.5]);
      else if (won.has(sideA) !== won.has(sideB)) out.push([a, b, won.has(sideA) ? 1 : 0]);
    }
  }
  return out;
}

/**
 * Rates a match when it should be (see the module comment) and records the new ratings.
 * Idempotent: a match already rated answers `{ rated: false, reason: "already" }` and changes
 * nothing; two calls at once rate it once.
 * @throws the store's errors.
 */
export async function rateMatch(store: MatchStore, matchId: string): Promise<RateOutcome> {
  for (let attempt = 0; ; attempt++) {
    const record = await store.getMatch(matchId);
    if (!record) return { rated: false, reason: "unknown" };
    const winners = winnersOf(record.result);
    if (record.status !== "finished" || winners === null) return { rated: false, reason: "not_finished" };
    if ((record.options as { rated?: unknown } | null)?.rated !== true) return { rated: false, reason: "casual" };
    const seats = await store.ratings.ratedSeats(matchId);
    if (seats.length < 2) return { rated: false, reason: "solo" };
    if (seats.some((s) => s.bot || s.accountId === null)) return { rated: false, reason: "not_all_accounts" };
    const accountOf = new Map(seats.map((s) => [s.seat, s.accountId!]));
    if (new Set(accountOf.values()).size !== seats.length) return { rated: false, reason: "same_account" };
    if ((await store.lastSeq(matchId)) < 2) return { rated: false, reason: "no_move" };

    const format = formatOf(record);
    const teams = teamsOf(record.ruleset, record.setup);
    const sides = new Map(seats.map((s) => [s.seat, teams[s.seat] ?? `seat:${s.seat}`]));
    const games = pairings(
      seats.map((s) => s.seat),
      sides,
      winners,
    );
    const current = new Map((await store.ratings.ratingsOf([...accountOf.values()], record.ruleset, format)).map((r) => [r.accountId, r]));
    const system = new glicko2.Glicko2({ tau: TAU, rating: START_RATING.rating, rd: START_RATING.deviation, vol: START_RATING.volatility });
    const players = new Map<string, { before: RatingUpdate["before"]; player: Glicko2Player }>();
    for (const [seat, accountId] of accountOf) {
      const known = current.get(accountId);
      const before = known ? { rating: known.rating, deviation: known.deviation, volatility: known.volatility, games: known.games } : { ...START_RATING, games: 0 };
      players.set(seat, { before, player: system.makePlayer(before.rating, before.deviation, before.volatility) });
    }
    system.updateRatings(games.map(([a, b, score]) => [players.get(a)!.player, players.get(b)!.player, score] as const));
    const played = new Set(games.flatMap(([a, b]) => [a, b]));
    const updates: RatingUpdate[] = [...players]
      .filter(([seat]) => played.has(seat))
      .map(([seat, { before, player }]) => ({
        accountId: accountOf.get(seat)!,
        before,
        after: { rating: player.getRating(), deviation: player.getRd(), volatility: player.getVol() },
      }));
    const outcome = await store.ratings.recordRatedMatch(matchId, record.ruleset, format, updates);
    if (outcome === "recorded") return { rated: true, ruleset: record.ruleset, format, updates };
    if (outcome === "already") return { rated: false, reason: "already" };
    if (attempt >= STALE_RETRIES) throw new Error(`match ${matchId}: ratings kept changing while it was rated`);
  }
}

/** Rates a match in the background (a match that just finished): an error is logged, never thrown. */
export function rateFinishedMatch(store: MatchStore, matchId: string, log: Logger): void {
  rateMatch(store, matchId).then(
    (outcome) => {
      if (outcome.rated) log.info({ matchId, ruleset: outcome.ruleset, format: outcome.format }, "match rated");
    },
    (error: unknown) => log.error({ err: error, matchId }, "could not rate a finished match"),
  );
}

/**
 * Rates the rated matches that finished without their ratings recorded (a server stopped between
 * the two): called once at start, in the background. Nothing acknowledged is lost across a crash.
 */
export async function rateMissedMatches(store: MatchStore, log: Logger): Promise<number> {
  let count = 0;
  const seen = new Set<string>();
  for (;;) {
    const ids = (await store.ratings.unratedFinishedRatedMatches(100)).filter((id) => !seen.has(id));
    if (ids.length === 0) return count;
    for (const id of ids) {
      seen.add(id);
      const outcome = await rateMatch(store, id).catch((error: unknown) => {
        log.error({ err: error, matchId: id }, "could not rate a finished match");
        return null;
      });
      if (outcome?.rated) count++;
    }
  }
}
