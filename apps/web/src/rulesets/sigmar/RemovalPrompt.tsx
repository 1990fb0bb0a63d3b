/**
 * Core C8 on the table (docs/rules/sigmar.md): the owner of a unit whose models were slain picks
 * which are removed. The suggested models are ringed on the map; a click on a model of the unit
 * marks or unmarks it (a click beyond the count drops the earliest mark); one button accepts the
 * suggestion. A standing preference kept in this browser (localStorage) removes the suggested
 * models at once, every time, as EMBER's reroll preferences answer reroll prompts.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { SigmarCommand, SigmarView } from "@fogwar/sigmar";
import { check } from "./commands";
import { unitName, type SigmarWords } from "./words";

const KEY = "fogwar.sigmar.alwaysSuggestedRemoval";

/** Whether this browser always removes the suggested models (false when unset or unreadable). */
export function loadAlwaysSuggested(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/** The standing preference and its setter (stored in this browser when storage allows). */
export function useAlwaysSuggested(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(loadAlwaysSuggested);
  const set = useCallback((next: boolean) => {
    setOn(next);
    try {
      globalThis.localStorage?.setItem(KEY, next ? "1" : "0");
    } catch {
      // Private windows may refuse storage: the preference then lasts this page only.
    }
  }, []);
  return [on, set];
}

/**
 * The marks for a pending removal: `marked` the model ids ringed (the suggestion until the owner
 * clicks), `toggle` a click on a model. Reset whenever the pending decision changes.
 */
export function useRemovalMarks(view: SigmarView): { marked: readonly string[]; toggle: (model: string) => void; reset: () => void } {
  const p = view.pending?.kind === "remove_models" ? view.pending : null;
  const key = p ? `${view.turn}:${p.unit}:${p.count}:${p.suggested.join(",")}` : "";
  const [picked, setPicked] = useState<{ key: string; ids: string[] } | null>(null);
  const marked = p ? (picked?.key === key ? picked.ids : [...p.suggested]) : [];
  const toggle = (model: string) => {
    if (!p) return;
    const ids = marked.includes(model) ? marked.filter((x) => x !== model) : [...marked, model];
    setPicked({ key, ids: ids.length > p.count ? ids.slice(ids.length - p.count) : ids });
  };
  return { marked, toggle, reset: () => setPicked(null) };
}

/** The prompt for the seat that chooses (and, for everyone else, what is awaited is said by `Pending`). */
export function RemovalPrompt({ w, view, seat, marked, onReset, onSend }: { w: SigmarWords; view: SigmarView; seat: string; marked: readonly string[]; onReset: () => void; onSend: (c: SigmarCommand) => void }) {
  const t = w.t;
  const p = view.pending?.kind === "remove_models" ? view.pending : null;
  const [always, setAlways] = useAlwaysSuggested();
  const answered = useRef<string | null>(null);
  const key = p ? `${view.turn}:${p.unit}:${p.count}:${p.suggested.join(",")}` : null;
  const mine = p !== null && p.seat === seat;
  useEffect(() => {
    if (!p || !mine || !always || !key || answered.current === key) return;
    answered.current = key;
    onSend({ type: "remove_models", models: [...p.suggested] });
  }, [p, mine, always, key, onSend]);
  if (!p || !mine) return null;
  const chosen: SigmarCommand = { type: "remove_models", models: [...marked] };
  const problem = marked.length !== p.count ? t("removal.count", { count: p.count, marked: marked.length }) : (() => { const code = check(view, seat, chosen); return code ? t(`errors.${code}`) : null; })();
  const suggestedOnly = marked.length === p.suggested.length && marked.every((id) => p.suggested.includes(id));
  return (
    <div className="removal-prompt" data-testid="removal-prompt">
      <p className="hint">{t("removal.hint", { unit: unitName(w, view, p.unit), count: p.count })}</p>
      <ul className="command-list">
        <li>
          <button type="button" className="primary" onClick={() => onSend({ type: "remove_models", models: [...p.suggested] })}>
            {t("removal.suggested", { count: p.count })}
          </button>
        </li>
        {!suggestedOnly && (
          <li>
            <button type="button" disabled={problem !== null} onClick={() => onSend(chosen)}>
              {t("removal.marked", { count: marked.length })}
            </button>{" "}
            <button type="button" onClick={onReset}>
              {t("removal.reset")}
            </button>
            {problem && (
              <span className="illegal" role="note">
                {" "}
                {problem}
              </span>
            )}
          </li>
        )}
      </ul>
      <label className="hint">
        <input type="checkbox" checked={always} onChange={(e) => setAlways(e.target.checked)} /> {t("removal.always")}
      </label>
    </div>
  );
}
