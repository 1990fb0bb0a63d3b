/**
 * The Age of Sigmar table route body: given the match connection (`useMatch`), lists the seat's
 * legal commands and continuous choices from its own projection (`legalCommandsInView`,
 * `templatesInView`), sends commands and renders `SigmarTableView`. Spectators of a delayed match
 * may switch to the delayed caster feed (a spectator's view of the delayed battle). A battle the
 * server plays under an older rules version lists its commands and continuous choices with that
 * version's own rules (its frozen build, fetched only then). Its own chunk.
 */
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CommandTemplate } from "@fogwar/engine";
import { RULES_VERSION, legalCommandsInView, templatesInView, type SigmarCommand, type SigmarEvent, type SigmarView } from "@fogwar/sigmar";
import { useOlderRules } from "../../table/rules-version";
import type { MatchConnection } from "../../net/useMatch";
import { SigmarTableView } from "./SigmarTableView";
import { ClockPanel } from "../../table/ClockPanel";
import { withImposed } from "../../table/clock";
import { useSeatNamer } from "../../table/names";
import type { BotSeats } from "../../table/BotNote";
import "../../i18n/sigmar-strings";
import "../../i18n/table-strings";

const asView = (v: unknown): SigmarView | null => (v && typeof v === "object" && (v as { ruleset?: unknown }).ruleset === "sigmar" ? (v as SigmarView) : null);

export interface SigmarTableProps {
  readonly matchId: string;
  readonly seat: string | null;
  readonly match: MatchConnection;
  readonly banner: ReactNode;
  readonly bots?: BotSeats;
}

export function SigmarTable({ matchId, seat, match, banner, bots }: SigmarTableProps) {
  const { t } = useTranslation("table");
  const { t: ts } = useTranslation("sigmar");
  const [notice, setNotice] = useState<string | null>(null);
  const [showCaster, setShowCaster] = useState(true);
  const live = asView(match.view);
  const casterView = seat === null ? asView(match.caster?.view) : null;
  const useCaster = casterView !== null && showCaster;
  const imposed = match.clock?.field.imposed ?? null;
  const shown = useCaster ? casterView : live;
  const view = useMemo(() => (shown && !useCaster ? withImposed(shown, match.clock) : shown), [shown, useCaster, match.clock]);
  const name = useSeatNamer(live?.seats ?? []);
  // An older rules version's commands and continuous choices come from its own rules (none until they are loaded).
  const older = useOlderRules("sigmar", match.welcome?.rulesVersion, RULES_VERSION);
  const legal = useMemo(() => {
    if (!live || !seat || imposed) return [];
    if (!older) return legalCommandsInView(live, seat);
    return older.status === "ready" ? ((older.rules.ruleset.legalCommandsInView?.(live, seat) ?? []) as SigmarCommand[]) : [];
  }, [live, seat, imposed, older]);
  const templates = useMemo(() => {
    if (!live || !seat || imposed) return [];
    if (!older) return templatesInView(live, seat);
    return older.status === "ready" ? ((older.rules.ruleset.templatesInView?.(live, seat) ?? []) as CommandTemplate<SigmarCommand>[]) : [];
  }, [live, seat, imposed, older]);
  const feed = useCaster ? "caster" : "live";
  const events = useMemo(() => match.events.filter((e) => e.feed === feed).map((e) => ({ seq: e.seq, events: e.events as SigmarEvent[] })), [match.events, feed]);
  const send = (command: SigmarCommand) => {
    setNotice(null);
    void match.send(command).then((r) => {
      if (!r.ok) setNotice(ts("controls.rejected", { message: ts(`errors.${r.error.code}`, { defaultValue: r.error.message }) }));
    });
  };
  const header = (
    <>
      {banner}
      {casterView && (
        <p className="caster-switch">
          <strong>{useCaster ? t("caster.title") : t("spectating")}</strong>{" "}
          <button type="button" onClick={() => setShowCaster((v) => !v)}>
            {useCaster ? t("caster.showLive") : t("caster.show")}
          </button>
        </p>
      )}
    </>
  );
  if (!view) {
    return (
      <section className="sigmar-table">
        {header}
        {match.status !== "failed" && match.status !== "closed" && <p className="loading">{t("waitingForState")}</p>}
      </section>
    );
  }
  const clock = <ClockPanel info={match.clock ?? null} seat={seat} nameOf={name} sideOf={(s) => s} onClaim={match.claim} />;
  const unplayable = older?.status === "failed" ? t("olderRules.live", { version: match.welcome?.rulesVersion, detail: older.detail }) : null;
  return <SigmarTableView matchId={matchId} view={view} seat={seat} legal={legal} templates={templates} onCommand={send} events={events} banner={header} notice={unplayable ?? notice} clock={clock} bots={bots} />;
}
