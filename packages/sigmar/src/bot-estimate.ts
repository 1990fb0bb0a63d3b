/**
 * The heuristic bot's estimates, read from a state or a seat's projection (the same shape): what a
 * unit is worth, the damage one unit may expect to deal another (the attack sequence of project
 * core rule C7 with the seed's weapon abilities, seed 003 20, and the modifiers in force, 27-30),
 * and the odds of a charge (core rule C6: 2D6). Means, not rolls: nothing here draws a dice.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog, type Weapon } from "./data";
import { meanValue } from "./dice";
import { gapInches, inches } from "./geometry";
import { characteristic, modsFor, rollMod } from "./modifiers";
import { critOptions, guarded, modelsInReach, weaponMods, weaponsFor } from "./attack";
import { discs, ws } from "./query";
import type { CritKind, SigmarState, UnitState } from "./types";

/** Wounds a unit has left (its models' Health less the damage allocated). */
export const woundsLeft = (u: UnitState): number => Math.max(0, u.models.length * ws(u).health - u.damage);

/** Points per wound of a unit's warscroll. */
export const pointsPerWound = (u: UnitState): number => ws(u).points / (u.size * ws(u).health);

/**
 * What a unit on the battlefield is worth to its side, in points: a share of its warscroll's points
 * by the wounds it has left, and a part of them only for being alive (it still holds and fights).
 */
export function unitWorth(u: UnitState): number {
  if (u.where !== "field" || u.models.length === 0) return 0;
  const full = u.size * ws(u).health;
  return ws(u).points * (0.25 + (0.75 * woundsLeft(u)) / full);
}

/** The value, in points, of `dmg` damage points dealt to `target`: the wounds removed, and a bonus for destroying it. */
export function damageValue(target: UnitState, dmg: number): number {
  const left = woundsLeft(target);
  if (left <= 0) return 0;
  const dealt = Math.min(dmg, left);
  const kill = Math.min(1, dmg / left) ** 3;
  return dealt * pointsPerWound(target) * 0.75 + kill * ws(target).points * 0.25;
}

/** The chance of a 2D6 roll of at least `n`. */
export function twoD6AtLeast(n: number): number {
  if (n <= 2) return 1;
  if (n > 12) return 0;
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b >= n) ways++;
  return ways / 36;
}

/** The closest gap between two units' bases, in inches. */
export function unitGap(a: UnitState, b: UnitState): number {
  let best = Infinity;
  for (const x of discs(a)) for (const y of discs(b)) best = Math.min(best, gapInches(x, y));
  return best;
}

/** The chance that `unit` reaches `target` with a charge roll (it must end within 1"; a little spare for models' paths). */
export const chargeOdds = (unit: UnitState, target: UnitState): number => twoD6AtLeast(Math.ceil(unitGap(unit, target) - 1 + 0.25));

/** Extra modifiers the bot considers before using them (a command, a card). */
export interface Extra {
  readonly hit?: number;
  readonly save?: number;
  readonly rend?: number;
  readonly autowound?: boolean;
  /** Count the attacker as having charged (its Charge weapons' +1 Damage). */
  readonly charged?: boolean;
  /** Count every model of the attacker in reach (a charge or pile-in to come). */
  readonly allInReach?: boolean;
}

const share = (count: number) => Math.max(0, Math.min(6, count)) / 6;

/** The expected damage of one weapon's attacks (C7: unmodified 6 always hits, 1 always fails; crits per seed 003 20). */
function weaponDamage(s: SigmarState, attacker: UnitState, target: UnitState, w: Weapon, kind: "shoot" | "fight", models: number, crit: CritKind | null, extra: Extra): number {
  const caps = catalog.rules.modifierCaps;
  const context = { weapon: w, attackerOwner: attacker.owner };
  const attacks = models * characteristic(s, attacker, "attacks", meanValue(w.attacks), context).value;
  const hitMods = modsFor(s, attacker, "hit_roll", context);
  const hitMod = Math.max(-caps.hitRoll, Math.min(caps.hitRoll, rollMod(hitMods, caps.hitRoll, caps.hitRoll) + (extra.hit ?? 0) - (kind === "shoot" && guarded(s, target) ? 1 : 0)));
  const plainHit = share([2, 3, 4, 5].filter((r) => r + hitMod >= w.hit).length);
  const chosen = extra.autowound && crit === null ? "autowound" : crit;
  const critHits = chosen === "2hits" ? 2 : chosen === null ? 1 : 0;
  const hits = attacks * (plainHit + critHits / 6);
  const woundMod = rollMod(modsFor(s, attacker, "wound_roll", context), caps.woundRoll, caps.woundRoll);
  const pWound = share([2, 3, 4, 5].filter((r) => r + woundMod >= w.wound).length + 1);
  const wounds = hits * pWound + (chosen === "autowound" ? attacks / 6 : 0);
  const rend = characteristic(s, attacker, "rend", w.rend + (extra.rend ?? 0), context, weaponMods(s, attacker, target, w, "rend")).value;
  const save = characteristic(s, target, "save", ws(target).save).value;
  const saveMod = Math.min(caps.saveRoll, rollMod(modsFor(s, target, "save_roll"), caps.saveRoll) + (extra.save ?? 0));
  const pSave = share([2, 3, 4, 5, 6].filter((r) => r + saveMod - rend >= save).length);
  const perHit = characteristic(s, attacker, "damage", meanValue(w.damage), context, weaponMods(s, attacker, target, w, "damage", attacker.did.charged === true || extra.charged === true)).value;
  const mortal = chosen === "mortal" ? attacks / 6 : 0;
  const wardMods = modsFor(s, target, "ward");
  const base = ws(target).ward;
  const wardNeed = base === undefined && !wardMods.some((m) => m.op === "set") ? 7 : characteristic(s, target, "ward", base ?? 7).value;
  const pWard = share(7 - wardNeed);
  return (wounds * (1 - pSave) + mortal) * perHit * (1 - pWard);
}

/**
 * The damage `attacker` may expect to deal `target` if it shot or fought it now (a mean over the
 * dice), with the crit choice that deals the most where several apply, and the `extra` modifiers.
 */
export function expectedAttack(s: SigmarState, attacker: UnitState, target: UnitState, kind: "shoot" | "fight", engaged: boolean, extra: Extra = {}): number {
  let total = 0;
  for (const w of weaponsFor(attacker, kind, engaged)) {
    const models = extra.allInReach ? attacker.models.length : modelsInReach(attacker, target, w, s);
    if (models === 0) continue;
    const options = critOptions(s, attacker, w);
    const crits: (CritKind | null)[] = options.length ? options : [null];
    total += Math.max(...crits.map((c) => weaponDamage(s, attacker, target, w, kind, models, c, extra)));
  }
  return total;
}

/** The best crit choice per weapon (those with several crit abilities) for an attack, as a command carries it. */
export function bestCrits(s: SigmarState, attacker: UnitState, target: UnitState, kind: "shoot" | "fight", engaged: boolean): Record<string, CritKind> {
  const out: Record<string, CritKind> = {};
  for (const w of weaponsFor(attacker, kind, engaged)) {
    const options = critOptions(s, attacker, w);
    if (options.length < 2) continue;
    const models = Math.max(1, modelsInReach(attacker, target, w, s));
    out[w.id] = options.reduce((a, b) => (weaponDamage(s, attacker, target, w, kind, models, b, {}) > weaponDamage(s, attacker, target, w, kind, models, a, {}) ? b : a));
  }
  return out;
}

/** The damage value `attacker` may expect to deal `target` in a fight after a charge (every model in reach, charge bonuses). */
export const chargeFightValue = (s: SigmarState, attacker: UnitState, target: UnitState): number =>
  damageValue(target, expectedAttack(s, attacker, target, "fight", true, { charged: true, allInReach: true }));

/** The best damage value a unit's melee could deal any of `enemies` if it were in combat with every model. */
export function meleeThreat(s: SigmarState, unit: UnitState, enemies: readonly UnitState[]): number {
  return enemies.reduce((best, e) => Math.max(best, damageValue(e, expectedAttack(s, unit, e, "fight", true, { allInReach: true }))), 0);
}

/** Whether a unit of `seat`'s is a better fighter than shooter (its melee outdamages its shooting on a typical target). */
export function isMelee(unit: UnitState): boolean {
  let melee = 0;
  let ranged = 0;
  for (const w of ws(unit).weapons) {
    const v = meanValue(w.attacks) * (7 - w.hit) * (7 - w.wound) * (1 + w.rend) * meanValue(w.damage);
    if (w.kind === "melee") melee += v;
    else ranged += v;
  }
  return melee >= ranged;
}

/** The longest range among a unit's ranged weapons, in fine units (0 without any). */
export const rangeOf = (unit: UnitState): number => inches(Math.max(0, ...ws(unit).weapons.filter((w) => w.kind === "ranged").map((w) => w.range ?? 0)));

/** The seat other than `seat` in a state. */
export const enemyOf = (s: Pick<SigmarState, "seats">, seat: SeatId): SeatId => s.seats.find((x) => x !== seat)!;
