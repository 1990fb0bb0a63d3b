/**
 * EMBER in the lobby's "play against the bot" form: a scenario and your army (the sample armies
 * that fit its battle size); the bot takes a fitting sample of another faction.
 */
import { useTranslation } from "react-i18next";
import type { ArmyList } from "@fogwar/ember";
import { RulesetInfo } from "./listing";
import { assess } from "./armyModel";
import { nameIn } from "../../lobby/sample-names";
import { sampleName } from "../../lobby/sample-names";
import type { BotFormPart, BotOptionsProps } from "../adapter";

/** The options: the scenario's id and the chosen sample army's index (null: the first that fits). */
interface EmberBotState {
  readonly scenarioId: string;
  readonly army: number | null;
}

/** The sample armies (by index) that fit a battle size. */
function fitting(samples: readonly ArmyList[], size: Parameters<typeof assess>[1]): number[] {
  return samples.flatMap((army, i) => (assess(army, size).problems.length === 0 ? [i] : []));
}

/** The bot's army: a fitting sample of another faction than `mine`, else another fitting one. */
function botArmy(samples: readonly ArmyList[], fits: readonly number[], mine: number): ArmyList | undefined {
  const own = samples[mine];
  const other = fits.find((i) => i !== mine && samples[i]?.faction !== own?.faction) ?? fits.find((i) => i !== mine) ?? mine;
  return samples[other];
}

/** The scenario chosen, the armies that fit it and the army chosen among them. */
function choice(listing: RulesetInfo, state: EmberBotState) {
  const scenario = listing.scenarios.find((s) => s.id === state.scenarioId) ?? listing.scenarios[0];
  const fits = fitting(listing.sampleArmies, scenario?.battleSize ?? "skirmish");
  const army = state.army !== null && fits.includes(state.army) ? state.army : (fits[0] ?? 0);
  return { scenario, fits, army };
}

function EmberBotOptions({ id, listing, state, onChange }: BotOptionsProps<RulesetInfo, EmberBotState>) {
  const { t, i18n } = useTranslation("lobby");
  const { scenario, fits, army } = choice(listing, state);
  const samples = listing.sampleArmies;
  return (
    <div className="row">
      <label htmlFor={`${id}-scenario`}>{t("playBot.scenario")}</label>
      <select id={`${id}-scenario`} value={scenario?.id ?? ""} onChange={(e) => onChange({ ...state, scenarioId: e.target.value })}>
        {listing.scenarios.map((s) => (
          <option key={s.id} value={s.id}>
            {nameIn(s.name, i18n.language)}: {t(`battleSize.${s.battleSize}`)}, {t("rounds", { count: s.rounds })}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-army`}>{t("playBot.yourArmy")}</label>
      <select id={`${id}-army`} value={army} onChange={(e) => onChange({ ...state, army: Number(e.target.value) })}>
        {fits.map((i) => (
          <option key={i} value={i}>
            {t("sampleArmy", { name: sampleName("army", samples[i]?.name ?? "", i18n.language), faction: t(`faction.${samples[i]?.faction}`) })}
          </option>
        ))}
      </select>
    </div>
  );
}

export const bot: BotFormPart<RulesetInfo, EmberBotState> = {
  id: "ember",
  read: (listing) => {
    const parsed = RulesetInfo.safeParse(listing);
    return parsed.success && parsed.data.id === "ember" ? parsed.data : null;
  },
  initial: (listing) => ({ scenarioId: listing.scenarios[0]?.id ?? "", army: null }),
  Options: EmberBotOptions,
  request: (listing, state, me, { name, level }) => {
    const { scenario, fits, army } = choice(listing, state);
    const mine = listing.sampleArmies[army];
    const theirs = botArmy(listing.sampleArmies, fits, army);
    if (!scenario || !mine || !theirs) return null;
    return { ruleset: listing.id, scenario: scenario.id, players: [{ name: me, army: mine }, { name, army: theirs, bot: level }] };
  },
};
