/**
 * Detonation (seed 000 1.5.2-1.5.3): the targets a projectile may select (units, vulnerable
 * terrain), the owner's choice among several, blasts on vulnerable terrain, the units an area
 * blast hits, and setting the blast off (the projectile destroys itself, unless persistent).
 */
import { chebyshev, type SeatId, type Square } from "@fogwar/engine";
import { scenarioOf, terrainOfTarget, terrainTargetKey, vulnerableTerrain } from "./map";
import { allied, combatantById, isHighAltitude, projectileById, projectileCard, projectilesInPlay, unitsInPlay } from "./query";
import { isCamouflaged } from "./concealment";
import { canCastEw } from "./ew";
import type { Ctx } from "./context";
import { removeProjectile } from "./damage";
import type { Terrain } from "./data/schema";
import { resolveDamage } from "./dice";
import { rollFace } from "./pools";
import type { Combatant, DieResult, EmberErrorCode, EmberState, ProjectileState, SequenceState } from "./types";

type Problem = EmberErrorCode | null;

/**
 * The units a projectile may select as its target (seed 000 1.5.2): enemy mechs, drones and
 * installations on the ground within its seek range; high-altitude units are out of reach of a
 * blast. With a priority type, units of that type come first when there are any.
 * A camouflaged unit is a candidate only for a projectile card with EW 1 or more (seed 000 6.2
 * "전자전수치가 0 또는 "-"인 유닛은 광학 위장 유닛을 대상으로 삼을 수 없습니다"; a card without an EW
 * value is "-"), measured to its marker; a targeted blast then detects it first (`blastOrDetect`).
 * Whether a unit is camouflaged is public, and distances are to markers, so the choice never
 * depends on a real square.
 */
export function seekCandidates(state: EmberState, projectile: ProjectileState): Combatant[] {
  const card = projectileCard(projectile.projectileId);
  const d = card.detonation;
  const at = projectile.at as Square;
  const seesCamouflage = canCastEw(projectile);
  const ground: Combatant[] = [...unitsInPlay(state), ...projectilesInPlay(state)].filter(
    (u) =>
      !allied(state, u.owner, projectile.owner) &&
      u.id !== projectile.id &&
      !isHighAltitude(u) &&
      (u.kind === "projectile" ? projectileCard(u.projectileId).kind === "installation" : !isCamouflaged(u) || seesCamouflage),
  );
  let found = ground.filter((u) => chebyshev(at, u.at as Square) <= d.seekRange);
  if (d.prefer && found.some((u) => u.kind === d.prefer)) found = found.filter((u) => u.kind === d.prefer);
  if (d.seek === "nearest" && found.length > 0) {
    const nearest = Math.min(...found.map((u) => chebyshev(at, u.at as Square)));
    found = found.filter((u) => chebyshev(at, u.at as Square) === nearest);
  }
  return found;
}

/**
 * The squares of a terrain piece nearest to a square, first in the piece's own order: where a
 * blast on the piece is centred (seed 000 1.5.2-1.5.3; project decision).
 */
function nearestSquareOf(piece: Terrain, from: Square): Square {
  let best: Square | null = null;
  for (const [x, y] of piece.squares) {
    if (best === null || chebyshev(from, { x, y }) < chebyshev(from, best)) best = { x, y };
  }
  return best as Square;
}

/**
 * The vulnerable terrain a projectile may take as its target (seed 000 1.5.2 "발사체는 대상으로
 * 취약 지형을 선택할 수 있습니다"): standing vulnerable pieces with a square within its seek range
 * (for a projectile that seeks nothing, the piece under it). Installations never target terrain:
 * the seed names projectiles (발사체). Terrain is always offered besides the units the seek rule
 * gives: the seed makes it a choice, so `nearest` and priority types rank units only (project
 * decision, docs/rules/ember.md).
 */
export function terrainCandidates(state: EmberState, projectile: ProjectileState): Terrain[] {
  const card = projectileCard(projectile.projectileId);
  if (card.kind !== "projectile" || !projectile.at) return [];
  const at = projectile.at;
  const reach = card.detonation.seek === "none" ? 0 : card.detonation.seekRange;
  return vulnerableTerrain(state).filter((piece) => chebyshev(at, nearestSquareOf(piece, at)) <= reach);
}

/** What a detonation is aimed at: a unit, a vulnerable terrain piece, or nothing (where it stands). */
export type BlastTarget = Combatant | { readonly terrain: Terrain } | null;

/**
 * A blast on vulnerable terrain (seed 000 1.5.2-1.5.3): the projectile's attack dice against white
 * dice for the piece's armour (its structure once it holds a damage token); terrain has no stance,
 * no evasion, no link and no hit part, so there is no blue die, no reroll and no decision. A
 * penetration gives an undamaged piece with structure a damage token and destroys any other
 * (1.2.2); a destroyed piece becomes rubble (`standingPiece`).
 */
export function blastTerrain(ctx: Ctx, projectile: ProjectileState, terrainId: string): void {
  const state = ctx.state;
  const piece = scenarioOf(state).terrain.find((t) => t.id === terrainId);
  const vulnerable = piece?.vulnerable;
  if (!vulnerable || state.terrainDamage?.[terrainId] === "destroyed") return;
  const card = projectileCard(projectile.projectileId);
  const damaged = state.terrainDamage?.[terrainId] === "damaged";
  const white = damaged && vulnerable.structure !== undefined ? vulnerable.structure : vulnerable.armour;
  const roll = (die: "yellow" | "red" | "white", n: number): DieResult[] => Array.from({ length: n }, () => ({ die, face: rollFace(ctx, die) }));
  const attackDice = [...roll("yellow", card.detonation.dice.yellow), ...roll("red", card.detonation.dice.red)];
  const defenceDice = roll("white", white);
  const outcome = resolveDamage(attackDice, defenceDice, card.stance, null);
  ctx.emit({ type: "terrain_attacked", projectile: projectile.id, terrain: terrainId, attackDice, defenceDice, damage: outcome.damage, penetrated: outcome.penetrated });
  if (!outcome.penetrated) return;
  const destroyed = damaged || vulnerable.structure === undefined;
  state.terrainDamage = { ...(state.terrainDamage ?? {}), [terrainId]: destroyed ? "destroyed" : "damaged" };
  ctx.emit({ type: "terrain_damaged", terrain: terrainId, destroyed });
}

/**
 * The units an area blast hits (seed 000 1.5.3 "사거리 내 모든 유닛"): every mech, drone and
 * installation on the ground within the radius of the centre, friends included, except the
 * detonating unit itself; in army-list order, then installations in launch order.
 * A camouflaged unit is hit without detection (seed 000 6.2 "광역 공격") when its marker, its
 * public `at`, is within the radius: never its real square (project decision, docs/rules/ember.md),
 * so who is hit tells nobody where a camouflaged unit really is. Being hit does not decloak it.
 */
export function blastVictims(state: EmberState, projectile: ProjectileState, centre: Square): string[] {
  const radius = projectileCard(projectile.projectileId).detonation.radius;
  const near = (u: Combatant) => u.at !== null && chebyshev(centre, u.at) <= radius && !isHighAltitude(u);
  const units = unitsInPlay(state).filter(near).map((u) => u.id);
  const installations = projectilesInPlay(state)
    .filter((p) => p.id !== projectile.id && projectileCard(p.projectileId).kind === "installation" && near(p))
    .map((p) => p.id);
  return [...units, ...installations];
}

/**
 * Sets off a detonation on its target (or where it stands): the blast's victims, then
 * self-destruction (seed 000 1.5.2). A blast on vulnerable terrain is centred on the piece's
 * square nearest the projectile; the piece is hit first, then (an area blast) every unit in the
 * radius (project decision).
 */
export function detonate(ctx: Ctx, sequence: SequenceState, projectile: ProjectileState, target: BlastTarget): void {
  const card = projectileCard(projectile.projectileId);
  const at = projectile.at as Square;
  if (target && "terrain" in target) {
    const centre = nearestSquareOf(target.terrain, at);
    const key = terrainTargetKey(target.terrain.id);
    const victims = card.detonation.blast === "target" ? [key] : [key, ...blastVictims(ctx.state, projectile, centre)];
    sequence.blastAt = { ...centre };
    sequence.blastQueue = victims;
    sequence.stage = "blast";
    ctx.emit({ type: "projectile_detonated", projectile: projectile.id, at: { ...centre }, targets: [...victims] });
    if (!card.persistent) removeProjectile(ctx, projectile, "detonated");
    return;
  }
  const centre = (target?.at ?? at) as Square;
  const victims = card.detonation.blast === "target" && target ? [target.id] : blastVictims(ctx.state, projectile, centre);
  sequence.blastAt = { ...centre };
  sequence.blastQueue = victims;
  sequence.stage = "blast";
  ctx.emit({ type: "projectile_detonated", projectile: projectile.id, at: { ...centre }, targets: [...victims] });
  // A projectile or installation destroys itself when it detonates; a persistent installation's
  // delay action is not a detonation and it stays (seed 000 1.5.2 and its note).
  if (!card.persistent) removeProjectile(ctx, projectile, "detonated");
}

/** The projectile's owner names its target among the candidates (seed 000 1.5.2). */
export function chooseBlastTarget(ctx: Ctx, seat: SeatId, target: string): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "choose_blast_target" || pending.seat !== seat) return "no_decision_pending";
  if (!pending.options.targets.includes(target)) return "invalid_choice";
  const sequence = state.sequences[0] as SequenceState;
  const projectile = projectileById(state, pending.options.projectile) as ProjectileState;
  state.pending = null;
  const terrainId = terrainOfTarget(target);
  const piece = terrainId === null ? undefined : scenarioOf(state).terrain.find((t) => t.id === terrainId);
  detonate(ctx, sequence, projectile, piece ? { terrain: piece } : (combatantById(state, target) as Combatant));
  return null;
}
