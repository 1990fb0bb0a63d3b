/**
 * A match's public facts for owing notifications (./owe.ts `MatchFacts`): the seats awaited, the
 * result and the clocks, all of which every seat's view shows (the awaited seats and the clock
 * field are public; the result too, once over). `owedByEntry` is what a live match (../live.ts)
 * owes for an entry it is about to store, and what the red-team test checks against the views.
 */
import { awaitedSeats, type MatchResult } from "@fogwar/engine";
import type { ClockStatus, Judged, MatchClock } from "../clocks.js";
import type { AnyRuleset } from "../hosts/index.js";
import type { NewNotification } from "../store/index.js";
import { oweForEntry, type EntryCause, type MatchFacts, type MatchInfo } from "./owe.js";

/** The facts of `state` with its result (null: live) and its clock status. */
export function factsOf(ruleset: AnyRuleset, state: unknown, result: MatchResult | null, clocks: ClockStatus): MatchFacts {
  return {
    awaiting: result ? [] : awaitedSeats(ruleset, state),
    result,
    clocks: clocks.clocks.map((c) => ({ seats: c.seats, remainingMs: c.remainingMs, running: c.running })),
  };
}

/**
 * What an accepted entry owes: the match's facts before it (`before`: its state and result, the
 * clocks at the entry's time) and after it (`judged`, with the result it leads to), read before
 * the clock records the entry. Changes nothing.
 */
export function owedByEntry(ruleset: AnyRuleset, clock: MatchClock, info: MatchInfo, before: { readonly state: unknown; readonly result: MatchResult | null }, cause: EntryCause, judged: Extract<Judged, { ok: true }>, outcome: MatchResult | null): NewNotification[] {
  return oweForEntry(info, cause, factsOf(ruleset, before.state, before.result, clock.status(cause.at)), factsOf(ruleset, judged.state, outcome, clock.statusAfter(judged.state, cause.at, judged)));
}
