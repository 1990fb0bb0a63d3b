/**
 * The muster screen (seed 001 2; docs/rules/ember.md "Muster"): while the match waits for the
 * players' secret army lists, a seat that has not locked builds its list with the lobby's army
 * builder (points against the battle size's limit) and locks it; a seat that has locked waits for
 * the others and may unlock to change its list while some seat has not locked. Every viewer sees
 * each seat's lock status (its commitment is checked in the review, not shown), never another seat's list before the reveal.
 */
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { catalog, type ArmyList, type EmberCommand, type EmberEvent, type EmberView } from "@fogwar/ember";
import { ArmyEditor } from "./ArmyEditor";
import { assess, cloneArmy } from "./armyModel";
import { nameIn } from "../../lobby/sample-names";
import { HowToPlayLink } from "../../help/HowToPlayLink";
import { NotifyButton } from "../../table/TableChrome";
import { useTurnAwareness } from "../../table/turn";
import { EventLog } from "./EventLog";
import { sampleName, scenarioOf, seatColour, seatMark } from "./model";
import { seatList, useSeatNamer } from "../../table/names";
import type { TableScreenProps } from "../../table/view-props";
import "../../i18n/table-strings";
import "./table.css";
import "./Muster.css";

/** The muster screen's props (../../table/view-props.ts), with leaving the match (claims and Concede hold while mustering too). */
export type MusterScreenProps = TableScreenProps<EmberView, EmberCommand, EmberEvent> & { readonly abandonment?: ReactNode };

/** The sample lists valid at a battle size, the first one a seat starts from. */
function samplesFor(battleSize: Parameters<typeof assess>[1]): ArmyList[] {
  return catalog.data.armies.filter((army) => assess(army, battleSize).problems.length === 0);
}

export function MusterScreen({ view, seat, onCommand, events, banner, notice, abandonment }: MusterScreenProps) {
  const { t, i18n } = useTranslation("table");
  const scenario = scenarioOf(view);
  const battleSize = scenario.battleSize;
  const samples = useMemo(() => samplesFor(battleSize), [battleSize]);
  const muster = view.muster;
  const mine = seat ? muster?.seats[seat] : undefined;
  const [army, setArmy] = useState<ArmyList>(() => cloneArmy(mine?.list ?? samples[0] ?? catalog.data.armies[0]!));
  const { problems, limit } = useMemo(() => assess(army, battleSize), [army, battleSize]);
  const waitingFor = view.seats.filter((s) => !muster?.seats[s]?.locked);
  const name = useSeatNamer(view.seats);
  const myTurn = seat !== null && mine !== undefined && !mine.locked;
  useTurnAwareness(myTurn ? "decision" : null, nameIn(scenario.name, i18n.language));

  return (
    <div className="ember-table muster" data-seat={seat ?? "spectator"} data-phase="muster">
      {banner}
      <section className="summary" aria-label={t("phaseLabel")}>
        <h2>
          {nameIn(scenario.name, i18n.language)} · <span data-phase="muster">{t("phase.muster")}</span>
        </h2>
        <p>{t("muster.explain", { size: t(`muster.battleSize.${battleSize}`), limit })}</p>
      </section>
      {abandonment && <div className="leave-row">{abandonment}</div>}
      {notice && (
        <p className="error" role="alert">
          ⚠ {notice}
        </p>
      )}
      <section className="muster-seats" aria-label={t("muster.seatsLabel")}>
        <h3>{t("muster.seatsLabel")}</h3>
        <ul>
          {view.seats.map((s) => {
            const entry = muster?.seats[s];
            return (
              <li key={s} data-seat={s} data-locked={entry?.locked ? "true" : "false"}>
                <span aria-hidden="true" style={{ color: seatColour(view, s) }}>
                  {seatMark(view, s)}
                </span>{" "}
                <strong>{name(s)}</strong>
                {s === seat && <> · {t("youMark")}</>} · {entry?.locked ? `✓ ${t("muster.locked")}` : t("muster.building")}
                {entry?.list && s !== seat && (
                  <>
                    {" "}
                    · <span data-list>{t("muster.listName", { name: sampleName("army", entry.list.name, i18n.language), faction: entry.list.faction })}</span>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      {seat && mine && !mine.locked && (
        <section className="muster-build" aria-label={t("muster.buildTitle")}>
          <h3>{t("muster.buildTitle")}</h3>
          <p className="turn-line mine your-turn" role="status">
            ▶ {t("muster.yourMove")}
          </p>
          <ArmyEditor label={t("muster.you")} army={army} samples={samples} battleSize={battleSize} onChange={setArmy} />
          <button type="button" className="primary" disabled={problems.length > 0} onClick={() => onCommand({ type: "lock_army", army })}>
            {t("muster.lock")}
          </button>
          {problems.length > 0 && <p className="hint">{t("muster.fixFirst")}</p>}
        </section>
      )}
      {seat && mine?.locked && (
        <section className="muster-wait" aria-label={t("muster.waitTitle")}>
          <p role="status">
            ✓ {t("muster.yourListLocked", { name: sampleName("army", mine.list?.name ?? "", i18n.language) })} {waitingFor.length > 0 && t("muster.waitingFor", { seats: seatList(name, waitingFor) })}
          </p>
          <button type="button" onClick={() => onCommand({ type: "unlock_army" })}>
            {t("muster.unlock")}
          </button>
          <small>{t("muster.unlockHint")}</small>
        </section>
      )}
      {!seat && <p role="status">{t("muster.spectator", { seats: seatList(name, waitingFor) })}</p>}
      {seat && <NotifyButton />}
      <HowToPlayLink ruleset="ember" newTab />
      <EventLog view={view} events={events} />
    </div>
  );
}
