/**
 * How the heuristic bot judges where its units stand, from its seat's projection: the objectives
 * it holds or contests (project core rule C11: more Control within 3" than the enemy), how far its
 * other units have to go to an objective that needs them (around terrain) or to an enemy worth
 * attacking, and, in its own movement phase, the charges and shots the position opens.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog } from "./data";
import { inches, within, type Pt } from "./geometry";
import { canShootAt } from "./attack";
import { pathLength } from "./bot-field";
import { chargeFightValue, chargeOdds, damageValue, enemyOf, expectedAttack, isMelee, rangeOf, unitGap } from "./bot-estimate";
import { permitted } from "./modifiers";
import { discs, fieldUnits, inCombat, radiusOf, ws } from "./query";
import type { SigmarState, UnitState } from "./types";

/** The objectives, in fine units. */
export const OBJECTIVES: readonly (Pt & { id: string })[] = catalog.battleplan.objectives.map((o) => ({ id: o.id, x: inches(o.x), y: inches(o.y) }));

const RANGE = inches(catalog.rules.objectiveRange);

/** Weights, in points (a unit's worth is its warscroll's points). */
const W = {
  /** Holding an objective (it scores at the end of the turn). */
  hold: 45,
  /** A tie on an objective that the enemy would otherwise hold. */
  contest: 12,
  /** An objective the enemy holds. */
  enemyHold: 30,
  /** Each point of Control above the enemy's, up to what the enemy may bring next turn. */
  margin: 3,
  /** Each inch a unit still has to go. */
  travel: 2.5,
  /** An objective nobody needs more of: its travel counts this many inches more. */
  spare: 8,
};

/** A model's Control on an objective (within 3" of the marker). */
export function controlOn(u: UnitState, o: Pt): number {
  const ctl = ws(u).control;
  if (ctl === 0) return 0;
  return discs(u).filter((d) => within(d, { x: o.x, y: o.y, r: 0 }, RANGE)).length * ctl;
}

/** Inches a unit's models have to go, on average, to stand within 3" of an objective. */
export function travelTo(u: UnitState, o: Pt): number {
  const r = radiusOf(u);
  let sum = 0;
  for (const m of u.models) sum += Math.max(0, pathLength(o, r, m) - (RANGE + r - 10));
  return sum / Math.max(1, u.models.length) / 100;
}

/** What the judge works out about one unit where it stands. */
interface Facts {
  readonly control: readonly number[];
  readonly trips: readonly number[];
  readonly attack: number;
}

/**
 * The most positions the bot judges in one decision: its budget, a count (never a clock), so the
 * same projection always costs the same work. A position past the budget is not judged (it scores
 * -Infinity, so the bot keeps what it found or plays a listed command).
 */
export const POSITION_BUDGET = 400;

/** What the judge remembers within one decision (attack estimates by unit pair), and the positions it has judged. */
export class Judge {
  /** Positions judged so far in this decision (at most {@link POSITION_BUDGET}). */
  judged = 0;
  private readonly fights = new Map<string, number>();
  private readonly shots = new Map<string, number>();
  private readonly threats = new Map<string, number>();
  private readonly known = new Map<string, Facts>();
  private readonly chances = new Map<string, number>();
  readonly enemy: SeatId;

  /**
   * @param base the position the decision is taken in (from the seat's projection).
   * @param me the deciding seat.
   * @param budget the most positions judged in this decision ({@link POSITION_BUDGET} by default;
   *   the "hard" level gives more).
   */
  constructor(
    readonly base: SigmarState,
    readonly me: SeatId,
    readonly budget: number = POSITION_BUDGET,
  ) {
    this.enemy = enemyOf(base, me);
  }

  /** The damage value of `u` charging and fighting `e` (every model in reach), less half of what `e` deals back. */
  fightGain(u: UnitState, e: UnitState): number {
    const key = `${u.id}>${e.id}`;
    let v = this.fights.get(key);
    if (v === undefined) {
      const back = damageValue(u, expectedAttack(this.base, e, u, "fight", true, { allInReach: true }));
      v = chargeFightValue(this.base, u, e) - 0.5 * back;
      this.fights.set(key, v);
    }
    return v;
  }

  /** The damage value of `u` shooting `e` now, where they stand in `s`. */
  shotValue(s: SigmarState, u: UnitState, e: UnitState): number {
    if (canShootAt(s, u, e, false) !== "ok") return 0;
    const key = `${u.id}>${e.id}:${u.models.map((m) => `${m.x},${m.y}`).join(";")}`;
    let v = this.shots.get(key);
    if (v === undefined) {
      v = damageValue(e, expectedAttack(s, u, e, "shoot", false));
      this.shots.set(key, v);
    }
    return v;
  }

  /** Inches a unit has to go to its nearest objective, where it stands. */
  nearest(u: UnitState): number {
    return Math.min(...this.facts(u, fieldUnits(this.base, this.enemy)).trips);
  }

  /** A unit's Control on each objective, its trips to each, and its way to an enemy worth attacking, where it stands (remembered). */
  private facts(u: UnitState, theirs: readonly UnitState[]): Facts {
    const key = `${u.id}|${u.models.map((m) => `${m.x},${m.y}`).join(";")}`;
    let f = this.known.get(key);
    if (!f) {
      f = { control: OBJECTIVES.map((o) => controlOn(u, o)), trips: OBJECTIVES.map((o) => travelTo(u, o)), attack: u.owner === this.me ? this.attackTravel(u, theirs) : Infinity };
      this.known.set(key, f);
    }
    return f;
  }

  /**
   * How good the position `s` is for the judge's seat (higher is better; only differences
   * matter). `turn`: judged in the seat's own movement phase, so a unit's charge and shooting
   * chances this turn count (for units in `ran`, neither unless a rule allows it). Within one
   * judge the enemy's units are taken to stand where they stood (they do not move in the seat's
   * turn), so what is worked out about them is remembered. Past the budget: -Infinity.
   */
  value(s: SigmarState, turn: boolean): number {
    if (this.judged >= this.budget) return -Infinity;
    this.judged++;
    const mine = fieldUnits(s, this.me);
    const theirs = fieldUnits(s, this.enemy);
    const my = mine.map((u) => ({ u, f: this.facts(u, theirs) }));
    let v = 0;
    const need: number[] = [];
    OBJECTIVES.forEach((o, k) => {
      const mc = my.reduce((n, x) => n + x.f.control[k]!, 0);
      const en = theirs.reduce((n, u) => n + this.facts(u, theirs).control[k]!, 0);
      const threat = this.threat(o, theirs);
      if (mc > en) v += W.hold + W.margin * Math.min(mc - en, threat + 2);
      else if (mc === en && mc > 0) v += W.contest;
      else if (en > mc) v -= W.enemyHold;
      need.push(en + threat + 1 - mc);
    });
    // Units holding nothing go where they are needed: the nearest objective that needs them, or
    // (fighters and shooters) an enemy to attack.
    const free = my.filter((x) => x.f.control.every((c) => c === 0));
    free.sort((a, b) => Math.min(...a.f.trips) - Math.min(...b.f.trips) || (a.u.id < b.u.id ? -1 : 1));
    for (const { u, f } of free) {
      let bestCost = Infinity;
      let to = 0;
      f.trips.forEach((t, k) => {
        const cost = t + (need[k]! > 0 ? 0 : W.spare);
        if (cost < bestCost) [bestCost, to] = [cost, k];
      });
      if (f.attack < bestCost) bestCost = f.attack;
      else need[to] = need[to]! - ws(u).control * u.models.length;
      v -= W.travel * bestCost;
    }
    if (turn) for (const { u } of my) v += this.opportunity(s, u, theirs);
    return v;
  }

  /** Enemy Control that may come within range of `o` next turn (a move and a run away), where the enemy stands now. */
  private threat(o: Pt & { id: string }, theirs: readonly UnitState[]): number {
    let v = this.threats.get(o.id);
    if (v === undefined) {
      v = theirs.reduce((n, u) => (controlOn(u, o) === 0 && travelTo(u, o) <= ws(u).move + 3 ? n + ws(u).control * u.models.length : n), 0);
      this.threats.set(o.id, v);
    }
    return v;
  }

  /** Inches a unit has to go to attack an enemy worth it (a charge for a fighter, range for a shooter), with a little preference for objectives. */
  private attackTravel(u: UnitState, theirs: readonly UnitState[]): number {
    let best = Infinity;
    const melee = isMelee(u);
    const reach = melee ? 9 : rangeOf(u) / 100;
    for (const e of theirs) {
      if (melee && this.fightGain(u, e) <= 5) continue;
      best = Math.min(best, Math.max(0, unitGap(u, e) - reach) + 4);
    }
    return best;
  }

  /** The charge or shots open to `u` this turn from where it stands in `s` (remembered). */
  private opportunity(s: SigmarState, u: UnitState, theirs: readonly UnitState[]): number {
    const key = `${u.id}|${u.did.ran ? 1 : 0}${u.did.shot ? 1 : 0}${u.did.charged || u.did.triedCharge ? 1 : 0}|${u.models.map((m) => `${m.x},${m.y}`).join(";")}`;
    let v = this.chances.get(key);
    if (v === undefined) {
      v = this.chancesOf(s, u, theirs);
      this.chances.set(key, v);
    }
    return v;
  }

  private chancesOf(s: SigmarState, u: UnitState, theirs: readonly UnitState[]): number {
    if (inCombat(s, u)) return 0;
    let charge = 0;
    if (!u.did.charged && !u.did.triedCharge && permitted(s, u, "charge")) {
      for (const e of theirs) {
        if (unitGap(u, e) > catalog.rules.chargeReach) continue;
        charge = Math.max(charge, chargeOdds(u, e) * this.fightGain(u, e));
      }
    }
    let shot = 0;
    if (!u.did.shot && permitted(s, u, "shoot") && rangeOf(u) > 0) {
      for (const e of theirs) shot = Math.max(shot, this.shotValue(s, u, e));
    }
    return charge + shot;
  }
}

/** The state with one unit's models at `to` (a shallow copy: the unit's other fields unchanged). */
export function withUnitAt(s: SigmarState, unit: UnitState, to: readonly Pt[], did: UnitState["did"] = unit.did): SigmarState {
  const models = to.map((p, i) => ({ id: unit.models[i]?.id ?? `${unit.id}-new${i}`, x: p.x, y: p.y }));
  return { ...s, units: { ...s.units, [unit.id]: { ...unit, models, did, where: "field" } } };
}
