/**
 * The bot's round-end step (docs/rules/trpg.md "Presence"; seed 002 3-2 delaying): the whole turns
 * of its characters that waited unseen, planned by the same turn search (./turn.ts) on the board
 * as each delayed turn starts, and sent in one `end_round`.
 *
 * A delayed turn is sent whole before any of its dice are rolled, and a command that has become
 * impossible stops the delayed turns there (./delayed.ts). A plan whose later command may become
 * impossible by the dice (a second strike at a target the first may bring down; concealing after
 * a shot from concealment, when the shot may leave it concealed) keeps that risky tail only when
 * it is the last turn: the turns go in initiative order (seed 002 3-1, 3-2), and the others stop
 * before it.
 */
import type { SeatId } from "@fogwar/engine";
import { seatOf, standing } from "../board";
import { delayedBoard } from "../check";
import type { ActionCommand, DelayedTurn, TrpgCommand } from "../types";
import type { TrpgView } from "../view";
import { Work } from "./reach";
import { tactical } from "./chances";
import { TurnSearch } from "./turn";

/** Where a plan's first command whose legality the dice may change stands (its length when none). */
export function riskyFrom(commands: readonly ActionCommand[], concealed: boolean): number {
  const attacked = new Set<string>();
  let shotUnseen = false;
  for (const [i, c] of commands.entries()) {
    const targets = c.type === "shoot" ? c.targets : c.type === "snapshot" || c.type === "melee" || c.type === "shove" ? [c.target] : [];
    if (targets.some((t) => attacked.has(t))) return i;
    if (c.type === "conceal" && shotUnseen) return i;
    if (targets.length > 0 && concealed && (c.type === "shoot" || c.type === "snapshot")) shotUnseen = true;
    if (c.type === "move" || c.type === "sprint" || c.type === "melee" || c.type === "shove") concealed = false;
    targets.forEach((t) => attacked.add(t));
  }
  return commands.length;
}

/**
 * The `end_round` of `seat` in `view`'s round-end step, with the delayed turns of its characters
 * that waited (each searched within an equal share of what is left of `work`).
 */
export function roundEndCommand(view: TrpgView, seat: SeatId, work: Work): TrpgCommand {
  const b = tactical(view);
  const actors = b.deferred.filter((id) => {
    const c = b.characters[id];
    return c !== undefined && c.at !== null && standing(c) && seatOf(b, id) === seat;
  });
  const planned: { turn: DelayedTurn; risky: number }[] = [];
  for (const [i, id] of actors.entries()) {
    // Once the work is spent the others wait out the round (their turns are not played).
    if (work.exhausted) break;
    const { board } = delayedBoard(b, id);
    const share = new Work(Math.floor(work.left / (actors.length - i)), work.stakes, work.weights);
    const commands = new TurnSearch(board, id, share).whole();
    work.spend(share.used);
    if (commands.length === 0) continue;
    planned.push({ turn: { actor: id, commands }, risky: riskyFrom(commands, b.characters[id]!.concealed) });
  }
  // In initiative order (seed 002 3-1, 3-2: the round-end step too): only the last turn keeps a risky tail, the others stop before it.
  const turns = planned.flatMap((p, i) => {
    if (i === planned.length - 1 || p.risky >= p.turn.commands.length) return [p.turn];
    return p.risky > 0 ? [{ actor: p.turn.actor, commands: p.turn.commands.slice(0, p.risky) }] : [];
  });
  return turns.length > 0 ? { type: "end_round", turns } : { type: "end_round" };
}
