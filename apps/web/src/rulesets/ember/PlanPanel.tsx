/**
 * The plan phase: one timing dial selector per mech of the viewer, how many dials are still to
 * set, "Lock plan" (sending the
 * lock_plan from the legal list that matches the chosen dials), each seat's lock state with its
 * commitment shortened, and the dials revealed so far. The opponent's dial values are never in
 * this component's input: the projection does not contain them before the reveal.
 */
import { RuleTip } from "../../help/RuleTip";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSeatNamer } from "../../table/names";
import { TIMINGS, type EmberCommand, type EmberView, type Timing } from "@fogwar/ember";
import { ofType, unitLabel } from "./model";
import "../../i18n/help-strings";
import "../../i18n/table-strings";

export interface PlanPanelProps {
  readonly view: EmberView;
  readonly seat: string | null;
  readonly legal: readonly EmberCommand[];
  readonly onCommand: (command: EmberCommand) => void;
}

const sameDials = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

export function PlanPanel({ view, seat, legal, onCommand }: PlanPanelProps) {
  const { t } = useTranslation("table");
  const name = useSeatNamer(view.seats);
  const plans = ofType(legal, "lock_plan");
  const mechs = plans[0] ? Object.keys(plans[0].dials) : [];
  const [dials, setDials] = useState<Record<string, Timing>>({});
  const chosen = mechs.every((id) => dials[id]);
  const unset = mechs.filter((id) => !dials[id]).length;
  const match = chosen ? plans.find((p) => sameDials(p.dials, Object.fromEntries(mechs.map((id) => [id, dials[id] as Timing])))) : undefined;
  const revealed = Object.entries(view.revealed);
  // An opponent's dials come out one by one (progressive reveal) or all at once.
  const hiddenDials = (s: string) => {
    const owned = (id: string) => view.units.find((u) => u.id === id)?.owner === s;
    const count = revealed.filter(([id]) => owned(id)).length;
    const mechs = view.units.filter((u) => u.kind === "mech" && u.owner === s && !u.destroyed).length;
    if (count === 0) return t("plan.hiddenUntilReveal");
    return count >= mechs ? t("plan.allRevealed") : t("plan.partlyRevealed", { count });
  };
  return (
    <section className="plan-panel" aria-labelledby="plan-title">
      <h3 id="plan-title">{t("plan.title")}</h3>
      {seat && mechs.length > 0 && (
        <form
          className="plan-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (match) onCommand(match);
          }}
        >
          <p className="dial-status" role="status" data-unset={unset}>
            <strong>{unset > 0 ? t("plan.toSet", { count: unset }) : t("plan.readyToLock")}</strong>
          </p>
          <p className="hint">{t("plan.secret")}</p>
          <p className="dial-help">
            <RuleTip term={t("help:dials")} help={t("help:timingDials")}>
              {t("help:dials")}
            </RuleTip>
            :{" "}
            {TIMINGS.map((timing, i) => (
              <span key={timing}>
                {i > 0 && " · "}
                <RuleTip term={t(`timing.${timing}`)} help={t(`help:timing.${timing}`)}>
                  {t("timingNumbered", { n: i + 1, name: t(`timing.${timing}`) })}
                </RuleTip>
              </span>
            ))}
          </p>
          {mechs.map((id) => (
            <label key={id} className="field dial">
              {t("plan.dialFor", { unit: unitLabel(view, id, name) })}
              <select value={dials[id] ?? ""} onChange={(e) => setDials((d) => ({ ...d, [id]: e.target.value as Timing }))} data-dial-select={id}>
                <option value="">—</option>
                {TIMINGS.map((timing, i) => (
                  <option key={timing} value={timing} title={t(`help:timing.${timing}`)}>
                    {t("timingNumbered", { n: i + 1, name: t(`timing.${timing}`) })}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <button type="submit" className="primary" disabled={!match}>
            {t("plan.lock")}
          </button>
        </form>
      )}
      <ul className="plan-states">
        {view.seats.map((s) => {
          const plan = view.plans[s];
          const own = s === seat;
          return (
            <li key={s} data-plan-seat={s}>
              <strong>{own ? t("plan.yourPlan") : t("plan.opponentPlan", { seat: name(s) })}</strong>:{" "}
              {plan?.locked ? t("plan.locked") : t("plan.notLocked")}
              {plan?.dials ? (
                <span className="own-dials">
                  {" "}
                  ·{" "}
                  {Object.entries(plan.dials)
                    .map(([id, timing]) => `${unitLabel(view, id, name)}: ${t(`timing.${timing}`)}`)
                    .join(", ")}
                </span>
              ) : (
                !own && <span className="hidden-dials"> · {hiddenDials(s)}</span>
              )}
            </li>
          );
        })}
      </ul>
      <h4>{t("plan.revealed")}</h4>
      {revealed.length === 0 ? (
        <p>{t("plan.noneRevealed")}</p>
      ) : (
        <ul className="revealed">
          {revealed.map(([id, timing]) => (
            <li key={id} data-revealed={id}>
              {unitLabel(view, id, name)}: {t("timingNumbered", { n: TIMINGS.indexOf(timing) + 1, name: t(`timing.${timing}`) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
