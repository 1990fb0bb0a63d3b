/**
 * A live match held by the server: the engine state, its log, and the store it is written to.
 * Commands are applied one at a time; an accepted command is appended to the store before the
 * in-memory state moves on, so nothing acknowledged is ever lost (design.md principle 7).
 */
import { stateHash, type EventEnvelope, type LogEntry, type MatchResult, type RuleError } from "@fogwar/engine";
import { RULESETS, type HostedRuleset } from "./rulesets.js";
import type { MatchStore } from "./store/index.js";

/** Options chosen at creation (stored with the match). */
export interface MatchOptions {
  /** Rounds the caster feed trails the live match; 0 = no caster feed. */
  readonly spectatorDelay: number;
  /** Seconds a dropped player may take to reconnect to the same session. */
  readonly reconnectGrace: number;
  readonly progressiveReveal: boolean;
}

/** Thrown when a stored log does not rebuild (a rules change without a version bump, or tampering). */
export class CorruptLogError extends Error {
  constructor(matchId: string, seq: number, reason: string) {
    super(`match ${matchId}: log entry ${seq} does not replay: ${reason}`);
    this.name = "CorruptLogError";
  }
}

type Entry = LogEntry<unknown, unknown>;

/** The outcome of a submitted command. */
export type SubmitResult =
  | { readonly ok: true; readonly entry: Entry; readonly result: MatchResult | null; readonly duplicate: boolean }
  | { readonly ok: false; readonly error: RuleError };

export class LiveMatch {
  private current: unknown;
  private readonly log: Entry[] = [];
  /** A trailing copy of the match for the caster feed: the state after `delayedSeq`. */
  private delayedState: unknown;
  private delayedSeq = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** `seat` + NUL + command id -> the seq its command was accepted as (persisted with the entry). */
  private readonly commandIds = new Map<string, number>();

  private constructor(
    readonly id: string,
    readonly host: HostedRuleset,
    readonly setup: unknown,
    private readonly seed: string,
    readonly seats: readonly string[],
    readonly options: MatchOptions,
    readonly setupEvents: readonly EventEnvelope<unknown>[],
    initial: unknown,
    private readonly store: MatchStore,
  ) {
    this.current = initial;
    this.delayedState = initial;
  }

  /**
   * Rebuilds a match from the store: setup, then every stored command, checking each entry's
   * state hash. @throws CorruptLogError when the log does not replay to the same states.
   */
  static async load(store: MatchStore, id: string): Promise<LiveMatch | null> {
    const record = await store.getMatch(id);
    const seed = await store.getSeed(id);
    if (!record || seed === null) return null;
    const host = RULESETS.get(record.ruleset);
    if (!host) throw new CorruptLogError(id, 0, `unknown ruleset ${record.ruleset}`);
    if (record.rulesVersion !== host.ruleset.rulesVersion) {
      throw new CorruptLogError(id, 0, `rules version ${record.rulesVersion} is not ${host.ruleset.rulesVersion}`);
    }
    const initial = host.ruleset.setup(record.setup, seed);
    const match = new LiveMatch(
      id,
      host,
      record.setup,
      seed,
      record.seats.map((s) => s.seat),
      record.options as MatchOptions,
      initial.events,
      initial.state,
      store,
    );
    for (const stored of await store.entries(id)) {
      const result = host.ruleset.apply(match.current, stored.command, stored.seat);
      if (!result.ok) throw new CorruptLogError(id, stored.seq, result.error.code);
      if (stateHash(result.state) !== stored.stateHash) throw new CorruptLogError(id, stored.seq, "state hash differs");
      match.current = result.state;
      match.log.push({ seq: stored.seq, seat: stored.seat, command: stored.command, events: result.events });
      if (stored.commandId) match.commandIds.set(`${stored.seat}\u0000${stored.commandId}`, stored.seq);
    }
    match.advanceDelayed();
    return match;
  }

  /** Creates the in-memory match for a match just stored. */
  static async open(store: MatchStore, id: string): Promise<LiveMatch> {
    const match = await LiveMatch.load(store, id);
    if (!match) throw new Error(`match ${id} is not in the store`);
    return match;
  }

  /** The current engine state (read-only). */
  get state(): unknown {
    return this.current;
  }

  /** The last accepted sequence number. */
  get seq(): number {
    return this.log.length;
  }

  /** The match's result, once over. */
  get result(): MatchResult | null {
    return this.host.ruleset.result(this.current);
  }

  /** Log entries after `after` (ascending). */
  entriesAfter(after: number): readonly Entry[] {
    return this.log.slice(Math.max(0, after));
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
   * @throws the store's error when the append fails (the command is then not applied).
   */
  submit(seat: string, command: unknown, commandId?: string): Promise<SubmitResult> {
    const run = this.queue.then(() => this.apply(seat, command, commandId));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async apply(seat: string, command: unknown, commandId?: string): Promise<SubmitResult> {
    const already = commandId === undefined ? undefined : this.seqOfCommand(seat, commandId);
    if (already !== undefined) return { ok: true, entry: this.log[already - 1] as Entry, result: null, duplicate: true };
    const result = this.host.ruleset.apply(this.current, command, seat);
    if (!result.ok) return { ok: false, error: result.error };
    const seq = this.log.length + 1;
    const entry: Entry = { seq, seat, command, events: result.events };
    await this.store.appendEntry(this.id, { seq, seat, command, events: result.events, stateHash: stateHash(result.state), commandId: commandId ?? null });
    this.current = result.state;
    this.log.push(entry);
    if (commandId !== undefined) this.commandIds.set(`${seat}\u0000${commandId}`, seq);
    this.advanceDelayed();
    const outcome = this.host.ruleset.result(this.current);
    if (outcome) await this.store.finishMatch(this.id, "finished", outcome);
    return { ok: true, entry, result: outcome, duplicate: false };
  }

  /**
   * Moves the caster feed forward to the last entry whose state is at least `spectatorDelay`
   * rounds behind the current round (or to the end, once the match is over).
   */
  private advanceDelayed(): void {
    const delay = this.options.spectatorDelay;
    if (delay <= 0) return;
    const over = this.host.ruleset.result(this.current) !== null;
    const horizon = this.host.roundOf(this.current) - delay;
    while (this.delayedSeq < this.log.length) {
      const next = this.log[this.delayedSeq] as Entry;
      const result = this.host.ruleset.apply(this.delayedState, next.command, next.seat);
      if (!result.ok) throw new CorruptLogError(this.id, next.seq, result.error.code);
      if (!over && this.host.roundOf(result.state) > Math.max(0, horizon)) break;
      this.delayedState = result.state;
      this.delayedSeq = next.seq;
    }
  }
}
