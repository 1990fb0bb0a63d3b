/**
 * The shapes of the tactical TRPG's sample data (seed `002_867c0cd57d46adf1.txt`), as zod schemas.
 * The seed gives rules, not characters: every weapon, item, character, map and scenario here is
 * original to the project and may be replaced by a group's own files.
 */
import { z } from "zod";

const id = z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/);
/** A name in both of the client's languages. */
export const Name = z.strictObject({ en: z.string().min(1).max(60), ko: z.string().min(1).max(60) });
export type Name = z.output<typeof Name>;
const square = z.tuple([z.int().min(0).max(63), z.int().min(0).max(63)]);

/** The six characteristics and wounds of seed 002 (PRC, BRT, COG, TGH, GRC, speed; W). */
export const Stats = z.strictObject({
  PRC: z.int().min(0).max(6),
  BRT: z.int().min(0).max(6),
  COG: z.int().min(0).max(6),
  TGH: z.int().min(0).max(8),
  GRC: z.int().min(0).max(6),
  SPD: z.int().min(1).max(8),
  W: z.int().min(1).max(8),
});
export type Stats = z.output<typeof Stats>;
/** A characteristic a check may use. */
export type StatName = "PRC" | "BRT" | "COG" | "TGH" | "GRC" | "SPD";
export const STAT_NAMES: readonly StatName[] = ["PRC", "BRT", "COG", "TGH", "GRC", "SPD"];

/** A weapon (seed 002 3-1): kind, range in squares, rate of fire, penetration, damage. */
export const Weapon = z.strictObject({
  id,
  name: z.string().min(1).max(60),
  kind: z.enum(["pistol", "rifle", "heavy", "melee"]),
  range: z.int().min(1).max(80),
  rateOfFire: z.int().min(1).max(6),
  penetration: z.int().min(0).max(6),
  damage: z.int().min(1).max(4),
});
export type Weapon = z.output<typeof Weapon>;

/** Bonuses an item adds to rolls (seed 002 3-4 "equipment bonus", 3-5 "tools"). */
export const Bonus = z.strictObject({
  shoot: z.int().optional(),
  conceal: z.int().optional(),
  spot: z.int().optional(),
  check: z.int().optional(),
  dodge: z.int().optional(),
});
export type Bonus = z.output<typeof Bonus>;

/** An item of equipment; `slots` are its uses per combat (seed 002 3-1, 3-4, 3-6). */
export const Equipment = z.strictObject({
  id,
  name: z.string().min(1).max(60),
  kind: z.enum(["supercharger", "repair", "medical", "lamp", "bonus"]),
  slots: z.int().min(1).max(6).optional(),
  light: z.int().min(1).max(30).optional(),
  bonus: Bonus.optional(),
});
export type Equipment = z.output<typeof Equipment>;

/** An ability kept with the stat block (seed 002 3-4: abilities giving dodge penalties). */
export const Ability = z.strictObject({ id, name: Name, dodgePenalty: z.int().min(1).max(3).optional() });
export type Ability = z.output<typeof Ability>;

/** A character archetype: its stat block. */
export const Archetype = z.strictObject({
  id,
  name: Name,
  stats: Stats,
  weapons: z.array(id).min(1).max(3),
  equipment: z.array(id).max(4),
  abilities: z.array(Ability).max(3).optional(),
});
export type Archetype = z.output<typeof Archetype>;

/** A field effect row of seed 002 3-7. */
export const Field = z.strictObject({
  id,
  name: z.string().min(1).max(80),
  farShots: z.strictObject({ beyond: z.int().min(1), hit: z.int() }).optional(),
  shots: z.int().optional(),
  speed: z.int().optional(),
  minMove: z.int().min(1).optional(),
  conceal: z.int().optional(),
});
export type Field = z.output<typeof Field>;

/**
 * A map: `rows` of terrain letters, one per square: `.` open, `#` wall (blocks movement and every
 * line), `h` half cover (crossed for 1 AP), `q` three-quarter cover, `H` hard full cover (TGH +3),
 * `M` full cover of medium strength (the game master's bonus), `P` soft full cover (a plank wall).
 * `lights`: fixed lights and their radius; `hazards`: rectangles of contamination (levels 1-2).
 */
export const MapData = z.strictObject({
  width: z.int().min(4).max(40),
  height: z.int().min(4).max(40),
  rows: z.array(z.string().regex(/^[.#hqHMP]+$/)),
  lights: z.array(z.strictObject({ at: square, radius: z.int().min(1).max(30) })),
  hazards: z.array(z.strictObject({ from: square, to: square, level: z.int().min(1).max(2) })),
});
export type MapData = z.output<typeof MapData>;

/**
 * A character placed by a scenario: `hidden` is its concealment value at the start (the game
 * master's ambush: it starts concealed and unknown to the other side); `wounds` its W at the start
 * (0: walking wounded, seed 002 3-6).
 */
export const Placement = z.strictObject({
  id,
  archetype: id,
  name: Name.optional(),
  at: square,
  hidden: z.int().min(4).max(14).optional(),
  wounds: z.int().min(0).max(8).optional(),
});
export type Placement = z.output<typeof Placement>;

/** A scenario: the map, field effect, night (0-100 %), round limit, who is surprised, both sides. */
export const Scenario = z.strictObject({
  note: z.string().optional(),
  id,
  name: Name,
  summary: z.strictObject({ en: z.string().min(1).max(200), ko: z.string().min(1).max(200) }),
  field: id,
  night: z.int().min(0).max(100),
  rounds: z.int().min(1).max(20),
  surprised: z.enum(["party", "enemies"]).nullable(),
  map: MapData,
  /** The player characters (public). The enemies are an encounter (data/encounters, the server's): they come with the setup. */
  party: z.array(Placement).min(1).max(6),
  commander: id.nullable(),
});
export type Scenario = z.output<typeof Scenario>;

/** An encounter: the enemies of a scenario, the game master's to know (read by the server, carried by the setup). */
export const Encounter = z.strictObject({
  note: z.string().optional(),
  scenario: id,
  enemies: z.array(Placement).min(1).max(8),
});
export type Encounter = z.output<typeof Encounter>;

const costs = z.strictObject({ shooting: z.int(), main: z.int(), bonus: z.int(), quick: z.int(), proneStep: z.int(), halfCoverCrossing: z.int() });

/** The rules' numbers (data/rules.json). */
export const RulesData = z.strictObject({
  note: z.string(),
  actionPoints: z.int().min(1),
  costs,
  evasion: z.array(z.strictObject({ minSpeed: z.int(), evasion: z.int() })).min(1),
  conceal: z.strictObject({
    minimum: z.int(),
    lowLightMinimum: z.int(),
    shotPenalty: z.int(),
    prone: z.int(),
    distance: z.array(z.strictObject({ within: z.number(), penalty: z.int() })),
    reactiveRangePerCog: z.int(),
  }),
  cover: z.strictObject({
    hit: z.strictObject({ half: z.int(), three_quarter: z.int(), full: z.int() }),
    spot: z.strictObject({ half: z.int(), three_quarter: z.int(), full: z.int() }),
    hardToughness: z.int(),
    mediumToughness: z.strictObject({ min: z.int(), max: z.int(), versus: z.int() }),
  }),
  rangePercent: z.strictObject({ overwatch: z.int(), suppress: z.int(), snapshot: z.int() }),
  modifiers: z.strictObject({
    suppress: z.int(),
    snapshot: z.int(),
    calledShotHit: z.int(),
    calledShotDamage: z.int(),
    unaware: z.int(),
    flanking: z.int(),
    meleeVsProne: z.int(),
    rangedVsProne: z.int(),
    heavyUnbraced: z.int(),
  }),
  suppressArea: z.int().min(1),
  proneMoveDivisor: z.int().min(1),
  initiative: z.strictObject({ surprise: z.int(), commanderMinimumCog: z.int(), commanderSubtract: z.int() }),
  deathSaves: z.strictObject({ successAtMost: z.int(), failuresToDie: z.int() }),
  difficulties: z.strictObject({ normal: z.int(), hard: z.int(), expert: z.int() }),
  gmModifier: z.strictObject({ min: z.int(), max: z.int() }),
  maxMoveSegments: z.int().min(1),
  maxDelayedCommands: z.int().min(1),
});
export type RulesData = z.output<typeof RulesData>;

/** Seed 002 3-7 light levels and hazard levels (data/fields.json). */
export const FieldsData = z.strictObject({
  note: z.string(),
  fields: z.array(Field).min(1),
  light: z.strictObject({
    note: z.string(),
    lowLightFrom: z.int(),
    darknessFrom: z.int(),
    low: z.strictObject({ hit: z.int() }),
    dark: z.strictObject({ hit: z.int(), speed: z.int(), sight: z.int() }),
  }),
  hazards: z.array(z.strictObject({ level: z.int(), woundOnAtMost: z.int() })),
});
export type FieldsData = z.output<typeof FieldsData>;
