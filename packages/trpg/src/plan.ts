/**
 * The bot's quick rules (no search): its answers to decisions, and the delayed turns of its unseen
 * characters in the round-end step. They are fixed and fast on purpose (docs/rules/trpg.md
 * "Presence", time): the round-end step goes out at the bot's usual pace whatever it holds.
 */
import type { SeatId, Square } from "@fogwar/engine";
import { seatOf, sideOfSeat } from "./board";
import { distance, DIRECTIONS } from "./geometry";
import { legalCommandsInView } from "./legal";
import type { ActionCommand, DelayedTurn, TrpgCommand } from "./types";
import type { TrpgView } from "./view";

/** The bot's answer to a decision: fire from overwatch, dodge, drop prone, the harder cover, and let a fallen enemy die. */
export function answer(view: TrpgView): TrpgCommand | null {
  const p = view.pending;
  if (!p) return null;
  const choice = { overwatch: "fire", dodge: "dodge", drop: "drop", cover_strength: p.options[p.options.length - 1]!, enemy_down: "kill" }[p.kind];
  return { type: "decide", choice: p.options.includes(choice) ? choice : p.options[0]! };
}

/** The direction (0-7) that points most nearly from `from` to `to`. */
export function directionTo(from: Square, to: Square): number {
  let best = 0;
  let score = -Infinity;
  DIRECTIONS.forEach((d, i) => {
    const dot = ((to.x - from.x) * d.x + (to.y - from.y) * d.y) / Math.hypot(d.x, d.y);
    if (dot > score) [best, score] = [i, dot];
  });
  return best;
}

/**
 * The delayed turns of `seat`'s characters that waited this round: each fires at the nearest enemy
 * it may (from concealment, with the +2 against one unaware of it), else spots and watches the
 * nearest enemy it knows of from overwatch.
 */
export function delayedTurns(view: TrpgView, seat: SeatId): TrpgCommand {
  const side = sideOfSeat(view, seat);
  const listed = legalCommandsInView(view, seat);
  const turns: DelayedTurn[] = [];
  for (const id of view.deferred) {
    const c = view.characters[id];
    if (!c || !c.at || seatOf(view, id) !== seat || c.status !== "active") continue;
    const first = listed.flatMap((cmd) => (cmd.type === "end_round" && cmd.turns?.[0]?.actor === id ? [cmd.turns[0].commands[0]!] : []));
    const foes = Object.values(view.characters).filter((o) => o.side !== side && o.status !== "dead" && (o.at ?? o.lastSeen));
    const nearest = foes.sort((a, b) => distance(c.at!, (a.at ?? a.lastSeen)!) - distance(c.at!, (b.at ?? b.lastSeen)!))[0];
    const shots = first.filter((cmd): cmd is ActionCommand & { type: "shoot" } => cmd.type === "shoot" && !cmd.burst && !cmd.called);
    const shot = nearest ? shots.find((cmd) => cmd.targets[0] === nearest.id) ?? shots[0] : shots[0];
    const commands: ActionCommand[] = [];
    if (shot) commands.push(shot);
    else {
      if (first.some((cmd) => cmd.type === "spot")) commands.push({ type: "spot" });
      if (nearest && first.some((cmd) => cmd.type === "overwatch")) commands.push({ type: "overwatch", dir: directionTo(c.at, (nearest.at ?? nearest.lastSeen)!) });
    }
    if (commands.length > 0) turns.push({ actor: id, commands });
  }
  return turns.length > 0 ? { type: "end_round", turns } : { type: "end_round" };
}
