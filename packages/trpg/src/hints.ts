/**
 * What a table tells a seat about why and where, read from that seat's own view (a projection or
 * its log), never from anything it may not see: why a free strike was offered (seed 002 3-1 접전),
 * and what cover a square gives against each enemy the seat can see (seed 002 3-3). Pure; the
 * rules themselves do not use these.
 */
import { allCharacters, mapOf, peopleInSight, RULES, seenBy, standing, weaponById, type Board } from "./board";
import { movesOf } from "./check";
import { COVER_RANK, coverOnLine, type CoverLevel } from "./geometry";
import type { Square } from "@fogwar/engine";
import type { CharacterId, CharacterState, FreeStrikeCause, TrpgEvent, Turn } from "./types";

export type { FreeStrikeCause } from "./types";

const COST = RULES.costs;

/**
 * Why `now`'s pending free strike was offered: the question's own `cause` (trpg-0.7.0 on). A match of
 * an older rules version asks without one; then it is read from the active character's turn as the same seat
 * saw it just before the command (`before`) and now (seed 002 3-1 접전: a move, sprint or step out
 * of engagement, or a shot with a weapon other than a pistol, provokes; 3-1 costs tell them
 * apart): a character holding a pistol or a melee weapon can only have been leaving; a move
 * action's segment count grew, or the points spent are a step's or a sprint's, leaving; suppressive
 * fire set this turn, or a shot's 4 points where no sprint could have cost as much (no square its
 * sprint reaches over exactly one half cover, by the rules' own routes on the view before), firing. Null when the two views do not tell (no view before, another turn, a
 * shot's cost a sprint over half cover could also have), or when no free strike is pending.
 */
export function freeStrikeCause(before: Board | null | undefined, now: Board): FreeStrikeCause | null {
  const p = now.pending;
  const turn = now.turn;
  if (p?.kind !== "free_strike") return null;
  if (p.cause) return p.cause;
  if (!turn || turn.actor !== p.target) return null;
  const c = now.characters[p.target];
  if (!c?.at) return null;
  const kind = c.weapon ? weaponById(c.weapon).kind : null;
  if (kind === "pistol" || kind === "melee") return "leaving";
  const was = before?.turn;
  if (!was || was.actor !== turn.actor) return null;
  if (turn.segments > was.segments) return "leaving";
  if (turn.suppress && !was.suppress) return "firing";
  const spent = was.ap - turn.ap;
  if (spent === COST.shooting) return before && sprintCouldCost(before, before.characters[c.id] ?? c, was, spent) ? null : "firing";
  return spent > 0 ? "leaving" : null;
}

/** Whether a sprint of `c` on `b` in `turn` could have cost `spent` (3-1: a main action; 3-3: +1 for each half cover its route crosses): some square it reaches costs that (`movesOf`, the rules' own routes). */
function sprintCouldCost(b: Board, c: CharacterState, turn: Turn, spent: number): boolean {
  if (spent < COST.main) return false;
  for (const route of movesOf(b, c, turn, "sprint").values()) if (route.ap + COST.main === spent) return true;
  return false;
}

/**
 * Why the free strike of `events[i]` (an `attack` via `free_strike`) was made, from what the one
 * struck did next in the log the seat heard (seed 002 3-1): it moved on (`moved`), leaving; it fired
 * (an attack of its own, suppressive fire), firing. Null when the log does not tell (it fell, the
 * turn ended) or `events[i]` is no free strike.
 */
export function freeStrikeCauseInLog(events: readonly TrpgEvent[], i: number): FreeStrikeCause | null {
  const strike = events[i];
  if (strike?.type !== "attack" || strike.via !== "free_strike") return null;
  const target: CharacterId = strike.target;
  for (const e of events.slice(i + 1)) {
    if (e.type === "turn_ended" || e.type === "turn_started" || e.type === "round_started") return null;
    if (e.type === "moved" && e.character === target) return "leaving";
    if ((e.type === "attack" && e.attacker === target && e.via !== "free_strike") || (e.type === "suppressing" && e.shooter === target)) return "firing";
  }
  return null;
}

/** The cover a square gives against one enemy: the strongest piece on the line from the enemy to it, or null for none. */
export interface CoverAgainst {
  readonly enemy: CharacterId;
  readonly level: CoverLevel | null;
}

/**
 * The cover `mover` would have at `square` against each standing enemy the view shows on the map
 * (seed 002 3-3: cover on the line between the two squares' centres, people as half cover, the
 * ends not counting), by character id. Only enemies the
 * mover's side can see are named, so a concealed enemy is never hinted at; a person counts as
 * cover only where nobody has to find them (`peopleInSight`).
 */
export function coverAgainst(view: Board, mover: CharacterId, square: Square): CoverAgainst[] {
  const me = view.characters[mover];
  if (!me) return [];
  const map = mapOf(view);
  const out: CoverAgainst[] = [];
  for (const o of allCharacters(view)) {
    if (o.side === me.side || !o.at || !standing(o) || !seenBy(o, me.side)) continue;
    const pieces = coverOnLine(map, o.at, square, peopleInSight(view, [o.id, me.id]));
    const level = pieces.reduce<CoverLevel | null>((best, p) => (best === null || COVER_RANK[p.level] > COVER_RANK[best] ? p.level : best), null);
    out.push({ enemy: o.id, level });
  }
  return out;
}
