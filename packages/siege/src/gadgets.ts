/**
 * Seed 004 "전술 도구 사용", "도구 특성", "오버레이" and the gadget lists ("방어팀 전술 도구", "공격팀 전술
 * 도구": C4, 충격 수류탄, 접착 폭약, 드론, 수류탄, 섬광탄, 연막탄, 클레이모어): where a tactical gadget may be
 * placed or thrown, and what it does.
 */
import { accessWatchAt, areaOf, coords, distance, gadgetAt, isUpper, lineOfSight, memo, neighbours8, partitionOn, sq, stepCost, terrainAdjacent } from "./board";
import { catalog, type Gadget } from "./data";
import { adjacentTo, revealedActor, RULES, type Code, type CommandRules } from "./common";
import type { Ctx } from "./context";
import { adjacentSpaces, triggerClaymores } from "./claymore";
import { breachSpace } from "./breach";
import { hitSpace } from "./damage";
import { scanRoom } from "./reveal";
import { afterAction, takeAction } from "./watch";
import { emptySpace, geoOf, inside, obstacleAt, occupant, reinforcedAt, roomOf, type Board } from "./query";
import type { OperatorState, Place } from "./types";

/**
 * Seed 004 "도구 특성" 투척물: a throw lands on a lower-floor space (the outside area too: a thrown
 * gadget is not placed; project decision) within 6 spaces, in sight that operators and overlays do
 * not block.
 */
export function throwProblem(b: Board, from: Place, at: Place, gadget: Gadget): Code | null {
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

/** Spaces a drone can reach from `start` within its movement (seed 004 "드론": no barbed wire, seed 004 "철조망"; no upper floor, no obstacles). */
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

/**
 * Seed 004 "전술 도구" ("투척물을 제외하고 모든 도구는 오퍼레이터의 인접한 빈 공간에 배치된다. 벽에 설치되는
 * 도구도 똑같이 취급한다", "도구들은 외곽지역에 배치할 수 없다", "한 공간에는 하나의 도구만"): where a
 * non-throwable gadget is placed from the lower-floor space `from`: a space {@link adjacentTo} it
 * (never its own; not through a wall or barricade), inside the building (never the outside area),
 * empty (no operator, token, leaning stand or obstacle, seed 004 "층") and without a gadget.
 * `gadgetOk` lets a gadget already there stay (a breach charge on a reinforced access point).
 * Errors: `invalid_place` (upstairs, off the map, outside), `not_adjacent`, `space_occupied`.
 */
export function placeProblem(b: Board, from: Place, at: Place, gadgetOk: (kind: string) => boolean = () => false): Code | null {
  if (isUpper(from) || !geoOf(b).spaceSet.has(at)) return "invalid_place";
  if (!adjacentTo(b, from, at)) return "not_adjacent";
  if (!inside(b, at)) return "invalid_place";
  const there = gadgetAt(b, at);
  if (there && !gadgetOk(there.kind)) return "space_occupied";
  if (!emptySpace(b, at)) return "space_occupied";
  return null;
}

/**
 * Seed 004 "접착 폭약" ("인접 공간에 배치하거나 상층부에 있는 경우 강화 진입로 토큰이 있는 곳에 배치할 수
 * 있다"): on the lower floor a breach charge (and a special gadget that works as one, seed 004
 * "특수 도구 사용": "전술 도구와 같은 규칙을 적용합니다") is placed as every non-throwable gadget
 * ({@link placeProblem}); the one gadget it may share a space with is the reinforced access point
 * it is meant to destroy (seed 004 "강화된 진입로": destroyed from the lower floor too).
 */
export const chargeProblem = (b: Board, from: Place, at: Place): Code | null => placeProblem(b, from, at, (kind) => kind === "reinforced_access");

/** Seed 004 "전술 도구 사용": where a tactical gadget may be used now, or why not. */
export function gadgetUseProblem(b: Board, op: OperatorState, g: Gadget, at: Place, aim: Place | undefined): Code | null {
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
      return chargeProblem(b, from, at);
    }
    case "drone": {
      if (aim === undefined) return "invalid_target";
      const p = placeProblem(b, from, at);
      if (p) return p;
      if (b.gadgets.some((x) => x.at === at && x.kind === "barbed_wire")) return "blocked";
      return droneReach(b, at).has(aim) ? null : "no_movement";
    }
    case "claymore": {
      if (aim === undefined) return "invalid_target";
      const p = placeProblem(b, from, at);
      if (p) return p;
      if (isUpper(aim) || !geoOf(b).spaceSet.has(aim) || distance(at, aim) !== 1 || !terrainAdjacent(b, at, aim)) return "invalid_target";
      return emptySpace(b, aim) ? null : "space_occupied";
    }
    default:
      return "invalid_target";
  }
}

/**
 * Seed 004 "섬광탄" ("던져진 공간과 인접한 공간들에 있는 오퍼레이터들은 스턴마커를 받는다"): whatever holds
 * the space is stunned: an operator's model or leaning stand stuns the operator; a secret token (an
 * operator too, seed 004 "층") gets a public stun marker, the same on a real token and a decoy, so
 * nothing tells them apart; the real one's marker stuns its operator when it is revealed
 * (`reveal.ts` `reveal`). A marker already there changes nothing.
 */
function stunSpace(ctx: Ctx, p: Place): void {
  const s = ctx.s;
  const occ = occupant(s, p);
  if (!occ) return;
  if (occ.kind === "token") {
    const t = s.tokens.find((x) => x.id === occ.token)!;
    if (t.stunned) return;
    t.stunned = true;
    ctx.emit({ type: "stunned", operator: t.operator, token: t.id });
    return;
  }
  const op = s.operators[occ.operator]!;
  if (op.stunned) return;
  op.stunned = true;
  ctx.emit({ type: "stunned", operator: op.id });
}

/**
 * The effect of an explosive, flash or smoke gadget landing on `at` (seed 004 "C4", "충격 수류탄",
 * "수류탄", "섬광탄", "연막탄"): the affected spaces are fixed first, then damage, then breach.
 */
export function detonate(ctx: Ctx, g: Gadget, at: Place, source: string): void {
  const s = ctx.s;
  const around = adjacentSpaces(s, at);
  if (g.kind === "flash") {
    for (const p of [at, ...around]) stunSpace(ctx, p);
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

/** Carries out a tactical gadget (or a special gadget's copy of one). */
export function useGadget(ctx: Ctx, op: OperatorState, g: Gadget, at: Place, aim: Place | undefined, source: string): void {
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

/** Seed 004 "전술 도구 사용": a tactical gadget of the team's inventory, placed or thrown. */
export const gadgetRules: CommandRules<"gadget"> = {
  gadget: {
    check(b, team, cmd) {
      const op = revealedActor(b, team, cmd.operator, "gadget");
      if (typeof op === "string") return op;
      const g = catalog.gadgets.get(cmd.gadget);
      if (!g || g.team !== team || g.traits.includes("setup")) return "invalid_target";
      if ((b.inventory[team][g.id] ?? 0) <= 0) return "no_gadget_left";
      return gadgetUseProblem(b, op, g, cmd.at, cmd.aim);
    },
    execute(ctx, team, cmd) {
      const s = ctx.s;
      const op = s.operators[cmd.operator]!;
      const g = catalog.gadgets.get(cmd.gadget)!;
      takeAction(ctx, op, "gadget");
      s.inventory[team][g.id] = s.inventory[team][g.id]! - 1;
      ctx.emit({ type: "gadget_used", operator: op.id, gadget: g.id, at: cmd.at });
      useGadget(ctx, op, g, cmd.at, cmd.aim, g.id);
      if (!s.result) afterAction(ctx, op.id);
    },
  },
};
