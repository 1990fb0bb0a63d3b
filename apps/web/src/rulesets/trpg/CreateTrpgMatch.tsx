/**
 * The TRPG match creation form (seed 002; docs/rules/trpg.md "Seats and modes"): the scenario,
 * the mode (a game master plays the enemies, or versus: an enemies' player), the party's players
 * (one to four) and which party character each plays, the master's table settings (the field
 * effect and how dark it is, seed 002 3-7), the spectator delay, reconnection grace and claim
 * delay (how long an awaited seat, the game master's too, must stay away before the other side may
 * claim; docs/rules/trpg.md "Abandonment"). The
 * scenario's enemies are not shown: they are the game master's (the server's encounter).
 */
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import "../../i18n/trpg-lobby-strings";
import type { CreateMatchResponse } from "@fogwar/protocol";
import type { Api } from "../../api";
import { TrpgRulesetInfo } from "./listing";
import { NameRefusal, nameInvalid } from "../../lobby/names";
import { CreateFooter, NumberRow, useCreateMatch, withListing } from "../../lobby/create-form";
import { correspondenceOption, TimeControlRow, type TimeControl } from "../../lobby/TimeControlRow";
import { ClaimDelayRow, CLAIM_DELAY } from "../../lobby/ClaimDelayRow";

type Mode = "gm" | "versus";

export function CreateTrpgMatch({ api, listing, onCreated }: { api: Pick<Api, "createMatch">; listing: TrpgRulesetInfo; onCreated: (created: CreateMatchResponse) => void }) {
  const { t, i18n } = useTranslation("trpgLobby");
  const id = useId();
  const local = (n: { en: string; ko: string }) => (i18n.language.startsWith("ko") ? n.ko : n.en);
  const [scenarioId, setScenarioId] = useState(listing.scenarios[0]?.id ?? "");
  const scenario = listing.scenarios.find((s) => s.id === scenarioId) ?? listing.scenarios[0];
  const [mode, setMode] = useState<Mode>("gm");
  const [master, setMaster] = useState("");
  const [count, setCount] = useState(2);
  const [names, setNames] = useState<string[]>(["", "", "", ""]);
  const [owner, setOwner] = useState<Record<string, number>>({});
  const [field, setField] = useState<string | null>(null);
  const [night, setNight] = useState<number | null>(null);
  const [spectatorDelay, setSpectatorDelay] = useState(0);
  const [timeControl, setTimeControl] = useState<TimeControl>(null);
  const [reconnectGrace, setReconnectGrace] = useState(120);
  const [claimDelay, setClaimDelay] = useState<number>(CLAIM_DELAY.default);
  const { busy, error, create } = useCreateMatch(api, onCreated);
  if (!scenario) return null;
  const max = Math.min(listing.partyPlayers[1], scenario.party.length);
  const players = Math.min(count, max);
  const ownerOf = (character: string, i: number) => Math.min(owner[character] ?? i % players, players - 1);
  const everyoneHasOne = Array.from({ length: players }, (_, p) => scenario.party.some((c, i) => ownerOf(c.id, i) === p)).every(Boolean);
  const namesMissing = nameInvalid(master) || names.slice(0, players).some((n) => nameInvalid(n));
  const canCreate = !busy && !namesMissing && everyoneHasOne;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate) return;
    const settings = { ...(field !== null ? { field } : {}), ...(night !== null ? { night } : {}) };
    await create({
      ruleset: "trpg",
      scenario: scenario.id,
      players: [
        { name: master.trim(), team: mode === "gm" ? "gm" : "enemies", ...(Object.keys(settings).length > 0 ? { army: settings } : {}) },
        ...Array.from({ length: players }, (_, p) => ({ name: names[p]!.trim(), team: "party", army: { characters: scenario.party.filter((c, i) => ownerOf(c.id, i) === p).map((c) => c.id) } })),
      ],
      options: { spectatorDelay, reconnectGrace, claimDelay, ...correspondenceOption(timeControl) },
    });
  };

  return (
    <form className="create create-trpg" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t("newMatch")}</h2>
      <div className="row">
        <label htmlFor={`${id}-scenario`}>{t("scenario")}</label>
        <select id={`${id}-scenario`} value={scenario.id} onChange={(e) => (setScenarioId(e.target.value), setField(null), setNight(null), setOwner({}))}>
          {listing.scenarios.map((s) => (
            <option key={s.id} value={s.id}>
              {local(s.name)} · {t("rounds", { count: s.rounds })}
            </option>
          ))}
        </select>
      </div>
      <p className="hint">{local(scenario.summary)}</p>
      <fieldset className="row">
        <legend>{t("mode")}</legend>
        <label>
          <input type="radio" name={`${id}-mode`} checked={mode === "gm"} onChange={() => setMode("gm")} /> {t("modeGm")}
        </label>
        <label>
          <input type="radio" name={`${id}-mode`} checked={mode === "versus"} onChange={() => setMode("versus")} /> {t("modeVersus")}
        </label>
      </fieldset>
      <div className="row">
        <label htmlFor={`${id}-master`}>{mode === "gm" ? t("masterName") : t("enemiesName")}</label>
        <input id={`${id}-master`} value={master} maxLength={40} required aria-invalid={nameInvalid(master)} aria-describedby={`${id}-master-refused`} onChange={(e) => setMaster(e.target.value)} />
        <NameRefusal name={master} id={`${id}-master-refused`} />
      </div>
      <div className="row">
        <label htmlFor={`${id}-count`}>{t("partyPlayers")}</label>
        <select id={`${id}-count`} value={players} onChange={(e) => setCount(Number(e.target.value))}>
          {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="players">
        {Array.from({ length: players }, (_, p) => (
          <div className="row" key={p}>
            <label htmlFor={`${id}-p${p}`}>{t("playerN", { n: p + 1 })}</label>
            <input id={`${id}-p${p}`} value={names[p]} maxLength={40} required aria-invalid={nameInvalid(names[p]!)} aria-describedby={`${id}-p${p}-refused`} onChange={(e) => setNames(names.map((n, i) => (i === p ? e.target.value : n)))} />
            <NameRefusal name={names[p]!} id={`${id}-p${p}-refused`} />
          </div>
        ))}
      </div>
      <fieldset className="characters">
        <legend>{t("characters")}</legend>
        {scenario.party.map((c, i) => (
          <div className="row" key={c.id}>
            <label htmlFor={`${id}-c-${c.id}`}>{local(c.name)}</label>
            <select id={`${id}-c-${c.id}`} value={ownerOf(c.id, i)} onChange={(e) => setOwner({ ...owner, [c.id]: Number(e.target.value) })}>
              {Array.from({ length: players }, (_, p) => (
                <option key={p} value={p}>
                  {names[p]?.trim() || t("playerN", { n: p + 1 })}
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>
      <fieldset className="options">
        <legend>{t("table")}</legend>
        <div className="row">
          <label htmlFor={`${id}-field`}>{t("field")}</label>
          <select id={`${id}-field`} value={field ?? scenario.field} onChange={(e) => setField(e.target.value)}>
            {listing.fields.map((f) => (
              <option key={f.id} value={f.id}>
                {t(`fields.${f.id}`)}
              </option>
            ))}
          </select>
        </div>
        <NumberRow id={`${id}-night`} label={t("night")} min={0} max={100} fallback={0} value={night ?? scenario.night} onChange={setNight} />
        <NumberRow id={`${id}-delay`} label={t("spectatorDelay")} min={0} max={10} fallback={0} value={spectatorDelay} onChange={setSpectatorDelay} />
        <NumberRow id={`${id}-grace`} label={t("reconnectGrace")} min={5} max={3600} fallback={120} value={reconnectGrace} onChange={setReconnectGrace} />
        <ClaimDelayRow id={`${id}-claim`} value={claimDelay} onChange={setClaimDelay} />
        <TimeControlRow id={`${id}-tc`} value={timeControl} onChange={setTimeControl} />
      </fieldset>
      <CreateFooter hint={!canCreate && !busy ? (namesMissing ? t("needNames") : t("needCharacters")) : null} error={error} busy={busy} disabled={!canCreate} label={t("create")} busyLabel={t("creating")} />
    </form>
  );
}

/** The form on this ruleset's listing of `GET /api/rulesets` (nothing when it cannot be read). */
export const TrpgCreateForm = withListing(TrpgRulesetInfo, CreateTrpgMatch);
