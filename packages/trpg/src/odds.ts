/**
 * Odds before a roll (seed 002 3-4 "전투 판정"), worked out from one viewer's own view only: the
 * hit check's target number (a d6 must roll over `6 - stat - modifiers`), each modifier with its
 * source, the chance to hit, and the expected wounds (hit, not dodged, penetrating: seed 002 3-4
 * 회피, 관통, 피해). Pure: nothing is rolled, nothing changes, and nothing the view does not show
 * is read. What the view hides (an enemy's stat block in GM mode: its evasion, toughness and
 * superchargers; the master's call on medium cover, seed 002 3-3) is never guessed at: it is
 * named in `unknown`, and the figures that depend on it are null ("unknown modifiers may apply").
 */
import { archetypeOf, bonusOf, equipmentOf, RULES, standing, statsOf, weaponById, weaponOf, type Board } from "./board";
import { coverToughness, flanked, hitMods, meleeWeaponOf, shotCover, sum, unawareOf } from "./attack";
import type { ActionCommand, AttackVia, CharacterState, Mod } from "./types";

/** What the viewer's view does not tell and could change the odds. */
export type UnknownFactor = "target_stats" | "cover_strength";

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
    // A view without the stat block (the party's in GM mode, seed 002 3-4) has no archetype for it.
    const hidden = !t.archetype;
    const w = weaponById(weapon);
    const melee = w.kind === "melee";
    const unknown: UnknownFactor[] = [];
    // Melee subtracts the target's evasion (its SPD): hidden with its stat block.
    const mods = melee && hidden ? meleeModsWithoutEvasion(view, a, t, cmd.called) : hitMods(view, a, t, weapon, via, cmd.called);
    if (melee && hidden) unknown.push("target_stats");
    const stat = melee ? { name: "BRT" as const, value: statsOf(a).BRT } : { name: "PRC" as const, value: statsOf(a).PRC };
    const need = melee && hidden ? null : 6 - stat.value - sum(mods);
    const hit = need === null ? null : overChance(need);
    const damage = w.damage + (cmd.called ? RULES.modifiers.calledShotDamage : 0);
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
    out.push({ target, attacks: count, stat, mods, need, hit, damage, expected, unknown });
  }
  return out;
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
  const penalty = (archetypeOf(a).abilities ?? []).reduce((n, x) => n + (x.dodgePenalty ?? 0), 0);
  const gear = bonusOf(t, "dodge");
  return overChance(6 - statsOf(t).SPD + t.dodges + penalty - gear);
}

