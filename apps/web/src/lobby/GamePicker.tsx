/**
 * The lobby's game picker for "Set up a match": one card per game the lobby offers (its name and
 * a line on what it is), pressed when chosen. Only the chosen game's create form is shown (and
 * loaded); the choice lives in the address (`/?game=<ruleset id>`), so a link or the Back button
 * returns to it.
 */
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { wordsOfId } from "./words-of-id";

/** The query parameter that holds the chosen game (a ruleset id). */
export const GAME_PARAM = "game";

/**
 * The chosen game among `offered` (ruleset ids) and a setter: the `?game=` parameter when it names
 * an offered game, else null (nothing chosen). Setting null removes the parameter.
 */
export function useChosenGame(offered: readonly string[]): [string | null, (game: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(GAME_PARAM);
  const chosen = asked !== null && offered.includes(asked) ? asked : null;
  const choose = (game: string | null) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (game === null) next.delete(GAME_PARAM);
        else next.set(GAME_PARAM, game);
        return next;
      },
      { preventScrollReset: true },
    );
  return [chosen, choose];
}

/**
 * The cards of the `games` (ruleset ids, in the lobby's order): each names its game in the
 * reader's language (`lobby:rulesetName.<id>`, the id's words when unknown) with its line
 * (`lobby:gameBlurb.<id>`, none when absent); pressing one chooses it (`onChoose`).
 */
export function GamePicker({ games, chosen, onChoose }: { games: readonly string[]; chosen: string | null; onChoose: (game: string) => void }) {
  const { t } = useTranslation("lobby");
  return (
    <div className="game-picker" role="group" aria-label={t("pickGame")}>
      {games.map((id) => {
        const blurb = t(`gameBlurb.${id}` as "gameBlurb.ember", { defaultValue: "" });
        return (
          <button key={id} type="button" className="game-card" aria-pressed={chosen === id} data-game={id} onClick={() => onChoose(id)}>
            <strong>{t(`rulesetName.${id}` as "rulesetName.ember", { defaultValue: wordsOfId(id) })}</strong>
            {blurb && <small>{blurb}</small>}
          </button>
        );
      })}
    </div>
  );
}
