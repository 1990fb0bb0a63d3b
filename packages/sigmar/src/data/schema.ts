/**
 * The shapes of the sample data (packages/sigmar/data), validated with zod at load. Every name,
 * number and line of the data is the project's own (docs/rules/sigmar.md "Sample data").
 * Distances are in inches (data) and become hundredths of an inch in the rules (geometry.ts).
 */
import { z } from "zod";

/** A text in both languages. */
export const Words = z.object({ en: z.string().min(1), ko: z.string().min(1) }).strict();
export type Words = z.infer<typeof Words>;

/** A characteristic: a number, or a random one rolled when needed (seed 003 26): `D3`, `D6`, `2D6`, `D3+1`, `D6+1`. */
export const Value = z.union([z.number().int().min(0).max(20), z.string().regex(/^[1-3]?D[36](\+[1-3])?$/)]);
export type Value = z.infer<typeof Value>;

export const Phase = z.enum(["hero", "movement", "shooting", "charge", "combat", "end"]);
export type Phase = z.infer<typeof Phase>;

/** Characteristics and rolls an effect may modify (seed 003 27). */
export const Stat = z.enum(["move", "save", "attacks", "damage", "rend", "ward", "hit_roll", "wound_roll", "save_roll", "charge_roll"]);
export type Stat = z.infer<typeof Stat>;

/** Flags an effect may grant (seed 003 19, 20). */
export const Flag = z.enum(["strike_first", "strike_last", "fly", "crit_2hits", "crit_autowound", "crit_mortal"]);
export type Flag = z.infer<typeof Flag>;

/** How long a persisting effect lasts (seed 003 28.1): this phase, this turn, or to the end of the next turn. */
export const Duration = z.enum(["phase", "turn", "next_turn"]);
export type Duration = z.infer<typeof Duration>;

/** Actions a rule may forbid or allow (seed 003 29). */
export const Action = z.enum(["charge", "run", "move", "shoot"]);
export type Action = z.infer<typeof Action>;

/** Core rules' "cannot" an ability may explicitly override (seed 003 29). */
export const CoreBan = z.enum(["ran_no_charge", "ran_no_shoot", "move_through_combat_range"]);
export type CoreBan = z.infer<typeof CoreBan>;

const Scope = z.enum(["melee", "ranged", "all"]);

/** What an ability does (docs/rules/sigmar.md "Abilities as data"). */
export const Effect = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("modify"), stat: Stat, op: z.enum(["set", "mul", "div", "add"]), value: z.number().int().min(-6).max(20), duration: Duration.optional(), scope: Scope.optional() }).strict(),
  z.object({ kind: z.literal("grant"), flag: Flag, duration: Duration.optional(), scope: Scope.optional() }).strict(),
  z.object({ kind: z.literal("forbid"), action: Action, duration: Duration.optional() }).strict(),
  z.object({ kind: z.literal("allow"), action: Action, overrides: CoreBan.optional(), duration: Duration.optional() }).strict(),
  z.object({ kind: z.literal("heal"), amount: Value }).strict(),
  z.object({ kind: z.literal("mortal"), amount: Value }).strict(),
  z.object({ kind: z.literal("return_models"), count: Value }).strict(),
  z.object({ kind: z.literal("fight_now") }).strict(),
  z.object({ kind: z.literal("replacement"), fraction: z.number().int().min(1).max(4), edge: z.number().int().min(1).max(12) }).strict(),
  z
    .object({
      kind: z.literal("token"),
      token: z.string().min(1),
      duration: Duration,
      effects: z.array(z.object({ kind: z.literal("modify"), stat: Stat, op: z.enum(["set", "mul", "div", "add"]), value: z.number().int().min(-6).max(20) }).strict()).min(1),
    })
    .strict(),
]);
export type Effect = z.infer<typeof Effect>;

/** Who or what an ability picks (seed 003 28). `attacker`: the enemy unit involved in a reaction's trigger (the unit that fought this one, or the one this one fought). */
export const Targets = z
  .object({
    side: z.enum(["self", "friendly", "enemy", "attacker"]),
    count: z.number().int().min(1).max(4).optional(),
    within: z.number().int().min(1).max(36).optional(),
    wholly: z.boolean().optional(),
    visible: z.boolean().optional(),
    keywords: z.array(z.string()).optional(),
    notKeywords: z.array(z.string()).optional(),
    warscroll: z.string().optional(),
  })
  .strict();
export type Targets = z.infer<typeof Targets>;

/** An ability (seed 003 28): passive, activated (in a phase) or a reaction (to a trigger). */
export const Ability = z
  .object({
    id: z.string().min(1),
    name: Words,
    kind: z.enum(["passive", "activated", "reaction"]),
    /**
     * When an activated ability may be used: in which phase, whose turn, and (`window`) only in the
     * window at the start or at the end of that phase (docs/rules/sigmar.md core C13).
     */
    timing: z.object({ phase: z.union([Phase, z.literal("any")]), turn: z.enum(["yours", "enemy", "any"]), window: z.enum(["start", "end"]).optional() }).strict().optional(),
    trigger: z.enum(["fought_against", "after_fights", "after_shoots", "destroyed"]).optional(),
    once: z.object({ per: z.enum(["phase", "turn", "battle"]), army: z.boolean().optional() }).strict().optional(),
    mode: z.enum(["can", "must"]),
    targets: Targets.optional(),
    roll: z.object({ dice: z.literal("D6"), success: z.number().int().min(1).max(6), atMost: z.boolean().optional() }).strict().optional(),
    aura: z.object({ distance: z.number().int().min(1).max(24), side: z.literal("friendly"), wholly: z.boolean(), notSelf: z.boolean() }).strict().optional(),
    effects: z.array(Effect).min(1),
    text: Words,
  })
  .strict();
export type Ability = z.infer<typeof Ability>;

/** Weapon abilities (seed 003 20): `anti:<keyword>` or `anti:charge`, `charge`, `companion`, `crit:2hits|autowound|mortal`, `shoot_in_combat`. */
export const WeaponAbility = z.string().regex(/^(anti:[a-z_]+|charge|companion|crit:(2hits|autowound|mortal)|shoot_in_combat)$/);

export const Weapon = z
  .object({
    id: z.string().min(1),
    name: Words,
    kind: z.enum(["melee", "ranged"]),
    range: z.number().int().min(1).max(48).optional(),
    attacks: Value,
    hit: z.number().int().min(2).max(6),
    wound: z.number().int().min(2).max(6),
    rend: z.number().int().min(0).max(4),
    damage: Value,
    abilities: z.array(WeaponAbility),
  })
  .strict();
export type Weapon = z.infer<typeof Weapon>;

export const Warscroll = z
  .object({
    id: z.string().min(1),
    name: Words,
    points: z.number().int().min(10).max(1000),
    models: z.number().int().min(1).max(20),
    baseMm: z.number().int().min(20).max(160),
    move: z.number().int().min(1).max(16),
    health: z.number().int().min(1).max(30),
    save: z.number().int().min(2).max(7),
    control: z.number().int().min(0).max(10),
    ward: z.number().int().min(2).max(6).optional(),
    keywords: z.array(z.string().regex(/^[a-z_]+$/)),
    weapons: z.array(Weapon).min(1),
    abilities: z.array(Ability),
  })
  .strict();
export type Warscroll = z.infer<typeof Warscroll>;

export const Faction = z
  .object({ id: z.string().min(1), name: Words, note: z.string(), keyword: z.string(), enhancements: z.array(Ability), warscrolls: z.array(Warscroll).min(5) })
  .strict();
export type Faction = z.infer<typeof Faction>;

const Rect = z.object({ x: z.number().min(0), y: z.number().min(0), w: z.number().positive(), h: z.number().positive() }).strict();
export type Rect = z.infer<typeof Rect>;

export const Battleplan = z
  .object({
    id: z.string().min(1),
    name: Words,
    note: z.string(),
    territories: z.record(z.string(), Rect),
    edges: z.record(z.string(), z.enum(["south", "north"])),
    objectives: z.array(z.object({ id: z.string(), x: z.number(), y: z.number() }).strict()).min(1),
    terrain: z.array(
      Rect.extend({
        id: z.string(),
        name: Words,
        blocksSight: z.boolean(),
        passive: z.object({ id: z.string(), name: Words, distance: z.number().int().min(1), stat: Stat, op: z.enum(["set", "mul", "div", "add"]), value: z.number().int() }).strict().nullable(),
      }).strict(),
    ),
  })
  .strict();
export type Battleplan = z.infer<typeof Battleplan>;

export const TacticCard = z
  .object({ id: z.string().min(1), name: Words, timing: z.literal("any"), targets: Targets, effects: z.array(Effect).min(1), text: Words })
  .strict();
export type TacticCard = z.infer<typeof TacticCard>;

export const CoreRules = z
  .object({
    note: z.string(),
    battlefield: z.object({ width: z.number().int(), height: z.number().int() }).strict(),
    combatRange: z.number().int(),
    coherency: z.number().int(),
    coherencyLarge: z.number().int(),
    chargeReach: z.number().int(),
    pileIn: z.number().int(),
    rounds: z.number().int().min(4),
    reserveDeadlineRound: z.number().int(),
    commandPointsPerRound: z.number().int(),
    pointsLimit: z.number().int(),
    maxReserves: z.number().int(),
    handSize: z.number().int(),
    objectiveRange: z.number().int(),
    reserveEdge: z.number().int(),
    reserveEnemyDistance: z.number().int(),
    guardedHeroRange: z.number().int(),
    modifierCaps: z.object({ hitRoll: z.number().int(), woundRoll: z.number().int(), saveRoll: z.number().int() }).strict(),
  })
  .strict();
export type CoreRules = z.infer<typeof CoreRules>;

/** An army list as a player locks it in the muster (secret until both are locked). */
export const ArmyList = z
  .object({
    name: z.string().min(1).max(40),
    faction: z.string().min(1).max(40),
    units: z
      .array(z.object({ warscroll: z.string().min(1).max(40), reserve: z.boolean().optional(), enhancement: z.string().min(1).max(40).optional() }).strict())
      .min(1)
      .max(8),
  })
  .strict();
export type ArmyList = z.infer<typeof ArmyList>;
