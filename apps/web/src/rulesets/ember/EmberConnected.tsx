/**
 * The EMBER side of a connected table: lists the viewer's legal commands from its own projection
 * (`legalCommandsInView`), sends commands, and renders `TableView`; spectators of a delayed match
 * may switch to the delayed omniscient caster feed. Its own chunk: a Siege table never loads it.
 * A match the server plays under an older rules version (the welcome's `rulesVersion`) lists its
 * commands with that version's rules (its frozen build, fetched first).
 */
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RULES_VERSION, legalCommandsInView, type EmberCommand, type EmberEvent, type EmberView } from "@fogwar/ember";
import type { MatchConnection } from "../../net/useMatch";
import { TableView } from "./TableView";
import { ClockPanel } from "../../table/ClockPanel";
import { withImposed } from "../../table/clock";
import { useSeatNamer } from "../../table/names";
import type { BotSeats } from "../../table/BotNote";
import { useOlderRules } from "../../table/rules-version";
import "../../i18n/table-strings";

const asView = (v: unknown): EmberView | null => (v && typeof v === "object" && (v as { ruleset?: unknown }).ruleset === "ember" ? (v as EmberView) : null);

/**
 * The EMBER table for `seat` (null: a spectator) on an open connection `match`; `banner` is the
 * connection banner, a function given the caster switch (or nothing) to put inside it.
 */
export function EmberConnected({
  matchId,
  seat,
  match,
  banner: renderBanner,
  bots,
}: {
  matchId: string;
  seat: string | null;
  match: MatchConnection;
  banner: (children?: ReactNode) => ReactNode;
  /** Seats the server's bot plays (seat to level). */
  bots?: BotSeats;
}) {
  const { t } = useTranslation("table");
  const [showCaster, setShowCaster] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  const live = asView(match.view);
  const casterView = asView(match.caster?.view);
  const useCaster = seat === null && casterView !== null && showCaster;
  const imposed = match.clock?.field.imposed ?? null;
  const shown = useCaster ? casterView : live;
  // A result the log imposed (lost on time, a claim) ends the table although the rules' state goes on.
  const view = useMemo(() => (shown && !useCaster ? withImposed(shown, match.clock) : shown), [shown, useCaster, match.clock]);
  const name = useSeatNamer(live?.seats ?? []);
  // An older rules version's commands come from its own rules (none until they are loaded).
  const older = useOlderRules("ember", match.welcome?.rulesVersion, RULES_VERSION);
  const legal = useMemo(() => {
    if (!live || !seat || imposed) return [];
    if (!older) return legalCommandsInView(live, seat);
    return older.status === "ready" ? ((older.rules.ruleset.legalCommandsInView?.(live, seat) ?? []) as EmberCommand[]) : [];
  }, [live, seat, imposed, older]);
  const feed = useCaster ? "caster" : "live";
  const events = useMemo(() => match.events.filter((e) => e.feed === feed).map((e) => ({ seq: e.seq, events: e.events as EmberEvent[] })), [match.events, feed]);
  const send = (command: EmberCommand) => {
    setNotice(null);
    void match.send(command).then((r) => {
      if (!r.ok) setNotice(t("actions.rejected", { message: `${r.error.message} (${r.error.code})` }));
    });
  };
  const behind = live && casterView ? Math.max(match.welcome?.spectatorDelay ?? 0, live.round - casterView.round) : (match.welcome?.spectatorDelay ?? 0);
  const banner = renderBanner(
    <>
      {seat === null && casterView && (
        <p className="caster-switch">
          <strong>{useCaster ? `${t("caster.title")}: ${t("caster.behind", { count: behind })}` : t("spectating")}</strong>{" "}
          {useCaster && <span>{t("caster.omniscient")} </span>}
          <button type="button" onClick={() => setShowCaster((v) => !v)}>
            {useCaster ? t("caster.showLive") : t("caster.show")}
          </button>
        </p>
      )}
    </>,
  );
  if (!view) {
    return (
      <section className="ember-table">
        {banner}
        {match.status !== "failed" && match.status !== "closed" && <p className="loading">{t("waitingForState")}</p>}
      </section>
    );
  }
  const teams = (live as { teams?: Record<string, string> } | null)?.teams;
  const clock = <ClockPanel info={match.clock ?? null} seat={seat} nameOf={name} sideOf={(s) => teams?.[s] ?? s} onClaim={match.claim} />;
  const unplayable = older?.status === "failed" ? t("olderRules.live", { version: match.welcome?.rulesVersion, detail: older.detail }) : null;
  return <TableView matchId={matchId} view={view} seat={seat} legal={legal} onCommand={send} events={events} banner={banner} notice={unplayable ?? notice} clock={clock} bots={bots} />;
}
