/**
 * The match history review (`/review/:matchId`): fetches `GET /api/matches/:id/history`; a
 * finished match is rebuilt in this browser with the shared engine (replay.ts), stepped through
 * command by command (buttons, slider, keys, round list) and shown with the EMBER table from any
 * perspective (everything, each seat, spectator), with a panel that verifies the dice seed, every
 * plan commitment and every stored state hash. A live match shows only its public log. The
 * table chat is shown beside it (./ReviewChat.tsx: every audience once the match is over).
 */
import { Suspense, lazy, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EmberCommand, EmberEvent, EmberView } from "@fogwar/ember";
import { ApiError, api, type MatchHistory } from "../api";
import { ErrorNote, Loading } from "../ui";
import { describeCommand, describeEvent, endReason } from "../rulesets/ember/words";
import { REVIEW_CSS } from "./styles";
import { PlayersProvider, seatList, useSeatNamer } from "../table/names";
import { ReviewChat } from "./ReviewChat";
import "../i18n/table-strings";
import "../i18n/review-strings";

// Each ruleset's replay is its own chunk, fetched once the history names the ruleset.
const Replayer = lazy(() => import("./Replayer").then((m) => ({ default: m.Replayer })));
const SiegeReview = lazy(() => import("../rulesets/siege/SiegeReview").then((m) => ({ default: m.SiegeReview })));
const SiegeLiveHistory = lazy(() => import("../rulesets/siege/SiegeReview").then((m) => ({ default: m.SiegeLiveHistory })));
const SigmarReview = lazy(() => import("../rulesets/sigmar/SigmarReview").then((m) => ({ default: m.SigmarReview })));
const SigmarLiveHistory = lazy(() => import("../rulesets/sigmar/SigmarReview").then((m) => ({ default: m.SigmarLiveHistory })));
const TrpgReview = lazy(() => import("../rulesets/trpg/TrpgReview").then((m) => ({ default: m.TrpgReview })));
const TrpgLiveHistory = lazy(() => import("../rulesets/trpg/TrpgReview").then((m) => ({ default: m.TrpgLiveHistory })));

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
  } else if (history.match.ruleset === "siege") {
    // Siege: its own replay and live log (the same history API).
    body = history.perspective === "spectator" ? <SiegeLiveHistory history={history} /> : history.setup == null || history.seed === null ? <p className="error" role="alert" data-testid="review-error">⚠ {t("cannotRebuild")}</p> : <SiegeReview matchId={matchId} history={history} />;
  } else if (history.match.ruleset === "sigmar") {
    // Age of Sigmar: its own replay and live log (the same history API).
    body = history.perspective === "spectator" ? <SigmarLiveHistory history={history} /> : history.setup == null || history.seed === null ? <p className="error" role="alert" data-testid="review-error">⚠ {t("cannotRebuild")}</p> : <SigmarReview matchId={matchId} history={history} />;
  } else if (history.match.ruleset === "trpg") {
    body = history.perspective === "spectator" ? <TrpgLiveHistory history={history} /> : history.setup == null || history.seed === null ? <p className="error" role="alert" data-testid="review-error">⚠ {t("cannotRebuild")}</p> : <TrpgReview matchId={matchId} history={history} />;
  } else if (history.perspective === "spectator") {
    body = <LiveHistory history={history} />;
  } else if (history.setup == null || history.seed === null) {
    body = (
      <p className="error" role="alert" data-testid="review-error">
        ⚠ {t("cannotRebuild")}
      </p>
    );
  } else {
    body = <Replayer matchId={matchId} history={history} />;
  }

  return (
    <section className="review-page" data-testid="review-page" aria-labelledby="review-title">
      <style>{REVIEW_CSS}</style>
      <h1 id="review-title">{t("title", { id: matchId })}</h1>
      <PlayersProvider players={history?.match.seats}>
        {history && <MatchLine history={history} />}
        <div className="review-with-chat">
          <div className="review-main">
            <Suspense fallback={<Loading />}>{body}</Suspense>
          </div>
          {history && <ReviewChat matchId={matchId} />}
        </div>
      </PlayersProvider>
    </section>
  );
}

/** Players and the result, in one line. */
function MatchLine({ history }: { history: MatchHistory }) {
  const { t } = useTranslation("review");
  const name = useSeatNamer(history.match.seats.map((s) => s.seat), history.match.seats);
  // Sides: a 2 v 2 team's players together ("Ada + Cy"), else each player alone.
  const teams = [...new Set(history.match.seats.map((s) => s.team ?? s.seat))];
  const seats = teams.map((team) => history.match.seats.filter((s) => (s.team ?? s.seat) === team).map((s) => name(s.seat)).join(" + "));
  const result = history.match.result;
  const { t: tt } = useTranslation("table");
  // EMBER's reasons in words; another ruleset's page gives its own (Siege's table shows the result in words).
  const reason = result && history.match.ruleset === "ember" ? endReason({ t: tt }, result.reason) : undefined;
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

/** Unit labels need a view; the live history has none, so ids stand for units. */
const NO_VIEW = { units: [] } as unknown as EmberView;

/**
 * A live match: the note that the full review waits for the end, and the public entries; a match
 * over with only the spectator's history ended during its muster (its lists stay secret).
 */
function LiveHistory({ history }: { history: MatchHistory }) {
  const { t } = useTranslation("review");
  const table = useTranslation("table");
  const name = useSeatNamer(history.match.seats.map((s) => s.seat), history.match.seats);
  const words = { t: table.t, language: table.i18n.language, view: NO_VIEW, name };
  const live = history.match.status === "live";
  return (
    <section className="review-live" data-perspective="spectator">
      <h2>{t(live ? "live.title" : "live.endedTitle")}</h2>
      <p>{t(live ? "live.note" : "live.endedNote")}</p>
      {live && (
        <p>
          <a href={`/watch/${encodeURIComponent(history.match.matchId)}`}>{t("live.watch")}</a>
        </p>
      )}
      <h3>{t("live.entries", { count: history.entries.length })}</h3>
      <ol data-testid="review-live-entries">
        {history.entries.map((entry) => {
          const lines = (entry.events as EmberEvent[]).map((e) => describeEvent(words, e) ?? e.type);
          return (
            <li key={entry.seq} value={entry.seq}>
              <strong>{name(entry.seat)}</strong>: {entry.command ? describeCommand(words, entry.command as EmberCommand) : <em>{t("live.hiddenCommand")}</em>}
              {lines.length === 0 ? (
                <> · {t("live.noEvents")}</>
              ) : (
                <ul>
                  {lines.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
