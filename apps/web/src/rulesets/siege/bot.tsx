/** Siege in the lobby's "play against the bot" form: a mission and your side (1 v 1); the bot takes the other side. */
import { useTranslation } from "react-i18next";
import { SiegeRulesetInfo } from "./listing";
import { nameIn } from "../../lobby/sample-names";
import { readListing } from "../../lobby/create-form";
import type { BotFormPart, BotOptionsProps } from "../adapter";

type Side = "attack" | "defence";

interface SiegeBotState {
  readonly missionId: string;
  readonly side: Side;
}

function SiegeBotOptions({ id, listing, state, onChange }: BotOptionsProps<SiegeRulesetInfo, SiegeBotState>) {
  const { t, i18n } = useTranslation("lobby");
  return (
    <div className="row">
      <label htmlFor={`${id}-mission`}>{t("playBot.mission")}</label>
      <select id={`${id}-mission`} value={state.missionId} onChange={(e) => onChange({ ...state, missionId: e.target.value })}>
        {listing.missions.map((m) => (
          <option key={m.id} value={m.id}>
            {nameIn(m.name, i18n.language)}
          </option>
        ))}
      </select>
      <span role="radiogroup" aria-label={t("playBot.side")}>
        {(["attack", "defence"] as const).map((s) => (
          <label key={s}>
            <input type="radio" name={`${id}-side`} checked={state.side === s} onChange={() => onChange({ ...state, side: s })} /> {t(`playBot.sides.${s}`)}
          </label>
        ))}
      </span>
    </div>
  );
}

export const bot: BotFormPart<SiegeRulesetInfo, SiegeBotState> = {
  id: "siege",
  read: readListing(SiegeRulesetInfo),
  initial: (listing) => ({ missionId: listing.missions[0]?.id ?? "", side: "attack" }),
  Options: SiegeBotOptions,
  request: (listing, { missionId, side }, me, { name, level }) => {
    const mission = listing.missions.find((m) => m.id === missionId) ?? listing.missions[0];
    if (!mission) return null;
    const other: Side = side === "attack" ? "defence" : "attack";
    return { ruleset: "siege", scenario: mission.id, players: [{ name: me, team: side }, { name, team: other, bot: level }] };
  },
};
