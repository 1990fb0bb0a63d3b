/**
 * What a match's history shows (the history API, `GET /api/matches/:id/history`, and the ruleset
 * kit's adversary compute it with this one function; design.md "History", protocol.md "History").
 *
 * - While live: the spectator projection. Events as the spectator sees them; a command only when
 *   every event it produced is public and the host does not keep the command itself secret
 *   (`publicCommand`, e.g. Siege's picks); no state hash.
 * - Once over, a match whose rules have no secret drafts (`Ruleset.drafts`), or whose log has no
 *   lock of a draft (its lists were given at creation): everything, with the match seed, so a
 *   review rebuilds it from `setup(setup, seed)`.
 * - Once over, a mustered match whose muster completed: the muster's entries (up to and including
 *   the one whose command revealed every list) as the spectator saw them (no list a seat locked,
 *   later unlocked, is shown), then a checkpoint: the omniscient state after the reveal, whose hash
 *   is the log's at that entry (checked here; the rules dropped the muster key at the reveal), and
 *   every later entry whole. The seed shown is the dice seed (`diceSeed`), which opens the seed
 *   commitment and drives the battle; the match seed, from which the muster key follows, is never
 *   shown. A review rebuilds the match from the checkpoint.
 * - Once over, a match ended during its muster: the spectator projection, no seed, no setup: the
 *   lists locked were never revealed and stay secret for ever (the result is in the summary).
 */
import { diceSeed, stateHash } from "./hash";
import { replayCommand } from "./referee";
import type { Ruleset } from "./ruleset";
import { omniscient, spectator, type EventEnvelope, type SeatId, type Viewer } from "./visibility";

/** One stored log entry, as a store keeps it: the command, its events with audiences, the state hash after it. */
export interface StoredEntry {
  readonly seq: number;
  readonly seat: SeatId;
  readonly command: unknown;
  readonly events: readonly EventEnvelope<unknown>[];
  readonly stateHash: string | null;
}

/** One entry of a history: a command (null: withheld from this history) and its events as shown. */
export interface HistoryEntry {
  readonly seq: number;
  readonly seat: SeatId;
  readonly command: unknown;
  readonly events: readonly unknown[];
  /** The state hash after the entry (null where the history shows no state). */
  readonly stateHash: string | null;
}

/**
 * The omniscient state a review starts from: the state after entry `seq` (the muster's reveal),
 * whose hash is `stateHash` (the log's). Entries up to `seq` are shown as the spectator saw them.
 */
export interface HistoryCheckpoint {
  readonly seq: number;
  readonly state: unknown;
  readonly stateHash: string;
}

/** What a history shows, besides the match summary the server adds. */
export interface HistoryBody {
  /** `omniscient` once over with the muster revealed (or none); `spectator` while live or when ended during the muster. */
  readonly perspective: "spectator" | "omniscient";
  /** The match's setup (null in a spectator history). */
  readonly setup: unknown;
  /** The seed a review replays with: the match seed, or with a checkpoint the dice seed (null in a spectator history). */
  readonly seed: string | null;
  readonly setupEvents: readonly unknown[];
  readonly entries: readonly HistoryEntry[];
  /** Present when the review starts from a checkpoint rather than from setup. */
  readonly checkpoint?: HistoryCheckpoint;
}

/** What {@link historyOf} reads: the rules the match was played under and its stored record. */
export interface HistoryInput {
  // The history works over any ruleset; each one's types are erased here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly ruleset: Ruleset<any, any, any, any, any>;
  /** Whether the host shows this command to spectators (default: yes, when its events are public). */
  readonly publicCommand?: (command: unknown) => boolean;
  /** Whether the match is over (finished, conceded, claimed, timed out, abandoned). */
  readonly over: boolean;
  readonly setup: unknown;
  /** The match seed (secret; read only once over). */
  readonly seed: string | null;
  readonly entries: readonly StoredEntry[];
}

/** What `viewer` sees of some envelopes. */
function redactAll(input: HistoryInput, envelopes: readonly EventEnvelope<unknown>[], viewer: Viewer): unknown[] {
  return envelopes.map((e) => input.ruleset.redact(e, viewer)).filter((e) => e !== null);
}

/** An entry as the spectator sees it. */
function spectatorEntry(input: HistoryInput, e: StoredEntry): HistoryEntry {
  const allPublic = e.events.every((env) => env.audience.kind === "everyone") && (input.publicCommand?.(e.command) ?? true);
  return { seq: e.seq, seat: e.seat, command: allPublic ? e.command : null, events: redactAll(input, e.events, spectator), stateHash: null };
}

/** The spectator history (live, or ended during the muster). */
function spectatorHistory(input: HistoryInput): HistoryBody {
  return { perspective: "spectator", setup: null, seed: null, setupEvents: [], entries: input.entries.map((e) => spectatorEntry(input, e)) };
}

/**
 * The history of a match as anyone may see it (see the module comment for what each case shows).
 * Pure: computes the setup (and, for a mustered match, replays its muster) with `ruleset`.
 * @throws Error when a mustered match's log does not replay to its own stored hash at the reveal
 *   (a corrupted store: nothing is shown rather than a state that is not the log's).
 */
export function historyOf(input: HistoryInput): HistoryBody {
  if (!input.over || input.seed === null) return spectatorHistory(input);
  const { ruleset, seed, setup } = input;
  const drafts = ruleset.drafts;
  const initial = ruleset.setup(setup, seed);
  const everything = (): HistoryBody => ({
    perspective: "omniscient",
    setup,
    seed,
    setupEvents: redactAll(input, initial.events, omniscient),
    entries: input.entries.map((e) => ({ seq: e.seq, seat: e.seat, command: e.command, events: redactAll(input, e.events, omniscient), stateHash: e.stateHash })),
  });
  if (!drafts || !input.entries.some((e) => drafts.locks(e.command))) return everything();
  // A mustered match: find the entry that revealed the lists.
  const seats = ruleset.seatsOf(setup);
  let state: unknown = initial.state;
  let revealedAt = -1;
  for (const [i, entry] of input.entries.entries()) {
    const result = replayCommand(ruleset, state, entry.command, entry.seat, seats);
    if (!result.ok) throw new Error(`entry ${entry.seq} does not replay: ${result.error.code}`);
    state = result.state;
    if (drafts.revealed(state)) {
      revealedAt = i;
      break;
    }
  }
  if (revealedAt < 0) return spectatorHistory(input);
  const at = input.entries[revealedAt] as StoredEntry;
  const hash = stateHash(state);
  if (at.stateHash !== null && at.stateHash !== hash) throw new Error(`the state after entry ${at.seq} is not the logged one`);
  return {
    perspective: "omniscient",
    setup,
    seed: diceSeed(seed),
    setupEvents: redactAll(input, initial.events, spectator),
    entries: input.entries.map((e, i) =>
      i < revealedAt
        ? spectatorEntry(input, e)
        : i === revealedAt
          ? { ...spectatorEntry(input, e), stateHash: e.stateHash }
          : { seq: e.seq, seat: e.seat, command: e.command, events: redactAll(input, e.events, omniscient), stateHash: e.stateHash },
    ),
    checkpoint: { seq: at.seq, state, stateHash: hash },
  };
}
