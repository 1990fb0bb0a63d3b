/**
 * "Your games" at the top of the lobby for a signed-in player (a guest counts): the live matches
 * of the account (those waiting for my move first), each by its game's and scenario's names, its
 * opponents and a link to its table; a link to every game (`/games`). Nothing while the account
 * has no live match. Asked once when shown and every {@link MY_GAMES_POLL_MS} after.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { MyMatch } from "@fogwar/protocol";
import { accountApi, type AccountApi } from "../account/account-api";
import { gameLink, gameState, MY_GAMES_POLL_MS, opponentsOf, orderGames } from "../account/games";
import type { RulesetListing } from "../rulesets/adapter";
import { scenarioLabel } from "./scenario-names";
import { wordsOfId } from "./words-of-id";

/** How many live games the lobby lists (the rest are on `/games`). */
export const YOUR_GAMES_SHOWN = 5;

/** The signed-in player's live games over `api`, their scenarios named from `listings`. */
export function YourGames({ listings, api = accountApi }: { listings: readonly RulesetListing[]; api?: Pick<AccountApi, "myMatches"> }) {
  const { t, i18n } = useTranslation("play");
  const { t: tl } = useTranslation("lobby");
  const { t: ta } = useTranslation("account");
  const [games, setGames] = useState<MyMatch[] | null>(null);
  useEffect(() => {
    let live = true;
    const ask = () =>
      api.myMatches().then(
        (all) => live && setGames(orderGames(all.filter((m) => m.status === "live"))),
        () => undefined,
      );
    void ask();
    const timer = setInterval(() => void ask(), MY_GAMES_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api]);
  if (!games || games.length === 0) return null;
  return (
    <section className="play-card your-games" aria-labelledby="your-games-title">
      <h2 id="your-games-title">{t("yourGames.title")}</h2>
      <ul className="your-games-list">
        {games.slice(0, YOUR_GAMES_SHOWN).map((m) => {
          const state = gameState(m);
          const opponents = opponentsOf(m);
          return (
            <li key={m.matchId} className={`your-game game-${state}`}>
              <span className="game-state">{ta(`games.state.${state}`)}</span>
              <span className="what">
                {tl("gameAndScenario", {
                  game: tl(`rulesetName.${m.ruleset}` as "rulesetName.ember", { defaultValue: wordsOfId(m.ruleset) }),
                  scenario: scenarioLabel(listings, m.ruleset, m.scenario, i18n.language),
                })}
              </span>
              <span className="who">{opponents.length ? ta("games.against", { names: opponents.join(", ") }) : ta("games.alone")}</span>
              <Link className={state === "yourMove" ? "button primary" : "button"} to={gameLink(m)}>
                {ta("games.play")}
              </Link>
            </li>
          );
        })}
      </ul>
      <Link to="/games">{t("yourGames.all")}</Link>
    </section>
  );
}
