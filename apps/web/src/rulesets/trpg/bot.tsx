/**
 * The TRPG in the lobby's "play against the bot" form: a scenario, with the chosen one's summary
 * under it (what the encounter is, as the friends' form says it); solo (docs/rules/trpg.md), you
 * play the whole party and the bot the enemies from their own view.
 */
import { useTranslation } from "react-i18next";
import { TrpgRulesetInfo } from "./listing";
import { nameIn } from "../../lobby/sample-names";
import { readListing } from "../../lobby/create-form";
import type { BotFormPart, BotOptionsProps } from "../adapter";

function TrpgBotOptions({ id, listing, state, onChange }: BotOptionsProps<TrpgRulesetInfo, string>) {
  const { t, i18n } = useTranslation("lobby");
  const chosen = listing.scenarios.find((s) => s.id === state) ?? listing.scenarios[0];
  return (
    <>
      <div className="row">
        <label htmlFor={`${id}-trpg-scenario`}>{t("playBot.scenario")}</label>
        <select id={`${id}-trpg-scenario`} value={state} aria-describedby={chosen?.summary ? `${id}-trpg-summary` : undefined} onChange={(e) => onChange(e.target.value)}>
          {listing.scenarios.map((s) => (
            <option key={s.id} value={s.id}>
              {nameIn(s.name, i18n.language)}
            </option>
          ))}
        </select>
        <span className="hint">{t("playBot.trpgParty")}</span>
      </div>
      {chosen?.summary && (
        <p id={`${id}-trpg-summary`} className="hint trpg-summary" style={{ marginTop: 0 }}>
          {nameIn(chosen.summary, i18n.language)}
        </p>
      )}
    </>
  );
}

export const bot: BotFormPart<TrpgRulesetInfo, string> = {
  id: "trpg",
  read: readListing(TrpgRulesetInfo),
  initial: (listing) => listing.scenarios[0]?.id ?? "",
  Options: TrpgBotOptions,
  request: (listing, scenarioId, me, { name, level }) => {
    const chosen = listing.scenarios.find((s) => s.id === scenarioId) ?? listing.scenarios[0];
    return chosen ? { ruleset: "trpg", scenario: chosen.id, players: [{ name: me, team: "party" }, { name, team: "enemies", bot: level }] } : null;
  },
};
