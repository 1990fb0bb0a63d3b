/**
 * The Concede control of every ruleset's table (inside ./Abandonment.tsx): "Concede", then the
 * one question every ruleset asks, "Concede the match? Your side loses. This cannot be undone.",
 * with "Yes, concede" and "Keep playing". The rules decide what a concession means (the seat, or
 * its whole team, loses). The question's open state is held by the table's body when there is
 * one (./concede-question.ts): it stays open when the table under it changes.
 */
import { useTranslation } from "react-i18next";
import { useConcedeQuestion } from "./concede-question";
import "../i18n/table-strings";

export interface ConcedeButtonProps {
  /** Sends the concession. */
  readonly onConcede: () => void;
  /** While a claim or a concession is on its way. */
  readonly disabled?: boolean;
}

/** "Concede", then the question with "Yes, concede" and "Keep playing". */
export function ConcedeButton({ onConcede, disabled = false }: ConcedeButtonProps) {
  const { t } = useTranslation("table");
  const [asking, setAsking] = useConcedeQuestion();
  if (!asking) {
    return (
      <button type="button" className="concede" disabled={disabled} onClick={() => setAsking(true)}>
        {t("abandon.concede")}
      </button>
    );
  }
  const question = t("abandon.concedeConfirm");
  return (
    <span className="concede-confirm" role="group" aria-label={question}>
      <span className="concede-question">{question}</span>{" "}
      <button
        type="button"
        className="danger"
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConcede();
        }}
      >
        {t("abandon.concedeYes")}
      </button>{" "}
      <button type="button" onClick={() => setAsking(false)} autoFocus>
        {t("abandon.concedeNo")}
      </button>
    </span>
  );
}
