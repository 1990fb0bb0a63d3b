/**
 * The table's clocks (every table): each clock with its time left, counted down locally (low time
 * emphasised, and said in words for screen readers), and the result a clock or a claim imposed.
 * The claim offer and the Concede control are ./Abandonment.tsx's.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatClock, isLow, remainingAt, type ClockInfo } from "./clock";
import "./ClockPanel.css";

export interface ClockPanelProps {
  readonly info: ClockInfo | null;
  /** A clock's or seat's name for people (a player's name, a team's name). */
  readonly nameOf: (clockOrSeat: string) => string;
  /** The local time source (tests). */
  readonly now?: () => number;
}

/** The clocks, or nothing when the match has none and no result was imposed. */
export function ClockPanel({ info, nameOf, now = Date.now }: ClockPanelProps) {
  const { t } = useTranslation("common");
  const [time, setTime] = useState(now);
  const ticking = info !== null && info.field.clocks.some((c) => c.running);
  useEffect(() => {
    if (!ticking) return;
    setTime(now());
    const timer = setInterval(() => setTime(now()), 500);
    return () => clearInterval(timer);
  }, [ticking, info, now]);
  if (!info || (info.field.kind === null && !info.field.imposed)) return null;
  const { field } = info;
  const imposed = field.imposed;
  const reason = imposed ? t(`clock.reason.${imposed.reason}`, { defaultValue: imposed.reason }) : "";
  return (
    <section className="clock-panel" aria-label={t("clock.title")}>
      {imposed && (
        <p className="imposed" role="status">
          <strong>{imposed.winner ? t("clock.imposedWin", { who: nameOf(imposed.winner), reason }) : t("clock.imposedDraw", { reason })}</strong>
        </p>
      )}
      {field.kind !== null && (
        <ul className="clocks">
          {field.clocks.map((entry) => {
            const left = remainingAt(info, entry, time);
            const low = isLow(left.total);
            const who = nameOf(entry.clock);
            const state = t(entry.running ? "clock.running" : "clock.stopped");
            return (
              <li key={entry.clock} className={`clock${entry.running ? " running" : ""}${low ? " low" : ""}`} aria-label={t(low ? "clock.ariaLow" : "clock.aria", { who, time: formatClock(left.total), state })}>
                <span className="clock-who">{who}</span> <span className="clock-time" aria-hidden="true">{formatClock(left.total)}</span>
                {entry.running && <span className="clock-dot" aria-hidden="true"> ●</span>}
                {field.kind === "bank" && entry.running && left.activation > 0 && <span className="clock-activation"> {t("clock.activation", { time: formatClock(left.activation) })}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
