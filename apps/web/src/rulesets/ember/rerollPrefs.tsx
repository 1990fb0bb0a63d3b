/**
 * Standing answers to link reroll prompts (seed 000 4: the attacker's part die and attack dice, the
 * defender's dice, either side's EW dice), kept in this browser (localStorage): for each kind,
 * "ask me" (the default), "take the suggested answer" (the rules' default answer,
 * `defaultAnswerInView`) or "never reroll". The table answers such a prompt by itself, says so,
 * and offers to change the preference.
 */
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { defaultAnswerInView, type EmberCommand, type EmberView } from "@fogwar/ember";
import { commandKey } from "./model";
import "../../i18n/table-strings";

/** The reroll prompts a preference can answer. */
export const REROLL_KINDS = ["part_reroll", "attack_reroll", "defence_reroll", "ew_reroll"] as const;
export type RerollKind = (typeof REROLL_KINDS)[number];
/** A standing answer: ask every time, take the suggested answer, or never reroll. */
export type RerollPref = "ask" | "suggested" | "never";
export type RerollPrefs = Partial<Record<RerollKind, RerollPref>>;

const KEY = "fogwar.ember.rerollPrefs";

/** The preferences stored in this browser ({} when none or unreadable). */
export function loadRerollPrefs(): RerollPrefs {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : {};
    return parsed && typeof parsed === "object" ? (parsed as RerollPrefs) : {};
  } catch {
    return {};
  }
}

/** Stores the preferences in this browser (silently nothing when storage is unavailable). */
export function saveRerollPrefs(prefs: RerollPrefs): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // Private windows may refuse storage: the preference then lasts this page only.
  }
}

/** The preferences and a setter that stores them. */
export function useRerollPrefs(): [RerollPrefs, (kind: RerollKind, pref: RerollPref) => void] {
  const [prefs, setPrefs] = useState<RerollPrefs>(loadRerollPrefs);
  const set = useCallback((kind: RerollKind, pref: RerollPref) => {
    setPrefs((old) => {
      const next = { ...old, [kind]: pref };
      saveRerollPrefs(next);
      return next;
    });
  }, []);
  return [prefs, set];
}

/**
 * The answer a preference gives to the viewer's pending reroll prompt, or null (ask): "never" is
 * the legal reroll of no dice, "suggested" the rules' default answer; both taken from `legal`.
 */
export function preferredAnswer(view: EmberView, legal: readonly EmberCommand[], prefs: RerollPrefs): EmberCommand | null {
  const kind = view.pending?.kind;
  if (!kind || !(REROLL_KINDS as readonly string[]).includes(kind)) return null;
  const pref = prefs[kind as RerollKind] ?? "ask";
  if (pref === "ask") return null;
  if (pref === "never") return legal.find((c) => c.type === "reroll" && c.dice.length === 0) ?? null;
  const best = defaultAnswerInView(view);
  return best && legal.some((c) => commandKey(c) === commandKey(best)) ? best : null;
}

/** The preference form: one choice per reroll kind. */
export function RerollPrefsForm({ prefs, set }: { prefs: RerollPrefs; set: (kind: RerollKind, pref: RerollPref) => void }) {
  const { t } = useTranslation("table");
  return (
    <details className="prefs" data-testid="reroll-prefs">
      <summary>{t("prefs.title")}</summary>
      <p className="hint">{t("prefs.explain")}</p>
      {REROLL_KINDS.map((kind) => (
        <fieldset key={kind}>
          <legend>{t(`prefs.kind.${kind}`)}</legend>
          {(["ask", "suggested", "never"] as const).map((pref) => (
            <label key={pref}>
              <input type="radio" name={`pref-${kind}`} value={pref} checked={(prefs[kind] ?? "ask") === pref} onChange={() => set(kind, pref)} /> {t(`prefs.${pref}`)}
            </label>
          ))}
        </fieldset>
      ))}
    </details>
  );
}
