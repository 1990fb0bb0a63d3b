/**
 * The defender's cancellation (seed 000 1.2.1 "방어자의 주사위 결과 상쇄"): each [evade] cancels any
 * one result, each [defend] one [light]; a double face is two results; hollow faces count only in
 * the stance that makes them count (seed 000 1.1). Which results the defender cancels is the
 * defender's choice, and it matters when the results differ in what they do:
 * - damage not cancelled by an [evade] is a hit, and the attack's hit effects (impact) follow,
 *   even when [defend]s cancelled it;
 * - an [eye] or [lightning] that triggers an effect fires unless an [evade] cancels it;
 * - after a penetration, what is left is the chain damage (1.2.4), where a [light] is easier to
 *   stop than a [heavy].
 * So the defender weighs a penetration against link lost to impact, or a stance forced by
 * suppress. This module lists every way to cancel with its outcome, keeps one per outcome, drops
 * those another way beats in every respect, and orders the rest best first (no penetration, then
 * the least link lost, then no forced stance, then the lightest chain damage). When one way is left
 * the choice cannot change the outcome for the defender and the engine takes it without asking.
 * Pure functions over counts, so every worked example is computed by hand.
 */
import type { Stance } from "./data/schema";
import { countResult } from "./dice";
import type { Cancellation, CancelOption, DieResult } from "./types";

/** The counted results a cancellation works on (seed 000 1.2.1). */
export interface CancelCounts {
  /** [light] results (a double light is 2). */
  readonly lights: number;
  /** [heavy] results, with results that deal damage under an ability ("[눈]/[번개]가 1 의 데미지"). */
  readonly heavies: number;
  /** [eye] results that trigger an effect that would change something (not dealing damage). */
  readonly eyes: number;
  /** [lightning] results that trigger an effect that would change something (not dealing damage). */
  readonly lightnings: number;
  readonly evades: number;
  readonly defends: number;
}

/** What a cancellation leaves (seed 000 1.2.1-1.2.2). */
export interface CancelResult {
  /** Uncancelled [light]/[heavy] results: the damage (and the chain damage if penetrated). */
  readonly damage: number;
  readonly penetrated: boolean;
  /** Damage not cancelled by [evade]s (cancelled by [defend]s still hits). */
  readonly hit: boolean;
  readonly cancelledByEvade: number;
  readonly cancelledByDefend: number;
  /** The uncancelled damage results, heavy first, one entry per result. */
  readonly uncancelled: readonly ("light" | "heavy")[];
  /** Triggering [eye]/[lightning] results no [evade] cancelled. */
  readonly eyes: number;
  readonly lightnings: number;
}

/** What the cancellation can change for this defender (seed 000 1.2.1, 1.2.4). */
export interface Stakes {
  /** The attack has impact and a hit would cost the defender link (a mech with link left). */
  readonly impactOnHit: boolean;
  /** The triggers whose effect would change something for the defender, each firing once. */
  readonly triggers: readonly { readonly on: "eye" | "lightning"; readonly effect: "impact" | "suppress" }[];
  /** A penetration would lead to chain damage. */
  readonly chain: boolean;
}

/**
 * Counts an attack's results for the cancellation (seed 000 1.2.1): the attacker's hollow faces
 * per its stance, the defender's per its own.
 * @param damageResults results that deal 1 damage under an ability: only an [evade] cancels them,
 *   so they count with the heavies (a project decision, docs/rules/ember.md).
 * @param triggering the results whose triggers would change something for the defender.
 */
export function cancelCounts(
  attackDice: readonly DieResult[],
  defenceDice: readonly DieResult[],
  attackerStance: Stance | null,
  defenderStance: Stance | null,
  damageResults: readonly ("eye" | "lightning")[] = [],
  triggering: readonly ("eye" | "lightning")[] = [],
): CancelCounts {
  const count = (result: "eye" | "lightning") =>
    triggering.includes(result) && !damageResults.includes(result) ? countResult(attackDice, result, attackerStance) : 0;
  return {
    lights: countResult(attackDice, "light", attackerStance),
    heavies: countResult(attackDice, "heavy", attackerStance) + damageResults.reduce((n, r) => n + countResult(attackDice, r, attackerStance), 0),
    eyes: count("eye"),
    lightnings: count("lightning"),
    evades: countResult(defenceDice, "evade", defenderStance),
    defends: countResult(defenceDice, "defend", defenderStance),
  };
}

/** What `cancel` leaves of `counts` (seed 000 1.2.1). The caller keeps within the counts. */
export function applyCancellation(counts: CancelCounts, cancel: Cancellation): CancelResult {
  const heavy = counts.heavies - cancel.evade.heavy;
  const light = counts.lights - cancel.evade.light - cancel.defend;
  const damage = heavy + light;
  return {
    damage,
    penetrated: damage > 0,
    hit: counts.heavies + counts.lights - cancel.evade.heavy - cancel.evade.light > 0,
    cancelledByEvade: cancel.evade.heavy + cancel.evade.light,
    cancelledByDefend: cancel.defend,
    uncancelled: [...Array<"heavy">(heavy).fill("heavy"), ...Array<"light">(light).fill("light")],
    eyes: counts.eyes - cancel.evade.eye,
    lightnings: counts.lightnings - cancel.evade.lightning,
  };
}

/** The outcome of a way to cancel for a defender with these stakes. */
function optionOf(counts: CancelCounts, cancel: Cancellation, stakes: Stakes): CancelOption {
  const r = applyCancellation(counts, cancel);
  const left = { eye: r.eyes, lightning: r.lightnings };
  const firing = stakes.triggers.filter((t) => left[t.on] > 0);
  const heavy = r.uncancelled.filter((x) => x === "heavy").length;
  return {
    ...cancel,
    damage: r.damage,
    penetrated: r.penetrated,
    hit: r.hit,
    linkLoss: (stakes.impactOnHit && r.hit ? 1 : 0) + firing.filter((t) => t.effect === "impact").length,
    suppress: firing.some((t) => t.effect === "suppress"),
    chain: stakes.chain && r.penetrated ? { heavy, light: r.damage - heavy } : null,
  };
}

/** The outcome's key for the defender: equal keys are the same outcome. */
const outcomeKey = (o: CancelOption) => JSON.stringify([o.penetrated, o.linkLoss, o.suppress, o.chain]);

/** Whether `a` is at least as good as `b` for the defender in every respect. */
function noWorse(a: CancelOption, b: CancelOption): boolean {
  if (a.penetrated && !b.penetrated) return false;
  if (a.linkLoss > b.linkLoss || (a.suppress && !b.suppress)) return false;
  if (a.chain && b.chain) return a.chain.heavy <= b.chain.heavy && a.chain.heavy + a.chain.light <= b.chain.heavy + b.chain.light;
  return a.chain === null || b.chain !== null;
}

/** Best first: no penetration, the least link lost, no forced stance, the lightest chain damage, the least damage. */
const rank = (o: CancelOption): number[] => [o.penetrated ? 1 : 0, o.linkLoss, o.suppress ? 1 : 0, o.chain?.heavy ?? 0, (o.chain?.heavy ?? 0) + (o.chain?.light ?? 0), o.damage];

function byRank(a: CancelOption, b: CancelOption): number {
  const ra = rank(a);
  const rb = rank(b);
  for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return (ra[i] as number) - (rb[i] as number);
  // Within one outcome: evades on heavies before lights (so defends take the lights).
  return b.evade.heavy - a.evade.heavy || b.evade.light - a.evade.light;
}

/**
 * The ways to cancel worth offering (seed 000 1.2.1), best first: one per outcome, none that
 * another beats in every respect. [defend]s always take the [light]s no [evade] took, as many as
 * they can (that never makes anything worse). One option means the choice cannot change the
 * outcome; the first is the default.
 */
export function cancelOptions(counts: CancelCounts, stakes: Stakes): CancelOption[] {
  const all: CancelOption[] = [];
  const evades = counts.evades;
  for (let heavy = 0; heavy <= Math.min(evades, counts.heavies); heavy++) {
    for (let light = 0; light <= Math.min(evades - heavy, counts.lights); light++) {
      for (let eye = 0; eye <= Math.min(evades - heavy - light, counts.eyes); eye++) {
        for (let lightning = 0; lightning <= Math.min(evades - heavy - light - eye, counts.lightnings); lightning++) {
          const defend = Math.min(counts.defends, counts.lights - light);
          all.push(optionOf(counts, { evade: { heavy, light, eye, lightning }, defend }, stakes));
        }
      }
    }
  }
  all.sort(byRank);
  const distinct = new Map<string, CancelOption>();
  for (const o of all) if (!distinct.has(outcomeKey(o))) distinct.set(outcomeKey(o), o);
  const outcomes = [...distinct.values()];
  return outcomes.filter((o) => !outcomes.some((p) => p !== o && noWorse(p, o) && outcomeKey(p) !== outcomeKey(o)));
}
