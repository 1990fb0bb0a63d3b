/** Shared test helpers for driving dial-duel matches. */
import { Match } from "../../src";
import {
  dialDuel,
  type DialDuelCommand,
  type DialDuelEvent,
  type DialDuelSetup,
  type DialDuelState,
  type DialView,
} from "../../src/testing/dial-duel";

export type DialMatch = Match<DialDuelSetup, DialDuelState, DialDuelCommand, DialDuelEvent, DialView>;

export const SETUP: DialDuelSetup = { seats: ["p1", "p2"] };

export const newMatch = (seed: string, setup: DialDuelSetup = SETUP): DialMatch => new Match(dialDuel, setup, seed);

/** Submits a command that must be accepted. */
export function must(match: DialMatch, seat: string, command: DialDuelCommand) {
  const result = match.submit(seat, command);
  if (!result.ok) throw new Error(`expected ${seat} ${JSON.stringify(command)} to be accepted: ${result.error.code}`);
  return result.entry;
}

/** Plays one round: both lock (second seat first, to show order does not matter), then reveal in turn. */
export function playRound(match: DialMatch, numbers: Readonly<Record<string, number>>): void {
  const [a, b] = match.state.seats;
  must(match, b, { type: "lock", number: numbers[b]! });
  must(match, a, { type: "lock", number: numbers[a]! });
  const first = match.state.starter;
  must(match, first, { type: "reveal" });
  must(match, first === a ? b : a, { type: "reveal" });
}

/** Plays rounds with the given numbers (cycling) until the match is over; the loser always starts. */
export function playToEnd(match: DialMatch, rounds: readonly Readonly<Record<string, number>>[]): void {
  for (let i = 0; match.state.phase !== "over"; i++) {
    if (i > 20) throw new Error("match did not end");
    if (match.state.pending) must(match, match.state.pending.seat, { type: "choose_starter", starter: match.state.pending.seat });
    playRound(match, rounds[i % rounds.length]!);
  }
}

/** Deep-freezes a plain-data value so any in-place mutation throws (strict mode). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as object)) deepFreeze(child);
  }
  return value;
}
