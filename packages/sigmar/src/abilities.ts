/**
 * The abilities engine (seed 003 28, 28.1, 28.2; effects per seed 003 21-23, 27, 29, 30):
 * abilities are data (data/schema.ts `Ability`); this module checks who may use one, when, how
 * often and on what, and carries out its effects. Cards and core commands are abilities used by
 * the player (28.2 "who is using the ability"); warscroll abilities by their unit; an enhancement
 * by the unit given it.
 */
import { catalog, type Ability, type Duration, type Effect, type Targets } from "./data";
import { inches } from "./geometry";
import { rollValue } from "./dice";
import { mortalDamage } from "./attack";
import { abilitiesOf, fieldUnits, hasKeyword, onField, otherSeat, radiusOf, unitWhollyWithin, unitsWithin, visible } from "./query";
import type { Ctx } from "./context";
import type { SeatId } from "@fogwar/engine";
import type { DelayedEffect, Persisting, SigmarErrorCode, SigmarState, UnitState } from "./types";

/** The 'once per' key of an ability (seed 003 28.2): per unit, per player, or per army. */
export function onceKey(ability: Pick<Ability, "id" | "once">, seat: SeatId, unit: UnitState | null): string {
  if (ability.once?.army || !unit) return `${seat}:${ability.once?.army ? "army:" : ""}${ability.id}`;
  return `${unit.id}:${ability.id}`;
}

/** The stamp a use leaves for its 'once per' timing. */
export const stampOf = (state: Pick<SigmarState, "turn" | "step">, per: "phase" | "turn" | "battle"): string => (per === "battle" ? "battle" : per === "turn" ? `t${state.turn}` : `t${state.turn}:${state.step}`);

/** Whether an ability's 'once per' allowance is spent. */
export function spent(state: SigmarState, ability: Pick<Ability, "id" | "once">, seat: SeatId, unit: UnitState | null): boolean {
  if (!ability.once) return false;
  return state.used[onceKey(ability, seat, unit)] === stampOf(state, ability.once.per);
}

/** Marks an ability used. */
export function markUsed(state: SigmarState, ability: Pick<Ability, "id" | "once">, seat: SeatId, unit: UnitState | null): void {
  if (ability.once) state.used[onceKey(ability, seat, unit)] = stampOf(state, ability.once.per);
}

/** Until when an effect made now lasts. */
export function untilOf(state: Pick<SigmarState, "turn" | "step">, duration: Duration | undefined): Persisting["until"] {
  if (duration === "phase") return { turn: state.turn, phase: state.step };
  if (duration === "next_turn") return { turn: state.turn + 1 };
  return { turn: state.turn };
}

/**
 * Why unit `id` is not a valid pick for `spec` (null when it is): it must be a unit on the
 * battlefield (a token never is: seed 003 23; 28: on the battlefield), of the right side, within
 * range of the user (wholly within when asked), visible when asked, with the keywords asked.
 */
export function targetProblem(state: SigmarState, seat: SeatId, user: UnitState | null, spec: Targets, id: string, other?: string): SigmarErrorCode | null {
  const unit = state.units[id];
  if (!unit) return "unknown_unit";
  if (!onField(unit)) return "not_on_battlefield";
  if (spec.side === "friendly" && unit.owner !== seat) return "invalid_target";
  if (spec.side === "enemy" && unit.owner === seat) return "invalid_target";
  if (spec.side === "self" && id !== user?.id) return "invalid_target";
  if (spec.side === "attacker" && id !== other) return "invalid_target";
  if (user && spec.within !== undefined) {
    const d = inches(spec.within);
    if (spec.wholly ? !unitWhollyWithin(unit, user, d) : !unitsWithin(unit, user, d)) return "out_of_range";
  }
  if (user && spec.visible && !visible(user, unit)) return "not_visible";
  if (spec.keywords?.some((k) => !hasKeyword(unit, k))) return "invalid_target";
  if (spec.notKeywords?.some((k) => hasKeyword(unit, k))) return "invalid_target";
  if (spec.warscroll && unit.warscroll !== spec.warscroll) return "invalid_target";
  return null;
}

/** Checks a list of picks: 1 to `count` different units (seed 003 28: different unless stated), each valid. */
export function targetsProblem(state: SigmarState, seat: SeatId, user: UnitState | null, spec: Targets | undefined, targets: readonly string[], other?: string): SigmarErrorCode | null {
  if (!spec || spec.side === "self") return targets.length === 0 || (targets.length === 1 && targets[0] === user?.id) ? null : "invalid_target";
  if (spec.side === "attacker") return null;
  if (targets.length < 1 || targets.length > (spec.count ?? 1)) return "invalid_target";
  if (new Set(targets).size !== targets.length) return "invalid_target";
  for (const id of targets) {
    const p = targetProblem(state, seat, user, spec, id, other);
    if (p) return p;
  }
  return null;
}

/** The units `spec` may pick for `user` (for must-abilities and the legal lists). */
export function candidates(state: SigmarState, seat: SeatId, user: UnitState | null, spec: Targets): string[] {
  return fieldUnits(state)
    .map((u) => u.id)
    .filter((id) => targetProblem(state, seat, user, spec, id) === null);
}

/** Places a token beside its unit (seed 003 23: it follows the unit when it moves or is set up). */
export function placeTokens(state: SigmarState, unitId: string): void {
  const unit = state.units[unitId];
  const first = unit?.models[0];
  if (!unit || !first) return;
  state.tokens.filter((t) => t.unit === unitId).forEach((t, i) => {
    t.x = first.x + radiusOf(unit) + 30 + i * 40;
    t.y = first.y;
  });
}

/**
 * Seed 003 21 (Heal (X), and a rally's points left, core C14): removes up to `points` damage
 * points from `unit` (never more than it has), and reports the points and how many were healed.
 */
export function healUnit(ctx: Ctx, unit: UnitState, points: number): void {
  const healed = Math.min(points, unit.damage);
  unit.damage -= healed;
  ctx.emit({ type: "healed", unit: unit.id, roll: points, healed });
}

/**
 * Carries out one effect of an ability or card used by `seat` on `target` (in the order the user
 * picked: seed 003 28), with `ability.roll` rolled for this target before the next (28: one unit
 * at a time).
 */
export function applyEffect(ctx: Ctx, seat: SeatId, source: Pick<Ability, "id" | "roll">, user: UnitState | null, target: UnitState, effect: Effect): void {
  const s = ctx.state;
  switch (effect.kind) {
    case "modify":
    case "grant":
    case "forbid":
    case "allow": {
      const seq = ++s.seq;
      s.persisting.push({ seq, owner: seat, source: source.id, unit: target.id, effect, until: untilOf(s, effect.duration) });
      ctx.emit({ type: "effect_added", unit: target.id, source: source.id, seq });
      return;
    }
    case "heal": {
      // Seed 003 21: Heal (X) removes X damage points from the unit.
      healUnit(ctx, target, rollValue(effect.amount, ctx.dice).value);
      return;
    }
    case "mortal": {
      if (source.roll) {
        const roll = ctx.d6();
        const success = source.roll.atMost ? roll <= source.roll.success : roll >= source.roll.success;
        ctx.emit({ type: "ability_roll", unit: target.id, ability: source.id, roll, success });
        if (!success) return;
      }
      mortalDamage(ctx, target, rollValue(effect.amount, ctx.dice).value, source.id, user);
      return;
    }
    case "return_models": {
      // Seed 003 22 and 26: the number is rolled when the ability is used; the models are set up one at a time.
      const { value } = rollValue(effect.count, ctx.dice);
      const count = Math.min(value, target.size - target.models.length);
      if (count > 0) s.pending = { kind: "place_models", seat, unit: target.id, count, source: source.id };
      else ctx.emit({ type: "models_returned", unit: target.id, rolled: value, models: [] });
      return;
    }
    case "token": {
      const id = `token-${++s.seq}`;
      s.tokens.push({ id, kind: effect.token, owner: seat, unit: target.id, x: 0, y: 0 });
      placeTokens(s, target.id);
      ctx.emit({ type: "token_placed", token: id, kind: effect.token, unit: target.id });
      for (const e of effect.effects) {
        const seq = ++s.seq;
        s.persisting.push({ seq, owner: seat, source: source.id, unit: target.id, effect: e, until: untilOf(s, effect.duration), token: id });
        ctx.emit({ type: "effect_added", unit: target.id, source: source.id, seq });
      }
      return;
    }
    case "fight_now":
    case "replacement":
      return;
  }
}

/** Uses an ability on its picks: marks it used, reports it, applies every effect to each pick in order. */
export function runAbility(ctx: Ctx, seat: SeatId, ability: Ability | { id: string; once?: Ability["once"]; roll?: Ability["roll"]; targets?: Targets; effects: readonly Effect[] }, user: UnitState | null, targets: readonly string[], other?: string): void {
  const s = ctx.state;
  markUsed(s, ability, seat, user);
  const picks = ability.targets?.side === "self" || !ability.targets ? (user ? [user.id] : []) : ability.targets.side === "attacker" ? (other ? [other] : []) : targets;
  ctx.emit({ type: "ability_used", unit: user?.id ?? null, seat, ability: ability.id, targets: picks });
  for (const id of picks) {
    for (const effect of ability.effects) {
      const target = s.units[id];
      if (!onField(target) || s.pending) break;
      applyEffect(ctx, seat, ability, user, target, effect);
    }
  }
}

/** Why `seat` cannot use `unit`'s activated ability now with `targets` (null when it can). */
export function abilityProblem(state: SigmarState, seat: SeatId, unitId: string, abilityId: string, targets: readonly string[], forced: boolean): SigmarErrorCode | null {
  const unit = state.units[unitId];
  if (!unit) return "unknown_unit";
  if (unit.owner !== seat) return "not_your_unit";
  if (!onField(unit)) return "not_on_battlefield";
  const ability = abilitiesOf(unit).find((a) => a.id === abilityId && a.kind === "activated");
  if (!ability) return "ability_unavailable";
  // Seed 003 28: a 'must' ability is not chosen; it happens when its time comes.
  if (ability.mode === "must" && !forced) return "ability_unavailable";
  const t = ability.timing;
  if (t && t.phase !== "any" && t.phase !== state.step) return "ability_unavailable";
  // Core C13: a window ability only in its window, while its seat is asked; nothing else while a window is open.
  const open = state.window && state.window.seat !== null ? state.window : null;
  if (t?.window ? open?.at !== t.window || open.seat !== seat : open !== null) return "ability_unavailable";
  if (t && ((t.turn === "yours" && state.active !== seat) || (t.turn === "enemy" && state.active === seat))) return "ability_unavailable";
  if (spent(state, ability, seat, unit)) return "ability_used";
  return targetsProblem(state, seat, unit, ability.targets, targets);
}

/**
 * Whether `seat` has an ability it may use now in the open window (core C13): an activated 'can'
 * ability of one of its units on the battlefield, for this window, with some valid pick that it
 * would change (a heal only asked about when a pick has damage). It reads only public facts (units
 * on the battlefield, their damage), so whether a seat is asked tells nothing secret.
 */
export function windowOpenFor(state: SigmarState, seat: SeatId): boolean {
  const at = state.window?.at;
  if (!at) return false;
  const probe = { ...state, window: { at, seat } };
  return fieldUnits(state, seat).some((unit) =>
    abilitiesOf(unit).some((a) => {
      if (a.kind !== "activated" || a.mode !== "can" || a.timing?.window !== at) return false;
      const picks = !a.targets || a.targets.side === "self" ? [[]] : candidates(state, seat, unit, a.targets).map((id) => [id]);
      const healOnly = a.effects.every((e) => e.kind === "heal");
      return picks.some((targets) => abilityProblem(probe, seat, unit.id, a.id, targets, false) === null && (!healOnly || (targets.length ? targets : [unit.id]).some((id) => (state.units[id]?.damage ?? 0) > 0)));
    }),
  );
}

/** The ability of a unit by id. */
export const abilityOf = (unit: UnitState, id: string): Ability | undefined => abilitiesOf(unit).find((a) => a.id === id);

/**
 * Must-abilities whose time has come (seed 003 28 'must'): at the start of the active player's
 * phase, each unused one is used: on its only possible pick, on the pick the player makes when
 * there are several (a pending decision), or with no effect when there is none, still counting as
 * used.
 */
export function triggerMusts(ctx: Ctx): void {
  const s = ctx.state;
  const seat = s.active;
  if (!seat) return;
  for (const unit of fieldUnits(s, seat)) {
    for (const a of abilitiesOf(unit)) {
      if (s.pending) return;
      if (a.kind !== "activated" || a.mode !== "must" || a.timing?.phase !== s.step || a.timing.turn !== "yours" || spent(s, a, seat, unit)) continue;
      const options = a.targets && a.targets.side !== "self" ? candidates(s, seat, unit, a.targets) : [unit.id];
      if (options.length === 0) {
        markUsed(s, a, seat, unit);
        ctx.emit({ type: "ability_used", unit: unit.id, seat, ability: a.id, targets: [], noEffect: true });
      } else if (options.length === 1 || a.targets?.side === "self") runAbility(ctx, seat, a, unit, a.targets?.side === "self" ? [] : options);
      else s.pending = { kind: "must_target", seat, unit: unit.id, ability: a.id, options };
    }
  }
}

/** Reactions triggered by `trigger` on `unit` (and the enemy unit involved), as delayed effects (seed 003 30). */
export function triggered(state: SigmarState, unit: UnitState, trigger: "fought_against" | "after_fights" | "after_shoots", other?: UnitState): DelayedEffect[] {
  if (!onField(unit)) return [];
  return abilitiesOf(unit)
    .filter((a) => a.kind === "reaction" && a.trigger === trigger && !a.effects.some((e) => e.kind === "fight_now") && !spent(state, a, unit.owner, unit))
    .map((a) => ({ owner: unit.owner, unit: unit.id, ability: a.id, ...(other ? { other: other.id } : {}) }));
}

/**
 * Queues delayed effects that happen at the same time (seed 003 30): the active player's first,
 * then the opponent's; each player orders their own (a pending decision when they have two or
 * more), then they resolve one by one.
 */
export function queueDelayed(ctx: Ctx, effects: readonly DelayedEffect[]): void {
  const s = ctx.state;
  const active = s.active ?? s.seats[0]!;
  const mine = effects.filter((e) => e.owner === active);
  const theirs = effects.filter((e) => e.owner !== active);
  s.delayed.push(...mine, ...theirs);
  resolveDelayed(ctx);
}

/** Resolves queued delayed effects until none is left or a decision is needed. */
export function resolveDelayed(ctx: Ctx): void {
  const s = ctx.state;
  while (!s.pending && s.delayed.length > 0 && !s.result) {
    const head = s.delayed[0]!;
    const end = s.delayed.findIndex((e) => e.owner !== head.owner);
    const group = end < 0 ? s.delayed : s.delayed.slice(0, end);
    if (group.length >= 2 && !head.ordered) {
      s.pending = { kind: "order_effects", seat: head.owner, items: group };
      return;
    }
    s.delayed.shift();
    const unit = s.units[head.unit];
    const ability = unit && abilityOf(unit, head.ability);
    if (!unit || !ability || !onField(unit)) continue;
    const other = head.other ? s.units[head.other] : undefined;
    if (ability.targets?.side === "attacker" && !onField(other)) continue;
    runAbility(ctx, head.owner, ability, unit, [], head.other);
  }
}

/** The seat that is not `seat`. */
export const foe = otherSeat;

/** The tactic cards (for cards' effects). */
export const cardOf = (id: string) => catalog.tactics.get(id);
