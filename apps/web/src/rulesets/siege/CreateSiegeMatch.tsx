/**
 * The Siege match creation form (seed 004 "팀 준비"): the mission (and so the map), 2 or 4
 * players, each player's name and team (attack or defence, as many on each), the spectator delay
 * and reconnection grace, and Create. Operators are not chosen here: each team picks them in
 * secret inside the match. On success it hands the server's answer (tokens and links) up.
 */
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CreateMatchResponse } from "@fogwar/protocol";
import type { Api } from "../../api";
import { SiegeRulesetInfo } from "./listing";
import { ClaimDelayRow, CLAIM_DELAY } from "../../lobby/ClaimDelayRow";
import { CreateFooter, NumberRow, useCreateMatch, withListing } from "../../lobby/create-form";
import { correspondenceOption, TimeControlRow, type TimeControl } from "../../lobby/TimeControlRow";

type Team = "attack" | "defence";
interface Player {
  name: string;
  team: Team;
}

const seatsFor = (size: number, old: readonly Player[] = []): Player[] =>
  Array.from({ length: size * 2 }, (_, i) => ({ name: old[i]?.name ?? "", team: old[i]?.team ?? (i % 2 === 0 ? "attack" : "defence") }));

export function CreateSiegeMatch({ api, listing, onCreated }: { api: Pick<Api, "createMatch">; listing: SiegeRulesetInfo; onCreated: (created: CreateMatchResponse) => void }) {
  const { t, i18n } = useTranslation("siegeLobby");
  const id = useId();
  const [missionId, setMissionId] = useState(listing.missions[0]?.id ?? "");
  const mission = listing.missions.find((m) => m.id === missionId) ?? listing.missions[0];
  const map = listing.maps.find((m) => m.id === mission?.map);
  const [size, setSize] = useState(1);
  const [players, setPlayers] = useState<Player[]>(() => seatsFor(1));
  const [spectatorDelay, setSpectatorDelay] = useState(0);
  const [reconnectGrace, setReconnectGrace] = useState(120);
  const [claimDelay, setClaimDelay] = useState<number>(CLAIM_DELAY.default);
  const [timeControl, setTimeControl] = useState<TimeControl>(null);
  const { busy, error, create } = useCreateMatch(api, onCreated);
  const local = (n: { en: string; ko: string } | undefined) => (n ? (i18n.language.startsWith("ko") ? n.ko : n.en) : "");

  const attackers = players.filter((p) => p.team === "attack").length;
  const balanced = attackers === size && players.length - attackers === size;
  const namesMissing = players.some((p) => p.name.trim().length === 0);
  const canCreate = !busy && !!mission && balanced && !namesMissing;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate || !mission) return;
    await create({
      ruleset: "siege",
      scenario: mission.id,
      players: players.map((p) => ({ name: p.name.trim(), team: p.team })),
      options: { spectatorDelay, reconnectGrace, claimDelay, ...correspondenceOption(timeControl) },
    });
  };
  const setPlayer = (index: number, patch: Partial<Player>) => setPlayers((all) => all.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  return (
    <form className="create create-siege" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t("newMatch")}</h2>
      <div className="row">
        <label htmlFor={`${id}-mission`}>{t("mission")}</label>
        <select id={`${id}-mission`} value={mission?.id ?? ""} onChange={(e) => setMissionId(e.target.value)}>
          {listing.missions.map((m) => (
            <option key={m.id} value={m.id}>
              {local(m.name)} · {t("rounds", { count: m.rounds })}
            </option>
          ))}
        </select>
        <span>
          {t("map")}: {map ? `${local(map.name)} (${map.width}×${map.height})` : "—"}
        </span>
      </div>
      <div className="row">
        <label htmlFor={`${id}-size`}>{t("players")}</label>
        <select
          id={`${id}-size`}
          value={size}
          onChange={(e) => {
            const next = Number(e.target.value);
            setSize(next);
            setPlayers((old) => seatsFor(next, old));
          }}
        >
          {listing.teamSizes.map((n) => (
            <option key={n} value={n}>
              {t("size", { n, total: n * 2 })}
            </option>
          ))}
        </select>
      </div>
      <div className="players">
        {players.map((player, index) => {
          const label = t("playerN", { n: index + 1 });
          return (
            <section key={index} className="player" aria-label={label}>
              <h3>{label}</h3>
              <div className="row">
                <span className="pair">
                  <label htmlFor={`${id}-p${index}-name`}>{t("playerName")}</label>
                  <input id={`${id}-p${index}-name`} value={player.name} maxLength={40} required aria-invalid={player.name.trim().length === 0} onChange={(e) => setPlayer(index, { name: e.target.value })} />
                </span>
                <span className="pair">
                  <label htmlFor={`${id}-p${index}-team`}>{t("team")}</label>
                  <select id={`${id}-p${index}-team`} value={player.team} onChange={(e) => setPlayer(index, { team: e.target.value as Team })}>
                    <option value="attack">{t("attack")}</option>
                    <option value="defence">{t("defence")}</option>
                  </select>
                </span>
              </div>
            </section>
          );
        })}
      </div>
      <fieldset className="options">
        <legend>{t("options")}</legend>
        <NumberRow id={`${id}-delay`} label={t("spectatorDelay")} min={0} max={10} fallback={0} value={spectatorDelay} onChange={setSpectatorDelay} />
        <NumberRow id={`${id}-grace`} label={t("reconnectGrace")} min={5} max={3600} fallback={120} value={reconnectGrace} onChange={setReconnectGrace} />
        <ClaimDelayRow id={`${id}-claim`} value={claimDelay} onChange={setClaimDelay} />
        <TimeControlRow id={`${id}-tc`} value={timeControl} onChange={setTimeControl} />
      </fieldset>
      <CreateFooter hint={!canCreate && !busy ? (namesMissing ? t("needNames") : !balanced ? t("needBalance", { n: size }) : "") : null} error={error} busy={busy} disabled={!canCreate} label={t("create")} busyLabel={t("creating")} />
    </form>
  );
}

/** The form on this ruleset's listing of `GET /api/rulesets` (nothing when it cannot be read). */
export const SiegeCreateForm = withListing(SiegeRulesetInfo, CreateSiegeMatch);
