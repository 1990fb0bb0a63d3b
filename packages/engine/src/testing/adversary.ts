/**
 * The kit's adversary over ended matches (design.md "History"): a draft a seat locked and never
 * played (unlocked later, or locked when the match ended during its muster) is its player's secret
 * for ever, so nothing the history of the ended match shows (`historyOf`, the history API's own
 * function) may be a function of it. Over a match's log, the adversary ends the match after every
 * entry it samples in each way a match ends (conceded, claimed, timed out, abandoned) and checks,
 * for each draft never played:
 * - non-interference: the same match with another draft in that lock (`otherDraft`) shows the
 *   same history, up to the names of its hashes (every 64-hex string is renamed by its first
 *   appearance: a commitment differs, and must);
 * - no opening: no string the history shows, taken as a seed, a muster key or a salt, opens the
 *   draft's commitment (what a player would brute force over the sample lists).
 */
import { canonicalJson, commit, musterKey, stateHash } from "../hash";
import { historyOf, type StoredEntry } from "../history";
import { musterSalt } from "../muster";
import { replayCommand, type RefereeCommand } from "../referee";
import type { Ruleset } from "../ruleset";
import type { SeatId } from "../visibility";
import { Random, rngStateFromSeed } from "../rng";

/** How a match ends in the adversary: a concession, a claim of the absent seat's loss, a timeout, or abandoned (no entry). */
export type Ending = "conceded" | "claimed" | "timed_out" | "abandoned";

/** Every way a match ends. */
export const ENDINGS: readonly Ending[] = ["conceded", "claimed", "timed_out", "abandoned"];

/** A ruleset with drafts and how to play with them. */
export interface AdversarySpec<Setup, State, Command> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly ruleset: Ruleset<Setup, State, Command, any, any>;
  /** The host's rule for showing a command to spectators (as the server's). */
  readonly publicCommand?: (command: unknown) => boolean;
  /** The ruleset's concession command from `seat`, if it has one. */
  readonly concede?: (seat: SeatId) => Command;
  /** The draft a lock command carries (what it commits to). */
  readonly draftOf: (command: Command) => unknown;
  /** Another lock in place of `command`, with another draft the rules accept there (null: none). */
  readonly otherDraft: (command: Command, state: State) => Command | null;
}

/** One match for the adversary: its setup, secret seed and the commands played, in order. */
export interface AdversaryMatch<Setup, Command> {
  readonly label: string;
  readonly setup: Setup;
  readonly seed: string;
  readonly commands: readonly { readonly seat: SeatId; readonly command: Command }[];
}

/** What the adversary checked, for a report. */
export interface AdversaryReport {
  readonly problems: string[];
  /** Ended histories computed, those of them after the muster's reveal (a checkpoint), and drafts never played checked in them. */
  endings: number;
  revealed: number;
  drafts: number;
}

/**
 * Plays `commands` from the setup into stored entries (as the server stores them: seq from 1, the
 * events, the state hash), with the state after each (`states[0]` is the setup's).
 * @returns null when the ruleset refuses a command.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function storedEntries<Setup, State>(ruleset: Ruleset<Setup, State, any, any, any>, setup: Setup, seed: string, commands: readonly { readonly seat: SeatId; readonly command: unknown }[]): { entries: StoredEntry[]; states: State[] } | null {
  const seats = ruleset.seatsOf(setup);
  let state = ruleset.setup(setup, seed).state;
  const entries: StoredEntry[] = [];
  const states: State[] = [state];
  for (const [i, c] of commands.entries()) {
    const r = replayCommand(ruleset, state, c.command, c.seat, seats);
    if (!r.ok) return null;
    state = r.state as State;
    entries.push({ seq: i + 1, seat: c.seat, command: c.command, events: r.events, stateHash: stateHash(state) });
    states.push(state);
  }
  return { entries, states };
}

/**
 * Whether a string of `shown`, taken as a match seed (its muster key), a muster key or a salt,
 * opens a commitment of `draft`: its plain commitment under that string, or the commitment of any
 * of `seat`'s first `locks` locks salted from it. `isCommitment` says which commitments count (the
 * ones the history shows, or the one a test locked).
 */
export function opensDraft(shown: Iterable<string>, draft: unknown, seat: SeatId, locks: number, isCommitment: (commitment: string) => boolean): boolean {
  for (const x of shown) {
    if (isCommitment(commit(draft, x))) return true;
    for (const secret of [x, musterKey(x)]) for (let n = 1; n <= locks; n++) if (isCommitment(commit(draft, musterSalt(secret, seat, n)))) return true;
  }
  return false;
}

/** The entry that ends a match in `state` as `ending` says, or null (abandoned, or not possible). */
function endingCommand<Setup, State, Command>(spec: AdversarySpec<Setup, State, Command>, setup: Setup, state: State, ending: Ending): { seat: SeatId; command: unknown } | null {
  const seats = spec.ruleset.seatsOf(setup);
  const awaited = spec.ruleset.awaiting(state)[0] ?? seats[0];
  if (awaited === undefined) return null;
  if (ending === "conceded") return spec.concede ? { seat: awaited, command: spec.concede(awaited) } : null;
  if (ending === "timed_out") return { seat: awaited, command: { referee: "timeout", clock: awaited } satisfies RefereeCommand };
  if (ending === "claimed") {
    const claimant = seats.find((s) => s !== awaited);
    return claimant === undefined ? null : { seat: claimant, command: { referee: "claim", outcome: "win", absent: awaited } satisfies RefereeCommand };
  }
  return null;
}

/** Indices of lock entries whose draft is never played in `entries` (`states[i + 1]` follows entry i). */
function neverPlayed<Setup, State, Command>(spec: AdversarySpec<Setup, State, Command>, entries: readonly StoredEntry[], states: readonly State[]): number[] {
  const drafts = spec.ruleset.drafts!;
  const revealedAt = entries.findIndex((_, i) => drafts.revealed(states[i + 1] as State));
  const locks = entries.flatMap((e, i) => (drafts.locks(e.command as Command) && (revealedAt < 0 || i <= revealedAt) ? [i] : []));
  if (revealedAt < 0) return locks;
  // The last lock of each seat up to the reveal is played (revealed); the others were unlocked.
  const played = new Set<number>();
  const seen = new Set<SeatId>();
  for (const i of [...locks].reverse()) {
    const seat = (entries[i] as StoredEntry).seat;
    if (!seen.has(seat)) played.add(i);
    seen.add(seat);
  }
  return locks.filter((i) => !played.has(i));
}

const HEX = /\b[0-9a-f]{64}\b/g;

/** A history's JSON with every 64-hex string renamed by order of first appearance. */
function renamed(text: string): string {
  const names = new Map<string, string>();
  return text.replace(HEX, (h) => {
    if (!names.has(h)) names.set(h, `#${names.size}`);
    return names.get(h)!;
  });
}

/**
 * Ends `match` after each sampled entry in every {@link ENDINGS} way and checks that no draft never
 * played is a function of the ended match's history (see the module comment). Entries sampled:
 * every one up to two past the muster's reveal, then every `stride`-th and the last.
 */
export function checkEndedHistories<Setup, State, Command>(spec: AdversarySpec<Setup, State, Command>, match: AdversaryMatch<Setup, Command>, report: AdversaryReport, stride = 10): void {
  if (!spec.ruleset.drafts) {
    report.problems.push(`${match.label}: the ruleset declares no drafts`);
    return;
  }
  const full = storedEntries(spec.ruleset, match.setup, match.seed, match.commands);
  if (!full) {
    report.problems.push(`${match.label}: the commands do not replay`);
    return;
  }
  const drafts = spec.ruleset.drafts;
  const revealedAt = full.entries.findIndex((_, i) => drafts.revealed(full.states[i + 1] as State));
  const last = full.entries.length;
  const prefixes = [...new Set([...Array.from({ length: last + 1 }, (_, k) => k).filter((k) => revealedAt < 0 || k <= revealedAt + 3 || k % stride === 0), last])];
  for (const k of prefixes) {
    const state = full.states[k] as State;
    if (spec.ruleset.result(state) !== null && k < last) continue;
    for (const ending of ENDINGS) {
      const end = spec.ruleset.result(state) === null ? endingCommand(spec, match.setup, state, ending) : null;
      if (ending !== "abandoned" && end === null) continue;
      const commands = [...match.commands.slice(0, k), ...(end ? [end] : [])];
      const ended = storedEntries(spec.ruleset, match.setup, match.seed, commands);
      if (!ended) continue;
      const where = `${match.label}, ${ending} after entry ${k}`;
      const body = historyOf({ ruleset: spec.ruleset, ...(spec.publicCommand ? { publicCommand: spec.publicCommand } : {}), over: true, setup: match.setup, seed: match.seed, entries: ended.entries });
      const history = canonicalJson(body);
      report.endings++;
      if (body.checkpoint) report.revealed++;
      const shown = new Set(history.match(HEX) ?? []);
      for (const i of neverPlayed(spec, ended.entries, ended.states)) {
        report.drafts++;
        const entry = ended.entries[i] as StoredEntry;
        const draft = spec.draftOf(entry.command as Command);
        // No opening: a string shown, as a seed, a muster key or a salt, opens no lock of the draft.
        const locks = ended.entries.slice(0, i + 1).filter((e) => e.seat === entry.seat && drafts.locks(e.command as Command)).length;
        if (opensDraft(shown, draft, entry.seat, locks, (c) => shown.has(c))) report.problems.push(`${where}: the history opens the commitment of ${entry.seat}'s draft at entry ${entry.seq}`);
        // Non-interference: another draft in that lock shows the same history, hashes renamed.
        const other = spec.otherDraft(entry.command as Command, ended.states[i] as State);
        if (other === null) continue;
        const variant = storedEntries(spec.ruleset, match.setup, match.seed, commands.map((c, j) => (j === i ? { seat: c.seat, command: other } : c)));
        if (!variant) continue;
        const variantHistory = canonicalJson(historyOf({ ruleset: spec.ruleset, ...(spec.publicCommand ? { publicCommand: spec.publicCommand } : {}), over: true, setup: match.setup, seed: match.seed, entries: variant.entries }));
        if (renamed(history) !== renamed(variantHistory)) report.problems.push(`${where}: the history depends on ${entry.seat}'s draft at entry ${entry.seq}, never played`);
      }
    }
  }
}

/**
 * A seeded random match for the adversary: from setup, each step a random awaited seat plays a
 * random legal command (so musters lock, unlock and lock again), up to `maxCommands` or the end.
 */
export function randomMatch<Setup, State, Command>(spec: AdversarySpec<Setup, State, Command>, label: string, setup: Setup, seed: string, pickSeed: string, maxCommands: number): AdversaryMatch<Setup, Command> {
  const rng = new Random(rngStateFromSeed(pickSeed, "adversary"));
  let state = spec.ruleset.setup(setup, seed).state;
  const commands: { seat: SeatId; command: Command }[] = [];
  while (commands.length < maxCommands && spec.ruleset.result(state) === null) {
    const awaited = spec.ruleset.awaiting(state);
    if (awaited.length === 0) break;
    const seat = awaited[rng.int(0, awaited.length - 1)] as SeatId;
    const legal = spec.ruleset.legalCommands(state, seat).filter((c) => !spec.concede || canonicalJson(c) !== canonicalJson(spec.concede(seat)));
    if (legal.length === 0) break;
    const command = legal[rng.int(0, legal.length - 1)] as Command;
    const r = spec.ruleset.apply(state, command, seat);
    if (!r.ok) break;
    state = r.state;
    commands.push({ seat, command });
  }
  return { label, setup, seed, commands };
}
