/**
 * Live matches (with who is connected) and finished matches (with the result and a Review link),
 * refreshed every few seconds and on demand.
 */
import i18next from "i18next";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { MatchSummary } from "@fogwar/protocol";
import { ApiError, type Api, type RulesetInfo } from "../api";
import { ErrorNote, Loading } from "../ui";
import { nameIn } from "./sample-names";
import { rulesetAdapter } from "../rulesets/registry";

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

export function MatchLists({ api, rulesets }: { api: Api; rulesets: RulesetInfo[] }) {
  const { t } = useTranslation("lobby");
  const [player, setPlayer] = useState("");
  return (
    <section className="lists" aria-labelledby="lists-title">
      <h2 id="lists-title">{t("matches")}</h2>
      <div className="row">
        <label htmlFor="filter-player">{t("filterPlayer")}</label>
        <input id="filter-player" type="search" value={player} maxLength={40} onChange={(e) => setPlayer(e.target.value)} />
      </div>
      <MatchList api={api} rulesets={rulesets} status="live" player={player} />
      <MatchList api={api} rulesets={rulesets} status="finished" player={player} />
    </section>
  );
}

function MatchList({ api, rulesets, status, player }: { api: Api; rulesets: RulesetInfo[]; status: "live" | "finished"; player: string }) {
  const { t, i18n } = useTranslation("lobby");
  const { matches, error, loading, refresh } = useMatches(api, status, player);
  const scenarioName = (m: MatchSummary) => {
    const s = rulesets.find((r) => r.id === m.ruleset)?.scenarios.find((x) => x.id === m.scenario);
    return s ? nameIn(s.name, i18n.language) : m.scenario;
  };
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
              <span className="scenario">{scenarioName(m)}</span>{" "}
              <span className="seats">
                {m.seats.map((s, i) => (
                  <span key={s.seat} className={`seat ${s.connected ? "on" : "off"}`}>
                    {i > 0 && " vs "}
                    {s.name}
                    {status === "live" && <> ({s.connected ? `● ${t("online")}` : `○ ${t("offline")}`})</>}
                  </span>
                ))}
              </span>{" "}
              {status === "live" ? (
                <Link to={`/watch/${m.matchId}`}>{t("watch")}</Link>
              ) : (
                <>
                  <span className="result">{resultText(m, t)}</span> <Link to={`/review/${m.matchId}`}>{t("review")}</Link>
                </>
              )}{" "}
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
  const name = winners.map((seat) => m.seats.find((s) => s.seat === seat)?.name ?? seat).join(", ");
  const words = rulesetAdapter(m.ruleset)?.endReason;
  if (!words) return m.result.winner === null ? t("drawPlain") : t("winnerPlain", { name });
  const reason = words(i18next.getFixedT(null, "common"), m.result.reason);
  return m.result.winner === null ? t("draw", { reason }) : t("winner", { name, reason });
}
