/**
 * `/players/:name`: a player's public profile: name, member since (or guest), games per ruleset,
 * ratings, and recent finished matches with their review links and rating changes. Signed in as
 * someone else: "Challenge" (a settings form) and "Block" / "Unblock". Never an e-mail: the
 * server's answer holds none.
 */
import { useCallback, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import type { ProfileResponse } from "@fogwar/protocol";
import { accountApi } from "../account/account-api";
import { AccountError } from "../account/AccountError";
import { useAction } from "../account/use-action";
import { Loading } from "../ui";
import { ChallengeForm } from "../lobby/ChallengeForm";
import { playApi } from "../lobby/play-api";
import type { RulesetListing } from "../rulesets/adapter";
import { scenarioLabel } from "../lobby/open-tables";
import { wordsOfId } from "../lobby/words-of-id";
import { useListings } from "./use-listings";
import "../account/account.css";
import "../lobby/play.css";

function Actions({ name, listings }: { name: string; listings: readonly RulesetListing[] }) {
  const { t } = useTranslation("social");
  const [me, setMe] = useState<string | null | undefined>(undefined);
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [challenging, setChallenging] = useState(false);
  const [sent, setSent] = useState(false);
  const { busy, error, run } = useAction();
  useEffect(() => {
    accountApi.me().then((m) => setMe(m.account?.name ?? null), () => setMe(null));
  }, []);
  useEffect(() => {
    if (!me || me === name) return;
    playApi.blocks().then((names) => setBlocked(names.includes(name)), () => setBlocked(false));
  }, [me, name]);
  if (me === undefined) return null;
  if (me === null) return <p className="hint">{t("profile.signInToChallenge")} <Link to="/">{t("profile.lobby")}</Link></p>;
  if (me === name) return <p className="hint">{t("profile.you")}</p>;
  const toggleBlock = async () => {
    const done = await run(() => (blocked ? playApi.unblock(name) : playApi.block(name)).then(() => true));
    if (done) setBlocked(!blocked);
  };
  return (
    <div className="profile-actions">
      <div className="account-actions">
        {!blocked && (
          <button type="button" className="primary" aria-expanded={challenging} onClick={() => setChallenging((c) => !c)}>
            {t("profile.challenge")}
          </button>
        )}
        {blocked !== null && (
          <button type="button" disabled={busy} onClick={() => void toggleBlock()}>
            {blocked ? t("profile.unblock") : t("profile.block")}
          </button>
        )}
      </div>
      {blocked && <p className="hint">{t("profile.blockedNote")}</p>}
      {sent && (
        <p role="status">
          {t("profile.sent", { name })} <Link to="/games">{t("profile.myGames")}</Link>
        </p>
      )}
      {challenging && !blocked && listings.length > 0 && (
        <ChallengeForm
          to={name}
          listings={listings}
          play={playApi}
          onSent={() => {
            setChallenging(false);
            setSent(true);
          }}
        />
      )}
      <AccountError error={error} />
    </div>
  );
}

function resultOf(recent: ProfileResponse["recent"][number]): "won" | "lost" | "draw" | "over" {
  const r = recent.result as { winner?: unknown; winners?: unknown } | null;
  if (!r) return "over";
  const winners = Array.isArray(r.winners) ? r.winners : r.winner === null ? [] : typeof r.winner === "string" ? [r.winner] : null;
  if (winners === null) return "over";
  if (winners.length === 0) return "draw";
  return winners.includes(recent.seat) ? "won" : "lost";
}

/** The profile page of the route's `:name`. */
export function ProfilePage() {
  const { name = "" } = useParams();
  const { t, i18n } = useTranslation("social");
  const { t: tl } = useTranslation("lobby");
  const [profile, setProfile] = useState<ProfileResponse | null>(null);
  const listings = useListings();
  const { error, run } = useAction();
  const load = useCallback(() => run(() => playApi.profile(name)).then((p) => p && setProfile(p)), [name, run]);
  useEffect(() => {
    setProfile(null);
    void load();
  }, [load]);
  const game = (ruleset: string) => tl(`rulesetName.${ruleset}` as "rulesetName.ember", { defaultValue: wordsOfId(ruleset) });
  return (
    <div className="account-page profile-page">
      <h1>{name}</h1>
      {error && !profile ? (
        <AccountError error={error.code === "not_found" ? { code: "player_unavailable", message: error.message } : error} />
      ) : !profile ? (
        <Loading what={t("profile.loading")} />
      ) : (
        <>
          <p className="hint">{profile.guest ? t("profile.guest") : t("profile.memberSince", { date: new Date(profile.memberSince).toLocaleDateString(i18n.language) })}</p>
          <Actions name={profile.name} listings={listings} />
          <div className="account-grid">
            <section className="account-card" aria-labelledby="played-title">
              <h2 id="played-title">{t("profile.played")}</h2>
              {profile.played.length === 0 ? (
                <p>{t("profile.noGames")}</p>
              ) : (
                <dl className="account-facts">
                  {profile.played.map((p) => (
                    <div key={p.ruleset} className="contents">
                      <dt>{game(p.ruleset)}</dt>
                      <dd>{t("profile.counts", { finished: p.finished, live: p.live })}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
            <section className="account-card" aria-labelledby="ratings-title">
              <h2 id="ratings-title">{t("profile.ratings")}</h2>
              {profile.ratings.length === 0 ? (
                <p>{t("profile.noRatings")}</p>
              ) : (
                <dl className="account-facts">
                  {profile.ratings.map((r) => (
                    <div key={`${r.ruleset}:${r.format}`} className="contents">
                      <dt>
                        {game(r.ruleset)} ({t(`format.${r.format}`)})
                      </dt>
                      <dd>{t("profile.rating", { rating: r.rating, deviation: r.deviation, games: r.games })}</dd>
                    </div>
                  ))}
                </dl>
              )}
              <Link to="/leaderboard">{t("leaderboard.title")}</Link>
            </section>
          </div>
          <h2>{t("profile.recent")}</h2>
          {profile.recent.length === 0 ? (
            <p>{t("profile.noRecent")}</p>
          ) : (
            <ul className="game-list">
              {profile.recent.map((m) => {
                const state = resultOf(m);
                const change = m.ratingChange ? m.ratingChange.after - m.ratingChange.before : null;
                return (
                  <li key={m.matchId} className="game-row">
                    <span className="game-state">{t(`result.${state}`)}</span>
                    <span className="game-ruleset">
                      {game(m.ruleset)} · {scenarioLabel(listings, m.ruleset, m.scenario, i18n.language)}
                    </span>
                    <span className="game-opponents">
                      {m.opponents.length ? t("profile.against", { names: m.opponents.join(", ") }) : ""}
                      {change !== null && ` · ${t("profile.change", { change: change > 0 ? `+${change}` : String(change), after: m.ratingChange?.after })}`}
                    </span>
                    <Link className="button" to={`/review/${encodeURIComponent(m.matchId)}`}>
                      {t("profile.review")}
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
