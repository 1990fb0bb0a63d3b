/**
 * The match creation form: ruleset and scenario (from GET /api/rulesets), each player's name and
 * (unless each player builds their own list in the match, the default) army, the options, and Create. On success it hands the server's answer (tokens and links) up.
 */
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ArmyList } from "@fogwar/ember";
import type { CreateMatchResponse } from "@fogwar/protocol";
import type { Api } from "../../api";
import type { RulesetInfo } from "./listing";
import { ArmyEditor } from "./ArmyEditor";
import { ClaimDelayRow, CLAIM_DELAY } from "../../lobby/ClaimDelayRow";
import { correspondenceOption, TimeControlRow, type TimeControl } from "../../lobby/TimeControlRow";
import { assess, cloneArmy, emptyArmy, newMech } from "./armyModel";
import { nameIn } from "../../lobby/sample-names";
import { NameRefusal, nameInvalid, nameRefused } from "../../lobby/names";
import { TEAM_COLOURS } from "../../table/names";
import { CreateFooter, NumberRow, clamp, useCreateMatch } from "../../lobby/create-form";

interface Player {
  name: string;
  army: ArmyList;
}

/**
 * The battle formats (seed 001 6.1: "2 대 2 또는 1 대 1 대 1"): how many players, and whether
 * they play in two teams of two. Three or four players without teams need a scenario with four
 * deployment zones (`sides` 4).
 */
export const FORMATS = [
  { id: "1v1", players: 2, teams: false },
  { id: "2v2", players: 4, teams: true },
  { id: "1v1v1", players: 3, teams: false },
  { id: "1v1v1v1", players: 4, teams: false },
] as const;
export type FormatId = (typeof FORMATS)[number]["id"];

/** The two teams of a 2 v 2 (their colours are the table's, `TEAM_COLOURS`). */
export const TEAM_IDS = ["alpha", "bravo"] as const;

function defaultArmy(samples: readonly ArmyList[], index: number): ArmyList {
  const sample = samples[index] ?? samples[0];
  if (sample) return cloneArmy(sample);
  const army = emptyArmy(index === 0 ? "RDL" : "UN");
  return { ...army, units: [newMech(army)] };
}

export function CreateMatch({ api, rulesets, onCreated }: { api: Api; rulesets: RulesetInfo[]; onCreated: (created: CreateMatchResponse) => void }) {
  const { t, i18n } = useTranslation("lobby");
  const { t: tc } = useTranslation("common");
  const id = useId();
  const [rulesetId, setRulesetId] = useState(rulesets[0]?.id ?? "");
  const ruleset = rulesets.find((r) => r.id === rulesetId) ?? rulesets[0];
  const [scenarioId, setScenarioId] = useState(ruleset?.scenarios[0]?.id ?? "");
  const scenario = ruleset?.scenarios.find((s) => s.id === scenarioId) ?? ruleset?.scenarios[0];
  const samples = ruleset?.sampleArmies ?? [];
  // Sample armies 0 and 2 are different factions in the sample data; fall back to 1.
  const [players, setPlayers] = useState<Player[]>(() => [
    { name: "", army: defaultArmy(samples, 0) },
    { name: "", army: defaultArmy(samples, samples.length > 2 ? 2 : 1) },
  ]);
  const [formatId, setFormatId] = useState<FormatId>("1v1");
  // A 2 v 2 starts as p1 and p3 against p2 and p4; each player's team can be changed.
  const [teams, setTeams] = useState<string[]>(["alpha", "bravo", "alpha", "bravo"]);
  const formats = FORMATS.filter((f) => f.players === 2 || f.teams || (scenario?.sides ?? 2) >= 4);
  const format = formats.find((f) => f.id === formatId) ?? FORMATS[0];
  const chooseFormat = (id: FormatId) => {
    const next = FORMATS.find((f) => f.id === id) ?? FORMATS[0];
    setFormatId(next.id);
    // Keep the players already set up; new ones start from the next sample armies.
    setPlayers((all) => Array.from({ length: next.players }, (_, i) => all[i] ?? { name: "", army: defaultArmy(samples, (i * 2) % Math.max(1, samples.length)) }));
  };
  // Each player builds their own secret list in the match (the muster), or the host builds all.
  const [listsBy, setListsBy] = useState<"players" | "host">("players");
  const hostBuilds = listsBy === "host";
  const [progressiveReveal, setProgressiveReveal] = useState(false);
  const [spectatorDelay, setSpectatorDelay] = useState(0);
  const [reconnectGrace, setReconnectGrace] = useState(120);
  const [claimDelay, setClaimDelay] = useState<number>(CLAIM_DELAY.default);
  // EMBER's optional clock (off by default): minutes each plus seconds added each round.
  const [clockOn, setClockOn] = useState(false);
  const [timeControl, setTimeControl] = useState<TimeControl>(null);
  const [clockMinutes, setClockMinutes] = useState(20);
  const [clockIncrement, setClockIncrement] = useState(30);
  const { busy, error, create } = useCreateMatch(api, onCreated);

  useEffect(() => {
    if (ruleset && !ruleset.scenarios.some((s) => s.id === scenarioId)) setScenarioId(ruleset.scenarios[0]?.id ?? "");
  }, [ruleset, scenarioId]);
  // A scenario with two deployment zones takes 1 v 1 and 2 v 2 only.
  useEffect(() => {
    if (format.id !== formatId) chooseFormat(format.id);
  });

  const battleSize = scenario?.battleSize ?? "skirmish";
  const armyProblems = players.map((p) => assess(p.army, battleSize).problems.length);
  const namesMissing = players.some((p) => p.name.trim().length === 0);
  const namesRefused = players.some((p) => nameRefused(p.name));
  const teamsUneven = format.teams && TEAM_IDS.some((team) => teams.slice(0, players.length).filter((t) => t === team).length !== 2);
  const canCreate = !busy && !!ruleset && !!scenario && !namesMissing && !namesRefused && !teamsUneven && (!hostBuilds || armyProblems.every((n) => n === 0));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate || !ruleset || !scenario) return;
    await create({
      ruleset: ruleset.id,
      scenario: scenario.id,
      players: players.map((p, i) => ({ name: p.name.trim(), ...(hostBuilds ? { army: p.army } : {}), ...(format.teams ? { team: teams[i] } : {}) })),
      options: { progressiveReveal, spectatorDelay, reconnectGrace, claimDelay, ...(clockOn && !timeControl ? { clock: { minutes: clockMinutes, incrementSeconds: clockIncrement } } : {}), ...correspondenceOption(timeControl) },
    });
  };

  const setPlayer = (index: number, patch: Partial<Player>) => setPlayers((all) => all.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  return (
    <form className="create create-ember" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t("newMatch")}</h2>
      <div className="row">
        <label htmlFor={`${id}-ruleset`}>{t("ruleset")}</label>
        <select id={`${id}-ruleset`} value={ruleset?.id ?? ""} onChange={(e) => setRulesetId(e.target.value)}>
          {rulesets.map((r) => (
            <option key={r.id} value={r.id}>
              {t(`rulesetName.${r.id}`, { defaultValue: r.id })} ({t("rulesVersion", { version: r.rulesVersion.replace(`${r.id}-`, "") })})
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-scenario`}>{t("scenario")}</label>
        <select id={`${id}-scenario`} value={scenario?.id ?? ""} onChange={(e) => setScenarioId(e.target.value)}>
          {ruleset?.scenarios.map((s) => (
            <option key={s.id} value={s.id}>
              {nameIn(s.name, i18n.language)}: {t(`battleSize.${s.battleSize}`)}, {t("rounds", { count: s.rounds })}
            </option>
          ))}
        </select>
      </div>

      <div className="row">
        <label htmlFor={`${id}-format`}>{t("format")}</label>
        <select id={`${id}-format`} value={format.id} onChange={(e) => chooseFormat(e.target.value as FormatId)}>
          {formats.map((f) => (
            <option key={f.id} value={f.id}>
              {t(`formats.${f.id}`)}
            </option>
          ))}
        </select>
        <small>{t("formatHint")}</small>
      </div>

      <fieldset className="row lists-by">
        <legend>{t("listsBy")}</legend>
        {(["players", "host"] as const).map((by) => (
          <label key={by}>
            <input type="radio" name={`${id}-lists-by`} value={by} checked={listsBy === by} onChange={() => setListsBy(by)} /> {t(`listsByOption.${by}`)}
          </label>
        ))}
        <small>{t(hostBuilds ? "listsByHint.host" : "listsByHint.players")}</small>
      </fieldset>

      <div className="players">
        {players.map((player, index) => {
          const label = t("playerN", { n: index + 1 });
          return (
            <section key={index} className="player" aria-label={label} data-team={format.teams ? teams[index] : undefined}>
              <h3>
                {label}
                {format.teams && (
                  <span className="team-badge" style={{ background: TEAM_COLOURS[teams[index] as string] }}>
                    {" "}
                    {t(`team.${teams[index]}`)}
                  </span>
                )}
              </h3>
              {format.teams && (
                <div className="row">
                  <label htmlFor={`${id}-p${index}-team`}>{t("teamLabel")}</label>
                  <select id={`${id}-p${index}-team`} value={teams[index]} onChange={(e) => setTeams((all) => all.map((team, i) => (i === index ? e.target.value : team)))}>
                    {TEAM_IDS.map((team) => (
                      <option key={team} value={team}>
                        {t(`team.${team}`)}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <div className="row">
                <label htmlFor={`${id}-p${index}-name`}>{t("playerName")}</label>
                <input
                  id={`${id}-p${index}-name`}
                  value={player.name}
                  maxLength={40}
                  required
                  aria-invalid={nameInvalid(player.name)}
                  aria-describedby={`${id}-p${index}-name-hint${nameRefused(player.name) ? ` ${id}-p${index}-name-refused` : ""}`}
                  onChange={(e) => setPlayer(index, { name: e.target.value })}
                />
                <small id={`${id}-p${index}-name-hint`}>{t("nameHint")}</small>
                <NameRefusal name={player.name} id={`${id}-p${index}-name-refused`} />
              </div>
              {hostBuilds && <ArmyEditor label={label} army={player.army} samples={samples} battleSize={battleSize} onChange={(army) => setPlayer(index, { army })} />}
            </section>
          );
        })}
      </div>

      <fieldset className="options">
        <legend>{t("options")}</legend>
        <div className="row">
          <input id={`${id}-progressive`} type="checkbox" checked={progressiveReveal} onChange={(e) => setProgressiveReveal(e.target.checked)} />
          <label htmlFor={`${id}-progressive`}>{t("progressiveReveal")}</label>
          <small>{t("progressiveRevealHint")}</small>
        </div>
        <NumberRow id={`${id}-delay`} label={t("spectatorDelay")} hint={t("spectatorDelayHint")} min={0} max={10} fallback={0} value={spectatorDelay} onChange={setSpectatorDelay} />
        <NumberRow id={`${id}-grace`} label={t("reconnectGrace")} hint={t("reconnectGraceHint")} min={5} max={3600} fallback={120} value={reconnectGrace} onChange={setReconnectGrace} />
        <ClaimDelayRow id={`${id}-claim`} value={claimDelay} onChange={setClaimDelay} />
        <TimeControlRow id={`${id}-tc`} value={timeControl} onChange={setTimeControl} />
        {!timeControl && (
          <div className="row">
            <input id={`${id}-clock`} type="checkbox" checked={clockOn} onChange={(e) => setClockOn(e.target.checked)} />
            <label htmlFor={`${id}-clock`}>{tc("clock.option")}</label>
            <small>{tc("clock.optionHint")}</small>
          </div>
        )}
        {clockOn && !timeControl && (
          <div className="row">
            <label htmlFor={`${id}-clock-minutes`}>{tc("clock.optionMinutes")}</label>
            <input id={`${id}-clock-minutes`} type="number" min={1} max={600} value={clockMinutes} onChange={(e) => setClockMinutes(clamp(e.target.valueAsNumber, 1, 600, 20))} />
            <label htmlFor={`${id}-clock-increment`}>{tc("clock.optionIncrement")}</label>
            <input id={`${id}-clock-increment`} type="number" min={0} max={3600} value={clockIncrement} onChange={(e) => setClockIncrement(clamp(e.target.valueAsNumber, 0, 3600, 30))} />
          </div>
        )}
      </fieldset>

      <CreateFooter hint={!canCreate && !busy ? (namesMissing ? t("needNames") : namesRefused ? tc("errors.invalid_name") : teamsUneven ? t("teamsUneven") : hostBuilds && armyProblems.some((n) => n > 0) ? t("fixArmies") : "") : null} error={error} busy={busy} disabled={!canCreate} label={t("create")} busyLabel={t("creating")} />
    </form>
  );
}
