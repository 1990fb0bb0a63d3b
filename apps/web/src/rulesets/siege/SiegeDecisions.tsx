/**
 * The Siege decisions asked of a team outside its own moves (seed 004_cb264102299fbb71.txt): a
 * reaction (반응 액션) answered side by side, a shot's return fire (사격 교환), and, for the
 * reroll tokens and reactions, keeping their answers in the action bar's sight when asked.
 */
import { useRef, type RefObject } from "react";
import { canonicalJson } from "@fogwar/engine";
import type { SiegeCommand, SiegeView } from "@fogwar/siege";
import { describeCommand } from "./sentences";
import { opName, type SiegeWords } from "./words";
import { enc } from "./command-builder";
import { useInBarSight } from "../../table/ActionBar";

/**
 * Brings a reaction's answers, and a reroll's (Reroll, Keep the dice, the dice and the main
 * button), into the action bar's sight when they are asked (on a phone the bar scrolls, and its
 * "more below" edge would cover them). `answering`: a reaction is asked (its answers go in the
 * element of `answersRef`); `rerolling`: a reroll is asked (the controls' section takes `rerollRef`).
 */
export function useAnswersInSight(view: SiegeView, legal: readonly SiegeCommand[]) {
  const answersRef = useRef<HTMLDivElement>(null);
  const rerollRef = useRef<HTMLElement>(null);
  // (Keyed on the answers being shown: the legal commands may arrive after the pending question.)
  const answering = view.pending?.kind === "reaction" && legal.length > 0 && legal.every((c) => c.type === "react" || c.type === "hold");
  const rerolling = view.pending?.kind === "reroll" && legal.length > 0 && legal.every((c) => c.type === "reroll" || c.type === "keep");
  const asked = answering || rerolling ? canonicalJson(view.pending) : null;
  // A reroll's main button first, then its kinds: the section may be taller than the bar's sight (its help after them).
  useInBarSight(asked, () => {
    const reroll = rerollRef.current;
    return answersRef.current ? [answersRef.current] : [reroll?.querySelector(".command-list"), reroll?.querySelector(".kinds")];
  });
  return { answering, rerolling, answersRef, rerollRef };
}

/**
 * A reaction (seed 004 "반응 액션") is one question with its answers side by side, each named in
 * full ("Quill fires a reaction shot", "Hold fire"), so on a phone both fit in the bar's first row.
 */
export function ReactionAnswers({ view, legal, w, answersRef, onCommand }: { view: SiegeView; legal: readonly SiegeCommand[]; w: SiegeWords; answersRef: RefObject<HTMLDivElement | null>; onCommand: (c: SiegeCommand) => void }) {
  return (
    <section className="siege-controls" aria-label={w.t("controls.title")}>
      <div ref={answersRef} className="kinds answers" role="group" aria-label={w.t("controls.kind")}>
        {legal.map((c) => (
          <button key={enc(c)} type="button" data-kind={c.type} data-direct="true" className={c.type === "react" ? "primary" : undefined} onClick={() => onCommand(c)}>
            {c.type === "react" ? describeCommand(w, c, view) : w.t("cmd.hold")}
          </button>
        ))}
      </div>
    </section>
  );
}

/**
 * Seed 004 "사격 교환": the holder that survived the challenger's shot may fire back. One button per
 * answer, in the rules' order: firing back first and marked as the main one (one click keeps the
 * usual answer, also the time bank's), then not firing.
 */
export function FireBack({ view, answers, w, onCommand }: { view: SiegeView; answers: readonly Extract<SiegeCommand, { type: "return_fire" }>[]; w: SiegeWords; onCommand: (c: SiegeCommand) => void }) {
  const p = view.pending;
  const target = p?.kind === "return_fire" ? opName(w, p.challenger) : "";
  return (
    <div className="fire-back" role="group" aria-label={w.t("choice.title")}>
      <ul className="command-list">
        {answers.map((c, i) => (
          <li key={String(c.fire)}>
            <button type="button" className={i === 0 ? "primary" : undefined} data-command={c.type} data-fire={String(c.fire)} onClick={() => onCommand(c)}>
              {c.fire ? w.t("choice.returnFire", { target }) : w.t("choice.holdFire")}
            </button>
          </li>
        ))}
      </ul>
      <p className="hint">{w.t("choice.usual")}</p>
    </div>
  );
}
