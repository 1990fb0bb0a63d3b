/**
 * "Play against the bot": one form for every ruleset the server's bot plays. EMBER: a scenario
 * and your army (the sample armies that fit it; the bot takes a sample of another faction);
 * Siege: a mission and your side (attack or defence, 1 v 1); Age of Sigmar: both lists mustered in
 * secret in the battle; the TRPG: a scenario (you play the whole party, the bot the enemies from
 * their own view). The bot's level, easy or normal.
 * One click creates the match with the other seat played by the server's bot
 * (`players[].bot`) and opens the table as your seat.
 */
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { ArmyList } from "@fogwar/ember";
import type { BotLevel, CreateMatchRequest } from "@fogwar/protocol";
import { ApiError, SiegeRulesetInfo, SigmarRulesetInfo, TrpgRulesetInfo, emberRulesets, type Api, type RulesetInfo, type RulesetsResponse } from "../api";
import { ErrorNote } from "../ui";
import { sampleName } from "./sample-names";
import { assess, nameIn } from "./armyModel";
import { localPart } from "./InviteLinks";

type Side = "attack" | "defence";

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

/**
 * The bot form's listings out of every hosted ruleset's listing (`GET /api/rulesets`), each read
 * with its own schema (absent or unreadable: that ruleset is not offered).
 */
export function botListings(listings: readonly RulesetsResponse["rulesets"][number][]) {
  const find = <T,>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, id: string): T | null => {
    const parsed = schema.safeParse(listings.find((x) => x.id === id));
    return parsed.success ? parsed.data : null;
  };
  return { ember: emberRulesets(listings).find((r) => r.id === "ember"), siege: find(SiegeRulesetInfo, "siege"), sigmar: find(SigmarRulesetInfo, "sigmar"), trpg: find(TrpgRulesetInfo, "trpg") };
}

export function PlayBot({ api, ember, siege, sigmar = null, trpg = null }: { api: Api; ember: RulesetInfo | undefined; siege: SiegeRulesetInfo | null; sigmar?: SigmarRulesetInfo | null; trpg?: TrpgRulesetInfo | null }) {
  const { t, i18n } = useTranslation("lobby");
  const id = useId();
  const navigate = useNavigate();
  const [ruleset, setRuleset] = useState<"ember" | "siege" | "sigmar" | "trpg">(ember ? "ember" : siege ? "siege" : sigmar ? "sigmar" : "trpg");
  const [trpgScenario, setTrpgScenario] = useState(trpg?.scenarios[0]?.id ?? "");
  const [scenarioId, setScenarioId] = useState(ember?.scenarios[0]?.id ?? "");
  const scenario = ember?.scenarios.find((s) => s.id === scenarioId) ?? ember?.scenarios[0];
  const samples = ember?.sampleArmies ?? [];
  const fits = fitting(samples, scenario?.battleSize ?? "skirmish");
  const [armyChoice, setArmy] = useState<number | null>(null);
  const army = armyChoice !== null && fits.includes(armyChoice) ? armyChoice : (fits[0] ?? 0);
  const [missionId, setMissionId] = useState(siege?.missions[0]?.id ?? "");
  const [side, setSide] = useState<Side>("attack");
  const [level, setLevel] = useState<BotLevel>("normal");
  // The name the table, log and review show for the person (the bot is "Bot").
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  if (!ember && !siege && !sigmar && !trpg) return null;

  const request = (): CreateMatchRequest | null => {
    const me = name.trim() || t("playBot.defaultName");
    const bot = t("playBot.botName");
    // Age of Sigmar: both lists are mustered in secret in the battle (the bot locks a sample list).
    if (ruleset === "sigmar") return sigmar?.battleplans[0] ? { ruleset: "sigmar", scenario: sigmar.battleplans[0].id, players: [{ name: me }, { name: bot, bot: level }] } : null;
    if (ruleset === "trpg") {
      // Solo (docs/rules/trpg.md): you play the whole party, the bot the enemies from their own view.
      const chosen = trpg?.scenarios.find((s) => s.id === trpgScenario) ?? trpg?.scenarios[0];
      if (!chosen) return null;
      return { ruleset: "trpg", scenario: chosen.id, players: [{ name: me, team: "party" }, { name: bot, team: "enemies", bot: level }] };
    }
    if (ruleset === "siege") {
      if (!siege) return null;
      const mission = siege.missions.find((m) => m.id === missionId) ?? siege.missions[0];
      if (!mission) return null;
      const other: Side = side === "attack" ? "defence" : "attack";
      return { ruleset: "siege", scenario: mission.id, players: [{ name: me, team: side }, { name: bot, team: other, bot: level }] };
    }
    const mine = samples[army];
    const theirs = botArmy(samples, fits, army);
    if (!ember || !scenario || !mine || !theirs) return null;
    return { ruleset: ember.id, scenario: scenario.id, players: [{ name: me, army: mine }, { name: bot, army: theirs, bot: level }] };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = request();
    if (!body || busy) return;
    setBusy(true);
    setError(null);
    try {
      const created = await api.createMatch(body);
      const seat = created.seats[0];
      if (!seat?.inviteUrl) throw new ApiError("bad_response", "no seat for the player");
      void navigate(localPart(seat.inviteUrl));
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError("network_error", String(e)));
      setBusy(false);
    }
  };

  return (
    <form className="play-bot" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("playBot.title")}</h2>
      <p>{t("playBot.explain")}</p>
      <div className="row">
        <label htmlFor={`${id}-name`}>{t("playBot.name")}</label>
        <input id={`${id}-name`} value={name} maxLength={40} autoComplete="nickname" placeholder={t("playBot.defaultName")} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="row" role="radiogroup" aria-label={t("playBot.game")}>
        {ember && (
          <label>
            <input type="radio" name={`${id}-ruleset`} checked={ruleset === "ember"} onChange={() => setRuleset("ember")} /> {t("rulesetName.ember")}
          </label>
        )}
        {siege && (
          <label>
            <input type="radio" name={`${id}-ruleset`} checked={ruleset === "siege"} onChange={() => setRuleset("siege")} /> {t("rulesetName.siege")}
          </label>
        )}
        {sigmar && (
          <label>
            <input type="radio" name={`${id}-ruleset`} checked={ruleset === "sigmar"} onChange={() => setRuleset("sigmar")} /> {t("rulesetName.sigmar")}
          </label>
        )}
        {trpg && (
          <label>
            <input type="radio" name={`${id}-ruleset`} checked={ruleset === "trpg"} onChange={() => setRuleset("trpg")} /> {t("rulesetName.trpg")}
          </label>
        )}
      </div>
      {ruleset === "ember" && ember && (
        <div className="row">
          <label htmlFor={`${id}-scenario`}>{t("playBot.scenario")}</label>
          <select id={`${id}-scenario`} value={scenario?.id ?? ""} onChange={(e) => setScenarioId(e.target.value)}>
            {ember.scenarios.map((s) => (
              <option key={s.id} value={s.id}>
                {nameIn(s.name, i18n.language)}: {t(`battleSize.${s.battleSize}`)}, {t("rounds", { count: s.rounds })}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-army`}>{t("playBot.yourArmy")}</label>
          <select id={`${id}-army`} value={army} onChange={(e) => setArmy(Number(e.target.value))}>
            {fits.map((i) => (
              <option key={i} value={i}>
                {t("sampleArmy", { name: sampleName("army", samples[i]?.name ?? "", i18n.language), faction: t(`faction.${samples[i]?.faction}`) })}
              </option>
            ))}
          </select>
        </div>
      )}
      {ruleset === "siege" && siege && (
        <div className="row">
          <label htmlFor={`${id}-mission`}>{t("playBot.mission")}</label>
          <select id={`${id}-mission`} value={missionId} onChange={(e) => setMissionId(e.target.value)}>
            {siege.missions.map((m) => (
              <option key={m.id} value={m.id}>
                {nameIn(m.name, i18n.language)}
              </option>
            ))}
          </select>
          <span role="radiogroup" aria-label={t("playBot.side")}>
            {(["attack", "defence"] as const).map((s) => (
              <label key={s}>
                <input type="radio" name={`${id}-side`} checked={side === s} onChange={() => setSide(s)} /> {t(`playBot.sides.${s}`)}
              </label>
            ))}
          </span>
        </div>
      )}
      {ruleset === "trpg" && trpg && (
        <div className="row">
          <label htmlFor={`${id}-trpg-scenario`}>{t("playBot.scenario")}</label>
          <select id={`${id}-trpg-scenario`} value={trpgScenario} onChange={(e) => setTrpgScenario(e.target.value)}>
            {trpg.scenarios.map((s) => (
              <option key={s.id} value={s.id}>
                {nameIn(s.name, i18n.language)}
              </option>
            ))}
          </select>
          <span className="hint">{t("playBot.trpgParty")}</span>
        </div>
      )}
      <div className="row">
        <label htmlFor={`${id}-level`}>{t("playBot.level")}</label>
        <select id={`${id}-level`} value={level} onChange={(e) => setLevel(e.target.value as BotLevel)}>
          <option value="easy">{t("playBot.levels.easy")}</option>
          <option value="normal">{t("playBot.levels.normal")}</option>
        </select>
      </div>
      {error && <ErrorNote error={error} title={t("playBot.failed")} />}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t("creating") : t("playBot.start")}
      </button>
    </form>
  );
}
