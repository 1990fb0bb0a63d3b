/**
 * Rules help in context: a term with its short explanation, as a tooltip on hover (`title`) and,
 * on tap or keyboard, a small box opened by a "?" button next to the term, shown in the flow under
 * the term so it never runs off a phone's screen (Escape or a second tap closes it). Explanations live in the `help` namespace, in the project's own words.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "../i18n/help-strings";
import "./RuleTip.css";

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
