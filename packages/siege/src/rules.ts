/**
 * The rules of a Siege match (seed `004_cb264102299fbb71.txt`): checking a command against the
 * state (`check`, also used to list legal commands) and carrying it out (`execute`), with the
 * effects they share (reveals, shots, damage, explosions, breaches) and the flow of phases and
 * rounds. `check` reads a {@link Board} (a view has the same shape); `execute` mutates a
 * {@link Ctx} and may only be called on a command `check` accepted.
 */
import { commit, deriveSalt, seedCommitment, rngStateFromSeed, type Facing, type SeatId } from "@fogwar/engine";
import { catalog, COLOUR_RANK, type Colour, type Gadget, type Team } from "./data";
import {
  accessWatchAt,
  areaOf,
  blocksSight,
  breaks,
  coords,
  distance,
  durability,
  gadgetAt,
  geometry,
  inFrontArc,
  isUpper,
  lineOfSight,
  memo,
  neighbours8,
  partitionOn,
  sq,
  stepCost,
  terrainAdjacent,
} from "./board";
import { Ctx } from "./context";
import {
  bodyPlaces,
  deployed,
  emptySpace,
  enemyOf,
  geoOf,
  inside,
  living,
  obstacleAt,
  occupant,
  profile,
  reinforcedAt,
  roomOf,
  shotAt,
  shotDice,
  sight,
  teamOfSeat,
  tokensOf,
  turnTeam,
  upperHolder,
  upperReaches,
  type Board,
} from "./query";
import type {
  ActionKind,
  OperatorId,
  OperatorState,
  PartitionState,
  Place,
  RevealCause,
  RolledDamageDie,
  SiegeCommand,
  SiegeErrorCode,
  SiegeSetup,
  SiegeState,
  SiegeEvent,
  Watch,
  WatchOrder,
} from "./types";
import type { EventEnvelope } from "@fogwar/engine";

/** Bumped whenever a rule change could change a replay. */
export const RULES_VERSION = "siege-0.1.1";

const RULES = catalog.data.rules;
type Code = SiegeErrorCode;

// =============================================================================================
// Setup

/**
 * Builds the initial state (seed 004 세팅 "맵 선택"): the mission's map with its partitions and its
 * components (cameras, barbed wire, reinforced access points), no operators yet; both teams pick next.
 * @throws Error on an unknown mission or a seat on both teams.
 */
export function setupMatch(setup: SiegeSetup, seed: string): { state: SiegeState; events: EventEnvelope<SiegeEvent>[] } {
  const mission = catalog.missions.get(setup.mission);
  if (!mission) throw new Error(`unknown mission "${setup.mission}"`);
  const seats = [...setup.teams.attack, ...setup.teams.defence];
  if (new Set(seats).size !== seats.length || setup.teams.attack.length === 0 || setup.teams.defence.length === 0) {
    throw new Error("each team needs at least one seat, and a seat plays for one team");
  }
  const geo = geometry(mission.map);
  const partitions: Record<string, PartitionState> = {};
  for (const [id, def] of geo.partitions) partitions[id] = { ...def.initial };
  const state: SiegeState = {
    mission: mission.id,
    map: mission.map,
    seats,
    teams: { attack: [...setup.teams.attack], defence: [...setup.teams.defence] },
    phase: "picks",
    round: 0,
    step: 0,
    activations: 0,
    activation: null,
    pending: null,
    picks: {
      attack: { commitment: null, choice: null, salt: null },
      defence: { commitment: null, choice: null, salt: null },
    },
    inventory: { attack: {}, defence: {} },
    setupGadgets: {},
    edits: 0,
    rerolls: { attack: RULES.rerollTokens, defence: RULES.rerollTokens },
    operators: {},
    tokens: [],
    partitions,
    gadgets: geo.map.components.map((c) => ({ id: c.id, kind: c.kind, team: "defence" as const, at: sq(c.at[0], c.at[1]) })),
    overlays: [],
    nextId: 1,
    result: null,
    hidden: { real: {}, picks: { attack: null, defence: null } },
    server: { seed, rng: rngStateFromSeed(seed) },
  };
  return { state, events: [{ audience: { kind: "everyone" }, event: { type: "match_started", mission: mission.id, seedCommitment: seedCommitment(seed) } }] };
}

/** The salt of a team's pick commitment (checkable once the seed is revealed). */
export const pickSalt = (seed: string, team: Team): string => deriveSalt(seed, `picks:${team}`);

// =============================================================================================
// Checks

const ANSWERS: Partial<Record<SiegeCommand["type"], string>> = {
  react: "reaction",
  hold: "reaction",
  reroll: "reroll",
  keep: "reroll",
  contest: "contest",
};

/** The operator of a command, if it exists in the match. */
const opOf = (b: Board, id: OperatorId): OperatorState | undefined => b.operators[id];

/** The active operator of the seat's team, or an error. */
function activeOp(b: Board, team: Team, id: OperatorId): OperatorState | Code {
  if (b.phase !== "action") return "wrong_phase";
  if (turnTeam(b) !== team) return "not_your_turn";
  const op = opOf(b, id);
  if (!op) return "unknown_operator";
  if (op.team !== team) return "not_your_operator";
  if (b.activation?.operator !== id) return "not_active";
  if (op.dead) return "operator_dead";
  return op;
}

/** Seed 004 "오퍼레이터 활성화": two different actions besides moving. */
function actionProblem(b: Board, kind: ActionKind): Code | null {
  const a = b.activation!;
  if (a.actions.includes(kind)) return "action_used";
  if (a.actions.length >= RULES.actionsPerActivation) return "no_actions_left";
  return null;
}

/** Whether a place is a lower-floor space touching `p` or `p` itself. */
const touching = (p: Place, q: Place): boolean => !isUpper(p) && !isUpper(q) && distance(p, q) <= 1;

/** Seed 004 "상층부와 진입로": grey access points serve everyone, blue ones the attack only. */
function accessOk(b: Board, ap: Place, team: Team, area?: string): boolean {
  const info = geoOf(b).accessPoints.get(ap);
  if (!info || (area !== undefined && info.area !== area)) return false;
  return info.colour === "grey" || team === "attack";
}

/** The movement cost of a `step` command, or an error (seed 004 "이동", "장애물", "상층부와 진입로"). */
export function stepProblem(b: Board, team: Team, op: OperatorState, from: Place, to: Place, via: Place | undefined): Code | number {
  const act = b.activation!;
  if (act.climbed) return "no_movement";
  const geo = geoOf(b);
  if (isUpper(to)) {
    if (via !== undefined || isUpper(from) || !geo.areas.includes(areaOf(to))) return "invalid_place";
    if (act.descended) return "blocked";
    if (!accessOk(b, from, team, areaOf(to)) || reinforcedAt(b, from)) return "blocked";
    if (upperHolder(b, areaOf(to), team) !== null) return "space_occupied";
    return 1;
  }
  if (!geo.spaceSet.has(to)) return "invalid_place";
  if (isUpper(from)) {
    if (via !== undefined) return "invalid_place";
    if (!accessOk(b, to, team, areaOf(from)) || !upperReaches(b, areaOf(from), team, to)) return "blocked";
    if (!emptySpace(b, to)) return "space_occupied";
    return 1;
  }
  if (via === undefined) {
    const cost = stepCost(b, from, to);
    if (cost === null) return "blocked";
    if (!emptySpace(b, to)) return "space_occupied";
    return cost;
  }
  if (!geo.spaceSet.has(via) || via === to || via === from) return "invalid_place";
  const first = stepCost(b, from, via);
  const second = stepCost(b, via, to);
  if (first === null || second === null) return "blocked";
  const occ = occupant(b, via);
  const friend = occ !== null && b.operators[occ.operator]?.team === team;
  const obstacle = obstacleAt(b, via);
  if (!obstacle && !friend) return "invalid_place";
  if (obstacle && occ !== null) return "blocked";
  if (!emptySpace(b, to)) return "space_occupied";
  return first + (obstacle ? 1 : 0) + second;
}

/** Whether a watch order aims at a valid place for `place` (seed 004 "경계"). */
function watchOrderProblem(b: Board, team: Team, place: Place, order: WatchOrder, hiddenOwner: OperatorId | null): Code | null {
  if (isUpper(place)) {
    if (order.facing !== undefined || order.ap === undefined) return "invalid_watch";
    if (!accessOk(b, order.ap, team, areaOf(place)) || reinforcedAt(b, order.ap)) return "invalid_watch";
    const held = accessWatchAt(b, order.ap);
    if (held && held.team !== team && hiddenOwner !== null) return "hidden_operator";
    if (held && held.team === team && hiddenOwner !== null && held.operator !== hiddenOwner) return "invalid_watch";
    return null;
  }
  if (order.ap !== undefined || order.facing === undefined) return "invalid_watch";
  return null;
}

/** Seed 004 "파괴": what a breach of `power` from `op` may destroy of `target`, or an error. */
function breachTargetProblem(b: Board, op: OperatorState, target: string, power: Colour): Code | null {
  const at = op.at!;
  const part = b.partitions[target];
  if (part) {
    if (isUpper(at)) return "invalid_target";
    const dur = durability(part);
    if (!dur) return "invalid_target";
    if (!breaks(power, dur)) return "too_strong";
    const def = geoOf(b).partitions.get(target)!;
    const seen = def.edges.some((e) => e.split("|").some((p) => lineOfSight(b, at, p)));
    return seen ? null : "no_line_of_sight";
  }
  const g = b.gadgets.find((x) => x.id === target);
  if (!g) return "invalid_target";
  const dur = gadgetDurability(g.kind);
  if (!dur) return "invalid_target";
  if (!breaks(power, dur)) return "too_strong";
  if (isUpper(at)) {
    const info = geoOf(b).accessPoints.get(g.at);
    if (!info || info.area !== areaOf(at)) return "invalid_target";
    const w = accessWatchAt(b, g.at);
    return w && w.team !== op.team ? "no_line_of_sight" : null;
  }
  if (isUpper(g.at)) return "invalid_target";
  const def = catalog.gadgets.get(g.kind);
  if (def?.traits.includes("bulletproof")) return touching(at, g.at) ? null : "not_adjacent";
  const always = def?.traits.includes("always_visible") ?? false;
  return lineOfSight(b, at, g.at, { ignoreOccupants: always, ignoreSmoke: always }) ? null : "no_line_of_sight";
}

/** The durability of a gadget kind (seed 004 gadget lists; reinforced access points and snares are project decisions). */
export function gadgetDurability(kind: string): Colour | null {
  if (kind === "reinforced_access") return "red";
  if (kind === "snare") return "yellow";
  return catalog.gadgets.get(kind)?.durability ?? null;
}

/**
 * Seed 004 "도구 특성" 투척물: a throw lands on a lower-floor space (the outside area too: a thrown
 * gadget is not placed; project decision) within 6 spaces, in sight that operators and overlays do
 * not block.
 */
function throwProblem(b: Board, from: Place, at: Place, gadget: Gadget): Code | null {
  if (isUpper(from)) return "invalid_place";
  if (!geoOf(b).spaceSet.has(at)) return "invalid_place";
  if (distance(from, at) > RULES.throwRange) return "invalid_target";
  if (!lineOfSight(b, from, at, { ignoreOccupants: true, ignoreSmoke: true })) return "no_line_of_sight";
  if (gadget.kind === "smoke" && smokeOverlay(b, at) === null) return "invalid_place";
  return null;
}

/** Whether the edge between two orthogonal spaces is free for an overlay (no wall, broken wall, window or barricade). */
function overlayEdgeOk(b: Board, p: Place, q: Place): boolean {
  const part = partitionOn(b, coords(p), coords(q));
  return !part || (part.s.kind === "door" && !part.s.barricaded);
}

/**
 * Seed 004 "오버레이": the largest overlay (four spaces, else two) containing `at` that covers no
 * wall, broken wall, window, barricade, obstacle or other overlay; the first in a fixed order
 * (project decision), or null when not even a two-space overlay fits.
 */
export function smokeOverlay(b: Board, at: Place): Place[] | null {
  const geo = geoOf(b);
  const { x, y } = coords(at);
  const taken = new Set(b.overlays.flat());
  const ok = (p: Place) => geo.spaceSet.has(p) && !geo.obstacles.has(p) && !taken.has(p);
  const valid = (x0: number, y0: number) => x0 >= 0 && y0 >= 0 && x0 < geo.map.width && y0 < geo.map.height;
  for (const [x0, y0] of [[x - 1, y - 1], [x, y - 1], [x - 1, y], [x, y]] as const) {
    if (!valid(x0, y0) || !valid(x0 + 1, y0 + 1)) continue;
    const s = [sq(x0, y0), sq(x0 + 1, y0), sq(x0, y0 + 1), sq(x0 + 1, y0 + 1)];
    if (!s.every(ok)) continue;
    if (overlayEdgeOk(b, s[0]!, s[1]!) && overlayEdgeOk(b, s[2]!, s[3]!) && overlayEdgeOk(b, s[0]!, s[2]!) && overlayEdgeOk(b, s[1]!, s[3]!)) return s;
  }
  for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
    if (!valid(x + dx, y + dy)) continue;
    const other = sq(x + dx, y + dy);
    if (ok(at) && ok(other) && overlayEdgeOk(b, at, other)) return [at, other];
  }
  return null;
}

/** Spaces a drone can reach from `start` within its movement (seed 004 "드론": no barbed wire, no upper floor, no obstacles). */
export function droneReach(b: Board, start: Place): Map<Place, number> {
  return memo(b, `drone:${start}`, () => computeDroneReach(b, start));
}

function computeDroneReach(b: Board, start: Place): Map<Place, number> {
  const geo = geoOf(b);
  const best = new Map<Place, number>([[start, 0]]);
  const frontier: Place[] = [start];
  while (frontier.length > 0) {
    frontier.sort((p, q) => best.get(p)! - best.get(q)!);
    const cur = frontier.shift()!;
    for (const n of neighbours8(geo, cur)) {
      const c = stepCost(b, cur, n);
      if (c === null || obstacleAt(b, n) || occupant(b, n) !== null) continue;
      if (b.gadgets.some((g) => g.at === n && g.kind === "barbed_wire")) continue;
      const cost = best.get(cur)! + c;
      if (cost > RULES.droneMovement || cost >= (best.get(n) ?? Infinity)) continue;
      best.set(n, cost);
      frontier.push(n);
    }
  }
  return best;
}

/** Seed 004 "전술 도구 사용": where a non-throwable gadget is placed: the operator's space or a touching one, without a gadget. */
function placeProblem(b: Board, from: Place, at: Place, needEmpty: boolean, needInside: boolean): Code | null {
  if (isUpper(from) || !geoOf(b).spaceSet.has(at)) return "invalid_place";
  if (!touching(from, at)) return "not_adjacent";
  if (needInside && !inside(b, at)) return "invalid_place";
  if (gadgetAt(b, at)) return "space_occupied";
  if (needEmpty && !emptySpace(b, at)) return "space_occupied";
  return null;
}

/** Whether a watcher at `place` with `watch` may react to `target` (seed 004 "대응 사격"). */
export function watchCovers(b: Board, place: Place, watch: Watch, target: OperatorState): boolean {
  if (target.dead || target.hidden) return false;
  for (const p of bodyPlaces(target)) {
    if ("ap" in watch) {
      if (p === watch.ap) return true;
    } else if (!isUpper(place) && !isUpper(p) && inFrontArc(place, watch.facing, p) && lineOfSight(b, place, p)) return true;
  }
  return false;
}

/** The effect gadget of a special gadget. */
const specialEffect = (op: OperatorState): Gadget | undefined => {
  const s = profile(op.id).special;
  return s.effect ? catalog.gadgets.get(s.effect) : undefined;
};

/**
 * Checks a command from `seat` against the board: null when `execute` may carry it out, else the
 * error code. Pure; reads no server secret, and `hidden.real` only for commands of the defence.
 */
export function check(b: Board, seat: SeatId, cmd: SiegeCommand): Code | null {
  const team = teamOfSeat(b, seat);
  if (!team) return "not_a_player";
  if (b.phase === "finished" || b.result) return "match_over";
  // A concession is allowed at any time: in any phase, during the other team's activation and
  // while a decision is pending for either team (project decision, docs/rules/siege.md).
  if (cmd.type === "concede") return null;
  const answers = ANSWERS[cmd.type];
  if (b.pending) {
    if (b.pending.team !== team) return "decision_pending";
    if (answers !== b.pending.kind) return "decision_pending";
  } else if (answers) return "no_decision_pending";

  switch (cmd.type) {
    case "pick": {
      if (b.phase !== "picks") return "wrong_phase";
      if (b.picks[team].commitment !== null) return "already_picked";
      const ops = cmd.operators;
      if (ops.length !== RULES.operatorsPerTeam) return "invalid_pick";
      for (let i = 0; i < ops.length; i++) {
        const o = catalog.operators.get(ops[i]!);
        if (!o || o.team !== team) return "invalid_pick";
        if (i > 0 && !(ops[i - 1]! < ops[i]!)) return "invalid_pick";
      }
      let total = 0;
      for (const [g, n] of Object.entries(cmd.inventory)) {
        const def = catalog.gadgets.get(g);
        if (!def || def.team !== team || !Number.isInteger(n) || n < 1 || n > RULES.maxCubesPerGadget) return "invalid_pick";
        total += n;
      }
      return total === RULES.inventoryCubes ? null : "invalid_pick";
    }
    case "edit_component": {
      if (b.phase !== "defence_setup") return "wrong_phase";
      if (team !== "defence") return "not_your_turn";
      if (b.edits >= RULES.setupEdits) return "too_many_edits";
      const geo = geoOf(b);
      const part = b.partitions[cmd.component];
      if (part) {
        if (!(part.kind === "door" || part.kind === "window") || !part.barricaded) return "unknown_component";
        if (cmd.to === null) return null;
        const dest = b.partitions[cmd.to];
        if (!dest || !(dest.kind === "door" || dest.kind === "window") || dest.barricaded) return "invalid_place";
        return null;
      }
      const g = b.gadgets.find((x) => x.id === cmd.component);
      if (!g || !geo.map.components.some((c) => c.id === g.id)) return "unknown_component";
      if (cmd.to === null) return null;
      if (!geo.spaceSet.has(cmd.to) || gadgetAt(b, cmd.to)) return "invalid_place";
      if (g.kind === "reinforced_access") return geo.accessPoints.has(cmd.to) ? null : "invalid_place";
      return inside(b, cmd.to) && emptySpace(b, cmd.to) ? null : "invalid_place";
    }
    case "place_gadget": {
      if (b.phase !== "defence_setup") return "wrong_phase";
      if (team !== "defence") return "not_your_turn";
      if ((b.setupGadgets[cmd.gadget] ?? 0) <= 0) return "no_gadget_left";
      if (!geoOf(b).spaceSet.has(cmd.at) || !inside(b, cmd.at)) return "invalid_place";
      if (gadgetAt(b, cmd.at) || !emptySpace(b, cmd.at)) return "space_occupied";
      return null;
    }
    case "place_token": {
      if (b.phase !== "defence_setup") return "wrong_phase";
      if (team !== "defence") return "not_your_turn";
      const op = opOf(b, cmd.operator);
      if (!op) return "unknown_operator";
      if (op.team !== "defence") return "not_your_operator";
      const placed = tokensOf(b, op.id);
      if (placed.length >= 2) return "tokens_placed";
      if (placed.length === 1 && cmd.real === (b.hidden.real[op.id] !== undefined)) return "tokens_placed";
      const geo = geoOf(b);
      if (isUpper(cmd.at)) {
        if (!geo.areas.includes(areaOf(cmd.at))) return "invalid_place";
        if (upperHolder(b, areaOf(cmd.at), "defence") !== null) return "space_occupied";
        if (!("ap" in cmd.watch) || accessWatchAt(b, cmd.watch.ap)) return "invalid_watch";
        return watchOrderProblem(b, "defence", cmd.at, { ap: cmd.watch.ap }, null);
      }
      if (!geo.spaceSet.has(cmd.at) || !inside(b, cmd.at)) return "invalid_place";
      if (!emptySpace(b, cmd.at)) return "space_occupied";
      return "facing" in cmd.watch ? null : "invalid_watch";
    }
    case "end_setup": {
      if (b.phase !== "defence_setup") return "wrong_phase";
      if (team !== "defence") return "not_your_turn";
      if (Object.values(b.setupGadgets).some((n) => n > 0)) return "setup_incomplete";
      return living(b, "defence").every((o) => tokensOf(b, o.id).length === 2) ? null : "setup_incomplete";
    }
    case "deploy": {
      if (b.phase !== "attack_setup") return "wrong_phase";
      if (team !== "attack") return "not_your_turn";
      const op = opOf(b, cmd.operator);
      if (!op) return "unknown_operator";
      if (op.team !== "attack") return "not_your_operator";
      if (op.at !== null) return "invalid_place";
      if (!geoOf(b).spaceSet.has(cmd.at) || inside(b, cmd.at)) return "invalid_place";
      return emptySpace(b, cmd.at) ? null : "space_occupied";
    }
    case "activate": {
      if (b.phase !== "action") return "wrong_phase";
      if (turnTeam(b) !== team) return "not_your_turn";
      if (b.activation) return "activation_running";
      const op = opOf(b, cmd.operator);
      if (!op) return "unknown_operator";
      if (op.team !== team) return "not_your_operator";
      if (op.dead) return "operator_dead";
      if (op.activated) return "already_activated";
      if (b.activations >= RULES.activationsPerPhase.max) return "phase_limit";
      return deployed(b, op) ? null : "invalid_place";
    }
    case "end_phase": {
      if (b.phase !== "action") return "wrong_phase";
      if (turnTeam(b) !== team) return "not_your_turn";
      if (b.activation) return "activation_running";
      if (b.activations < RULES.activationsPerPhase.min && availableOps(b, team).length > 0) return "phase_needs_activation";
      return null;
    }
    case "end_activation": {
      const op = activeOp(b, team, cmd.operator);
      return typeof op === "string" ? op : null;
    }
    case "step": {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      let from: Place;
      if (op.hidden) {
        const t = b.tokens.find((x) => x.id === cmd.token && x.operator === op.id);
        if (!t) return "invalid_target";
        from = t.at;
      } else {
        if (cmd.token !== undefined) return "not_hidden";
        if (op.stand) return "leaning";
        from = op.at!;
      }
      const cost = stepProblem(b, team, op, from, cmd.to, cmd.via);
      if (typeof cost === "string") return cost;
      return cost <= b.activation!.mp ? null : "no_movement";
    }
    case "lean": {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      if (op.hidden) return "hidden_operator";
      if (op.stand) return "leaning";
      if (b.activation!.climbed || b.activation!.mp < 1) return "no_movement";
      if (isUpper(op.at!) || !geoOf(b).spaceSet.has(cmd.to) || isUpper(cmd.to)) return "invalid_place";
      const a = coords(op.at!);
      const c = coords(cmd.to);
      if (Math.abs(a.x - c.x) + Math.abs(a.y - c.y) !== 1) return "invalid_place";
      const part = partitionOn(b, a, c);
      if (part && !(part.s.kind === "door" && !part.s.barricaded)) return "blocked";
      return emptySpace(b, cmd.to) ? null : "space_occupied";
    }
    case "stand": {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      if (!op.stand) return "not_leaning";
      return b.activation!.mp >= 1 ? null : "no_movement";
    }
    case "run": {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      const problem = actionProblem(b, "run");
      if (problem) return problem;
      if (profile(op.id).run === null) return "cannot_run";
      const places = op.hidden ? tokensOf(b, op.id).map((t) => t.at) : [op.at!];
      if (places.some(isUpper) || b.activation!.climbed) return "cannot_run";
      return null;
    }
    case "watch": {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      const problem = actionProblem(b, "watch");
      if (problem) return problem;
      if (op.hidden) {
        const tokens = tokensOf(b, op.id);
        if (cmd.watches.length !== tokens.length) return "invalid_watch";
        for (let i = 0; i < tokens.length; i++) {
          const order = cmd.watches[i]!;
          if (order.token !== tokens[i]!.id) return "invalid_watch";
          const p = watchOrderProblem(b, team, tokens[i]!.at, order, op.id);
          if (p) return p;
        }
        const aps = cmd.watches.map((o) => o.ap).filter((x) => x !== undefined);
        return new Set(aps).size === aps.length ? null : "invalid_watch";
      }
      if (cmd.watches.length !== 1 || cmd.watches[0]!.token !== undefined) return "invalid_watch";
      return watchOrderProblem(b, team, op.at!, cmd.watches[0]!, null);
    }
    case "reveal": {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      return op.hidden ? null : "not_hidden";
    }
    case "shoot": {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      if (op.hidden) return "hidden_operator";
      const problem = actionProblem(b, "shoot");
      if (problem) return problem;
      const target = opOf(b, cmd.target);
      if (!target || target.team === team || target.dead || target.hidden || target.at === null) return "invalid_target";
      return shotAt(b, op, target) ? null : "no_line_of_sight";
    }
    case "breach": {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      if (op.hidden) return "hidden_operator";
      const problem = actionProblem(b, "breach");
      if (problem) return problem;
      return breachTargetProblem(b, op, cmd.target, profile(op.id).breach);
    }
    case "gadget": {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      if (op.hidden) return "hidden_operator";
      const problem = actionProblem(b, "gadget");
      if (problem) return problem;
      const g = catalog.gadgets.get(cmd.gadget);
      if (!g || g.team !== team || g.traits.includes("setup")) return "invalid_target";
      if ((b.inventory[team][g.id] ?? 0) <= 0) return "no_gadget_left";
      return gadgetUseProblem(b, op, g, cmd.at, cmd.aim);
    }
    case "special": {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      if (op.hidden) return "hidden_operator";
      const problem = actionProblem(b, "special");
      if (problem) return problem;
      return specialProblem(b, op, cmd.at, cmd.target);
    }
    case "react": {
      const p = b.pending!;
      if (p.kind !== "reaction" || !p.watchers.includes(cmd.operator)) return "invalid_choice";
      const op = b.operators[cmd.operator]!;
      const target = b.operators[p.target]!;
      if (op.hidden) {
        const real = b.hidden.real[op.id];
        const t = b.tokens.find((x) => x.id === real);
        return t?.watch && watchCovers(b, t.at, t.watch, target) ? null : "invalid_choice";
      }
      return op.at && op.watch && watchCovers(b, op.at, op.watch, target) ? null : "invalid_choice";
    }
    case "hold":
    case "keep":
      return null;
    case "reroll": {
      const p = b.pending!;
      if (p.kind !== "reroll" || b.rerolls[team] <= 0 || cmd.dice.length === 0) return "invalid_choice";
      for (let i = 0; i < cmd.dice.length; i++) {
        const d = cmd.dice[i]!;
        if (!Number.isInteger(d) || d < 0 || d >= p.dice.length || (i > 0 && d <= cmd.dice[i - 1]!)) return "invalid_choice";
      }
      return null;
    }
    case "contest":
      return null;
  }
}

/** Seed 004 "전술 도구 사용": where a tactical gadget may be used now, or why not. */
function gadgetUseProblem(b: Board, op: OperatorState, g: Gadget, at: Place, aim: Place | undefined): Code | null {
  const from = op.at!;
  if (g.traits.includes("throwable")) return aim !== undefined ? "invalid_target" : throwProblem(b, from, at, g);
  switch (g.kind) {
    case "breach_charge": {
      if (aim !== undefined) return "invalid_target";
      if (isUpper(from)) {
        const info = geoOf(b).accessPoints.get(at);
        if (!info || info.area !== areaOf(from) || !reinforcedAt(b, at)) return "invalid_place";
        const w = accessWatchAt(b, at);
        return w && w.team !== op.team ? "no_line_of_sight" : null;
      }
      if (!geoOf(b).spaceSet.has(at) || !touching(from, at)) return "not_adjacent";
      const there = gadgetAt(b, at);
      return there && there.kind !== "reinforced_access" ? "space_occupied" : null;
    }
    case "drone": {
      if (aim === undefined) return "invalid_target";
      const p = placeProblem(b, from, at, true, false);
      if (p) return p;
      if (b.gadgets.some((x) => x.at === at && x.kind === "barbed_wire")) return "blocked";
      return droneReach(b, at).has(aim) ? null : "no_movement";
    }
    case "claymore": {
      if (aim === undefined) return "invalid_target";
      const p = placeProblem(b, from, at, true, true);
      if (p) return p;
      if (isUpper(aim) || !geoOf(b).spaceSet.has(aim) || distance(at, aim) !== 1 || !terrainAdjacent(b, at, aim)) return "invalid_target";
      return emptySpace(b, aim) ? null : "space_occupied";
    }
    default:
      return "invalid_target";
  }
}

/** Seed 004 "특수 도구 사용": whether the operator's special gadget may be used so, or why not. */
function specialProblem(b: Board, op: OperatorState, at: Place | undefined, target: string | undefined): Code | null {
  const s = profile(op.id).special;
  if (s.kind === "passive" || op.specialUses <= 0) return "no_special";
  const from = op.at!;
  const needs = (wantAt: boolean, wantTarget: boolean) => (at !== undefined) === wantAt && (target !== undefined) === wantTarget;
  switch (s.kind) {
    case "breach_adjacent":
      if (!needs(true, false) || isUpper(from)) return "invalid_target";
      return geoOf(b).spaceSet.has(at!) && touching(from, at!) ? null : "not_adjacent";
    case "scan_room":
    case "ping_room":
      if (!needs(false, false)) return "invalid_target";
      return roomOf(b, from) ? null : "invalid_place";
    case "throw":
      if (!needs(true, false)) return "invalid_target";
      return throwProblem(b, from, at!, specialEffect(op)!);
    case "vertical": {
      if (!needs(true, false)) return "invalid_target";
      if (!isUpper(from)) return "invalid_place";
      const room = roomOf(b, at!);
      return room && geoOf(b).vertical.has(room) ? null : "invalid_place";
    }
    case "reinforce": {
      if (!needs(false, true) || isUpper(from)) return "invalid_target";
      const part = b.partitions[target!];
      if (!part || part.kind !== "thin" || part.broken) return "invalid_target";
      const def = geoOf(b).partitions.get(target!)!;
      return def.edges.some((e) => e.split("|").includes(from)) ? null : "not_adjacent";
    }
    case "snare":
      if (!needs(true, false)) return "invalid_target";
      return placeProblem(b, from, at!, true, true);
  }
}

/** Operators of `team` that may still activate this round. */
export function availableOps(b: Board, team: Team): OperatorState[] {
  return living(b, team).filter((o) => !o.activated && deployed(b, o));
}

// =============================================================================================
// Effects

/** Rolls damage dice (faces from dice.json). */
function roll(ctx: Ctx, colours: readonly Colour[]): RolledDamageDie[] {
  return colours.map((colour) => {
    const face = ctx.rng().int(0, 5);
    return { colour, face, value: catalog.data.dice[colour][face]! };
  });
}

const sum = (dice: readonly RolledDamageDie[]) => dice.reduce((a, d) => a + d.value, 0);

/**
 * Seed 004 "비밀 오퍼레이터 공개": reveals a hidden operator: its model takes the real token's
 * place (and watch), the decoy token leaves the board.
 */
export function reveal(ctx: Ctx, id: OperatorId, cause: RevealCause): void {
  const s = ctx.s;
  const op = s.operators[id]!;
  if (!op.hidden) return;
  const realId = s.hidden.real[id]!;
  const real = s.tokens.find((t) => t.id === realId)!;
  const decoy = s.tokens.find((t) => t.operator === id && t.id !== realId)!;
  op.hidden = false;
  op.at = real.at;
  op.watch = real.watch;
  s.tokens = s.tokens.filter((t) => t.operator !== id);
  delete s.hidden.real[id];
  ctx.emit({ type: "revealed", operator: id, token: real.id, decoy: decoy.id, at: real.at, cause });
}

/** Seed 004 "비밀 오퍼레이터 공개": every hidden operator with a token in sight of a living attacker model is revealed. */
export function spot(ctx: Ctx): void {
  const s = ctx.s;
  const attackers = living(s, "attack").filter((o) => o.at !== null);
  for (const op of Object.values(s.operators)) {
    if (!op.hidden || op.dead) continue;
    const seen = tokensOf(s, op.id).some((t) => attackers.some((a) => sight(s, a.at!, "attack", t.at, "defence") !== null));
    if (seen) reveal(ctx, op.id, "sighted");
  }
}

/** Seed 004 "레드핑". */
function ping(ctx: Ctx, id: OperatorId, source: string): void {
  const op = ctx.s.operators[id]!;
  if (op.dead || op.hidden || op.redPing) return;
  op.redPing = true;
  ctx.emit({ type: "pinged", operator: id, source });
}

/** Seed 004 "카메라": an attacker in a room covered by a defence camera gets a red ping. */
function cameraPing(ctx: Ctx, id: OperatorId): void {
  const s = ctx.s;
  const op = s.operators[id]!;
  if (op.team !== "attack" || op.dead) return;
  const rooms = new Set(bodyPlaces(op).map((p) => roomOf(s, p)).filter((r) => r !== undefined));
  const cam = s.gadgets.find((g) => catalog.gadgets.get(g.kind)?.kind === "camera" && rooms.has(roomOf(s, g.at)!));
  if (cam) ping(ctx, id, cam.id);
}

/** Seed 004 "상태이상 사망": damage on the profile; at health or more the operator dies and leaves the board. */
function damage(ctx: Ctx, id: OperatorId, amount: number, source: string): void {
  const op = ctx.s.operators[id]!;
  if (amount <= 0 || op.dead) return;
  op.damage += amount;
  ctx.emit({ type: "damaged", operator: id, amount, source });
  if (op.damage >= profile(id).health) {
    op.dead = true;
    op.at = null;
    op.stand = null;
    op.watch = null;
    op.redPing = false;
    op.stunned = false;
    ctx.emit({ type: "died", operator: id });
    if (ctx.s.activation?.operator === id) ctx.s.activation.stopped = true;
    if (ctx.s.pending?.kind === "reaction" && ctx.s.pending.watchers.includes(id)) {
      ctx.s.pending.watchers = ctx.s.pending.watchers.filter((w) => w !== id);
    }
    eliminationCheck(ctx);
  }
}

/** Gadget damage on whatever holds a space (seed 004 "전술 도구": no protection; a token hit reveals its operator). */
function hitSpace(ctx: Ctx, p: Place, colours: readonly Colour[], source: string): void {
  if (colours.length === 0 || ctx.s.result) return;
  const occ = occupant(ctx.s, p);
  if (!occ) return;
  if (occ.kind === "token") {
    ctx.emit({ type: "token_hit", token: occ.token, source });
    reveal(ctx, occ.operator, "damaged");
    if (ctx.s.operators[occ.operator]!.at !== p) return;
  }
  const dice = roll(ctx, colours);
  const op = ctx.s.operators[occ.operator]!;
  ctx.emit({ type: "shot", shooter: source, target: op.id, kind: "action", distance: 0, protection: 0, dice, damage: sum(dice) });
  damage(ctx, op.id, sum(dice), source);
}

/** Breaks a partition: a wall becomes a broken wall (both spaces of a two-space wall), a barricade goes (seed 004 "파괴"). */
function breakPartition(s: SiegeState, id: string): void {
  const part = s.partitions[id]!;
  if (part.kind === "door" || part.kind === "window") part.barricaded = false;
  else part.broken = true;
}

/** Removes a gadget; a claymore destroyed by a gadget explodes (seed 004 "클레이모어"). */
function destroyGadget(ctx: Ctx, id: string, byGadget: boolean): void {
  const g = ctx.s.gadgets.find((x) => x.id === id);
  if (!g) return;
  ctx.s.gadgets = ctx.s.gadgets.filter((x) => x.id !== id);
  if (g.kind === "claymore" && byGadget) explodeClaymore(ctx, g.at, g.id);
}

/** Seed 004 "파괴": a breach effect of `power` on a space: its partitions and its gadget, when not too strong. */
function breachSpace(ctx: Ctx, p: Place, power: Colour, by: string): void {
  const s = ctx.s;
  const { x, y } = coords(p);
  const broken: string[] = [];
  for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
    const part = partitionOn(s, { x, y }, { x: x + dx, y: y + dy });
    if (!part || broken.includes(part.id)) continue;
    const dur = durability(part.s);
    if (dur && breaks(power, dur)) {
      breakPartition(s, part.id);
      broken.push(part.id);
    }
  }
  const g = gadgetAt(s, p);
  const dur = g ? gadgetDurability(g.kind) : null;
  const gone = g && dur && breaks(power, dur) ? [g.id] : [];
  ctx.emit({ type: "breached", by, partitions: broken, gadgets: gone });
  for (const id of gone) destroyGadget(ctx, id, true);
  spot(ctx);
}

/** The spaces adjacent to `p` by the adjacency rule (seed 004 "인접판정"). */
const adjacentSpaces = (s: Board, p: Place): Place[] => neighbours8(geoOf(s), p).filter((n) => terrainAdjacent(s, p, n));

/** Seed 004 "클레이모어": two red dice to everything in its space and the adjacent spaces. */
function explodeClaymore(ctx: Ctx, at: Place, id: string): void {
  ctx.s.gadgets = ctx.s.gadgets.filter((x) => x.id !== id);
  ctx.emit({ type: "exploded", gadget: id, at });
  const dmg = catalog.gadgets.get("claymore")!.damage!;
  const spaces = [at, ...adjacentSpaces(ctx.s, at)];
  for (const p of spaces) hitSpace(ctx, p, p === at ? dmg.centre : dmg.adjacent, id);
}

/**
 * The effect of an explosive, flash or smoke gadget landing on `at` (seed 004 "C4", "충격 수류탄",
 * "수류탄", "섬광탄", "연막탄"): the affected spaces are fixed first, then damage, then breach.
 */
function detonate(ctx: Ctx, g: Gadget, at: Place, source: string): void {
  const s = ctx.s;
  const around = adjacentSpaces(s, at);
  if (g.kind === "flash") {
    for (const p of [at, ...around]) {
      const occ = occupant(s, p);
      if (occ && occ.kind !== "token") {
        const op = s.operators[occ.operator]!;
        if (!op.stunned) {
          op.stunned = true;
          ctx.emit({ type: "stunned", operator: op.id });
        }
      }
    }
    return;
  }
  if (g.kind === "smoke") {
    const overlay = smokeOverlay(s, at)!;
    s.overlays.push(overlay);
    ctx.emit({ type: "overlay_placed", spaces: overlay });
    return;
  }
  if (g.damage) {
    hitSpace(ctx, at, g.damage.centre, source);
    for (const p of around) hitSpace(ctx, p, g.damage.adjacent, source);
  }
  if (g.breach && !ctx.s.result) breachSpace(ctx, at, g.breach, source);
  triggerClaymores(ctx, at);
}

/** Seed 004 "클레이모어": an operator entering, or a gadget placed on, a claymore's space or aimed space sets it off. */
function triggerClaymores(ctx: Ctx, p: Place): void {
  for (const g of [...ctx.s.gadgets]) {
    if (g.kind === "claymore" && (g.at === p || g.aim === p) && ctx.s.gadgets.includes(g)) explodeClaymore(ctx, g.at, g.id);
  }
}

/** What happens as an operator (or a token) enters a space: claymores, snares, barbed wire, cameras. */
function enter(ctx: Ctx, id: OperatorId, p: Place): void {
  const s = ctx.s;
  const op = s.operators[id]!;
  if (isUpper(p)) return;
  const snare = s.gadgets.find((g) => g.at === p && g.kind === "snare" && g.team !== op.team);
  if (snare) {
    s.gadgets = s.gadgets.filter((g) => g.id !== snare.id);
    ctx.emit({ type: "exploded", gadget: snare.id, at: p });
    const owner = Object.values(s.operators).find((o) => o.team === snare.team && profile(o.id).special.kind === "snare");
    hitSpace(ctx, p, owner ? profile(owner.id).special.damage! : ["yellow"], snare.id);
  }
  triggerClaymores(ctx, p);
  if (op.team === "attack" && s.gadgets.some((g) => g.at === p && g.kind === "barbed_wire") && s.activation?.operator === id) {
    s.activation.stopped = true;
  }
  if (op.team === "attack") cameraPing(ctx, id);
}

/** Ends the watch of an operator that does something else (seed 004 "경계"). */
function dropWatch(ctx: Ctx, op: OperatorState): void {
  const had = op.watch !== null || tokensOf(ctx.s, op.id).some((t) => t.watch !== null);
  op.watch = null;
  for (const t of ctx.s.tokens) if (t.operator === op.id) t.watch = null;
  if (had) ctx.emit({ type: "watch_ended", operator: op.id });
}

/**
 * Seed 004 "사격": rolls a shot. An action shot of a team with reroll tokens left waits for the
 * reroll decision; otherwise it resolves at once.
 */
function fire(ctx: Ctx, shooter: OperatorId, target: OperatorId, kind: "action" | "reaction" | "exchange", forced?: { distance: number; protection: number }): void {
  const s = ctx.s;
  const a = s.operators[shooter]!;
  const t = s.operators[target]!;
  const shot = forced ?? shotAt(s, a, t);
  if (!shot || t.dead || a.dead) return;
  const dice = roll(ctx, shotDice(a, shot.distance, shot.protection));
  if (kind === "action" && s.rerolls[a.team] > 0) {
    s.pending = { kind: "reroll", team: a.team, shooter, target, distance: shot.distance, protection: shot.protection, dice };
    return;
  }
  resolveShot(ctx, shooter, target, kind, shot.distance, shot.protection, dice);
}

/** Seed 004 "사격" 3-5: sum, minus protection, damage, then a red ping on a survivor. */
function resolveShot(ctx: Ctx, shooter: OperatorId, target: OperatorId, kind: "action" | "reaction" | "exchange", dist: number, prot: number, dice: RolledDamageDie[]): void {
  const dmg = Math.max(0, sum(dice) - prot);
  ctx.emit({ type: "shot", shooter, target, kind, distance: dist, protection: prot, dice, damage: dmg });
  damage(ctx, target, dmg, shooter);
  if (!ctx.s.operators[target]!.dead) ping(ctx, target, shooter);
}

/**
 * After an action (each step included) of the active operator: sight reveals, camera pings, then
 * the other team's watchers that cover it may react (seed 004 "대응 사격"). The list of watchers
 * is built from public facts: a hidden watcher is listed when either token covers the target.
 */
function afterAction(ctx: Ctx, id: OperatorId): void {
  const s = ctx.s;
  spot(ctx);
  if (s.result) return;
  const op = s.operators[id]!;
  if (op.dead || op.hidden) return;
  cameraPing(ctx, id);
  const watchers: OperatorId[] = [];
  for (const w of living(s, enemyOf(op.team))) {
    if (w.hidden) {
      if (tokensOf(s, w.id).some((t) => t.watch && watchCovers(s, t.at, t.watch, op))) watchers.push(w.id);
    } else if (w.at && w.watch && watchCovers(s, w.at, w.watch, op)) watchers.push(w.id);
  }
  if (watchers.length > 0) s.pending = { kind: "reaction", team: enemyOf(op.team), target: id, watchers };
}

/** Marks an action as taken and ends the operator's watch (unless the action is the watch). */
function takeAction(ctx: Ctx, op: OperatorState, kind: ActionKind): void {
  ctx.s.activation!.actions.push(kind);
  if (kind !== "watch") dropWatch(ctx, op);
}

// =============================================================================================
// Flow

/** Seed 004 "라운드 종료 및 유지 페이즈": the match ends; the seed and every real token are revealed. */
function finishMatch(ctx: Ctx, winner: Team, reason: string): void {
  const s = ctx.s;
  const scores: Record<SeatId, number> = {};
  for (const seat of s.seats) scores[seat] = s.teams[winner].includes(seat) ? 1 : 0;
  s.result = { winner: s.teams[winner][0]!, winners: [...s.teams[winner]], reason: `${winner}: ${reason}`, scores };
  s.phase = "finished";
  s.pending = null;
  s.activation = null;
  ctx.emit({ type: "match_ended", result: s.result, seed: s.server.seed, real: { ...s.hidden.real } });
}

/** A team with no living operator loses at once (project decision: the seed checks victory at round end only). */
function eliminationCheck(ctx: Ctx): void {
  const s = ctx.s;
  if (s.result || s.phase !== "action") return;
  if (living(s, "attack").length === 0) finishMatch(ctx, "defence", "every attacker is dead");
  else if (living(s, "defence").length === 0) finishMatch(ctx, "attack", "every defender is dead");
}

/** The living operators of a team with a body in a room. */
function inRoom(s: Board, team: Team, room: string): OperatorState[] {
  return living(s, team).filter((o) => bodyPlaces(o).some((p) => roomOf(s, p) === room));
}

/**
 * Seed 004 "라운드 종료 및 유지 페이즈": the victory check of the mission (project sample mission
 * `secure_room`): the attack wins when an attacker is in the objective room and no defender is;
 * hidden operators with a token there are revealed first (so the check uses public facts only).
 * After the last round the defence wins, unless the room is contested and the mission has
 * overtime (one more round).
 */
function victoryCheck(ctx: Ctx): boolean {
  const s = ctx.s;
  const mission = catalog.missions.get(s.mission)!;
  const room = mission.objectiveRoom;
  const attackers = inRoom(s, "attack", room);
  if (attackers.length > 0) {
    for (const op of Object.values(s.operators)) {
      if (op.hidden && tokensOf(s, op.id).some((t) => roomOf(s, t.at) === room)) reveal(ctx, op.id, "objective_check");
    }
  }
  const defenders = inRoom(s, "defence", room);
  if (attackers.length > 0 && defenders.length === 0) {
    finishMatch(ctx, "attack", `${room} secured`);
    return true;
  }
  const last = mission.rounds + (mission.overtime ? 1 : 0);
  if (s.round >= last || (s.round === mission.rounds && !(mission.overtime && attackers.length > 0))) {
    finishMatch(ctx, "defence", `${room} held`);
    return true;
  }
  return false;
}

function startPhase(ctx: Ctx): void {
  ctx.s.activations = 0;
  ctx.emit({ type: "phase_started", team: turnTeam(ctx.s), step: ctx.s.step });
}

function startRound(ctx: Ctx): void {
  const s = ctx.s;
  s.round++;
  s.step = 0;
  ctx.emit({ type: "round_started", round: s.round });
  startPhase(ctx);
}

/** Seed 004 "유지 페이즈": red pings, stuns and overlays go; activation tokens turn back. */
function upkeep(ctx: Ctx): void {
  const s = ctx.s;
  for (const op of Object.values(s.operators)) {
    op.redPing = false;
    op.stunned = false;
    op.activated = false;
  }
  s.overlays = [];
  ctx.emit({ type: "upkeep", round: s.round });
  spot(ctx);
}

function endActivation(ctx: Ctx, reason: "ended" | "barbed_wire" | "dead" | "exhausted"): void {
  const s = ctx.s;
  const a = s.activation!;
  s.activation = null;
  ctx.emit({ type: "activation_ended", operator: a.operator, reason });
}

function endPhase(ctx: Ctx): void {
  const s = ctx.s;
  ctx.emit({ type: "phase_ended", team: turnTeam(s), step: s.step });
  if (s.step < 3) {
    s.step++;
    startPhase(ctx);
    return;
  }
  if (victoryCheck(ctx)) return;
  upkeep(ctx);
  startRound(ctx);
}

/**
 * Moves the match on while no one has a choice: ends a finished activation (dead, stopped by
 * barbed wire, or out of movement and actions), ends a phase that reached three activations or
 * has no operator left to activate, and runs the end of the round.
 */
export function advance(ctx: Ctx): void {
  const s = ctx.s;
  for (let guard = 0; guard < 64; guard++) {
    if (s.result || s.pending || s.phase !== "action") return;
    if (s.activation) {
      const op = s.operators[s.activation.operator]!;
      if (op.dead) endActivation(ctx, "dead");
      else if (s.activation.stopped) endActivation(ctx, "barbed_wire");
      else if ((s.activation.mp === 0 || s.activation.climbed) && s.activation.actions.length >= RULES.actionsPerActivation) endActivation(ctx, "exhausted");
      else return;
      continue;
    }
    const team = turnTeam(s);
    if (s.activations >= RULES.activationsPerPhase.max || availableOps(s, team).length === 0) {
      endPhase(ctx);
      continue;
    }
    return;
  }
}

// =============================================================================================
// Execution

/** Carries out a command `check` accepted. */
export function execute(ctx: Ctx, seat: SeatId, cmd: SiegeCommand): void {
  const s = ctx.s;
  const team = teamOfSeat(s, seat)!;
  switch (cmd.type) {
    case "concede":
      finishMatch(ctx, enemyOf(team), "conceded");
      return;
    case "pick": {
      const choice = { operators: [...cmd.operators], inventory: { ...cmd.inventory } };
      const commitment = commit(choice, pickSalt(s.server.seed, team));
      s.hidden.picks[team] = choice;
      s.picks[team].commitment = commitment;
      ctx.emit({ type: "picks_locked", team, commitment });
      if (s.picks.attack.commitment && s.picks.defence.commitment) revealPicks(ctx);
      return;
    }
    case "edit_component": {
      s.edits++;
      const part = s.partitions[cmd.component];
      if (part) {
        part.barricaded = false;
        if (cmd.to) s.partitions[cmd.to]!.barricaded = true;
      } else {
        const g = s.gadgets.find((x) => x.id === cmd.component)!;
        s.gadgets = s.gadgets.filter((x) => x.id !== g.id);
        if (cmd.to) s.gadgets.push({ ...g, at: cmd.to });
      }
      ctx.emit({ type: "component_edited", component: cmd.component, to: cmd.to });
      return;
    }
    case "place_gadget": {
      s.setupGadgets[cmd.gadget] = s.setupGadgets[cmd.gadget]! - 1;
      const g = { id: `g${s.nextId++}`, kind: cmd.gadget, team: "defence" as const, at: cmd.at };
      s.gadgets.push(g);
      ctx.emit({ type: "gadget_placed", gadget: g });
      return;
    }
    case "place_token": {
      let id: string;
      do id = `t${ctx.rng().int(0, 0xffffff).toString(16).padStart(6, "0")}`;
      while (s.tokens.some((t) => t.id === id));
      const token = { id, operator: cmd.operator, at: cmd.at, watch: cmd.watch };
      s.tokens.push(token);
      s.tokens.sort((a, c) => (a.id < c.id ? -1 : a.id > c.id ? 1 : 0));
      if (cmd.real) s.hidden.real[cmd.operator] = id;
      ctx.emitTo("defence", { type: "token_placed", operator: cmd.operator, token, real: cmd.real }, { type: "token_placed", operator: cmd.operator });
      return;
    }
    case "end_setup": {
      s.phase = "attack_setup";
      ctx.emit({ type: "setup_ended", team: "defence", tokens: structuredClone(s.tokens) });
      return;
    }
    case "deploy": {
      const op = s.operators[cmd.operator]!;
      op.at = cmd.at;
      op.watch = cmd.facing ? { facing: cmd.facing } : null;
      ctx.emit({ type: "deployed", operator: op.id, at: cmd.at, facing: cmd.facing });
      spot(ctx);
      if (living(s, "attack").every((o) => o.at !== null)) {
        ctx.emit({ type: "setup_ended", team: "attack" });
        s.phase = "action";
        startRound(ctx);
      }
      return;
    }
    case "activate": {
      const op = s.operators[cmd.operator]!;
      op.activated = true;
      s.activations++;
      s.activation = { operator: op.id, mp: RULES.movementPoints, actions: [], climbed: false, descended: false, stopped: false };
      ctx.emit({ type: "activated", operator: op.id });
      return;
    }
    case "end_phase":
      endPhase(ctx);
      return;
    case "end_activation":
      endActivation(ctx, "ended");
      return;
    case "step": {
      const op = s.operators[cmd.operator]!;
      const act = s.activation!;
      const token = op.hidden ? s.tokens.find((t) => t.id === cmd.token)! : null;
      const from = token ? token.at : op.at!;
      const cost = stepProblem(s, team, op, from, cmd.to, cmd.via) as number;
      dropWatch(ctx, op);
      if (token) token.at = cmd.to;
      else op.at = cmd.to;
      act.mp -= cost;
      if (isUpper(cmd.to)) act.climbed = true;
      if (isUpper(from)) act.descended = true;
      ctx.emit({ type: "moved", operator: op.id, ...(token ? { token: token.id } : {}), from, to: cmd.to, cost });
      enter(ctx, op.id, cmd.to);
      afterAction(ctx, op.id);
      return;
    }
    case "lean": {
      const op = s.operators[cmd.operator]!;
      dropWatch(ctx, op);
      op.stand = op.at;
      op.at = cmd.to;
      s.activation!.mp -= 1;
      ctx.emit({ type: "leaned", operator: op.id, to: cmd.to });
      enter(ctx, op.id, cmd.to);
      afterAction(ctx, op.id);
      return;
    }
    case "stand": {
      const op = s.operators[cmd.operator]!;
      dropWatch(ctx, op);
      op.stand = null;
      s.activation!.mp -= 1;
      ctx.emit({ type: "stood", operator: op.id });
      afterAction(ctx, op.id);
      return;
    }
    case "run": {
      const op = s.operators[cmd.operator]!;
      takeAction(ctx, op, "run");
      const gained = profile(op.id).run!;
      s.activation!.mp += gained;
      ctx.emit({ type: "ran", operator: op.id, gained });
      afterAction(ctx, op.id);
      return;
    }
    case "watch": {
      const op = s.operators[cmd.operator]!;
      takeAction(ctx, op, "watch");
      if (op.hidden) {
        for (const order of cmd.watches) {
          const t = s.tokens.find((x) => x.id === order.token)!;
          t.watch = order.ap !== undefined ? { ap: order.ap } : { facing: order.facing! };
        }
        ctx.emit({ type: "watching", operator: op.id, watches: cmd.watches });
        afterAction(ctx, op.id);
        return;
      }
      const order = cmd.watches[0]!;
      if (order.ap !== undefined) {
        const held = accessWatchAt(s, order.ap);
        if (held && held.team !== team) {
          startContest(ctx, op, order.ap, held.operator);
          return;
        }
        if (held) dropWatch(ctx, s.operators[held.operator]!);
        op.watch = { ap: order.ap };
      } else op.watch = { facing: order.facing! };
      ctx.emit({ type: "watching", operator: op.id, watches: cmd.watches });
      afterAction(ctx, op.id);
      return;
    }
    case "reveal":
      reveal(ctx, cmd.operator, "at_will");
      spot(ctx);
      return;
    case "shoot": {
      const op = s.operators[cmd.operator]!;
      takeAction(ctx, op, "shoot");
      fire(ctx, op.id, cmd.target, "action");
      if (!s.pending) afterAction(ctx, op.id);
      return;
    }
    case "breach": {
      const op = s.operators[cmd.operator]!;
      takeAction(ctx, op, "breach");
      if (s.partitions[cmd.target]) {
        breakPartition(s, cmd.target);
        ctx.emit({ type: "breached", by: op.id, partitions: [cmd.target], gadgets: [] });
      } else {
        ctx.emit({ type: "breached", by: op.id, partitions: [], gadgets: [cmd.target] });
        destroyGadget(ctx, cmd.target, false);
      }
      afterAction(ctx, op.id);
      return;
    }
    case "gadget": {
      const op = s.operators[cmd.operator]!;
      const g = catalog.gadgets.get(cmd.gadget)!;
      takeAction(ctx, op, "gadget");
      s.inventory[team][g.id] = s.inventory[team][g.id]! - 1;
      ctx.emit({ type: "gadget_used", operator: op.id, gadget: g.id, at: cmd.at });
      useGadget(ctx, op, g, cmd.at, cmd.aim, g.id);
      if (!s.result) afterAction(ctx, op.id);
      return;
    }
    case "special": {
      const op = s.operators[cmd.operator]!;
      takeAction(ctx, op, "special");
      op.specialUses--;
      useSpecial(ctx, op, cmd.at, cmd.target);
      if (!s.result) afterAction(ctx, op.id);
      return;
    }
    case "react": {
      const p = s.pending as Extract<typeof s.pending, { kind: "reaction" }>;
      p.watchers = p.watchers.filter((w) => w !== cmd.operator);
      const w = s.operators[cmd.operator]!;
      if (w.hidden) reveal(ctx, w.id, "reaction");
      fire(ctx, w.id, p.target, "reaction");
      spot(ctx);
      const target = s.operators[p.target]!;
      if (s.pending === p && (p.watchers.length === 0 || target.dead)) s.pending = null;
      return;
    }
    case "hold":
      s.pending = null;
      return;
    case "reroll":
    case "keep": {
      const p = s.pending as Extract<typeof s.pending, { kind: "reroll" }>;
      let dice = p.dice;
      if (cmd.type === "reroll") {
        s.rerolls[team]--;
        const fresh = roll(ctx, cmd.dice.map((i) => p.dice[i]!.colour));
        dice = p.dice.map((d, i) => {
          const k = cmd.dice.indexOf(i);
          return k >= 0 ? fresh[k]! : d;
        });
        ctx.emit({ type: "rerolled", team, dice });
      }
      s.pending = null;
      resolveShot(ctx, p.shooter, p.target, "action", p.distance, p.protection, dice);
      if (!s.result && s.activation) afterAction(ctx, s.activation.operator);
      return;
    }
    case "contest": {
      const p = s.pending as Extract<typeof s.pending, { kind: "contest" }>;
      s.pending = null;
      const challenger = s.operators[p.challenger]!;
      const holder = s.operators[p.holder]!;
      const strong = { distance: 1, protection: RULES.protection.strong };
      if (cmd.fight) {
        resolveExchange(ctx, challenger.id, holder.id, strong);
        if (holder.dead && !challenger.dead) challenger.watch = { ap: p.ap };
        else if (!holder.dead && !challenger.dead) resolveExchange(ctx, holder.id, challenger.id, strong);
      } else {
        dropWatch(ctx, holder);
        ctx.emit({ type: "contest_yielded", ap: p.ap });
        challenger.watch = { ap: p.ap };
      }
      if (challenger.watch) ctx.emit({ type: "watching", operator: challenger.id, watches: [{ ap: p.ap }] });
      if (!s.result && !challenger.dead) afterAction(ctx, challenger.id);
      return;
    }
  }
}

/** Seed 004 "사격 교환": a shot at distance 1 against strong protection that costs no action and takes no reroll. */
function resolveExchange(ctx: Ctx, shooter: OperatorId, target: OperatorId, forced: { distance: number; protection: number }): void {
  if (ctx.s.result) return;
  const a = ctx.s.operators[shooter]!;
  const dice = roll(ctx, shotDice(a, forced.distance, forced.protection));
  resolveShot(ctx, shooter, target, "exchange", forced.distance, forced.protection, dice);
}

/**
 * Seed 004 "상층부" 경계: a watch on an access point held by the other team's token starts a
 * contest; a hidden holder is revealed first, and if its token there was the decoy the watch
 * is simply placed.
 */
function startContest(ctx: Ctx, op: OperatorState, ap: Place, holderId: OperatorId): void {
  const s = ctx.s;
  const holder = s.operators[holderId]!;
  if (holder.hidden) reveal(ctx, holderId, "contest");
  const still = accessWatchAt(s, ap);
  if (!still || still.team === op.team) {
    op.watch = { ap };
    ctx.emit({ type: "watching", operator: op.id, watches: [{ ap }] });
    afterAction(ctx, op.id);
    return;
  }
  ctx.emit({ type: "contest_started", ap, challenger: op.id, holder: holderId });
  s.pending = { kind: "contest", team: holder.team, ap, challenger: op.id, holder: holderId };
}

/** Carries out a tactical gadget (or a special gadget's copy of one). */
function useGadget(ctx: Ctx, op: OperatorState, g: Gadget, at: Place, aim: Place | undefined, source: string): void {
  const s = ctx.s;
  if (g.traits.includes("throwable")) {
    detonate(ctx, g, at, source);
    return;
  }
  switch (g.kind) {
    case "breach_charge":
      triggerClaymores(ctx, at);
      if (!s.result) breachSpace(ctx, at, g.breach!, source);
      return;
    case "drone": {
      // The drone is placed on `at` first (seed 004 "클레이모어": a gadget placed there sets a claymore off).
      triggerClaymores(ctx, at);
      if (s.result) return;
      const room = roomOf(s, aim!);
      ctx.emit({ type: "moved", operator: op.id, from: at, to: aim!, cost: droneReach(s, at).get(aim!)! });
      if (!room) return;
      ctx.emit({ type: "scanned", operator: op.id, room });
      scanRoom(ctx, op.team, room);
      return;
    }
    case "claymore": {
      // Placed on another claymore's aimed space, it sets that one off (seed 004 "클레이모어"); it stays.
      triggerClaymores(ctx, at);
      if (s.result) return;
      const c = { id: `g${s.nextId++}`, kind: "claymore", team: op.team, at, aim: aim! };
      s.gadgets.push(c);
      ctx.emit({ type: "gadget_placed", gadget: c });
      return;
    }
  }
}

/** Seed 004 "드론": every hidden operator with a token in the room is revealed; enemies in the room get a red ping. */
function scanRoom(ctx: Ctx, team: Team, room: string): void {
  const s = ctx.s;
  for (const op of Object.values(s.operators)) {
    if (op.team !== team && op.hidden && tokensOf(s, op.id).some((t) => roomOf(s, t.at) === room)) reveal(ctx, op.id, "scanned");
  }
  for (const op of inRoom(s, enemyOf(team), room)) ping(ctx, op.id, "scan");
}

/** Carries out a special gadget (seed 004 "특수 도구 사용"; effects in data/operators.json). */
function useSpecial(ctx: Ctx, op: OperatorState, at: Place | undefined, target: string | undefined): void {
  const s = ctx.s;
  const sp = profile(op.id).special;
  ctx.emit({ type: "gadget_used", operator: op.id, gadget: sp.id, at: at ?? target ?? op.at! });
  switch (sp.kind) {
    case "breach_adjacent":
      breachSpace(ctx, at!, sp.power!, sp.id);
      return;
    case "scan_room": {
      const room = roomOf(s, op.at)!;
      ctx.emit({ type: "scanned", operator: op.id, room });
      scanRoom(ctx, op.team, room);
      return;
    }
    case "ping_room":
      for (const e of inRoom(s, enemyOf(op.team), roomOf(s, op.at)!)) ping(ctx, e.id, sp.id);
      return;
    case "throw":
    case "vertical":
      detonate(ctx, catalog.gadgets.get(sp.effect!)!, at!, sp.id);
      return;
    case "reinforce":
      s.partitions[target!]!.kind = "reinforced";
      ctx.emit({ type: "reinforced", partition: target! });
      return;
    case "snare": {
      const g = { id: `g${s.nextId++}`, kind: "snare", team: op.team, at: at! };
      s.gadgets.push(g);
      ctx.emit({ type: "gadget_placed", gadget: g });
      triggerClaymores(ctx, at!);
      return;
    }
    case "passive":
      return;
  }
}

/** Both teams have picked: the picks are revealed with their salts, and the operators enter play (seed 004 "팀 준비"). */
function revealPicks(ctx: Ctx): void {
  const s = ctx.s;
  const revealed = {} as Record<Team, { operators: string[]; inventory: Record<string, number>; salt: string }>;
  for (const team of ["attack", "defence"] as const) {
    const choice = s.hidden.picks[team]!;
    const salt = pickSalt(s.server.seed, team);
    s.picks[team].choice = choice;
    s.picks[team].salt = salt;
    revealed[team] = { operators: [...choice.operators], inventory: { ...choice.inventory }, salt };
    for (const id of choice.operators) {
      s.operators[id] = {
        id,
        team,
        at: null,
        stand: null,
        hidden: team === "defence",
        watch: null,
        damage: 0,
        dead: false,
        redPing: false,
        stunned: false,
        activated: false,
        specialUses: profile(id).special.uses,
      };
    }
    for (const [g, n] of Object.entries(choice.inventory)) {
      if (catalog.gadgets.get(g)!.traits.includes("setup")) s.setupGadgets[g] = n;
      else s.inventory[team][g] = n;
    }
  }
  s.hidden.picks = { attack: null, defence: null };
  s.phase = "defence_setup";
  ctx.emit({ type: "picks_revealed", picks: revealed });
}

/** Whether an edge blocks sight, for tests and views. */
export const edgeBlocksSight = (s: PartitionState): boolean => blocksSight(s);
/** The facings, for enumerations. */
export const ALL_FACINGS: readonly Facing[] = ["N", "E", "S", "W"];
/** Colour rank, re-exported for views. */
export { COLOUR_RANK };
