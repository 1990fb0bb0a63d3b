/**
 * Composing a delayed turn for the round-end step (docs/rules/trpg.md "Presence"): what a seat's
 * waiting character may do after the commands already chosen for it, worked out on a world the
 * seat imagines from its own view (./determinize.ts), as a client does before it sends the one
 * `end_round`. A guide only: the dice of the real turn may differ, and the server checks each
 * command as it comes.
 */
import { Random, rngStateFromSeed, type SeatId } from "@fogwar/engine";
import { executeAction } from "./actions";
import { checkAction } from "./check";
import { Ctx } from "./context";
import { determinize } from "./determinize";
import { settle, startTurn } from "./flow";
import { actionCandidates } from "./legal";
import type { ActionCommand, CharacterId } from "./types";
import type { TrpgView } from "./view";

/**
 * The commands `actor` (a character of `seat` waiting in `view`'s round-end step) may take after
 * `queued`; null when a queued command would be refused, [] when the turn would be over.
 */
export function delayedTurnOptions(view: TrpgView, seat: SeatId, actor: CharacterId, queued: readonly ActionCommand[]): ActionCommand[] | null {
  if (view.phase !== "round_end" || !view.deferred.includes(actor)) return null;
  const ctx = new Ctx(determinize(view, seat, new Random(rngStateFromSeed(actor, "compose"))));
  const s = ctx.s;
  s.deferred = s.deferred.filter((id) => id !== actor);
  startTurn(ctx, actor, true);
  const c = s.characters[actor]!;
  for (const command of queued) {
    if (command.type === "end_turn") return [];
    if (!s.turn || s.turn.actor !== actor || checkAction(s, c, s.turn, command)) return null;
    executeAction(ctx, c, command);
    settle(ctx);
    if (s.pending || !s.turn || s.turn.actor !== actor || s.turn.ending) return [];
  }
  return actionCandidates(s, c, s.turn!).filter((cmd) => cmd.type !== "delay");
}
