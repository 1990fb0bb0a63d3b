/**
 * Chain damage (seed 000 1.2.4, 1.2.4.1): after a penetration, the uncancelled damage of an
 * action with rupture, shotgun or cleave goes on to a new target as its own attack dice.
 */
import { chebyshev, type Square } from "@fogwar/engine";
import { allied, isHighAltitude, unitById, unitsInPlay } from "./query";
import type { Ctx } from "./context";
import { plainFace } from "./pools";
import type { AttackState, ChainOption, EmberState, UnitState } from "./types";

/**
 * The chain damage options after a penetration (seed 000 1.2.4; each keyword's target is a
 * project decision, docs/rules/ember.md): `rupture` hits the defender again (if it still stands),
 * `shotgun` an enemy unit within 1 square of the defender's square, `cleave` an enemy unit adjacent
 * to the attacker other than the defender and not high-altitude. A camouflaged unit is never a
 * chain target (seed 000 6.2; project decision): declaring it would be targeting it without
 * the detection an attack needs. Camouflage is public and squares are markers, so the options
 * never depend on a real square.
 * @param defenderSquare where the defender stood when it was hit (it may since be destroyed).
 */
export function chainOptions(
  state: EmberState,
  attack: AttackState,
  keywords: readonly string[],
  defenderSquare: Square,
): ChainOption[] {
  const attacker = unitById(state, attack.attacker) as UnitState;
  const defender = unitById(state, attack.defender) as UnitState;
  const options: ChainOption[] = [];
  const enemiesNear = (centre: Square | null) =>
    unitsInPlay(state).filter(
      (u) => !allied(state, u.owner, attacker.owner) && u.id !== defender.id && !u.camouflage && u.at && centre && chebyshev(centre, u.at) <= 1,
    );
  if (keywords.includes("rupture") && !defender.destroyed) options.push({ keyword: "rupture", target: defender.id });
  if (keywords.includes("shotgun")) {
    for (const u of enemiesNear(defenderSquare)) options.push({ keyword: "shotgun", target: u.id });
  }
  if (keywords.includes("cleave")) {
    // Cleave is melee: it never reaches a high-altitude unit (seed 000 1.4).
    for (const u of enemiesNear(attacker.at)) if (!isHighAltitude(u)) options.push({ keyword: "cleave", target: u.id });
  }
  return options;
}

/** Starts chain damage with the uncancelled damage results as its dice (seed 000 1.2.4.1). */
export function beginChain(ctx: Ctx, option: ChainOption, damage: readonly ("light" | "heavy")[]): void {
  const attack = ctx.state.attack as AttackState;
  attack.chain = true;
  attack.chainKeyword = option.keyword;
  attack.defender = option.target;
  attack.hitPart = null;
  attack.partRoll = null;
  attack.rear = false;
  delete attack.parry;
  delete attack.parryDeclared;
  attack.attackDice = damage.map((r) => ({ die: "chain" as const, face: plainFace(r) }));
  attack.defenceDice = [];
  attack.stage = "hit_part";
  ctx.emit({ type: "chain_damage", keyword: option.keyword, target: option.target, damage: damage.length });
}
