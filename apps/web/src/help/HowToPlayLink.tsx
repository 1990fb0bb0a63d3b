/**
 * Links to the how-to-play pages, apart from the pages themselves so that the lobby and the tables
 * can link to a guide without loading it (the route may load the page lazily).
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";

/**
 * A link to the how-to-play page of `ruleset` (an id whose adapter has a guide); `newTab`: opened
 * beside the current page (a match stays open), else the guide's title (`common:guideTitle.<id>`).
 */
export function HowToPlayLink({ ruleset, newTab = false }: { ruleset: string; newTab?: boolean }) {
  const { t } = useTranslation("common");
  return newTab ? (
    <a className="how-to-play-link" href={`/how-to-play/${ruleset}`} target="_blank" rel="noopener">
      {t("howToPlay")}
    </a>
  ) : (
    <Link className="how-to-play-link" to={`/how-to-play/${ruleset}`}>
      {t(`guideTitle.${ruleset}`)}
    </Link>
  );
}
