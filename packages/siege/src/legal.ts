/**
 * Every legal command of a seat (engine contract `legalCommands`): candidates are generated per
 * phase and kept when `check` accepts them, so the list and `apply` never disagree. The same code
 * runs on a viewer's projection (`legalCommandsInView`): `check` reads nothing a seat may not know.
 * The lists stay bounded: at most a few thousand commands during setup (token placement), a few
 * hundred during an activation.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog, type Team } from "./data";
import { areaOf, distance, isUpper, neighbours8, up, withFrozen } from "./board";
import { ALL_FACINGS, check, droneReach } from "./rules";
import { emptySpace, geoOf, inside, living, obstacleAt, occupant, teamOfSeat, tokensOf, turnTeam, type Board } from "./query";
import type { OperatorState, SiegeCommand, SiegeState, WatchOrder } from "./types";

/** A `step` command (seed 004 "이동"). */
export type StepCommand = Extract<SiegeCommand, { type: "step" }>;

const RULES = catalog.data.rules;

/** The seats whose command the match waits for (any seat of the team that must act). */
export function awaiting(b: Board): SeatId[] {
  if (b.phase === "finished" || b.result) return [];
  if (b.pending) return [...b.teams[b.pending.team]];
  switch (b.phase) {
    case "picks":
      return (["attack", "defence"] as const).filter((t) => b.picks[t].commitment === null).flatMap((t) => b.teams[t]);
    case "defence_setup":
      return [...b.teams.defence];
    case "attack_setup":
      return [...b.teams.attack];
    case "action":
      return [...b.teams[turnTeam(b)]];
  }
}

/** k-subsets of a sorted list, in order. */
function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of combinations(items.slice(i + 1), k - 1)) out.push([item, ...rest]);
  });
  return out;
}

/** Every way to spend exactly `cubes` on `gadgets`, at most `max` each (only nonzero entries kept). */
function inventories(gadgets: readonly string[], cubes: number, max: number): Record<string, number>[] {
  if (gadgets.length === 0) return cubes === 0 ? [{}] : [];
  const [first, ...rest] = gadgets;
  const out: Record<string, number>[] = [];
  for (let n = 0; n <= Math.min(max, cubes); n++) {
    for (const tail of inventories(rest, cubes - n, max)) out.push(n > 0 ? { [first!]: n, ...tail } : tail);
  }
  return out;
}

/** Whether `via` holds an obstacle or one of `team`'s operators: the via spaces `stepProblem` may accept. */
function viaPossible(b: Board, team: Team, via: string): boolean {
  if (obstacleAt(b, via)) return true;
  const occ = occupant(b, via);
  return occ !== null && b.operators[occ.operator]?.team === team;
}

/**
 * The candidate `step` commands of the active operator `op` of `team` (seed 004 "이동", "장애물",
 * "상층부와 진입로"), from each of its places (its model's square, or each token of a hidden
 * operator); with `lean`, its candidate `lean` commands too (seed 004 "기울이기"), in the order the
 * legal commands list them. Pushed onto `out`; `check` decides which are legal.
 */
function moveCandidates(b: Board, team: Team, op: OperatorState, lean: boolean, out: SiegeCommand[]): void {
  const geo = geoOf(b);
  const operator = op.id;
  const places = op.hidden ? tokensOf(b, op.id).map((t) => ({ token: t.id, at: t.at })) : op.at ? [{ token: undefined, at: op.at }] : [];
  for (const { token, at } of places) {
    const tk = token !== undefined ? { token } : {};
    if (isUpper(at)) {
      for (const ap of geo.accessPoints.keys()) out.push({ type: "step", operator, ...tk, to: ap });
      continue;
    }
    for (const area of geo.areas) out.push({ type: "step", operator, ...tk, to: up(area) });
    for (const n of neighbours8(geo, at)) {
      out.push({ type: "step", operator, ...tk, to: n });
      // A step goes via a space only over an obstacle or past a teammate (seed 004 "장애물"): `check`
      // refuses every other via, so they are not listed as candidates at all.
      if (viaPossible(b, team, n)) for (const m of neighbours8(geo, n)) if (m !== at) out.push({ type: "step", operator, ...tk, to: m, via: n });
      if (lean && !op.hidden) out.push({ type: "lean", operator, to: n });
    }
  }
}

function candidates(b: Board, seat: SeatId, team: Team): SiegeCommand[] {
  const out: SiegeCommand[] = [];
  const geo = geoOf(b);
  const spaces = geo.spaces;
  const aps = [...geo.accessPoints.keys()];
  if (b.pending) {
    const p = b.pending;
    if (p.kind === "reaction") {
      for (const w of p.watchers) out.push({ type: "react", operator: w });
      out.push({ type: "hold" });
    } else if (p.kind === "reroll") {
      const idx = p.dice.map((_, i) => i);
      for (let k = 1; k <= idx.length; k++) for (const dice of combinations(idx, k)) out.push({ type: "reroll", dice });
      out.push({ type: "keep" });
    } else if (p.kind === "contest") {
      out.push({ type: "contest", fight: true }, { type: "contest", fight: false });
    } else {
      // Firing back first: the usual answer, and the time bank's (ruleset.ts onTimeout).
      out.push({ type: "return_fire", fire: true }, { type: "return_fire", fire: false });
    }
    return out;
  }
  switch (b.phase) {
    case "picks": {
      const ops = catalog.data.operators.filter((o) => o.team === team).map((o) => o.id).sort();
      const gadgets = catalog.data.gadgets.filter((g) => g.team === team).map((g) => g.id);
      const invs = inventories(gadgets, RULES.inventoryCubes, RULES.maxCubesPerGadget);
      for (const operators of combinations(ops, RULES.operatorsPerTeam)) for (const inventory of invs) out.push({ type: "pick", operators, inventory });
      return out;
    }
    case "defence_setup": {
      for (const [id, part] of Object.entries(b.partitions)) {
        if ((part.kind === "door" || part.kind === "window") && part.barricaded) {
          out.push({ type: "edit_component", component: id, to: null });
          for (const [to, dest] of Object.entries(b.partitions)) {
            if ((dest.kind === "door" || dest.kind === "window") && !dest.barricaded) out.push({ type: "edit_component", component: id, to });
          }
        }
      }
      for (const c of geo.map.components) {
        if (!b.gadgets.some((g) => g.id === c.id)) continue;
        out.push({ type: "edit_component", component: c.id, to: null });
        for (const to of c.kind === "reinforced_access" ? aps : spaces) out.push({ type: "edit_component", component: c.id, to });
      }
      const free = spaces.filter((p) => inside(b, p) && emptySpace(b, p));
      for (const [gadget, n] of Object.entries(b.setupGadgets)) if (n > 0) for (const at of free) out.push({ type: "place_gadget", gadget, at });
      for (const op of living(b, "defence")) {
        if (tokensOf(b, op.id).length >= 2) continue;
        for (const real of [true, false]) {
          for (const at of free) for (const facing of ALL_FACINGS) out.push({ type: "place_token", operator: op.id, at, watch: { facing }, real });
          for (const area of geo.areas) for (const ap of aps) out.push({ type: "place_token", operator: op.id, at: up(area), watch: { ap }, real });
        }
      }
      out.push({ type: "end_setup" });
      return out;
    }
    case "attack_setup": {
      for (const op of living(b, "attack")) {
        if (op.at !== null) continue;
        for (const at of spaces) {
          if (inside(b, at) || !emptySpace(b, at)) continue;
          for (const facing of [null, ...ALL_FACINGS]) out.push({ type: "deploy", operator: op.id, at, facing });
        }
      }
      return out;
    }
    case "action":
      break;
    default:
      return out;
  }
  if (!b.activation) {
    for (const op of living(b, team)) out.push({ type: "activate", operator: op.id });
    out.push({ type: "end_phase" });
    return out;
  }
  const op = b.operators[b.activation.operator]!;
  const operator = op.id;
  out.push({ type: "end_activation", operator });
  moveCandidates(b, team, op, true, out);
  out.push({ type: "run", operator });
  if (op.hidden) {
    out.push({ type: "reveal", operator });
    const tokens = tokensOf(b, op.id);
    const optionsOf = (at: string, token: string): WatchOrder[] =>
      isUpper(at) ? aps.map((ap) => ({ token, ap })) : ALL_FACINGS.map((facing) => ({ token, facing }));
    const lists = tokens.map((t) => optionsOf(t.at, t.id));
    if (lists.length === 2) for (const a of lists[0]!) for (const c of lists[1]!) out.push({ type: "watch", operator, watches: [a, c] });
    return out;
  }
  out.push({ type: "stand", operator });
  const at = op.at!;
  if (isUpper(at)) for (const ap of aps) out.push({ type: "watch", operator, watches: [{ ap }] });
  else for (const facing of ALL_FACINGS) out.push({ type: "watch", operator, watches: [{ facing }] });
  for (const target of Object.values(b.operators)) if (target.team !== team && !target.dead) out.push({ type: "shoot", operator, target: target.id });
  for (const id of Object.keys(b.partitions)) out.push({ type: "breach", operator, target: id });
  for (const g of b.gadgets) out.push({ type: "breach", operator, target: g.id });
  for (const [gadget, n] of Object.entries(b.inventory[team])) {
    if (n <= 0) continue;
    const def = catalog.gadgets.get(gadget)!;
    if (def.kind === "drone") {
      if (isUpper(at)) continue;
      for (const start of [at, ...neighbours8(geo, at)]) {
        for (const aim of droneReach(b, start).keys()) out.push({ type: "gadget", operator, gadget, at: start, aim });
      }
    } else if (def.kind === "claymore") {
      if (isUpper(at)) continue;
      for (const c of neighbours8(geo, at)) for (const aim of neighbours8(geo, c)) out.push({ type: "gadget", operator, gadget, at: c, aim });
    } else if (isUpper(at)) {
      for (const s of aps) out.push({ type: "gadget", operator, gadget, at: s });
    } else {
      for (const s of spaces) if (distance(at, s) <= RULES.throwRange) out.push({ type: "gadget", operator, gadget, at: s });
    }
  }
  const special = catalog.operators.get(operator)!.special;
  if (special.kind === "reinforce") for (const id of Object.keys(b.partitions)) out.push({ type: "special", operator, target: id });
  else if (special.kind === "scan_room" || special.kind === "ping_room") out.push({ type: "special", operator });
  else if (special.kind === "vertical") {
    if (isUpper(at)) for (const s of spaces) out.push({ type: "special", operator, at: s });
  } else if (special.kind !== "passive" && !isUpper(at)) {
    const reach = special.kind === "throw" ? RULES.throwRange : 1;
    for (const s of spaces) if (distance(at, s) <= reach) out.push({ type: "special", operator, at: s });
  }
  return out;
}

/** Every command `seat` may send now (engine contract). */
export function legalCommands(state: SiegeState | Board, seat: SeatId): SiegeCommand[] {
  const team = teamOfSeat(state, seat);
  if (!team || !awaiting(state).includes(seat)) return [];
  return withFrozen(state, () => candidates(state, seat, team).filter((c) => check(state, seat, c) === null));
}

/**
 * The `step` commands `seat` may send now (seed 004 "이동", "장애물", "상층부와 진입로"): exactly the
 * `step` entries of {@link legalCommands}, in the same order, from the same candidates and `check`,
 * without building the rest of the list. Empty when the seat is not awaited, a decision is pending
 * or no operator is active. Reads only what `legalCommands` reads, so a seat's projection serves.
 */
export function legalSteps(state: SiegeState | Board, seat: SeatId): StepCommand[] {
  const team = teamOfSeat(state, seat);
  const act = state.activation;
  if (!team || state.pending || state.phase !== "action" || !act || !awaiting(state).includes(seat)) return [];
  const op = state.operators[act.operator];
  if (!op) return [];
  const out: SiegeCommand[] = [];
  moveCandidates(state, team, op, false, out);
  return withFrozen(state, () => out.filter((c): c is StepCommand => check(state, seat, c) === null));
}

/** Every command `seat` may send, computed from its own projection alone (equal to {@link legalCommands}). */
export const legalCommandsInView = (view: Board, seat: SeatId): SiegeCommand[] => legalCommands(view, seat);

/** The area of an upper-floor place, re-exported for clients. */
export { areaOf };
