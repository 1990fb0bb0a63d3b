/**
 * How EMBER reads its dice: which faces count in which stance, result replacement, and the
 * defender's cancellation (seed 000 1.1, 1.2.1). Pure functions over faces, so every worked
 * example in the tests is computed by hand from given faces.
 */
import type { Face, FaceResult, Stance } from "./data/schema";
import type { DieResult } from "./types";

/**
 * Whether a rolled face counts. Hollow faces count only in the matching stance: hollow
 * yellow/red in OFF (seed 000 1.1, also in EW rolls, 5.2), hollow white in DEF (seed 000 1.1).
 * @param stance the stance of the unit that rolled the die.
 */
export function faceCounts(die: DieResult["die"], face: Face, stance: Stance | null): boolean {
  if (!face.hollow) return true;
  if (die === "yellow" || die === "red") return stance === "OFF";
  if (die === "white") return stance === "DEF";
  return false;
}

/** How many `result`s a set of dice shows, double faces counting 2, hollow faces per stance. */
export function countResult(dice: readonly DieResult[], result: FaceResult, stance: Stance | null): number {
  let n = 0;
  for (const d of dice) if (d.face.result === result && faceCounts(d.die, d.face, stance)) n += d.face.count;
  return n;
}

/**
 * Applies replacements such as "[lightning] is replaced by [heavy]" (seed 000 1.2.1): each die
 * is replaced at most once; rules are tried in order. Mutates `dice`.
 * @returns the positions replaced, with the faces before and after.
 */
export function applyReplacements(
  dice: DieResult[],
  rules: readonly { from: FaceResult; to: FaceResult }[],
): { index: number; from: Face; to: Face }[] {
  const changes: { index: number; from: Face; to: Face }[] = [];
  dice.forEach((d, index) => {
    if (d.replaced) return;
    const rule = rules.find((r) => r.from === d.face.result);
    if (!rule) return;
    const before = d.face;
    d.face = { ...before, result: rule.to };
    d.replaced = true;
    changes.push({ index, from: before, to: d.face });
  });
  return changes;
}

/** The outcome of the damage calculation of one attack (seed 000 1.2.1 "데미지 계산"). */
export interface DamageOutcome {
  /** Uncancelled [light]/[heavy] results: the damage, and the chain damage if penetrated. */
  readonly damage: number;
  /** Any uncancelled damage penetrates (seed 000 1.2.2). */
  readonly penetrated: boolean;
  /** A hit: damage not cancelled by [evade] (cancelled by [defend] still hits, seed 000 1.2.1). */
  readonly hit: boolean;
  readonly cancelledByEvade: number;
  readonly cancelledByDefend: number;
  /** The uncancelled damage results, heavy first, one entry per result. */
  readonly uncancelled: readonly ("light" | "heavy")[];
}

/**
 * The defender's cancellation (seed 000 1.2.1): each [evade] cancels any one result, each
 * [defend] cancels one [light]; a double face is two results. The engine cancels for the
 * defender in the way that is best for them: when the evades can cancel every damage result, they
 * do (no damage and no hit); otherwise defends take lights, evades take heavies, then lights
 * (the least damage; a hit is then unavoidable).
 * @param attackerStance decides whether hollow yellow/red faces count (OFF).
 * @param defenderStance decides whether hollow white faces count (DEF).
 * @param damageResults results that deal 1 damage each under an ability ("[눈]/[번개]가 1 의
 *   데미지", seed 000 1.2.1 note). Being neither [light] nor [heavy], only an [evade] cancels one
 *   (a project decision); they count as [heavy] in the uncancelled list (chain damage).
 */
export function resolveDamage(
  attackDice: readonly DieResult[],
  defenceDice: readonly DieResult[],
  attackerStance: Stance | null,
  defenderStance: Stance | null,
  damageResults: readonly ("eye" | "lightning")[] = [],
): DamageOutcome {
  const lights = countResult(attackDice, "light", attackerStance);
  const heavies =
    countResult(attackDice, "heavy", attackerStance) +
    damageResults.reduce((n, result) => n + countResult(attackDice, result, attackerStance), 0);
  const evades = countResult(defenceDice, "evade", defenderStance);
  const defends = countResult(defenceDice, "defend", defenderStance);
  if (lights + heavies === 0) {
    return { damage: 0, penetrated: false, hit: false, cancelledByEvade: 0, cancelledByDefend: 0, uncancelled: [] };
  }
  if (evades >= lights + heavies) {
    return { damage: 0, penetrated: false, hit: false, cancelledByEvade: lights + heavies, cancelledByDefend: 0, uncancelled: [] };
  }
  const byDefend = Math.min(defends, lights);
  let lightsLeft = lights - byDefend;
  let evadesLeft = evades;
  const heavyByEvade = Math.min(evadesLeft, heavies);
  evadesLeft -= heavyByEvade;
  const heaviesLeft = heavies - heavyByEvade;
  const lightByEvade = Math.min(evadesLeft, lightsLeft);
  lightsLeft -= lightByEvade;
  const damage = heaviesLeft + lightsLeft;
  const uncancelled = [
    ...Array<"heavy">(heaviesLeft).fill("heavy"),
    ...Array<"light">(lightsLeft).fill("light"),
  ];
  return {
    damage,
    penetrated: damage > 0,
    hit: true,
    cancelledByEvade: heavyByEvade + lightByEvade,
    cancelledByDefend: byDefend,
    uncancelled,
  };
}

/** Counts [light] results for the first-player roll (seed 001 3.2): no stance, so hollow faces do not count. */
export function firstPlayerLights(faces: readonly Face[]): number {
  return faces.reduce((n, f) => n + (f.result === "light" && !f.hollow ? f.count : 0), 0);
}
