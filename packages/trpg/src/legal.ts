/**
 * Every legal command of a seat (engine contract `legalCommands`): candidates are generated and
 * kept when `check` accepts them, so the list and `apply` never disagree. The same code runs on a
 * seat's projection (`legalCommandsInView`): `check` reads nothing a seat may not know.
 *
 * `end_round` is listed without delayed turns and with each delayed turn of one command; longer
 * delayed turns are sequences of listed commands (docs/rules/trpg.md "Presence").
 */
import type { SeatId, Square } from "@fogwar/engine";
import { isGameMaster, RULES, seatOf, seenBy, weaponOf, type Board } from "./board";
import { check, checkAction, delayedBoard, movesOf } from "./check";
import { STAT_NAMES } from "./data";
import { DIRECTIONS } from "./geometry";
import type { ActionCommand, CharacterState, TrpgCommand, Turn } from "./types";

/** The seats whose command the match waits for. */
export function awaiting(b: Board): SeatId[] {
  if (b.phase === "over" || b.result) return [];
  if (b.pending) return [b.pending.seat];
  if (b.phase === "round_end") return [...b.roundEnd];
  return b.turn ? [seatOf(b, b.turn.actor)] : [];
}

/** k-subsets of a sorted list, in order. */
function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of subsets(items.slice(i + 1), k - 1)) out.push([item, ...rest]);
  });
  return out;
}

/** The actions `c` may take in `turn` (each checked). */
export function actionCandidates(b: Board, c: CharacterState, turn: Turn): ActionCommand[] {
  const out: ActionCommand[] = [{ type: "end_turn" }];
  const at = c.at!;
  const foes = Object.values(b.characters)
    .filter((t) => t.side !== c.side && t.status !== "dead" && t.at && seenBy(t, c.side))
    .map((t) => t.id)
    .sort();
  const mine = b.order.indexOf(c.id);
  for (const id of b.order.slice(mine + 1)) out.push({ type: "delay", after: id });
  for (const key of movesOf(b, c, turn, "move").keys()) out.push({ type: "move", to: parse(key) });
  if (turn.ap >= RULES.costs.main) for (const key of movesOf(b, c, turn, "sprint").keys()) out.push({ type: "sprint", to: parse(key) });
  for (const d of DIRECTIONS) out.push({ type: "step", to: { x: at.x + d.x, y: at.y + d.y } });
  out.push({ type: "disengage" }, { type: "stand" }, { type: "prone" });
  const w = weaponOf(c);
  for (const called of [false, true]) {
    for (const target of foes) {
      out.push({ type: "shoot", targets: [target], burst: false, called }, { type: "snapshot", target, called }, { type: "melee", target, called });
      if (!called) out.push({ type: "shove", target });
    }
    if (w.rateOfFire >= 2) {
      for (let k = 1; k <= w.rateOfFire; k++) for (const targets of subsets(foes, k)) out.push({ type: "shoot", targets, burst: true, called });
    }
  }
  for (let dir = 0; dir < 8; dir++) out.push({ type: "overwatch", dir });
  const areas = new Map<string, Square>();
  for (const id of foes) {
    const f = b.characters[id]!.at!;
    for (const [dx, dy] of [[0, 0], [-1, 0], [0, -1], [-1, -1]] as const) if (f.x + dx >= 0 && f.y + dy >= 0) areas.set(`${f.x + dx},${f.y + dy}`, { x: f.x + dx, y: f.y + dy });
  }
  for (const a of [...areas.values()].sort((p, q) => p.y - q.y || p.x - q.x)) out.push({ type: "suppress", at: a });
  out.push({ type: "brace" }, { type: "conceal" }, { type: "spot" }, { type: "swap" }, { type: "peek" }, { type: "unpeek" });
  for (const t of Object.values(b.characters).filter((x) => x.side === c.side).sort((p, q) => (p.id < q.id ? -1 : 1))) {
    out.push({ type: "heal", target: t.id }, { type: "stabilise", target: t.id });
  }
  return out.filter((cmd) => checkAction(b, c, turn, cmd) === null);
}

const parse = (key: string): Square => {
  const [x, y] = key.split(",").map(Number) as [number, number];
  return { x, y };
};

/** The game master's console checks (seed 002 3-4, 3-5). */
function consoleCandidates(b: Board): TrpgCommand[] {
  const out: TrpgCommand[] = [];
  const d = RULES.difficulties;
  const chars = Object.values(b.characters).filter((c) => c.known && c.status !== "dead").sort((p, q) => (p.id < q.id ? -1 : 1));
  for (const c of chars) {
    for (const stat of STAT_NAMES) {
      for (const difficulty of [d.normal, d.hard, d.expert]) out.push({ type: "call_check", character: c.id, stat, difficulty });
      for (let modifier = RULES.gmModifier.min; modifier <= RULES.gmModifier.max; modifier++) out.push({ type: "resist", character: c.id, stat, modifier });
    }
    if (!c.cold) for (let modifier = RULES.gmModifier.min; modifier <= RULES.gmModifier.max; modifier++) out.push({ type: "resist", character: c.id, stat: "TGH", modifier, cold: true });
    if (c.side === "party") {
      for (const e of chars) if (e.side === "enemies" && !b.revealedStats.includes(e.id)) for (const difficulty of [d.normal, d.hard, d.expert]) out.push({ type: "call_check", character: c.id, stat: "COG", difficulty, study: e.id });
    }
  }
  return out;
}

/** Every command `seat` may send now (engine contract). */
export function legalCommands(b: Board, seat: SeatId): TrpgCommand[] {
  if (!awaiting(b).includes(seat)) return [];
  if (b.pending) return b.pending.options.map((choice) => ({ type: "decide", choice }));
  const out: TrpgCommand[] = [];
  if (b.phase === "round_end") {
    out.push({ type: "end_round" });
    for (const id of b.deferred) {
      if (seatOf(b, id) !== seat || b.characters[id]!.status !== "active") continue;
      const { board, c } = delayedBoard(b, id);
      for (const cmd of actionCandidates(board, c, board.turn!)) {
        if (cmd.type !== "end_turn" && cmd.type !== "delay") out.push({ type: "end_round", turns: [{ actor: id, commands: [cmd] }] });
      }
    }
  } else if (b.turn) {
    out.push(...actionCandidates(b, b.characters[b.turn.actor]!, b.turn));
  }
  if (isGameMaster(b, seat)) out.push(...consoleCandidates(b));
  return out.filter((cmd) => check(b, seat, cmd) === null);
}

/** Every command `seat` may send, computed from its own projection alone (equal to {@link legalCommands}). */
export const legalCommandsInView = (view: Board, seat: SeatId): TrpgCommand[] => legalCommands(view, seat);

