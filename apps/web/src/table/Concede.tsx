/**
 * The Concede control every ruleset's table offers a seat: "Concede", then a confirmation
 * ("Concede the match? This cannot be undone." or the ruleset's own question) with "Yes, concede"
 * and "Keep playing". The rules decide what a concession means (the seat, or its whole team, loses).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import "../i18n/table-strings";

export interface ConcedeButtonProps {
  /** Sends the ruleset's concede command. */
  readonly onConcede: () => void;
  /** The confirmation's question; absent: the table's "Concede the match? This cannot be undone." */
  readonly confirm?: string;
}

/** "Concede", then the question with "Yes, concede" and "Keep playing". */
export function ConcedeButton({ onConcede, confirm }: ConcedeButtonProps) {
  const { t } = useTranslation("table");
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="concede" onClick={() => setAsking(true)}>
        {t("actions.concede")}
      </button>
    );
  }
  const question = confirm ?? t("actions.concedeConfirm");
  return (
    <span className="concede-confirm" role="group" aria-label={question}>
      {question}{" "}
      <button type="button" className="danger" onClick={onConcede}>
        {t("actions.concedeYes")}
      </button>{" "}
      <button type="button" onClick={() => setAsking(false)} autoFocus>
        {t("actions.concedeNo")}
      </button>
    </span>
  );
}
