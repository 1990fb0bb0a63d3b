/**
 * A live match held by the server: the engine state, the end of its log, and the store it is
 * written to. Commands are applied one at a time; an accepted command is appended to the store
 * before the in-memory state moves on, so nothing acknowledged is ever lost (design.md
 * principle 7).
 *
 * The match's setup and seed are not held: they are read from the store when the match is
 * rebuilt, and the state they start from is all the match needs afterwards.
 *
 * The log is held on demand: memory keeps the last `RECENT_ENTRIES` entries, those the caster
 * feed still has to replay or send, and the command ids (for idempotency); `entriesSince` reads
 * older entries from the store.
 */
import { canonicalJson, replayCommand, type EventEnvelope, type LogEntry, type MatchResult, type RuleError } from "@fogwar/engine";
import { MatchClock } from "./clocks.js";
import type { BotLevel } from "@fogwar/protocol";
import { hostFor, type HostedRuleset } from "./hosts/index.js";
import { hashesEntry, nativeStateHash } from "./state-hash.js";
import { owedByEntry } from "./notify/facts.js";
import type { MatchInfo } from "./notify/owe.js";
import { notifyOwed } from "./notify/wake.js";
import type { MatchStore, StoredEntry } from "./store/index.js";

/** Options chosen at creation (stored with the match). */
export interface MatchOptions {
  /** Rounds the caster feed trails the live match; 0 = no caster feed. */
  readonly spectatorDelay: number;
  /** Seconds a dropped player may take to reconnect to the same session. */
  readonly reconnectGrace: number;
  readonly progressiveReveal: boolean;
  /** EMBER's optional clock (absent: none); Siege's time bank needs no option. */
  readonly clock?: { readonly minutes: number; readonly incrementSeconds: number };
  /**
   * Play by correspondence (./clocks.ts `clockSetupFor`): days per move and vacation days, for any
   * ruleset, in place of its real-time clock. Absent: real time (a match may still switch later,
   * by a `time_control` log entry). Public.
   */
  readonly correspondence?: { readonly daysPerMove: number; readonly vacationDays: number };
  /** Seconds an awaited seat must stay disconnected before the others may claim (default 60). */
  readonly claimDelay?: number;
  /** Seats the server's bot plays, with its level (./bots/seats.ts); absent: none. Public. */
  readonly bots?: Readonly<Record<string, BotLevel>>;
  /** A rated match (./ratings): its result changes its players' ratings. Absent: casual. Public. */
  readonly rated?: boolean;
}

/** The server's time in ms; tests give rooms their own (time is data: see ./clocks.ts). */
export type Now = () => number;
let now: Now = () => Date.now();

/** Sets the time source of every live match and room (tests); returns the previous one. */
export function setNow(source: Now): Now {
  const previous = now;
  now = source;
  return previous;
}

/** The server's time in ms, from the current time source. */
export const timeNow = (): number => now();

/** Thrown when a stored log does not rebuild (a rules change without a version bump, tampering, or a rules version with no build). */
export class CorruptLogError extends Error {
  constructor(matchId: string, seq: number, reason: string) {
    super(`match ${matchId}: log entry ${seq} does not replay: ${reason}`);
    this.name = "CorruptLogError";
  }
}

/**
 * Thrown by `submit` and `resync` when the match does not know whether its store holds more than
 * it has applied (an append failed) and the store cannot be read to find out (it is unreachable).
 * Nothing was applied; the match stays unsynced until a later `submit` or `resync` succeeds.
 * `cause` is the store's error (a `StoreDatabaseError`, without query parameters).
 */
export class MatchUnsyncedError extends Error {
  constructor(matchId: string, cause: unknown) {
    super(`match ${matchId}: the store cannot be read to learn the log's end`, { cause });
    this.name = "MatchUnsyncedError";
  }
}

type Entry = LogEntry<unknown, unknown>;

/** How many of the last entries a live match keeps in memory (a reconnect's `events_since` is served from them). */
export const RECENT_ENTRIES = 8;

/**
 * The outcome of a submitted command. `duplicate`: this call did not apply the entry (its command
 * id was accepted before, or its append reported an error although it had committed: then the
 * entry was learned from the store and already handed to `onLearned`).
 */
export type SubmitResult =
  | { readonly ok: true; readonly entry: Entry; readonly result: MatchResult | null; readonly duplicate: boolean }
  | { readonly ok: false; readonly error: RuleError };

/** Called with the entries a match learned from its store after a failed append (ascending seq). */
export type LearnedListener = (entries: readonly Entry[]) => void;

export class LiveMatch {
  private current: unknown;
  /** The end of the log: consecutive entries ending at `lastSeq` (see `trim` for how many). */
  private held: Entry[] = [];
  private lastSeq = 0;
  /** The caster feed's seq before its last move: the room still sends the entries after it. */
  private casterFrom = 0;
  /** A trailing copy of the match for the caster feed: the state after `delayedSeq`. */
  private delayedState: unknown;
  private delayedSeq = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** `seat` + NUL + command id -> the seq its command was accepted as (persisted with the entry). */
  private readonly commandIds = new Map<string, number>();
  /** Set when an append failed: the store may hold entries this match has not applied. */
  private unsynced = false;
  /** Told about entries learned from the store (they are applied already); the room publishes them. */
  onLearned: LearnedListener = () => undefined;
  /** The clocks and referee results, rebuilt from the log's stamped times. */
  readonly clock: MatchClock;
  /** The seats a player has joined at least once (the store's claimed seats; the room adds joins). */
  readonly joined = new Set<string>();

  private constructor(
    readonly id: string,
    readonly host: HostedRuleset,
    readonly seats: readonly string[],
    /** Every seat in seat order with its player's name from the match's creation (and team): public. */
    readonly players: readonly { readonly seat: string; readonly name: string; readonly team?: string }[],
    readonly options: MatchOptions,
    readonly setupEvents: readonly EventEnvelope<unknown>[],
    initial: unknown,
    private readonly store: MatchStore,
    setup: unknown,
    /** The scenario id (public). */
    readonly scenario: string = "",
  ) {
    this.clock = new MatchClock(host, seats, setup, options);
    this.current = initial;
    this.delayedState = initial;
  }

  /**
   * Rebuilds a match from the store: setup, then every stored command, checking each entry's
   * state hash, with the ruleset at the rules version the match was created with (`hostFor`).
   * @throws CorruptLogError when the log does not replay to the same states, or its ruleset or
   *   rules version has no build here.
   */
  static async load(store: MatchStore, id: string): Promise<LiveMatch | null> {
    const record = await store.getMatch(id);
    const seed = await store.getSeed(id);
    if (!record || seed === null) return null;
    // The match plays on under the rules version it was created with (an older one: its frozen build).
    let host: HostedRuleset;
    try {
      host = await hostFor(record.ruleset, record.rulesVersion);
    } catch (error) {
      throw new CorruptLogError(id, 0, error instanceof Error ? error.message : String(error));
    }
    const initial = host.ruleset.setup(record.setup, seed);
    const teams = host.teamsOf?.(record.setup);
    const match = new LiveMatch(
      id,
      host,
      record.seats.map((s) => s.seat),
      record.seats.map((s) => ({ seat: s.seat, name: s.playerName, ...(teams?.[s.seat] ? { team: teams[s.seat] } : {}) })),
      record.options as MatchOptions,
      initial.events,
      initial.state,
      store,
      record.setup,
      record.scenario,
    );
    for (const seat of record.seats) if (seat.claimed) match.joined.add(seat.seat);
    const stored = await store.entries(id);
    // Entries stored before times were kept (an older server's) take no time: the clocks start at
    // the log's first stamped entry, or now for a log with none, never at the epoch.
    const base = stored.find((e) => e.acceptedAt != null)?.acceptedAt ?? now();
    for (const entry of stored) match.replayStored(entry, base);
    match.advanceDelayed();
    match.casterFrom = match.delayedSeq;
    match.trim();
    // A log that ends in a result while the match is still live: stored before the last entry and
    // the status were one write. Finish it now, so its seed is revealed and it is not rebuilt again.
    const outcome = match.result;
    if (outcome && record.status === "live") await store.finishMatch(id, "finished", outcome);
    return match;
  }

  /**
   * Applies one stored entry on top of the current state, checking its hash (when it has one); an entry stored
   * without its time counts as taking none (at the previous entry's time, or `base` for the first).
   * @throws CorruptLogError
   */
  private replayStored(stored: StoredEntry, base = now()): Entry {
    const at = stored.acceptedAt ?? this.clock.lastAt ?? base;
    const result = this.clock.judge(this.current, stored.seat, stored.command, at, true);
    if (!result.ok) throw new CorruptLogError(this.id, stored.seq, result.error.code);
    if (stored.stateHash !== null && nativeStateHash(result.state) !== stored.stateHash) throw new CorruptLogError(this.id, stored.seq, "state hash differs");
    this.current = result.state;
    this.clock.record(result.state, at, result);
    const entry: Entry = { seq: stored.seq, seat: stored.seat, command: stored.command, events: result.events };
    this.held.push(entry);
    this.lastSeq = stored.seq;
    if (stored.commandId) this.commandIds.set(`${stored.seat}\u0000${stored.commandId}`, stored.seq);
    return entry;
  }

  /** Whether the match knows it holds every stored entry (false after a failed append, until resynced). */
  get synced(): boolean {
    return !this.unsynced;
  }

  /**
   * After a failed append: reads the entries the store holds after this match's seq, applies them
   * and hands them to `onLearned` (queued behind commands in flight). Does nothing when synced.
   * @returns the entries learned ([] when there were none).
   * @throws MatchUnsyncedError when the store cannot be read (the match stays unsynced).
   * @throws CorruptLogError when a stored entry does not replay.
   */
  resync(): Promise<readonly Entry[]> {
    const run = this.queue.then(() => this.pull());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async pull(): Promise<Entry[]> {
    if (!this.unsynced) return [];
    let stored: StoredEntry[];
    try {
      stored = await this.store.entries(this.id, this.lastSeq);
    } catch (error) {
      throw new MatchUnsyncedError(this.id, error);
    }
    const learned = stored.map((e) => this.replayStored(e));
    this.unsynced = false;
    if (learned.length > 0) {
      this.advanceDelayed();
      this.onLearned(learned);
      this.trim();
    }
    return learned;
  }

  /** Creates the in-memory match for a match just stored. */
  static async open(store: MatchStore, id: string): Promise<LiveMatch> {
    const match = await LiveMatch.load(store, id);
    if (!match) throw new Error(`match ${id} is not in the store`);
    return match;
  }

  /** The match as its notifications name it (public): id, ruleset, scenario, players, bot seats. */
  get info(): MatchInfo {
    return { matchId: this.id, ruleset: this.host.ruleset.id, scenario: this.scenario, players: this.players, bots: new Set(Object.keys(this.options.bots ?? {})) };
  }

  /** The current engine state (read-only). */
  get state(): unknown {
    return this.current;
  }

  /** The last accepted sequence number. */
  get seq(): number {
    return this.lastSeq;
  }

  /** The match's result, once over. */
  get result(): MatchResult | null {
    return this.clock.imposed ?? this.host.ruleset.result(this.current);
  }

  /**
   * The log entries after `after` (ascending) that memory holds: every entry after the caster
   * feed's seq before its last move (what `publish` sends on the caster feed) and the last
   * `RECENT_ENTRIES`. For any other range use `entriesSince`.
   * @throws RangeError when an entry after `after` is no longer held.
   */
  entriesAfter(after: number): readonly Entry[] {
    const from = Math.max(0, after);
    if (from >= this.lastSeq) return [];
    const first = this.held[0]?.seq ?? this.lastSeq + 1;
    if (from + 1 < first) throw new RangeError(`match ${this.id}: entries after ${from} are not held in memory (from ${first}); use entriesSince`);
    return this.held.slice(from + 1 - first);
  }

  /**
   * The log entries after `after` up to the current seq (ascending): from memory when it holds
   * them, else read from the store (an `events_since` after a long absence, a caster catching up).
   * @throws the store's error when it must be read and cannot be.
   */
  async entriesSince(after: number): Promise<readonly Entry[]> {
    const from = Math.max(0, after);
    const first = this.held[0]?.seq ?? this.lastSeq + 1;
    if (from + 1 >= first || from >= this.lastSeq) return this.entriesAfter(from);
    const last = this.lastSeq;
    const stored = await this.store.entries(this.id, from);
    return stored.filter((e) => e.seq <= last).map((e) => ({ seq: e.seq, seat: e.seat, command: e.command, events: e.events as Entry["events"] }));
  }

  /** The entry with this seq (1..seq), from memory or the store. */
  private async entryAt(seq: number): Promise<Entry> {
    const [entry] = await this.entriesSince(seq - 1);
    if (!entry || entry.seq !== seq) throw new Error(`match ${this.id}: no log entry ${seq}`);
    return entry;
  }

  /** Drops the entries memory no longer needs: keeps the last `RECENT_ENTRIES` and those the caster feed needs. */
  private trim(): void {
    const keepAfter = Math.min(this.lastSeq - RECENT_ENTRIES, this.options.spectatorDelay > 0 ? this.casterFrom : Number.POSITIVE_INFINITY);
    const first = this.held[0]?.seq;
    if (first === undefined || keepAfter < first) return;
    this.held = this.held.slice(keepAfter + 1 - first);
  }

  /** The caster feed: the state `spectatorDelay` rounds behind and its sequence number. */
  get delayed(): { seq: number; state: unknown } {
    return { seq: this.delayedSeq, state: this.delayedState };
  }

  /** The seq a seat's command with this idempotency id was accepted as, if it was (survives restarts). */
  seqOfCommand(seat: string, commandId: string): number | undefined {
    return this.commandIds.get(`${seat}\u0000${commandId}`);
  }

  /**
   * Applies a command from a seat: rejected commands change nothing; an accepted one is
   * appended to the store (with its idempotency id), then becomes the current state. Commands
   * run one at a time. A command id already accepted for the seat is not applied again: the
   * result is its original entry.
   * An append that fails leaves the match unsynced: it reads the store's log end before it
   * applies anything else, so an entry that committed although its append reported an error is
   * applied (and handed to `onLearned`), never lost nor refused as a sequence conflict.
   * @throws MatchUnsyncedError when the match is unsynced and the store cannot be read (nothing
   *   applied; the command's entry may be learned later).
   * @throws the store's error when the append fails and the store shows the entry was not stored.
   */
  submit(seat: string, command: unknown, commandId?: string, referee = false): Promise<SubmitResult> {
    const run = this.queue.then(() => this.apply(seat, command, commandId, referee));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async apply(seat: string, command: unknown, commandId: string | undefined, referee: boolean): Promise<SubmitResult> {
    await this.pull();
    const already = commandId === undefined ? undefined : this.seqOfCommand(seat, commandId);
    if (already !== undefined) return { ok: true, entry: await this.entryAt(already), result: null, duplicate: true };
    // Time enters as data: the entry is judged and stored with the time it was accepted.
    const at = this.clock.stamp(now());
    const result = this.clock.judge(this.current, seat, command, at, referee);
    if (!result.ok) return { ok: false, error: result.error };
    const seq = this.lastSeq + 1;
    const entry: Entry = { seq, seat, command, events: result.events };
    const outcome = result.imposed ?? this.host.ruleset.result(result.state);
    const drafts = this.host.ruleset.drafts;
    const reveals = drafts !== undefined && drafts.revealed(result.state) && !drafts.revealed(this.current);
    const hash = hashesEntry(seq, Boolean(outcome), reveals) ? nativeStateHash(result.state) : null;
    // What the entry owes (../notify/owe.ts), from public facts before and after it: stored with it.
    const notify = owedByEntry(this.host.ruleset, this.clock, this.info, { state: this.current, result: this.result }, { seq, seat, referee, at }, result, outcome);
    let owed = 0;
    try {
      ({ owed } = await this.store.appendEntry(
        this.id,
        { seq, seat, command, events: result.events, stateHash: hash, commandId: commandId ?? null, acceptedAt: at },
        outcome || notify.length > 0 ? { ...(outcome ? { finish: { status: "finished" as const, result: outcome } } : {}), ...(notify.length > 0 ? { notify } : {}) } : undefined,
      ));
    } catch (error) {
      this.unsynced = true;
      const learned = await this.pull();
      const mine = learned.find(
        (e) => e.seq === seq && e.seat === seat && (commandId === undefined ? canonicalJson(e.command) === canonicalJson(command) : this.seqOfCommand(seat, commandId) === seq),
      );
      if (mine) return { ok: true, entry: mine, result: this.result, duplicate: true };
      throw error;
    }
    this.current = result.state;
    this.clock.record(result.state, at, result);
    this.held.push(entry);
    this.lastSeq = seq;
    if (commandId !== undefined) this.commandIds.set(`${seat}\u0000${commandId}`, seq);
    this.advanceDelayed();
    this.trim();
    // Only when a row was stored: most seats are bound to no account, and a wake-up then costs the
    // deliverer a claim (a query) that finds nothing.
    if (owed > 0) notifyOwed();
    return { ok: true, entry, result: outcome, duplicate: false };
  }

  /**
   * Moves the caster feed forward to the last entry whose state is at least `spectatorDelay`
   * rounds behind the current round (or to the end, once the match is over).
   */
  private advanceDelayed(): void {
    const delay = this.options.spectatorDelay;
    if (delay <= 0) return;
    const over = this.result !== null;
    const horizon = this.host.roundOf(this.current) - delay;
    this.casterFrom = this.delayedSeq;
    const first = this.held[0]?.seq ?? this.lastSeq + 1;
    while (this.delayedSeq < this.lastSeq) {
      // Held: memory keeps every entry after the caster feed's seq (see `trim`).
      const next = this.held[this.delayedSeq + 1 - first] as Entry;
      // The live match judged the entry; the trailing copy only replays it (a referee entry too).
      const result = replayCommand(this.host.ruleset, this.delayedState, next.command, next.seat, this.seats);
      if (!result.ok) throw new CorruptLogError(this.id, next.seq, result.error.code);
      if (!over && this.host.roundOf(result.state) > Math.max(0, horizon)) break;
      this.delayedState = result.state;
      this.delayedSeq = next.seq;
    }
  }
}
