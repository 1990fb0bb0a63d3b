/**
 * EMBER's plain-data model: the match state, the commands seats send, the decisions the rules ask,
 * the events the rules report, and the closed set of error codes. All of it is JSON: hashable,
 * storable, replayable.
 *
 * Longer than a rules file should be, on purpose: it holds declarations only, no rule. The state,
 * commands, decisions, events and error codes are one vocabulary that every rules module, the
 * command schema, the web table and the server read together, and a change to one (a new
 * decision: its command, its event, its code) is made in one place.
 */
import type { CommonErrorCode, Facing, MatchResult, MusterState, PendingDecision, RngState, SeatId, Square, TeamId } from "@fogwar/engine";
import type { ArmyList, AttackKeyword, Face, PartFace, PartSlot, PoolDie, Stance, Timing } from "./data/schema";

export type { SeatId, Square, Facing, TeamId };

/** A unit's id within a match: `<seat>-m<n>` for mechs, `<seat>-d<n>` for drones. */
export type UnitId = string;

/**
 * Black plays from the top edge (row 0), white from the bottom (seed 001 3.2). Battles of three
 * or four sides also use red and blue, the scenario's extra deployment zones (project decision,
 * docs/rules/ember.md "Multiplayer battles").
 */
export type Side = "black" | "white" | "red" | "blue";

/** Options chosen when the match is created. */
export interface EmberOptions {
  /**
   * Progressive dial reveal: each timing dial is revealed when its timing is called in the
   * action phase, instead of all at once when both plans are locked (seed 001 5; match option).
   */
  readonly progressiveReveal: boolean;
}

/**
 * What a match is created from: scenario, two to four seats, their army lists (absent: each seat
 * musters its own secret list in the match, phase `muster`), options, and for
 * a 2 v 2 battle the seats' teams (seed 001 6.1 "2 대 2 또는 1 대 1 대 1"): `teams` maps every
 * seat to one of two team ids, two seats each. Without `teams` every seat fights on its own
 * (1 v 1, 1 v 1 v 1, 1 v 1 v 1 v 1).
 */
export interface EmberSetup {
  readonly scenario: string;
  readonly seats: readonly SeatId[];
  readonly teams?: Readonly<Record<SeatId, TeamId>>;
  readonly armies?: Readonly<Record<SeatId, ArmyList>>;
  readonly options?: Partial<EmberOptions>;
}

/** One part of a mech in play: undamaged, damaged (a damage token) or destroyed (seed 000 1.2.2-3). */
export interface PartState {
  readonly partId: string;
  damaged: boolean;
  destroyed: boolean;
  /** An armed part switched to its discarded card (seed 000 2.1, 11). Absent: not discarded. */
  discarded?: boolean;
  /** Ammo tokens left, by action id, for the part's actions with ammo icons (seed 000 7). */
  ammo?: Record<string, number>;
  /** Ids of the part's actions that are charged (charge token face up, seed 000 8). */
  charged?: string[];
}

/** A mech in play. `at` is null before deployment and after destruction. */
export interface MechState {
  readonly kind: "mech";
  readonly id: UnitId;
  readonly owner: SeatId;
  readonly name: string;
  readonly pilotId: string;
  readonly parts: Record<PartSlot, PartState>;
  link: number;
  readonly linkMax: number;
  stance: Stance;
  at: Square | null;
  facing: Facing;
  deployed: boolean;
  destroyed: boolean;
  /** Unspent command tokens on the torso (seed 000 9.1, removed in the end phase, 9.4). */
  commandTokens: number;
  /** A low-observable token (저피탐 토큰, seed 000 6.1); absent = none. Public. */
  loToken?: boolean;
  /** Optical camouflage while on (seed 000 6.2); absent or null = off. Public: `at` is then the marker. */
  camouflage?: CamouflageState | null;
}

/**
 * A unit's optical camouflage (seed 000 6.2). While it is on, the unit's public `at` is the
 * camouflage marker; its real square is in `EmberState.concealed`, known to its owner only.
 */
export interface CamouflageState {
  /** The concealment value X (은폐 X): the real square lies within X squares of the marker. */
  readonly concealment: number;
  /** The part whose action provides it (losing that part decloaks the unit in place). */
  readonly part: PartSlot;
}

/** A drone in play (its stance is fixed by its card, seed 000 1.1). */
export interface DroneState {
  readonly kind: "drone";
  readonly id: UnitId;
  readonly owner: SeatId;
  readonly name: string;
  readonly droneId: string;
  damaged: boolean;
  at: Square | null;
  facing: Facing;
  deployed: boolean;
  destroyed: boolean;
  /** Holds a command token this command phase (seed 001 4.2: one command per drone per phase). */
  commanded: boolean;
  /** A low-observable token (seed 000 6.1); absent = none. */
  loToken?: boolean;
  /** Drones never camouflage in the sample data; kept for a uniform unit shape. */
  camouflage?: CamouflageState | null;
}

export type UnitState = MechState | DroneState;

/**
 * A projectile or installation in play (seed 000 1.5): a unit created by a launch action. Its id
 * is `<seat>-p<n>`. An instant projectile stands on its drop-point token only while its launch
 * resolves; delay projectiles wait on their drop point for the delay phase; installations stay
 * on their square. Destroyed ones are removed at once (`at` null, seed 000 1.2.3).
 */
export interface ProjectileState {
  readonly kind: "projectile";
  readonly id: string;
  readonly owner: SeatId;
  /** The projectile card (`catalog.projectiles`). */
  readonly projectileId: string;
  /** The unit whose launch created it. */
  readonly launcher: UnitId;
  at: Square | null;
  damaged: boolean;
  destroyed: boolean;
}

/** Any unit an attack may involve: mechs, drones, projectiles and installations. */
export type Combatant = UnitState | ProjectileState;

/** A smoke card on a whole square, placed by a seat (seed 000 10). */
export interface SmokeCard {
  readonly owner: SeatId;
  readonly at: Square;
}

/**
 * A launch or a high-altitude movement being resolved (seed 000 1.5, 3): first the interception
 * of the moving unit, then what the launch does (place it, or detonate it), then its blast attacks
 * one after another. It waits whenever an attack or a decision does.
 */
export interface SequenceState {
  /** The moving unit (a projectile id or a drone id), or the projectile that detonates. */
  readonly subject: string;
  /** intercept -> act (detonate) -> blast -> over. */
  stage: "intercept" | "act" | "blast" | "over";
  /** The high-altitude movement's start and end squares (interception triggers, seed 000 3). */
  readonly from: Square | null;
  readonly to: Square | null;
  /** Interceptions still able to fire at the subject (`unit:slot:action`), in no set order. */
  interceptors: string[];
  /** The interception firing now: it repeats until its tokens run out or the subject is destroyed. */
  current: string | null;
  /** Whether the subject detonates when its interception is over (an instant projectile, a delay or passive action). */
  readonly detonate: boolean;
  /** Units still to be hit by the blast, in order. */
  blastQueue: string[];
  /** Where the blast is centred, once known. */
  blastAt: Square | null;
}

/** The end of a round in progress (seed 000 1.5 delay phase, 10 smoke removal in the end phase). */
export interface RoundEndState {
  /** Delay projectiles and installations still to act this delay phase, in launch order. */
  delayQueue: string[];
  /** Smoke clouds still to lose a card this end phase (each as its squares' keys), per seat. */
  smokeClouds: { owner: SeatId; squares: string[] }[] | null;
  /** Whose turn it is to remove a smoke card. */
  smokeTurn: SeatId | null;
}

/** The match's phases (seed 001 3-6; delay and end phases from seed 000 1.5 and 1.2.3). */
export type Phase = "muster" | "side_choice" | "mission_prep" | "deployment" | "command" | "plan" | "action" | "delay" | "end" | "finished";

/** One rolled attack or defence die, as the attack process tracks it. */
export interface DieResult {
  readonly die: "yellow" | "red" | "white" | "blue" | "chain";
  face: Face;
  /** Set once the die has been replaced (a die is replaced at most once, seed 000 1.2.1). */
  replaced?: boolean;
}

/** Where an attack stands while it waits for a decision (seed 000 1.2.1, 1.2.4.1). */
export type AttackStage =
  | "hit_part"
  | "part_reroll"
  | "roll"
  | "attack_reroll"
  | "defence_reroll"
  | "resolve"
  | "cancel"
  | "damage"
  | "chain_choice";

/** An attack in progress. */
export interface AttackState {
  readonly attacker: UnitId;
  defender: UnitId;
  /** The attacking mech part, or null for a drone's command action. */
  readonly part: PartSlot | null;
  readonly action: string;
  readonly mode: "shoot" | "melee" | "blast";
  /** An interception attack (seed 000 3): all-round, no cover, no chain damage. */
  intercept?: boolean;
  /** True while resolving chain damage (seed 000 1.2.4.1). */
  chain: boolean;
  chainKeyword: "rupture" | "shotgun" | "cleave" | null;
  rear: boolean;
  cover: { terrain: boolean; unit: boolean };
  stage: AttackStage;
  hitPart: PartSlot | null;
  partRoll: PartFace | null;
  attackDice: DieResult[];
  defenceDice: DieResult[];
  /** The attack's keywords when they differ from the card's (a kick, a spent charge; seed 000 1.4, 8). */
  keywords?: AttackKeyword[];
  /** The attack dice when they differ from the card's (a spent charge, two-handed; seed 000 8, 11). */
  dice?: { yellow: number; red: number };
  /** An active parry: the parrying part, or `drone` for a drone's automatic parry (seed 000 1.4.2). */
  parry?: PartSlot | "drone";
  /**
   * The defender's answer to the parry offer: the part, or null when declined; when both sides
   * could designate, the parry applies only if the part die shows it (seed 000 1.4.2 note).
   */
  parryDeclared?: PartSlot | null;
  /**
   * Whether each side uses its designation ability (snipe, kick; raise shield) when asked (seed
   * 000 1.2.1 "부품 지정 능력을 활성화"); absent until answered.
   */
  designation?: { attacker?: boolean; defender?: boolean };
  /** How the defender cancels the results (seed 000 1.2.1), once chosen or taken without asking. */
  cancel?: Cancellation;
}

/** The activation in progress (seed 001 6.2-6.3). */
export interface ActivationState {
  readonly unit: UnitId;
  readonly timing: Timing;
  ticks: number;
  stanceChosen: boolean;
  manoeuvred: boolean;
  rebooted: boolean;
  /** `slot:actionId` of every action taken this activation (each once, seed 001 6.3 note 1). */
  actionsTaken: string[];
  /** Commands still to give under command coordination X this activation (seed 000 9.3). */
  coordination?: number;
  /** Set by an action without the silent keyword until it completes (seed 000 6.3). */
  noisy?: boolean;
}

/** A seat's plan for the round (seed 001 5): the commitment is public, the dials secret. */
export interface PlanState {
  commitment: string | null;
  /** Secret until revealed: mech id -> timing. */
  dials: Record<UnitId, Timing> | null;
}

/**
 * A seat's secondary mission (seed 001 3.3): chosen in secret (the commitment is public, the
 * choice known to the seat and its team), revealed to everyone once every seat has chosen.
 */
export interface SecondaryState {
  commitment: string | null;
  /** Secret until revealed: the secondary mission id. */
  choice: string | null;
}

/** An objective marker placed during mission preparation (seed 001 3.3). */
export interface ObjectiveMarker {
  readonly id: string;
  readonly seat: SeatId;
  readonly at: Square;
}

/** Mission preparation (seed 001 3.3) and what it leaves for the battle. */
export interface MissionPrepState {
  /** Each seat's secondary mission. */
  secondaries: Record<SeatId, SecondaryState>;
  /** True once every choice has been revealed. */
  revealed: boolean;
  /** Objective markers on the table (public). */
  objectives: ObjectiveMarker[];
}

/** The complete match state. `secret` and unrevealed dials never leave the server. */
export interface EmberState {
  readonly ruleset: "ember";
  readonly rulesVersion: string;
  readonly scenario: string;
  readonly options: EmberOptions;
  readonly seats: readonly SeatId[];
  /** 2 v 2 battles only: every seat's team (seed 001 6.1). Absent when every seat fights alone. */
  readonly teams?: Readonly<Record<SeatId, TeamId>>;
  /**
   * Battles of more than two seats only: the initiative order fixed before the battle (seed 001
   * 6.1 "선제권 순서를 미리 정하고"), first player first. Ties of the action phase, turns of
   * deployment and of the command phase follow it. Absent in a two-seat match (first player, then
   * the other).
   */
  initiative?: SeatId[];
  /**
   * Matches created without army lists: each seat's secret list, locked as a commitment and
   * revealed with its salt once every seat has locked (seed 001 2; docs/rules/ember.md "Muster").
   * Absent when the match was created with its lists. A locked list is known to its seat's side
   * only until the reveal.
   */
  muster?: MusterState<ArmyList>;
  /** Mission preparation (seed 001 3.3), for missions that have any: secondary missions and objective markers. */
  missionPrep?: MissionPrepState;
  readonly factions: Readonly<Record<SeatId, string>>;
  readonly armyNames: Readonly<Record<SeatId, string>>;
  /**
   * Server-only: the dice seed (revealed when the match ends) and the state of its one random
   * stream, `dice` (`rngStateFromSeed(seed, "dice")`), from which every public die is rolled.
   */
  secret: { seed: string; rng: { dice: RngState } };
  readonly seedCommitment: string;
  phase: Phase;
  round: number;
  firstPlayer: SeatId;
  sides: Record<SeatId, Side> | null;
  units: UnitState[];
  /** Whose turn it is to deploy or to give a command. */
  turn: SeatId | null;
  /** Seats that stopped giving commands this command phase (seed 001 4.3). */
  commandsDone: SeatId[];
  plans: Record<SeatId, PlanState>;
  /** Dials revealed to everyone so far this round. */
  revealed: Record<UnitId, Timing>;
  /** The highest timing called so far this action phase (progressive reveal), 0 before. */
  calledTiming: number;
  /** Mechs that have had their activation this round. */
  activated: UnitId[];
  activation: ActivationState | null;
  attack: AttackState | null;
  pending: EmberDecision | null;
  /** Projectiles and installations created by launches (seed 000 1.5), destroyed ones included. */
  projectiles: ProjectileState[];
  /** Smoke cards on the board (seed 000 10). */
  smoke: SmokeCard[];
  /** Interception tokens left per action, keyed `unit:slot:action` (seed 000 3). */
  interception: Record<string, number>;
  /** Launches, high-altitude movements and detonations being resolved, the first one now. */
  sequences: SequenceState[];
  /** The delay and end phases in progress. */
  roundEnd: RoundEndState | null;
  vp: Record<SeatId, number>;
  result: MatchResult | null;
  /**
   * HIDDEN: the real square of each camouflaged unit (seed 000 6.2), known to the unit's owner
   * only until it decloaks (and to everyone once the match is over). Never public while live.
   */
  concealed?: Record<UnitId, Square>;
  /**
   * Vulnerable terrain hit by projectiles (seed 000 1.5.2), by terrain id: `damaged` holds a
   * damage token, `destroyed` is rubble. Absent or missing pieces are intact. Public.
   */
  terrainDamage?: Record<string, "damaged" | "destroyed">;
  /**
   * An EW roll waiting for a link reroll (seed 000 5.2, 4), absent otherwise. Public: the dice,
   * the units and what the roll decides are what everyone at the table sees.
   */
  ewRoll?: EwRollState;
}

/**
 * An EW roll in progress (seed 000 5.2): both sides' yellow dice, then the caster's link reroll,
 * then the responder's (seed 000 4: any mech that rolls dice may spend 1 link to reroll them,
 * never down to 0), then the result and what it decides (`then`).
 */
export interface EwRollState {
  /** Why the roll is made: an electronic attack action, or detection before an attack (seed 000 6.2). */
  readonly purpose: "electronic_attack" | "detect_before_attack";
  readonly caster: UnitId;
  readonly responder: UnitId;
  casterDice: DieResult[];
  responderDice: DieResult[];
  /** caster_reroll -> responder_reroll -> settle. */
  stage: "caster_reroll" | "responder_reroll" | "settle";
  readonly then: EwFollowUp;
}

/**
 * What an EW roll decides once settled: an electronic attack action's effects on the caster's
 * success (seed 000 5.1), or the attack that waits on detection (seed 000 6.2), with its own
 * keywords and dice when they differ from the card's (a kick, a spent charge, a two-handed assist),
 * or a projectile's targeted blast that waits on detection (`blast`: the caster is the projectile,
 * seed 000 6.2 with 1.5.3).
 */
export type EwFollowUp =
  | { readonly kind: "electronic_attack"; readonly part: PartSlot; readonly action: string }
  | { readonly kind: "blast" }
  | {
      readonly kind: "attack";
      readonly part: PartSlot | null;
      readonly action: string;
      readonly keywords?: AttackKeyword[];
      readonly dice?: { yellow: number; red: number };
    };

/** The decisions EMBER asks of one seat (seed 000 1.2.1, 1.2.4.1, 1.4.2, 1.5.2, 3, 4, 5.2, 10; seed 001 3.2-3.3). */
export type EmberDecision =
  | PendingDecision<"choose_side", { sides: Side[] }>
  | PendingDecision<"choose_secondary", { secondaries: string[] }>
  | PendingDecision<"place_objective", { remaining: number }>
  | PendingDecision<"choose_hit_part", { defender: UnitId; parts: PartSlot[]; by: "attacker" | "defender" }>
  | PendingDecision<"part_reroll", { defender: UnitId; roll: PartFace }>
  | PendingDecision<"attack_reroll", { dice: number }>
  | PendingDecision<"defence_reroll", { dice: number }>
  | PendingDecision<"choose_chain", { options: ChainOption[] }>
  | PendingDecision<"declare_parry", { defender: UnitId; parts: PartSlot[]; contested: boolean }>
  | PendingDecision<"choose_interceptor", { target: string; options: InterceptorOption[] }>
  /** Targets are unit ids, or `terrain:<id>` for vulnerable terrain (seed 000 1.5.2). */
  | PendingDecision<"choose_blast_target", { projectile: string; targets: UnitId[] }>
  | PendingDecision<"remove_smoke", { squares: Square[] }>
  /** A link reroll of one side's EW dice (seed 000 5.2, 4): `dice` is how many that side rolled. */
  | PendingDecision<"ew_reroll", { side: "caster" | "responder"; unit: UnitId; dice: number; purpose: EwRollState["purpose"] }>
  /**
   * The defender's cancellation (seed 000 1.2.1) when the ways to cancel lead to outcomes neither
   * of which is better in every respect: the ways worth choosing, best first (the default).
   */
  | PendingDecision<"choose_cancellation", { defender: UnitId; options: CancelOption[] }>
  /**
   * Whether to use a designation ability in the hit part step (seed 000 1.2.1): the attacker's
   * snipe or kick, the defender's raise shield. `other`: whether the other side has one it may still
   * use (`may`), uses one (`uses`: using yours too cancels both, and the part die is rolled) or has
   * none it uses (`none`).
   */
  | PendingDecision<"use_designation", { defender: UnitId; by: "attacker" | "defender"; ability: DesignationAbility; other: "none" | "may" | "uses" }>;

/** How the defender cancels: how many [evade]s go on each kind of result, how many [defend]s on [light]s. */
export interface Cancellation {
  readonly evade: { readonly heavy: number; readonly light: number; readonly eye: number; readonly lightning: number };
  readonly defend: number;
}

/** One way to cancel, with what it leads to for the defender. */
export interface CancelOption extends Cancellation {
  readonly damage: number;
  readonly penetrated: boolean;
  readonly hit: boolean;
  /** Link the defender loses to hit effects: impact on the hit, impact triggers. */
  readonly linkLoss: number;
  /** A suppress trigger switches the defender to DEF. */
  readonly suppress: boolean;
  /** The chain damage a penetration passes on, or null when there is none. */
  readonly chain: { readonly heavy: number; readonly light: number } | null;
}

/** The designation abilities a side may use in the hit part step (seed 000 1.2.1, 1.3, 1.4). */
export type DesignationAbility = "snipe" | "kick" | "shield";

/** An interception able to fire: the mech, its part and the action (seed 000 3). */
export interface InterceptorOption {
  readonly unit: UnitId;
  readonly part: PartSlot;
  readonly action: string;
}

/** A chain damage effect and a target it may hit (seed 000 1.2.4). */
export interface ChainOption {
  readonly keyword: "rupture" | "shotgun" | "cleave";
  readonly target: UnitId;
}

/** Commands a seat may send. */
export type EmberCommand =
  /** Muster: lock this seat's secret army list (seed 001 2), checked against the scenario's battle size. */
  | { type: "lock_army"; army: ArmyList }
  /** Muster: unlock this seat's list to change it, while some seat has not locked. */
  | { type: "unlock_army" }
  | { type: "choose_side"; side: Side }
  | { type: "choose_secondary"; secondary: string }
  | { type: "place_objective"; at: Square }
  | {
      type: "deploy";
      unit: UnitId;
      at: Square;
      facing: Facing;
      stance?: "DEF" | "MOB" | "OFF";
      /** Deploy already optically camouflaged, with this secret real square (seed 000 6.2); never public. */
      hidden?: Square;
    }
  | { type: "command_drone"; mech: UnitId; drone: UnitId; order: DroneOrder }
  | { type: "end_commands" }
  | { type: "lock_plan"; dials: Record<UnitId, Timing> }
  | { type: "set_stance"; unit: UnitId; stance: "DEF" | "MOB" | "OFF" }
  | { type: "reboot"; unit: UnitId; stance: "DEF" | "MOB" | "OFF" }
  | { type: "manoeuvre"; unit: UnitId; to: Square; facing: Facing }
  | {
      type: "act";
      unit: UnitId;
      part: PartSlot;
      action: string;
      target?: UnitId;
      to?: Square;
      facing?: Facing;
      /** The unarmed part designated to assist (seed 000 11: two-handed, thrown). */
      unarmed?: PartSlot;
      /** The part a resupply refills, on `target` (seed 000 7). */
      targetPart?: PartSlot;
      /** Spend the action's charge for its charged effect (seed 000 8). */
      useCharge?: boolean;
      /** Smoke: the squares of the cards placed (seed 000 10). */
      squares?: Square[];
      /** Scatter: the path squares that receive an installation (seed 000 1.5.5). */
      drops?: Square[];
      /** The owner's secret real square for optical camouflage (seed 000 6.2); never public. */
      hidden?: Square;
    }
  | { type: "end_activation"; unit: UnitId }
  | { type: "choose_hit_part"; part: PartSlot }
  /** Use (true) or not the designation ability asked about (seed 000 1.2.1). */
  | { type: "use_designation"; use: boolean }
  /** How the defender cancels: one of the offered ways, as its [evade]s and [defend]s (seed 000 1.2.1). */
  | { type: "choose_cancellation"; evade: Cancellation["evade"]; defend: number }
  | { type: "reroll"; dice: number[] }
  | { type: "choose_chain"; keyword: ChainOption["keyword"]; target: UnitId }
  | { type: "declare_parry"; part: PartSlot | null }
  | { type: "choose_interceptor"; unit: UnitId; part: PartSlot; action: string }
  | { type: "choose_blast_target"; target: UnitId }
  | { type: "remove_smoke"; at: Square }
  | { type: "concede" };

/**
 * A drone's order: move, or take its command action against a target (seed 001 4.2), or take its
 * automaton action, whose target its card's targeting logic picks (seed 000 1.2.1; when an
 * automaton action runs is a project decision, docs/rules/ember.md).
 */
export type DroneOrder =
  | { kind: "move"; to: Square; facing: Facing }
  | { kind: "action"; target: UnitId }
  | { kind: "automaton" };

/** What the rules report. Every event is public unless produced inside an envelope with an audience. */
export type EmberEvent =
  /** A seat locked its list: the commitment is public, the list its side's only (others get the shadow without it). */
  | { type: "army_locked"; seat: SeatId; commitment: string; army?: ArmyList }
  | { type: "army_unlocked"; seat: SeatId }
  /** Every list locked: the lists and their salts, so anyone can check each commitment. */
  | { type: "armies_revealed"; armies: Record<SeatId, ArmyList>; salts: Record<SeatId, string> }
  | { type: "first_player_roll"; rolls: Record<SeatId, Face[]>; lights: Record<SeatId, number>; winner: SeatId | null }
  | { type: "side_chosen"; seat: SeatId; side: Side }
  | { type: "initiative_order"; order: SeatId[] }
  | { type: "secondary_chosen"; seat: SeatId; commitment: string; secondary?: string }
  | { type: "secondaries_revealed"; choices: Record<SeatId, string>; salts: Record<SeatId, string> }
  | { type: "objective_placed"; seat: SeatId; objective: string; at: Square }
  | { type: "unit_deployed"; unit: UnitId; at: Square; facing: Facing; stance: Stance }
  | { type: "round_started"; round: number }
  | { type: "phase_started"; phase: "command" | "plan" | "action" | "delay" | "end" }
  | { type: "projectile_launched"; projectile: string; card: string; owner: SeatId; launcher: UnitId; from: Square; to: Square; fire: "direct" | "indirect" | "install" | "scatter" }
  | { type: "drone_launched"; unit: UnitId; drone: string; launcher: UnitId; from: Square; to: Square; facing: Facing }
  | { type: "interception"; interceptor: UnitId; part: PartSlot; action: string; target: string; tokens: number }
  | { type: "projectile_detonated"; projectile: string; at: Square; targets: string[] }
  | { type: "projectile_removed"; projectile: string; reason: "detonated" | "destroyed" | "no_target" }
  | { type: "smoke_placed"; seat: SeatId; squares: Square[] }
  | { type: "smoke_removed"; seat: SeatId; at: Square }
  | { type: "commands_generated"; tokens: Record<UnitId, number> }
  | { type: "drone_commanded"; mech: UnitId; drone: UnitId; order: DroneOrder["kind"] }
  | { type: "commands_ended"; seat: SeatId }
  | { type: "unit_moved"; unit: UnitId; from: Square; to: Square; facing: Facing }
  | { type: "plan_locked"; seat: SeatId; commitment: string; dials?: Record<UnitId, Timing> }
  | { type: "dials_revealed"; dials: Record<UnitId, Timing> }
  | { type: "plan_opened"; seat: SeatId; dials: Record<UnitId, Timing>; salt: string }
  | { type: "timing_called"; timing: Timing }
  | { type: "activation_started"; unit: UnitId; timing: Timing }
  | { type: "activation_ended"; unit: UnitId }
  | { type: "stance_changed"; unit: UnitId; stance: Stance; reason: "choice" | "reboot" | "suppress" | "link_zero" }
  | { type: "rebooted"; unit: UnitId; link: number }
  | { type: "action_taken"; unit: UnitId; part: PartSlot | null; action: string; target?: UnitId }
  | { type: "attack_declared"; attacker: UnitId; defender: UnitId; mode: "shoot" | "melee" | "blast"; rear: boolean; cover: { terrain: boolean; unit: boolean }; chain: boolean }
  | { type: "hit_part"; defender: UnitId; part: PartSlot; how: "roll" | "attacker" | "defender" | "torso_fallback"; roll?: PartFace }
  | { type: "part_rolled"; defender: UnitId; roll: PartFace; reroll: boolean }
  | { type: "dice_rolled"; side: "attack" | "defence"; dice: DieResult[] }
  | { type: "dice_rerolled"; side: "attack" | "defence"; indices: number[]; dice: DieResult[] }
  | { type: "dice_replaced"; side: "attack" | "defence"; index: number; from: Face; to: Face }
  | { type: "attack_resolved"; damage: number; penetrated: boolean; hit: boolean; cancelledByEvade: number; cancelledByDefend: number }
  | { type: "part_damaged"; unit: UnitId; part: PartSlot | null }
  | { type: "part_destroyed"; unit: UnitId; part: PartSlot }
  | { type: "unit_destroyed"; unit: UnitId; reason: "torso_destroyed" | "penetrated" | "integrity" }
  | { type: "link_changed"; unit: UnitId; link: number; reason: LinkChangeReason }
  | {
      type: "ew_roll";
      /** Why the roll was made: an electronic attack action, or detection before an attack (seed 000 6.2). */
      purpose: "electronic_attack" | "detect_before_attack";
      caster: UnitId;
      responder: UnitId;
      casterDice: DieResult[];
      responderDice: DieResult[];
      /** Counted results (hollow faces count in OFF, seed 000 5.2 note). */
      casterLightning: number;
      casterLights: number;
      responderLightning: number;
      responderLights: number;
      winner: "caster" | "responder";
    }
  /** A link reroll of one side's EW dice (seed 000 4, 5.2): the dice before and after. */
  | { type: "ew_rerolled"; side: "caster" | "responder"; unit: UnitId; indices: number[]; before: DieResult[]; dice: DieResult[] }
  | { type: "passive_triggered"; unit: UnitId; part: PartSlot; passive: string }
  | { type: "lo_token"; unit: UnitId; on: boolean; reason: "support" | "detected" | "not_silent" }
  | { type: "camouflage_on"; unit: UnitId; concealment: number }
  /** Owner-only: where the camouflaged unit really is (seed 000 6.2). */
  | { type: "concealment_set"; unit: UnitId; at: Square }
  | {
      type: "decloaked";
      unit: UnitId;
      /** The marker's square. */
      from: Square;
      /** Where the unit appears (exposure displacement, seed 000 6.2). */
      to: Square;
      reason: "action" | "not_silent" | "contact" | "detected" | "part_destroyed";
    }
  | { type: "attack_failed"; attacker: UnitId; defender: UnitId; reason: "not_detected" | "cannot_reach" }
  | { type: "chain_damage"; keyword: ChainOption["keyword"]; target: UnitId; damage: number }
  | { type: "vp_scored"; seat: SeatId; zones: string[]; vp: number; total: number; team?: TeamId; objectives?: string[]; secondaries?: string[] }
  | { type: "match_ended"; result: MatchResult; seed: string }
  | { type: "parry_declared"; unit: UnitId; part: PartSlot | null; contested: boolean }
  /** A side used its designation ability, or did not (seed 000 1.2.1). */
  | { type: "designation_used"; unit: UnitId; by: "attacker" | "defender"; ability: DesignationAbility; used: boolean }
  | { type: "parry"; unit: UnitId; part: PartSlot | null; white: number }
  | { type: "parry_succeeded"; unit: UnitId; part: PartSlot | null }
  | { type: "dice_changed"; side: "attack" | "defence"; by: "attacker" | "defender"; die: PoolDie; change: number }
  | { type: "dice_set"; side: "attack" | "defence"; by: "attacker" | "defender"; die: PoolDie; count: number; face: Face }
  | { type: "result_triggered"; unit: UnitId; on: "eye" | "lightning"; effect: "impact" | "suppress" }
  | { type: "part_discarded"; unit: UnitId; part: PartSlot; kept: string[]; removed: string[] }
  | { type: "part_charged"; unit: UnitId; part: PartSlot; action: string }
  | { type: "charge_spent"; unit: UnitId; part: PartSlot; action: string }
  | { type: "ammo_spent"; unit: UnitId; part: PartSlot; action: string; spent: number; left: number }
  | { type: "ammo_resupplied"; unit: UnitId; part: PartSlot; action: string; restored: number; left: number }
  | { type: "command_tokens_spent"; unit: UnitId; spent: number; left: number }
  | { type: "coordination_granted"; unit: UnitId; commands: number }
  /**
   * A blast on vulnerable terrain (seed 000 1.5.2-1.5.3): the projectile's attack dice against the
   * terrain's white dice (armour, or structure once damaged), no stance, no reroll.
   */
  | { type: "terrain_attacked"; projectile: string; terrain: string; attackDice: DieResult[]; defenceDice: DieResult[]; damage: number; penetrated: boolean }
  /** A penetrated vulnerable terrain piece takes a damage token, or is destroyed and becomes rubble. */
  | { type: "terrain_damaged"; terrain: string; destroyed: boolean };

/** Why a mech's link changed (seed 000 1.1.1, 1.2.3, 2.3, 4). */
export type LinkChangeReason =
  | "reroll"
  | "part_destroyed"
  | "impact"
  | "reboot"
  | "recover"
  | "spend"
  | "stabilise"
  | "effect"
  | "electronic_attack"
  | "passive";

/** The closed set of EMBER error codes; each has a message naming its rule (see errors.ts). */
export type EmberErrorCode =
  | CommonErrorCode
  | "no_decision_pending"
  | "wrong_phase"
  | "unknown_unit"
  | "not_your_unit"
  | "unit_destroyed"
  | "already_deployed"
  | "outside_deployment_zone"
  | "square_unavailable"
  | "no_command_tokens"
  | "drone_already_commanded"
  | "unit_shutdown"
  | "unit_not_shutdown"
  | "incomplete_plan"
  | "plan_already_locked"
  | "not_active_unit"
  | "stance_step_over"
  | "already_manoeuvred"
  | "out_of_reach"
  | "not_enough_ticks"
  | "timing_mismatch"
  | "action_already_used"
  | "part_destroyed"
  | "unknown_action"
  | "out_of_range"
  | "no_line_of_sight"
  | "not_in_front_arc"
  | "invalid_target"
  | "link_full"
  | "invalid_choice"
  | "invalid_reroll"
  | "objective_too_close"
  | "locked_on"
  | "not_enough_link"
  | "no_ammo"
  | "nothing_to_resupply"
  | "already_charged"
  | "not_chargeable"
  | "not_armed"
  | "unarmed_needed"
  | "not_enough_command_tokens"
  | "smoke_placement"
  | "drop_unavailable"
  | "intercept_only"
  | "no_ew"
  | "not_concealed"
  | "invalid_hidden_square"
  | "invalid_army"
  | "army_locked"
  | "army_not_locked"
  | "too_many_locks";
