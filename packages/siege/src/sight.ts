/**
 * Sight on a Siege map (seed 004 "벽", "오버레이", "도구 특성", "보호", "대응 사격", "인접판정",
 * "레드핑"): lines of sight, their memo while a read-only listing runs, protection, front arcs,
 * gadgets and access watches, sight between places of both floors, and the one definition of who
 * sees whom ({@link sees}) that shooting, reaction shots and the spotting of secret tokens all ask.
 * Pure functions over the map data and the match state.
 */
import { FACING_VECTOR, lineSteps, type Facing } from "@fogwar/engine";
import { catalog, type Team } from "./data";
import { areaOf, blocksSight, coords, cornerEdges, distance, geometry, isUpper, partitionOn, partitionProtection, sq, type Sq } from "./map";
import type { GadgetState, OperatorId, OperatorState, Place, SecretToken, SiegeState, TokenId } from "./types";

/** One move of a straight line between centres: to the next space, or across a corner. */
interface Transition {
  readonly from: Sq;
  readonly to: Sq;
  /** The two spaces beside a corner the line runs exactly through. */
  readonly corner?: readonly [Sq, Sq];
}

/**
 * The transitions of the straight line between the centres of two spaces, in order: the engine's
 * supercover line (`lineSteps`) read as moves from space to space, a move through a grid corner
 * carrying the two spaces beside that corner.
 */
export function transitions(a: Sq, b: Sq): Transition[] {
  const out: Transition[] = [];
  let from: Sq = a;
  for (const step of lineSteps(a, b)) {
    const [first, second] = step as [Sq, Sq | undefined];
    if (second) {
      // Through a corner: `first` lies beside it along x, `second` along y.
      const to = { x: first.x, y: second.y };
      out.push({ from, to, corner: [first, second] });
      from = to;
    } else if (first.x !== from.x || first.y !== from.y) {
      // (A step repeating the space a corner move just entered is that same move.)
      out.push({ from, to: first });
      from = first;
    }
  }
  if (from.x !== b.x || from.y !== b.y) out.push({ from, to: b });
  return out;
}

/** Options of a line of sight. */
export interface SightOptions {
  /** Operators and tokens on the way do not block (throwables, always-visible gadgets; seed 004 "도구 특성"). */
  readonly ignoreOccupants?: boolean;
  /** Smoke overlays do not block (throwables, cameras). */
  readonly ignoreSmoke?: boolean;
}

/**
 * The places whose occupant blocks sight: an operator model or a secret token (seed 004 "도구 특성":
 * operators block sight; a leaning stand does not, seed 004 "기울이기").
 */
export function occupiedByOperators(state: Pick<SiegeState, "operators" | "tokens">): Set<Place> {
  const out = new Set<Place>();
  for (const op of Object.values(state.operators)) {
    if (op.dead) continue;
    if (op.at && !isUpper(op.at)) out.add(op.at);
  }
  for (const t of state.tokens) if (!isUpper(t.at)) out.add(t.at);
  return out;
}

/**
 * Seed 004 "벽", "오버레이", "도구 특성": line of sight between two lower-floor spaces. Blocked by
 * sight-blocking partitions crossed (at a corner, by any of the four edges around it), by
 * operators and tokens on the spaces between (at a corner only when both side spaces hold one),
 * and by smoke on any space of the line, the ends included. Obstacles and leaning stands do not
 * block (seed 004 "장애물", "기울이기").
 */
export function lineOfSight(
  state: Pick<SiegeState, "map" | "partitions" | "operators" | "tokens" | "overlays">,
  a: Place,
  b: Place,
  options: SightOptions = {},
): boolean {
  if (a === b) return true;
  if (frozen?.state === state) {
    const key = `${a}>${b}>${options.ignoreOccupants ? 1 : 0}${options.ignoreSmoke ? 1 : 0}`;
    let known = frozen.sight.get(key);
    if (known === undefined) {
      known = computeSight(state, a, b, options, options.ignoreOccupants ? null : frozen.occupied, options.ignoreSmoke ? null : frozen.smoke);
      frozen.sight.set(key, known);
    }
    return known;
  }
  return computeSight(
    state,
    a,
    b,
    options,
    options.ignoreOccupants ? null : occupiedByOperators(state),
    options.ignoreSmoke ? null : new Set(state.overlays.flat()),
  );
}

/**
 * A memo of sight questions about one state that does not change (a legal-command listing asks
 * hundreds): {@link withFrozen} turns it on for the duration of a read-only computation.
 */
let frozen: { state: object; occupied: Set<Place>; smoke: Set<Place>; sight: Map<string, boolean>; other: Map<string, unknown> } | null = null;

/** A memoised answer about a frozen state (computed afresh when `state` is not the frozen one). */
export function memo<T>(state: object, key: string, compute: () => T): T {
  if (frozen?.state !== state) return compute();
  const known = frozen.other.get(key);
  if (known !== undefined) return known as T;
  const value = compute();
  frozen.other.set(key, value);
  return value;
}

/** Runs a read-only computation over `state` with sight answers memoised. */
export function withFrozen<T>(state: Pick<SiegeState, "operators" | "tokens" | "overlays">, compute: () => T): T {
  const outer = frozen;
  frozen = { state, occupied: occupiedByOperators(state), smoke: new Set(state.overlays.flat()), sight: new Map(), other: new Map() };
  try {
    return compute();
  } finally {
    frozen = outer;
  }
}

function computeSight(
  state: Pick<SiegeState, "map" | "partitions">,
  a: Place,
  b: Place,
  _options: SightOptions,
  occupied: Set<Place> | null,
  smoke: Set<Place> | null,
): boolean {
  if (smoke && (smoke.has(a) || smoke.has(b))) return false;
  const steps = transitions(coords(a), coords(b));
  for (let i = 0; i < steps.length; i++) {
    const t = steps[i]!;
    if (t.corner) {
      const blocked = cornerEdges(t.from, t.to).some(([m, n]) => {
        const part = partitionOn(state, m, n);
        return part !== null && blocksSight(part.s);
      });
      if (blocked) return false;
      const sides = t.corner.map((s) => sq(s.x, s.y));
      if (occupied && sides.every((s) => occupied.has(s))) return false;
      if (smoke && sides.every((s) => smoke.has(s))) return false;
    } else {
      const part = partitionOn(state, t.from, t.to);
      if (part && blocksSight(part.s)) return false;
    }
    if (i < steps.length - 1) {
      const here = sq(t.to.x, t.to.y);
      if (occupied?.has(here)) return false;
      if (smoke?.has(here)) return false;
    }
  }
  return true;
}

/**
 * Seed 004 "보호": the protection of a target against a line of fire from `from` to `to` (the
 * target's leaning stand, or its space): weak for each thin, holed wall or barricade crossed,
 * strong for a thick or reinforced wall, weak for an obstacle (or a deployable shield, or a
 * shield-bearing teammate) on the line next to the target, weak for a shield operator; the total
 * is at most 3.
 */
export function protection(
  state: Pick<SiegeState, "map" | "partitions" | "operators" | "gadgets" | "tokens">,
  from: Place,
  to: Place,
  target: OperatorId,
  data = catalog,
): number {
  const { weak, max } = data.data.rules.protection;
  let total = 0;
  const geo = geometry(state.map);
  const targetOp = state.operators[target]!;
  if (data.operators.get(target)?.shield) total += weak;
  const steps = transitions(coords(from), coords(to));
  for (const t of steps) {
    const edges: [Sq, Sq][] = t.corner ? cornerEdges(t.from, t.to) : [[t.from, t.to]];
    let best = 0;
    for (const [m, n] of edges) {
      const part = partitionOn(state, m, n);
      if (part) best = Math.max(best, partitionProtection(part.s));
    }
    total += best;
  }
  // The space the line enters the target's space from.
  const last = steps[steps.length - 1];
  if (last && distance(from, to) > 1) {
    const covers: Place[] = last.corner ? last.corner.map((s) => sq(s.x, s.y)) : [sq(last.from.x, last.from.y)];
    const cover = covers.some((c) => {
      if (geo.obstacles.has(c)) return true;
      if (state.gadgets.some((g) => g.at === c && data.gadgets.get(g.kind)?.kind === "shield")) return true;
      return Object.values(state.operators).some(
        (o) => !o.dead && o.team === targetOp.team && o.id !== target && o.at === c && data.operators.get(o.id)?.shield,
      );
    });
    if (cover) total += weak;
  }
  return Math.min(total, max);
}

/** Whether `target` lies in the 180-degree front arc of a watcher at `origin` facing `facing` (seed 004 "대응 사격"). */
export function inFrontArc(origin: Place, facing: Facing, target: Place): boolean {
  const o = coords(origin);
  const t = coords(target);
  const v = FACING_VECTOR[facing];
  return (t.x - o.x) * v.x + (t.y - o.y) * v.y >= 0;
}

/** The gadget on a lower-floor space, if any (one gadget per space, seed 004 "층"). */
export const gadgetAt = (state: Pick<SiegeState, "gadgets">, p: Place): GadgetState | undefined => state.gadgets.find((g) => g.at === p);

/** The team of the owner of the access-point watch token at `ap` and the operator or token holding it. */
export function accessWatchAt(
  state: Pick<SiegeState, "operators" | "tokens">,
  ap: Place,
): { operator: OperatorId; token?: TokenId; team: Team } | null {
  for (const op of Object.values(state.operators)) {
    if (!op.dead && op.watch && "ap" in op.watch && op.watch.ap === ap) return { operator: op.id, team: op.team };
  }
  for (const t of state.tokens) {
    if (t.watch && "ap" in t.watch && t.watch.ap === ap) return { operator: t.operator, token: t.id, team: "defence" };
  }
  return null;
}

/** Whether the access point `ap` carries a reinforced access point token (seed 004 "강화된 진입로"). */
export const reinforcedAt = (state: Pick<SiegeState, "gadgets">, ap: Place): boolean => state.gadgets.some((g) => g.at === ap && g.kind === "reinforced_access");

/**
 * Seed 004 "인접판정" 상층부: an operator of `team` in an upper area is adjacent to (and sees) each
 * access point of the area, except one with an enemy watch token or a reinforced access point.
 */
export function upperReaches(state: Pick<SiegeState, "map" | "gadgets" | "operators" | "tokens">, area: string, team: Team, ap: Place): boolean {
  const info = geometry(state.map).accessPoints.get(ap);
  if (!info || info.area !== area) return false;
  if (reinforcedAt(state, ap)) return false;
  const w = accessWatchAt(state, ap);
  return !(w && w.team !== team);
}

/** The state that sight between places reads. */
type SightState = Pick<SiegeState, "map" | "partitions" | "operators" | "tokens" | "overlays" | "gadgets">;

/**
 * Whether something of `fromTeam` at `from` sees the place `to` (held by `toTeam`), and the
 * distance counted for a shot (seed 004 "사격": the shortest distance, the shooter's space
 * excluded; upper-floor adjacency counts as 1). `null` when there is no sight. Places only: who
 * sees an operator is {@link sees}.
 */
export function sight(state: SightState, from: Place, fromTeam: Team, to: Place, toTeam: Team): number | null {
  const fu = isUpper(from);
  const tu = isUpper(to);
  if (fu && tu) return from === to ? 1 : null;
  if (fu) return upperReaches(state, areaOf(from), fromTeam, to) ? 1 : null;
  if (tu) return upperReaches(state, areaOf(to), toTeam, from) ? 1 : null;
  return lineOfSight(state, from, to) ? distance(from, to) : null;
}

/** The places an operator's body can be targeted at: its model and its leaning stand (seed 004 "기울이기"). */
export const bodyPlaces = (o: Pick<OperatorState, "at" | "stand">): Place[] => [o.at, o.stand].filter((p): p is Place => p !== null);

/**
 * Who looks or is looked at: an operator (revealed, living, on the board) or a secret token of a
 * hidden defence operator (a hidden watcher watches from its tokens, seed 004 "경계": a hidden
 * operator's watch applies to both of its tokens).
 */
export type Seer = OperatorState | SecretToken;

/** A place of a target in sight, and the distance counted for a shot at it. */
export interface Sighting {
  /** The target's model, leaning stand or token place. */
  readonly place: Place;
  /** Seed 004 "사격" 2: the shortest distance, the looker's space excluded (1 across floors). */
  readonly distance: number;
}

const isToken = (x: Seer): x is SecretToken => "operator" in x;

/**
 * Where `watcher` sees `target`: the one definition of "this operator sees that one" (shooting,
 * reaction shots, the spotting of secret tokens). Empty when it does not see it.
 * - A watcher looks from its model's space (seed 004 "기울이기 중요": a leaning operator's sight is
 *   measured from the model), or from a token's space; a dead, hidden or undeployed operator
 *   looks from nowhere.
 * - A target is seen at each place of its body in {@link sight} (its model and its leaning stand,
 *   seed 004 "기울이기": either may be targeted; a token at its space). A dead or hidden operator
 *   is never seen itself (its tokens are).
 * - Seed 004 "레드핑": a red-pinged operator counts as seen. Project decision: through walls,
 *   operators and smoke on the same floor (the distance is still counted square by square), and
 *   not across floors, where sight stays the access points' (seed 004 "인접판정" 상층부).
 * Reads public facts only (places, watches, pings), never which token is real.
 */
export function sightings(state: SightState, watcher: Seer, target: Seer): Sighting[] {
  const from = watcher.at;
  if (from === null || (!isToken(watcher) && (watcher.dead || watcher.hidden))) return [];
  if (!isToken(target) && (target.dead || target.hidden)) return [];
  const fromTeam: Team = isToken(watcher) ? "defence" : watcher.team;
  const toTeam: Team = isToken(target) ? "defence" : target.team;
  const pinged = !isToken(target) && target.redPing;
  const out: Sighting[] = [];
  for (const place of isToken(target) ? [target.at] : bodyPlaces(target)) {
    let d = sight(state, from, fromTeam, place, toTeam);
    if (d === null && pinged) d = isUpper(from) || isUpper(place) ? null : distance(from, place);
    if (d !== null) out.push({ place, distance: d });
  }
  return out;
}

/** Whether `watcher` sees `target` (see {@link sightings}, the definition). */
export const sees = (state: SightState, watcher: Seer, target: Seer): boolean => sightings(state, watcher, target).length > 0;
