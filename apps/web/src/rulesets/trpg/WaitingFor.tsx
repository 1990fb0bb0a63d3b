/**
 * What the table waits for, in words, for the seats that are not awaited (seed 002 3-2 round end;
 * the decisions of 3-3, 3-4, 3-6): the decision another seat is making ("whether Raider is dead or
 * incapacitated"), or the round-end step where characters that waited unseen act. Only what the
 * viewer's view shows (a decision naming someone it cannot see is not in its view); a free strike's
 * with why it is offered (`cause`, ./why.ts).
 */
import type { FreeStrikeCause, TrpgView } from "@fogwar/trpg";
import { seatList } from "../../table/names";
import { charName, type TrpgWords } from "./words";
import { freeStrikeKey } from "./why";

export function WaitingFor({ view, w, waiting, cause }: { view: TrpgView; w: TrpgWords; waiting: readonly string[]; cause?: FreeStrikeCause | null }) {
  const p = view.pending;
  const seats = seatList(w.name, waiting);
  let text: string | null = null;
  if (p) {
    const who = "target" in p ? charName(w, p.target) : "character" in p ? charName(w, p.character) : "";
    const by = "overwatcher" in p ? charName(w, p.overwatcher) : "attacker" in p ? charName(w, p.attacker) : "shooter" in p ? charName(w, p.shooter) : "";
    text = w.t("waitingFor.decision", { seats, what: w.t(freeStrikeKey(p.kind, "waiting", cause), { who, by }) });
  } else if (view.phase === "round_end") {
    text = w.t("waitingFor.roundEnd", { seats });
  }
  return text ? <p className="waiting-for hint keep-folded">{text}</p> : null;
}
