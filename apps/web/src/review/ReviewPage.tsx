/**
 * The match history review (`/review/:matchId`): fetches `GET /api/matches/:id/history` and shows
 * it with the match's ruleset's review (its adapter's `loadReview`, its own chunk): a finished
 * match rebuilt in this browser with the shared engine, stepped through command by command from
 * any perspective with a panel that verifies the dice seed, every commitment and every stored
 * state hash; a live match (or one whose secrets a spectator may not see) only its public log.
 * The table chat is shown beside it (./ReviewChat.tsx: every audience once the match is over).
 */
import { DrawAtOnce } from "../table/Later";
import { Suspense, lazy, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import i18next from "i18next";
import { ApiError, api, type MatchHistory } from "../api";
import { ErrorNote, Loading } from "../ui";
import { rulesetAdapter } from "../rulesets/registry";
import { PlayersProvider, seatList, useSeatNamer } from "../table/names";
import { ReviewChat } from "./ReviewChat";
import { useListings } from "../players/use-listings";
import { scenarioLabel } from "../lobby/scenario-names";
import { wordsOfId } from "../lobby/words-of-id";
import "../i18n/table-strings";
import "../i18n/review-strings";
import "./review.css";

// "Report this match" (its own chunk: only a signed-in player sees it).
const ReportMatch = lazy(() => import("../players/ReportMatch").then((m) => ({ default: m.ReportMatch })));

/** The review parts of ruleset `id`, each its own chunk, fetched once the history names the ruleset. */
function useReviewParts(id: string | undefined) {
  return useMemo(() => {
    const adapter = rulesetAdapter(id);
    if (!adapter) return null;
    return {
      Review: lazy(() => adapter.loadReview().then((r) => ({ default: r.Review }))),
      LiveHistory: lazy(() => adapter.loadReview().then((r) => ({ default: r.LiveHistory }))),
    };
  }, [id]);
}

export function ReviewPage({ matchId }: { matchId: string }) {
  const { t } = useTranslation("review");
  const [history, setHistory] = useState<MatchHistory | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    let live = true;
    api.history(matchId).then(
      (h) => live && setHistory(h),
      (e: unknown) => live && setError(e instanceof ApiError ? e : new ApiError("network_error", String(e))),
    );
    return () => {
      live = false;
    };
  }, [matchId]);
  const parts = useReviewParts(history?.match.ruleset);

  let body;
  if (error) {
    body = (
      <div data-testid="review-error">
        <ErrorNote error={error} />
      </div>
    );
  } else if (!history) {
    body = (
      <p className="loading" role="status" aria-live="polite" data-testid="review-loading">
        {t("loading")}
      </p>
    );
  } else if (!parts) {
    body = (
      <p className="error" role="alert" data-testid="review-error">
        ⚠ {t("cannotRebuild")}
      </p>
    );
  } else if (history.perspective === "spectator") {
    body = <parts.LiveHistory history={history} />;
  } else if (history.setup == null || history.seed === null) {
    body = (
      <p className="error" role="alert" data-testid="review-error">
        ⚠ {t("cannotRebuild")}
      </p>
    );
  } else {
    body = <parts.Review matchId={matchId} history={history} />;
  }

  return (
    <section className="review-page" data-testid="review-page" aria-labelledby="review-title">
      <h1 id="review-title">{history ? <ReviewTitle history={history} /> : t("titleLoading")}</h1>
      <PlayersProvider players={history?.match.seats}>
        {history && <MatchLine history={history} />}
        <div className="review-with-chat">
          <div className="review-main">
            <DrawAtOnce.Provider value={true}>
              <Suspense fallback={<Loading />}>{body}</Suspense>
            </DrawAtOnce.Provider>
          </div>
          {history && <ReviewChat matchId={matchId} />}
        </div>
        {history && history.match.status !== "live" && (
          <Suspense fallback={null}>
            <ReportMatch matchId={matchId} />
          </Suspense>
        )}
      </PlayersProvider>
    </section>
  );
}

/** The review's title: the game's and the scenario's names in the reader's language ("Review: Siege · Seize the ledger"), never the match id. */
function ReviewTitle({ history }: { history: MatchHistory }) {
  const { t, i18n } = useTranslation("review");
  const { t: tl } = useTranslation("lobby");
  const listings = useListings();
  const { ruleset, scenario } = history.match;
  const game = tl(`rulesetName.${ruleset}` as "rulesetName.ember", { defaultValue: wordsOfId(ruleset) });
  return <>{t("titleOf", { game, scenario: scenarioLabel(listings, ruleset, scenario, i18n.language) })}</>;
}

/** Players and the result, in one line. */
function MatchLine({ history }: { history: MatchHistory }) {
  const { t } = useTranslation("review");
  const name = useSeatNamer(history.match.seats.map((s) => s.seat), history.match.seats);
  // Sides: a 2 v 2 team's players together ("Ada + Cy"), else each player alone.
  const teams = [...new Set(history.match.seats.map((s) => s.team ?? s.seat))];
  const seats = teams.map((team) => history.match.seats.filter((s) => (s.team ?? s.seat) === team).map((s) => name(s.seat)).join(" + "));
  const result = history.match.result;
  // The reason in words when the ruleset's adapter words it (else the winners alone).
  const words = rulesetAdapter(history.match.ruleset)?.endReason;
  const reason = result && words ? words(i18next.getFixedT(null, "common"), result.reason) : undefined;
  const winners = result?.winners ?? (result?.winner ? [result.winner] : []);
  return (
    <p className="meta">
      {seats.length < 2 ? (seats[0] ?? "?") : seats.slice(1).reduce((line, side) => t("vs", { p1: line, p2: side }), seats[0] as string)}
      {result && (
        <>
          {" · "}
          {t("resultLine", {
            result:
              reason === undefined
                ? winners.length > 0
                  ? t("winnerShort", { seat: seatList(name, winners) })
                  : t("drawShort")
                : result.winner
                  ? t("winner", { seat: seatList(name, winners), reason })
                  : t("draw", { reason }),
          })}
        </>
      )}
    </p>
  );
}
