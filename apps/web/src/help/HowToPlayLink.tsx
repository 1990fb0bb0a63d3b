/**
 * Links to the how-to-play pages, apart from the pages themselves so that the lobby and the tables
 * can link to a guide without loading it (the route may load the page lazily).
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";

/** The rulesets with a guide (`/how-to-play/<ruleset>`). */
export const GUIDES = ["ember", "siege", "trpg", "sigmar"] as const;

/** A link to a ruleset's how-to-play page, opened beside the current page (a match stays open). */
export function HowToPlayLink({ ruleset, newTab = false }: { ruleset: (typeof GUIDES)[number]; newTab?: boolean }) {
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
