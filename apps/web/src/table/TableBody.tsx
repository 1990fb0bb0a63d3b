/**
 * The table page's body, for a connection already under way (./TableRoute.tsx holds it): the
 * connection banner, the match's ruleset table (its adapter's `loadTable`, ../rulesets/registry.ts,
 * each its own chunk, so one ruleset's code never loads for another's match) once the welcome
 * names it, the table's notices (./TableNotices.tsx) and chat (./ChatPanel.tsx) under the table
 * for every ruleset, and once the match is over the result in words with what to do next
 * (./MatchEnd.tsx) above it. Its own chunk: it evaluates while the join's round trips run.
 */
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { JoinSpec, MatchConnection } from "../net/useMatch";
import { Loading } from "../ui";
import { useLoaded } from "../loaded";
import { rulesetAdapter } from "../rulesets/registry";
import { PlayersProvider } from "./names";
import { ConnectionBanner } from "./ConnectionBanner";
import { ChatPanel } from "./ChatPanel";
import { TableNotices } from "./TableNotices";
import { useBotSeats } from "./BotNote";
import { MatchEnd, endResultOf } from "./MatchEnd";
import { MatchEndShown } from "./match-end-shown";
import { ConcedeQuestion } from "./concede-question";
import { useFinishedSummary } from "./finished";
import "../i18n/table-strings";

/** A table body's props: the match and seat, the live connection, and a retry from scratch. */
export interface TableBodyProps {
  matchId: string;
  join: JoinSpec;
  match: MatchConnection;
  /** Connects again from scratch (a new session). */
  onRetry: () => void;
}

export function TableBody({ matchId, join, match, onRetry }: TableBodyProps) {
  // Asked once the first view has arrived: the table comes first.
  const bots = useBotSeats(match.welcome?.players);
  const { t } = useTranslation("table");
  const { t: tc } = useTranslation("common");
  // Held here, above the ruleset's table: a muster replaced by the battle keeps the question open.
  const concedeQuestion = useState(false);
  const seat = join.role === "player" ? join.seat : null;
  const banner = (children?: ReactNode) => (
    <ConnectionBanner match={match} seat={seat} onRetry={onRetry} bots={bots}>
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
  // The ruleset's table: usually loaded already (the page named the ruleset, ./preload.ts).
  const adapter = rulesetAdapter(ruleset);
  const table = useLoaded(adapter ? adapter.id : null, () => adapter!.loadTable());
  // Over: the rules' view holds a result, the log imposed one (a claim, a clock), or the server
  // said the match is over (a seat coming back to a finished match is refused before any welcome:
  // the offer shows all the same).
  const refusedAsOver = match.error?.code === "match_over" && !match.welcome;
  // Refused before any welcome: the match's public summary says who won and who played.
  const summary = useFinishedSummary(matchId, refusedAsOver);
  const result = endResultOf(match.view, match.clock) ?? summary?.result ?? null;
  const over = result !== null || match.error?.code === "match_over";
  // Whether this page saw the match in play: its end then arrives while the page is open.
  const sawPlay = useRef(false);
  if (match.view && !over) sawPlay.current = true;
  /* Above the table: the first thing a player sees once the match is over. */
  const rematch = over && <MatchEnd matchId={matchId} ruleset={ruleset ?? summary?.ruleset} seat={seat} result={result} arrived={sawPlay.current} />;
  const Table = table.status === "ready" ? table.value : null;
  const content = !adapter
    ? banner(<p className="error">{t("unknownRuleset", { ruleset })}</p>)
    : Table
      ? <Table matchId={matchId} seat={seat} match={match} banner={banner} bots={bots} />
      : table.status === "failed"
        ? banner(<p className="error" role="alert">{tc("codeFailed", { reason: table.error.message })}</p>)
        : waiting;
  if (ruleset === undefined)
    return (
      <PlayersProvider players={summary?.seats}>
        {rematch}
        {waiting}
      </PlayersProvider>
    );
  return (
    <PlayersProvider players={match.welcome?.players}>
      {rematch}
      <MatchEndShown.Provider value={over}>
        <ConcedeQuestion.Provider value={concedeQuestion}>{content}</ConcedeQuestion.Provider>
      </MatchEndShown.Provider>
      <TableNotices notices={match.notices ?? []} seat={seat} />
      <ChatPanel chat={match.chat} onSend={match.sendChat} seat={seat} />
    </PlayersProvider>
  );
}

