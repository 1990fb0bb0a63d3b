/**
 * The state, commands and events of the Age of Sigmar ruleset (seed `003_3dcb36e83a2444ba.txt`,
 * sections 19-30, on the project's own minimal core: docs/rules/sigmar.md). Plain JSON data.
 * Positions are integers in hundredths of an inch (geometry.ts).
 */
import type { CommonErrorCode, MatchResult, MusterState, RngState, SeatId } from "@fogwar/engine";
import type { ArmyList, Effect, Phase } from "./data/schema";
import type { Pt } from "./geometry";

/** One model on the battlefield. */
export interface Model {
  readonly id: string;
  x: number;
  y: number;
}

/** Where a unit is: still to deploy, in reserve (secret to its owner), on the battlefield, destroyed. */
export type UnitPlace = "undeployed" | "reserve" | "field" | "destroyed";

/** A unit. Units in reserve are known to their owner only (seed 003 24.1; the view drops them). */
export interface UnitState {
  readonly id: string;
  readonly owner: SeatId;
  warscroll: string;
  /** How many models the unit started with (a replacement unit: its own starting size). */
  size: number;
  /** Models on the battlefield. */
  models: Model[];
  /** Damage points allocated to the unit and not yet enough to slay a model. */
  damage: number;
  where: UnitPlace;
  enhancement?: string;
  /** The unit this one replaces (seed 003 24.2): a replacement unit cannot be replaced again. */
  replacementOf?: string;
  /** This destroyed unit has been replaced. */
  replaced?: boolean;
  /** The turn number in which the unit was set up outside deployment (seed 003 24: no move that turn). */
  setUpTurn?: number;
  /** Models returned or added this turn (seed 003 22), and the turn. */
  returned?: { turn: number; models: string[] };
  /** What the unit did this turn. */
  did: { moved?: boolean; ran?: boolean; shot?: boolean; charged?: boolean; triedCharge?: boolean; retreated?: boolean };
  /** The next model number (returned and added models get new ids). */
  next: number;
}

/** A persisting effect (seed 003 28.1): treated as a passive of its owner while it lasts. */
export interface Persisting {
  /** Creation order: later effects are applied later (seed 003 29, 30). */
  readonly seq: number;
  readonly owner: SeatId;
  /** The ability or card that made it. */
  readonly source: string;
  readonly unit: string;
  readonly effect: Extract<Effect, { kind: "modify" | "grant" | "forbid" | "allow" }>;
  /** Lasts until the end of this turn number (and this phase when given). */
  readonly until: { readonly turn: number; readonly phase?: Phase };
  /** The token that marks it (seed 003 23). */
  readonly token?: string;
}

/** A token (seed 003 23): not a model; marks a unit under a persisting effect and follows it. */
export interface Token {
  readonly id: string;
  readonly kind: string;
  readonly owner: SeatId;
  unit: string;
  x: number;
  y: number;
}

/** Crit abilities a weapon may have (seed 003 20). */
export type CritKind = "2hits" | "autowound" | "mortal";

/** A rule waiting for one seat's answer. */
export type SigmarPending =
  | { readonly kind: "run_move"; readonly seat: SeatId; readonly unit: string; readonly roll: number }
  | { readonly kind: "charge_move"; readonly seat: SeatId; readonly unit: string; readonly target: string; readonly roll: number }
  | { readonly kind: "place_models"; readonly seat: SeatId; readonly unit: string; readonly count: number; readonly source: string }
  | { readonly kind: "replacement"; readonly seat: SeatId; readonly unit: string; readonly count: number }
  | { readonly kind: "riposte"; readonly seat: SeatId; readonly unit: string; readonly target: string }
  | { readonly kind: "must_target"; readonly seat: SeatId; readonly unit: string; readonly ability: string; readonly options: readonly string[] }
  | { readonly kind: "order_neutral"; readonly seat: SeatId; readonly items: readonly string[] }
  | { readonly kind: "order_effects"; readonly seat: SeatId; readonly items: readonly DelayedEffect[] }
  /** Core C4: the winner of the priority roll (`seat`) chooses who takes the first turn; `items` the seats, the chooser first; answered by `order` (its first index goes first). */
  | { readonly kind: "priority"; readonly seat: SeatId; readonly items: readonly SeatId[]; readonly rolls: Readonly<Record<SeatId, number>> }
  /** A start- or end-of-phase window (core C13): `seat` may use its window abilities, then passes (`decline`). */
  | { readonly kind: "phase_window"; readonly seat: SeatId; readonly at: "start" | "end" }
  /**
   * Core C14 rally: `points` rally points rolled for `unit`; its player places up to `returnable`
   * slain models (each costs `health` points: seed 003 22), the rest heal (seed 003 21). Answered
   * by `place` (the returned models, possibly none) or `decline` (every point heals).
   */
  | { readonly kind: "rally"; readonly seat: SeatId; readonly unit: string; readonly points: number; readonly health: number; readonly returnable: number }
  /** Core C8: `count` models of `unit` are slain; its owner (`seat`) names which (`remove_models`); `suggested` the default, every id public. */
  | { readonly kind: "remove_models"; readonly seat: SeatId; readonly unit: string; readonly count: number; readonly suggested: readonly string[] }
  /** Core C5: `unit` retreats: move its models up to `max` (fine units), ending outside enemy combat range (`place`), or stay (`decline`). */
  | { readonly kind: "retreat_move"; readonly seat: SeatId; readonly unit: string; readonly max: number };

/**
 * Models slain and held for their owner's choice (core C8, removal.ts): `count` models of `unit`
 * stay on the battlefield until `seat` names them; `suggested` the default (model ids). Public.
 */
export interface Removal {
  readonly unit: string;
  readonly seat: SeatId;
  readonly count: number;
  readonly suggested: readonly string[];
}

/**
 * The start- or end-of-phase window (docs/rules/sigmar.md core C13; seed 003 19 "at the start of
 * the phase"): the active player first, then the other, each using their abilities for that window
 * until they pass; `seat` null once it has closed (at the end: the phase is ending).
 */
export interface PhaseWindow {
  readonly at: "start" | "end";
  seat: SeatId | null;
}

/** A delayed effect waiting to resolve (seed 003 30): an ability triggered by an event. */
export interface DelayedEffect {
  readonly owner: SeatId;
  readonly unit: string;
  readonly ability: string;
  /** The enemy unit that triggered it (a reaction's `attacker`). */
  readonly other?: string;
  /** Its player has ordered it among their simultaneous effects. */
  readonly ordered?: boolean;
}

/** The combat phase's bookkeeping (seed 003 19). */
export interface CombatState {
  /** Units in combat at the start of the phase. */
  readonly engaged: readonly string[];
  /** Units with STRIKE-FIRST (and not STRIKE-LAST) in combat at the start of the phase. */
  readonly strikeFirst: readonly string[];
  /** Units that have fought (or declined to) this phase. */
  fought: string[];
  /** Whose pick it is. */
  picker: SeatId;
  /** Every strike-first unit has fought: the active player picked next (seed 003 19). */
  firstDone: boolean;
  /** The fight whose target may answer it (a riposte) once its delayed effects are resolved. */
  answer: { fighter: string; target: string } | null;
}

/** A seat's public army: its revealed list without the units in reserve, and a commitment to each reserve. */
export interface PublicArmy {
  /** The list's name: only in matches of rules versions before sigmar-0.6.0 (it could tell the reserve; see flow.ts `reveal`). */
  readonly name?: string;
  readonly faction: string;
  readonly reserves: number;
  /** Per reserve unit (ids `<seat>-r1`, `<seat>-r2`...): a commitment to its list entry, opened when it is set up. */
  readonly reserveCommitments: readonly string[];
}

export type SigmarPhase = "muster" | "deployment" | "battle" | "finished";

export interface SigmarState {
  readonly ruleset: "sigmar";
  readonly seats: readonly SeatId[];
  phase: SigmarPhase;
  /** The battle round (0 before the first). */
  round: number;
  /** Turns so far (1 = the first turn of round 1). */
  turn: number;
  /** The player whose turn it is. */
  active: SeatId | null;
  /** This round's first player (the priority roll). */
  first: SeatId | null;
  step: Phase;
  /** Deployment: who sets up the next unit. */
  deploying: SeatId | null;
  units: Record<string, UnitState>;
  persisting: Persisting[];
  tokens: Token[];
  /** Once-per uses (seed 003 28.2): key -> `battle`, `t<turn>` or `t<turn>:<phase>`. */
  used: Record<string, string>;
  cp: Record<SeatId, number>;
  vp: Record<SeatId, number>;
  combat: CombatState | null;
  pending: SigmarPending | null;
  /** The start- or end-of-phase window open now (core C13), or null. */
  window: PhaseWindow | null;
  /** Delayed effects still to resolve, in order (seed 003 30). */
  delayed: DelayedEffect[];
  /** Slain models held for their owner's choice (core C8), asked in order. */
  removals: Removal[];
  /** Core C5: the unit whose retreat move is asked once no other decision is pending (null: none). */
  retreating: string | null;
  /** Units destroyed this phase with a replacement ability, resolved at the end of the phase (seed 003 24.2). */
  endOfPhase: string[];
  /** The active player's order of the neutral passives this turn (seed 003 30). */
  neutralOrder: string[];
  seq: number;
  muster: MusterState<ArmyList>;
  armies: Record<SeatId, PublicArmy>;
  /** SECRET to each seat: its hand of battle-tactic cards (card ids). */
  hands: Record<SeatId, string[]>;
  /** Cards played, public. */
  played: Record<SeatId, string[]>;
  result: MatchResult | null;
  readonly seedCommitment: string;
  /**
   * Server-only: the dice seed, its random streams (`dice` for every public die, `decks` for the
   * deck order, both derived from the seed: docs/rules/sigmar.md "Random streams"), and each
   * seat's shuffled deck (order known to nobody).
   */
  secret: { seed: string; rng: { dice: RngState; decks: RngState }; decks: Record<SeatId, string[]> };
}

/** Points for commands that carry positions (fine units). */
export type Points = Pt[];

export type SigmarCommand =
  | { readonly type: "lock_army"; readonly army: ArmyList }
  | { readonly type: "unlock_army" }
  | { readonly type: "deploy"; readonly unit: string; readonly models: Points }
  | { readonly type: "order"; readonly order: readonly number[] }
  | { readonly type: "end_phase" }
  | { readonly type: "move"; readonly unit: string; readonly models: Points }
  | { readonly type: "run"; readonly unit: string }
  | { readonly type: "set_up"; readonly unit: string; readonly models: Points }
  | { readonly type: "shoot"; readonly unit: string; readonly target: string; readonly crits?: Readonly<Record<string, CritKind>> }
  | { readonly type: "charge"; readonly unit: string; readonly target: string }
  | { readonly type: "fight"; readonly unit: string; readonly target: string; readonly models?: Points; readonly crits?: Readonly<Record<string, CritKind>> }
  | { readonly type: "pass_fight"; readonly unit: string }
  | { readonly type: "place"; readonly models: Points }
  | { readonly type: "decline" }
  | { readonly type: "use_ability"; readonly unit: string; readonly ability: string; readonly targets: readonly string[] }
  | { readonly type: "play_card"; readonly card: string; readonly targets: readonly string[] }
  /** A core command (C9) or reaction (C14); `target` the enemy unit a counter-charge is declared at. */
  | { readonly type: "command"; readonly command: CommandId; readonly unit: string; readonly target?: string }
  | { readonly type: "concede" }
  /** Core C8: the answer to `remove_models`: the ids of the models removed. */
  | { readonly type: "remove_models"; readonly models: readonly string[] }
  /** Core C5: a unit in combat retreats instead of a normal move (D3 mortal damage, then `retreat_move`). */
  | { readonly type: "retreat"; readonly unit: string };

/** The core commands bought with command points (project core rules C9, and C14's reactions in a window). */
export type CommandId = "press_forward" | "hold_firm" | "counter_charge" | "rally";

/** One stage of an attack sequence as the event reports it: the rolls, what they needed, the modifiers in order. */
export interface StageReport {
  readonly need: number;
  readonly mods: readonly { readonly source: string; readonly value: number }[];
  readonly rolls: readonly number[];
  readonly passed: number;
}

/** One weapon's attacks (seed 003 20, 26, 27 and the project core attack sequence), every roll in order. */
export interface AttackReport {
  readonly weapon: string;
  readonly models: number;
  /** Attacks rolled per model when random (seed 003 26), and the total after modifiers. */
  readonly attackRolls: readonly number[];
  readonly attacks: number;
  readonly crit: CritKind | null;
  readonly hit: StageReport & { readonly crits: number };
  readonly wound: StageReport & { readonly auto: number };
  readonly rend: number;
  readonly save: StageReport;
  readonly damageRolls: readonly number[];
  readonly ward: StageReport | null;
  readonly mortal: number;
  readonly dealt: number;
  readonly slain: number;
}

export type SigmarEvent =
  | { readonly type: "seed_committed"; readonly commitment: string }
  | { readonly type: "army_locked"; readonly seat: SeatId; readonly commitment: string; readonly army?: ArmyList }
  | { readonly type: "army_unlocked"; readonly seat: SeatId }
  | { readonly type: "armies_revealed"; readonly armies: Record<SeatId, { name?: string; faction: string; units: { id: string; warscroll: string; enhancement?: string }[]; reserves: number; reserveCommitments: string[] }> }
  | { readonly type: "deployed"; readonly seat: SeatId; readonly unit: string; readonly models: Points }
  | { readonly type: "cards_drawn"; readonly seat: SeatId; readonly count: number; readonly cards?: readonly string[] }
  /** A battle round's first turn is decided: `first` goes first; `chooser` (from sigmar-0.4.0) the priority roll's winner who chose. */
  | { readonly type: "round_started"; readonly round: number; readonly rolls: Record<SeatId, number>; readonly first: SeatId; readonly chooser?: SeatId }
  | { readonly type: "reserves_destroyed"; readonly units: readonly { id: string; warscroll: string; salt: string }[] }
  | { readonly type: "turn_started"; readonly turn: number; readonly seat: SeatId }
  | { readonly type: "phase_started"; readonly phase: Phase }
  | { readonly type: "neutral_order"; readonly seat: SeatId; readonly order: readonly string[] }
  | { readonly type: "moved"; readonly unit: string; readonly models: Points; readonly kind: "move" | "run" | "charge" | "pile_in" | "retreat" }
  | { readonly type: "run_rolled"; readonly unit: string; readonly roll: number }
  | { readonly type: "set_up"; readonly unit: string; readonly warscroll: string; readonly models: Points; readonly salt?: string; readonly replacementOf?: string }
  | { readonly type: "charge_rolled"; readonly unit: string; readonly target: string; readonly dice: readonly number[]; readonly roll: number }
  | { readonly type: "charge_failed"; readonly unit: string }
  | { readonly type: "attacks"; readonly unit: string; readonly target: string; readonly kind: "shoot" | "fight"; readonly reports: readonly AttackReport[] }
  | { readonly type: "mortal_damage"; readonly unit: string; readonly amount: number; readonly ward: StageReport | null; readonly dealt: number; readonly slain: number; readonly source: string }
  | { readonly type: "unit_destroyed"; readonly unit: string }
  | { readonly type: "fight_picked"; readonly unit: string; readonly seat: SeatId }
  | { readonly type: "fight_declined"; readonly unit: string }
  | { readonly type: "ability_used"; readonly unit: string | null; readonly seat: SeatId; readonly ability: string; readonly targets: readonly string[]; readonly noEffect?: boolean }
  | { readonly type: "ability_roll"; readonly unit: string; readonly ability: string; readonly roll: number; readonly success: boolean }
  | { readonly type: "healed"; readonly unit: string; readonly roll: number; readonly healed: number }
  | { readonly type: "models_returned"; readonly unit: string; readonly rolled: number; readonly models: Points }
  | { readonly type: "effect_added"; readonly unit: string; readonly source: string; readonly seq: number }
  | { readonly type: "token_placed"; readonly token: string; readonly kind: string; readonly unit: string }
  | { readonly type: "token_removed"; readonly token: string }
  | { readonly type: "card_played"; readonly seat: SeatId; readonly card: string; readonly targets: readonly string[] }
  | { readonly type: "command_used"; readonly seat: SeatId; readonly command: CommandId; readonly unit: string; readonly target?: string }
  | { readonly type: "effects_ordered"; readonly seat: SeatId; readonly order: readonly string[] }
  | { readonly type: "scored"; readonly seat: SeatId; readonly objectives: readonly string[]; readonly vp: number }
  | { readonly type: "declined"; readonly seat: SeatId; readonly what: string }
  | { readonly type: "conceded"; readonly seat: SeatId }
  /** Core C14: a rally's six dice (each 4+ a rally point) for `unit`. */
  | { readonly type: "rallied"; readonly unit: string; readonly dice: readonly number[]; readonly points: number }
  /** Core C8 (from sigmar-0.5.0): slain models removed; `chosen` when their owner named them. */
  | { readonly type: "models_removed"; readonly unit: string; readonly models: readonly string[]; readonly chosen: boolean }
  /** Core C5 (from sigmar-0.5.0): a unit retreats, rolling `roll` (D3) mortal damage (reported by the `mortal_damage` that follows). */
  | { readonly type: "retreat_declared"; readonly unit: string; readonly roll: number }
  | { readonly type: "match_ended"; readonly result: MatchResult; readonly seed: string; readonly lists: Record<SeatId, ArmyList>; readonly salts: Record<SeatId, string>; readonly hands: Record<SeatId, string[]> };

export type SigmarErrorCode =
  | CommonErrorCode
  | "no_decision_pending"
  | "wrong_phase"
  | "invalid_army"
  | "army_locked"
  | "army_not_locked"
  | "too_many_locks"
  | "unknown_unit"
  | "not_your_unit"
  | "not_on_battlefield"
  | "already_acted"
  | "bad_positions"
  | "too_far"
  | "not_coherent"
  | "overlapping"
  | "blocked_path"
  | "enters_combat_range"
  | "outside_area"
  | "in_combat"
  | "cannot"
  | "out_of_range"
  | "not_visible"
  | "invalid_target"
  | "invalid_choice"
  | "fight_order"
  | "ability_unavailable"
  | "ability_used"
  | "not_enough_cp"
  | "card_not_in_hand";

/** A match as the lobby creates it: two seats; lists given (both) or mustered in the match. */
export interface SigmarSetup {
  readonly seats: readonly [SeatId, SeatId];
  readonly armies?: Readonly<Record<SeatId, ArmyList>>;
}
