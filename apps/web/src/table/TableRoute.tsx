/**
 * The table route: connects with `useMatch` and, once the welcome names the match's ruleset,
 * fetches that ruleset's table (its adapter's `loadTable`, ../rulesets/registry.ts, each its own
 * chunk, so one ruleset's code never loads for another's match). Shows the connection status
 * (with a retry that reconnects from scratch), the spectator count and who is online, and the
 * table's notices (../table/TableNotices.tsx) and chat (../table/ChatPanel.tsx) under the table
 * for every ruleset, and once the match is over the result in words with what to do next
 * (./MatchEnd.tsx) above it.
 */
import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMatch, type JoinSpec } from "../net/useMatch";
import { Loading } from "../ui";
import { rulesetAdapter } from "../rulesets/registry";
import { PlayersProvider } from "./names";
import { ConnectionBanner } from "./ConnectionBanner";
import { ChatPanel } from "./ChatPanel";
import { TableNotices } from "./TableNotices";
import { useBotSeats } from "./BotNote";
import { MatchEnd, endResultOf } from "./MatchEnd";
import { MatchEndShown } from "./match-end-shown";
import { rulesetHint } from "./preload";
import "../i18n/table-strings";

export interface TableRouteProps {
  matchId: string;
  join: JoinSpec;
}

function ConnectedTable({ matchId, join, onRetry }: TableRouteProps & { onRetry: () => void }) {
  const match = useMatch(matchId, join);
  // After useMatch's own effect (the join is under way): the ruleset the page names starts
  // evaluating its table while the join's round trips run (./preload.ts).
  useEffect(() => {
    const hinted = rulesetHint();
    if (hinted) void rulesetAdapter(hinted)?.loadTable().catch(() => undefined);
  }, []);
  // Asked once the first view has arrived: the table comes first.
  const bots = useBotSeats(matchId, match.view !== null || match.status === "failed" || match.status === "closed");
  const { t } = useTranslation("table");
  const seat = join.role === "player" ? join.seat : null;
  const banner = (children?: ReactNode) => (
    <ConnectionBanner match={match} seat={seat} onRetry={onRetry} matchId={matchId} bots={bots}>
      {children}
    </ConnectionBanner>
  );
  // One connection for every ruleset: the welcome names the match's ruleset.
  const ruleset = match.welcome?.ruleset;
  const waiting = (
    <section className="table-shell">
      {banner()}
      {match.status !== "failed" && match.status !== "closed" && <Loading what={t("waitingForState")} />}
    </section>
  );
  const Table = useMemo(() => {
    const adapter = rulesetAdapter(ruleset);
    return adapter ? lazy(() => adapter.loadTable().then((c) => ({ default: c }))) : null;
  }, [ruleset]);
  // Over: the rules' view holds a result, the log imposed one (a claim, a clock), or the server
  // said the match is over (a seat coming back to a finished match is refused before any welcome:
  // the offer shows all the same).
  const result = endResultOf(match.view, match.clock);
  const over = result !== null || match.error?.code === "match_over";
  /* Above the table: the first thing a player sees once the match is over. */
  const rematch = over && <MatchEnd matchId={matchId} ruleset={ruleset} seat={seat} result={result} />;
  if (ruleset === undefined)
    return (
      <>
        {rematch}
        {waiting}
      </>
    );
  return (
    <PlayersProvider players={match.welcome?.players}>
      {rematch}
      <MatchEndShown.Provider value={over}>
        <Suspense fallback={waiting}>{Table ? <Table matchId={matchId} seat={seat} match={match} banner={banner} bots={bots} /> : banner(<p className="error">{t("unknownRuleset", { ruleset })}</p>)}</Suspense>
      </MatchEndShown.Provider>
      <TableNotices notices={match.notices ?? []} seat={seat} />
      <ChatPanel chat={match.chat} onSend={match.sendChat} seat={seat} />
    </PlayersProvider>
  );
}

/** The match table for a seat or a spectator, of whichever ruleset the match plays. */
export function TableRoute({ matchId, join }: TableRouteProps) {
  const [attempt, setAttempt] = useState(0);
  return <ConnectedTable key={attempt} matchId={matchId} join={join} onRetry={() => setAttempt((a) => a + 1)} />;
}
