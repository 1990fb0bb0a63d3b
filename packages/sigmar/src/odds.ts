/**
 * Odds before the roll: for one unit's shooting or fight against one target, each weapon's target
 * numbers, the modifiers that apply with their sources, the chance of each step and the expected
 * damage, computed as `resolveAttacks` (./attack.ts) would resolve them, from a viewer's own
 * projection only (no dice, no secret: nothing the projection does not show goes in). It computes
 * only; it changes no rule.
 *
 * Rule sources (the seed, 003_3dcb36e83a2444ba.txt, and the project core):
 * - project core rule C7: hit, wound and save rolls; an unmodified 6 to hit is a critical hit, an
 *   unmodified 1 always fails; roll modifiers are capped (hit and wound ±1, save +1);
 * - seed 003 20: weapon abilities (Crit (2 Hits), Crit (Auto-wound), Crit (Mortal), Anti-X +1 Rend,
 *   Charge +1 Damage, Companion);
 * - seed 003 25: a guarded hero gives -1 to hit rolls of shooting attacks against it;
 * - seed 003 26: random Attacks and Damage (their mean, each outcome modified as it would be);
 * - seed 003 27: the order of modifiers (set, multiply or divide, add; nothing below 1, Rend 0);
 * - seed 003 19 (Ward): a ward roll for each damage point, after saves.
 */
import { catalog, type Value, type Weapon } from "./data";
import { guarded, critOptions, modelsInReach, weaponMods, weaponsFor } from "./attack";
import { applyMods, characteristic, modsFor, rollMod } from "./modifiers";
import { inCombat, ws } from "./query";
import { stateFromView, type SigmarView } from "./view";
import type { CritKind, SigmarState, UnitState } from "./types";

/** One modifier as the odds show it: where it comes from (an ability, terrain or rule id) and its value. */
export interface OddsMod {
  readonly source: string;
  readonly value: number;
}

/** One roll step: the target number (before roll modifiers), its modifiers and the chance one die passes (0..1). */
export interface OddsStep {
  /** The characteristic to roll against ("3+" is 3). */
  readonly need: number;
  /** The roll modifiers in the order they apply (seed 003 27, 30). */
  readonly mods: readonly OddsMod[];
  /** Their total after the cap (project core rule C7). */
  readonly total: number;
  /** The chance that one die passes, 0..1. */
  readonly chance: number;
  /** A characteristic that modifiers changed (a Save): its warscroll value, and those modifiers. */
  readonly base?: number;
  readonly needMods?: readonly OddsMod[];
}

/** The odds of one weapon's attacks. */
export interface WeaponOdds {
  readonly weapon: string;
  /** Models that can use it now (melee: in combat range; ranged: in range). */
  readonly models: number;
  /** Whether no model reaches yet and every model is counted (a fight before its pile-in). */
  readonly assumed: boolean;
  /** The expected number of attacks (random Attacks at their mean, seed 003 26). */
  readonly attacks: number;
  /** The crit ability that applies (seed 003 20), if any. */
  readonly crit: CritKind | null;
  /** Hit: the chance one attack scores at least one hit (a critical hit counts, whatever it does). */
  readonly hit: OddsStep;
  readonly wound: OddsStep;
  /** Rend as it applies: the weapon's, Anti-X (+1 each), then modifiers. */
  readonly rend: number;
  readonly rendMods: readonly OddsMod[];
  /** Save: `need` is the target's Save after modifiers; `chance` is the chance the save succeeds. */
  readonly save: OddsStep;
  /** Ward: `chance` is the chance one damage point is negated; null without a ward. */
  readonly ward: OddsStep | null;
  /** Damage per unsaved attack (random Damage at its mean, Charge +1). */
  readonly damage: number;
  /** The expected damage points dealt after saves and wards. */
  readonly expected: number;
}

/** The odds of one shooting or fight. */
export interface AttackOdds {
  readonly unit: string;
  readonly target: string;
  readonly kind: "shoot" | "fight";
  readonly weapons: readonly WeaponOdds[];
  /** The expected damage points of every weapon together. */
  readonly expected: number;
  /** The target's remaining damage capacity: models × Health less damage already allocated. */
  readonly targetHealth: number;
}

/** A value's outcomes and their chances (seed 003 26: `D3`, `D6`, `2D6`, `D3+1`...). */
export function outcomes(v: Value): [number, number][] {
  if (typeof v === "number") return [[v, 1]];
  const m = /^([1-3]?)D([36])(?:\+([1-3]))?$/.exec(v);
  if (!m) return [[0, 1]];
  const n = Number(m[1] || 1);
  const sides = Number(m[2]);
  let dist = new Map<number, number>([[Number(m[3] ?? 0), 1]]);
  for (let i = 0; i < n; i++) {
    const next = new Map<number, number>();
    for (const [sum, p] of dist) for (let f = 1; f <= sides; f++) next.set(sum + f, (next.get(sum + f) ?? 0) + p / sides);
    dist = next;
  }
  return [...dist.entries()];
}

/** The chance that a d6 passes `need` with `mod` added, an unmodified 1 failing and (if `sixPasses`) a 6 passing. */
const d6Chance = (need: number, mod: number, sixPasses: boolean): number => {
  let n = 0;
  for (let r = 2; r <= 6; r++) if ((sixPasses && r === 6) || r + mod >= need) n++;
  return n / 6;
};

const shown = (mods: readonly { source: string; value: number; op: string }[]): OddsMod[] => mods.map((m) => ({ source: m.source, value: m.value }));

/** One weapon's odds against `target` (see {@link attackOdds}). */
function weaponOdds(s: SigmarState, attacker: UnitState, target: UnitState, weapon: Weapon, kind: "shoot" | "fight", crits: Readonly<Record<string, CritKind>>): WeaponOdds | null {
  const caps = catalog.rules.modifierCaps;
  const reach = modelsInReach(attacker, target, weapon, s);
  // A fight's models pile in before they strike: with none in reach yet, every model is counted.
  const assumed = reach === 0 && kind === "fight";
  const models = assumed ? attacker.models.length : reach;
  if (models === 0) return null;
  const context = { weapon, attackerOwner: attacker.owner };
  // Seed 003 26, 27: each rolled Attacks value is modified as it comes.
  const perModel = outcomes(weapon.attacks).reduce((n, [v, p]) => n + p * characteristic(s, attacker, "attacks", v, context).value, 0);
  const attacks = models * perModel;
  const options = critOptions(s, attacker, weapon);
  const crit: CritKind | null = options.length > 1 ? (crits[weapon.id] ?? options[0]!) : (options[0] ?? null);
  // Hit (core C7; seed 003 25 guarded hero -1 against shooting).
  const hitMods = modsFor(s, attacker, "hit_roll", context);
  if (kind === "shoot" && guarded(s, target)) hitMods.push({ source: "guarded_hero", owner: target.owner, passive: true, op: "add", value: -1, rank: 0, order: 0 });
  const hitTotal = rollMod(hitMods, caps.hitRoll, caps.hitRoll);
  // An unmodified 6 is a critical hit (counted apart); 2..5 hit when the modified roll reaches the need.
  const normalNoSix = [2, 3, 4, 5].filter((r) => r + hitTotal >= weapon.hit).length / 6;
  const critChance = 1 / 6;
  const hitsPerAttack = normalNoSix + critChance * (crit === "2hits" ? 2 : crit === null ? 1 : 0);
  const autoPerAttack = crit === "autowound" ? critChance : 0;
  const mortalPerAttack = crit === "mortal" ? critChance : 0;
  // Wound (core C7).
  const woundMods = modsFor(s, attacker, "wound_roll", context);
  const woundTotal = rollMod(woundMods, caps.woundRoll, caps.woundRoll);
  const woundChance = d6Chance(weapon.wound, woundTotal, true);
  // Rend (seed 003 20 Anti-X, 27).
  const rendMods = [...modsFor(s, attacker, "rend", context), ...weaponMods(s, attacker, target, weapon, "rend")];
  const rend = applyMods(weapon.rend, rendMods, 0);
  // Save (core C7: an unmodified 1 fails; the save roll's modifier capped upwards only).
  const saveChar = characteristic(s, target, "save", ws(target).save);
  const saveMods = modsFor(s, target, "save_roll");
  const saveTotal = rollMod(saveMods, caps.saveRoll);
  const saveChance = d6Chance(saveChar.value, saveTotal - rend, false);
  // Damage (seed 003 26 random Damage; seed 003 20 Charge +1 after a charge).
  const chargeMods = weaponMods(s, attacker, target, weapon, "damage");
  const damage = outcomes(weapon.damage).reduce((n, [v, p]) => n + p * characteristic(s, attacker, "damage", v, context, chargeMods).value, 0);
  // Ward (seed 003 19): a roll for each damage point.
  const wardMods = modsFor(s, target, "ward");
  const wardBase = ws(target).ward;
  const ward = wardBase === undefined && !wardMods.some((m) => m.op === "set") ? null : applyMods(wardBase ?? 7, wardMods);
  const wardChance = ward === null ? 0 : [1, 2, 3, 4, 5, 6].filter((r) => r >= ward).length / 6;
  const unsaved = (hitsPerAttack * woundChance + autoPerAttack) * (1 - saveChance);
  const expected = attacks * (unsaved + mortalPerAttack) * damage * (1 - wardChance);
  return {
    weapon: weapon.id,
    models,
    assumed,
    attacks,
    crit,
    hit: { need: weapon.hit, mods: shown(hitMods), total: hitTotal, chance: normalNoSix + critChance },
    wound: { need: weapon.wound, mods: shown(woundMods), total: woundTotal, chance: woundChance },
    rend,
    rendMods: [...(weapon.rend > 0 ? [{ source: weapon.id, value: weapon.rend }] : []), ...shown(rendMods)],
    save: { need: saveChar.value, mods: shown(saveMods), total: saveTotal, chance: saveChance, base: ws(target).save, needMods: shown(saveChar.mods) },
    ward: ward === null ? null : { need: ward, mods: shown(wardMods), total: 0, chance: wardChance },
    damage,
    expected,
  };
}

/**
 * The odds of `unit` shooting at or fighting `target` (seat's own `view`; `crits` the chosen crit
 * ability per weapon where several apply). Null when either unit is not on the battlefield.
 */
export function attackOdds(view: SigmarView, unit: string, target: string, kind: "shoot" | "fight", crits: Readonly<Record<string, CritKind>> = {}): AttackOdds | null {
  const s = stateFromView(view);
  const attacker = s.units[unit];
  const victim = s.units[target];
  if (!attacker || !victim || attacker.where !== "field" || victim.where !== "field") return null;
  const engaged = inCombat(s, attacker);
  const weapons = weaponsFor(attacker, kind, engaged).flatMap((w) => weaponOdds(s, attacker, victim, w, kind, crits) ?? []);
  const health = ws(victim).health;
  return { unit, target, kind, weapons, expected: weapons.reduce((n, w) => n + w.expected, 0), targetHealth: Math.max(0, victim.models.length * health - victim.damage) };
}
