/**
 * `/games`: the signed-in player's matches, live ones first (those waiting for my move first of
 * all), each with its ruleset, opponents, state and a link (the table while live, the review once
 * over), and my clocks in a timed match, counting down. It asks the server again every
 * `MY_GAMES_POLL_MS` while visible. Signed out, an invitation to the account page.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { MyMatch } from "@fogwar/protocol";
import { Loading } from "../ui";
import { accountApi, type AccountApi } from "./account-api";
import { AccountError } from "./AccountError";
import { clocksLeft, clockText, gameLink, gameState, MY_GAMES_POLL_MS, opponentsOf, orderGames } from "./games";
import { formatDays } from "../table/days";
import { useAction } from "./use-action";
import { useListings } from "../players/use-listings";
import { scenarioLabel } from "../lobby/scenario-names";
import { wordsOfId } from "../lobby/words-of-id";
import type { RulesetListing } from "../rulesets/adapter";
import "./account.css";

// The open challenges (sent to me and by me), polled; their own chunk.
const ChallengesPanel = lazy(() => import("../players/ChallengesPanel").then((m) => ({ default: m.ChallengesPanel })));

/** My clocks in a live match, counting down each second while one runs. */
function GameClocks({ match }: { match: MyMatch }) {
  const { t } = useTranslation("account");
  const [now, setNow] = useState(() => Date.now());
  const clocks = clocksLeft(match, now);
  const running = clocks.some((c) => c.running);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (clocks.length === 0) return null;
  // By correspondence: days and hours of the move, then the vacation behind it.
  const days = (ms: number) => formatDays(t as never, ms);
  return (
    <span className="game-clock" aria-label={t("games.clock")}>
      {clocks.map((c, i) =>
        c.moveMs !== undefined ? (
          <span key={i} className={c.running ? "running" : undefined}>
            ✉ {c.running ? t("games.left", { time: days(c.moveMs) }) : t("games.correspondence")}
            {c.leftMs - c.moveMs > 0 && <small> {t("games.vacation", { time: days(c.leftMs - c.moveMs) })}</small>}
          </span>
        ) : (
          <span key={i} className={c.running ? "running" : undefined}>
            ⏱ {clockText(c.leftMs)}
          </span>
        ),
      )}
    </span>
  );
}

function GameRow({ match, listings }: { match: MyMatch; listings: readonly RulesetListing[] }) {
  const { t, i18n } = useTranslation("account");
  const { t: tl } = useTranslation("lobby");
  const state = gameState(match);
  const opponents = opponentsOf(match);
  return (
    <li className={`game-row game-${state}`}>
      <span className="game-state">{t(`games.state.${state}`)}</span>
      <span className="game-ruleset">
        {tl("gameAndScenario", { game: tl(`rulesetName.${match.ruleset}` as "rulesetName.ember", { defaultValue: wordsOfId(match.ruleset) }), scenario: scenarioLabel(listings, match.ruleset, match.scenario, i18n.language) })}
      </span>
      <span className="game-opponents">{opponents.length ? t("games.against", { names: opponents.join(", ") }) : t("games.alone")}</span>
      {match.status === "live" && <GameClocks match={match} />}
      <Link className={state === "yourMove" ? "button primary" : "button"} to={gameLink(match)}>
        {match.status === "live" ? t("games.play") : t("games.review")}
      </Link>
    </li>
  );
}

/** The "My games" page over `api` (default: this origin's). */
export function MyGamesPage({ api = accountApi }: { api?: AccountApi }) {
  const { t } = useTranslation("account");
  const [matches, setMatches] = useState<MyMatch[] | null>(null);
  const listings = useListings();
  const { error, run } = useAction();
  const [reload, setReload] = useState(0);
  useEffect(() => {
    void run(() => api.myMatches()).then((answer) => answer && setMatches(orderGames(answer)));
  }, [api, run, reload]);
  // Live: asked again every few seconds while the page is open and visible.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") setReload((n) => n + 1);
    }, MY_GAMES_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  const reloadMatches = useCallback(() => setReload((n) => n + 1), []);
  return (
    <div className="account-page">
      <h1>{t("games.title")}</h1>
      {matches && (
        <Suspense fallback={null}>
          <ChallengesPanel onMatchesChanged={reloadMatches} />
        </Suspense>
      )}
      {error?.code === "not_signed_in" ? (
        <p>
          {t("games.signedOut")} <Link to="/account">{t("title")}</Link>
        </p>
      ) : error ? (
        <AccountError error={error} />
      ) : !matches ? (
        <Loading what={t("games.loading")} />
      ) : matches.length === 0 ? (
        <p>
          {t("games.none")} <Link to="/">{t("games.lobby")}</Link>
        </p>
      ) : (
        <ul className="game-list">
          {matches.map((m) => (
            <GameRow key={m.matchId} match={m} listings={listings} />
          ))}
        </ul>
      )}
    </div>
  );
}
