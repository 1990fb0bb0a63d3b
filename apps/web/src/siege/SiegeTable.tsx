/**
 * The Siege table route body: given the match connection (`useMatch`), lists the seat's legal
 * commands from its own projection (`legalCommandsInView`), sends commands and renders
 * `SiegeTableView`. Spectators see the table read-only.
 */
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { legalCommandsInView, type SiegeCommand, type SiegeEvent, type SiegeView } from "@fogwar/siege";
import type { MatchConnection } from "../net/useMatch";
import { SiegeTableView } from "./SiegeTableView";

const asView = (v: unknown): SiegeView | null => (v && typeof v === "object" && "mission" in v && "teams" in v ? (v as SiegeView) : null);

export interface SiegeTableProps {
  readonly matchId: string;
  readonly seat: string | null;
  readonly match: MatchConnection;
  readonly banner: ReactNode;
}

export function SiegeTable({ matchId, seat, match, banner }: SiegeTableProps) {
  const { t } = useTranslation("table");
  const [notice, setNotice] = useState<string | null>(null);
  const view = asView(match.view);
  const legal = useMemo(() => (view && seat ? legalCommandsInView(view, seat) : []), [view, seat]);
  const events = useMemo(() => match.events.filter((e) => e.feed === "live").map((e) => ({ seq: e.seq, events: e.events as SiegeEvent[] })), [match.events]);
  const send = (command: SiegeCommand) => {
    setNotice(null);
    void match.send(command).then((r) => {
      if (!r.ok) setNotice(t("actions.rejected", { message: `${r.error.message} (${r.error.code})` }));
    });
  };
  if (!view) {
    return (
      <section className="siege-table">
        {banner}
        <p className="loading">⏳ {t("waitingForState")}</p>
      </section>
    );
  }
  return <SiegeTableView matchId={matchId} view={view} seat={seat} legal={legal} onCommand={send} events={events} banner={banner} notice={notice} />;
}
