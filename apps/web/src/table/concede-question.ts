/**
 * Whether the Concede question ("Concede the match? ...", ./Concede.tsx) is open, held above the
 * ruleset's table (./TableBody.tsx) so the question stays open when the table under it is
 * replaced: a muster giving way to the battle as the last list locks, while its player is
 * answering. Without a holder (a review, a test) each Concede control holds its own.
 */
import { createContext, useContext, useState } from "react";

/** The open flag and its setter, as `useState` returns them. */
export type ConcedeQuestionState = readonly [boolean, (open: boolean) => void];

/** Provided by the table's body: the question's state for every Concede control under it. */
export const ConcedeQuestion = createContext<ConcedeQuestionState | null>(null);

/** The held question's state when a table's body holds it, else the control's own. */
export function useConcedeQuestion(): ConcedeQuestionState {
  const held = useContext(ConcedeQuestion);
  const own = useState(false);
  return held ?? own;
}
