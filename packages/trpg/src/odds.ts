/**
 * Odds before a roll (seed 002 3-4 "전투 판정"), worked out from one viewer's own view only: the
 * hit check's target number (a d6 must roll over `6 - stat - modifiers`), each modifier with its
 * source, the chance to hit, and the expected wounds (hit, not dodged, penetrating: seed 002 3-4
 * 회피, 관통, 피해). Pure: nothing is rolled, nothing changes, and nothing the view does not show
 * is read. What the view hides (an enemy's stat block in GM mode: its evasion, toughness and
 * superchargers; the master's call on medium cover, seed 002 3-3) is never guessed at: it is
 * named in `unknown`, and the figures that depend on it are null ("unknown modifiers may apply").
 */
import { equipmentOf, RULES, standing, statsOf, weaponById, weaponOf, type Board } from "./board";
import { coverToughness, dodgeMods, flanked, hitMods, meleeWeaponOf, shotCover, sum, unawareOf } from "./attack";
import { healNeed } from "./health";
import type { ActionCommand, AttackVia, CharacterState, Mod, Pending } from "./types";

/** What the viewer's view does not tell and could change the odds. */
export type UnknownFactor = "target_stats" | "cover_strength" | "attacker_abilities";

/** The odds of one target of an attack command, from the viewer's view. */
export interface AttackOdds {
  readonly target: string;
  /** How many attacks the command makes at this target (a burst spreads its shots). */
  readonly attacks: number;
  /** The attacker's stat the hit check adds (seed 002 3-4: PRC for shots, BRT for melee). */
  readonly stat: { readonly name: "PRC" | "BRT"; readonly value: number };
  /** Every modifier the viewer can know, with its source (the same names as the roll's event). */
  readonly mods: readonly Mod[];
  /** The d6 must roll over this number to hit; null when a hidden modifier applies. */
  readonly need: number | null;
  /** The chance one attack hits, 0 to 1; null when unknown. */
  readonly hit: number | null;
  /** Wounds one hit deals when it penetrates (the weapon's damage, +1 for a called shot). */
  readonly damage: number;
  /** The expected wounds of all the command's attacks at this target; null when unknown. */
  readonly expected: number | null;
  /** What the view hides that could change these figures (empty: exact). */
  readonly unknown: readonly UnknownFactor[];
}

/** The chance a d6 rolls over `need` (seed 002 3-4: a check succeeds when the die exceeds it). */
export const overChance = (need: number): number => Math.min(1, Math.max(0, (6 - Math.floor(need)) / 6));

type Attack = Extract<ActionCommand, { type: "shoot" | "snapshot" | "melee" }>;

/** The attacks a command makes: (target, weapon, via, count). */
function attacksOf(a: CharacterState, cmd: Attack): { target: string; weapon: string; via: AttackVia; count: number }[] {
  if (cmd.type === "melee") return [{ target: cmd.target, weapon: meleeWeaponOf(a), via: "melee", count: 1 }];
  const w = weaponOf(a);
  if (cmd.type === "snapshot") return [{ target: cmd.target, weapon: w.id, via: "snapshot", count: 1 }];
  const count = cmd.burst ? w.rateOfFire : 1;
  return cmd.targets.map((target, i) => ({ target, weapon: w.id, via: cmd.burst ? "burst" : "aimed", count: Math.floor(count / cmd.targets.length) + (i < count % cmd.targets.length ? 1 : 0) }));
}

/**
 * The odds of `cmd` made by `attacker`, one entry per target, from `view` (the viewer's own
 * projection, or a state). Null when the command is no attack the view can work out (the
 * attacker or a target not on the map, or the attacker's own stat block hidden from the view).
 */
export function attackOdds(view: Board, attacker: string, cmd: ActionCommand): AttackOdds[] | null {
  if (cmd.type !== "shoot" && cmd.type !== "snapshot" && cmd.type !== "melee") return null;
  const a = view.characters[attacker];
  if (!a?.at || !a.archetype || !a.weapon) return null;
  const out: AttackOdds[] = [];
  for (const { target, weapon, via, count } of attacksOf(a, cmd)) {
    const t = view.characters[target];
    if (!t?.at) return null;
    out.push(oddsOf(view, a, t, weapon, via, cmd.called, count));
  }
  return out;
}

/** The odds of `count` attacks of `a` at `t` with `weapon` made `via`, from the view (both on the map, `a`'s stat block known). */
function oddsOf(view: Board, a: CharacterState, t: CharacterState, weapon: string, via: AttackVia, called: boolean, count: number): AttackOdds {
  // A view without the stat block (the party's in GM mode, seed 002 3-4) has no archetype for it.
  const hidden = !t.archetype;
  const w = weaponById(weapon);
  const melee = w.kind === "melee";
  const unknown: UnknownFactor[] = [];
  // Melee subtracts the target's evasion (its SPD): hidden with its stat block.
  const mods = melee && hidden ? meleeModsWithoutEvasion(view, a, t, called) : hitMods(view, a, t, weapon, via, called);
  if (melee && hidden) unknown.push("target_stats");
  const stat = melee ? { name: "BRT" as const, value: statsOf(a).BRT } : { name: "PRC" as const, value: statsOf(a).PRC };
  const need = melee && hidden ? null : 6 - stat.value - sum(mods);
  const hit = need === null ? null : overChance(need);
  const damage = w.damage + (called ? RULES.modifiers.calledShotDamage : 0);
  // Penetration: d6 over TGH + full cover's toughness - the weapon's penetration (seed 002 3-3, 3-4).
  const pieces = melee ? [] : shotCover(view, a, t);
  const medium = pieces.some((p) => p.level === "full" && p.material === "medium");
  if (medium && view.mode === "gm") unknown.push("cover_strength");
  if (hidden && !unknown.includes("target_stats")) unknown.push("target_stats");
  let expected: number | null = null;
  if (hit !== null && !hidden && !(medium && view.mode === "gm")) {
    const pen = overChance(statsOf(t).TGH + coverToughness(pieces, RULES.cover.mediumToughness.versus) - w.penetration);
    expected = count * hit * (1 - (melee ? 0 : dodgeChance(t, a))) * pen * damage;
  }
  return { target: t.id, attacks: count, stat, mods, need, hit, damage, expected, unknown };
}

/**
 * The odds of the attack a pending decision offers, before its seat answers, from that seat's
 * view: an overwatch shot at the mover (seed 002 3-1 오버와치: the weapon set with the overwatch,
 * aimed), a free strike at the one leaving or firing (3-1 접전: the striker's melee weapon), or the
 * suppressive shot a target that stays up takes (3-1 제압사격). Null for other decisions, or when
 * the view cannot work it out (the attacker's stat block hidden, someone off the map).
 */
export function reactionOdds(view: Board, pending: Pending): AttackOdds | null {
  const find = (id: string) => view.characters[id];
  if (pending.kind === "overwatch") {
    const [a, t] = [find(pending.overwatcher), find(pending.target)];
    if (!a?.at || !a.archetype || !t?.at || !a.overwatch) return null;
    return oddsOf(view, a, t, a.overwatch.weapon, "overwatch", false, 1);
  }
  if (pending.kind === "free_strike") {
    const [a, t] = [find(pending.attacker), find(pending.target)];
    if (!a?.at || !a.archetype || !t?.at) return null;
    return oddsOf(view, a, t, meleeWeaponOf(a), "free_strike", false, 1);
  }
  if (pending.kind === "drop") {
    const [a, t] = [find(pending.shooter), find(pending.target)];
    if (!a?.at || !a.archetype || !a.weapon || !t?.at) return null;
    return oddsOf(view, a, t, a.weapon, "suppress", false, 1);
  }
  return null;
}

/** The odds of a dodge roll (seed 002 3-4 회피 판정), before it is chosen. */
export interface DodgeOdds {
  /** The dodger's SPD: the roll must beat 6 - SPD. */
  readonly stat: { readonly name: "SPD"; readonly value: number };
  /** The roll's modifiers with their source (as the `dodge` event names them); without the attacker's abilities when they are unknown. */
  readonly mods: readonly Mod[];
  /** The d6 plus `mods` must be over this (as the `dodge` event's `need`). */
  readonly need: number;
  /** The bare d6 must be over this: `need` less the modifiers. */
  readonly over: number;
  /** The chance to dodge, 0 to 1. */
  readonly chance: number;
  /** What the view hides that could change these figures: the attacker's abilities (its stat block hidden). */
  readonly unknown: readonly UnknownFactor[];
}

/** The odds of `target`'s dodge of `attacker`'s hit, from the dodger's side's view; null when the view does not hold the dodger's stat block. */
export function dodgeOdds(view: Board, target: string, attacker: string): DodgeOdds | null {
  const t = view.characters[target];
  const a = view.characters[attacker];
  if (!t?.archetype) return null;
  const known = !!a?.archetype;
  const mods = dodgeMods(t, known ? a! : null);
  const need = 6 - statsOf(t).SPD;
  const over = need - sum(mods);
  return { stat: { name: "SPD", value: statsOf(t).SPD }, mods, need, over, chance: overChance(over), unknown: known ? [] : ["attacker_abilities"] };
}

/** The odds of a healing or stabilising check (seed 002 3-6 치료 판정): d6 over 6 - the healer's PRC; null when the view does not hold its stat block. */
export function healOdds(view: Board, healer: string): { readonly stat: { readonly name: "PRC"; readonly value: number }; readonly need: number; readonly chance: number } | null {
  const h = view.characters[healer];
  if (!h?.archetype) return null;
  const need = healNeed(h);
  return { stat: { name: "PRC", value: statsOf(h).PRC }, need, chance: overChance(need) };
}

/** The melee modifiers that tell nothing of the target's stat block (all but its evasion). */
function meleeModsWithoutEvasion(b: Board, a: CharacterState, t: CharacterState, called: boolean): Mod[] {
  const mods: Mod[] = [];
  if (t.prone) mods.push({ source: "prone_target", value: RULES.modifiers.meleeVsProne });
  if (called) mods.push({ source: "called", value: RULES.modifiers.calledShotHit });
  if (flanked(b, a, t)) mods.push({ source: "flanking", value: RULES.modifiers.flanking });
  if (unawareOf(b, t, a) || a.concealed) mods.push({ source: "unaware", value: RULES.modifiers.unaware });
  return mods;
}

/** The chance a known target dodges a hit when it tries (seed 002 3-4: d6 + modifiers over 6 - SPD, a supercharger slot spent); 0 when it cannot. */
function dodgeChance(t: CharacterState, a: CharacterState): number {
  const charged = equipmentOf(t).some((e) => e.kind === "supercharger" && (t.slots[e.id] ?? 0) > 0);
  if (!standing(t) || !charged) return 0;
  return overChance(6 - statsOf(t).SPD - sum(dodgeMods(t, a)));
}

