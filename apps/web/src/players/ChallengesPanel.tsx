/**
 * My open challenges (on "My games"): those sent to me with "Accept" and "Decline", those I sent
 * with "Withdraw", refreshed every {@link CHALLENGES_POLL_MS}. Accepting opens the new match; a
 * challenge of mine that someone accepted leads to its match too (`onMatchesChanged` reloads the
 * list of my games, where it then shows).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { AccountError } from "../account/AccountError";
import { useAction } from "../account/use-action";
import { seatPath } from "../lobby/OpenTablesList";
import { playApi, type ChallengeView, type Challenges, type PlayApi } from "../lobby/play-api";
import { scenarioLabel } from "../lobby/open-tables";
import { wordsOfId } from "../lobby/words-of-id";
import { useListings } from "./use-listings";
import type { RulesetListing } from "../rulesets/adapter";
import "../lobby/play.css";
import { termsWords } from "../table/days";

/** How often (ms) the open challenges are asked again. */
export const CHALLENGES_POLL_MS = 5000;

function Settings({ challenge, listings }: { challenge: ChallengeView; listings: readonly RulesetListing[] }) {
  const { t, i18n } = useTranslation("social");
  const scenarioName = scenarioLabel(listings, challenge.settings.ruleset, challenge.settings.scenario, i18n.language);
  const { t: tl } = useTranslation("lobby");
  const rated = challenge.settings.options?.rated === true;
  const { t: tc } = useTranslation("common");
  const terms = challenge.settings.options?.correspondence as { daysPerMove: number; vacationDays: number } | undefined;
  return (
    <span className="what">
      {tl(`rulesetName.${challenge.settings.ruleset}` as "rulesetName.ember", { defaultValue: wordsOfId(challenge.settings.ruleset) })} · {scenarioName} · {rated ? t("rated") : t("casual")}
      {terms && ` · ${tc("clock.correspondence", { days: termsWords(tc as never, terms).days })}`}
      {challenge.rematchOf && ` · ${t("challenges.rematch")}`}
    </span>
  );
}

export function ChallengesPanel({ play = playApi, onMatchesChanged }: { play?: PlayApi; onMatchesChanged?: () => void }) {
  const { t } = useTranslation("social");
  const navigate = useNavigate();
  const [challenges, setChallenges] = useState<Challenges | null>(null);
  const { busy, error, run } = useAction();
  const outgoing = useRef<number>(0);
  const listings = useListings();
  const refresh = useCallback(async () => {
    try {
      const next = await play.challenges();
      setChallenges(next);
      if (next.outgoing.length < outgoing.current) onMatchesChanged?.();
      outgoing.current = next.outgoing.length;
    } catch {
      // kept: the next poll tries again
    }
  }, [play, onMatchesChanged]);
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), CHALLENGES_POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  if (!challenges || (challenges.incoming.length === 0 && challenges.outgoing.length === 0)) return null;
  const accept = async (id: string) => {
    const accepted = await run(() => play.accept(id));
    if (accepted) void navigate(seatPath(accepted.matchId));
    else void refresh();
  };
  const close = async (task: () => Promise<unknown>) => {
    await run(task);
    void refresh();
  };
  return (
    <section className="challenges" aria-labelledby="challenges-title">
      <h2 id="challenges-title">{t("challenges.title")}</h2>
      <ul className="challenge-list">
        {challenges.incoming.map((c) => (
          <li key={c.challengeId} className="challenge-row incoming">
            <span>
              {t(c.rematchOf ? "challenges.rematchFrom" : "challenges.from")}{" "}
              <Link to={`/players/${encodeURIComponent(c.player)}`}>{c.player}</Link>
            </span>
            <Settings challenge={c} listings={listings} />
            <button type="button" className="primary" disabled={busy} onClick={() => void accept(c.challengeId)}>
              {t("challenges.accept")}
            </button>
            <button type="button" disabled={busy} onClick={() => void close(() => play.decline(c.challengeId))}>
              {t("challenges.decline")}
            </button>
          </li>
        ))}
        {challenges.outgoing.map((c) => (
          <li key={c.challengeId} className="challenge-row outgoing">
            <span>
              {t("challenges.to")}{" "}
              <Link to={`/players/${encodeURIComponent(c.player)}`}>{c.player}</Link>
            </span>
            <Settings challenge={c} listings={listings} />
            <span className="hint">{t("challenges.waiting")}</span>
            <button type="button" disabled={busy} onClick={() => void close(() => play.withdraw(c.challengeId))}>
              {t("challenges.withdraw")}
            </button>
          </li>
        ))}
      </ul>
      <AccountError error={error} />
    </section>
  );
}
