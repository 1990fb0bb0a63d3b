/**
 * "Switch to correspondence" at the table (docs/protocol.md "correspondence"): a seated player
 * proposes days per move and vacation days; the others see the proposal with Agree and Decline;
 * the one who agreed sees whom it waits for. Bot seats agree at once (the server counts them).
 * The match switches when every seat has agreed (a log entry; the clock panel then shows days).
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ClockField, CorrespondenceTerms } from "./clock";
import { termsWords } from "./clock";

/** Sends a proposal, an agreement (the same terms) or a decline (null); false when not connected. */
export type CorrespondenceSender = (terms: CorrespondenceTerms | null) => boolean;

/** The days per move offered (the protocol allows 1 to 14). */
export const DAYS_PER_MOVE = [1, 3, 7, 14] as const;

export interface CorrespondenceSwitchProps {
  readonly field: ClockField | null;
  /** The viewer's seat. */
  readonly seat: string;
  /** Every seat of the match, in seat order (from the clocks, or the table's players). */
  readonly seats: readonly string[];
  readonly nameOf: (seat: string) => string;
  readonly onSend: CorrespondenceSender;
}

export function CorrespondenceSwitch({ field, seat, seats, nameOf, onSend }: CorrespondenceSwitchProps) {
  const { t } = useTranslation("common");
  const id = useId();
  const [days, setDays] = useState<number>(3);
  const [vacation, setVacation] = useState<number>(0);
  const proposal = field?.proposal ?? null;
  if (field?.kind === "correspondence" || field?.imposed) return null;
  if (proposal) {
    const words = termsWords(t as unknown as Parameters<typeof termsWords>[0], proposal.terms);
    const waiting = seats.filter((s) => !proposal.agreed.includes(s));
    const mine = proposal.agreed.includes(seat);
    return (
      <div className="correspondence-switch proposal" role="status">
        <p>{t("clock.proposal", { who: nameOf(proposal.by), ...words })}</p>
        {waiting.length > 0 && mine && <p>{t("clock.waitingAgreement", { names: waiting.map(nameOf).join(", ") })}</p>}
        <p className="claim-buttons">
          {!mine && (
            <button type="button" className="primary" onClick={() => onSend(proposal.terms)}>
              {t("clock.agree")}
            </button>
          )}
          <button type="button" onClick={() => onSend(null)}>
            {t("clock.decline")}
          </button>
        </p>
      </div>
    );
  }
  return (
    <details className="correspondence-switch">
      <summary>{t("clock.switchTitle")}</summary>
      <p className="hint">{t("clock.switchHint")}</p>
      <p className="switch-fields">
        <label htmlFor={`${id}-days`}>{t("clock.daysPerMove")}</label>{" "}
        <select id={`${id}-days`} value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {DAYS_PER_MOVE.map((d) => (
            <option key={d} value={d}>
              {t("clock.daysChoice", { count: d })}
            </option>
          ))}
        </select>{" "}
        <label htmlFor={`${id}-vacation`}>{t("clock.vacationDays")}</label>{" "}
        <input id={`${id}-vacation`} type="number" min={0} max={30} value={vacation} onChange={(e) => setVacation(Number.isFinite(e.target.valueAsNumber) ? Math.min(30, Math.max(0, Math.round(e.target.valueAsNumber))) : 0)} />{" "}
        <button type="button" onClick={() => onSend({ daysPerMove: days, vacationDays: vacation })}>
          {t("clock.propose")}
        </button>
      </p>
    </details>
  );
}
