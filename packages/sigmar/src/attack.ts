/**
 * The attack sequence (project core rule C7) with the seed's weapon abilities (seed 003 20),
 * random characteristics (26), modifier order (27) and guarded heroes (25): for each weapon, the
 * attacks of the models that can use it, then hit rolls (an unmodified 6 is a critical hit, an
 * unmodified 1 always fails), wound rolls, save rolls against Rend, damage, ward rolls, and the
 * damage allocated. Every roll and modifier is reported in order, stage by stage.
 */
import { catalog, type Weapon } from "./data";
import { inches, within } from "./geometry";
import { rollValue } from "./dice";
import { applyMods, characteristic, hasFlag, modsFor, rankOf, rollMod, type Mod } from "./modifiers";
import { abilitiesOf, combatRange, discs, hasKeyword, ws, visible, fieldUnits, unitsWithin } from "./query";
import { dropHold, heldCount, slay } from "./removal";
import type { Ctx } from "./context";
import type { AttackReport, CritKind, SigmarState, StageReport, UnitState } from "./types";

/** The crit abilities that apply to a weapon's attacks (its own, and granted ones Companion allows). */
export function critOptions(state: SigmarState, attacker: UnitState, weapon: Weapon): CritKind[] {
  const out = new Set<CritKind>();
  for (const a of weapon.abilities) if (a.startsWith("crit:")) out.add(a.slice(5) as CritKind);
  const context = { weapon, attackerOwner: attacker.owner };
  if (hasFlag(state, attacker, "crit_2hits", context)) out.add("2hits");
  if (hasFlag(state, attacker, "crit_autowound", context)) out.add("autowound");
  if (hasFlag(state, attacker, "crit_mortal", context)) out.add("mortal");
  return [...out].sort();
}

/**
 * Guarded hero (seed 003 25): a hero that is not a monster or war machine, within combat range of
 * a friendly non-hero unit.
 */
export function guarded(state: SigmarState, hero: UnitState): boolean {
  if (!hasKeyword(hero, "hero") || hasKeyword(hero, "monster") || hasKeyword(hero, "war_machine")) return false;
  return fieldUnits(state, hero.owner).some((u) => u.id !== hero.id && !hasKeyword(u, "hero") && unitsWithin(hero, u, combatRange()));
}

/** The weapons a unit uses in a shooting or a fight: ranged (only Shoot in Combat ones while in combat) or melee. */
export function weaponsFor(unit: UnitState, kind: "shoot" | "fight", engaged: boolean): Weapon[] {
  return ws(unit).weapons.filter((w) => (kind === "fight" ? w.kind === "melee" : w.kind === "ranged" && (!engaged || w.abilities.includes("shoot_in_combat"))));
}

/** Whether `target` is a guarded infantry hero (seed 003 25): no shooting attack at it from more than 12" away. */
const shieldedFromAfar = (state: SigmarState, target: UnitState): boolean => guarded(state, target) && hasKeyword(target, "infantry");

/**
 * The attacker's models that can use `weapon` against `target` (melee: in combat range; ranged:
 * in range). With `state` given, a ranged weapon's models more than 12" from a guarded infantry
 * hero are left out (seed 003 25: it cannot be the target of shooting attacks made from more than
 * 12" away, which is decided model by model: only the attacking models within 12" may shoot at it).
 */
export function modelsInReach(attacker: UnitState, target: UnitState, weapon: Weapon, state?: SigmarState): number {
  const td = discs(target);
  const reach = weapon.kind === "melee" ? combatRange() : inches(weapon.range ?? 0);
  const guardLimit = weapon.kind === "ranged" && state && shieldedFromAfar(state, target) ? inches(catalog.rules.guardedHeroRange) : Infinity;
  return discs(attacker).filter((d) => td.some((t) => within(d, t, reach)) && (guardLimit === Infinity || td.some((t) => within(d, t, guardLimit)))).length;
}

/**
 * Whether `target` is a legal shooting target for `attacker`: some model of it in range of a usable
 * weapon (project core rule C6), the target visible, and (seed 003 25) against a guarded infantry
 * hero some such model within 12" of it ("not_visible" when every model in range is farther).
 */
export function canShootAt(state: SigmarState, attacker: UnitState, target: UnitState, engaged: boolean): "ok" | "out_of_range" | "not_visible" {
  const weapons = weaponsFor(attacker, "shoot", engaged);
  if (!weapons.some((w) => modelsInReach(attacker, target, w) > 0)) return "out_of_range";
  if (!visible(attacker, target)) return "not_visible";
  if (!weapons.some((w) => modelsInReach(attacker, target, w, state) > 0)) return "not_visible";
  return "ok";
}

/** Seed 003 20 Anti-X (+1 Rend): +1 for each Anti-X whose keyword the target has (Anti-charge: it charged this turn). */
export const antiRend = (weapon: Pick<Weapon, "abilities">, target: UnitState): number => antiAbilities(weapon, target).length;

/** The Anti-X abilities of `weapon` that apply against `target` (seed 003 20). */
const antiAbilities = (weapon: Pick<Weapon, "abilities">, target: UnitState): string[] =>
  weapon.abilities.filter((a) => a.startsWith("anti:")).filter((a) => (a === "anti:charge" ? target.did.charged === true : hasKeyword(target, a.slice(5))));

/**
 * A weapon's own abilities that add to a characteristic, as modifiers (seed 003 20 with 27): each
 * Anti-X that applies is +1 Rend, Charge is +1 Damage when the attacking unit charged this turn
 * (`charged` overrides, for estimates). They are passive abilities of the attacker's player, so
 * they come after any set, multiply or divide modifier (27): a Damage 1 charging weapon whose
 * Damage is doubled deals 1 × 2 + 1 = 3. Shape: `op: "add"`, `value: 1` each, `source` the
 * ability id (`anti:<keyword>`, `charge`).
 */
export function weaponMods(state: Pick<SigmarState, "active" | "seats">, attacker: UnitState, target: UnitState, weapon: Pick<Weapon, "abilities">, stat: "rend" | "damage", charged: boolean = attacker.did.charged === true): Mod[] {
  const rank = rankOf(state, attacker.owner);
  const ids = stat === "rend" ? antiAbilities(weapon, target) : weapon.abilities.includes("charge") && charged ? ["charge"] : [];
  return ids.map((id, i) => ({ source: id, owner: attacker.owner, passive: true, op: "add" as const, value: 1, rank, order: -1 - i }));
}

/**
 * Whether one hit or wound die passes (project core rule C7, seed 003 20): an unmodified 6
 * always, an unmodified 1 never, else when `roll` plus `mod` (the stage's modifier total, already
 * capped: catalog `modifierCaps`) reaches `need` (the weapon's Hit or Wound).
 */
export const rollPasses = (roll: number, need: number, mod: number): boolean => roll === 6 || (roll !== 1 && roll + mod >= need);

/**
 * Whether one save die passes (project core rule C7): never on an unmodified 1, else when `roll`
 * plus `mod` (the save roll's modifier total, capped upward only) less `rend` reaches `save`.
 */
export const savePasses = (roll: number, save: number, mod: number, rend: number): boolean => roll !== 1 && roll + mod - rend >= save;

/**
 * A reported stage's modifier total as the attack applied it: the sum of its modifiers capped
 * as the rules cap that roll (catalog `modifierCaps`: hit and wound rolls both ways, save rolls
 * upward only). Roll modifiers are added ones (`rollMod`), which the report lists.
 */
export function reportedMod(stage: Pick<StageReport, "mods">, kind: "hit" | "wound" | "save"): number {
  const caps = catalog.rules.modifierCaps;
  // A report lists each roll modifier as a source and a value: the added modifiers `rollMod` sums.
  const mods: Mod[] = stage.mods.map((m, i) => ({ source: m.source, owner: null, passive: true, op: "add", value: m.value, rank: 0, order: i }));
  if (kind === "hit") return rollMod(mods, caps.hitRoll, caps.hitRoll);
  if (kind === "wound") return rollMod(mods, caps.woundRoll, caps.woundRoll);
  return rollMod(mods, caps.saveRoll);
}

/**
 * The verdict on each die of a reported attack's hit, wound or save stage (project core rule C7,
 * seed 003 20), as `resolveAttacks` judged it: `rollPasses` for hit and wound dice (a 6 always
 * passes, even when its critical ability then makes it something else), `savePasses` against the
 * report's Rend for save dice.
 */
export function dieVerdict(report: Pick<AttackReport, "hit" | "wound" | "save" | "rend">, kind: "hit" | "wound" | "save"): (roll: number) => boolean {
  const stage = report[kind];
  const mod = reportedMod(stage, kind);
  return kind === "save" ? (r) => savePasses(r, stage.need, mod, report.rend) : (r) => rollPasses(r, stage.need, mod);
}

const stage = (need: number, mods: Mod[], rolls: number[], passed: number): StageReport => ({ need, mods: mods.map((m) => ({ source: m.source, value: m.value })), rolls, passed });

/**
 * How many models `amount` more damage points slay (project core rule C8): damage is pooled on the
 * unit and a model is slain each time the pool reaches its Health; `models` the models still
 * counting (those not already held for removal). Returns the slain count and the pool left.
 */
export function slainBy(pool: number, amount: number, health: number, models: number): { slain: number; pool: number } {
  let left = pool + amount;
  const slain = Math.min(models, Math.floor(left / health));
  left -= slain * health;
  return { slain, pool: slain === models ? 0 : left };
}

/**
 * Allocates damage to a unit once an attack sequence is over (project core rule C8): the models
 * slain are removed (all of them: the unit is destroyed), or held for the owner's choice of which
 * (removal.ts `slay`). `from`: the attacking unit (the suggestion removes the models farthest from it first).
 */
export function allocate(ctx: Ctx, unit: UnitState, amount: number, from: UnitState | null): number {
  const s = ctx.state;
  const counting = unit.models.length - heldCount(s, unit.id);
  const { slain, pool } = slainBy(unit.damage, amount, ws(unit).health, counting);
  unit.damage = pool;
  if (slain === 0) return 0;
  if (slain === counting) {
    dropHold(s, unit.id);
    destroy(ctx, unit);
  } else slay(ctx, unit, slain, from?.models ?? []);
  return slain;
}

/** A unit is destroyed: off the battlefield, its tokens and persisting effects gone; a replacement ability waits for the phase's end (seed 003 24.2). */
export function destroy(ctx: Ctx, unit: UnitState): void {
  const s = ctx.state;
  unit.where = "destroyed";
  unit.models = [];
  unit.damage = 0;
  for (const t of s.tokens.filter((t) => t.unit === unit.id)) ctx.emit({ type: "token_removed", token: t.id });
  s.tokens = s.tokens.filter((t) => t.unit !== unit.id);
  s.persisting = s.persisting.filter((p) => p.unit !== unit.id);
  ctx.emit({ type: "unit_destroyed", unit: unit.id });
  const replaceable = !unit.replacementOf && abilitiesOf(unit).some((a) => a.trigger === "destroyed" && !s.used[`${unit.id}:${a.id}`]);
  if (replaceable) s.endOfPhase.push(unit.id);
}

/** Ward rolls for `amount` damage points (a unit without Ward rolls none). */
function wardRolls(ctx: Ctx, unit: UnitState, amount: number): { report: StageReport | null; saved: number } {
  const base = ws(unit).ward;
  const mods = modsFor(ctx.state, unit, "ward");
  if (base === undefined && !mods.some((m) => m.op === "set")) return { report: null, saved: 0 };
  const need = applyMods(base ?? 7, mods);
  const rolls = Array.from({ length: amount }, () => ctx.d6());
  const saved = rolls.filter((r) => r >= need).length;
  return { report: stage(need, mods, rolls, saved), saved };
}

/** Mortal damage (no save; ward applies), reported on its own. */
export function mortalDamage(ctx: Ctx, unit: UnitState, amount: number, source: string, from: UnitState | null): void {
  const { report, saved } = wardRolls(ctx, unit, amount);
  const dealt = amount - saved;
  const mark = ctx.events.length;
  const slain = allocate(ctx, unit, dealt, from);
  const after = ctx.events.splice(mark);
  ctx.emit({ type: "mortal_damage", unit: unit.id, amount, ward: report, dealt, slain, source });
  ctx.events.push(...after);
}

/**
 * Resolves every attack of `attacker` against `target` (shooting or fighting), weapon by weapon,
 * with the crit ability chosen in `crits` where several apply (seed 003 20). Emits one `attacks`
 * event with every report.
 */
export function resolveAttacks(ctx: Ctx, attacker: UnitState, target: UnitState, kind: "shoot" | "fight", engaged: boolean, crits: Readonly<Record<string, CritKind>>): void {
  const s = ctx.state;
  const reports: AttackReport[] = [];
  // Destructions found while resolving are reported after the attacks that caused them.
  const mark = ctx.events.length;
  const caps = catalog.rules.modifierCaps;
  // Core C8: the damage of every weapon is allocated once, after the last; meanwhile the target's
  // models all stay, and each report counts the models its damage slays (`pool`, `standing`).
  const health = ws(target).health;
  let pool = target.damage;
  let standing = target.models.length - heldCount(s, target.id);
  let total = 0;
  for (const weapon of weaponsFor(attacker, kind, engaged)) {
    if (target.where !== "field" || standing === 0) break;
    const models = modelsInReach(attacker, target, weapon, s);
    if (models === 0) continue;
    const context = { weapon, attackerOwner: attacker.owner };
    // Seed 003 26: random Attacks are rolled per model when the attack is declared; 27: then modified.
    const attackRolls: number[] = [];
    let attacks = 0;
    for (let i = 0; i < models; i++) {
      const rolled = rollValue(weapon.attacks, ctx.dice);
      attackRolls.push(...rolled.dice);
      attacks += characteristic(s, attacker, "attacks", rolled.value, context).value;
    }
    const options = critOptions(s, attacker, weapon);
    const crit: CritKind | null = options.length > 1 ? (crits[weapon.id] ?? options[0]!) : (options[0] ?? null);
    // Hit rolls.
    const hitMods = modsFor(s, attacker, "hit_roll", context);
    if (kind === "shoot" && guarded(s, target)) hitMods.push({ source: "guarded_hero", owner: target.owner, passive: true, op: "add", value: -1, rank: 0, order: 0 });
    const hitMod = rollMod(hitMods, caps.hitRoll, caps.hitRoll);
    const hitRolls = Array.from({ length: attacks }, () => ctx.d6());
    let hits = 0;
    let critsRolled = 0;
    let autoWounds = 0;
    let mortalHits = 0;
    for (const r of hitRolls) {
      if (r === 6) {
        critsRolled++;
        if (crit === "2hits") hits += 2;
        else if (crit === "autowound") autoWounds++;
        else if (crit === "mortal") mortalHits++;
        else hits++;
      } else if (rollPasses(r, weapon.hit, hitMod)) hits++;
    }
    // Wound rolls.
    const woundMods = modsFor(s, attacker, "wound_roll", context);
    const woundMod = rollMod(woundMods, caps.woundRoll, caps.woundRoll);
    const woundRolls = Array.from({ length: hits }, () => ctx.d6());
    const wounds = woundRolls.filter((r) => rollPasses(r, weapon.wound, woundMod)).length + autoWounds;
    // Rend: the weapon's, then modifiers in the order of seed 003 27, each Anti-X that applies
    // (seed 003 20) among the added ones (floor 0).
    const rend = characteristic(s, attacker, "rend", weapon.rend, context, weaponMods(s, attacker, target, weapon, "rend")).value;
    // Save rolls.
    const save = characteristic(s, target, "save", ws(target).save).value;
    const saveMods = modsFor(s, target, "save_roll");
    const saveMod = rollMod(saveMods, caps.saveRoll);
    const saveRolls = Array.from({ length: wounds }, () => ctx.d6());
    const saved = saveRolls.filter((r) => savePasses(r, save, saveMod, rend)).length;
    // Damage: random Damage is rolled for each attack (seed 003 26), then modified (27); Charge's
    // +1 (seed 003 20) is an added modifier, after any set, multiply or divide.
    const damageRolls: number[] = [];
    const chargeMods = weaponMods(s, attacker, target, weapon, "damage");
    const damageOf = () => {
      const rolled = rollValue(weapon.damage, ctx.dice);
      damageRolls.push(...rolled.dice);
      return characteristic(s, attacker, "damage", rolled.value, context, chargeMods).value;
    };
    let normal = 0;
    for (let i = 0; i < wounds - saved; i++) normal += damageOf();
    let mortal = 0;
    for (let i = 0; i < mortalHits; i++) mortal += damageOf();
    const ward = wardRolls(ctx, target, normal + mortal);
    const dealt = normal + mortal - ward.saved;
    const counted = slainBy(pool, dealt, health, standing);
    const slain = counted.slain;
    [pool, standing, total] = [counted.pool, standing - slain, total + dealt];
    reports.push({
      weapon: weapon.id,
      models,
      attackRolls,
      attacks,
      crit,
      hit: { ...stage(weapon.hit, hitMods, hitRolls, hits), crits: critsRolled },
      wound: { ...stage(weapon.wound, woundMods, woundRolls, wounds), auto: autoWounds },
      rend,
      save: stage(save, saveMods, saveRolls, saved),
      damageRolls,
      ward: ward.report,
      mortal,
      dealt,
      slain,
    });
  }
  if (total > 0) allocate(ctx, target, total, attacker);
  const after = ctx.events.splice(mark);
  ctx.emit({ type: "attacks", unit: attacker.id, target: target.id, kind, reports });
  ctx.events.push(...after);
}
