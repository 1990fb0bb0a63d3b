/**
 * The fields of a match's settings shared by "Open a table" and "Challenge": the game (each
 * hosted ruleset), its scenario (or mission, battleplan) from `GET /api/rulesets`, rated or
 * casual, a clock for the games whose lobby chooses one, and the time control (real time or
 * correspondence, every game; not for a seek, which pairs real-time games).
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { nameIn } from "./sample-names";
import { CLOCK_CHOICES, CLOCKED_RULESETS, clockText, scenariosOf } from "./open-tables";
import type { Clock } from "./play-api";
import type { RulesetListing } from "../rulesets/adapter";
import { correspondenceOption, TimeControlRow, type TimeControl } from "./TimeControlRow";

/** The chosen settings. */
export interface GameSettings {
  readonly ruleset: string;
  readonly scenario: string;
  readonly rated: boolean;
  /** Index into {@link CLOCK_CHOICES} (0: no clock). */
  readonly clock: number;
  /** Correspondence terms (absent or null: real time). */
  readonly correspondence?: TimeControl;
}

/** The first settings for these listings: the first ruleset with a scenario, rated, no clock. */
export function initialSettings(listings: readonly RulesetListing[]): GameSettings {
  const first = listings.find((l) => scenariosOf(l).length > 0);
  return { ruleset: first?.id ?? "", scenario: first ? (scenariosOf(first)[0]?.id ?? "") : "", rated: true, clock: 0 };
}

/** The clock of the settings (only for a clocked ruleset played in real time), or undefined. */
export function clockOf(settings: GameSettings): Clock | undefined {
  return CLOCKED_RULESETS.has(settings.ruleset) && !settings.correspondence ? (CLOCK_CHOICES[settings.clock] ?? undefined) : undefined;
}

/** The time options of the settings for a match request: `{ clock }`, `{ correspondence }` or nothing. */
export function timeOptionsOf(settings: GameSettings): { clock?: Clock; correspondence?: { daysPerMove: number; vacationDays: number } } {
  const clock = clockOf(settings);
  return { ...(clock ? { clock } : {}), ...correspondenceOption(settings.correspondence ?? null) };
}

interface Props {
  readonly listings: readonly RulesetListing[];
  readonly value: GameSettings;
  readonly onChange: (next: GameSettings) => void;
  /** Without the scenario choice (a seek pairs on the ruleset alone). */
  readonly noScenario?: boolean;
}

export function GameFields({ listings, value, onChange, noScenario }: Props) {
  const { t, i18n } = useTranslation("play");
  const { t: tl } = useTranslation("lobby");
  const id = useId();
  const offered = listings.filter((l) => scenariosOf(l).length > 0);
  const listing = offered.find((l) => l.id === value.ruleset);
  const scenarios = listing ? scenariosOf(listing) : [];
  return (
    <div className="game-fields">
      <label htmlFor={`${id}-ruleset`}>{t("fields.game")}</label>
      <select
        id={`${id}-ruleset`}
        value={value.ruleset}
        onChange={(e) => {
          const next = offered.find((l) => l.id === e.target.value);
          onChange({ ...value, ruleset: e.target.value, scenario: next ? (scenariosOf(next)[0]?.id ?? "") : "" });
        }}
      >
        {offered.map((l) => (
          <option key={l.id} value={l.id}>
            {tl(`rulesetName.${l.id}` as "rulesetName.ember", { defaultValue: l.id })}
          </option>
        ))}
      </select>
      {!noScenario && (
        <>
          <label htmlFor={`${id}-scenario`}>{t("fields.scenario")}</label>
          <select id={`${id}-scenario`} value={value.scenario} onChange={(e) => onChange({ ...value, scenario: e.target.value })}>
            {scenarios.map((s) => (
              <option key={s.id} value={s.id}>
                {typeof s.name === "string" ? s.name : nameIn(s.name, i18n.language)}
              </option>
            ))}
          </select>
        </>
      )}
      <span className="fields-label">{t("fields.kind")}</span>
      <span role="radiogroup" aria-label={t("fields.kind")} className="choices">
        <label>
          <input type="radio" name={`${id}-rated`} checked={value.rated} onChange={() => onChange({ ...value, rated: true })} /> {t("rated")}
        </label>
        <label>
          <input type="radio" name={`${id}-rated`} checked={!value.rated} onChange={() => onChange({ ...value, rated: false })} /> {t("casual")}
        </label>
      </span>
      {!noScenario && <TimeControlRow id={`${id}-tc`} value={value.correspondence ?? null} onChange={(correspondence) => onChange({ ...value, correspondence })} />}
      {CLOCKED_RULESETS.has(value.ruleset) && !value.correspondence && (
        <>
          <label htmlFor={`${id}-clock`}>{t("fields.clock")}</label>
          <select id={`${id}-clock`} value={value.clock} onChange={(e) => onChange({ ...value, clock: Number(e.target.value) })}>
            {CLOCK_CHOICES.map((c, i) => (
              <option key={i} value={i}>
                {c ? t("fields.clockChoice", { clock: clockText(c) }) : t("fields.noClock")}
              </option>
            ))}
          </select>
        </>
      )}
    </div>
  );
}
