/**
 * A part's, pilot's or drone's card in one short line for the army builder (seed 001 2; the
 * numbers are the project's sample data): armour, structure, evasion, EW, parry, mobility, and
 * each action with its timing, length, range, dice and attack keywords; and an army problem in the reader's words
 * (the rule it comes from kept in a tooltip, not in the text).
 */
import { Fragment } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { armyPoints, catalog, type Action, type ArmyList, type ArmyProblem } from "@fogwar/ember";
import { KeywordTip } from "./KeywordTip";
import "../../i18n/table-strings";

type Stats = { armour: number; structure?: number; evasion: number; ew?: number | null; parry?: number; mobility?: number; actions?: readonly Action[] };

/** An action of a card in words, without its attack keywords: "Breach Shell (Medium, shooting attack, range 6, 1 yellow 3 red". */
function actionWords(t: TFunction<"table">, action: Action, language: string): string {
  const name = language.startsWith("ko") ? action.name.ko : action.name.en;
  const effect = action.effect;
  const detail =
    effect.kind === "attack" ? t("army.attack", { mode: t(`attack.mode.${effect.attack}`), range: effect.range, yellow: effect.dice.yellow, red: effect.dice.red }) : t(`timing.${action.timing}`);
  return `${name} (${t(`help.length.${action.length}`)}, ${detail}`;
}

/** One card's stats in words: "Armour 3 · Structure 2 · Evasion 1 · Breach shell: shoot M, range 6, 1 yellow 2 red". */
export function useStatLine(): (card: Stats, language: string) => string {
  const { t } = useTranslation("table");
  return (card, language) => {
    const parts = [t("army.armour", { n: card.armour })];
    if (card.structure !== undefined) parts.push(t("army.structure", { n: card.structure }));
    parts.push(t("army.evasion", { n: card.evasion }));
    if (card.ew) parts.push(t("army.ew", { n: card.ew }));
    if (card.parry) parts.push(t("army.parry", { n: card.parry }));
    if (card.mobility !== undefined) parts.push(t("army.mobility", { n: card.mobility }));
    for (const action of card.actions ?? []) parts.push(`${actionWords(t, action, language)})`);
    return parts.join(" · ");
  };
}

/**
 * The stats line of a part or drone card by id (empty for an unknown id); an attack's keywords
 * (seed 000 1.2.4, 1.4) follow its dice, each explaining itself as on the table (./KeywordTip.tsx).
 */
export function CardStats({ id, kind, language }: { id: string; kind: "part" | "drone"; language: string }) {
  const line = useStatLine();
  const { t } = useTranslation("table");
  const card = kind === "part" ? catalog.parts.get(id) : catalog.drones.get(id);
  if (!card) return null;
  const actions = kind === "part" ? (card as { actions: readonly Action[] }).actions : [(card as { commandAction: Action }).commandAction];
  return (
    <small className="card-stats" data-stats={id}>
      {line({ ...(card as Stats), actions: [] }, language)}
      {actions.map((action, i) => (
        <Fragment key={i}>
          {" · "}
          {actionWords(t, action, language)}
          {action.effect.kind === "attack" &&
            action.effect.keywords.map((k) => (
              <Fragment key={k}>
                {", "}
                <KeywordTip keyword={k} />
              </Fragment>
            ))}
          {")"}
        </Fragment>
      ))}
    </small>
  );
}

/** An army problem in the reader's words; the rule (seed file and section) only in a tooltip. */
export function useProblemWords(army: ArmyList, limit: number): (problem: ArmyProblem) => string {
  const { t, i18n } = useTranslation("table");
  const lang = i18n.language;
  const name = (n: { en: string; ko: string } | undefined, fallback: string) => (n ? (lang.startsWith("ko") ? n.ko : n.en) : fallback);
  return (p) => {
    const unit = p.unit === null ? undefined : army.units[p.unit];
    const n = (p.unit ?? 0) + 1;
    switch (p.code) {
      case "duplicate_pilot": {
        const pilot = unit?.kind === "mech" ? catalog.pilots.get(unit.pilot) : undefined;
        return t("army.problem.duplicate_pilot", { n, pilot: name(pilot?.name, unit?.kind === "mech" ? unit.pilot : "") });
      }
      case "over_points":
        return t("army.problem.over_points", { points: armyPoints(army), limit });
      default:
        return t(`army.problem.${p.code}`, { n, defaultValue: p.message });
    }
  };
}
