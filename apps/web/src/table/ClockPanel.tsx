/**
 * The table's clocks (every table): each clock with its time left, counted down locally (low time
 * emphasised, and said in words for screen readers), and the result a clock or a claim imposed.
 * A correspondence match's clocks read in days ("2 d 4 h", the move's time and the vacation
 * behind it); a seated player may propose switching a live match to correspondence
 * (./CorrespondenceSwitch.tsx). The claim offer and the Concede control are ./Abandonment.tsx's.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatClock, formatDays, isLow, remainingAt, termsWords, type ClockInfo } from "./clock";
import { CorrespondenceSwitch, type CorrespondenceSender } from "./CorrespondenceSwitch";
import { useMatchEndShown } from "./match-end-shown";
import "./ClockPanel.css";

export interface ClockPanelProps {
  readonly info: ClockInfo | null;
  /** The viewer's seat (null: a spectator, who sees the clocks but cannot propose). */
  readonly seat?: string | null;
  /** A clock's or seat's name for people (a player's name, a team's name). */
  readonly nameOf: (clockOrSeat: string) => string;
  /** Proposes, agrees to or declines a switch to correspondence (players only; absent: no switch offered). */
  readonly onCorrespondence?: CorrespondenceSender;
  /** Every seat of the match (for whom a proposal waits); default: the clocks' seats. */
  readonly seats?: readonly string[];
  /** The local time source (tests). */
  readonly now?: () => number;
}

/** The clocks, or nothing when the match has none, no result was imposed and no switch is offered. */
export function ClockPanel({ info, seat = null, nameOf, onCorrespondence, seats, now = Date.now }: ClockPanelProps) {
  const { t } = useTranslation("common");
  const [time, setTime] = useState(now);
  const ticking = info !== null && info.field.clocks.some((c) => c.running);
  useEffect(() => {
    if (!ticking) return;
    setTime(now());
    const timer = setInterval(() => setTime(now()), 500);
    return () => clearInterval(timer);
  }, [ticking, info, now]);
  // The match-end banner above the table says an imposed result already (./MatchEnd.tsx); the
  // review, with no banner, says it here. Once the match is over there is nothing to switch.
  const banner = useMatchEndShown();
  const switcher = !banner && seat !== null && onCorrespondence && info !== null && (
    <CorrespondenceSwitch field={info.field} seat={seat} seats={seats ?? [...new Set(info.field.clocks.flatMap((c) => c.seats))]} nameOf={nameOf} onSend={onCorrespondence} />
  );
  if (!info || (info.field.kind === null && (!info.field.imposed || banner))) {
    return switcher && !info?.field.imposed ? (
      <section className="clock-panel" aria-label={t("clock.title")}>
        {switcher}
      </section>
    ) : null;
  }
  const { field } = info;
  const days = field.kind === "correspondence";
  const imposed = field.imposed;
  const reason = imposed ? t(`clock.reason.${imposed.reason}`, { defaultValue: imposed.reason }) : "";
  return (
    <section className="clock-panel" aria-label={t("clock.title")}>
      {imposed && !banner && (
        <p className="imposed" role="status">
          <strong>{imposed.winner ? t("clock.imposedWin", { who: nameOf(imposed.winner), reason }) : t("clock.imposedDraw", { reason })}</strong>
        </p>
      )}
      {field.kind !== null && (
        <ul className="clocks">
          {field.clocks.map((entry) => {
            const left = remainingAt(info, entry, time);
            // A stopped correspondence clock is not short of time: it gets a whole move when awaited.
            const low = isLow(left.total) && (!days || entry.running);
            const who = nameOf(entry.clock);
            const state = t(entry.running ? "clock.running" : "clock.stopped");
            // By correspondence a running clock shows its move's days, a stopped one its vacation (if
            // any): what is left of its last move is not vacation, it gets a whole move when awaited.
            const vacation = left.total - left.activation;
            const shown = !days ? formatClock(left.total) : entry.running ? formatDays(t as never, left.activation) : vacation > 0 ? t("clock.vacationOnly", { time: formatDays(t as never, vacation) }) : t("clock.idle");
            return (
              <li key={entry.clock} className={`clock${entry.running ? " running" : ""}${low ? " low" : ""}`} aria-label={t(low ? "clock.ariaLow" : "clock.aria", { who, time: days ? formatDays(t as never, left.total) : shown, state })}>
                <span className="clock-who">{who}</span> <span className="clock-time" aria-hidden="true">{shown}</span>
                {entry.running && <span className="clock-dot" aria-hidden="true"> ●</span>}
                {field.kind === "bank" && entry.running && left.activation > 0 && <span className="clock-activation"> {t("clock.activation", { time: formatClock(left.activation) })}</span>}
                {days && entry.running && vacation > 0 && <span className="clock-activation"> {t("clock.vacationLeft", { time: formatDays(t as never, vacation) })}</span>}
              </li>
            );
          })}
        </ul>
      )}
      {days && field.correspondence && <p className="clock-terms">{t("clock.correspondence", { days: termsWords(t as never, field.correspondence).days })} · {t("clock.noClaims")}</p>}
      {switcher}
    </section>
  );
}
