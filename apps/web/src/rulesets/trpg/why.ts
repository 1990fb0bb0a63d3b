/**
 * The table's "why" and "where" words from the seat's own view (@fogwar/trpg hints): why a free
 * strike is asked or was taken (seed 002 3-1 접전: leaving engagement, or firing while engaged),
 * and what cover a square of a move gives against each enemy the mover's side sees (3-3).
 */
import { useRef } from "react";
import { coverAgainst, freeStrikeCause, type CoverAgainst, type FreeStrikeCause, type TrpgCommand, type TrpgView } from "@fogwar/trpg";
import { charName, type TrpgWords } from "./words";

/**
 * Why the pending free strike of `view` was offered: @fogwar/trpg `freeStrikeCause` on this seat's
 * view before the command and now, kept while the same turn's points stand (the next engaged
 * opponent's question, a dodge asked between them). Null when the views do not tell.
 */
export function useFreeStrikeCause(view: TrpgView): FreeStrikeCause | null {
  const last = useRef<{ view: TrpgView; known: FreeStrikeCause | null } | null>(null);
  const prev = last.current;
  let known: FreeStrikeCause | null;
  if (prev?.view === view) known = prev.known;
  else {
    const sameTurn = prev !== null && !!view.turn && prev.view.turn?.actor === view.turn.actor && prev.view.turn.ap === view.turn.ap;
    known = freeStrikeCause(prev?.view, view) ?? (sameTurn ? prev.known : null);
    last.current = { view, known };
  }
  return view.pending?.kind === "free_strike" ? known : null;
}

/** The key of a free strike's words (`decision.free_strike.<part>`) with its cause: `text_leaving`, `waiting_firing`, or the plain part when the cause is unknown. */
export const freeStrikeKey = (kind: string, part: "text" | "waiting", cause: FreeStrikeCause | null | undefined): string =>
  `decision.${kind}.${kind === "free_strike" && cause ? `${part}_${cause}` : part}`;

/** The cover of a move, sprint or step's square for the active character (@fogwar/trpg `coverAgainst`); none for another command. */
function coverOf(w: TrpgWords, c: TrpgCommand): CoverAgainst[] {
  const actor = w.view.turn?.actor;
  return actor && (c.type === "move" || c.type === "sprint" || c.type === "step") ? coverAgainst(w.view, actor, c.to) : [];
}

/**
 * The cover a move, sprint or step of the active character to its square gives, in words ("half
 * cover against Yard raider; no cover against Lookout"), or "" for another command or no enemy in
 * sight (seed 002 3-3; only enemies the mover's side sees, @fogwar/trpg `coverAgainst`).
 */
export function coverWords(w: TrpgWords, c: TrpgCommand): string {
  return coverOf(w, c)
    .map(({ enemy, level }) => (level ? w.t("cover.against", { level: w.t(`cover.level.${level}`), enemy: charName(w, enemy) }) : w.t("cover.none", { enemy: charName(w, enemy) })))
    .join("; ");
}

/** Whether a move to the command's square has cover against every enemy in sight (`all`), some of them (`some`), or none or no enemy in sight (null); the map marks it ● or ◐. */
export function coverMark(w: TrpgWords, c: TrpgCommand): "all" | "some" | null {
  const cover = coverOf(w, c);
  const covered = cover.filter((x) => x.level !== null).length;
  return covered === 0 ? null : covered === cover.length ? "all" : "some";
}

/** `label` with the cover its square gives ("Move to C5 (half cover against Yard raider)"), or `label` alone. */
export function withCover(w: TrpgWords, label: string, c: TrpgCommand): string {
  const cover = coverWords(w, c);
  return cover ? w.t("cover.withCover", { what: label, cover }) : label;
}
