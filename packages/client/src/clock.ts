/**
 * The room state's public clock field (docs/protocol.md "Clocks and claims") as a client reads it:
 * the JSON text parsed once per change, kept with the local time it arrived (a client never
 * compares the server's time with its own).
 */

/** One clock as the server sent it (times in ms). */
export interface ClockEntry {
  readonly clock: string;
  readonly seats: readonly string[];
  readonly remainingMs: number;
  readonly activationMs: number;
  readonly running: boolean;
}

/** A result the log imposed (lost on time, a claim), shaped as the rules' own results. */
export interface ImposedResult {
  readonly winner: string | null;
  readonly winners?: readonly string[];
  readonly reason: string;
  readonly scores?: Readonly<Record<string, number>>;
}

/** A correspondence time control in whole days. */
export interface CorrespondenceTerms {
  readonly daysPerMove: number;
  readonly vacationDays: number;
}

/** The open proposal to go on by correspondence: its terms, who proposed, who agreed (bots included). */
export interface CorrespondenceProposal {
  readonly terms: CorrespondenceTerms;
  readonly by: string;
  readonly agreed: readonly string[];
  readonly seq: number;
}

/** The room state's `clock` field (docs/protocol.md "Clocks and claims", "Correspondence"). */
export interface ClockField {
  readonly at: number;
  readonly kind: "total" | "bank" | "correspondence" | null;
  /** A correspondence match's terms. */
  readonly correspondence?: CorrespondenceTerms;
  /** The open proposal to switch to correspondence (absent from older servers: none). */
  readonly proposal?: CorrespondenceProposal | null;
  readonly clocks: readonly ClockEntry[];
  /** A result imposed from outside the rules (lost on time, a claim): the engine's `MatchResult`. */
  readonly imposed: ImposedResult | null;
  readonly claimDelayMs: number;
  readonly claims: readonly { readonly absent: string; readonly since: number; readonly allowedAt: number }[];
}

/** The field and the local time (epoch ms) it was received at. */
export interface ClockInfo {
  readonly field: ClockField;
  readonly receivedAt: number;
}

/** Parses the room state's `clock` text; null for an empty or malformed one. */
export function parseClockField(text: string | undefined | null): ClockField | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as ClockField;
    return value && Array.isArray(value.clocks) && Array.isArray(value.claims) ? value : null;
  } catch {
    return null;
  }
}
