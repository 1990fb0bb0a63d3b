/**
 * The how-to-play pages, one per ruleset (`/how-to-play/ember`, `/how-to-play/siege`,
 * `/how-to-play/trpg`, `/how-to-play/sigmar`): a short, practical guide in the reader's language
 * (the `guide` namespace, `<ruleset>.*`) and a quick reference of the terms the tables explain
 * on hover and tap (timing dials, die faces, stances, parts and statuses for EMBER; walls,
 * openings, statuses and dice for Siege; cover, hazards, concealment, overwatch and the round-end
 * step for the TRPG; phases, points, reserves, distances, the attack stages, weapon abilities and
 * the order of effects for Age of Sigmar, whose numbers come from its rules' data).
 */
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { GUIDES } from "./HowToPlayLink";
import { SIGMAR_NUMBERS, SIGMAR_TERMS, tipText, type SigmarTip } from "../rulesets/sigmar/tips";
import "../i18n/siege-strings";
import "../i18n/trpg-strings";
import "../i18n/help-strings";
import "../i18n/guide-strings";
import "../i18n/table-strings";
import "./RuleTip.css";
import "./HowToPlay.css";


interface Section {
  readonly title: string;
  readonly items: readonly string[];
}

type Guide = (typeof GUIDES)[number];

/** Quick reference rows per ruleset: [translation key of the term's name, key of its explanation]. */
const REFERENCE: Record<Exclude<Guide, "sigmar">, readonly (readonly [string, string])[]> = {
  ember: [
    ...["quick", "melee", "launch", "shoot", "move", "tactical"].map((k) => [`table:timing.${k}`, `help:timing.${k}`] as const),
    ...["light", "heavy", "defend", "evade", "eye", "lightning", "blank"].map((k) => [`table:face.${k}`, `help:face.${k}`] as const),
    ...["DEF", "MOB", "OFF", "SHUTDOWN"].map((k) => [`table:stance.${k}`, `help:stance.${k}`] as const),
    ...["torso", "chassis", "left_arm", "right_arm"].map((k) => [`table:slot.${k}`, `help:part.${k}`] as const),
    ["table:damaged", "help:status.damaged"],
    ["table:panel.link", "help:status.link"],
  ],
  siege: [
    ...["thick", "reinforced", "thin", "holed", "door", "window", "barricaded", "smoke"].map((k) => [`siege:legend.${k}`, `help:siege.${k}`] as const),
    ["siege:operators.hidden", "help:siege.hidden"],
    ["siege:operators.pinged", "help:siege.pinged"],
    ["siege:operators.stunned", "help:siege.stunned"],
    ...["yellow", "orange", "red"].map((k) => [`siege:colour.${k}`, `help:siege.${k}`] as const),
  ],
  trpg: [
    ...["half", "three_quarter", "full_hard", "full_medium", "full_soft", "wall"].map((k) => [`trpg:terrain.${k}`, `help:trpg.${k}`] as const),
    ["trpg:map.legendHazard", "help:trpg.hazard"],
    ["trpg:map.legendConcealed", "help:trpg.concealed"],
    ["trpg:map.legendLastSeen", "help:trpg.lastSeen"],
    ["trpg:map.legendCone", "help:trpg.cone"],
    ["trpg:status.incapacitated", "help:trpg.incapacitated"],
    ["trpg:phase.round_end", "help:trpg.roundEnd"],
  ],
};

/** A ruleset's quick reference in the reader's language: [term, explanation] (Age of Sigmar's with its rules' numbers). */
const reference = (t: TFunction, guide: Guide): (readonly [string, string])[] =>
  guide === "sigmar"
    ? (Object.keys(SIGMAR_TERMS) as SigmarTip[]).map((tip) => {
        const { term, help } = tipText(t, tip);
        return [term, help] as const;
      })
    : REFERENCE[guide].map(([term, help]) => [t(term), t(help)] as const);

/** The numbers a ruleset's guide quotes from its rules' data. */
const NUMBERS: Partial<Record<Guide, Record<string, number>>> = { sigmar: SIGMAR_NUMBERS };

/** The page for the ruleset in the route (`:ruleset`). */
export function HowToPlayPage() {
  const { ruleset = "" } = useParams();
  // The guide's own strings; the reference names its namespaces (help:, table:, siege:, trpg:).
  const { t } = useTranslation(["guide", "help"]);
  const known = (GUIDES as readonly string[]).includes(ruleset) ? (ruleset as Guide) : null;
  if (!known) {
    return (
      <p>
        {t("common:notFound")} <Link to="/">{t("back")}</Link>
      </p>
    );
  }
  const numbers = NUMBERS[known] ?? {};
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
          {reference(t, known).map(([term, help]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{help}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p>
        {t("other")}:{" "}
        {GUIDES.filter((g) => g !== known).map((g) => (
          <Link key={g} to={`/how-to-play/${g}`}>
            {t(`${g}.title`)}
          </Link>
        ))}{" "}
        · <Link to="/">{t("back")}</Link>
      </p>
    </article>
  );
}
