/**
 * The Age of Sigmar battle creation form: the two players' names, their army lists (mustered in
 * secret by each player in the battle, or chosen by the host now from the sample lists), the
 * options every ruleset's form offers (the spectator delay, the reconnection grace, how long an
 * absent player's seat waits before the other may claim, the time control), and Create. On success it hands the server's answer
 * (tokens and links) up.
 */
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CreateMatchResponse } from "@fogwar/protocol";
import type { Api } from "../../api";
import { SigmarRulesetInfo } from "./listing";
import { NameRefusal, nameInvalid } from "../../lobby/names";
import { CreateFooter, NumberRow, useCreateMatch, withListing } from "../../lobby/create-form";
import { correspondenceOption, TimeControlRow, type TimeControl } from "../../lobby/TimeControlRow";
import { ClaimDelayRow, CLAIM_DELAY } from "../../lobby/ClaimDelayRow";

export function CreateSigmarMatch({ api, listing, onCreated }: { api: Pick<Api, "createMatch">; listing: SigmarRulesetInfo; onCreated: (created: CreateMatchResponse) => void }) {
  const { t: tl, i18n } = useTranslation("lobby");
  const t = (key: string, options: Record<string, unknown> = {}): string => tl(`sigmar.${key.replace(/^lobby\./, "")}`, options);
  const label = (name: string) => listing.armyLabels?.[name]?.[i18n.language.startsWith("ko") ? "ko" : "en"] ?? name;
  const id = useId();
  const [names, setNames] = useState(["", ""]);
  const [hostLists, setHostLists] = useState(false);
  const [lists, setLists] = useState([0, Math.min(2, listing.sampleArmies.length - 1)]);
  const [spectatorDelay, setSpectatorDelay] = useState(0);
  const [reconnectGrace, setReconnectGrace] = useState(120);
  const [claimDelay, setClaimDelay] = useState<number>(CLAIM_DELAY.default);
  const [timeControl, setTimeControl] = useState<TimeControl>(null);
  const { busy, error, create } = useCreateMatch(api, onCreated);
  const plan = listing.battleplans[0];
  const namesMissing = names.some((n) => nameInvalid(n));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (namesMissing || busy || !plan) return;
    const players = names.map((name, i) => ({ name: name.trim(), ...(hostLists ? { army: listing.sampleArmies[lists[i]!] } : {}) }));
    await create({ ruleset: "sigmar", scenario: plan.id, players, options: { spectatorDelay, reconnectGrace, claimDelay, ...correspondenceOption(timeControl) } });
  };
  return (
    <form className="create create-sigmar" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t("lobby.newMatch")}</h2>
      <p>
        {plan ? (i18n.language.startsWith("ko") ? plan.name.ko : plan.name.en) : ""} · {t("ruleNote")}
      </p>
      <div className="players">
        {names.map((name, i) => (
          <section key={i} className="player" aria-label={t("lobby.player", { n: i + 1 })}>
            <h3>{t("lobby.player", { n: i + 1 })}</h3>
            <div className="row">
              <label htmlFor={`${id}-p${i}`}>{t("lobby.playerName")}</label>
              <input id={`${id}-p${i}`} value={name} maxLength={40} required aria-invalid={nameInvalid(name)} aria-describedby={`${id}-p${i}-refused`} onChange={(e) => setNames((all) => all.map((n, j) => (j === i ? e.target.value : n)))} />
              <NameRefusal name={name} id={`${id}-p${i}-refused`} />
              {hostLists && (
                <>
                  <label htmlFor={`${id}-l${i}`}>{t("lobby.sample")}</label>
                  <select id={`${id}-l${i}`} value={lists[i]} onChange={(e) => setLists((all) => all.map((n, j) => (j === i ? Number(e.target.value) : n)))}>
                    {listing.sampleArmies.map((a, k) => (
                      <option key={k} value={k}>
                        {label(a.name)}
                      </option>
                    ))}
                  </select>
                </>
              )}
            </div>
          </section>
        ))}
      </div>
      <fieldset className="options">
        <legend>{t("lobby.lists")}</legend>
        <label>
          <input type="radio" name={`${id}-lists`} checked={!hostLists} onChange={() => setHostLists(false)} /> {t("lobby.mustered")}
        </label>{" "}
        <label>
          <input type="radio" name={`${id}-lists`} checked={hostLists} onChange={() => setHostLists(true)} /> {t("lobby.hostBuilds")}
        </label>
      </fieldset>
      <fieldset className="options">
        <legend>{tl("options")}</legend>
        <NumberRow id={`${id}-delay`} label={t("lobby.spectatorDelay")} min={0} max={5} fallback={0} value={spectatorDelay} onChange={setSpectatorDelay} />
        <NumberRow id={`${id}-grace`} label={tl("reconnectGrace")} hint={tl("reconnectGraceHint")} min={5} max={3600} fallback={120} value={reconnectGrace} onChange={setReconnectGrace} />
        <ClaimDelayRow id={`${id}-claim`} value={claimDelay} onChange={setClaimDelay} />
        <TimeControlRow id={`${id}-tc`} value={timeControl} onChange={setTimeControl} />
      </fieldset>
      <CreateFooter hint={namesMissing ? t("lobby.needNames") : null} error={error} busy={busy} disabled={namesMissing || busy} label={t("lobby.create")} busyLabel={t("lobby.creating")} />
    </form>
  );
}

/** The form on this ruleset's listing of `GET /api/rulesets` (nothing when it cannot be read). */
export const SigmarCreateForm = withListing(SigmarRulesetInfo, CreateSigmarMatch);
