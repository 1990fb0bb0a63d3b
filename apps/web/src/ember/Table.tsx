/**
 * The EMBER table route: connects with `useMatch`, lists the viewer's legal commands from its own
 * projection (`legalCommandsInView`), sends commands, and renders `TableView`. Shows the
 * connection status (with a retry that reconnects from scratch), the spectator count and who is
 * online; spectators of a delayed match may switch to the delayed omniscient caster feed.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { legalCommandsInView, type EmberCommand, type EmberEvent, type EmberView } from "@fogwar/ember";
import { useMatch, type JoinSpec, type MatchConnection } from "../net/useMatch";
import { ConnectionBanner } from "./ConnectionBanner";
import { SiegeTable } from "../siege/SiegeTable";
import { TableView } from "./TableView";

export interface EmberTableProps {
  matchId: string;
  join: JoinSpec;
}

const asView = (v: unknown): EmberView | null => (v && typeof v === "object" && (v as { ruleset?: unknown }).ruleset === "ember" ? (v as EmberView) : null);

function ConnectedTable({ matchId, join, onRetry }: EmberTableProps & { onRetry: () => void }) {
  const match = useMatch(matchId, join);
  // One connection for every ruleset: the welcome names the match's ruleset.
  if (match.welcome?.ruleset === "siege") return <SiegeConnected matchId={matchId} join={join} onRetry={onRetry} match={match} />;
  return <EmberConnected matchId={matchId} join={join} onRetry={onRetry} match={match} />;
}

/** The Siege table under the connection banner. */
function SiegeConnected({ matchId, join, onRetry, match }: EmberTableProps & { onRetry: () => void; match: MatchConnection }) {
  const seat = join.role === "player" ? join.seat : null;
  return <SiegeTable matchId={matchId} seat={seat} match={match} banner={<ConnectionBanner match={match} seat={seat} onRetry={onRetry} matchId={matchId} />} />;
}

function EmberConnected({ matchId, join, onRetry, match }: EmberTableProps & { onRetry: () => void; match: MatchConnection }) {
  const { t } = useTranslation("table");
  const [showCaster, setShowCaster] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  const seat = join.role === "player" ? join.seat : null;
  const live = asView(match.view);
  const casterView = asView(match.caster?.view);
  const useCaster = seat === null && casterView !== null && showCaster;
  const view = useCaster ? casterView : live;
  const legal = useMemo(() => (live && seat ? legalCommandsInView(live, seat) : []), [live, seat]);
  const feed = useCaster ? "caster" : "live";
  const events = useMemo(() => match.events.filter((e) => e.feed === feed).map((e) => ({ seq: e.seq, events: e.events as EmberEvent[] })), [match.events, feed]);
  const send = (command: EmberCommand) => {
    setNotice(null);
    void match.send(command).then((r) => {
      if (!r.ok) setNotice(t("actions.rejected", { message: `${r.error.message} (${r.error.code})` }));
    });
  };
  const behind = live && casterView ? Math.max(match.welcome?.spectatorDelay ?? 0, live.round - casterView.round) : (match.welcome?.spectatorDelay ?? 0);
  const banner = (
    <ConnectionBanner match={match} seat={seat} onRetry={onRetry} matchId={matchId}>
      {seat === null && casterView && (
        <p className="caster-switch">
          <strong>{useCaster ? `${t("caster.title")}: ${t("caster.behind", { count: behind })}` : t("spectating")}</strong>{" "}
          {useCaster && <span>{t("caster.omniscient")} </span>}
          <button type="button" onClick={() => setShowCaster((v) => !v)}>
            {useCaster ? t("caster.showLive") : t("caster.show")}
          </button>
        </p>
      )}
    </ConnectionBanner>
  );
  if (!view) {
    return (
      <section className="ember-table">
        {banner}
        {match.status !== "failed" && match.status !== "closed" && <p className="loading">{t("waitingForState")}</p>}
      </section>
    );
  }
  return <TableView matchId={matchId} view={view} seat={seat} legal={legal} onCommand={send} events={events} banner={banner} notice={notice} />;
}

/** The match table for a seat or a spectator: EMBER's, or Siege's when the match is a Siege match. */
export function EmberTable({ matchId, join }: EmberTableProps) {
  const [attempt, setAttempt] = useState(0);
  return <ConnectedTable key={attempt} matchId={matchId} join={join} onRetry={() => setAttempt((a) => a + 1)} />;
}
