/**
 * Seed 004 "경계" and "대응 사격": watches and what they cover. A watch order's place (하층부: a
 * facing; 상층부: an access point), a watcher's cover of an enemy, the end of a watch when its
 * operator does something else, and what follows every action of the active operator: sight
 * reveals, camera pings, then the other team's watchers that cover it may react.
 */
import { areaOf, accessWatchAt, inFrontArc, isUpper, sightings, type Seer } from "./board";
import { accessOk, type Code } from "./common";
import type { Ctx } from "./context";
import { cameraPing, spot } from "./reveal";
import { enemyOf, living, reinforcedAt, tokensOf, type Board } from "./query";
import type { ActionKind, OperatorId, OperatorState, Place, WatchOrder } from "./types";
import type { Team } from "./data";

/** Whether a watch order aims at a valid place for `place` (seed 004 "경계"). */
export function watchOrderProblem(b: Board, team: Team, place: Place, order: WatchOrder, hiddenOwner: OperatorId | null): Code | null {
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

/**
 * Seed 004 "대응 사격": whether the watch of `watcher` (a revealed operator, or one token of a
 * hidden one) covers `target`, an enemy who just ended an action: the watcher {@link sees} it at a
 * place in its 180-degree front arc (하층부), or on the access point its watch token holds (상층부).
 * A red-pinged target counts as seen (seed 004 "레드핑").
 */
export function watchCovers(b: Board, watcher: Seer, target: OperatorState): boolean {
  const { at, watch } = watcher;
  if (at === null || watch === null) return false;
  return sightings(b, watcher, target).some(({ place }) =>
    "ap" in watch ? place === watch.ap : !isUpper(at) && !isUpper(place) && inFrontArc(at, watch.facing, place),
  );
}

/** Ends the watch of an operator that does something else (seed 004 "경계"). */
export function dropWatch(ctx: Ctx, op: OperatorState): void {
  const had = op.watch !== null || tokensOf(ctx.s, op.id).some((t) => t.watch !== null);
  op.watch = null;
  for (const t of ctx.s.tokens) if (t.operator === op.id) t.watch = null;
  if (had) ctx.emit({ type: "watch_ended", operator: op.id });
}

/**
 * After an action (each step included) of the active operator: sight reveals, camera pings, then
 * the other team's watchers that cover it may react (seed 004 "대응 사격"). The list of watchers
 * is built from public facts: a hidden watcher is listed when either token covers the target.
 */
export function afterAction(ctx: Ctx, id: OperatorId): void {
  const s = ctx.s;
  spot(ctx);
  if (s.result) return;
  const op = s.operators[id]!;
  if (op.dead || op.hidden) return;
  cameraPing(ctx, id);
  const watchers: OperatorId[] = [];
  for (const w of living(s, enemyOf(op.team))) {
    if (w.hidden) {
      if (tokensOf(s, w.id).some((t) => watchCovers(s, t, op))) watchers.push(w.id);
    } else if (watchCovers(s, w, op)) watchers.push(w.id);
  }
  if (watchers.length > 0) s.pending = { kind: "reaction", team: enemyOf(op.team), target: id, watchers };
}

/** Marks an action as taken and ends the operator's watch (unless the action is the watch). */
export function takeAction(ctx: Ctx, op: OperatorState, kind: ActionKind): void {
  ctx.s.activation!.actions.push(kind);
  if (kind !== "watch") dropWatch(ctx, op);
}
