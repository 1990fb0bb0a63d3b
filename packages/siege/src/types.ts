/**
 * The plain-data shapes of a Siege match (seed `004_cb264102299fbb71.txt`): setup, state,
 * commands, events and error codes. Everything is JSON (no classes), so a state can be hashed,
 * stored and replayed.
 *
 * Places are strings: `"x,y"` is a space of the lower floor (x from the west, y from the north,
 * in squares), `"up:<area>"` an area of the upper floor (seed 004 "층", "상층부와 진입로").
 */
import type { CommonErrorCode, Facing, MatchResult, RngState, SeatId } from "@fogwar/engine";
import type { Team } from "./data/schema";

/** A lower-floor space `"x,y"` or an upper-floor area `"up:<area>"`. */
export type Place = string;
/** An operator's catalog id (unique in a match: the two teams pick from different lists). */
export type OperatorId = string;
/** A secret operator token's id: random per match, drawn from the match RNG, unrelated to which token is real. */
export type TokenId = string;

/** What a match is made from: the mission and the seats of each team (one or two per team). */
export interface SiegeSetup {
  readonly mission: string;
  readonly teams: { readonly attack: readonly SeatId[]; readonly defence: readonly SeatId[] };
}

/**
 * A watch (seed 004 "경계"): on the lower floor a facing (the 180-degree front arc is watched);
 * on the upper floor an access-point watch token on the access point space `ap`.
 */
export type Watch = { readonly facing: Facing } | { readonly ap: Place };

/** An operator in play (seed 004 "오퍼레이터"). */
export interface OperatorState {
  readonly id: OperatorId;
  readonly team: Team;
  /**
   * The space of the model (for a leaning operator: the upper body, seed 004 "기울이기"); `null`
   * while the operator is hidden (its two tokens are in `tokens`), dead, or not yet deployed.
   */
  at: Place | null;
  /** The leaning stand (the lower body) while leaning, else `null`. */
  stand: Place | null;
  /** A defence operator still represented by its two secret tokens (seed 004 "비밀 오퍼레이터"). */
  hidden: boolean;
  /** The operator's watch (for a hidden operator, each token has its own: see {@link SecretToken}). */
  watch: Watch | null;
  /** Damage tokens on the profile. */
  damage: number;
  dead: boolean;
  redPing: boolean;
  stunned: boolean;
  /** The activation token was used this round (seed 004 "행동 페이즈"). */
  activated: boolean;
  /** Uses of the special gadget left (seed 004 "특수 도구 사용": cubes on the gadget). */
  specialUses: number;
}

/**
 * A secret operator token (seed 004 세팅 4, "비밀 오퍼레이터"). Public: id, owner, place and watch.
 * Secret: whether it is the real one (`hidden.real`, known to the defence team only).
 */
export interface SecretToken {
  readonly id: TokenId;
  readonly operator: OperatorId;
  at: Place;
  watch: Watch | null;
  /**
   * A stun marker (seed 004 "섬광탄": the operators in the area "스턴마커를 받는다"; a token counts as
   * an operator, seed 004 "층"): public, put on every token in the area alike, real or decoy. The
   * real token's marker takes effect when its operator is revealed (the model is stunned); a
   * decoy's goes with it. Removed at upkeep (seed 004 "유지 페이즈"). Absent when not stunned.
   */
  stunned?: boolean;
}

/** Wall and partition kinds (seed 004 "벽", "문", "창문"); `open` is no partition. */
export type PartitionKind = "thick" | "reinforced" | "thin" | "holed" | "door" | "window" | "open";

/** The changing part of a partition (the geometry stays in the map data). */
export interface PartitionState {
  kind: PartitionKind;
  /** Doors and windows: a barricade is up. */
  barricaded: boolean;
  /** Walls: destroyed (a broken wall component lies there, seed 004 "파괴된 벽"). */
  broken: boolean;
}

/** A gadget on the map: a tactical gadget id, or `snare` (a special gadget), or `reinforced_access`. */
export interface GadgetState {
  readonly id: string;
  readonly kind: string;
  readonly team: Team;
  readonly at: Place;
  /** A claymore's aimed space. */
  readonly aim?: Place;
}

/** A team's secret pick (seed 004 "팀 준비"): five operators and the tactical inventory cubes. */
export interface PickChoice {
  readonly operators: readonly OperatorId[];
  readonly inventory: Readonly<Record<string, number>>;
}

/** The ongoing activation (seed 004 "오퍼레이터 활성화"). */
export interface Activation {
  readonly operator: OperatorId;
  /** Movement points left. */
  mp: number;
  /** The actions taken (each at most once; moving is not one of them). */
  actions: ActionKind[];
  /** Went up this activation: no more movement (seed 004 "이동"). */
  climbed: boolean;
  /** Went down this activation: cannot go up again. */
  descended: boolean;
  /** Stopped by barbed wire (seed 004 "철조망"): the activation ends once reactions are done. */
  stopped: boolean;
}

/** The actions of an activation (seed 004 "액션들"). */
export type ActionKind = "run" | "watch" | "shoot" | "breach" | "gadget" | "special";

/**
 * A question the rules ask a team (seed 004 "반응 액션", "경계" 상층부, and the reroll tokens):
 * - `reaction`: watchers of `team` may take reaction shots at `target`; the list is built from
 *   public facts only (a hidden watcher is listed when either of its tokens could fire);
 * - `reroll`: the shooter's team may spend a reroll token on dice of the roll;
 * - `contest`: the owner of the access-point watch token at `ap` yields it or exchanges fire;
 * - `return_fire`: in that exchange of fire, the holder survived the challenger's shot and may
 *   fire back (seed 004 "사격 교환"); its team answers.
 */
export type SiegePending =
  | { readonly kind: "reaction"; readonly team: Team; readonly target: OperatorId; watchers: OperatorId[] }
  | {
      readonly kind: "reroll";
      readonly team: Team;
      readonly shooter: OperatorId;
      readonly target: OperatorId;
      readonly distance: number;
      readonly protection: number;
      dice: RolledDamageDie[];
    }
  | { readonly kind: "contest"; readonly team: Team; readonly ap: Place; readonly challenger: OperatorId; readonly holder: OperatorId }
  | { readonly kind: "return_fire"; readonly team: Team; readonly ap: Place; readonly challenger: OperatorId; readonly holder: OperatorId };

/** One rolled damage die: its colour, the face index and the damage it shows. */
export interface RolledDamageDie {
  readonly colour: "yellow" | "orange" | "red";
  readonly face: number;
  readonly value: number;
}

/** A team's picks as the state keeps them publicly: the commitment, then the revealed choice. */
export interface PublicPicks {
  commitment: string | null;
  choice: PickChoice | null;
  salt: string | null;
}

/** The match state. `hidden` and `server` are secret; {@link viewFor} decides who sees them. */
export interface SiegeState {
  readonly mission: string;
  readonly map: string;
  readonly seats: readonly SeatId[];
  readonly teams: { readonly attack: readonly SeatId[]; readonly defence: readonly SeatId[] };
  /** `picks` (secret simultaneous picks), `defence_setup`, `attack_setup`, `action`, `finished`. */
  phase: "picks" | "defence_setup" | "attack_setup" | "action" | "finished";
  /** 0 during setup, then 1..5 (6: overtime). */
  round: number;
  /** The action phase of the round: 0 attack 1, 1 defence 1, 2 attack 2, 3 defence 2 (seed 004 "요약"). */
  step: number;
  /** Activations made in the current action phase. */
  activations: number;
  activation: Activation | null;
  pending: SiegePending | null;
  picks: Record<Team, PublicPicks>;
  /** Cubes left on each team's tactical inventory, by gadget id. */
  inventory: Record<Team, Record<string, number>>;
  /** Setup gadgets the defence still has to place (seed 004 세팅 2-3). */
  setupGadgets: Record<string, number>;
  /** Components relocated or removed by the defence so far (seed 004 세팅 1: at most five). */
  edits: number;
  rerolls: Record<Team, number>;
  operators: Record<OperatorId, OperatorState>;
  /** Secret tokens on the board, sorted by id. */
  tokens: SecretToken[];
  partitions: Record<string, PartitionState>;
  gadgets: GadgetState[];
  /** Smoke overlays: the spaces each covers (seed 004 "오버레이"). */
  overlays: Place[][];
  /** Counter for gadget ids. */
  nextId: number;
  result: MatchResult | null;
  /** Known to the defence team (and omniscient viewers) only. */
  hidden: {
    /** For each hidden operator, its real token. */
    real: Record<OperatorId, TokenId>;
    /** Each team's pick until both are revealed (the team's own only). */
    picks: Record<Team, PickChoice | null>;
  };
  /**
   * Known to nobody while the match runs (the seed is revealed at the end): the seed and its two
   * random streams, `dice` (every public die) and `tokens` (hidden token ids), each
   * `rngStateFromSeed(seed, label)` (docs/rules/siege.md, "Random streams").
   */
  server: { readonly seed: string; rng: { dice: RngState; tokens: RngState } };
}

/** Commands a seat sends (any seat of the team whose turn it is; teammates share control). */
export type SiegeCommand =
  | { readonly type: "pick"; readonly operators: readonly OperatorId[]; readonly inventory: Readonly<Record<string, number>> }
  | { readonly type: "edit_component"; readonly component: string; readonly to: string | null }
  | { readonly type: "place_gadget"; readonly gadget: string; readonly at: Place }
  | { readonly type: "place_token"; readonly operator: OperatorId; readonly at: Place; readonly watch: Watch; readonly real: boolean }
  | { readonly type: "end_setup" }
  | { readonly type: "deploy"; readonly operator: OperatorId; readonly at: Place; readonly facing: Facing | null }
  | { readonly type: "activate"; readonly operator: OperatorId }
  | { readonly type: "step"; readonly operator: OperatorId; readonly token?: TokenId; readonly to: Place; readonly via?: Place }
  | { readonly type: "lean"; readonly operator: OperatorId; readonly to: Place }
  | { readonly type: "stand"; readonly operator: OperatorId }
  | { readonly type: "run"; readonly operator: OperatorId }
  | { readonly type: "watch"; readonly operator: OperatorId; readonly watches: readonly WatchOrder[] }
  | { readonly type: "reveal"; readonly operator: OperatorId }
  | { readonly type: "shoot"; readonly operator: OperatorId; readonly target: OperatorId }
  | { readonly type: "breach"; readonly operator: OperatorId; readonly target: string }
  | { readonly type: "gadget"; readonly operator: OperatorId; readonly gadget: string; readonly at: Place; readonly aim?: Place }
  | { readonly type: "special"; readonly operator: OperatorId; readonly at?: Place; readonly target?: string }
  | { readonly type: "end_activation"; readonly operator: OperatorId }
  | { readonly type: "end_phase" }
  | { readonly type: "react"; readonly operator: OperatorId }
  | { readonly type: "hold" }
  | { readonly type: "reroll"; readonly dice: readonly number[] }
  | { readonly type: "keep" }
  | { readonly type: "contest"; readonly fight: boolean }
  /** Seed 004 "사격 교환": the holder that survived the challenger's shot fires back (`fire`) or not. */
  | { readonly type: "return_fire"; readonly fire: boolean }
  /** Project decision (docs/rules/siege.md): the seat's team concedes; the other team wins, at any time. */
  | { readonly type: "concede" };

/**
 * One watch order: for a revealed operator a single order without `token`; for a hidden operator
 * one per token (seed 004 "경계": a hidden operator's watch applies to both tokens). `facing` on the
 * lower floor, `ap` (an access point of the area) on the upper floor.
 */
export interface WatchOrder {
  readonly token?: TokenId;
  readonly facing?: Facing;
  readonly ap?: Place;
}

/** What the rules report. */
export type SiegeEvent =
  | { readonly type: "match_started"; readonly mission: string; readonly seedCommitment: string }
  | { readonly type: "picks_locked"; readonly team: Team; readonly commitment: string }
  | { readonly type: "picks_revealed"; readonly picks: Record<Team, PickChoice & { salt: string }> }
  | { readonly type: "component_edited"; readonly component: string; readonly to: string | null }
  | { readonly type: "gadget_placed"; readonly gadget: GadgetState }
  | { readonly type: "token_placed"; readonly operator: OperatorId; readonly token?: SecretToken; readonly real?: boolean }
  | { readonly type: "setup_ended"; readonly team: Team; readonly tokens?: readonly SecretToken[] }
  | { readonly type: "deployed"; readonly operator: OperatorId; readonly at: Place; readonly facing: Facing | null }
  | { readonly type: "round_started"; readonly round: number }
  | { readonly type: "phase_started"; readonly team: Team; readonly step: number }
  | { readonly type: "activated"; readonly operator: OperatorId }
  | { readonly type: "moved"; readonly operator: OperatorId; readonly token?: TokenId; readonly from: Place; readonly to: Place; readonly cost: number }
  | { readonly type: "leaned"; readonly operator: OperatorId; readonly to: Place }
  | { readonly type: "stood"; readonly operator: OperatorId }
  | { readonly type: "ran"; readonly operator: OperatorId; readonly gained: number }
  | { readonly type: "watching"; readonly operator: OperatorId; readonly watches: readonly WatchOrder[] }
  | { readonly type: "watch_ended"; readonly operator: OperatorId }
  | { readonly type: "revealed"; readonly operator: OperatorId; readonly token: TokenId; readonly decoy: TokenId; readonly at: Place; readonly cause: RevealCause }
  | {
      readonly type: "shot";
      readonly shooter: OperatorId;
      readonly target: OperatorId;
      readonly kind: "action" | "reaction" | "exchange";
      readonly distance: number;
      readonly protection: number;
      readonly dice: readonly RolledDamageDie[];
      readonly damage: number;
    }
  | { readonly type: "rerolled"; readonly team: Team; readonly dice: readonly RolledDamageDie[] }
  | { readonly type: "damaged"; readonly operator: OperatorId; readonly amount: number; readonly source: string }
  | { readonly type: "token_hit"; readonly token: TokenId; readonly source: string }
  | { readonly type: "died"; readonly operator: OperatorId }
  | { readonly type: "pinged"; readonly operator: OperatorId; readonly source: string }
  | { readonly type: "stunned"; readonly operator: OperatorId; readonly token?: TokenId }
  | { readonly type: "breached"; readonly by: string; readonly partitions: readonly string[]; readonly gadgets: readonly string[] }
  | { readonly type: "gadget_used"; readonly operator: OperatorId; readonly gadget: string; readonly at: Place }
  | { readonly type: "exploded"; readonly gadget: string; readonly at: Place }
  | { readonly type: "overlay_placed"; readonly spaces: readonly Place[] }
  | { readonly type: "scanned"; readonly operator: OperatorId; readonly room: string }
  | { readonly type: "reinforced"; readonly partition: string }
  | { readonly type: "contest_started"; readonly ap: Place; readonly challenger: OperatorId; readonly holder: OperatorId }
  | { readonly type: "contest_yielded"; readonly ap: Place }
  | { readonly type: "activation_ended"; readonly operator: OperatorId; readonly reason: "ended" | "barbed_wire" | "dead" | "exhausted" }
  | { readonly type: "phase_ended"; readonly team: Team; readonly step: number }
  | { readonly type: "upkeep"; readonly round: number }
  | { readonly type: "match_ended"; readonly result: MatchResult; readonly seed: string; readonly real: Record<OperatorId, TokenId> };

/** Why a hidden operator was revealed (seed 004 "비밀 오퍼레이터 공개"). */
export type RevealCause = "at_will" | "reaction" | "sighted" | "damaged" | "scanned" | "contest" | "objective_check";

/** Siege's closed set of error codes. */
export type SiegeErrorCode =
  | CommonErrorCode
  | "no_decision_pending"
  | "wrong_phase"
  | "invalid_pick"
  | "already_picked"
  | "unknown_operator"
  | "not_your_operator"
  | "operator_dead"
  | "invalid_place"
  | "space_occupied"
  | "too_many_edits"
  | "unknown_component"
  | "no_gadget_left"
  | "tokens_placed"
  | "setup_incomplete"
  | "already_activated"
  | "activation_running"
  | "not_active"
  | "phase_limit"
  | "phase_needs_activation"
  | "no_movement"
  | "blocked"
  | "leaning"
  | "not_leaning"
  | "action_used"
  | "no_actions_left"
  | "hidden_operator"
  | "not_hidden"
  | "cannot_run"
  | "invalid_watch"
  | "invalid_target"
  | "no_line_of_sight"
  | "too_strong"
  | "not_adjacent"
  | "no_special"
  | "invalid_choice";
