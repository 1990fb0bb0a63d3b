/**
 * "Challenge <name>": the settings of the match (game, scenario, rated or casual, clock) sent as
 * a challenge (`POST /api/challenges`); the challenger plays the first seat. Games with teams
 * give the challenger the first team (Siege: attack; the TRPG: the party).
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AccountError } from "../account/AccountError";
import { useAction } from "../account/use-action";
import { GameFields, initialSettings, timeOptionsOf, type GameSettings } from "./GameFields";
import type { ChallengeSettings, PlayApi } from "./play-api";
import type { RulesetListing } from "../rulesets/adapter";

/** The teams of a two-player match per ruleset that needs them: the challenger's, then the other's. */
export const CHALLENGE_TEAMS: Readonly<Record<string, { from: string; to: string }>> = { siege: { from: "attack", to: "defence" }, trpg: { from: "party", to: "enemies" } };

/** The challenge's settings from the form's. */
export function challengeSettings(settings: GameSettings): ChallengeSettings {
  const teams = CHALLENGE_TEAMS[settings.ruleset];
  return { ruleset: settings.ruleset, scenario: settings.scenario, options: { rated: settings.rated, ...timeOptionsOf(settings) }, ...(teams ? { teams } : {}) };
}

export function ChallengeForm({ to, listings, play, onSent }: { to: string; listings: readonly RulesetListing[]; play: PlayApi; onSent: () => void }) {
  const { t } = useTranslation("social");
  const { busy, error, run } = useAction();
  const [settings, setSettings] = useState<GameSettings>(() => initialSettings(listings));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = await run(() => play.challenge(to, challengeSettings(settings)));
    if (sent) onSent();
  };
  return (
    <form className="play-card" onSubmit={(e) => void submit(e)} aria-label={t("challenge.title", { name: to })}>
      <h2>{t("challenge.title", { name: to })}</h2>
      <GameFields listings={listings} value={settings} onChange={setSettings} />
      <button type="submit" className="primary" disabled={busy || !settings.scenario}>
        {busy ? t("working") : t("challenge.send")}
      </button>
      <AccountError error={error} />
    </form>
  );
}
