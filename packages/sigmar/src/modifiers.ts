/**
 * The abilities engine's effects on characteristics, rolls, flags and permissions:
 * - seed 003 27 (modifier order): a random characteristic is rolled first; then modifiers that set
 *   it, then those that multiply or divide it (rounding down), then those that add or subtract;
 *   nothing below 1 except Rend (0);
 * - seed 003 30 (order of effects): passive effects apply after every other effect; among passives,
 *   neutral ones first (in the order the active player chose), then the opponent's, then the
 *   active player's; so for two effects that set the same characteristic, the later one wins;
 * - seed 003 28.1: a persisting effect is a passive of its owner while it lasts (its order among
 *   that player's passives is when it was made: seed 003 29 "the latest effect");
 * - seed 003 29 (contradictory rules): 'cannot' beats 'can' and 'must', unless the 'can' says it
 *   overrides that 'cannot';
 * - seed 003 20 Companion: a companion weapon's attacks ignore friendly effects except negative ones.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog, type Action, type CoreBan, type Flag, type Stat, type Weapon } from "./data";
import { whollyWithinBox, type Disc } from "./geometry";
import { TERRAIN, abilitiesOf, discs, fieldUnits, hasKeyword, otherSeat, unitWhollyWithin, ws } from "./query";
import { inches } from "./geometry";
import type { SigmarState, UnitState } from "./types";

/** One modifier as it applies, with where it comes from (shown to players in this order). */
export interface Mod {
  readonly source: string;
  readonly owner: SeatId | null;
  readonly passive: boolean;
  readonly op: "set" | "mul" | "div" | "add";
  readonly value: number;
  /** 0 other rules, 1 neutral passives, 2 the opponent's passives, 3 the active player's (seed 003 30). */
  readonly rank: number;
  /** Order within the rank. */
  readonly order: number;
}

/** What a modifier lookup is about: a weapon's attacks (scope and Companion), the attacking side. */
export interface ModContext {
  readonly weapon?: Weapon;
  /** The attacker's owner, for Companion (friendly effects are the attacker's owner's). */
  readonly attackerOwner?: SeatId;
}

const scopeFits = (scope: "melee" | "ranged" | "all" | undefined, weapon?: Weapon) => !scope || scope === "all" || !weapon || weapon.kind === scope;

/** Whether a persisting effect is still in force. */
const live = (state: Pick<SigmarState, "turn" | "step">, until: { turn: number; phase?: string }) => state.turn < until.turn || (state.turn === until.turn && (until.phase === undefined || until.phase === state.step));

/** The rank of a passive of `owner` (seed 003 30): 1 neutral, 2 the opponent's, 3 the active player's. */
export function rankOf(state: Pick<SigmarState, "active" | "seats">, owner: SeatId | null): number {
  if (owner === null) return 1;
  return owner === (state.active ?? state.seats[0]) ? 3 : 2;
}

/** Every modifier of `stat` on `unit`, in the order they apply (seed 003 27, 28.1, 29, 30). */
export function modsFor(state: SigmarState, unit: UnitState, stat: Stat, context: ModContext = {}): Mod[] {
  const out: Mod[] = [];
  const weapon = context.weapon;
  // Warscroll passives of the unit itself (and its enhancement).
  abilitiesOf(unit).forEach((a, i) => {
    if (a.kind !== "passive" || a.aura) return;
    for (const e of a.effects) if (e.kind === "modify" && e.stat === stat && scopeFits(e.scope, weapon)) out.push({ source: a.id, owner: unit.owner, passive: true, op: e.op, value: e.value, rank: rankOf(state, unit.owner), order: i });
  });
  // Auras of friendly units' passives.
  for (const other of fieldUnits(state, unit.owner)) {
    for (const a of ws(other).abilities) {
      if (a.kind !== "passive" || !a.aura || (a.aura.notSelf && other.id === unit.id)) continue;
      if (!unitWhollyWithin(unit, other, inches(a.aura.distance))) continue;
      for (const e of a.effects) if (e.kind === "modify" && e.stat === stat && scopeFits(e.scope, weapon)) out.push({ source: a.id, owner: other.owner, passive: true, op: e.op, value: e.value, rank: rankOf(state, other.owner), order: 100 });
    }
  }
  // Neutral passives of terrain (seed 003 30), in the active player's chosen order.
  const ds: Disc[] = discs(unit);
  catalog.battleplan.terrain.forEach((t, i) => {
    const p = t.passive;
    if (!p || p.stat !== stat || ds.length === 0) return;
    const box = TERRAIN[i]!;
    if (!ds.every((d) => whollyWithinBox(d, box, inches(p.distance)))) return;
    const at = state.neutralOrder.indexOf(p.id);
    out.push({ source: p.id, owner: null, passive: true, op: p.op, value: p.value, rank: 1, order: at < 0 ? 1000 + i : at });
  });
  // Persisting effects (seed 003 28.1): passives of their owner, in the order they were made.
  for (const p of state.persisting) {
    if (p.unit !== unit.id || !live(state, p.until)) continue;
    const e = p.effect;
    if (e.kind === "modify" && e.stat === stat && scopeFits(e.scope, weapon)) out.push({ source: p.source, owner: p.owner, passive: true, op: e.op, value: e.value, rank: rankOf(state, p.owner), order: 1000 + p.seq });
  }
  // Companion (seed 003 20): friendly effects do not apply, except negative modifiers.
  const filtered = weapon?.abilities.includes("companion") && context.attackerOwner ? out.filter((m) => m.owner !== context.attackerOwner || (m.op === "add" && m.value < 0) || m.op === "div") : out;
  return filtered.sort((a, b) => a.rank - b.rank || a.order - b.order);
}

/** A characteristic after its modifiers (seed 003 27): set, then multiply/divide (round down), then add; floor 1 (Rend 0). */
export function applyMods(base: number, mods: readonly Mod[], floor = 1): number {
  let v = base;
  for (const m of mods) if (m.op === "set") v = m.value;
  for (const m of mods) {
    if (m.op === "mul") v = Math.floor(v * m.value);
    if (m.op === "div") v = Math.floor(v / m.value);
  }
  for (const m of mods) if (m.op === "add") v += m.value;
  return Math.max(floor, v);
}

/**
 * The modified value of a characteristic of `unit` from its rolled or fixed `base`, with `extra`
 * modifiers (a weapon's own abilities that add to it: seed 003 20 Charge and Anti-X) taking their
 * place among the others in the order of seed 003 27 (set, multiply or divide, then add).
 */
export function characteristic(state: SigmarState, unit: UnitState, stat: Stat, base: number, context: ModContext = {}, extra: readonly Mod[] = []): { value: number; mods: Mod[] } {
  const mods = [...modsFor(state, unit, stat, context), ...extra];
  return { value: applyMods(base, mods, stat === "rend" ? 0 : 1), mods };
}

/** A unit's Move in fine units this moment. */
export const moveOf = (state: SigmarState, unit: UnitState): number => inches(characteristic(state, unit, "move", ws(unit).move).value);

/** A roll modifier's total (added modifiers, in order), capped at ±cap (project core rule C7). */
export function rollMod(mods: readonly Mod[], capUp: number, capDown = Infinity): number {
  const sum = mods.reduce((n, m) => n + (m.op === "add" ? m.value : 0), 0);
  return Math.max(-capDown, Math.min(capUp, sum));
}

/** Whether a unit has a flag now (warscroll passives, keywords, persisting grants). */
export function hasFlag(state: SigmarState, unit: UnitState, flag: Flag, context: ModContext = {}): boolean {
  if (flag === "fly" && hasKeyword(unit, "fly")) return true;
  const friendly = (owner: SeatId) => !(context.weapon?.abilities.includes("companion") && owner === context.attackerOwner);
  if (abilitiesOf(unit).some((a) => a.kind === "passive" && !a.aura && a.effects.some((e) => e.kind === "grant" && e.flag === flag && scopeFits(e.scope, context.weapon))) && friendly(unit.owner)) return true;
  return state.persisting.some((p) => p.unit === unit.id && live(state, p.until) && p.effect.kind === "grant" && p.effect.flag === flag && scopeFits(p.effect.scope, context.weapon) && friendly(p.owner));
}

/** Strike-first and strike-last as they count (seed 003 19: a unit with both has neither). */
export function strikeOf(state: SigmarState, unit: UnitState): "first" | "last" | null {
  const first = hasFlag(state, unit, "strike_first");
  const last = hasFlag(state, unit, "strike_last");
  return first === last ? null : first ? "first" : "last";
}

/** The core rules' bans (project core rules) that apply to `unit` for `action` now. */
function coreBans(unit: UnitState, action: Action): CoreBan[] {
  const out: CoreBan[] = [];
  if (action === "charge" && unit.did.ran) out.push("ran_no_charge");
  if (action === "shoot" && unit.did.ran) out.push("ran_no_shoot");
  return out;
}

/**
 * Whether `unit` may do `action` now (seed 003 29): an effect that says it cannot wins over any
 * that says it can; a core 'cannot' is lifted only by an effect that says it overrides that very
 * rule; an effect that only says 'can' lifts nothing.
 */
export function permitted(state: SigmarState, unit: UnitState, action: Action): boolean {
  if (state.persisting.some((p) => p.unit === unit.id && live(state, p.until) && p.effect.kind === "forbid" && p.effect.action === action)) return false;
  const overrides = new Set<CoreBan>();
  for (const a of abilitiesOf(unit)) if (a.kind === "passive") for (const e of a.effects) if (e.kind === "allow" && e.action === action && e.overrides) overrides.add(e.overrides);
  for (const p of state.persisting) if (p.unit === unit.id && live(state, p.until) && p.effect.kind === "allow" && p.effect.action === action && p.effect.overrides) overrides.add(p.effect.overrides);
  return coreBans(unit, action).every((ban) => overrides.has(ban));
}

/** Whether a persisting effect is still in force (for views and cleanup). */
export const isLive = live;

/** The opponent of `seat`. */
export const opponentOf = otherSeat;
