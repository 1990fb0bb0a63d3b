/**
 * Rounds and turns (seed 002 3-1 "라운드, 턴"; 3-2 initiative order): each character acts once a
 * round in initiative order; an incapacitated one only rolls its death save (3-6); a turn ends with
 * the contamination roll of 3-7.
 *
 * Presence (docs/rules/trpg.md): a character whose existence the other side does not know (never
 * seen: the master's ambush) is not awaited at its place: it waits, and acts in its side's
 * round-end step (seed 002 3-2 lets a character delay), so no seat waits for it at a moment that
 * would tell it is there. A concealed character the other side knows of (every party character,
 * an enemy it has seen) acts at its place in the initiative order like everyone else (seed 002
 * 3-1 "라운드는 모든 캐릭터가 한 차례 행동 한 이후 지나갑니다"), its acts still hidden. The
 * enemies' seat has a round-end step every round, whatever it holds; a party seat has one only
 * when a party character it plays waited (none does while the party's roster is public).
 */
import type { MatchResult, SeatId } from "@fogwar/engine";
import { allCharacters, mapOf, RULES, scenarioOf, seatOf, standing } from "./board";
import { catalog } from "./data";
import type { Ctx } from "./context";
import { applyDamage, deathSave, endSurprise, secretOf } from "./health";
import { runTasks } from "./tasks";
import type { Side } from "./types";

/** Starts the next round (seed 002 3-1). */
export function startRound(ctx: Ctx): void {
  const s = ctx.s;
  s.round++;
  s.slot = 0;
  s.deferred = [];
  s.phase = "turn";
  ctx.emit({ type: "round_started", round: s.round });
}

/** Starts `id`'s turn: 6 AP, its overwatch and once-a-turn reactions end, its dodge penalty and peeking too (seed 002 3-1, 3-3, 3-4). */
export function startTurn(ctx: Ctx, id: string, delayed: boolean): void {
  const s = ctx.s;
  const c = s.characters[id]!;
  delete s.gmChecks;
  s.turn = { actor: id, ap: RULES.actionPoints, delayed, acted: false, ending: false, moved: 0, segments: 0, freeSpot: false, snapshot: false, suppress: false, disengaged: false };
  c.dodges = 0;
  c.spent = [];
  c.peeking = false;
  // A turn at its place in the order is public (the order is); a delayed one is its side's while the other side cannot see it.
  ctx.emitIf(delayed && secretOf(c), c.side, { type: "turn_started", character: id, delayed });
  if (c.overwatch) {
    c.overwatch = null;
    ctx.emitIf(secretOf(c), c.side, { type: "overwatch_ended", character: id });
  }
}

/** The contamination level of a square (seed 002 3-7), 0 for none. */
export function hazardLevel(s: Parameters<typeof mapOf>[0], at: { x: number; y: number }): number {
  let level = 0;
  for (const h of mapOf(s).hazards) if (at.x >= h.from[0] && at.x <= h.to[0] && at.y >= h.from[1] && at.y <= h.to[1]) level = Math.max(level, h.level);
  return level;
}

/** Ends the current turn: the contamination roll (seed 002 3-7: at the end of the turn, a 1 (or 1-2) is a wound). */
export function endTurn(ctx: Ctx): void {
  const s = ctx.s;
  const turn = s.turn!;
  const c = s.characters[turn.actor]!;
  const level = c.status === "active" && c.at ? hazardLevel(s, c.at) : 0;
  if (level > 0) {
    const row = catalog.hazards.find((h) => h.level === level)!;
    const die = ctx.d6(c.id, "hidden");
    const wounded = die <= row.woundOnAtMost;
    ctx.emitIf(secretOf(c), c.side, { type: "hazard", character: c.id, die, wounded });
    if (wounded) applyDamage(ctx, c, 1);
  }
  ctx.emitIf(turn.delayed && secretOf(c), c.side, { type: "turn_ended", character: c.id });
  s.turn = null;
  if (!turn.delayed) s.slot++;
}

/** Goes on through the initiative order to the next turn that awaits a seat, or to the round-end step. */
function advance(ctx: Ctx): void {
  const s = ctx.s;
  while (s.turn === null && s.phase === "turn") {
    if (s.slot >= s.order.length) return beginRoundEnd(ctx);
    const c = s.characters[s.order[s.slot]!]!;
    if (c.status === "dead") {
      s.slot++;
    } else if (c.status === "incapacitated") {
      if (!c.stabilised) deathSave(ctx, c);
      s.slot++;
    } else if (c.concealed && !c.known) {
      // Only a character whose existence is secret waits (seed 002 3-1, 3-2; docs/rules/trpg.md "Presence").
      s.deferred.push(c.id);
      ctx.emitTo(c.side, { type: "waits_unseen", character: c.id });
      s.slot++;
    } else startTurn(ctx, c.id, false);
  }
}

/** The seats that end the round: the enemies' always; a party seat when a party character it plays waits unseen. */
function beginRoundEnd(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "round_end";
  s.slot = s.order.length;
  delete s.gmChecks;
  const waiting = new Set<SeatId>([s.seats.enemies[0]!]);
  for (const id of s.deferred) if (s.characters[id]!.side === "party" && standing(s.characters[id]!)) waiting.add(seatOf(s, id));
  s.roundEnd = [...s.seats.party, ...s.seats.enemies].filter((seat) => waiting.has(seat));
}

/** Every seat has ended the round: surprise ends after the first (seed 002 3-2), the round limit, the next round. */
export function finishRound(ctx: Ctx): void {
  const s = ctx.s;
  if (s.round === 1) endSurprise(ctx);
  ctx.emit({ type: "round_ended", round: s.round });
  if (s.round >= scenarioOf(s).rounds) return finishMatch(ctx, null, "rounds");
  startRound(ctx);
  advance(ctx);
}

/** Ends the match: `winner` side (null for a draw), with the dice seed for verification. */
export function finishMatch(ctx: Ctx, winner: Side | null, reason: string): void {
  const s = ctx.s;
  s.phase = "over";
  s.turn = null;
  s.pending = null;
  s.tasks = [];
  s.roundEnd = [];
  const seats = [...s.seats.party, ...s.seats.enemies];
  const winners = winner ? [...s.seats[winner]] : [];
  const result: MatchResult = {
    winner: winners[0] ?? null,
    ...(winners.length > 1 ? { winners } : {}),
    reason,
    scores: Object.fromEntries(seats.map((seat) => [seat, winner === null ? 0.5 : winners.includes(seat) ? 1 : 0])),
  };
  s.result = result;
  ctx.emit({ type: "match_ended", result, seed: s.server.seed });
}

/**
 * Whether the fight is decided (a project decision, docs/rules/trpg.md "Winning"): a side wins
 * when every opposing character is down (dead or incapacitated) or has never been seen by it, so
 * the end never waits on a character the winners do not know of.
 */
function decided(ctx: Ctx): boolean {
  const s = ctx.s;
  const chars = allCharacters(s);
  const beaten = (side: Side) => chars.filter((c) => c.side === side).every((c) => !standing(c) || !c.known);
  if (beaten("party")) {
    finishMatch(ctx, "enemies", "enemies: the party is down");
    return true;
  }
  if (beaten("enemies")) {
    finishMatch(ctx, "party", "party: no enemy left standing");
    return true;
  }
  return false;
}

/**
 * After every command: works through the tasks, ends a finished turn, goes on through the order,
 * until a seat must act or a decision waits.
 */
export function settle(ctx: Ctx): void {
  const s = ctx.s;
  for (let guard = 0; guard < 10_000; guard++) {
    runTasks(ctx);
    if (s.pending !== null || s.phase === "over") return;
    if (decided(ctx)) return;
    if (s.turn) {
      if (!s.turn.ending && standing(s.characters[s.turn.actor]!)) return;
      endTurn(ctx);
      continue;
    }
    if (s.phase !== "turn") return;
    advance(ctx);
    if (s.turn === null && s.tasks.length === 0) return;
  }
  throw new Error("the rules did not settle");
}
