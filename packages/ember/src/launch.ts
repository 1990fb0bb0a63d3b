/**
 * Launch actions (seed 000 1.5; seed 001 6.3 "발사"), interception (seed 000 3) and smoke
 * (seed 000 10).
 *
 * A launch creates a projectile/installation unit, or a drone, instead of attacking. Fired ones
 * (direct or indirect fire, 1.5.1) always count as a high-altitude movement from the launcher's
 * square to the drop point, which triggers interception; installs (1.5.4) and scatters (1.5.5)
 * do not. What follows runs as a queue of sequences in `state.sequences`: the interception of the
 * moving unit, then (for an instant projectile, a delay projectile in the delay phase or a
 * triggered passive installation) its detonation: target selection (1.5.2), self-destruction,
 * and its blast attacks one after another (1.5.3). A sequence waits whenever an attack or a
 * decision does, and resumes with the answer.
 */
import { chebyshev, hasLineOfSight, inBounds, reachable, sameSquare, squareKey, type Facing, type SeatId, type Square } from "@fogwar/engine";
import { attackEffect, beginBlast, beginInterception, continueAttack, removeProjectile, rollFace } from "./attack";
import { resolveDamage } from "./dice";
import {
  allied,
  combatantById,
  droneCard,
  isFree,
  isHighAltitude,
  lineOfSight,
  initiativeOrder,
  mechPart,
  nextSeat,
  partActions,
  projectileCard,
  projectileById,
  projectilesInPlay,
  scenarioOf,
  shootingLineOfSight,
  smokeClouds,
  smokeOf,
  standingTerrainAt,
  terrainOfTarget,
  terrainTargetKey,
  unitById,
  unitsInPlay,
  vulnerableTerrain,
} from "./board";
import { freeSquares } from "./reach";
import type { Ctx } from "./context";
import { checkContact, isCamouflaged } from "./concealment";
import type { Action, AttackEffect, LaunchEffect, PartSlot, SmokeEffect, Terrain } from "./data/schema";
import { PART_SLOTS } from "./data/schema";
import type {
  Combatant,
  DieResult,
  DroneState,
  EmberCommand,
  EmberErrorCode,
  EmberState,
  InterceptorOption,
  MechState,
  ProjectileState,
  SequenceState,
  UnitState,
} from "./types";

const S000 = "000_200ff4b7b5d3d570.txt";

type Problem = EmberErrorCode | null;
type ActCommand = Extract<EmberCommand, { type: "act" }>;

// ---------------------------------------------------------------------------------------------
// Interception tokens (seed 000 3)

/** The key of one interception action: `unit:slot:action`. */
export const interceptionKey = (unit: string, slot: PartSlot, action: string): string => `${unit}:${slot}:${action}`;

/** The interception actions of a mech's parts, intact or not. */
function interceptionActions(mech: MechState): { slot: PartSlot; action: Action; effect: AttackEffect }[] {
  const out: { slot: PartSlot; action: Action; effect: AttackEffect }[] = [];
  for (const slot of PART_SLOTS) {
    for (const action of mechPart(mech, slot).actions) {
      const effect = attackEffect(action);
      if (effect?.interception !== undefined) out.push({ slot, action, effect });
    }
  }
  return out;
}

/**
 * The interception tokens every mech starts with: X per action with interception X, placed with
 * the cards at deployment (seed 000 3). Tokens are spent, never restored.
 */
export function initialInterceptionTokens(units: readonly UnitState[]): Record<string, number> {
  const tokens: Record<string, number> = {};
  for (const unit of units) {
    if (unit.kind !== "mech") continue;
    for (const { slot, action, effect } of interceptionActions(unit)) {
      tokens[interceptionKey(unit.id, slot, action.id)] = effect.interception as number;
    }
  }
  return tokens;
}

/** Splits an interception key back into its mech, part and action. */
function parseKey(key: string): InterceptorOption {
  const [unit, slot, action] = key.split(":") as [string, PartSlot, string];
  return { unit, part: slot, action };
}

/**
 * Whether an interception can still fire: a mech in play, not in shutdown (no passive or
 * ongoing effects, seed 000 1.1), the part intact, a token left.
 */
function canStillIntercept(state: EmberState, key: string): boolean {
  const { unit, part } = parseKey(key);
  const mech = unitById(state, unit);
  if (!mech || mech.kind !== "mech" || mech.destroyed || !mech.at || mech.stance === "SHUTDOWN") return false;
  if (mech.parts[part].destroyed) return false;
  return (state.interception[key] ?? 0) > 0;
}

/**
 * The interceptions a high-altitude movement triggers (seed 000 3): enemy mechs whose
 * interception action has tokens and has the movement's start or end square within its range,
 * with line of sight for shooting to that square (interception is resolved like shooting, so
 * smoke blocks it; it is always all-round, so no arc).
 */
export function triggeredInterceptions(state: EmberState, mover: Combatant, from: Square | null, to: Square | null): string[] {
  const keys: string[] = [];
  for (const unit of unitsInPlay(state)) {
    if (unit.kind !== "mech" || allied(state, unit.owner, mover.owner) || !unit.at) continue;
    for (const { slot, action, effect } of interceptionActions(unit)) {
      const key = interceptionKey(unit.id, slot, action.id);
      if (!canStillIntercept(state, key)) continue;
      const covers = (s: Square | null) =>
        s !== null && chebyshev(unit.at as Square, s) <= effect.range && shootingLineOfSight(state, unit.at as Square, s);
      if (covers(from) || covers(to)) keys.push(key);
    }
  }
  return keys;
}

// ---------------------------------------------------------------------------------------------
// Sequences: interception, detonation, blasts

/** Starts resolving a high-altitude movement (seed 000 1.5.1, 3); `detonate` for an instant projectile. */
export function startFlight(ctx: Ctx, subject: Combatant, from: Square, to: Square, detonate: boolean): void {
  ctx.state.sequences.push({
    subject: subject.id,
    stage: "intercept",
    from,
    to,
    interceptors: triggeredInterceptions(ctx.state, subject, from, to),
    current: null,
    detonate,
    blastQueue: [],
    blastAt: null,
  });
}

/** Queues a detonation (a delay projectile's delay action, a triggered passive installation). */
export function startDetonation(ctx: Ctx, projectile: ProjectileState): void {
  ctx.state.sequences.push({
    subject: projectile.id,
    stage: "act",
    from: null,
    to: null,
    interceptors: [],
    current: null,
    detonate: true,
    blastQueue: [],
    blastAt: null,
  });
}

/** Whether a unit is still on the board. */
const inPlay = (unit: Combatant | undefined): unit is Combatant =>
  unit !== undefined && !unit.destroyed && unit.at !== null && (unit.kind === "projectile" || unit.deployed);

/**
 * The units a projectile may select as its target (seed 000 1.5.2): enemy mechs, drones and
 * installations on the ground within its seek range; high-altitude units are out of reach of a
 * blast. With a priority type, units of that type come first when there are any.
 * A camouflaged unit is never a candidate: a projectile card has no EW value (project decision,
 * docs/rules/ember.md), and a unit without EW 1 or more cannot target a camouflaged unit (seed
 * 000 6.2). Whether a unit is camouflaged is public, and distances are to markers, so the choice
 * never depends on a real square.
 */
export function seekCandidates(state: EmberState, projectile: ProjectileState): Combatant[] {
  const card = projectileCard(projectile.projectileId);
  const d = card.detonation;
  const at = projectile.at as Square;
  const ground: Combatant[] = [...unitsInPlay(state), ...projectilesInPlay(state)].filter(
    (u) =>
      !allied(state, u.owner, projectile.owner) &&
      u.id !== projectile.id &&
      !isHighAltitude(u) &&
      (u.kind === "projectile" ? projectileCard(u.projectileId).kind === "installation" : !isCamouflaged(u)),
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
type BlastTarget = Combatant | { readonly terrain: Terrain } | null;

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
function detonate(ctx: Ctx, sequence: SequenceState, projectile: ProjectileState, target: BlastTarget): void {
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

/**
 * Advances the queued sequences (and any attack of theirs) until all are over or a decision is
 * needed.
 * @returns `"waiting"` with `state.pending` set, or `"done"` with no sequence and no attack left.
 */
export function runSequences(ctx: Ctx): "waiting" | "done" {
  const state = ctx.state;
  for (;;) {
    if (state.pending) return "waiting";
    if (state.attack) {
      if (continueAttack(ctx) === "waiting") return "waiting";
      continue;
    }
    const sequence = state.sequences[0];
    if (!sequence) return "done";
    const subject = combatantById(state, sequence.subject);
    switch (sequence.stage) {
      case "intercept": {
        if (!inPlay(subject)) {
          sequence.stage = "over";
          break;
        }
        if (sequence.current && canStillIntercept(state, sequence.current)) {
          fireInterception(ctx, sequence.current, subject);
          break;
        }
        sequence.current = null;
        sequence.interceptors = sequence.interceptors.filter((key) => canStillIntercept(state, key));
        if (sequence.interceptors.length === 0) {
          sequence.stage = sequence.detonate ? "act" : "over";
          // A launched drone's flight is a move that ends here: contact with a camouflaged
          // enemy's marker decloaks it (seed 000 6.2).
          if (subject.kind === "drone") checkContact(ctx);
          break;
        }
        // The intercepting side decides the order (seed 000 3). With interceptors of several seats
        // (battles of more than two seats), the first of them in initiative order goes first.
        const owner = (key: string) => (unitById(state, parseKey(key).unit) as MechState).owner;
        const seat = initiativeOrder(state).find((s) => sequence.interceptors.some((key) => owner(key) === s)) as SeatId;
        const options = sequence.interceptors.filter((key) => owner(key) === seat);
        if (options.length === 1) {
          sequence.current = options[0] as string;
          sequence.interceptors = sequence.interceptors.filter((key) => key !== sequence.current);
          break;
        }
        state.pending = {
          seat,
          kind: "choose_interceptor",
          rule: `${S000} 3`,
          options: { target: subject.id, options: options.map(parseKey) },
        };
        return "waiting";
      }
      case "act": {
        if (!inPlay(subject) || subject.kind !== "projectile") {
          sequence.stage = "over";
          break;
        }
        const card = projectileCard(subject.projectileId);
        // Vulnerable terrain the projectile may target (1.5.2): for one that seeks nothing, the
        // piece it was fired onto is its target.
        const terrain = terrainCandidates(state, subject);
        if (card.detonation.seek === "none") {
          detonate(ctx, sequence, subject, terrain[0] ? { terrain: terrain[0] } : null);
          break;
        }
        const candidates: BlastTarget[] = [...seekCandidates(state, subject), ...terrain.map((piece) => ({ terrain: piece }))];
        if (candidates.length === 0) {
          // No unit meets the requirements: the projectile is destroyed where it stands (1.5.2).
          removeProjectile(ctx, subject, "no_target");
          sequence.stage = "over";
          break;
        }
        if (candidates.length === 1) {
          detonate(ctx, sequence, subject, candidates[0] as BlastTarget);
          break;
        }
        // A free choice (or a tie for nearest, or vulnerable terrain besides): the projectile's owner picks (1.5.2).
        state.pending = {
          seat: subject.owner,
          kind: "choose_blast_target",
          rule: `${S000} 1.5.2`,
          options: {
            projectile: subject.id,
            targets: candidates.map((c) => (c && "terrain" in c ? terrainTargetKey(c.terrain.id) : (c as Combatant).id)),
          },
        };
        return "waiting";
      }
      case "blast": {
        const projectile = projectileById(state, sequence.subject) as ProjectileState;
        const next = sequence.blastQueue.shift();
        if (next === undefined) {
          sequence.stage = "over";
          break;
        }
        const terrainId = terrainOfTarget(next);
        if (terrainId !== null) {
          blastTerrain(ctx, projectile, terrainId);
          break;
        }
        const victim = combatantById(state, next);
        if (inPlay(victim)) beginBlast(ctx, projectile, victim);
        break;
      }
      case "over":
        state.sequences.shift();
        break;
    }
  }
}

/** One interception attack: spend a token and shoot (seed 000 3). */
function fireInterception(ctx: Ctx, key: string, subject: Combatant): void {
  const state = ctx.state;
  const { unit, part, action: actionId } = parseKey(key);
  const mech = unitById(state, unit) as MechState;
  const action = partActions(mech, part).find((a) => a.id === actionId) as Action;
  state.interception[key] = (state.interception[key] ?? 0) - 1;
  ctx.emit({ type: "interception", interceptor: mech.id, part, action: action.id, target: subject.id, tokens: state.interception[key] ?? 0 });
  beginInterception(ctx, mech, part, action, subject);
}

/** The intercepting seat picks which interception fires next (seed 000 3). */
export function chooseInterceptor(ctx: Ctx, seat: SeatId, command: Extract<EmberCommand, { type: "choose_interceptor" }>): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "choose_interceptor" || pending.seat !== seat) return "no_decision_pending";
  const key = interceptionKey(command.unit, command.part, command.action);
  const sequence = state.sequences[0];
  const offered = pending.options.options.some((o) => interceptionKey(o.unit, o.part, o.action) === key);
  if (!sequence || !offered || !sequence.interceptors.includes(key)) return "invalid_choice";
  sequence.interceptors = sequence.interceptors.filter((k) => k !== key);
  sequence.current = key;
  state.pending = null;
  return null;
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

// ---------------------------------------------------------------------------------------------
// Launching (seed 000 1.5.1, 1.5.4, 1.5.5)

/** Whether a square holds a projectile or an installation (one per square). */
const holdsProjectile = (state: EmberState, s: Square) => projectilesInPlay(state).some((p) => sameSquare(p.at as Square, s));

/**
 * Why a square cannot be the drop point of a fired launch or an install, or null (seed 000
 * 1.5.1, 1.5.4): within range (launches need no front arc); direct fire and installs need line
 * of sight (terrain only: smoke affects shooting alone); impassable terrain takes only a
 * high-altitude projectile; one projectile or installation per square; a launched drone needs a
 * free square. A fired projectile may take vulnerable terrain as its target (1.5.2): its drop
 * point may be a square of the standing piece, in sight for direct fire when nothing but the
 * piece itself blocks the line (project decision).
 */
export function dropProblem(state: EmberState, launcher: UnitState, effect: LaunchEffect, to: Square): Problem {
  const scenario = scenarioOf(state);
  const from = launcher.at as Square;
  if (!inBounds(scenario.board, to)) return "drop_unavailable";
  if (chebyshev(from, to) > effect.range) return "out_of_range";
  const piece = standingTerrainAt(state, to);
  const fired = effect.projectile !== undefined && (effect.fire === "direct" || effect.fire === "indirect");
  const atTerrain = fired && piece?.vulnerable !== undefined && projectileCard(effect.projectile as string).kind === "projectile";
  // A drop point behind or on blocking terrain is out of sight: direct fire cannot reach over terrain.
  const sighted = atTerrain
    ? hasLineOfSight(from, to, (s) => {
        const other = standingTerrainAt(state, s);
        return other?.blocking === true && other.id !== piece?.id;
      })
    : lineOfSight(state, from, to) && piece?.blocking !== true;
  if ((effect.fire === "direct" || effect.fire === "install") && !sighted) return "no_line_of_sight";
  if (effect.drone !== undefined) return isFree(state, to) ? null : "drop_unavailable";
  const card = projectileCard(effect.projectile as string);
  if (piece?.impassable && !card.highAltitude && !atTerrain) return "drop_unavailable";
  if (holdsProjectile(state, to)) return "drop_unavailable";
  return null;
}

/** The ground movement costs from a square, through free squares only (seed 001 6.3). */
function pathCosts(state: EmberState, unit: UnitState, from: Square, budget: number): Map<string, number> {
  const free = freeSquares(state, unit.id);
  const result = reachable(scenarioOf(state).board, from, budget, (_f, to) => (free(to) ? 1 : null));
  return new Map([...result].map(([key, entry]) => [key, entry.cost]));
}

/**
 * Why a scatter is not acceptable, or null (seed 000 1.5.5): the launcher moves to `to` with its
 * range less `dropCost` per drop, and each drop lies on a path of that move (start and end
 * squares included): reached from the start and reaching `to` within the budget, on a square
 * without another projectile or installation.
 */
export function scatterProblem(state: EmberState, launcher: MechState, effect: LaunchEffect, to: Square, drops: readonly Square[]): Problem {
  const from = launcher.at as Square;
  if (drops.length > effect.drops) return "malformed_command";
  if (new Set(drops.map(squareKey)).size !== drops.length) return "drop_unavailable";
  const budget = effect.range - effect.dropCost * drops.length;
  if (budget < 0) return "out_of_reach";
  const fromStart = pathCosts(state, launcher, from, budget);
  if (!sameSquare(from, to) && (fromStart.get(squareKey(to)) === undefined || !isFree(state, to, launcher.id))) return "out_of_reach";
  for (const drop of drops) {
    if (holdsProjectile(state, drop)) return "drop_unavailable";
    const a = fromStart.get(squareKey(drop));
    if (a === undefined) return "drop_unavailable";
    const b = pathCosts(state, launcher, drop, budget - a).get(squareKey(to));
    if (b === undefined) return "drop_unavailable";
  }
  return null;
}

/** Why a launch command is not acceptable, or null (seed 000 1.5). */
export function launchProblem(state: EmberState, mech: MechState, effect: LaunchEffect, command: ActCommand): Problem {
  if (command.to === undefined || command.target !== undefined || command.squares !== undefined) return "malformed_command";
  if (effect.fire === "scatter") {
    if (command.facing === undefined || command.drops === undefined) return "malformed_command";
    return scatterProblem(state, mech, effect, command.to, command.drops);
  }
  if (command.facing !== undefined || command.drops !== undefined) return "malformed_command";
  return dropProblem(state, mech, effect, command.to);
}

/** A new projectile or installation of the launcher's seat, `<seat>-p<n>`. */
function newProjectile(state: EmberState, launcher: UnitState, card: string, at: Square): ProjectileState {
  const n = state.projectiles.filter((p) => p.owner === launcher.owner).length + 1;
  const projectile: ProjectileState = {
    kind: "projectile",
    id: `${launcher.owner}-p${n}`,
    owner: launcher.owner,
    projectileId: card,
    launcher: launcher.id,
    at: { ...at },
    damaged: false,
    destroyed: false,
  };
  state.projectiles.push(projectile);
  return projectile;
}

/**
 * Carries out a checked launch (seed 000 1.5): a fired projectile is placed on its drop-point
 * token and flies there (interception, then an instant one detonates; a delay one waits for the
 * delay phase); a launched drone is placed and flies likewise, then acts as any drone; an install
 * places the installation at once; a scatter moves the launcher and drops installations on its
 * path. Installs and scatters trigger no interception (1.5.4, 1.5.5). The caller runs the
 * sequences afterwards.
 */
export function launch(ctx: Ctx, mech: MechState, effect: LaunchEffect, command: ActCommand, moveUnit: (unit: UnitState, to: Square, facing: Facing) => void): void {
  const state = ctx.state;
  const from = mech.at as Square;
  const to = command.to as Square;
  if (effect.drone !== undefined) {
    const card = droneCard(effect.drone);
    const n = state.units.filter((u) => u.kind === "drone" && u.owner === mech.owner).length + 1;
    const drone: DroneState = {
      kind: "drone",
      id: `${mech.owner}-d${n}`,
      owner: mech.owner,
      name: card.name.en,
      droneId: card.id,
      damaged: false,
      at: { ...to },
      // A launched drone faces the way its launcher faces (project decision).
      facing: mech.facing,
      deployed: true,
      destroyed: false,
      commanded: false,
    };
    state.units.push(drone);
    ctx.emit({ type: "drone_launched", unit: drone.id, drone: card.id, launcher: mech.id, from, to: { ...to }, facing: drone.facing });
    startFlight(ctx, drone, from, to, false);
    return;
  }
  const card = projectileCard(effect.projectile as string);
  if (effect.fire === "scatter") {
    for (const drop of command.drops ?? []) {
      const placed = newProjectile(state, mech, card.id, drop);
      ctx.emit({ type: "projectile_launched", projectile: placed.id, card: card.id, owner: mech.owner, launcher: mech.id, from, to: { ...drop }, fire: "scatter" });
    }
    moveUnit(mech, to, command.facing as Facing);
    return;
  }
  const projectile = newProjectile(state, mech, card.id, to);
  ctx.emit({ type: "projectile_launched", projectile: projectile.id, card: card.id, owner: mech.owner, launcher: mech.id, from, to: { ...to }, fire: effect.fire });
  if (effect.fire === "install") return;
  startFlight(ctx, projectile, from, to, card.trigger === "instant");
}

/**
 * After a ground unit ends a move: enemy passive installations within their trigger range
 * detonate, in launch order (seed 000 1.5 "[패시브]"; the trigger is sample data).
 */
export function passiveTriggers(ctx: Ctx, mover: UnitState): void {
  if (!mover.at || isHighAltitude(mover) || (mover.kind === "drone" && droneCard(mover.droneId).movement.mode !== "ground")) return;
  for (const p of projectilesInPlay(ctx.state)) {
    const card = projectileCard(p.projectileId);
    if (card.trigger !== "passive" || allied(ctx.state, p.owner, mover.owner)) continue;
    if (ctx.state.sequences.some((s) => s.subject === p.id)) continue;
    if (chebyshev(p.at as Square, mover.at) <= card.triggerRange) startDetonation(ctx, p);
  }
}

/** The drop points a fired launch or an install may take now (for legal commands). */
export function dropSquares(state: EmberState, mech: MechState, effect: LaunchEffect): Square[] {
  const from = mech.at as Square;
  const { width, height } = scenarioOf(state).board;
  const out: Square[] = [];
  for (let y = Math.max(0, from.y - effect.range); y <= Math.min(height - 1, from.y + effect.range); y++) {
    for (let x = Math.max(0, from.x - effect.range); x <= Math.min(width - 1, from.x + effect.range); x++) {
      if (dropProblem(state, mech, effect, { x, y }) === null) out.push({ x, y });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Smoke (seed 000 10)

/** Whether squares form one group by edge contact. */
function edgeConnected(squares: readonly Square[]): boolean {
  if (squares.length <= 1) return true;
  const keys = new Set(squares.map(squareKey));
  const seen = new Set([squareKey(squares[0] as Square)]);
  const queue = [squares[0] as Square];
  while (queue.length > 0) {
    const s = queue.shift() as Square;
    for (const n of [{ x: s.x + 1, y: s.y }, { x: s.x - 1, y: s.y }, { x: s.x, y: s.y + 1 }, { x: s.x, y: s.y - 1 }]) {
      const key = squareKey(n);
      if (keys.has(key) && !seen.has(key)) {
        seen.add(key);
        queue.push(n);
      }
    }
  }
  return seen.size === keys.size;
}

/**
 * Why a smoke placement is not acceptable, or null (seed 000 10): exactly the action's number of
 * cards, on distinct whole squares of the board within range of the unit (on units or terrain
 * too), each touching another card of the placement along an edge, none on the seat's own smoke
 * (the other seat's smoke may be overlapped).
 */
export function smokeProblem(state: EmberState, mech: MechState, effect: SmokeEffect, command: ActCommand): Problem {
  const squares = command.squares;
  if (!squares || command.to !== undefined || command.target !== undefined || command.facing !== undefined || command.drops !== undefined) {
    return "malformed_command";
  }
  const board = scenarioOf(state).board;
  if (squares.length !== effect.cards) return "smoke_placement";
  if (new Set(squares.map(squareKey)).size !== squares.length) return "smoke_placement";
  for (const s of squares) {
    if (!inBounds(board, s) || chebyshev(mech.at as Square, s) > effect.range) return "smoke_placement";
    if (smokeOf(state, mech.owner, s)) return "smoke_placement";
  }
  return edgeConnected(squares) ? null : "smoke_placement";
}

/** Places the smoke cards in the seat's colour (seed 000 10). */
export function placeSmoke(ctx: Ctx, seat: SeatId, squares: readonly Square[]): void {
  for (const at of squares) ctx.state.smoke.push({ owner: seat, at: { ...at } });
  ctx.emit({ type: "smoke_placed", seat, squares: squares.map((s) => ({ ...s })) });
}

/** Every acceptable smoke placement now, each as its squares in board order (for legal commands). */
export function smokePlacements(state: EmberState, mech: MechState, effect: SmokeEffect): Square[][] {
  const board = scenarioOf(state).board;
  const from = mech.at as Square;
  const ok = (s: Square) => inBounds(board, s) && chebyshev(from, s) <= effect.range && !smokeOf(state, mech.owner, s);
  let sets: Square[][] = [];
  for (let y = from.y - effect.range; y <= from.y + effect.range; y++) {
    for (let x = from.x - effect.range; x <= from.x + effect.range; x++) if (ok({ x, y })) sets.push([{ x, y }]);
  }
  for (let size = 2; size <= effect.cards; size++) {
    const grown = new Map<string, Square[]>();
    for (const set of sets) {
      for (const s of set) {
        for (const n of [{ x: s.x + 1, y: s.y }, { x: s.x - 1, y: s.y }, { x: s.x, y: s.y + 1 }, { x: s.x, y: s.y - 1 }]) {
          if (!ok(n) || set.some((t) => sameSquare(t, n))) continue;
          const next = [...set, n].sort((a, b) => a.y - b.y || a.x - b.x);
          grown.set(next.map(squareKey).join("|"), next);
        }
      }
    }
    sets = [...grown.values()];
  }
  return sets;
}

/**
 * The smoke clouds that lose a card this end phase (seed 000 10): each seat's cards grouped by
 * edge contact, one removal per cloud.
 */
export function cloudsToThin(state: EmberState): { owner: SeatId; squares: string[] }[] {
  return state.seats.flatMap((seat) => smokeClouds(state, seat).map((cloud) => ({ owner: seat, squares: cloud.map(squareKey) })));
}

/**
 * Asks for the next smoke removal of the end phase, or returns false when every cloud has lost
 * its card (seed 000 10: the players alternate, first player first, round the initiative order
 * in battles of more seats; a seat with no cloud left passes the turn).
 */
export function askSmokeRemoval(ctx: Ctx): boolean {
  const state = ctx.state;
  const end = state.roundEnd;
  if (!end?.smokeClouds || end.smokeClouds.length === 0) return false;
  const has = (seat: SeatId) => end.smokeClouds?.some((c) => c.owner === seat) ?? false;
  let seat = end.smokeTurn ?? (initiativeOrder(state)[0] as SeatId);
  if (!has(seat)) seat = nextSeat(state, seat, has) as SeatId;
  end.smokeTurn = seat;
  const squares = end.smokeClouds
    .filter((c) => c.owner === seat)
    .flatMap((c) => c.squares)
    .map((key) => {
      const [x, y] = key.split(",").map(Number) as [number, number];
      return { x, y };
    });
  state.pending = { seat, kind: "remove_smoke", rule: `${S000} 10`, options: { squares } };
  return true;
}

/** Removes one smoke card of one of the seat's clouds (seed 000 10), then passes the turn. */
export function removeSmoke(ctx: Ctx, seat: SeatId, at: Square): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "remove_smoke" || pending.seat !== seat) return "no_decision_pending";
  if (!pending.options.squares.some((s) => sameSquare(s, at))) return "invalid_choice";
  const end = state.roundEnd as NonNullable<EmberState["roundEnd"]>;
  const key = squareKey(at);
  end.smokeClouds = (end.smokeClouds ?? []).filter((c) => !(c.owner === seat && c.squares.includes(key)));
  state.smoke = state.smoke.filter((c) => !(c.owner === seat && sameSquare(c.at, at)));
  end.smokeTurn = nextSeat(state, seat, () => true);
  state.pending = null;
  ctx.emit({ type: "smoke_removed", seat, at: { ...at } });
  return null;
}

/** The delay projectiles and installations that act this delay phase, in launch order (seed 000 1.5). */
export const delayActors = (state: EmberState): string[] =>
  projectilesInPlay(state)
    .filter((p) => projectileCard(p.projectileId).trigger === "delay")
    .map((p) => p.id);
