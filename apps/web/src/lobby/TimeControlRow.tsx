/**
 * The time control of a new match (every ruleset's create form, "Open a table", "Challenge"):
 * real time (the ruleset's own clock, if any) or correspondence, 1, 3, 7 or 14 days per move plus
 * 0 to 30 vacation days (the match option `correspondence`; docs/protocol.md "Correspondence").
 */
import { useTranslation } from "react-i18next";
import "./TimeControlRow.css";

/** Correspondence terms (the protocol's `CorrespondenceTerms`); null: real time. */
export type TimeControl = { readonly daysPerMove: number; readonly vacationDays: number } | null;

/** The days per move offered. */
export const DAYS_PER_MOVE_CHOICES = [1, 3, 7, 14] as const;

/** The terms first offered when the player picks correspondence. */
export const DEFAULT_CORRESPONDENCE = { daysPerMove: 3, vacationDays: 0 } as const;

/** `{ correspondence }` for a create request's options, or nothing for real time. */
export const correspondenceOption = (value: TimeControl): { correspondence?: { daysPerMove: number; vacationDays: number } } =>
  value ? { correspondence: { daysPerMove: value.daysPerMove, vacationDays: value.vacationDays } } : {};

export function TimeControlRow({ id, value, onChange }: { readonly id: string; readonly value: TimeControl; readonly onChange: (next: TimeControl) => void }) {
  const { t } = useTranslation("common");
  const vacation = (raw: number) => (Number.isFinite(raw) ? Math.min(30, Math.max(0, Math.round(raw))) : 0);
  return (
    <div className="row time-control">
      <span className="fields-label">{t("clock.timeControl")}</span>
      <span role="radiogroup" aria-label={t("clock.timeControl")} className="choices">
        <label>
          <input type="radio" name={`${id}-tc`} checked={value === null} onChange={() => onChange(null)} /> {t("clock.realTime")}
        </label>
        <label>
          <input type="radio" name={`${id}-tc`} checked={value !== null} onChange={() => onChange(value ?? DEFAULT_CORRESPONDENCE)} /> {t("clock.byCorrespondence")}
        </label>
      </span>
      {value && (
        <span className="correspondence-fields">
          <label htmlFor={`${id}-days`}>{t("clock.daysPerMove")}</label>{" "}
          <select id={`${id}-days`} value={value.daysPerMove} onChange={(e) => onChange({ ...value, daysPerMove: Number(e.target.value) })}>
            {DAYS_PER_MOVE_CHOICES.map((d) => (
              <option key={d} value={d}>
                {t("clock.daysChoice", { count: d })}
              </option>
            ))}
          </select>{" "}
          <label htmlFor={`${id}-vacation`}>{t("clock.vacationDays")}</label>{" "}
          <input id={`${id}-vacation`} type="number" min={0} max={30} value={value.vacationDays} onChange={(e) => onChange({ ...value, vacationDays: vacation(e.target.valueAsNumber) })} />
        </span>
      )}
      {value && <small>{t("clock.correspondenceHint")}</small>}
    </div>
  );
}
