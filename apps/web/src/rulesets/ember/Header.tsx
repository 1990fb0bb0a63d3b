/**
 * The EMBER table's head: the match summary (scenario, round, phase, each seat with its army,
 * score and marks), the line saying whose move it is, and the result once the match is over.
 */
import { useTranslation } from "react-i18next";
import { seatList, useSeatNamer } from "../../table/names";
import { useMatchEndShown } from "../../table/match-end-shown";
import type { EmberView } from "@fogwar/ember";
import { endReason } from "./words";
import { localName, sampleName, scenarioOf, seatColour, seatMark, unitLabel, unitOf } from "./model";
import "../../i18n/table-strings";
import { turnLine, type TurnLine } from "../../table/ActionBar";

/** The seats the match waits for, from the projection. */
export function awaitingSeats(view: EmberView): string[] {
  if (view.phase === "finished") return [];
  if (view.pending) return [view.pending.seat];
  if (view.phase === "plan") return view.seats.filter((s) => !view.plans[s]?.locked);
  if (view.activation) {
    const unit = unitOf(view, view.activation.unit);
    return unit ? [unit.owner] : [];
  }
  return view.turn ? [view.turn] : [];
}

/** The match summary: scenario, round and phase, then one line per seat. */
export function Summary({ view, seat }: { view: EmberView; seat: string | null }) {
  const { t, i18n } = useTranslation("table");
  const name = useSeatNamer(view.seats);
  const scenario = scenarioOf(view);
  const secondaries = scenario.mission.secondaries ?? [];
  const secondaryName = (id: string | null | undefined) => {
    const mission = secondaries.find((m) => m.id === id);
    return mission ? localName(mission.name, i18n.language) : null;
  };
  return (
    <section className="summary" aria-label={t("phaseLabel")}>
      <h2>
        {localName(scenario.name, i18n.language)} · {t("round", { round: view.round, max: scenario.mission.rounds })} · <span data-phase={view.phase}>{t(`phase.${view.phase}`)}</span>
      </h2>
      <ul className="seats">
        {view.seats.map((s, i) => (
          <li key={s} className={`seat-${i}`} data-team={view.teams?.[s]}>
            <span aria-hidden="true" style={{ color: seatColour(view, s) }}>
              {seatMark(view, s)}
            </span>{" "}
            <strong className="player-name">{name(s)}</strong> ({t("seatBadge", { shape: t(`seatShape.${i}`), n: i + 1 })}) · {sampleName("army", view.armyNames[s] ?? "", i18n.language)} · {view.factions[s]}
            {view.teams?.[s] && (
              <>
                {" "}
                · <span className="team-badge" style={{ background: seatColour(view, s) }}>{t(`team.${view.teams[s]}`, { defaultValue: view.teams[s] })}</span>
              </>
            )}
            {secondaryName(view.missionPrep?.secondaries[s]?.choice) && <> · {t("secondaryOf", { name: secondaryName(view.missionPrep?.secondaries[s]?.choice) })}</>}
            {view.sides?.[s] && <> · {t("sideOf", { side: t(`side.${view.sides[s]}`) })}</>}
            {view.firstPlayer === s && <> · {t("firstPlayer")}</>} · {t("score")}: {t("vp", { vp: view.vp[s] ?? 0 })}
            {s === seat && (
              <>
                {" "}
                · <strong className="you">{t("youMark")}</strong>
              </>
            )}
          </li>
        ))}
      </ul>
      {view.initiative && <p data-initiative={view.initiative.join(",")}>{t("initiativeOrder", { order: view.initiative.map(name).join(" → ") })}</p>}
      {view.activation && <p>{t("activationOf", { unit: unitLabel(view, view.activation.unit, name), timing: t(`timing.${view.activation.timing}`) })}</p>}
    </section>
  );
}

/**
 * The action bar's turn line (../../table/ActionBar.tsx): the viewer's move, naming only the others
 * the match also waits for (a simultaneous plan), or whom the match waits for; null when it waits
 * for nobody.
 */
export function useTurnLine(view: EmberView, seat: string | null): TurnLine | null {
  const { t } = useTranslation("table");
  const name = useSeatNamer(view.seats);
  return turnLine(awaitingSeats(view), seat, {
    yours: t("yourTurn"),
    awaiting: (seats) => t("awaiting", { seats: seatList(name, seats) }),
    alsoAwaiting: (seats) => t("alsoAwaiting", { seats: seatList(name, seats) }),
  });
}

export function Result({ view, seat }: { view: EmberView; seat: string | null }) {
  const { t } = useTranslation("table");
  const name = useSeatNamer(view.seats);
  const banner = useMatchEndShown();
  const result = view.result;
  if (view.phase !== "finished" || !result) return null;
  // A team's win (2 v 2) lists all its seats: every teammate wins.
  const winners = result.winners ?? (result.winner ? [result.winner] : []);
  const winnerText = result.winners ? t("result.winners", { seats: seatList(name, result.winners) }) : t("result.winner", { seat: result.winner ? name(result.winner) : "" });
  const headline = result.winner === null ? t("result.draw") : seat ? (winners.includes(seat) ? t("result.youWin") : t("result.youLose")) : winnerText;
  return (
    <section className="result" role="status" data-result={result.winner ?? "draw"}>
      {/* Under the match-end banner only the score is this section's own. */}
      {!banner && <h2>{t("result.title")}: {headline}</h2>}
      {!banner && result.winner && seat && <p>{winnerText}</p>}
      {!banner && <p>{t("result.reason", { reason: endReason({ t }, result.reason) })}</p>}
      <p>
        {view.seats.map((s) => `${name(s)}: ${t("vp", { vp: result.scores[s] ?? 0 })}`).join(" · ")}
      </p>
    </section>
  );
}

