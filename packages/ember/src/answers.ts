/**
 * Answers to the attack process's pending decisions (seed 000 1.2.1 hit part, 1.2.4 chain target,
 * 1.4.2 parry, designation abilities and the defender's cancellation 1.2.1, 4 link rerolls, also of
 * EW rolls, 5.2): each checks that its decision is open for the seat, records the answer and
 * resumes the attack or the EW roll.
 */
import type { SeatId } from "@fogwar/engine";
import { continueAttack } from "./attack";
import { isMech, unitById } from "./query";
import { beginChain } from "./chain";
import { afterAttack, type Problem } from "./commands";
import type { Ctx } from "./context";
import type { PartSlot } from "./data/schema";
import { rollEwDie } from "./ew";
import { parryOf } from "./melee";
import { rollFace, rollPartDie } from "./pools";
import { canSpendLink } from "./resources";
import type { Cancellation, EmberCommand, EmberState, MechState } from "./types";

export function chooseHitPart(ctx: Ctx, seat: SeatId, part: PartSlot): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "choose_hit_part" || pending.seat !== seat) return "no_decision_pending";
  if (!pending.options.parts.includes(part)) return "invalid_choice";
  const attack = state.attack as NonNullable<EmberState["attack"]>;
  attack.hitPart = part;
  attack.stage = "roll";
  state.pending = null;
  // A defender designating in melee (a shield) and naming a part with a parry value parries with
  // it (seed 000 1.4.2; a project reading: the parry is the better use of the same designation).
  const defender = unitById(state, attack.defender);
  if (pending.options.by === "defender" && attack.mode === "melee" && !attack.chain && isMech(defender) && parryOf(defender, part) > 0) {
    attack.parry = part;
  }
  ctx.emit({ type: "hit_part", defender: attack.defender, part, how: pending.options.by });
  if (continueAttack(ctx) === "done") afterAttack(ctx);
  return null;
}

/**
 * Whether to use the designation ability asked about (seed 000 1.2.1 "부품 지정 능력을 활성화하면"):
 * the attacker's snipe or kick, then the defender's raise shield; only abilities in use count.
 */
export function useDesignation(ctx: Ctx, seat: SeatId, use: boolean): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "use_designation" || pending.seat !== seat) return "no_decision_pending";
  const attack = state.attack as NonNullable<EmberState["attack"]>;
  const by = pending.options.by;
  attack.designation = { ...(attack.designation ?? {}), [by]: use };
  state.pending = null;
  ctx.emit({ type: "designation_used", unit: by === "attacker" ? attack.attacker : attack.defender, by, ability: pending.options.ability, used: use });
  if (continueAttack(ctx) === "done") afterAttack(ctx);
  return null;
}

/**
 * The defender's cancellation (seed 000 1.2.1): one of the offered ways, named by its [evade]s and
 * [defend]s; the attack's damage, hit effects and chain damage follow from it.
 */
export function chooseCancellation(ctx: Ctx, seat: SeatId, command: Extract<EmberCommand, { type: "choose_cancellation" }>): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "choose_cancellation" || pending.seat !== seat) return "no_decision_pending";
  const same = (o: Cancellation) =>
    o.defend === command.defend && (["heavy", "light", "eye", "lightning"] as const).every((k) => o.evade[k] === command.evade[k]);
  const option = pending.options.options.find(same);
  if (!option) return "invalid_choice";
  const attack = state.attack as NonNullable<EmberState["attack"]>;
  attack.cancel = { evade: { ...option.evade }, defend: option.defend };
  attack.stage = "damage";
  state.pending = null;
  if (continueAttack(ctx) === "done") afterAttack(ctx);
  return null;
}

/** The link reroll decisions (seed 000 4): the part die, attack and defence dice, EW dice. */
type RerollDecision = Extract<NonNullable<EmberState["pending"]>, { kind: "part_reroll" | "attack_reroll" | "defence_reroll" | "ew_reroll" }>;

/** The unit whose dice a reroll decision rerolls: the attacker's, the defender's, or one side's of an EW roll. */
function rerollingUnit(state: EmberState, pending: RerollDecision): string {
  if (pending.kind === "ew_reroll") return pending.options.unit;
  const attack = state.attack as NonNullable<EmberState["attack"]>;
  return pending.kind === "defence_reroll" ? attack.defender : attack.attacker;
}

/** Why a reroll answer is not acceptable: distinct in-range positions, link to spend (seed 000 4). */
export function rerollProblem(state: EmberState, seat: SeatId, dice: readonly number[]): Problem {
  const pending = state.pending;
  if (!pending || pending.seat !== seat) return "no_decision_pending";
  if (pending.kind !== "attack_reroll" && pending.kind !== "defence_reroll" && pending.kind !== "part_reroll" && pending.kind !== "ew_reroll") {
    return "no_decision_pending";
  }
  const size = pending.kind === "part_reroll" ? 1 : pending.options.dice;
  if (new Set(dice).size !== dice.length || dice.some((i) => i < 0 || i >= size)) return "invalid_reroll";
  if (dice.length > 0 && !canSpendLink(unitById(state, rerollingUnit(state, pending)))) return "invalid_reroll";
  return null;
}

/**
 * A link reroll (seed 000 1.2.1 "링크 리롤", 4): spend 1 link to reroll any of one's own dice, or
 * decline with none: the part die, attack or defence dice of an attack, or one side's dice of an
 * EW roll (seed 000 5.2: any mech that rolls dice may).
 */
export function reroll(ctx: Ctx, seat: SeatId, dice: readonly number[]): Problem {
  const state = ctx.state;
  const problem = rerollProblem(state, seat, dice);
  if (problem) return problem;
  const pending = state.pending as RerollDecision;
  state.pending = null;
  if (dice.length > 0) {
    const mech = unitById(state, rerollingUnit(state, pending)) as MechState;
    mech.link -= 1;
    ctx.emit({ type: "link_changed", unit: mech.id, link: mech.link, reason: "reroll" });
    if (pending.kind === "ew_reroll") {
      const roll = state.ewRoll as NonNullable<EmberState["ewRoll"]>;
      const pool = pending.options.side === "caster" ? roll.casterDice : roll.responderDice;
      const before = pool.map((d) => ({ ...d, face: { ...d.face } }));
      for (const i of dice) pool[i] = rollEwDie(ctx);
      ctx.emit({ type: "ew_rerolled", side: pending.options.side, unit: mech.id, indices: [...dice], before, dice: pool.map((d) => ({ ...d })) });
      afterAttack(ctx);
      return null;
    }
    const attack = state.attack as NonNullable<EmberState["attack"]>;
    if (pending.kind === "part_reroll") {
      attack.partRoll = rollPartDie(ctx);
      ctx.emit({ type: "part_rolled", defender: attack.defender, roll: attack.partRoll, reroll: true });
    } else {
      const pool = pending.kind === "attack_reroll" ? attack.attackDice : attack.defenceDice;
      for (const i of dice) {
        const die = pool[i] as (typeof pool)[number];
        die.face = rollFace(ctx, die.die as "yellow" | "red" | "white" | "blue");
      }
      ctx.emit({
        type: "dice_rerolled",
        side: pending.kind === "attack_reroll" ? "attack" : "defence",
        indices: [...dice],
        dice: pool.map((d) => ({ ...d })),
      });
    }
  }
  if (pending.kind === "ew_reroll") afterAttack(ctx);
  else if (continueAttack(ctx) === "done") afterAttack(ctx);
  return null;
}

export function chooseChain(ctx: Ctx, seat: SeatId, command: Extract<EmberCommand, { type: "choose_chain" }>): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "choose_chain" || pending.seat !== seat) return "no_decision_pending";
  const option = pending.options.options.find((o) => o.keyword === command.keyword && o.target === command.target);
  if (!option) return "invalid_choice";
  const attack = state.attack as NonNullable<EmberState["attack"]>;
  const damage = attack.attackDice.map((d) => d.face.result as "light" | "heavy");
  state.pending = null;
  beginChain(ctx, option, damage);
  if (continueAttack(ctx) === "done") afterAttack(ctx);
  return null;
}

/**
 * The defender's answer to a parry offer (seed 000 1.4.2): a part with a parry value becomes the
 * hit part and adds its parry value in white dice; when both sides could designate (contested),
 * the part die is rolled and the parry applies only if it shows that part; null declines.
 */
export function declareParry(ctx: Ctx, seat: SeatId, part: PartSlot | null): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "declare_parry" || pending.seat !== seat) return "no_decision_pending";
  if (part !== null && !pending.options.parts.includes(part)) return "invalid_choice";
  const attack = state.attack as NonNullable<EmberState["attack"]>;
  state.pending = null;
  ctx.emit({ type: "parry_declared", unit: attack.defender, part, contested: pending.options.contested });
  attack.parryDeclared = part;
  if (part !== null && !pending.options.contested) {
    attack.parry = part;
    attack.hitPart = part;
    attack.stage = "roll";
    ctx.emit({ type: "hit_part", defender: attack.defender, part, how: "defender" });
  }
  if (continueAttack(ctx) === "done") afterAttack(ctx);
  return null;
}
