/**
 * The TRPG table route body: given the match connection (`useMatch`), lists the seat's legal
 * commands from its own projection (`legalCommandsInView`), sends commands and renders
 * `TrpgTableView`. Spectators see the table read-only; spectators of a match with a spectator
 * delay may switch between the live public view and the delayed caster feed (the omniscient view
 * some rounds behind, less what is still secret in the live match). The caster feed is shown first.
 * A match the server plays under an older rules version lists its commands with that version's
 * own rules (its frozen build, fetched only then).
 */
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RULES_VERSION, legalCommandsInView, type TrpgCommand, type TrpgEvent, type TrpgView } from "@fogwar/trpg";
import { useOlderRules } from "../../table/rules-version";
import type { MatchConnection } from "../../net/useMatch";
import { TrpgTableView } from "./TrpgTableView";
import { withImposed } from "../../table/clock";
import type { BotSeats } from "../../table/BotNote";
import "../../i18n/trpg-strings";
import "../../i18n/table-strings";

const asView = (v: unknown): TrpgView | null => (v && typeof v === "object" && "scenario" in v && "characters" in v && "order" in v ? (v as TrpgView) : null);

export interface TrpgTableProps {
  readonly matchId: string;
  readonly seat: string | null;
  readonly match: MatchConnection;
  readonly banner: ReactNode;
  readonly bots?: BotSeats;
}

export function TrpgTable({ matchId, seat, match, banner, bots }: TrpgTableProps) {
  const { t } = useTranslation("table");
  const { t: tt } = useTranslation("trpg");
  const [notice, setNotice] = useState<string | null>(null);
  const [showCaster, setShowCaster] = useState(true);
  const live = asView(match.view);
  const casterView = seat === null ? asView(match.caster?.view) : null;
  const useCaster = casterView !== null && showCaster;
  const imposed = match.clock?.field.imposed ?? null;
  const shown = useCaster ? casterView : live;
  const view = useMemo(() => (shown && !useCaster ? withImposed(shown, match.clock) : shown), [shown, useCaster, match.clock]);
  // An older rules version's commands come from its own rules (none until they are loaded).
  const older = useOlderRules("trpg", match.welcome?.rulesVersion, RULES_VERSION);
  const legal = useMemo(() => {
    if (!live || !seat || imposed) return [];
    if (!older) return legalCommandsInView(live, seat);
    return older.status === "ready" ? ((older.rules.ruleset.legalCommandsInView?.(live, seat) ?? []) as TrpgCommand[]) : [];
  }, [live, seat, imposed, older]);
  const feed = useCaster ? "caster" : "live";
  const events = useMemo(() => match.events.filter((e) => e.feed === feed).map((e) => ({ seq: e.seq, events: e.events as TrpgEvent[] })), [match.events, feed]);
  const delay = match.welcome?.spectatorDelay ?? 0;
  const behind = live && casterView ? Math.max(delay, live.round - casterView.round) : delay;
  const header = (
    <>
      {banner}
      {casterView && (
        <p className="caster-switch">
          <strong>{useCaster ? `${t("caster.title")}: ${t("caster.behind", { count: behind })}` : t("spectating")}</strong> {useCaster && <span>{tt("caster.note")} </span>}
          <button type="button" onClick={() => setShowCaster((v) => !v)}>
            {useCaster ? t("caster.showLive") : t("caster.show")}
          </button>
        </p>
      )}
    </>
  );
  const send = (command: TrpgCommand) => {
    setNotice(null);
    void match.send(command).then((r) => {
      if (!r.ok) setNotice(t("actions.rejected", { message: `${r.error.message} (${r.error.code})` }));
    });
  };
  if (!view) {
    return (
      <section className="trpg-table">
        {header}
        {match.status !== "failed" && match.status !== "closed" && <p className="loading">{t("waitingForState")}</p>}
      </section>
    );
  }
  const unplayable = older?.status === "failed" ? t("olderRules.live", { version: match.welcome?.rulesVersion, detail: older.detail }) : null;
  return <TrpgTableView matchId={matchId} view={view} seat={seat} legal={legal} onCommand={send} events={events} banner={header} notice={unplayable ?? notice} bots={bots} />;
}
