/**
 * The table route: connects with `useMatch` and, once the welcome names the match's ruleset,
 * fetches that ruleset's table (EMBER's `EmberConnected`, Siege's `SiegeTable` or the TRPG's `TrpgTable`, each its own
 * chunk, so one ruleset's code never loads for the other's match). Shows the connection status
 * (with a retry that reconnects from scratch), the spectator count and who is online, and the
 * table's notices (../table/TableNotices.tsx) and chat (../table/ChatPanel.tsx) under the table
 * for every ruleset.
 */
import { Suspense, lazy, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMatch, type JoinSpec } from "../../net/useMatch";
import { loadEmberTable, loadSiegeTable, loadSigmarTable, loadTrpgTable } from "../../table/preload";
import { Loading } from "../../ui";
import { PlayersProvider } from "../../table/names";
import { ConnectionBanner } from "./ConnectionBanner";
import { ChatPanel } from "../../table/ChatPanel";
import { TableNotices } from "../../table/TableNotices";
import { useBotSeats } from "../../table/BotNote";
import "../../i18n/table-strings";

const EmberConnected = lazy(() => loadEmberTable().then((m) => ({ default: m.EmberConnected })));
const SiegeTable = lazy(() => loadSiegeTable().then((m) => ({ default: m.SiegeTable })));
const SigmarTable = lazy(() => loadSigmarTable().then((m) => ({ default: m.SigmarTable })));
const TrpgTable = lazy(() => loadTrpgTable().then((m) => ({ default: m.TrpgTable })));

export interface EmberTableProps {
  matchId: string;
  join: JoinSpec;
}

function ConnectedTable({ matchId, join, onRetry }: EmberTableProps & { onRetry: () => void }) {
  const match = useMatch(matchId, join);
  const bots = useBotSeats(matchId);
  const { t } = useTranslation("table");
  const seat = join.role === "player" ? join.seat : null;
  const banner = (children?: ReactNode) => (
    <ConnectionBanner match={match} seat={seat} onRetry={onRetry} matchId={matchId}>
      {children}
    </ConnectionBanner>
  );
  // One connection for every ruleset: the welcome names the match's ruleset.
  const ruleset = match.welcome?.ruleset;
  const waiting = (
    <section className="ember-table">
      {banner()}
      {match.status !== "failed" && match.status !== "closed" && <Loading what={t("waitingForState")} />}
    </section>
  );
  if (ruleset === undefined) return waiting;
  return (
    <PlayersProvider players={match.welcome?.players}>
      <Suspense fallback={waiting}>
        {ruleset === "siege" ? (
          <SiegeTable matchId={matchId} seat={seat} match={match} banner={banner()} bots={bots} />
        ) : ruleset === "sigmar" ? (
          <SigmarTable matchId={matchId} seat={seat} match={match} banner={banner()} bots={bots} />
        ) : ruleset === "trpg" ? (
          <TrpgTable matchId={matchId} seat={seat} match={match} banner={banner()} bots={bots} />
        ) : (
          <EmberConnected matchId={matchId} seat={seat} match={match} banner={banner} bots={bots} />
        )}
      </Suspense>
      <TableNotices notices={match.notices ?? []} seat={seat} />
      <ChatPanel chat={match.chat} onSend={match.sendChat} seat={seat} />
    </PlayersProvider>
  );
}

/** The match table for a seat or a spectator: EMBER's, or Siege's when the match is a Siege match. */
export function EmberTable({ matchId, join }: EmberTableProps) {
  const [attempt, setAttempt] = useState(0);
  return <ConnectedTable key={attempt} matchId={matchId} join={join} onRetry={() => setAttempt((a) => a + 1)} />;
}
