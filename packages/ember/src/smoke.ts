/**
 * Smoke (seed 000 10): placing smoke cards (whole squares, in range, touching by an edge, never on
 * the seat's own smoke), and the end phase's removal of one card per cloud, the players
 * alternating from the first player.
 */
import { chebyshev, inBounds, sameSquare, type SeatId, type Square, squareKey } from "@fogwar/engine";
import { scenarioOf } from "./map";
import { initiativeOrder, nextSeat } from "./query";
import { smokeClouds, smokeOf } from "./sight";
import type { Ctx } from "./context";
import type { SmokeEffect } from "./data/schema";
import type { EmberCommand, EmberErrorCode, EmberState, MechState } from "./types";

const S000 = "000_200ff4b7b5d3d570.txt";

type Problem = EmberErrorCode | null;
type ActCommand = Extract<EmberCommand, { type: "act" }>;

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
