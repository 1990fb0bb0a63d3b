/**
 * A match's public facts for owing notifications (./owe.ts `MatchFacts`): the seats awaited, the
 * result and the clocks, all of which every seat's view shows (the awaited seats and the clock
 * field are public; the result too, once over).
 */
import { awaitedSeats, type MatchResult } from "@fogwar/engine";
import type { ClockStatus } from "../clocks.js";
import type { AnyRuleset } from "../hosts/index.js";
import type { MatchFacts } from "./owe.js";

/** The facts of `state` with its result (null: live) and its clock status. */
export function factsOf(ruleset: AnyRuleset, state: unknown, result: MatchResult | null, clocks: ClockStatus): MatchFacts {
  return {
    awaiting: result ? [] : awaitedSeats(ruleset, state),
    result,
    clocks: clocks.clocks.map((c) => ({ seats: c.seats, remainingMs: c.remainingMs, running: c.running })),
  };
}
