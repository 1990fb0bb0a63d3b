/**
 * The shape of Siege's sample data, validated at load with zod. Seed `004_cb264102299fbb71.txt`
 * gives rules, not cards: the die faces (the seed gives only the averages: yellow about 1, orange
 * about 1.5, red about 2; section "능력"), the operators, the gadgets' numbers, the map, the
 * mission, the reroll tokens and the time bank are original sample data of this project, kept in
 * `packages/siege/data/*.json`.
 */
import { z } from "zod";

/** A bilingual display name. */
export const Name = z.object({ en: z.string().min(1), ko: z.string().min(1) });
export type Name = z.infer<typeof Name>;

const id = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, "ids are lowercase letters, digits, - and _");

/** The two teams (seed 004 세팅 "팀 준비"). */
export const Team = z.enum(["attack", "defence"]);
export type Team = z.infer<typeof Team>;
export const TEAMS: readonly Team[] = Team.options;

/** Damage die colours (seed 004 "능력": yellow, orange, red). */
export const Colour = z.enum(["yellow", "orange", "red"]);
export type Colour = z.infer<typeof Colour>;

/** The strength of breach and of durability, in order yellow < orange < red (seed 004 "벽", "파괴"). */
export const COLOUR_RANK: Readonly<Record<Colour, number>> = { yellow: 1, orange: 2, red: 3 };

/** The three damage dice: six faces each, the number of damage on each face. */
export const DiceData = z.object({
  yellow: z.array(z.number().int().min(0)).length(6),
  orange: z.array(z.number().int().min(0)).length(6),
  red: z.array(z.number().int().min(0)).length(6),
});
export type DiceData = z.infer<typeof DiceData>;

/** One damage die of a weapon band; `lightning` dice are not rolled against protection (seed 004 "능력"). */
export const WeaponDie = z.object({ colour: Colour, lightning: z.boolean().default(false) });
export type WeaponDie = z.infer<typeof WeaponDie>;

/** A weapon: damage dice by range band; a band applies to distances up to `upTo` squares. */
export const Weapon = z.object({
  name: Name,
  bands: z.array(z.object({ upTo: z.number().int().min(1), dice: z.array(WeaponDie).min(1) })).min(1),
});
export type Weapon = z.infer<typeof Weapon>;

/**
 * What a special gadget does (seed 004 "특수 도구 사용"; every effect is a project decision):
 * - `breach_adjacent`: a breach of `power` on an adjacent space;
 * - `scan_room`: reveals the hidden operators with a token in the operator's room and red-pings the enemies there;
 * - `throw`: throws a copy of the tactical gadget `effect` (a throwable);
 * - `vertical`: a vertical action from the upper floor: the tactical gadget `effect` on a space of a vertical room;
 * - `reinforce`: turns an adjacent intact thin wall into a reinforced wall;
 * - `snare`: places a snare in an adjacent empty space; an enemy entering it takes `damage` (a reaction gadget);
 * - `ping_room`: red-pings every enemy operator in the operator's room;
 * - `passive`: no action.
 */
export const Special = z.object({
  id,
  name: Name,
  kind: z.enum(["breach_adjacent", "scan_room", "throw", "vertical", "reinforce", "snare", "ping_room", "passive"]),
  uses: z.number().int().min(0),
  power: Colour.optional(),
  effect: id.optional(),
  damage: z.array(Colour).optional(),
});
export type Special = z.infer<typeof Special>;

/** An operator profile (seed 004 "오퍼레이터", "능력"): run (null: cannot run), breach, health, shield, weapon, special gadget. */
export const Operator = z.object({
  id,
  team: Team,
  name: Name,
  run: z.number().int().min(1).nullable(),
  breach: Colour,
  health: z.number().int().min(1),
  shield: z.boolean(),
  weapon: Weapon,
  special: Special,
});
export type Operator = z.infer<typeof Operator>;

/** Gadget traits (seed 004 "전술 도구 사용"). */
export const Trait = z.enum(["throwable", "electronic", "always_visible", "bulletproof", "setup"]);
export type Trait = z.infer<typeof Trait>;

/** A tactical gadget of the inventory (seed 004 "방어팀 전술 도구", "공격팀 전술 도구"). */
export const Gadget = z.object({
  id,
  team: Team,
  name: Name,
  kind: z.enum(["barbed_wire", "shield", "camera", "explosive", "breach_charge", "drone", "flash", "smoke", "claymore"]),
  traits: z.array(Trait),
  durability: Colour.optional(),
  breach: Colour.optional(),
  damage: z.object({ centre: z.array(Colour), adjacent: z.array(Colour) }).optional(),
});
export type Gadget = z.infer<typeof Gadget>;

const edge = z.tuple([z.number().int().min(0), z.number().int().min(0), z.enum(["E", "S"])]);
const square = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

/** A map (seed 004 "지형"): floor letters (a room letter, or `~` for the outside area), partitions, obstacles, upper floor. */
export const MapData = z.object({
  id,
  name: Name,
  width: z.number().int().min(4).max(30),
  height: z.number().int().min(4).max(30),
  floor: z.array(z.string()),
  rooms: z.array(z.object({ letter: z.string().length(1), id, name: Name, vertical: z.boolean() })),
  defaultWalls: z.object({ between: z.enum(["thick", "reinforced", "thin", "holed"]), exterior: z.enum(["thick", "reinforced", "thin", "holed"]) }),
  partitions: z.array(
    z.object({
      id,
      kind: z.enum(["thick", "reinforced", "thin", "holed", "door", "window", "open"]),
      edges: z.array(edge).min(1).max(2),
      barricaded: z.boolean().optional(),
    }),
  ),
  obstacles: z.array(square),
  upper: z.array(
    z.object({ id, name: Name, accessPoints: z.array(z.object({ at: square, colour: z.enum(["grey", "blue"]) })).min(1) }),
  ),
  components: z.array(z.object({ id, kind: z.enum(["camera", "barbed_wire", "reinforced_access"]), at: square })),
});
export type MapData = z.infer<typeof MapData>;

/** A mission (the seed leaves missions open: project sample data). */
export const Mission = z.object({
  id,
  name: Name,
  map: id,
  kind: z.literal("secure_room"),
  objectiveRoom: id,
  rounds: z.number().int().min(1),
  overtime: z.boolean(),
});
export type Mission = z.infer<typeof Mission>;

/** The numbers of the rules (seed 004 and the project's decisions for what it leaves open). */
export const RulesData = z.object({
  movementPoints: z.number().int().min(1),
  actionsPerActivation: z.number().int().min(1),
  activationsPerPhase: z.object({ min: z.number().int().min(1), max: z.number().int().min(1) }),
  operatorsPerTeam: z.number().int().min(1),
  inventoryCubes: z.number().int().min(0),
  maxCubesPerGadget: z.number().int().min(1),
  setupEdits: z.number().int().min(0),
  throwRange: z.number().int().min(1),
  droneMovement: z.number().int().min(1),
  protection: z.object({ weak: z.number().int(), strong: z.number().int(), max: z.number().int() }),
  stunnedDice: z.array(Colour),
  rerollTokens: z.number().int().min(0),
  timeBank: z.object({ perTeamSeconds: z.number().int().min(0), perActivationSeconds: z.number().int().min(0) }),
});
export type RulesData = z.infer<typeof RulesData>;

/** All of Siege's sample data. */
export const SiegeData = z.object({
  rules: RulesData,
  dice: DiceData,
  operators: z.array(Operator),
  gadgets: z.array(Gadget),
  maps: z.array(MapData),
  missions: z.array(Mission),
});
export type SiegeData = z.infer<typeof SiegeData>;
