/**
 * Sequences (seed 000 1.5, 3): a launch or high-altitude movement being resolved runs as a queue
 * in `state.sequences`: the interception of the moving unit, then (for an instant projectile, a
 * delay projectile in the delay phase or a triggered passive installation) its detonation and its
 * blast attacks one after another (a targeted blast on a camouflaged unit after its detection
 * roll, seed 000 6.2). A sequence waits whenever an attack, an EW roll or a decision does, and
 * resumes with the answer.
 */
import type { SeatId, Square } from "@fogwar/engine";
import { continueAttack } from "./attack";
import { blastOrDetect, continueEwRoll } from "./ew-roll";
import { terrainOfTarget, terrainTargetKey } from "./map";
import { combatantById, initiativeOrder, projectileById, projectileCard, projectilesInPlay, unitById } from "./query";
import { checkContact } from "./concealment";
import type { Ctx } from "./context";
import { removeProjectile } from "./damage";
import { type BlastTarget, blastTerrain, detonate, seekCandidates, terrainCandidates } from "./detonation";
import { canStillIntercept, fireInterception, parseKey, triggeredInterceptions } from "./interception";
import type { Combatant, EmberState, MechState, ProjectileState } from "./types";

const S000 = "000_200ff4b7b5d3d570.txt";

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
 * Advances the queued sequences (and any attack of theirs) until all are over or a decision is
 * needed.
 * @returns `"waiting"` with `state.pending` set, or `"done"` with no sequence and no attack left.
 */
export function runSequences(ctx: Ctx): "waiting" | "done" {
  const state = ctx.state;
  for (;;) {
    if (state.pending) return "waiting";
    // A targeted blast's detection roll (seed 000 6.2 with 1.5.3) goes on, then its blast.
    if (state.ewRoll) {
      if (continueEwRoll(ctx) === "waiting") return "waiting";
      continue;
    }
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
        if (inPlay(victim)) blastOrDetect(ctx, projectile, victim);
        break;
      }
      case "over":
        state.sequences.shift();
        break;
    }
  }
}

/** The delay projectiles and installations that act this delay phase, in launch order (seed 000 1.5). */
export const delayActors = (state: EmberState): string[] =>
  projectilesInPlay(state)
    .filter((p) => projectileCard(p.projectileId).trigger === "delay")
    .map((p) => p.id);
