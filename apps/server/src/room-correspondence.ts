/**
 * Switching a live match to correspondence when every seat agrees (docs/design.md
 * "Correspondence play"; docs/protocol.md `correspondence`). A seated player proposes terms
 * (days per move, vacation days); each other seat agrees by sending the same terms, or declines
 * (`terms: null`), which lapses the proposal; other terms replace it (the agreements so far
 * lapse). Bot seats agree at once: a bot moves as soon as it is awaited under any clock, so it
 * has nothing to lose by the change and a player alone with bots can switch on their own. A
 * proposal also lapses as soon as the log moves on (any accepted entry: a command, a timeout),
 * because what was agreed to was the match as it stood.
 *
 * The agreement is the room's (like a claim's absence, it is not in the log); once it is whole,
 * the room enters `{ referee: "time_control", spec }` in the log, and the clocks change from that
 * entry on (./clocks.ts), the same on every replay. Nothing here survives a restart: an open
 * proposal is simply gone (nothing was agreed yet).
 */
import { correspondenceSpec, type TimeControlCommand } from "@fogwar/engine";
import { botSeatsOf } from "./bots/seats.js";
import type { CorrespondenceTerms } from "./clocks.js";
import type { LiveMatch } from "./live.js";

/** The open proposal as the room's public clock field shows it (`clock.proposal`). */
export interface ProposalField {
  readonly terms: CorrespondenceTerms;
  /** The seat that proposed these terms. */
  readonly by: string;
  /** Seats that agreed (the proposer and bot seats included), in seat order. */
  readonly agreed: readonly string[];
  /** The log's seq the proposal was made at: it lapses when the log moves on. */
  readonly seq: number;
}

/** Why an answer is refused (logged; the client gets `correspondence_refused`). */
export type ProposalRefusal = "not_a_seat" | "match_over" | "already_correspondence" | "nothing_to_decline";

/** What an answer did: refused, the proposal changed (or lapsed), or every seat agreed: enter `command`. */
export type ProposalOutcome = { readonly refused: ProposalRefusal } | { readonly changed: true } | { readonly enter: TimeControlCommand };

export class CorrespondenceProposals {
  private open: { terms: CorrespondenceTerms; by: string; agreed: Set<string>; seq: number } | null = null;

  constructor(private readonly match: LiveMatch) {}

  /** The open proposal, or null (none, or it lapsed: the log moved on, or the match ended). */
  current(): ProposalField | null {
    const open = this.open;
    if (!open || open.seq !== this.match.seq || this.match.result !== null) return null;
    return { terms: open.terms, by: open.by, seq: open.seq, agreed: this.match.seats.filter((s) => open.agreed.has(s)) };
  }

  /**
   * `seat`'s answer: terms (propose, or agree to the same terms) or null (decline). When every
   * seat has agreed, the proposal closes and the outcome names the referee entry to enter.
   */
  answer(seat: string, terms: CorrespondenceTerms | null): ProposalOutcome {
    if (!this.match.seats.includes(seat)) return { refused: "not_a_seat" };
    if (this.match.result !== null) return { refused: "match_over" };
    if (this.match.clock.correspondence !== null) return { refused: "already_correspondence" };
    const current = this.current();
    if (terms === null) {
      if (!current) return { refused: "nothing_to_decline" };
      this.open = null;
      return { changed: true };
    }
    const same = current !== null && current.terms.daysPerMove === terms.daysPerMove && current.terms.vacationDays === terms.vacationDays;
    if (!same || !this.open) {
      const bots = Object.keys(botSeatsOf(this.match.options));
      this.open = { terms: { daysPerMove: terms.daysPerMove, vacationDays: terms.vacationDays }, by: seat, agreed: new Set(bots), seq: this.match.seq };
    }
    this.open.agreed.add(seat);
    if (this.match.seats.every((s) => this.open?.agreed.has(s))) {
      this.open = null;
      return { enter: { referee: "time_control", spec: correspondenceSpec(terms.daysPerMove, terms.vacationDays) } };
    }
    return { changed: true };
  }
}
