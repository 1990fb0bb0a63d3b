/**
 * Whether a command may be played now, and why not (the error code). Every check reads only what
 * the sending seat may know: the other side's characters count only where that side can see them
 * (`seenBy`), so the answer is the same on the state and on the seat's projection
 * (`legalCommandsInView`), and a refusal never tells that an unseen character is there.
 */
import type { SeatId } from "@fogwar/engine";
import { engagedWith, isGameMaster, itemOfKind, equipmentOf, mapOf, moveAllowance, RULES, seatOf, seenAt, seenBy, sideOfSeat, sprintAllowance, standing, weaponOf, archetypeOf, type Board } from "./board";
import { canConceal, inSight } from "./conceal";
import { reducedRange } from "./attack";
import { coverOf, distance, DIRECTIONS, fullCoverEnd, passable, routes, terrainAt, touching, wallBetween, type Route } from "./geometry";
import { STAT_NAMES } from "./data";
import { MAX_GM_CHECKS, type ActionCommand, type CharacterState, type Side, type TrpgCommand, type TrpgErrorCode, type Turn } from "./types";

const COST = RULES.costs;

const routeCache = new WeakMap<object, Map<string, Map<string, Route>>>();

/**
 * The squares a character may move to with the move action or a sprint (seed 002 3-1), and how:
 * within the allowance left, paying 1 AP for each half cover crossed (3-3), around the characters
 * its side can see (it may pass its allies but not stop on them). Cached per board.
 */
export function movesOf(b: Board, c: CharacterState, turn: Turn, mode: "move" | "sprint"): Map<string, Route> {
  let byBoard = routeCache.get(b);
  if (!byBoard) routeCache.set(b, (byBoard = new Map()));
  const k = `${c.id}:${mode}:${turn.moved}:${turn.ap}:${c.at?.x},${c.at?.y}:${c.prone}`;
  let found = byBoard.get(k);
  if (!found) {
    const budget = mode === "move" ? moveAllowance(b, c) - turn.moved : sprintAllowance(c);
    const apLeft = mode === "move" ? turn.ap : turn.ap - COST.main;
    const blocked = (s: { x: number; y: number }) => {
      const o = seenAt(b, s, c.side);
      return o !== null && o.side !== c.side;
    };
    const canEnd = (s: { x: number; y: number }) => seenAt(b, s, c.side) === null;
    found = routes(mapOf(b), c.at!, budget, Math.max(0, apLeft), COST.halfCoverCrossing, blocked, canEnd);
    byBoard.set(k, found);
  }
  return found;
}

/** Whether `t` is an opposing character `side` can see, on the board and alive. */
const visibleFoe = (b: Board, side: Side, id: string): CharacterState | null => {
  const t = b.characters[id];
  return t && t.side !== side && t.status !== "dead" && t.at && seenBy(t, side) ? t : null;
};

/** Why `c` cannot shoot at `t` with a range of `range` squares, or null. */
function lineProblem(b: Board, c: CharacterState, t: CharacterState, range: number): TrpgErrorCode | null {
  if (wallBetween(mapOf(b), c.at!, t.at!)) return "no_line";
  if (distance(c.at!, t.at!) > range || !inSight(b, c, t)) return "out_of_range";
  return null;
}

/** Whether a character stands next to cover it may peek from (seed 002 3-3: half, three-quarter, or the end of full cover). */
export function canPeek(b: Board, c: CharacterState): boolean {
  const map = mapOf(b);
  return DIRECTIONS.some((d) => {
    const s = { x: c.at!.x + d.x, y: c.at!.y + d.y };
    const cover = coverOf(terrainAt(map, s));
    return cover !== null && (cover.level !== "full" || fullCoverEnd(map, s));
  });
}

/** The 2 x 2 suppression area with `at` its north-west square (seed 002 3-1 제압사격). */
export const areaOf = (at: { x: number; y: number }) => [at, { x: at.x + 1, y: at.y }, { x: at.x, y: at.y + 1 }, { x: at.x + 1, y: at.y + 1 }];

/** The opposing characters its side can see in a suppression area. */
export function suppressed(b: Board, c: CharacterState, at: { x: number; y: number }): CharacterState[] {
  const area = areaOf(at);
  return Object.values(b.characters)
    .filter((t) => t.side !== c.side && t.status !== "dead" && t.at && seenBy(t, c.side) && area.some((s) => s.x === t.at!.x && s.y === t.at!.y))
    .sort((x, y) => (x.id < y.id ? -1 : 1));
}

/**
 * The action points (AP) `cmd` costs the active character `c` in `turn`, as the rules charge them:
 * `checkAction` refuses a command costing more than `turn.ap`, and `executeAction` deducts exactly
 * this (seed 002 3-1: the move action 0, shooting and overwatch 4, main actions 3 (sprint, melee,
 * shove, suppressive fire, disengage, standing up), bonus actions 2 (snapshot, brace, conceal,
 * spotting after the turn's free one, swap, heal, stabilise), quick actions 1 (peek, stop peeking,
 * a step; 2 when prone); dropping prone, delaying and ending the turn 0; 3-3: each half cover
 * crossed by a move, sprint or step adds 1). A move or sprint costs its cheapest route to
 * `cmd.to` (`movesOf`), or only its base when no route reaches it. Reads only what `c`'s seat
 * may know, so it gives the same on a seat's projection. An integer, 0 or more.
 */
export function actionCost(b: Board, c: CharacterState, turn: Turn, cmd: ActionCommand): number {
  switch (cmd.type) {
    case "move":
    case "sprint":
      return (movesOf(b, c, turn, cmd.type).get(`${cmd.to.x},${cmd.to.y}`)?.ap ?? 0) + (cmd.type === "sprint" ? COST.main : 0);
    case "step":
      return (c.prone ? COST.proneStep : COST.quick) + (terrainAt(mapOf(b), cmd.to) === "h" ? COST.halfCoverCrossing : 0);
    case "shoot":
    case "overwatch":
      return COST.shooting;
    case "disengage":
    case "stand":
    case "suppress":
    case "melee":
    case "shove":
      return COST.main;
    case "snapshot":
    case "brace":
    case "conceal":
    case "swap":
    case "heal":
    case "stabilise":
      return COST.bonus;
    case "spot":
      return turn.freeSpot ? COST.bonus : 0;
    case "peek":
    case "unpeek":
      return COST.quick;
    case "prone":
    case "delay":
    case "end_turn":
      return 0;
  }
}

/** Why the active character `c` cannot do `cmd` in `turn`, or null (seed 002 3-1 costs and limits). */
export function checkAction(b: Board, c: CharacterState, turn: Turn, cmd: ActionCommand): TrpgErrorCode | null {
  /** "no_action_points" when `cmd` costs more than is left (`actionCost`), else null. */
  const ap = () => (turn.ap < actionCost(b, c, turn, cmd) ? "no_action_points" : null);
  const weapon = weaponOf(c);
  const map = mapOf(b);
  switch (cmd.type) {
    case "move": {
      const split = equipmentOf(c).some((e) => e.kind === "supercharger");
      if (turn.segments > 0 && !(split && turn.segments < RULES.maxMoveSegments)) return "move_used";
      return movesOf(b, c, turn, "move").has(`${cmd.to.x},${cmd.to.y}`) ? ap() : "unreachable";
    }
    case "sprint":
      return ap() ?? (movesOf(b, c, turn, "sprint").has(`${cmd.to.x},${cmd.to.y}`) ? null : "unreachable");
    case "step": {
      if (!touching(c.at!, cmd.to) || !passable(map, cmd.to) || seenAt(b, cmd.to, c.side)) return "unreachable";
      if (cmd.to.x !== c.at!.x && cmd.to.y !== c.at!.y && !passable(map, { x: cmd.to.x, y: c.at!.y }) && !passable(map, { x: c.at!.x, y: cmd.to.y })) return "unreachable";
      return ap();
    }
    case "disengage":
      if (turn.disengaged || engagedWith(b, c).length === 0) return "not_now";
      return ap();
    case "stand":
      return c.prone ? ap() : "not_prone";
    case "prone":
      return c.prone ? "prone" : null;
    case "shoot": {
      if (weapon.kind === "melee") return "wrong_weapon";
      if (cmd.burst ? weapon.rateOfFire < 2 || cmd.targets.length > weapon.rateOfFire : cmd.targets.length !== 1) return cmd.burst ? "wrong_weapon" : "invalid_target";
      if (cmd.targets.length === 0 || cmd.targets.some((id, i) => i > 0 && id <= cmd.targets[i - 1]!)) return "invalid_target";
      const cost = ap();
      if (cost) return cost;
      for (const id of cmd.targets) {
        const t = visibleFoe(b, c.side, id);
        if (!t) return "invalid_target";
        const problem = lineProblem(b, c, t, weapon.range);
        if (problem) return problem;
      }
      return null;
    }
    case "snapshot": {
      if (weapon.kind !== "pistol") return "wrong_weapon";
      if (turn.snapshot) return "once_per_turn";
      const t = visibleFoe(b, c.side, cmd.target);
      if (!t) return "invalid_target";
      return ap() ?? lineProblem(b, c, t, reducedRange(weapon.range, RULES.rangePercent.snapshot));
    }
    case "overwatch":
      return weapon.kind === "melee" ? "wrong_weapon" : ap();
    case "suppress": {
      if (weapon.kind === "melee" || weapon.rateOfFire < 2) return "wrong_weapon";
      if (turn.suppress) return "once_per_turn";
      const cost = ap();
      if (cost) return cost;
      const radius = reducedRange(weapon.range, RULES.rangePercent.suppress);
      for (const s of areaOf(cmd.at)) {
        if (s.x >= map.width || s.y >= map.height) return "out_of_range";
        if (wallBetween(map, c.at!, s)) return "no_line";
        if (distance(c.at!, s) > radius) return "out_of_range";
      }
      return suppressed(b, c, cmd.at).length > 0 ? null : "invalid_target";
    }
    case "melee":
    case "shove": {
      if (c.prone) return "prone";
      const t = visibleFoe(b, c.side, cmd.target);
      if (!t) return "invalid_target";
      if (!touching(c.at!, t.at!)) return "not_adjacent";
      if (cmd.type === "shove" && !standing(t)) return "invalid_target";
      return ap();
    }
    case "brace":
      if (weapon.kind !== "heavy" || c.braced) return "wrong_weapon";
      return ap();
    case "conceal":
      if (c.concealed) return "already_concealed";
      return ap() ?? (canConceal(b, c) ? null : "cannot_conceal");
    case "spot":
      return ap();
    case "swap":
      return archetypeOf(c).weapons.length < 2 ? "wrong_weapon" : ap();
    case "peek":
      if (c.peeking) return "not_now";
      return canPeek(b, c) ? ap() : "no_cover";
    case "unpeek":
      return c.peeking ? ap() : "not_now";
    case "heal":
    case "stabilise": {
      const t = b.characters[cmd.target];
      if (!t || t.side !== c.side || t.status === "dead" || !t.at || (t.id !== c.id && !touching(c.at!, t.at))) return "invalid_target";
      if (cmd.type === "heal") {
        if (!itemOfKind(c, "repair") && !itemOfKind(c, "medical")) return "no_item";
        if (t.wounds >= archetypeOf(t).stats.W) return "invalid_target";
      } else {
        if (!equipmentOf(c).some((e) => e.kind === "medical")) return "no_item";
        if (t.status !== "incapacitated" || t.stabilised || t.id === c.id) return "invalid_target";
      }
      return ap();
    }
    case "delay": {
      if (turn.delayed) return "not_now";
      if (turn.acted) return "already_acted";
      const t = b.characters[cmd.after];
      const mine = b.order.indexOf(c.id);
      // Only after a character both sides know of: the `delayed` event names it to everyone (a
      // character the other side never saw has no place in its initiative order).
      if (!t || t.id === c.id || t.status === "dead" || !seenBy(t, c.side) || !t.known || b.order.indexOf(t.id) <= mine) return "invalid_target";
      return null;
    }
    case "end_turn":
      return null;
  }
}

/** Why the game master may not call this check now, or null (seed 002 3-4 resistance, 3-5 non-combat checks). */
function checkGameMaster(b: Board, seat: SeatId, cmd: TrpgCommand & { type: "call_check" | "resist" }): TrpgErrorCode | null {
  if (!isGameMaster(b, seat)) return "not_game_master";
  const awaited = b.phase === "round_end" ? b.roundEnd.includes(seat) : b.turn !== null && seatOf(b, b.turn.actor) === seat;
  if (!awaited) return "not_your_turn";
  if ((b.gmChecks ?? 0) >= MAX_GM_CHECKS) return "too_many_checks";
  const c = b.characters[cmd.character];
  if (!c || c.status === "dead" || !c.known || !STAT_NAMES.includes(cmd.stat)) return "invalid_check";
  if (cmd.type === "call_check") {
    const d = RULES.difficulties;
    if (![d.normal, d.hard, d.expert].includes(cmd.difficulty)) return "invalid_check";
    if (cmd.study !== undefined) {
      const t = b.characters[cmd.study];
      if (c.side !== "party" || cmd.stat !== "COG" || !t || t.side !== "enemies" || !t.known || b.revealedStats.includes(t.id)) return "invalid_check";
    }
    return null;
  }
  if (cmd.modifier < RULES.gmModifier.min || cmd.modifier > RULES.gmModifier.max) return "invalid_check";
  if (cmd.cold && (cmd.stat !== "TGH" || c.cold)) return "invalid_check";
  return null;
}

/** A fresh turn for `actor` (seed 002 3-1: 6 AP, nothing used). */
export const freshTurn = (actor: string, delayed: boolean): Turn => ({ actor, ap: RULES.actionPoints, delayed, acted: false, ending: false, moved: 0, segments: 0, freeSpot: false, snapshot: false, suppress: false, disengaged: false });

/**
 * The round-end step's command (docs/rules/trpg.md "Presence"): each delayed turn is of a
 * character of this seat that waited unseen this round, once; its first command must be one the
 * character may play at the start of its turn (later ones are checked as they come, in play).
 */
function checkEndRound(b: Board, seat: SeatId, cmd: TrpgCommand & { type: "end_round" }): TrpgErrorCode | null {
  const turns = cmd.turns ?? [];
  const actors = turns.map((t) => t.actor);
  if (new Set(actors).size !== actors.length) return "bad_delayed_turn";
  for (const t of turns) {
    const c = b.characters[t.actor];
    if (!c || !b.deferred.includes(t.actor) || seatOf(b, t.actor) !== seat || !standing(c)) return "bad_delayed_turn";
  }
  // Seed 002 3-1, 3-2: turns go in initiative order, in the round-end step too (`deferred` is in that order).
  const places = actors.map((id) => b.deferred.indexOf(id));
  if (places.some((p, i) => i > 0 && p < places[i - 1]!)) return "delayed_out_of_order";
  if (turns.reduce((n, t) => n + t.commands.length, 0) > RULES.maxDelayedCommands) return "bad_delayed_turn";
  const head = turns[0];
  const first = head?.commands[0];
  if (!head || !first || first.type === "end_turn") return null;
  if (first.type === "delay") return "not_now";
  const { board, c } = delayedBoard(b, head.actor);
  return checkAction(board, c, board.turn!, first);
}

/** The board as a delayed turn of `id` starts (seed 002 3-1: a fresh turn; its reactions and peeking end). */
export function delayedBoard(b: Board, id: string): { board: Board; c: CharacterState } {
  const c = { ...b.characters[id]!, spent: [], dodges: 0, peeking: false, overwatch: null };
  return { board: { ...b, characters: { ...b.characters, [id]: c }, turn: freshTurn(id, true) }, c };
}

/** Why `seat` may not send `cmd` now, or null when it may. */
export function check(b: Board, seat: SeatId, cmd: TrpgCommand): TrpgErrorCode | null {
  if (b.phase === "over" || b.result) return "match_over";
  const side = sideOfSeat(b, seat);
  if (!side) return "not_a_player";
  if (cmd.type === "concede") return null;
  if (b.pending) {
    if (b.pending.seat !== seat) return "not_your_turn";
    if (cmd.type !== "decide") return "decision_pending";
    return b.pending.options.includes(cmd.choice) ? null : "invalid_choice";
  }
  if (cmd.type === "decide") return "no_decision_pending";
  if (cmd.type === "call_check" || cmd.type === "resist") return checkGameMaster(b, seat, cmd);
  if (b.phase === "round_end") {
    if (!b.roundEnd.includes(seat)) return "not_your_turn";
    return cmd.type === "end_round" ? checkEndRound(b, seat, cmd) : "not_now";
  }
  const turn = b.turn;
  if (!turn || seatOf(b, turn.actor) !== seat) return "not_your_turn";
  if (cmd.type === "end_round") return "not_now";
  const c = b.characters[turn.actor]!;
  return checkAction(b, c, turn, cmd);
}

