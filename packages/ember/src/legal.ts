/**
 * Every command a seat may send now, built from the same checks `apply` uses, so a listed
 * command is always accepted. Concession is always allowed and not listed.
 */
import { FACINGS, canUnlock, sameSquare, type RngState, type SeatId, type Square } from "@fogwar/engine";
import { attackEffect, automatonTarget, validTargets } from "./targeting";
import { canSpendLink } from "./resources";
import { deploymentZone, inRect, scenarioOf } from "./map";
import { allied, droneCard, intactSlots, isFree, manoeuvreRange, partActions, unitById, unitsInPlay } from "./query";
import { reachableSquares } from "./reach";
import { canCommand, planners } from "./flow";
import { objectiveSquares } from "./mission";
import { PART_SLOTS } from "./data/terms";
import type { Action, PartSlot } from "./data/schema";
import { isCharged, unarmedSlots } from "./resources";
import { lockersOf, locks } from "./melee";
import { catalog } from "./data";
import { CHOOSABLE_STANCES, TIMINGS } from "./data/terms";
import type { Timing } from "./data/schema";
import type { DroneState, EmberCommand, EmberState, MechState, UnitState } from "./types";
import type { EmberView } from "./view";
import { actionGate, actProblem } from "./actions";
import { dropSquares, scatterProblem } from "./launch";
import { smokePlacements } from "./smoke";
import { camouflageSource, hiddenSquareOptions } from "./concealment";
import { musterFromView, presetArmies } from "./muster";

const moves = (state: EmberState, unit: UnitState, range: number): Square[] => reachableSquares(state, unit, range);

/**
 * All commands `seat` may send, from its own projection (`viewFor(state, seat)`): the rules
 * behind `legalCommands` read only what the seat itself may know (its own dials, public facts),
 * never the secret dice state or another seat's dials, so the projection with placeholders for
 * the secrets gives the same list (test: legal-in-view.test.ts). Call it with the seat's own view: another viewer's
 * projection lacks the seat's dials, which its first action must match (seed 001 6.3).
 */
export function legalCommandsInView(view: EmberView, seat: SeatId): EmberCommand[] {
  return legalCommands(stateFromView(view), seat);
}

/**
 * The dice stream of the empty seed, `rngStateFromSeed("", "dice")` written out: what a state built
 * from a view holds in place of the secret stream. Computing the HMAC on every call was a visible
 * part of a table's first render on a phone; legal.test.ts checks the value against the function.
 */
export const EMPTY_SEED_DICE: RngState = { key: "49ad9199d077b8ed3bb718879f8b52e8cd1f26af001d4259a18ac5bdf3adbebc", drawn: 0 };

/**
 * A state built from a seat's projection, with placeholders for what it does not show (the dice
 * seed and RNG state, other seats' dials): enough for the rules that read only what the seat may
 * know (its legal commands, the default answer to its decision).
 */
export function stateFromView(view: EmberView): EmberState {
  const { plans, seed: _seed, muster, ...open } = view;
  return {
    ...(open as Omit<EmberState, "secret" | "plans" | "muster">),
    ...(muster ? { muster: musterFromView(muster) } : {}),
    plans: Object.fromEntries(Object.entries(plans).map(([s, p]) => [s, { commitment: p.commitment, dials: p.dials ? { ...p.dials } : null }])),
    secret: { seed: "", rng: { dice: { ...EMPTY_SEED_DICE } } },
  };
}

/** All commands `seat` may send in `state`. */
export function legalCommands(state: EmberState, seat: SeatId): EmberCommand[] {
  if (state.phase === "finished" || !state.seats.includes(seat)) return [];
  const pending = state.pending;
  if (pending) return pending.seat === seat ? decisionAnswers(state) : [];
  switch (state.phase) {
    case "muster":
      // Seed 001 2: a seat that has not locked may lock any valid list (the sample lists are
      // listed, so bots muster too); a locked seat may unlock while the muster lasts.
      if (!state.muster?.seats[seat]) return [];
      if (state.muster.seats[seat].commitment !== null) return canUnlock(state.muster.seats[seat], state.muster.revealed) ? [{ type: "unlock_army" }] : [];
      return presetArmies(state).map((army) => ({ type: "lock_army", army }));
    case "side_choice":
    case "mission_prep":
      return [];
    case "deployment":
      return state.turn === seat ? deployments(state, seat) : [];
    case "command":
      return state.turn === seat && !state.commandsDone.includes(seat) ? droneCommands(state, seat) : [];
    case "plan":
      return plans(state, seat);
    case "action":
      return activationCommands(state, seat);
    case "delay":
    case "end":
      // Only the pending decisions of the delay and end phases are answered (seed 000 1.5, 10).
      return [];
  }
}

function decisionAnswers(state: EmberState): EmberCommand[] {
  const pending = state.pending as NonNullable<EmberState["pending"]>;
  switch (pending.kind) {
    case "choose_side":
      return pending.options.sides.map((side) => ({ type: "choose_side", side }));
    case "choose_secondary":
      return pending.options.secondaries.map((secondary) => ({ type: "choose_secondary", secondary }));
    case "place_objective":
      return objectiveSquares(state).map((at) => ({ type: "place_objective", at }));
    case "choose_hit_part":
      return pending.options.parts.map((part) => ({ type: "choose_hit_part", part }));
    case "part_reroll":
      return [{ type: "reroll", dice: [] }, { type: "reroll", dice: [0] }];
    case "attack_reroll":
    case "defence_reroll":
    case "ew_reroll": {
      // Every subset would be 2^n answers; list declining, each single die, and all dice.
      const n = pending.options.dice;
      const answers: EmberCommand[] = [{ type: "reroll", dice: [] }];
      for (let i = 0; i < n; i++) answers.push({ type: "reroll", dice: [i] });
      if (n > 1) answers.push({ type: "reroll", dice: Array.from({ length: n }, (_, i) => i) });
      return answers;
    }
    case "choose_chain":
      return pending.options.options.map((o) => ({ type: "choose_chain", keyword: o.keyword, target: o.target }));
    case "use_designation":
      return [{ type: "use_designation", use: true }, { type: "use_designation", use: false }];
    case "choose_cancellation":
      return pending.options.options.map((o) => ({ type: "choose_cancellation", evade: { ...o.evade }, defend: o.defend }));
    case "declare_parry":
      return [...pending.options.parts.map((part) => ({ type: "declare_parry" as const, part })), { type: "declare_parry", part: null }];
    case "choose_interceptor":
      return pending.options.options.map((o) => ({ type: "choose_interceptor", unit: o.unit, part: o.part, action: o.action }));
    case "choose_blast_target":
      return pending.options.targets.map((target) => ({ type: "choose_blast_target", target }));
    case "remove_smoke":
      return pending.options.squares.map((at) => ({ type: "remove_smoke", at }));
  }
}

function deployments(state: EmberState, seat: SeatId): EmberCommand[] {
  const zone = deploymentZone(state, seat);
  const squares: Square[] = [];
  for (let y = zone.y0; y <= zone.y1; y++) for (let x = zone.x0; x <= zone.x1; x++) if (isFree(state, { x, y })) squares.push({ x, y });
  const out: EmberCommand[] = [];
  for (const unit of state.units) {
    if (unit.owner !== seat || unit.deployed) continue;
    for (const at of squares) {
      for (const facing of FACINGS) {
        if (unit.kind === "drone") out.push({ type: "deploy", unit: unit.id, at, facing });
        else for (const stance of CHOOSABLE_STANCES) out.push({ type: "deploy", unit: unit.id, at, facing, stance });
      }
    }
    // Deployed already camouflaged (seed 000 6.2): every real square in the zone within the
    // concealment value of the deployment square, after the plain deployments.
    const source = unit.kind === "mech" ? camouflageSource(unit) : null;
    if (!source) continue;
    for (const at of squares) {
      const hiddens = hiddenSquareOptions(state, unit, at, source.effect.concealment).filter((s) => inRect(zone, s));
      for (const hidden of hiddens) {
        for (const facing of FACINGS) for (const stance of CHOOSABLE_STANCES) out.push({ type: "deploy", unit: unit.id, at, facing, stance, hidden });
      }
    }
  }
  return out;
}

function droneCommands(state: EmberState, seat: SeatId): EmberCommand[] {
  const out: EmberCommand[] = [{ type: "end_commands" }];
  if (!canCommand(state, seat)) return out;
  const mine = unitsInPlay(state).filter((u) => u.owner === seat);
  const givers = mine.filter((u): u is MechState => u.kind === "mech" && u.commandTokens > 0 && u.stance !== "SHUTDOWN");
  out.push(...droneOrders(state, seat, givers));
  return out;
}

/** Every command the given mechs may give to the seat's uncommanded drones (seed 001 4.2; seed 000 9.2-9.3). */
function droneOrders(state: EmberState, seat: SeatId, givers: readonly MechState[]): EmberCommand[] {
  const out: EmberCommand[] = [];
  const mine = unitsInPlay(state).filter((u) => u.owner === seat);
  const drones = mine.filter((u) => u.kind === "drone" && !u.commanded);
  // What each drone may be ordered to do does not depend on the mech giving the order: asked once.
  const options = new Map<string, { moves: Square[]; automaton: boolean; targets: string[] }>();
  const optionsOf = (drone: DroneState) => {
    let known = options.get(drone.id);
    if (!known) {
      const card = droneCard(drone.droneId);
      const effect = attackEffect(card.commandAction);
      known = {
        moves: moves(state, drone, card.movement.squares),
        // The automaton action names no target: its targeting logic picks one (seed 000 1.2.1).
        automaton: Boolean(card.automaton && automatonTarget(state, drone)),
        targets: effect ? validTargets(state, drone, effect).map((t) => t.id) : [],
      };
      options.set(drone.id, known);
    }
    return known;
  };
  for (const mech of givers) {
    for (const drone of drones) {
      if (drone.kind !== "drone") continue;
      const { moves: squares, automaton, targets } = optionsOf(drone);
      for (const to of squares) {
        for (const facing of FACINGS) out.push({ type: "command_drone", mech: mech.id, drone: drone.id, order: { kind: "move", to, facing } });
      }
      if (automaton) out.push({ type: "command_drone", mech: mech.id, drone: drone.id, order: { kind: "automaton" } });
      for (const target of targets) out.push({ type: "command_drone", mech: mech.id, drone: drone.id, order: { kind: "action", target } });
    }
  }
  return out;
}

function plans(state: EmberState, seat: SeatId): EmberCommand[] {
  if (state.plans[seat]?.commitment || !planners(state).includes(seat)) return [];
  const mechs = state.units.filter((u) => u.kind === "mech" && u.owner === seat && u.deployed && !u.destroyed);
  let combos: Record<string, Timing>[] = [{}];
  for (const mech of mechs) combos = combos.flatMap((c) => TIMINGS.map((t) => ({ ...c, [mech.id]: t })));
  return combos.map((dials) => ({ type: "lock_plan", dials }));
}

function activationCommands(state: EmberState, seat: SeatId): EmberCommand[] {
  const activation = state.activation;
  if (!activation) return [];
  const mech = unitById(state, activation.unit) as MechState;
  if (mech.owner !== seat) return [];
  const out: EmberCommand[] = [{ type: "end_activation", unit: mech.id }];
  if (mech.stance === "SHUTDOWN") {
    for (const stance of CHOOSABLE_STANCES) out.push({ type: "reboot", unit: mech.id, stance });
    return out;
  }
  const fresh = !activation.stanceChosen && !activation.manoeuvred && !activation.rebooted && activation.actionsTaken.length === 0;
  if (fresh) {
    for (const stance of CHOOSABLE_STANCES) if (stance !== mech.stance) out.push({ type: "set_stance", unit: mech.id, stance });
  }
  if (!activation.manoeuvred && activation.actionsTaken.length === 0 && activation.ticks >= catalog.data.rules.manoeuvreCost) {
    const range = manoeuvreRange(mech);
    const squares = range === 0 ? [mech.at as Square] : moves(state, mech, range);
    for (const to of squares) {
      for (const facing of FACINGS) {
        if (sameSquare(to, mech.at as Square) && facing === mech.facing) continue;
        out.push({ type: "manoeuvre", unit: mech.id, to, facing });
      }
    }
  }
  // Coordinated commands of the active mech (seed 000 9.3).
  if ((activation.coordination ?? 0) > 0 && !state.attack && mech.commandTokens > 0) out.push(...droneOrders(state, seat, [mech]));
  for (const slot of intactSlots(mech)) {
    const actions: Action[] = [...partActions(mech, slot), ...catalog.data.commonActions.filter((c) => c.slots.includes(slot)).map((c) => c.action)];
    for (const action of actions) {
      if (typeof actionGate(state, seat, mech.id, slot, action.id) === "string") continue;
      const effect = action.effect;
      // Attacks and moves are enumerated from their valid targets and squares directly (cheap);
      // the other kinds are checked one by one with the handler's own rule.
      const checked = effect.kind !== "attack" && effect.kind !== "move";
      for (const command of actCandidates(state, mech, slot, action)) {
        if (!checked || actProblem(state, seat, command) === null) out.push(command);
      }
    }
  }
  return out;
}

/**
 * The `act` commands worth checking for one action of one part: every target, square and facing,
 * charge use and unarmed assist the action could take (seed 001 6.3; seed 000 2, 7, 8, 11). The
 * caller keeps those `actProblem` accepts.
 */
function actCandidates(state: EmberState, mech: MechState, slot: PartSlot, action: Action): Extract<EmberCommand, { type: "act" }>[] {
  const base = { type: "act" as const, unit: mech.id, part: slot, action: action.id };
  const effect = action.effect;
  switch (effect.kind) {
    case "attack": {
      const charges = isCharged(mech, slot, action.id) ? [false, true] : [false];
      const assists: (PartSlot | undefined)[] = effect.thrown ? [] : [undefined];
      if (effect.twoHanded || effect.thrown) assists.push(...unarmedSlots(mech, slot));
      const out: Extract<EmberCommand, { type: "act" }>[] = [];
      for (const target of validTargets(state, mech, effect)) {
        for (const useCharge of charges) {
          for (const unarmed of assists) {
            out.push({ ...base, target: target.id, ...(useCharge ? { useCharge } : {}), ...(unarmed ? { unarmed } : {}) });
          }
        }
      }
      return out;
    }
    case "move": {
      const all = moves(state, mech, effect.range).flatMap((to) => FACINGS.map((facing) => ({ ...base, to, facing })));
      if (!effect.crawl) return all;
      // A crawl stays locked by every unit that locks the mech now (seed 000 2.2.1).
      const lockers = lockersOf(state, mech);
      if (lockers.length === 0) return all;
      return all.filter((c) => lockers.every((locker) => locks(state, locker, { ...mech, at: c.to, facing: c.facing })));
    }
    case "launch": {
      if (effect.fire !== "scatter") return dropSquares(state, mech, effect).map((to) => ({ ...base, to }));
      // Scatters listed: one installation on the start or on the end square of each move (other
      // path squares are accepted too, seed 000 1.5.5).
      const from = mech.at as Square;
      const out: Extract<EmberCommand, { type: "act" }>[] = [];
      for (const to of moves(state, mech, Math.max(0, effect.range - effect.dropCost))) {
        for (const drop of sameSquare(to, from) ? [from] : [from, to]) {
          if (scatterProblem(state, mech, effect, to, [drop]) !== null) continue;
          for (const facing of FACINGS) out.push({ ...base, to, facing, drops: [drop] });
        }
      }
      return out;
    }
    case "smoke":
      return smokePlacements(state, mech, effect).map((squares) => ({ ...base, squares }));
    case "resupply":
      return unitsInPlay(state)
        .filter((u): u is MechState => u.kind === "mech" && allied(state, u.owner, mech.owner))
        .flatMap((target) => PART_SLOTS.map((targetPart) => ({ ...base, target: target.id, targetPart })));
    case "electronic_attack":
    case "electronic_support":
      return unitsInPlay(state).map((target) => ({ ...base, target: target.id }));
    case "camouflage":
      // Every real square the owner may choose (read from its own knowledge only, seed 000 6.2).
      return mech.camouflage || !mech.at ? [] : hiddenSquareOptions(state, mech, mech.at, effect.concealment).map((hidden) => ({ ...base, hidden }));
    default:
      return [base];
  }
}

/** Whether the seat can spend link now (for clients' prompts). */
export const mayReroll = (state: EmberState, unitId: string): boolean => canSpendLink(unitById(state, unitId));

/** Board size of the match's scenario (for clients). */
export const boardOf = (state: EmberState) => scenarioOf(state).board;
