/**
 * The how-to-play pages, one per ruleset with a guide part (`/how-to-play/<id>`, the part
 * `src/rulesets/<id>/guide.ts` found by ../rulesets/guide-discovery.ts): a short, practical guide in the reader's language
 * (the `guide` namespace, `<ruleset>.*`) and a quick reference of the terms the tables explain
 * on hover and tap (timing dials, die faces, stances, parts and statuses for EMBER; walls,
 * openings, statuses and dice for Siege; cover, hazards, concealment, overwatch and the round-end
 * step for the TRPG; phases, points, reserves, distances, the attack stages, weapon abilities and
 * the order of effects for Age of Sigmar, whose numbers come from its rules' data: each from
 * its guide part).
 */
import { Fragment } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { guides } from "../rulesets/guide-discovery";
import "../i18n/help-strings";
import "../i18n/guide-strings";
import "../i18n/table-strings";
import "./RuleTip.css";
import "./HowToPlay.css";

interface Section {
  readonly title: string;
  readonly items: readonly string[];
}

/** The page for the ruleset in the route (`:ruleset`). */
export function HowToPlayPage() {
  const { ruleset = "" } = useParams();
  // The guide's own strings; the reference names its namespaces (help:, the ruleset's).
  const { t } = useTranslation(["guide", "help"]);
  const guide = guides.find((g) => g.id === ruleset);
  if (!guide) {
    return (
      <p>
        {t("common:notFound")} <Link to="/">{t("back")}</Link>
      </p>
    );
  }
  const known = guide.id;
  const numbers = guide.numbers ?? {};
  const sections = t(`${known}.sections`, { returnObjects: true, ...numbers }) as unknown as Section[];
  return (
    <article className="how-to-play" data-ruleset={known}>
      <h1>{t(`${known}.title`)}</h1>
      <p className="intro">{t(`${known}.intro`, numbers)}</p>
      {sections.map((s) => (
        <section key={s.title}>
          <h2>{s.title}</h2>
          <ul>
            {s.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
      <section>
        <h2>{t("reference")}</h2>
        <dl className="reference">
          {guide.reference(t).map(([term, help]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{help}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p>
        {t("other")}:{" "}
        {guides
          .filter((g) => g.id !== known)
          .map((g, i) => (
            <Fragment key={g.id}>
              {i > 0 && " · "}
              <Link to={`/how-to-play/${g.id}`}>{t(`${g.id}.title`)}</Link>
            </Fragment>
          ))}{" "}
        · <Link to="/">{t("back")}</Link>
      </p>
    </article>
  );
}
