/**
 * Rules help in context: a term with its short explanation, as a tooltip on hover (`title`) and,
 * on tap or keyboard, a small box opened by a "?" button next to the term, shown in the flow under
 * the term so it never runs off a phone's screen (Escape or a second tap closes it). Explanations live in the `help` namespace, in the project's own words.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "../i18n/help-strings";

export interface RuleTipProps {
  /** What the reader sees (the term itself, a picture, a name). */
  readonly children: ReactNode;
  /** The term's name for the "?" button's accessible name ("What is Quick?"). */
  readonly term: string;
  /** The explanation, already in the reader's language. */
  readonly help: string;
}

/** A term with its explanation on hover and on tap. */
export function RuleTip({ children, term, help }: RuleTipProps) {
  const { t } = useTranslation("help");
  const [open, setOpen] = useState(false);
  const id = useId();
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") setOpen(false);
  };
  return (
    <span className="rule-tip" title={help} onKeyDown={onKey}>
      {children}
      <button type="button" className="rule-tip-button" aria-label={t("whatIs", { term })} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        ?
      </button>
      <span id={id} role="note" className="rule-pop" hidden={!open}>
        {help}
      </span>
    </span>
  );
}

/** The CSS of the tips (shared by both tables and the how-to-play pages). */
export const RULE_TIP_CSS = `
.rule-tip { display: inline; }
.rule-tip-button { font: inherit; font-size: 0.75rem; line-height: 1; margin-left: 0.25em; padding: 0 0.3em; min-width: 24px; min-height: 24px; border-radius: 50%; border: 1px solid currentColor; background: transparent; color: inherit; cursor: help; vertical-align: middle; }
.rule-pop { display: block; margin: 0.3rem 0; padding: 0.5rem 0.6rem; max-width: 100%; box-sizing: border-box; background: #fffbe6; color: #222; border: 1px solid #b8a64a; border-radius: 6px; font-size: 0.85rem; font-weight: normal; white-space: normal; overflow-wrap: anywhere; text-align: start; }
.rule-pop:lang(ko) { word-break: keep-all; }
.rule-pop[hidden] { display: none; }
.how-to-play-link { display: inline-block; margin: 0.25rem 0.5rem; }
`;
