/**
 * The shape of EMBER's sample data, validated at load with zod. The seeds give rules, not cards:
 * every number here (dice faces, parts, pilots, drones, boards, missions) is original sample data
 * of this project, kept in `packages/ember/data/*.json` so a group can replace it with its own.
 */
import { z } from "zod";
import { CHOOSABLE_STANCES, PART_SLOTS, TIMINGS } from "./terms";

export { CHOOSABLE_STANCES, PART_SLOTS, TIMINGS };

/** A bilingual display name. */
export const Name = z.object({ en: z.string().min(1), ko: z.string().min(1) });
export type Name = z.infer<typeof Name>;

const id = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, "ids are lowercase letters, digits, - and _");

/** The three factions of the base game (seed 001 2). */
export const Faction = z.enum(["RDL", "UN", "GOF"]);
export type Faction = z.infer<typeof Faction>;

/**
 * A die face result (seed 000 1.2.1): attack dice show light/heavy hits, eyes, lightning, blanks;
 * defence dice show defend/evade, eyes, blanks.
 */
export const FaceResult = z.enum(["light", "heavy", "defend", "evade", "eye", "lightning", "blank"]);
export type FaceResult = z.infer<typeof FaceResult>;

/**
 * One face of a yellow, red, white or blue die. `count` 2 is a double face ([double light] counts
 * as two results, seed 000 1.2.1); `hollow` faces only count in the matching stance (seed 000 1.1).
 */
export const Face = z.object({
  result: FaceResult,
  count: z.union([z.literal(1), z.literal(2)]).default(1),
  hollow: z.boolean().default(false),
});
export type Face = z.infer<typeof Face>;

/** The mech parts (seed 000 1.2.3). */
export const PartSlot = z.enum(PART_SLOTS);
export type PartSlot = z.infer<typeof PartSlot>;

/** A part die face: a part, or `choice` (the attacker picks; seed 000 1.2.1). */
export const PartFace = z.enum(["torso", "chassis", "left_arm", "right_arm", "choice"]);
export type PartFace = z.infer<typeof PartFace>;

/** The five dice of the game. Each die has exactly six faces. */
export const DiceData = z.object({
  yellow: z.array(Face).length(6),
  red: z.array(Face).length(6),
  white: z.array(Face).length(6),
  blue: z.array(Face).length(6),
  part: z.array(PartFace).length(6),
});
export type DiceData = z.infer<typeof DiceData>;

/** The six action timings on the timing dial, in order 1..6 (seed 001 5, 6.1). */
export const Timing = z.enum(TIMINGS);
export type Timing = z.infer<typeof Timing>;

/** Action length: short or medium, costing tick points (seed 001 6.3; costs in rules.json). */
export const ActionLength = z.enum(["S", "M"]);
export type ActionLength = z.infer<typeof ActionLength>;

/**
 * Attack keywords the rules implement:
 * - `snipe` (저격): the attacker designates the hit part (seed 000 1.2.1);
 * - `kick` (발차기): the attacker designates the hit part of a melee attack (seed 000 1.4); the
 *   common action punch and kick gets it when taken with the chassis (a project decision);
 * - `suppress` (제압): the target mech switches to DEF before the roll (seed 000 1.1 note 1);
 * - `impact` (충격): a hit (not cancelled by [evade]) costs the target 1 link (seed 000 4);
 * - `rupture` (파열), `shotgun` (산탄), `cleave` (절단): chain damage (seed 000 1.2.4).
 */
export const AttackKeyword = z.enum(["snipe", "suppress", "impact", "rupture", "shotgun", "cleave", "kick"]);
export type AttackKeyword = z.infer<typeof AttackKeyword>;

/** A result replacement such as "[lightning] is replaced by [heavy]" (seed 000 1.2.1). */
export const Replacement = z.object({ from: FaceResult, to: FaceResult });

/** The four attack and defence dice. */
export const PoolDie = z.enum(["yellow", "red", "white", "blue"]);
export type PoolDie = z.infer<typeof PoolDie>;

/**
 * An ability that adds (`change` > 0) or removes (`change` < 0) dice of one colour from the attack
 * pool (yellow/red) or the defence pool (white/blue) (seed 000 1.2.1 "추가하거나 감소"). White dice
 * are never reduced to 0 when the pool had any (the white-dice floor).
 */
export const PoolChange = z.object({ die: PoolDie, change: z.number().int().min(-5).max(5) });
export type PoolChange = z.infer<typeof PoolChange>;

/**
 * An ability that sets up to `count` dice of one colour to a result instead of rolling them
 * (seed 000 1.2.1 "X 개의 주사위를 지정"): the set dice are not rolled.
 */
export const SetDice = z.object({ die: PoolDie, count: z.number().int().min(1).max(5), face: FaceResult });
export type SetDice = z.infer<typeof SetDice>;

/**
 * Dice abilities of an attack action (the attacker's) or of an intact part (its mech's): pool
 * changes and set dice used when the unit attacks (`attack`, `setAttack`) or defends (`defence`,
 * `setDefence`); either may touch either pool by its die colour, e.g. an attacker's -1 white
 * (seed 000 1.2.1; the attacker's go first, then the defender's, note at the end of 1.2.1).
 */
export const DiceAbilities = z.object({
  attack: z.array(PoolChange).default([]),
  defence: z.array(PoolChange).default([]),
  setAttack: z.array(SetDice).default([]),
  setDefence: z.array(SetDice).default([]),
  /** Defender's replacements on its own dice (applied after the attacker's, seed 000 1.2.1 note). */
  replaceDefence: z.array(Replacement).default([]),
});
export type DiceAbilities = z.infer<typeof DiceAbilities>;

/**
 * An effect triggered by an [eye] or [lightning] result not cancelled by an [evade]
 * (seed 000 1.2.1 "특정 효과를 유발하는 [눈]/[번개]"): `impact` costs the target mech 1 link,
 * `suppress` switches it to DEF after the attack (not in shutdown).
 */
export const ResultTrigger = z.object({ on: z.enum(["eye", "lightning"]), effect: z.enum(["impact", "suppress"]) });
export type ResultTrigger = z.infer<typeof ResultTrigger>;

/** An attack action's effect: shooting (seed 000 1.3) or melee (1.4). Range in squares. */
export const AttackEffect = z.object({
  kind: z.literal("attack"),
  attack: z.enum(["shoot", "melee"]),
  /** Maximum range in squares; melee range 1 is the adjacent squares ([---], seed 000 1.4.1). */
  range: z.number().int().min(1).max(24),
  dice: z.object({ yellow: z.number().int().min(0).max(10), red: z.number().int().min(0).max(10) }),
  keywords: z.array(AttackKeyword).default([]),
  replace: z.array(Replacement).default([]),
  /** The attacker's dice abilities for this attack (seed 000 1.2.1). */
  diceAbilities: DiceAbilities.optional(),
  /** Results that each deal 1 damage ("[눈]/[번개]가 1 의 데미지", seed 000 1.2.1 note). */
  damageResults: z.array(z.enum(["eye", "lightning"])).default([]),
  /** Effects triggered by uncancelled [eye]/[lightning] results (seed 000 1.2.1). */
  triggers: z.array(ResultTrigger).default([]),
  /**
   * Two-handed (양손): with an unarmed part designated to assist, the attack adds these dice
   * (seed 000 11 "비무장 지정"; the bonus is sample data).
   */
  twoHanded: z.object({ yellow: z.number().int().min(0).max(3), red: z.number().int().min(0).max(3) }).optional(),
  /** Thrown (투척): can only be taken with an unarmed part designated to assist (seed 000 11). */
  thrown: z.boolean().default(false),
  /**
   * Interception X (seed 000 3): the action also intercepts enemy high-altitude units, X times
   * (X interception tokens placed at deployment). `interceptOnly`: a passive action used only to
   * intercept, never as an active action.
   */
  interception: z.number().int().min(1).max(9).optional(),
  interceptOnly: z.boolean().default(false),
});
export type AttackEffect = z.infer<typeof AttackEffect>;

/**
 * A move action: move up to `range` squares (seed 001 6.3, "이동"). `crawl` moves cannot leave a
 * lock-on (seed 000 2.2.1).
 */
export const MoveEffect = z.object({ kind: z.literal("move"), range: z.number().int().min(1).max(12), crawl: z.boolean().default(false) });
/** Recover link points, never above the pilot's maximum. */
export const RecoverLinkEffect = z.object({ kind: z.literal("recover_link"), amount: z.number().int().min(1).max(3) });
/** Discard (폐기): the named armed part switches to its discarded card (seed 000 2.1, 11). */
export const DiscardEffect = z.object({ kind: z.literal("discard") });
/** System stabilisation (시스템 안정화): remove one square or hexagon token, recover 1 link (seed 000 2.3). */
export const StabiliseEffect = z.object({ kind: z.literal("stabilise") });
/** Charge (충전): the named part's chargeable action becomes charged (seed 000 2.6, 8). */
export const ChargeEffect = z.object({ kind: z.literal("charge") });
/**
 * Resupply (보충): flip up to `amount` spent ammo tokens of `ammo` kind on one part of a friendly
 * mech within `range` squares (0: this mech only) (seed 000 7).
 */
export const ResupplyEffect = z.object({
  kind: z.literal("resupply"),
  ammo: z.string().min(1),
  amount: z.number().int().min(1).max(5),
  range: z.number().int().min(0).max(12),
});
/** An action whose whole effect is its command coordination X (seed 000 9.3). */
export const CoordinateEffect = z.object({ kind: z.literal("coordinate") });

/**
 * A launch action (seed 000 1.5; seed 001 6.3 "발사"): it creates a projectile/installation unit,
 * or a drone, instead of attacking. `fire`: `direct` needs line of sight to the drop point,
 * `indirect` does not (1.5.1); `install` places an installation on a square in line of sight,
 * without interception (1.5.4); `scatter` moves the launcher up to `range` squares and drops
 * installations on squares of its path, each drop costing `dropCost` squares of movement (1.5.5).
 * `range` is in squares; exactly one of `projectile` and `drone` names what is created.
 */
export const LaunchEffect = z.object({
  kind: z.literal("launch"),
  fire: z.enum(["direct", "indirect", "install", "scatter"]),
  range: z.number().int().min(1).max(24),
  projectile: id.optional(),
  drone: id.optional(),
  /** Scatter only: the most installations dropped in one move, and the movement each costs. */
  drops: z.number().int().min(1).max(3).default(1),
  dropCost: z.number().int().min(0).max(3).default(0),
});
export type LaunchEffect = z.infer<typeof LaunchEffect>;

/**
 * Smoke (seed 000 10): place `cards` smoke cards on whole squares within `range` squares of the
 * unit, each touching another card of the same placement along an edge.
 */
export const SmokeEffect = z.object({
  kind: z.literal("smoke"),
  range: z.number().int().min(0).max(12),
  cards: z.number().int().min(1).max(3),
});
export type SmokeEffect = z.infer<typeof SmokeEffect>;

/**
 * An electronic attack (전자공격, seed 000 5.1): an EW roll against an enemy unit within `range`
 * squares (terrain and line of sight do not matter, 5.1); `strength` is "송출 강도 +X": X more
 * yellow dice for the caster (5.2). On the caster's success the target loses `linkLoss` link
 * (seed 000 4) and, with `detect`, is detected (seed 000 2.4, 6.4).
 */
export const ElectronicAttackEffect = z.object({
  kind: z.literal("electronic_attack"),
  range: z.number().int().min(1).max(24),
  strength: z.number().int().min(0).max(5).default(0),
  linkLoss: z.number().int().min(0).max(3).default(0),
  detect: z.boolean().default(false),
});
export type ElectronicAttackEffect = z.infer<typeof ElectronicAttackEffect>;

/**
 * An electronic support (전자지원, seed 000 5.1): a support effect on a friendly unit within
 * `range` squares, the acting unit included (5.1 note); no EW roll. `grant: "low_observable"`
 * puts a low-observable token on it (seed 000 6.1).
 */
export const ElectronicSupportEffect = z.object({
  kind: z.literal("electronic_support"),
  range: z.number().int().min(0).max(24),
  grant: z.literal("low_observable"),
});
export type ElectronicSupportEffect = z.infer<typeof ElectronicSupportEffect>;

/**
 * Optical camouflage on (광학 위장, seed 000 6.2) with "은폐 X": the unit's model becomes a
 * public marker and its real square, known to its owner only, lies within `concealment` squares
 * of the marker (exposure displacement on decloak).
 */
export const CamouflageEffect = z.object({ kind: z.literal("camouflage"), concealment: z.number().int().min(0).max(4) });
export type CamouflageEffect = z.infer<typeof CamouflageEffect>;

/** Decloak (위장 비활성화, seed 000 2.5): the unit switches its optical camouflage off. */
export const DecloakEffect = z.object({ kind: z.literal("decloak") });

export const ActionEffect = z.discriminatedUnion("kind", [
  AttackEffect,
  MoveEffect,
  RecoverLinkEffect,
  DiscardEffect,
  StabiliseEffect,
  ChargeEffect,
  ResupplyEffect,
  CoordinateEffect,
  LaunchEffect,
  SmokeEffect,
  ElectronicAttackEffect,
  ElectronicSupportEffect,
  CamouflageEffect,
  DecloakEffect,
]);
export type ActionEffect = z.infer<typeof ActionEffect>;

/** Ammo (탄약): `uses` icons, tokens of a named `kind` that resupply actions refill (seed 000 7). */
export const Ammo = z.object({ uses: z.number().int().min(1).max(8), kind: z.string().min(1) });
export type Ammo = z.infer<typeof Ammo>;

/**
 * What a charged action gains when its charge is spent (seed 000 8): extra attack dice and
 * keywords (sample data).
 */
export const ChargedBonus = z.object({
  yellow: z.number().int().min(0).max(3).default(0),
  red: z.number().int().min(0).max(3).default(0),
  keywords: z.array(AttackKeyword).default([]),
});
export type ChargedBonus = z.infer<typeof ChargedBonus>;

/** An action printed on a part or a drone card. */
export const Action = z.object({
  id,
  name: Name,
  timing: Timing,
  length: ActionLength,
  /** 무소음 (silent, seed 000 6.3): taking it keeps optical camouflage and low-observable tokens. */
  silent: z.boolean().default(false),
  effect: ActionEffect,
  /** Link this action spends; never spent down to 0 (seed 000 4). */
  linkCost: z.number().int().min(1).max(3).optional(),
  /** Ammo icons: the action can be taken this many times (seed 000 7). */
  ammo: Ammo.optional(),
  /** Salvo X (일제발사): up to X projectiles at once, one ammo token each (seed 000 7). */
  salvo: z.number().int().min(2).max(6).optional(),
  /** A charge icon: the action can be charged, and what the charge adds (seed 000 8). */
  charge: ChargedBonus.optional(),
  /** Face-up command tokens this action spends (flips) for its effect (seed 000 9.4). */
  commandCost: z.number().int().min(1).max(3).optional(),
  /** Command coordination X: after the action, give up to X commands to drones (seed 000 9.3). */
  coordination: z.number().int().min(1).max(4).optional(),
});
export type Action = z.infer<typeof Action>;

/**
 * A common action every mech has (seed 000 2; seed 001 6.3 note): the action, and the part slots
 * that can take it (the command names one). `slotKeywords` adds attack keywords when taken with a
 * given slot (the chassis kicks).
 */
export const CommonAction = z.object({
  action: Action,
  slots: z.array(PartSlot).min(1),
  slotKeywords: z.partialRecord(PartSlot, z.array(AttackKeyword)).default({}),
});
export type CommonAction = z.infer<typeof CommonAction>;

/**
 * A passive action (패시브) triggered "on EW success" (전자전 성공 시, seed 000 5.2 note): it fires
 * when its unit wins an EW roll, as caster or as responder. Passives do not break silence (6.3).
 */
export const Passive = z.object({
  id,
  name: Name,
  trigger: z.literal("ew_success"),
  effect: RecoverLinkEffect,
});
export type Passive = z.infer<typeof Passive>;

/**
 * Part abilities: `shield` (방패 들기) lets the defender designate the hit part (seed 000 1.2.1);
 * `low_observable` (저피탐) makes the unit low-observable without a token (seed 000 6.1 note: it
 * cannot be detected away).
 */
export const PartAbility = z.enum(["shield", "low_observable"]);
export type PartAbility = z.infer<typeof PartAbility>;

/**
 * A mech part card. `ew` null is "-" (cannot be an EW target, seed 000 5.2). `structure` absent:
 * the part is destroyed on its first penetration (seed 000 1.2.2). `mobility` is the chassis's
 * manoeuvre in squares (seed 001 6.3).
 */
export const Part = z.object({
  id,
  name: Name,
  faction: Faction,
  slot: PartSlot,
  points: z.number().int().min(0),
  armour: z.number().int().min(0).max(10),
  structure: z.number().int().min(1).max(10).optional(),
  evasion: z.number().int().min(0).max(5),
  ew: z.number().int().min(0).max(5).nullable(),
  parry: z.number().int().min(1).max(5).optional(),
  mobility: z.number().int().min(0).max(8).optional(),
  abilities: z.array(PartAbility).default([]),
  actions: z.array(Action).default([]),
  /** Command generation X: the mech generates X commands per such part instead of 1 (seed 000 9.1). */
  commandGeneration: z.number().int().min(1).max(6).optional(),
  /** Passive dice abilities of this part while it is intact (seed 000 1.2.1). */
  diceAbilities: DiceAbilities.optional(),
  /** Unarmed (비무장): the part holds no weapon and can assist two-handed and thrown actions (seed 000 11). */
  unarmed: z.boolean().default(false),
  /**
   * Armed (무장): the part holds a weapon that can be discarded; this is its discarded card
   * (seed 000 11). The discarded card replaces the part's stats, abilities and actions.
   */
  discarded: z
    .object({
      name: Name,
      armour: z.number().int().min(0).max(10),
      structure: z.number().int().min(1).max(10).optional(),
      evasion: z.number().int().min(0).max(5),
      ew: z.number().int().min(0).max(5).nullable(),
      parry: z.number().int().min(1).max(5).optional(),
      abilities: z.array(PartAbility).default([]),
      actions: z.array(Action).default([]),
      unarmed: z.boolean().default(true),
    })
    .optional(),
  /** Passive actions, e.g. "on EW success" (seed 000 5.2 note). */
  passives: z.array(Passive).default([]),
});
export type Part = z.infer<typeof Part>;

/** A pilot: link maximum and an initiative number under each of the six timings (seed 001 6.1). */
export const Pilot = z.object({
  id,
  name: Name,
  faction: Faction,
  points: z.number().int().min(0),
  linkMax: z.number().int().min(1).max(10),
  initiative: z.array(z.number().int().min(0).max(99)).length(6),
});
export type Pilot = z.infer<typeof Pilot>;

/** Drone movement: ground (arrow), flying (plane) or high-altitude (projectile icon) (seed 001 4.2). */
export const MovementMode = z.enum(["ground", "flying", "high_altitude"]);
export type MovementMode = z.infer<typeof MovementMode>;

/** The stances (seed 000 1.1). Shutdown is entered by the rules, never chosen. */
export const Stance = z.enum(["DEF", "MOB", "OFF", "SHUTDOWN"]);
export type Stance = z.infer<typeof Stance>;

/**
 * Targeting logic (표적 논리) of an automatic attack (seed 000 1.2.1 "대상 지정": an attack that
 * runs by itself, such as a drone's automaton action, must pick its target by the unit's
 * targeting logic). The seed names the rule, not its contents; this is sample data:
 * - `pick` `nearest`: among the targets the action may attack (range, line of sight, front arc,
 *   lock-on, exactly as a chosen target), the nearest in squares (king steps);
 * - `prefer`: units of that type come first when the action may attack any (like a projectile's
 *   priority type, seed 000 1.5.2);
 * - ties are broken by the project's fixed rule (docs/rules/ember.md "Data decision"): the unit
 *   listed first in the match (seat order, then army-list order, then launch order).
 */
export const TargetingLogic = z.object({
  pick: z.enum(["nearest"]),
  prefer: z.enum(["mech", "drone"]).optional(),
});
export type TargetingLogic = z.infer<typeof TargetingLogic>;

/**
 * An automaton action (오토마톤 액션) of a drone card (seed 000 1.2.1): an attack action the drone
 * takes by itself, its target picked by the card's targeting logic, never by a player. When it
 * runs is the project's decision (docs/rules/ember.md): a command may order it instead of a move
 * or the command action (seed 001 4.2).
 */
export const Automaton = z.object({
  action: Action.refine((a) => a.effect.kind === "attack" && !a.effect.interceptOnly && a.effect.interception === undefined, {
    message: "an automaton action is a shooting or melee attack without interception",
  }),
  targeting: TargetingLogic,
});
export type Automaton = z.infer<typeof Automaton>;

/** A drone card: a fixed stance, its own defence stats, movement and one command action. */
export const Drone = z.object({
  id,
  name: Name,
  faction: Faction,
  points: z.number().int().min(0),
  large: z.boolean().default(false),
  stance: z.enum(["DEF", "MOB", "OFF"]),
  armour: z.number().int().min(0).max(10),
  structure: z.number().int().min(1).max(10).optional(),
  evasion: z.number().int().min(0).max(5),
  ew: z.number().int().min(0).max(5).nullable(),
  parry: z.number().int().min(1).max(5).optional(),
  /** Lock-on (락온): the drone locks adjacent enemies in its front arc (seed 000 1.3-1.4.1). */
  lockOn: z.boolean().default(false),
  movement: z.object({ mode: MovementMode, squares: z.number().int().min(1).max(12) }),
  /** Abilities printed on the card, e.g. `low_observable` (seed 000 6.1). */
  abilities: z.array(PartAbility).default([]),
  commandAction: Action,
  /** An automaton action and its targeting logic (seed 000 1.2.1), if the card has one. */
  automaton: Automaton.optional(),
});
export type Drone = z.infer<typeof Drone>;

/**
 * What a projectile or installation does when it acts (seed 000 1.5.2-1.5.3). `seek`: `none`
 * detonates where it stands; `choose_enemy` targets an enemy unit of its owner's choice within
 * `seekRange`; `nearest` must target the nearest enemy unit within `seekRange` (ties: the owner
 * picks); `prefer` gives priority to a unit type. `blast`: `target` damages the target only,
 * `area` damages every unit within `radius` squares of the blast's centre, friends too.
 */
export const Detonation = z.object({
  seek: z.enum(["none", "choose_enemy", "nearest"]),
  seekRange: z.number().int().min(0).max(12).default(0),
  prefer: z.enum(["mech", "drone"]).optional(),
  blast: z.enum(["target", "area"]),
  radius: z.number().int().min(0).max(4).default(0),
  dice: z.object({ yellow: z.number().int().min(0).max(10), red: z.number().int().min(0).max(10) }),
  /** Only keywords that act on the target itself: `impact`, `suppress` (no chain damage from blasts). */
  keywords: z.array(z.enum(["impact", "suppress"])).default([]),
});
export type Detonation = z.infer<typeof Detonation>;

/**
 * A projectile or installation card (seed 000 1.5): its trigger (`instant` acts at once,
 * `delay` in the delay phase, `passive` when an enemy ground unit ends a move within
 * `triggerRange` squares), whether it is a high-altitude unit, its fixed stance and defence
 * stats, its EW value (`ew`, absent for "-") and its detonation. `persistent`: a delay installation that acts every delay phase
 * instead of detonating (1.5.2 note).
 */
export const ProjectileCard = z.object({
  id,
  name: Name,
  faction: Faction,
  kind: z.enum(["projectile", "installation"]),
  trigger: z.enum(["instant", "delay", "passive"]),
  highAltitude: z.boolean(),
  stance: z.enum(["DEF", "MOB", "OFF"]),
  armour: z.number().int().min(0).max(10),
  structure: z.number().int().min(1).max(10).optional(),
  evasion: z.number().int().min(0).max(5),
  triggerRange: z.number().int().min(0).max(4).default(0),
  persistent: z.boolean().default(false),
  /**
   * The card's EW value (seed 000 5.2), absent for "-". A projectile with EW 1 or more may select
   * a camouflaged unit as its target and, for a targeted blast, detects it first with an EW roll
   * (seed 000 6.2 "사격/근접/폭발 데미지에 의해 대상으로 지정되면 공격자는 먼저 탐지를 시도합니다";
   * "전자전수치가 0 또는 "-"인 유닛은 광학 위장 유닛을 대상으로 삼을 수 없습니다").
   */
  ew: z.number().int().min(0).max(6).optional(),
  detonation: Detonation,
});
export type ProjectileCard = z.infer<typeof ProjectileCard>;

/** A named mech build of four same-faction parts (a convenience for army building). */
export const Loadout = z.object({
  id,
  name: Name,
  faction: Faction,
  parts: z.object({ torso: id, chassis: id, left_arm: id, right_arm: id }),
});
export type Loadout = z.infer<typeof Loadout>;

/** A rectangle of squares, corners included; x is the column, y the row (0 = top, black's edge). */
export const Rect = z.object({
  x0: z.number().int().min(0),
  y0: z.number().int().min(0),
  x1: z.number().int().min(0),
  y1: z.number().int().min(0),
});
export type Rect = z.infer<typeof Rect>;

/**
 * Vulnerable terrain (취약 지형, seed 000 1.5.2 "발사체는 대상으로 취약 지형을 선택할 수
 * 있습니다"): a projectile may take it as its target. The seed gives no numbers; these are sample
 * data defending like a unit without stance or link (seed 000 1.2.1-1.2.2): `armour` white dice,
 * `structure` white dice once it holds a damage token (absent: destroyed on its first
 * penetration). A destroyed piece becomes rubble (project decision): it no longer blocks sight or
 * movement and is `rubbleHeightInches` high (cover only at the rules' cover height).
 */
export const Vulnerable = z.object({
  armour: z.number().int().min(0).max(10),
  structure: z.number().int().min(1).max(10).optional(),
  rubbleHeightInches: z.number().min(0).max(12).default(0),
});
export type Vulnerable = z.infer<typeof Vulnerable>;

/**
 * A terrain piece on whole squares. `blocking` terrain blocks line of sight and movement;
 * other terrain of `heightInches` 2 or more obstructs sight and gives terrain cover
 * (seed 000 1.3.1). `impassable` terrain cannot be entered. `vulnerable` terrain can be targeted
 * and destroyed by projectiles (seed 000 1.5.2).
 */
export const Terrain = z.object({
  id,
  name: Name,
  squares: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).min(1),
  heightInches: z.number().min(0).max(12),
  blocking: z.boolean(),
  impassable: z.boolean(),
  vulnerable: Vulnerable.optional(),
});
export type Terrain = z.infer<typeof Terrain>;

/** The tactical zones A-I (seed 001 3.1): 3 x 3 blocks of 4 x 4 squares on the 12 x 12 board. */
export const ZoneId = z.enum(["A", "B", "C", "D", "E", "F", "G", "H", "I"]);
export type ZoneId = z.infer<typeof ZoneId>;

/**
 * How a secondary mission scores at each end phase (project sample rules, docs/rules/ember.md):
 * - `deep_strike`: a mech of the side stands in another side's deployment zone;
 * - `beacon`: a mech of the seat stands within 1 square of an objective marker it placed;
 * - `unbroken`: none of the seat's mechs has been destroyed.
 */
export const SecondaryKind = z.enum(["deep_strike", "beacon", "unbroken"]);
export type SecondaryKind = z.infer<typeof SecondaryKind>;

/** A secondary mission (seed 001 3.3): original sample data, `vp` scored at each end phase its condition holds. */
export const SecondaryMission = z.object({
  id,
  name: Name,
  summary: Name,
  kind: SecondaryKind,
  vp: z.number().int().min(1).max(5),
});
export type SecondaryMission = z.infer<typeof SecondaryMission>;

/**
 * Objective markers (seed 001 3.3): each seat places `perSeat` markers, in turn from the first
 * player, on free squares outside every deployment zone, at least `minSpacing` squares (king
 * moves) from every other marker. At each end phase a side with more mechs within 1 square of a
 * marker than every other side scores `vp` for it.
 */
export const ObjectiveRules = z.object({
  perSeat: z.number().int().min(1).max(3),
  minSpacing: z.number().int().min(1).max(6),
  vp: z.number().int().min(1).max(5),
});
export type ObjectiveRules = z.infer<typeof ObjectiveRules>;

/**
 * A mission: victory points per controlled tactical zone scored at each end phase, a round limit,
 * and the tie-break by remaining parts plus drones. A side controls a zone when it has more
 * mechs (not drones) in it than the other side.
 */
export const Mission = z.object({
  id,
  name: Name,
  summary: Name,
  rounds: z.number().int().min(1).max(10),
  zoneValues: z.record(ZoneId, z.number().int().min(0).max(10)),
  /**
   * Mission preparation (seed 001 3.3): the secondary missions each seat chooses one of, in
   * secret, in turn from the first player. Absent: no secondary missions.
   */
  secondaries: z.array(SecondaryMission).min(2).optional(),
  /** Mission preparation (seed 001 3.3): objective markers each seat places, in turn from the first player. */
  objectives: ObjectiveRules.optional(),
});
export type Mission = z.infer<typeof Mission>;

/** Battle sizes and their point limits (seed 001 2). */
export const BattleSize = z.enum(["skirmish", "standard", "large"]);
export type BattleSize = z.infer<typeof BattleSize>;

/** A scenario: the board, its terrain, the two deployment zones and the mission. */
export const Scenario = z.object({
  id,
  name: Name,
  summary: Name,
  board: z.object({ width: z.literal(12), height: z.literal(12), squareMm: z.literal(75) }),
  battleSize: BattleSize,
  /**
   * Deployment zones by side (seed 001 3.2-3.4); `red` and `blue` are the extra zones of battles
   * of three or four sides (a scenario without them hosts two sides only).
   */
  deployment: z.object({ black: Rect, white: Rect, red: Rect.optional(), blue: Rect.optional() }),
  terrain: z.array(Terrain),
  mission: Mission,
});
export type Scenario = z.infer<typeof Scenario>;

/** One unit of an army list: a mech (four parts and a pilot) or a drone. */
export const ArmyUnit = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("mech"),
    name: z.string().min(1).max(40).optional(),
    parts: z.object({ torso: id, chassis: id, left_arm: id, right_arm: id }),
    pilot: id,
  }),
  z.object({ kind: z.literal("drone"), drone: id }),
]);
export type ArmyUnit = z.infer<typeof ArmyUnit>;

/** An army list (seed 001 2). */
export const ArmyList = z.object({
  name: z.string().min(1).max(60),
  faction: Faction,
  units: z.array(ArmyUnit).min(1).max(20),
});
export type ArmyList = z.infer<typeof ArmyList>;

/** Rule constants the seeds leave open, kept as data (see docs/rules/ember.md). */
export const RulesConfig = z.object({
  /** Tick points of one activation (seed 001 6.3). */
  tickBudget: z.number().int().min(1),
  /** Tick cost of a manoeuvre and of each action length. */
  manoeuvreCost: z.number().int().min(0),
  lengthCost: z.object({ S: z.number().int().min(1), M: z.number().int().min(1) }),
  /** Ticks granted by a reboot (seed 000 1.1.1 says 1). */
  rebootTicks: z.number().int().min(1),
  /** Point limits per battle size (seed 001 2). */
  pointLimits: z.object({ skirmish: z.number().int(), standard: z.number().int(), large: z.number().int() }),
  /** White dice added by terrain cover and by unit cover (seed 000 1.3.1, 1.3.2). */
  coverDice: z.number().int().min(0),
  /** Minimum terrain height in inches that obstructs sight for cover (seed 000 1.3.1). */
  coverHeightInches: z.number().min(0),
});
export type RulesConfig = z.infer<typeof RulesConfig>;

/** Everything the ruleset reads from data. */
export const EmberData = z.object({
  rules: RulesConfig,
  dice: DiceData,
  /** The common actions of every mech (seed 000 2). */
  commonActions: z.array(CommonAction).default([]),
  parts: z.array(Part),
  pilots: z.array(Pilot),
  drones: z.array(Drone),
  projectiles: z.array(ProjectileCard).default([]),
  loadouts: z.array(Loadout),
  scenarios: z.array(Scenario),
  armies: z.array(ArmyList),
});
export type EmberData = z.infer<typeof EmberData>;
