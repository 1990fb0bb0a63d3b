/**
 * Live matches (with who is connected) and finished matches (with the result and a Review link),
 * refreshed every few seconds and on demand. Each match reads by its game's and scenario's names
 * in the reader's language (./scenario-names.ts), never by ids.
 */
import i18next from "i18next";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { MatchSummary } from "@fogwar/protocol";
import { ApiError, type Api } from "../api";
import { ErrorNote, Loading } from "../ui";
import { scenarioLabel } from "./scenario-names";
import { wordsOfId } from "./words-of-id";
import type { RulesetListing } from "../rulesets/adapter";
import { rulesetAdapter } from "../rulesets/registry";
import { seatNamer } from "../table/names";

export const REFRESH_MS = 5000;

function useMatches(api: Api, status: "live" | "finished", player: string) {
  const [matches, setMatches] = useState<MatchSummary[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(false);
  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      setMatches(await api.listMatches({ status, player: player.trim() || undefined, limit: 30 }));
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError("network_error", String(e)));
    } finally {
      setLoading(false);
    }
  }, [api, status, player]);
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return { matches, error, loading, refresh };
}

/** The live and finished matches over `api`, their scenarios named from `listings` (`GET /api/rulesets`). */
export function MatchLists({ api, listings }: { api: Api; listings: readonly RulesetListing[] }) {
  const { t } = useTranslation("lobby");
  const [player, setPlayer] = useState("");
  return (
    <section className="lists" aria-labelledby="lists-title">
      <h2 id="lists-title">{t("matches")}</h2>
      <div className="row">
        <label htmlFor="filter-player">{t("filterPlayer")}</label>
        <input id="filter-player" type="search" value={player} maxLength={40} onChange={(e) => setPlayer(e.target.value)} />
      </div>
      <MatchList api={api} listings={listings} status="live" player={player} />
      <MatchList api={api} listings={listings} status="finished" player={player} />
    </section>
  );
}

function MatchList({ api, listings, status, player }: { api: Api; listings: readonly RulesetListing[]; status: "live" | "finished"; player: string }) {
  const { t, i18n } = useTranslation("lobby");
  const { matches, error, loading, refresh } = useMatches(api, status, player);
  const seatName = (m: MatchSummary) => seatNamer(m.seats.map((s) => s.seat), m.seats, (n) => t("playerN", { n }));
  const scenarioName = (m: MatchSummary) =>
    t("gameAndScenario", {
      game: t(`rulesetName.${m.ruleset}` as "rulesetName.ember", { defaultValue: wordsOfId(m.ruleset) }),
      scenario: scenarioLabel(listings, m.ruleset, m.scenario, i18n.language),
    });
  const title = status === "live" ? t("liveMatches") : t("finishedMatches");
  return (
    <div className="match-list" aria-busy={loading}>
      <h3>
        {title}{" "}
        <button type="button" onClick={() => void refresh()} aria-label={t("refreshList", { list: title })}>
          ↻ {t("refresh")}
        </button>
      </h3>
      {error && <ErrorNote error={error} />}
      {matches === null && !error && <Loading />}
      {matches && matches.length === 0 && <p className="empty">{status === "live" ? t("noLive") : t("noFinished")}</p>}
      {matches && matches.length > 0 && (
        <ul aria-label={title}>
          {matches.map((m) => (
            <li key={m.matchId} className="match">
              <span className="scenario">{scenarioName(m)}</span>{" · "}
              <span className="seats">
                {m.seats.map((s, i) => (
                  <span key={s.seat} className={`seat ${s.connected ? "on" : "off"}`}>
                    {i > 0 && ` ${t("versus")} `}
                    {seatName(m)(s.seat)}
                    {status === "live" && <> ({s.connected ? `● ${t("online")}` : `○ ${t("offline")}`})</>}
                  </span>
                ))}
              </span>{" · "}
              {status === "live" ? (
                <Link to={`/watch/${m.matchId}`}>{t("watch")}</Link>
              ) : (
                <>
                  <span className="result">{resultText(m, t)}</span>{" · "}<Link to={`/review/${m.matchId}`}>{t("review")}</Link>
                </>
              )}{" · "}
              <time dateTime={m.finishedAt ?? m.createdAt}>{new Date(m.finishedAt ?? m.createdAt).toLocaleString(i18n.language)}</time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function resultText(m: MatchSummary, t: TFunction<"lobby">): string {
  if (!m.result) return t("noResult");
  // The winners by name (every seat of a winning team), with the reason in words when the
  // ruleset's adapter words it (its other words are not loaded with the lobby).
  const winners = m.result.winners ?? (m.result.winner === null ? [] : [m.result.winner]);
  const named = seatNamer(m.seats.map((s) => s.seat), m.seats, (n) => t("playerN", { n }));
  const name = winners.map(named).join(", ");
  const words = rulesetAdapter(m.ruleset)?.endReason;
  if (!words) return m.result.winner === null ? t("drawPlain") : t("winnerPlain", { name });
  const reason = words(i18next.getFixedT(null, "common"), m.result.reason);
  return m.result.winner === null ? t("draw", { reason }) : t("winner", { name, reason });
}
