/**
 * The Siege table route body: given the match connection (`useMatch`), lists the seat's legal
 * commands from its own projection (`legalCommandsInView`), sends commands and renders
 * `SiegeTableView`. Spectators see the table read-only; spectators of a match with a spectator
 * delay may switch between the live public view and the delayed caster feed (its projection and
 * its events: the state `spectatorDelay` rounds behind, with the real tokens of operators already
 * revealed live). The caster feed is shown first. A match the server plays under an older rules
 * version (the welcome's `rulesVersion`) lists its commands with that version's rules (its frozen
 * build, fetched first).
 */
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RULES_VERSION, legalCommandsInView, type SiegeCommand, type SiegeEvent, type SiegeView } from "@fogwar/siege";
import type { MatchConnection } from "../../net/useMatch";
import { SiegeTableView } from "./SiegeTableView";
import { ClockPanel } from "../../table/ClockPanel";
import { withImposed } from "../../table/clock";
import { useSeatNamer } from "../../table/names";
import type { BotSeats } from "../../table/BotNote";
import { useOlderRules } from "../../table/rules-version";
import "../../i18n/siege-strings";
import "../../i18n/table-strings";

const asView = (v: unknown): SiegeView | null => (v && typeof v === "object" && "mission" in v && "teams" in v ? (v as SiegeView) : null);

export interface SiegeTableProps {
  readonly matchId: string;
  readonly seat: string | null;
  readonly match: MatchConnection;
  readonly banner: ReactNode;
  /** Seats the server's bot plays (seat to level). */
  readonly bots?: BotSeats;
}

export function SiegeTable({ matchId, seat, match, banner, bots }: SiegeTableProps) {
  const { t } = useTranslation("table");
  const { t: ts } = useTranslation("siege");
  const [notice, setNotice] = useState<string | null>(null);
  const [showCaster, setShowCaster] = useState(true);
  const live = asView(match.view);
  const casterView = seat === null ? asView(match.caster?.view) : null;
  const useCaster = casterView !== null && showCaster;
  const imposed = match.clock?.field.imposed ?? null;
  const shown = useCaster ? casterView : live;
  // A result the log imposed (a claim) ends the table although the rules' state goes on.
  const view = useMemo(() => (shown && !useCaster ? withImposed(shown, match.clock) : shown), [shown, useCaster, match.clock]);
  const name = useSeatNamer(live ? [...live.teams.attack, ...live.teams.defence] : []);
  // An older rules version's commands come from its own rules (none until they are loaded).
  const older = useOlderRules("siege", match.welcome?.rulesVersion, RULES_VERSION);
  const legal = useMemo(() => {
    if (!live || !seat || imposed) return [];
    if (!older) return legalCommandsInView(live, seat);
    return older.status === "ready" ? ((older.rules.ruleset.legalCommandsInView?.(live, seat) ?? []) as SiegeCommand[]) : [];
  }, [live, seat, imposed, older]);
  const feed = useCaster ? "caster" : "live";
  const events = useMemo(() => match.events.filter((e) => e.feed === feed).map((e) => ({ seq: e.seq, events: e.events as SiegeEvent[] })), [match.events, feed]);
  const delay = match.welcome?.spectatorDelay ?? 0;
  const behind = live && casterView ? Math.max(delay, live.round - casterView.round) : delay;
  const header = (
    <>
      {banner}
      {casterView && (
        <p className="caster-switch">
          <strong>{useCaster ? `${t("caster.title")}: ${t("caster.behind", { count: behind })}` : t("spectating")}</strong> {useCaster && <span>{ts("caster.note")} </span>}
          <button type="button" onClick={() => setShowCaster((v) => !v)}>
            {useCaster ? t("caster.showLive") : t("caster.show")}
          </button>
        </p>
      )}
    </>
  );
  const send = (command: SiegeCommand) => {
    setNotice(null);
    void match.send(command).then((r) => {
      if (!r.ok) setNotice(t("actions.rejected", { message: `${r.error.message} (${r.error.code})` }));
    });
  };
  if (!view) {
    return (
      <section className="siege-table">
        {header}
        {match.status !== "failed" && match.status !== "closed" && <p className="loading">{t("waitingForState")}</p>}
      </section>
    );
  }
  // Siege's clocks are per team (its time bank); claims name a seat, shown with its team.
  const teamOf = (s: string): string => (live?.teams.attack.includes(s) ? "attack" : live?.teams.defence.includes(s) ? "defence" : s);
  const nameOf = (who: string): string => (who === "attack" || who === "defence" ? ts(`team.${who}`) : `${ts(`team.${teamOf(who)}`)} (${name(who)})`);
  const clock = <ClockPanel info={match.clock ?? null} seat={seat} nameOf={nameOf} sideOf={teamOf} onClaim={match.claim} />;
  const unplayable = older?.status === "failed" ? t("olderRules.live", { version: match.welcome?.rulesVersion, detail: older.detail }) : null;
  return <SiegeTableView matchId={matchId} view={view} seat={seat} legal={legal} onCommand={send} events={events} banner={header} notice={unplayable ?? notice} clock={clock} bots={bots} />;
}
