/**
 * The match history (a first version; the review with replay and verification replaces it):
 * fetches GET /api/matches/:id/history and lists its entries.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api, type MatchHistory } from "../api";
import { ErrorNote, Loading } from "../ui";

export function ReviewPage({ matchId }: { matchId: string }) {
  const { t } = useTranslation("common");
  const [history, setHistory] = useState<MatchHistory | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    let live = true;
    api.history(matchId).then(
      (h) => live && setHistory(h),
      (e: unknown) => live && setError(e instanceof ApiError ? e : new ApiError("network_error", String(e))),
    );
    return () => {
      live = false;
    };
  }, [matchId]);
  if (error) return <ErrorNote error={error} />;
  if (!history) return <Loading />;
  return (
    <section className="review">
      <h1>{t("historyOf", { id: matchId })}</h1>
      <p>
        {t("perspective")}: {history.perspective} · {history.match.seats.map((s) => `${s.name} (${s.seat})`).join(" vs ")}
      </p>
      <ol>
        {history.entries.map((entry) => (
          <li key={entry.seq} value={entry.seq}>
            <strong>{entry.seat}</strong> <code>{JSON.stringify(entry.command)}</code>
            <ul>
              {entry.events.map((event, i) => (
                <li key={i}>
                  <code>{JSON.stringify(event)}</code>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
