/**
 * `/leaderboard`: the best ratings of each hosted ruleset (one tab per game, format "duel"): rank,
 * player (a link to the profile), rating, deviation and rated games.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { wordsOfId } from "../lobby/words-of-id";
import type { LeaderboardResponse } from "@fogwar/protocol";
import { api as defaultApi } from "../api";
import { AccountError } from "../account/AccountError";
import { useAction } from "../account/use-action";
import { Loading } from "../ui";
import { playApi } from "../lobby/play-api";
import "../account/account.css";
import "../lobby/play.css";

export function LeaderboardPage() {
  const { t } = useTranslation("social");
  const { t: tl } = useTranslation("lobby");
  const [rulesets, setRulesets] = useState<string[] | null>(null);
  const [ruleset, setRuleset] = useState<string>("");
  const [board, setBoard] = useState<LeaderboardResponse | null>(null);
  const { error, run } = useAction();
  useEffect(() => {
    void run(() => defaultApi.listings()).then((listings) => {
      if (!listings) return;
      const ids = listings.map((l) => l.id);
      setRulesets(ids);
      setRuleset((current) => current || (ids[0] ?? ""));
    });
  }, [run]);
  useEffect(() => {
    if (!ruleset) return;
    setBoard(null);
    void run(() => playApi.leaderboard(ruleset)).then((b) => b && setBoard(b));
  }, [ruleset, run]);
  const game = (id: string) => tl(`rulesetName.${id}` as "rulesetName.ember", { defaultValue: wordsOfId(id) });
  return (
    <div className="account-page leaderboard-page">
      <h1>{t("leaderboard.title")}</h1>
      {rulesets && (
        <div className="leaderboard-tabs" role="tablist" aria-label={t("leaderboard.tabs")}>
          {rulesets.map((id) => (
            <button key={id} type="button" role="tab" aria-selected={id === ruleset} onClick={() => setRuleset(id)}>
              {game(id)}
            </button>
          ))}
        </div>
      )}
      <AccountError error={error} />
      {!error && !board ? (
        <Loading what={t("leaderboard.loading")} />
      ) : board && board.players.length === 0 ? (
        <p>{t("leaderboard.empty", { game: game(board.ruleset) })}</p>
      ) : board ? (
        <table className="board-table" aria-label={t("leaderboard.of", { game: game(board.ruleset) })}>
          <thead>
            <tr>
              <th className="num">{t("leaderboard.rank")}</th>
              <th>{t("leaderboard.player")}</th>
              <th className="num">{t("leaderboard.rating")}</th>
              <th className="num">{t("leaderboard.deviation")}</th>
              <th className="num">{t("leaderboard.games")}</th>
            </tr>
          </thead>
          <tbody>
            {board.players.map((p) => (
              <tr key={p.name}>
                <td className="num">{p.rank}</td>
                <td>
                  <Link to={`/players/${encodeURIComponent(p.name)}`}>{p.name}</Link>
                </td>
                <td className="num">{p.rating}</td>
                <td className="num">±{p.deviation}</td>
                <td className="num">{p.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
