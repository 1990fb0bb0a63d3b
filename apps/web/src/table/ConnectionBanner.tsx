/**
 * The connection banner of every table (EMBER and Siege): status, the viewer's seat or
 * "spectating", the spectator count, who is online (a bot seat, which never connects, is left out:
 * the table's bot note names it); `children` follow (the caster-feed switch).
 * While the connection is being restored it says so plainly: why it was lost, which attempt
 * this is, how long until the next one (counting down each second), a "retry now" button and
 * how many commands wait for the connection; presence and the spectator count, unknown while
 * disconnected, are left out until connected again.
 * Once the connection is closed for good (or the first join was refused) it shows the error and
 * a "retry" button (`onRetry`: connect from scratch).
 */
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSeatNamer } from "./names";
import { firstWordedKey } from "./code-words";
import type { MatchConnection } from "../net/useMatch";
import "../i18n/table-strings";
import "./ConnectionBanner.css";

/** Causes of a lost connection the banner words itself (table `reconnect.cause.*`). */
const KNOWN_CAUSES = new Set(["connection_lost", "server_restarting", "network_error", "room_not_found", "service_unavailable", "server_starting", "server_error", "too_many_requests"]);

/**
 * Why the connection failed or was lost, in the page's language: a cause the banner words itself,
 * else the app's words for the error code (common `errors.*`: a replaced seat, a re-issued invite,
 * a refused token...), else a sentence naming the code. The server's own message is English and is
 * never shown as it is.
 */
function useCauseWords(): (error: { code: string }) => string {
  const { t, i18n } = useTranslation("table");
  return (error) => {
    const key = firstWordedKey(i18n, [KNOWN_CAUSES.has(error.code) ? `table:reconnect.cause.${error.code}` : null, `common:errors.${error.code}`]);
    return key ? t(key) : t("reconnect.cause.other", { code: error.code });
  };
}

/** Seconds from now until `at` (epoch ms), rounded up, never negative; re-rendered every 250 ms while `at` is set. */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export function ConnectionBanner({ match, seat, onRetry, bots = {}, children }: { match: MatchConnection; seat: string | null; onRetry: () => void; bots?: Readonly<Record<string, string>>; children?: ReactNode }) {
  const { t } = useTranslation("table");
  const name = useSeatNamer(match.welcome?.players?.map((p) => p.seat) ?? Object.keys(match.connected), match.welcome?.players);
  const retrying = (match.status === "reconnecting" || match.status === "connecting") && match.retry !== null;
  const seconds = useSecondsUntil(retrying ? (match.retry?.nextAt ?? null) : null);
  const final = match.status === "closed" || match.status === "failed";
  // A finished match takes no new connections (a reload after the end): the status says so, with no
  // retry; the match-end banner above the table (./MatchEnd.tsx) gives the result and the review.
  const over = final && match.error?.code === "match_over";
  const causeWords = useCauseWords();
  const cause = match.error ? causeWords(match.error) : null;
  return (
    <header className="connection">
      <p role="status" aria-live="polite" className={`status status-${match.status}`}>
        <span aria-hidden="true" className={`dot dot-${match.status === "open" ? "open" : final ? "down" : "waiting"}`} />
        {over ? t("reconnect.over.status") : t(`status.${match.status}`)} · {seat ? t("playingAs", { seat: name(seat) }) : t("spectating")}
        {/* Who else is here is only known while connected. */}
        {match.status === "open" && <> · {t("spectators", { count: match.spectators })}</>}
        {Object.entries(match.status === "open" ? match.connected : {})
          .filter(([s]) => bots[s] === undefined)
          .map(([s, on]) => (
          <span key={s}>
            {" "}
            · {name(s)}: {on ? t("online") : t("offline")}
          </span>
        ))}
        {final && !over && (
          <>
            {" "}
            <button type="button" onClick={onRetry}>
              {t("retry")}
            </button>
          </>
        )}
      </p>
      {retrying && match.retry && (
        <div className="reconnect" data-attempt={match.retry.attempt}>
          <span className="cause">{cause ?? t("reconnect.cause.connection_lost")}</span>
          <span className="attempt" aria-live="off">
            {t("reconnect.attempt", { count: match.retry.attempt })} · {seconds === null ? t("reconnect.tryingNow") : t("reconnect.nextTry", { count: seconds })}
          </span>
          <button type="button" onClick={match.retryNow} disabled={seconds === null}>
            {t("reconnect.retryNow")}
          </button>
          <span className="kept">
            {seat ? t("reconnect.keptPlayer") : t("reconnect.keptSpectator")}
            {match.unanswered > 0 && <strong> {t("reconnect.waitingCommands", { count: match.unanswered })}</strong>}
          </span>
        </div>
      )}
      {final && !over && match.error && (
        <p className="error" role="alert">
          ⚠ {cause}
        </p>
      )}
      {children}
    </header>
  );
}
