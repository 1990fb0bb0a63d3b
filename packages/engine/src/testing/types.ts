/**
 * The shapes a ruleset hands the kit: its matches, its secrets, its probe commands and its hooks.
 * See {@link KitSpec} for the whole specification and README "How a ruleset is built".
 */
import type { BotPolicy } from "../bot";
import type { Match, MatchLog } from "../log";
import type { Random } from "../rng";
import type { Ruleset } from "../ruleset";
import type { EventEnvelope, SeatId, Viewer } from "../visibility";
import type { Counters, Problems } from "./problems";

/** One seeded bot match: the dice seed, the bots' seed and the setup. */
export interface MatchCase<Setup> {
  readonly seed: string;
  readonly botSeed: string;
  readonly setup: Setup;
  /** Names the match in every problem; default `match (seed "...", bot seed "...")`. */
  readonly label?: string;
  /** Seeds the kit's sampling {@link Random} (which listed commands are tried); default `kit:<seed>`. */
  readonly sampleSeed?: string;
}

/** A command some seat might send, for the legal-command and non-interference checks. */
export interface Probe {
  readonly seat: SeatId;
  /** Any value: malformed commands are probes too. */
  readonly command: unknown;
  /** It must be refused (for example, a command from a seat that is not awaited). */
  readonly refuse?: boolean;
  /** Non-interference: when accepted on the state and on the variant, compare the views after it too. */
  readonly views?: boolean;
}

/**
 * The channels of non-interference, each checked every n-th step (`every`):
 * - `view`: `viewFor` of every viewer not entitled to the secret;
 * - `awaiting`: `awaiting` and `pending`;
 * - `legal`: `legalCommands` of every seat not entitled;
 * - `probes`: the answers to the secret's probe commands from every seat not entitled: refused
 *   alike (error code, message and rule; or the verdict of `KitSpec.verdicts`), or accepted alike
 *   with the same events, awaited seats and pending decision after (and the same views after, for
 *   probes marked `views`), on the first variant;
 * - `next`: the command actually played next, replayed on the variant: accepted alike, the same
 *   events, awaited seats, pending decision and views after for every viewer not entitled (unless
 *   it revealed the secret);
 * - `choices`: the command just played, sent with another secret choice ({@link Secret.choices}):
 *   the same events, views, awaited seats and pending decision for every viewer not entitled;
 * - `mentions`: no text of {@link Secret.mentions} in the view or the events of a viewer not entitled.
 */
export type Channel = "view" | "awaiting" | "legal" | "probes" | "next" | "choices" | "mentions";

/** What a step of a match looked like, for hooks and secrets. */
export interface StepContext<Setup, State, Command, Event, View> {
  readonly case: MatchCase<Setup>;
  /** The match's label (see {@link MatchCase.label}). */
  readonly label: string;
  /** 0 after setup, n after the n-th accepted command. */
  readonly step: number;
  /** `<label> step <n>`, the prefix of every problem found at this step. */
  readonly at: string;
  readonly state: State;
  /** The state before the command (null at step 0). */
  readonly prev: State | null;
  /** Who sent the command that led here, and the command (null at step 0). */
  readonly seat: SeatId | null;
  readonly command: Command | null;
  /** The events of setup (step 0) or of the command. */
  readonly events: readonly EventEnvelope<Event>[];
  /** Every viewer the kit checks in this match. */
  readonly viewers: readonly Viewer[];
  /** `viewFor(state, viewer)`, computed once per step. */
  view(viewer: Viewer): View;
  /** `JSON.stringify(view(viewer))`, computed once per step. */
  viewJson(viewer: Viewer): string;
  /** `legalCommands(state, seat)`, computed once per step. */
  legal(seat: SeatId): readonly Command[];
  /** The kit's sampling random numbers for this match (seeded by {@link MatchCase.sampleSeed}). */
  readonly rng: Random;
  readonly problems: Problems;
  readonly counters: Counters;
}

/**
 * A secret the ruleset keeps, declared by how it changes within the rules. Non-interference: for
 * every viewer not {@link entitled} to it, nothing received may change when the secret changes.
 * Problems go under `name`.
 */
export interface Secret<Setup, State, Command, Event, View> {
  readonly name: string;
  /** Whether `viewer` may know the secret in `state` (its holders; omniscient when it is theirs). */
  entitled(state: State, viewer: Viewer): boolean;
  /**
   * States that differ from `state` in the secret only, as the rules could have made them (other
   * dials behind the same commitment, another real square...). Empty when the secret does not
   * exist now. Called at most once per state. The first variant answers the probes.
   */
  vary(state: State, ctx: StepContext<Setup, State, Command, Event, View>): readonly State[];
  /** Every n-th step per channel (0: never). Default 1 for every channel. */
  readonly every?: Partial<Record<Channel, number>>;
  /** Commands `seat` (not entitled) might send, answered alike on `state` and `variant`. */
  probes?(ctx: StepContext<Setup, State, Command, Event, View>, seat: SeatId, variant: State): readonly Probe[];
  /** Whether an accepted command revealed the secret (its outcomes may then differ). */
  revealedBy?(events: readonly EventEnvelope<Event>[], after: State): boolean;
  /** The same command as `command` with another secret choice in it (other dials, the decoy as real). */
  choices?(state: State, seat: SeatId, command: Command): readonly Command[];
  /** Texts a viewer not entitled must never receive in a view or an event (a salt, `"p2-m1":"shoot"`). */
  mentions?(state: State): readonly string[];
  /** Object keys blanked before comparing (a commitment depends on what it hides, by design). */
  readonly maskKeys?: readonly string[];
  /**
   * Compare the events a viewer receives: the events it may not see are dropped rather than
   * compared as `null`, as the server sends them (an entry's frame and the history list only what
   * the viewer sees). For secrets whose holders act unseen, so that their hidden events are no
   * difference by their number alone. Default false.
   */
  readonly received?: boolean;
  /** Called when an accepted command was compared on the state and a variant (for counters). */
  onCompared?(channel: "probes" | "next" | "choices", events: readonly EventEnvelope<Event>[]): void;
}

/** A finished match of a kit run. */
export interface PlayedMatch<Setup, State, Command, Event, View> {
  readonly case: MatchCase<Setup>;
  readonly label: string;
  readonly match: Match<Setup, State, Command, Event, View>;
  readonly log: MatchLog<Setup, Command, Event>;
  /** `stateHash` of the final state. */
  readonly hash: string;
}

/**
 * What the kit checks for one ruleset. Only `ruleset` and `cases` are required; every other
 * check is opt-in by giving its part.
 */
export interface KitSpec<Setup, State, Command extends { type: string }, Event, View> {
  readonly ruleset: Ruleset<Setup, State, Command, Event, View>;
  readonly cases: readonly MatchCase<Setup>[];
  /** The bots' policy (see `BotPolicy`). */
  readonly policy?: BotPolicy<Command>;
  /** Termination bound: a match with more accepted commands fails (default 20,000). */
  readonly maxCommands?: number;
  /** The viewers checked; default `allViewers(seatsOf(setup))`. */
  viewers?(setup: Setup): Viewer[];
  /** The ruleset's invariants: one text per broken invariant (problems under `invariants`). */
  invariants?(ctx: StepContext<Setup, State, Command, Event, View>): readonly string[];
  /** The secrets whose non-interference is checked. */
  readonly secrets?: readonly Secret<Setup, State, Command, Event, View>[];
  /**
   * `legalCommands` lists exactly what `apply` accepts, every `every`-th step (default 1): `sample`
   * listed commands of each awaited seat are accepted (first, last, then random ones; default 3;
   * problems under `listed`); each probe accepted is listed (or fills one of the seat's templates),
   * a `refuse` probe is refused, and no probe changes the state (problems under `unlisted`).
   */
  readonly legal?: {
    readonly every?: number;
    readonly sample?: number;
    /** Templates tried per awaited seat (their defaults must be accepted; default 3; problems under `listed`). */
    readonly templates?: number;
    /** Random fillings applied per template tried (default 2; counted as `template fillings` and `template fillings accepted`). */
    readonly fillings?: number;
    probes?(ctx: StepContext<Setup, State, Command, Event, View>): readonly Probe[];
  };
  /** Every n-th step, `legalCommandsInView(viewFor(state, seat), seat)` equals `legalCommands` (under `in-view`). */
  readonly inView?: number;
  /** Replay checks (default `{}`: the log replays to the live hash); `false` skips them. */
  readonly replay?:
    | false
    | {
        /** Replay twice. */
        readonly twice?: boolean;
        /** Every n-th match is played again from its seeds: the same log and hash. */
        readonly determinismEvery?: number;
        /** The log with every object's keys reversed (as a jsonb column may return it) replays alike. */
        readonly reorderKeys?: boolean;
      };
  /** The ruleset's fixed error sentences by code: every refused probe's error must be its entry (under `errors`). */
  readonly errors?: Readonly<Record<string, { readonly message: string; readonly rule: string }>>;
  /**
   * A cheaper stand-in for `apply` when comparing probe answers for non-interference: per
   * command, null when it would be accepted, else its error code (the code fixes the message).
   */
  verdicts?(state: State, seat: SeatId, commands: readonly unknown[]): readonly (string | null)[];
  /** Ruleset-specific checks at every step (after setup and after each command). */
  onStep?(ctx: StepContext<Setup, State, Command, Event, View>): void;
  /** Ruleset-specific checks of each finished match. */
  onMatch?(played: PlayedMatch<Setup, State, Command, Event, View>, problems: Problems, counters: Counters): void;
}

/** The outcome of a kit run: problems by channel, counters, and every match that finished. */
export interface KitReport<Setup, State, Command, Event, View> {
  readonly problems: Problems;
  readonly counters: Counters;
  readonly played: readonly PlayedMatch<Setup, State, Command, Event, View>[];
}
