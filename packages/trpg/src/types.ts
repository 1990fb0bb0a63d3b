/**
 * The plain-data shapes of a tactical TRPG match (seed `002_867c0cd57d46adf1.txt`, chapter 3):
 * setup, state, commands, events, decisions and error codes. Everything is JSON, so a state can be
 * hashed, stored and replayed. Squares are `{ x, y }` (x from the west, y from the north).
 */
import type { CommonErrorCode, MatchResult, RngState, SeatId, Square } from "@fogwar/engine";
import type { Name, Placement, StatName } from "./data/schema";

/** The two sides of every match: the player characters and the other side. */
export type Side = "party" | "enemies";
/** `gm`: a game master seat plays the enemies and rules; `versus`: two squads, the engine rules (solo is versus with the server's bot on the enemies' seat). */
export type Mode = "gm" | "versus";
export type CharacterId = string;
/** One of the 8 directions, 0 = north, clockwise in 45-degree steps (overwatch cones). */
export type Direction = number;

/** What a match is made from. */
export interface TrpgSetup {
  readonly scenario: string;
  readonly mode: Mode;
  /** The enemies (the encounter: the server's sample one, `@fogwar/trpg/encounters`, or the master's own). */
  readonly enemies: readonly Placement[];
  /** Seats per side: party seats `p1`..`p4`; the enemies' seat `gm` (GM mode) or `e1` (versus). */
  readonly seats: { readonly party: readonly SeatId[]; readonly enemies: readonly SeatId[] };
  /** The seat of each party character (default: the party seats in turn, in scenario order). */
  readonly control?: Readonly<Record<CharacterId, SeatId>>;
  /** The party's commander (seed 002 3-2); default the scenario's; null for none. */
  readonly commander?: CharacterId | null;
  /** Scenario characters left out of this match (a smaller encounter). */
  readonly omit?: readonly CharacterId[];
  /** The field effect (seed 002 3-7), in place of the scenario's (the master sets the weather). */
  readonly field?: string;
  /** How dark it is, 0-100 % (seed 002 3-7 night), in place of the scenario's. */
  readonly night?: number;
}

/** An overwatch cone (seed 002 3-1): a 90-degree cone in `dir` of `radius` squares, for one shot with `weapon`. */
export interface Overwatch {
  readonly dir: Direction;
  readonly radius: number;
  readonly weapon: string;
}

/** A concealed character's secret (seed 002 3-3): its concealment value and the shots it has made since. */
export interface Concealment {
  readonly value: number;
  shots: number;
}

/** One character in play. */
export interface CharacterState {
  readonly id: CharacterId;
  readonly side: Side;
  /** The stat block (a catalog archetype); null in a view that may not know it (GM mode, seed 002 3-4). */
  archetype: string | null;
  /** Its name in both of the client's languages. */
  readonly name: Name;
  /** Its square; null in a view of the other side while it is concealed. */
  at: Square | null;
  wounds: number;
  status: "active" | "incapacitated" | "dead";
  deathFails: number;
  stabilised: boolean;
  prone: boolean;
  braced: boolean;
  peeking: boolean;
  /** The weapon in hand (null where the stat block is not known). */
  weapon: string | null;
  /** The radius of the lamp it carries (0: none): a lamp is seen by everyone (seed 002 3-7). */
  readonly lamp: number;
  /** Uses left of each slotted item (empty where the stat block is not known). */
  slots: Record<string, number>;
  /** Public for every character the other side knows of (its value and square are not). */
  concealed: boolean;
  /** The concealment value, for its own side and the game master only. */
  concealment: Concealment | null;
  /** Whether the other side knows this character exists (the party's always does). */
  known: boolean;
  /** Where the other side last saw it (public). */
  lastSeen: Square | null;
  overwatch: Overwatch | null;
  /** Successful dodges since its last turn (each a -1 on later dodges, seed 002 3-4). */
  dodges: number;
  /** Once-until-its-next-turn reactions used: `free_strike`, `overwatch_shot` (seed 002 3-1). */
  spent: string[];
  /** Exposed to extreme cold: -1 GRC and PRC (seed 002 3-7). */
  cold: boolean;
}

/**
 * The parts of a character that may change while the other side cannot see it (its own turn in the
 * round-end step: contamination, healing, stabilising, incapacitation, death saves, items used,
 * a weapon swapped, prone or braced): the other side sees them as it last saw them until the
 * character is seen again (docs/rules/trpg.md "Presence", "Unseen characters keep their last
 * seen state"; seed 002 3-3). Copied when a character the other side knows of conceals (or when
 * the other side first learns of a concealed one), dropped when it is revealed.
 */
export type SeenAs = Pick<CharacterState, "wounds" | "status" | "deathFails" | "stabilised" | "prone" | "braced" | "peeking" | "weapon" | "slots" | "dodges" | "spent" | "cold">;

/**
 * The most checks and resistance rolls the game master may call in one turn or round-end step
 * (seed 002 3-4, 3-5 put no number on them; each is a die in the log, so an unbounded number
 * would let a master grow the match's log without end).
 */
export const MAX_GM_CHECKS = 12;

/** The active character's turn (seed 002 3-1). */
export interface Turn {
  readonly actor: CharacterId;
  ap: number;
  /** A delayed turn played in a round-end step (docs/rules/trpg.md "Presence"). */
  readonly delayed: boolean;
  /** Whether it has done anything yet (a delay is only possible before). */
  acted: boolean;
  /** The turn ends once the work in hand is done (`end_turn`, or a delayed turn cut short). */
  ending: boolean;
  /** Squares of the move action used, and in how many segments. */
  moved: number;
  segments: number;
  freeSpot: boolean;
  snapshot: boolean;
  suppress: boolean;
  disengaged: boolean;
}

/** A question a rule asks one seat; `decide` with one of `options` answers it. */
export type Pending =
  | { readonly kind: "overwatch"; readonly seat: SeatId; readonly options: readonly string[]; readonly overwatcher: CharacterId; readonly target: CharacterId }
  | { readonly kind: "dodge"; readonly seat: SeatId; readonly options: readonly string[]; readonly target: CharacterId; readonly attacker: CharacterId }
  | { readonly kind: "drop"; readonly seat: SeatId; readonly options: readonly string[]; readonly target: CharacterId; readonly shooter: CharacterId }
  | { readonly kind: "cover_strength"; readonly seat: SeatId; readonly options: readonly string[]; readonly target: CharacterId }
  | { readonly kind: "enemy_down"; readonly seat: SeatId; readonly options: readonly string[]; readonly character: CharacterId }
  /**
   * Seed 002 3-1 접전: `attacker` may strike `target` at no cost, because `target` is leaving the
   * engagement without disengaging or firing a weapon other than a pistol (`cause`; from trpg-0.7.0:
   * the states of older versions carry none); options `strike` (the default), `spare`.
   */
  | { readonly kind: "free_strike"; readonly seat: SeatId; readonly options: readonly string[]; readonly attacker: CharacterId; readonly target: CharacterId; readonly cause?: FreeStrikeCause };

/**
 * Why a free strike is offered (seed 002 3-1 접전): the one struck leaves the engagement without
 * disengaging (`leaving`), or fires a weapon other than a pistol while engaged (`firing`).
 */
export type FreeStrikeCause = "leaving" | "firing";

/** How an attack was made. */
export type AttackVia = "aimed" | "burst" | "snapshot" | "suppress" | "overwatch" | "melee" | "free_strike";

/** Work the rules still have to do (kept on the server; never in a view). */
export type Task =
  | {
      readonly kind: "attack";
      readonly attacker: CharacterId;
      readonly target: CharacterId;
      readonly weapon: string;
      readonly via: AttackVia;
      readonly called: boolean;
      /** The attacker was concealed from the target's side when it attacked: the target has not perceived it (seed 002 3-3, +2 to hit). */
      readonly unseen?: boolean;
      stage: "hit" | "dodge" | "pen";
      answer?: string;
      coverBonus?: number;
    }
  | {
      readonly kind: "move";
      readonly actor: CharacterId;
      /** The square it starts from, and the squares to enter in order. */
      readonly start: Square;
      readonly path: Square[];
      index: number;
      /** How many squares of the path the `moved` events have told so far. */
      shown: number;
      readonly mode: "move" | "sprint" | "step";
      readonly ap: number;
      /** Overwatchers that chose to hold their fire during this move. */
      held: CharacterId[];
      asking?: CharacterId;
      answer?: string;
    }
  | { readonly kind: "drop"; readonly shooter: CharacterId; readonly target: CharacterId; readonly weapon: string; answer?: string }
  | { readonly kind: "down"; readonly character: CharacterId; answer?: string }
  | { readonly kind: "respot"; readonly shooter: CharacterId; readonly observers: CharacterId[] }
  /** An engaged opponent's free strike on one leaving or firing (seed 002 3-1 접전): its seat chooses `strike` or `spare`. */
  | { readonly kind: "free_strike"; readonly striker: CharacterId; readonly target: CharacterId; readonly cause: FreeStrikeCause; answer?: string };

/** The match state. `tasks` and `server` are the server's; {@link viewFor} decides the rest. */
export interface TrpgState {
  readonly scenario: string;
  readonly mode: Mode;
  /** The field effect and how dark it is (seed 002 3-7): the scenario's, or the setup's. */
  readonly field: string;
  readonly night: number;
  readonly seats: { readonly party: readonly SeatId[]; readonly enemies: readonly SeatId[] };
  readonly control: Readonly<Record<CharacterId, SeatId>>;
  readonly commander: CharacterId | null;
  phase: "turn" | "round_end" | "over";
  round: number;
  /** Every character in initiative order (seed 002 3-2). */
  order: CharacterId[];
  initiative: Record<CharacterId, number>;
  /** Index in `order` of the current turn (or `order.length` in the round-end step). */
  slot: number;
  turn: Turn | null;
  /** The seats still to end the round (each may first play its delayed characters' turns). */
  roundEnd: SeatId[];
  /** Characters whose turn came while the other side could not see them: they act in the round-end step. */
  deferred: CharacterId[];
  pending: Pending | null;
  characters: Record<CharacterId, CharacterState>;
  /** `target>attacker`: the target does not know of the attacker (seed 002 3-3, +2 to hit); the attacker's side's. */
  unaware: string[];
  /** `observer>concealed`: reactive spotting attempts already made (seed 002 3-3: the first time only). */
  reactive: string[];
  /** GM mode: enemies whose stat block a check has revealed to the party (seed 002 3-4). */
  revealedStats: CharacterId[];
  /** The side still surprised (seed 002 3-2), until it is attacked or the first round ends. */
  surprised: Side | null;
  result: MatchResult | null;
  tasks: Task[];
  /**
   * GM mode, the master's alone: the checks and resistance rolls the master has called since the
   * awaited turn or round-end step began (absent before the first); at most {@link MAX_GM_CHECKS},
   * so a master cannot grow the log without bound. Left out of every other view.
   */
  gmChecks?: number;
  /**
   * Nobody's while the match runs: the seed and a dice stream per character (and `table`), and
   * `seenAs`: what the other side last saw of each character it knows of but cannot see now
   * ({@link SeenAs}; read by `view.ts` for that side's view and the public's).
   */
  server: { readonly seed: string; rng: Record<string, RngState>; seenAs: Record<CharacterId, SeenAs> };
}

/** A command of the active character (or of a delayed turn). */
export type ActionCommand =
  | { readonly type: "move"; readonly to: Square }
  | { readonly type: "sprint"; readonly to: Square }
  | { readonly type: "step"; readonly to: Square }
  | { readonly type: "disengage" }
  | { readonly type: "stand" }
  | { readonly type: "prone" }
  | { readonly type: "shoot"; readonly targets: readonly CharacterId[]; readonly burst: boolean; readonly called: boolean }
  | { readonly type: "snapshot"; readonly target: CharacterId; readonly called: boolean }
  | { readonly type: "overwatch"; readonly dir: Direction }
  | { readonly type: "suppress"; readonly at: Square }
  | { readonly type: "melee"; readonly target: CharacterId; readonly called: boolean }
  | { readonly type: "shove"; readonly target: CharacterId }
  | { readonly type: "brace" }
  | { readonly type: "conceal" }
  | { readonly type: "spot" }
  | { readonly type: "swap" }
  | { readonly type: "peek" }
  | { readonly type: "unpeek" }
  | { readonly type: "heal"; readonly target: CharacterId }
  | { readonly type: "stabilise"; readonly target: CharacterId }
  | { readonly type: "delay"; readonly after: CharacterId }
  | { readonly type: "end_turn" };

/** A delayed character's whole turn, sent with its seat's `end_round`. */
export interface DelayedTurn {
  readonly actor: CharacterId;
  readonly commands: readonly ActionCommand[];
}

/** Commands a seat sends. */
export type TrpgCommand =
  | ActionCommand
  | { readonly type: "decide"; readonly choice: string }
  | { readonly type: "end_round"; readonly turns?: readonly DelayedTurn[] }
  | { readonly type: "call_check"; readonly character: CharacterId; readonly stat: StatName; readonly difficulty: number; readonly study?: CharacterId }
  | { readonly type: "resist"; readonly character: CharacterId; readonly stat: StatName; readonly modifier: number; readonly cold?: boolean }
  | { readonly type: "concede" };

/** A modifier of a roll: where it comes from and its value. */
export interface Mod {
  readonly source: string;
  readonly value: number;
}

/**
 * A concealment value as one observer meets it (seed 002 3-3): the value the concealment roll gave,
 * what changes it against that observer (`conceal_prone` +1, `distance` -3/-2/-1 within 5/10/20
 * squares, `shots_fired` -2 a shooting action since), and `need`, the value with them: a spotting
 * total at or above `need` finds the character. `value` and `need` are null in the party's copy
 * when the character's stat block is hidden from it (GM mode, seed 002 3-4): the roll read its COG.
 */
export interface ConcealmentAgainst {
  readonly value: number | null;
  readonly mods: readonly Mod[];
  readonly need: number | null;
}

/**
 * How a spotting roll found one concealed character (seed 002 3-3 색적): the cover between (each
 * piece, to the roll), the roll's total with it (null where the observer's stat block is hidden
 * from the hearer), and the concealment it reached. Only found characters have one (since `trpg-0.6.0`).
 */
export interface SpotCheck {
  readonly character: CharacterId;
  readonly cover: readonly Mod[];
  readonly total: number | null;
  readonly concealment: ConcealmentAgainst;
}

/** Why a concealed character was revealed. */
export type RevealCause = "spotted" | "reactive" | "respot" | "moved" | "melee" | "contact" | "fallen";

/**
 * Who hears an event that not everyone hears (its side, or the game master alone); absent on public
 * events and shadows. `inPart`: the others hear a shadow of it (the outcome without the details).
 */
export interface Heard {
  readonly heardBy?: Side | "master";
  readonly inPart?: true;
}

/** What the rules report (an event not everyone hears carries {@link Heard}). */
export type TrpgEvent = TrpgEventBody & Heard;

/** The events' own fields, by `type`. */
export type TrpgEventBody =
  | { readonly type: "match_started"; readonly scenario: string; readonly mode: Mode; readonly seedCommitment: string }
  | { readonly type: "initiative"; readonly character: CharacterId; readonly die: number; readonly mods: readonly Mod[]; readonly value: number }
  | { readonly type: "round_started"; readonly round: number }
  | { readonly type: "turn_started"; readonly character: CharacterId; readonly delayed: boolean }
  | { readonly type: "turn_ended"; readonly character: CharacterId }
  | { readonly type: "waits_unseen"; readonly character: CharacterId }
  | { readonly type: "delayed"; readonly character: CharacterId; readonly after: CharacterId }
  | { readonly type: "moved"; readonly character: CharacterId; readonly mode: "move" | "sprint" | "step"; readonly path: readonly Square[]; readonly ap: number }
  | { readonly type: "prone"; readonly character: CharacterId; readonly prone: boolean }
  | { readonly type: "disengaged"; readonly character: CharacterId }
  | { readonly type: "braced"; readonly character: CharacterId; readonly braced: boolean }
  | { readonly type: "peeking"; readonly character: CharacterId; readonly peeking: boolean }
  | { readonly type: "swapped"; readonly character: CharacterId; readonly weapon: string | null }
  | { readonly type: "overwatch_set"; readonly character: CharacterId; readonly overwatch: Overwatch | null }
  | { readonly type: "overwatch_ended"; readonly character: CharacterId }
  | { readonly type: "concealed"; readonly character: CharacterId; readonly success: boolean; readonly die?: number; readonly mods?: readonly Mod[]; readonly value?: number }
  | { readonly type: "spotting"; readonly observer: CharacterId; readonly die: number; readonly mods: readonly Mod[]; readonly total: number | null; readonly found: readonly CharacterId[]; readonly checks?: readonly SpotCheck[] }
  | {
      readonly type: "reactive_spot";
      readonly observer: CharacterId;
      readonly target: CharacterId;
      readonly cause: "reactive" | "respot";
      readonly die?: number;
      /**
       * The roll's modifiers: COG, equipment, and each piece of cover between (since `trpg-0.6.0`);
       * in the party's copy, the cover alone when the observer's stat block is hidden from it.
       */
      readonly mods?: readonly Mod[];
      /** Null in the party's copy when the observer's stat block is hidden from it (seed 002 3-4). */
      readonly total?: number | null;
      /** Null in the party's copy when the target's stat block is hidden from it (its value read its COG). */
      readonly need?: number | null;
      /** How `need` came about (since `trpg-0.6.0`). */
      readonly concealment?: ConcealmentAgainst;
      readonly success: boolean;
    }
  | { readonly type: "revealed"; readonly character: CharacterId; readonly at: Square; readonly cause: RevealCause; readonly by?: CharacterId }
  | { readonly type: "unseen_attacker"; readonly character: CharacterId; readonly target: CharacterId }
  | {
      readonly type: "attack";
      readonly attacker: CharacterId;
      readonly target: CharacterId;
      readonly weapon: string | null;
      readonly via: AttackVia;
      readonly called: boolean;
      readonly die: number;
      readonly mods: readonly Mod[];
      /** The die must exceed this (seed 002 3-4); null where it reads a stat block the viewer does not know. */
      readonly need: number | null;
      readonly hit: boolean;
      /** A copy whose number is shown while modifiers of a stat block the viewer does not know may apply (attack.ts `emitRoll`). */
      readonly unknownMods?: true;
    }
  | {
      readonly type: "dodge";
      readonly character: CharacterId;
      readonly die: number;
      readonly mods: readonly Mod[];
      /** The die plus the modifiers must exceed this (6 - SPD, seed 002 3-4); null where the dodger's stat block is hidden from the viewer. */
      readonly need: number | null;
      readonly success: boolean;
      /** The copy of a dodge against an enemy whose abilities the viewer does not know (seed 002 3-4: they may give dodge penalties). */
      readonly unknownMods?: true;
    }
  | { readonly type: "penetration"; readonly attacker: CharacterId; readonly target: CharacterId; readonly die: number; readonly need: number | null; readonly cover: number; readonly success: boolean }
  /** `wounds`: what is left; null in the party's copy when the character's stat block is hidden from it (GM mode, seed 002 3-4). */
  | { readonly type: "damaged"; readonly character: CharacterId; readonly amount: number; readonly wounds: number | null }
  | { readonly type: "incapacitated"; readonly character: CharacterId }
  | { readonly type: "died"; readonly character: CharacterId }
  | { readonly type: "death_save"; readonly character: CharacterId; readonly die: number; readonly success: boolean; readonly fails: number }
  /** `need` (6 - the healer's PRC): null in the party's copy when the healer's stat block is hidden from it (seed 002 3-4). */
  | { readonly type: "stabilised"; readonly character: CharacterId; readonly by: CharacterId; readonly die: number; readonly need: number | null; readonly success: boolean }
  | { readonly type: "healed"; readonly character: CharacterId; readonly by: CharacterId; readonly item: string; readonly die: number; readonly need: number | null; readonly success: boolean }
  | { readonly type: "suppressing"; readonly shooter: CharacterId; readonly at: Square; readonly targets: readonly CharacterId[] }
  | { readonly type: "dropped"; readonly character: CharacterId }
  | { readonly type: "shove"; readonly attacker: CharacterId; readonly target: CharacterId; readonly die: number; readonly need: number | null; readonly success: boolean }
  | { readonly type: "decided"; readonly kind: Pending["kind"]; readonly choice: string }
  | { readonly type: "contact"; readonly mover: CharacterId; readonly hidden: CharacterId }
  | { readonly type: "hazard"; readonly character: CharacterId; readonly die: number; readonly wounded: boolean }
  | { readonly type: "check"; readonly character: CharacterId; readonly stat: StatName; readonly kind: "skill" | "resist"; readonly die: number; readonly mods: readonly Mod[]; readonly total: number; readonly need: number; readonly success: boolean; readonly study?: CharacterId; readonly cold?: boolean }
  | { readonly type: "stats_revealed"; readonly character: CharacterId; readonly archetype: string }
  | { readonly type: "chilled"; readonly character: CharacterId }
  | { readonly type: "surprise_over"; readonly side: Side }
  | { readonly type: "round_step"; readonly seat: SeatId }
  | { readonly type: "round_ended"; readonly round: number }
  | { readonly type: "delayed_stopped"; readonly actor: CharacterId; readonly index: number; readonly code: string }
  | { readonly type: "conceded"; readonly seat: SeatId }
  | { readonly type: "match_ended"; readonly result: MatchResult; readonly seed: string };

/** The TRPG's closed set of error codes. */
export type TrpgErrorCode =
  | CommonErrorCode
  | "too_many_checks"
  | "no_decision_pending"
  | "invalid_choice"
  | "not_now"
  | "no_action_points"
  | "once_per_turn"
  | "move_used"
  | "unreachable"
  | "not_adjacent"
  | "invalid_target"
  | "out_of_range"
  | "no_line"
  | "wrong_weapon"
  | "prone"
  | "not_prone"
  | "engaged"
  | "cannot_conceal"
  | "already_concealed"
  | "no_cover"
  | "no_item"
  | "already_acted"
  | "not_game_master"
  | "invalid_check"
  | "bad_delayed_turn"
  | "delayed_out_of_order";
