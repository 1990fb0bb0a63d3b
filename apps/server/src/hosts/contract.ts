/**
 * The contract of a hosted ruleset: what the server needs to know of a ruleset beyond the
 * engine's `Ruleset` contract (how to build a setup from a lobby request, the round a state is in
 * for the spectator delay, clocks, teams, the caster feed, its bot). Each ruleset's hosting is a
 * file of its own in this folder; ./index.ts is the registry.
 */
import type { ClockSetup, EventEnvelope, Ruleset, SearchBudget, SeatId } from "@fogwar/engine";
import type { BotLevel } from "@fogwar/protocol";

/** A lobby request's players and options, after the protocol's validation. */
export interface SetupRequest {
  readonly scenario: string;
  /** `army`: EMBER's army list; `team`: a Siege team ("attack" or "defence"). */
  readonly players: readonly { readonly name: string; readonly army?: unknown; readonly team?: string }[];
  readonly options: { readonly progressiveReveal: boolean };
}

/** A problem with a lobby request, for a 400 answer. */
export interface SetupProblem {
  readonly code: "bad_request" | "invalid_army";
  readonly message: string;
  readonly details?: unknown;
}

// The server treats every ruleset through the engine contract; the type parameters are erased here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRuleset = Ruleset<any, any, any, any, any>;

/** What the server knows of a hosted ruleset. */
export interface HostedRuleset {
  readonly ruleset: AnyRuleset;
  /**
   * Builds the engine setup for a request; `seats` are the seat ids in player order (EMBER: `p1`,
   * `p2`, ...; Siege: `a1`, `a2` for the attack and `d1`, `d2` for the defence).
   */
  makeSetup(request: SetupRequest): { ok: true; setup: unknown; seats: string[] } | { ok: false; problem: SetupProblem };
  /** The round a state is in (0 before the first round): the unit of the spectator delay. */
  roundOf(state: unknown): number;
  /** The scenario id of a setup, for listings (Siege: the mission). */
  scenarioOf(setup: unknown): string;
  /** What `GET /api/rulesets` says of the ruleset beyond its id and rules version. */
  listing(): Record<string, unknown>;
  /**
   * Whether a stored command may be shown to spectators while the match is live, given that
   * every event it produced is public (default: yes). Siege's secret picks are not (seed 004
   * "팀 준비": a team's pick stays secret until both teams have picked).
   */
  publicCommand?(command: unknown): boolean;
  /** Each seat's team in a team game (undefined otherwise), for listings. */
  teamsOf?(setup: unknown): Readonly<Record<string, string>> | undefined;
  /**
   * The match's clocks (./clocks.ts), from its setup, seats and the lobby's `clock` option
   * (`{ minutes, incrementSeconds }` or undefined); null: no clock. `optionalClock`: whether the
   * lobby chooses it (else the ruleset's own clock always runs and the option is refused).
   */
  clockSetup?(setup: unknown, seats: readonly string[], clock: { minutes: number; incrementSeconds: number } | undefined): ClockSetup | null;
  readonly optionalClock?: boolean;
  /**
   * Whether no clock runs in `state` although seats are awaited (default: never). EMBER's muster:
   * the players build their secret lists at their own pace; the clocks start with the battle.
   */
  clockIdle?(state: unknown): boolean;
  /** The current activation's key for bank clocks (`ClockPoint.turn`); default: one key. */
  clockTurn?(state: unknown): string;
  /**
   * The caster feed's projection of the delayed state, given the live one (default: the
   * omniscient view of the delayed state). Siege keeps back what is still secret live: a real
   * token of an operator still hidden (its token keeps its id across rounds).
   */
  casterView?(delayed: unknown, live: unknown): unknown;
  /** A delayed entry's event on the caster feed, given the live state (default: as an omniscient viewer sees it). */
  casterEvent?(envelope: EventEnvelope<unknown>, live: unknown): unknown;
  /** How bot seats play the ruleset; none: no bot plays it (the lobby refuses a bot match). */
  readonly bot?: HostedBot;
  /**
   * The ruleset's own concession command, sent for a seat's `concede` message (docs/protocol.md
   * "Conceding"): the rules accept it from any seat at any time before the end and decide what it
   * means (the seat's side loses). Absent: the room enters the referee's concession
   * (`{ referee: "concede" }`, @fogwar/engine referee.ts: the seat's side loses, a draw among the
   * sides left when more than one is).
   */
  readonly concedeCommand?: unknown;
}

/** A ruleset's command as a bot handles it: plain JSON with a `type`. */
export type BotCommand = { readonly type: string };

/**
 * One seat's decision maker: `legal(view)` lists what the seat may send now (empty: not its move);
 * `awaits(view)`, when given, tells the same as a non-empty `legal(view)` without listing (the
 * TRPG's list is long, and its length follows what the seat's own view holds);
 * `choose(view)` picks one by search (null when there is nothing to do); `fallback(view)` picks one
 * at random among the legal commands (used when the search fails, so a match never waits on a
 * faulty bot). `view` is the seat's decoded projection.
 */
export interface Brain {
  legal(view: unknown): BotCommand[];
  awaits?(view: unknown): boolean;
  choose(view: unknown): BotCommand | null;
  fallback(view: unknown): BotCommand | null;
}

/**
 * How the server's bot seats play a ruleset (apps/server/src/bots). Levels are think budgets
 * counted in simulations (or the ruleset's own unit of work), not time, so a level plays the same
 * on any machine: "normal" is the ruleset's benchmarked budget, "easy" a fraction of it, "hard"
 * more of it (and, where the ruleset has them, its own search weights); `pnpm bench`
 * (apps/cli/bench/levels.bench.ts) measures each level against the other side's normal bot.
 */
export interface HostedBot {
  /** The search budget of each level. */
  readonly budgets: Readonly<Record<BotLevel, SearchBudget>>;
  /**
   * A brain for `seat` at `level`; `seed` makes its choices reproducible (the same view and seed
   * give the same command). It reads the seat's decoded view only, never a full state.
   */
  brain(level: BotLevel, seat: SeatId, seed: string): Brain;
}
