/**
 * Odds before a shot (seed 004 "사격", "능력", "보호", "스턴"): what a shot of `shooter` at `target`
 * would roll and what it may do, computed from a {@link Board} alone, so a client passes its own
 * projection and learns nothing its view does not show. A pure helper: no command is accepted or
 * refused by it, so it changes no rules version.
 *
 * Seed 004 "사격": the shooter rolls the damage dice of its weapon's band for the distance (two
 * yellow when stunned, "스턴"); lightning dice are not rolled against a protected target
 * ("능력"); the dice's sum minus the target's protection ("보호") is the damage; at the target's
 * health or more it dies ("상태이상 사망"). So the "target number" is the protection: the dice must
 * beat it to hurt.
 */
import { catalog, type Colour } from "./data";
import { isUpper } from "./board";
import { profile, shotAt, type Board } from "./query";
import type { OperatorId } from "./types";

/** Why the dice are what they are, or why the damage is lowered: one line of an odds panel. */
export type OddsModifier =
  /** The weapon's range band for the distance (seed 004 "능력"): `upTo` squares, `dice` rolled. */
  | { readonly kind: "band"; readonly weapon: string; readonly distance: number; readonly upTo: number; readonly dice: readonly Colour[] }
  /** The shooter is stunned: two yellow dice instead of its weapon (seed 004 "스턴"). */
  | { readonly kind: "stunned"; readonly dice: readonly Colour[] }
  /** Lightning dice dropped because the target is protected (seed 004 "능력"). */
  | { readonly kind: "lightning"; readonly dropped: readonly Colour[] }
  /** Protection subtracted from the sum (seed 004 "보호"): `shield` when the target carries a shield. */
  | { readonly kind: "protection"; readonly amount: number; readonly shield: boolean; readonly upper: boolean };

/** The odds of one shot, as fractions (0..1) and damage points. */
export interface ShotOdds {
  readonly shooter: OperatorId;
  readonly target: OperatorId;
  /** Squares between them (at least 1). */
  readonly distance: number;
  /** The protection the dice's sum must beat to do any damage (seed 004 "보호"). */
  readonly protection: number;
  /** The dice rolled, in order. */
  readonly dice: readonly Colour[];
  /** Every modifier with its source. */
  readonly modifiers: readonly OddsModifier[];
  /** Chance of at least 1 damage. */
  readonly hit: number;
  /** Expected damage (after protection). */
  readonly expected: number;
  /** Health the target has left, as the viewer's board shows it. */
  readonly healthLeft: number;
  /** Chance the shot kills (damage at least the health left). */
  readonly kill: number;
  /** Damage → probability, for damage 0..max. */
  readonly distribution: readonly number[];
}

/** The distribution of the sum of `dice` (faces from dice.json, each face 1/6): index = sum. */
export function sumDistribution(dice: readonly Colour[], faces = catalog.data.dice): number[] {
  let dist = [1];
  for (const colour of dice) {
    const next: number[] = [];
    for (let s = 0; s < dist.length; s++) {
      for (const v of faces[colour]) next[s + v] = (next[s + v] ?? 0) + dist[s]! / 6;
    }
    dist = Array.from(next, (p) => p ?? 0);
  }
  return dist;
}

/**
 * The odds of a shot of `shooter` at `target` on board `b` (a viewer's projection is enough), or
 * null when the shot is not possible there (no sight, hidden or dead target, same team; a hidden
 * shooter whose real token the board does not name). Uses the
 * rules' own {@link shotAt} (distance, protection) and the weapon data, so it agrees with what a
 * shot would roll.
 */
export function shotOdds(b: Board, shooter: OperatorId, target: OperatorId): ShotOdds | null {
  const op = b.operators[shooter];
  const t = b.operators[target];
  if (!op || !t || op.dead) return null;
  // A hidden shooter fires from its real token (seed 004 "대응 사격"): only a board that names it (the defence's own view) can say where.
  const real = op.hidden ? b.tokens.find((x) => x.id === b.hidden.real[op.id]) : undefined;
  if (op.hidden && !real) return null;
  // Its stun marker stuns it as it is revealed to shoot (seed 004 "섬광탄").
  const a = real ? { ...op, at: real.at, stand: null, hidden: false, stunned: op.stunned || real.stunned === true } : op;
  const shot = shotAt(b, a, t);
  if (!shot) return null;
  const { distance, protection } = shot;
  const modifiers: OddsModifier[] = [];
  let dice: Colour[];
  if (a.stunned) {
    dice = [...catalog.data.rules.stunnedDice];
    modifiers.push({ kind: "stunned", dice });
  } else {
    const weapon = profile(a.id).weapon;
    const band = weapon.bands.find((x) => distance <= x.upTo) ?? weapon.bands[weapon.bands.length - 1]!;
    modifiers.push({ kind: "band", weapon: weapon.name.en, distance, upTo: band.upTo, dice: band.dice.map((d) => d.colour) });
    const dropped = protection > 0 ? band.dice.filter((d) => d.lightning).map((d) => d.colour) : [];
    if (dropped.length > 0) modifiers.push({ kind: "lightning", dropped });
    dice = band.dice.filter((d) => !(protection > 0 && d.lightning)).map((d) => d.colour);
  }
  if (protection > 0) modifiers.push({ kind: "protection", amount: protection, shield: profile(t.id).shield, upper: isUpper(a.at ?? "") || isUpper(t.stand ?? t.at ?? "") });
  const sums = sumDistribution(dice);
  const distribution: number[] = [];
  sums.forEach((p, s) => {
    const d = Math.max(0, s - protection);
    distribution[d] = (distribution[d] ?? 0) + p;
  });
  for (let i = 0; i < distribution.length; i++) distribution[i] ??= 0;
  const healthLeft = Math.max(0, profile(t.id).health - t.damage);
  const hit = 1 - (distribution[0] ?? 0);
  const expected = distribution.reduce((e, p, d) => e + p * d, 0);
  const kill = distribution.reduce((k, p, d) => (d >= healthLeft && d > 0 ? k + p : k), 0);
  return { shooter, target, distance, protection, dice, modifiers, hit, expected, healthLeft, kill, distribution };
}
