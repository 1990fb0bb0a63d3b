/**
 * Seed 004 "이동", "장애물", "상층부와 진입로": where the active operator can still walk this
 * activation, one `step` command per square, and a shortest way to each square. Moving stays one
 * square per command (each step is its own command, so reactions, barbed wire or cameras may
 * interrupt the walk at any square); this only plans the walk for a client or a bot. It never
 * decides whether a step is legal itself: each square's next steps are the rules' own legal steps
 * (`legalSteps`: the `step` entries of `legalCommands`, from the same candidates and `check`) on the
 * board as it would stand there, and their cost the rules' own `stepProblem`. Reads nothing but the board it is given, so a seat's projection gives
 * the seat's own answer.
 */
import type { SeatId } from "@fogwar/engine";
import { legalSteps, type StepCommand } from "./legal";
import { flagsAfterStep, stepProblem } from "./movement";
import { teamOfSeat, type Board } from "./query";
import type { Place, TokenId } from "./types";

export type { StepCommand };

/** One square the active operator (or one of a hidden operator's tokens) can walk to this activation. */
export interface Reachable {
  /** The square (or upper-floor area) walked to. */
  readonly to: Place;
  /** The hidden operator's token that walks there; absent for an operator on the board. */
  readonly token?: TokenId;
  /** The movement points the walk spends (the sum of the steps' costs), at most the activation's `mp`. */
  readonly cost: number;
  /**
   * The steps, in order, to send one at a time: the first is legal now, each next one is legal
   * once the ones before it are applied and nothing interrupted the walk. Never empty.
   */
  readonly path: readonly StepCommand[];
}

/** The gadgets' squares (where one lies or aims): stepping there may set something off or stop the activation. */
function eventfulSquares(b: Board): Set<Place> {
  const out = new Set<Place>();
  for (const g of b.gadgets) {
    if (g.at) out.add(g.at);
    if (g.aim) out.add(g.aim);
  }
  return out;
}

/**
 * The board as it would stand after the walk so far: the walker (the operator's model, or the
 * token) on `at` with `mp` movement points left, and the activation's flags as the step rule sets
 * them (`flagsAfterStep`, the walk from `start` taken as one step). Shares everything else with `b`.
 */
function standingAt(b: Board, token: TokenId | undefined, start: Place, at: Place, mp: number): Board {
  const act = b.activation!;
  const activation = { ...act, mp, ...(at !== start ? flagsAfterStep(act, start, at) : {}) };
  if (token !== undefined) return { ...b, activation, tokens: b.tokens.map((t) => (t.id === token ? { ...t, at } : t)) };
  const op = b.operators[act.operator]!;
  return { ...b, activation, operators: { ...b.operators, [op.id]: { ...op, at } } };
}

/**
 * Every square the active operator of `seat` can reach by steps in this activation, with a
 * shortest way there (seed 004 "이동": movement points; "장애물": over an obstacle or past a
 * teammate; "상층부와 진입로": up through an access point ends the movement, down once).
 *
 * Built only from `b`, which may be the seat's own projection (`viewFor`): nothing the seat may
 * not see is read. A walk is found by a least-cost search: a square's next steps are the rules'
 * legal `step` commands (`legalSteps`, as `legalCommands` lists them) on the board as it would stand with the walker there
 * and the points it has left, and their cost is the rules' own (`stepProblem`); ties go to fewer
 * steps, then to the order of the legal commands, so the answer is deterministic.
 * A walk never goes on through a square where a gadget lies or aims (a claymore, snare, barbed
 * wire, camera...): entering it may set something off or stop the activation, so such a square is
 * reached only as the end of a walk.
 *
 * @returns one entry per square (and per token of a hidden operator), in the order found (nearest
 * first); the walker's own squares are not listed. Empty when the seat has no step to take now (not
 * its activation, a decision pending, no movement points...).
 */
export function reachableSquares(b: Board, seat: SeatId): Reachable[] {
  const team = teamOfSeat(b, seat);
  const act = b.activation;
  if (!team || !act || b.pending) return [];
  const op = b.operators[act.operator];
  if (!op || op.team !== team) return [];
  const starts: { token: TokenId | undefined; at: Place }[] = op.hidden
    ? b.tokens.filter((t) => t.operator === op.id).map((t) => ({ token: t.id, at: t.at }))
    : op.at
      ? [{ token: undefined, at: op.at }]
      : [];
  const stops = eventfulSquares(b);
  const out: Reachable[] = [];
  for (const { token, at: start } of starts) {
    const best = new Map<Place, { cost: number; path: StepCommand[] }>([[start, { cost: 0, path: [] }]]);
    const done = new Set<Place>();
    for (;;) {
      // The cheapest square not expanded yet (then fewer steps, then the first found).
      let next: Place | null = null;
      for (const [p, e] of best) {
        if (done.has(p)) continue;
        const n = next === null ? null : best.get(next)!;
        if (n === null || e.cost < n.cost || (e.cost === n.cost && e.path.length < n.path.length)) next = p;
      }
      if (next === null) break;
      done.add(next);
      const here = best.get(next)!;
      if (next !== start) out.push({ to: next, ...(token !== undefined ? { token } : {}), cost: here.cost, path: here.path });
      if (next !== start && stops.has(next)) continue;
      const board = standingAt(b, token, start, next, act.mp - here.cost);
      const walker = board.operators[op.id]!;
      for (const c of legalSteps(board, seat)) {
        if (c.token !== token) continue;
        const cost = stepProblem(board, team, walker, next, c.to, c.via);
        if (typeof cost !== "number") continue;
        const total = here.cost + cost;
        const known = best.get(c.to);
        if (done.has(c.to) || (known && (known.cost < total || (known.cost === total && known.path.length <= here.path.length + 1)))) continue;
        best.set(c.to, { cost: total, path: [...here.path, c] });
      }
    }
  }
  return out;
}
