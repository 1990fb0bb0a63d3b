/**
 * The host page, `/host/:matchId#token=...` (the host link shown when the match was created): every
 * seat with its player's name, whether its invite is claimed, whether a player is connected and
 * whether its secret list is locked, and the invite link (copy button) of each seat not claimed
 * yet. The host never sees a seat's token. A seat's invite can be re-issued (after a
 * confirmation: the old link and the seat's token stop working, a player connected with it is
 * disconnected, and every seat is told on the table); a seat the server's bot plays cannot. The
 * host token stays in the fragment, which browsers never send to a server; it goes to the API in
 * a header only.
 */
import { useCallback, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import type { HostMatchResponse, HostSeat } from "@fogwar/protocol";
import { api as defaultApi, ApiError, type Api } from "../api";
import { ErrorNote, Loading } from "../ui";
import { CopyButton } from "./CopyButton";
import { localPart } from "./InviteLinks";
import "./HostPage.css";

/** The host token from a location fragment (`#token=<32 hex>`), or null. */
export function hostTokenFrom(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return token && /^[0-9a-f]{32}$/.test(token) ? token : null;
}

/** One seat on the host page; `number` is its place in seating order, from 1. */
function SeatRow({ seat, number, onReissue }: { seat: HostSeat; number: number; onReissue: (seat: string) => Promise<void> }) {
  const { t } = useTranslation("lobby");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = t("inviteFor", { number, name: seat.name });
  return (
    <li data-seat={seat.seat}>
      <label htmlFor={`host-invite-${seat.seat}`}>{label}</label>{" "}
      <span className="host-status">
        {seat.bot ? `⚙ ${t("host.bot")}` : seat.claimed ? `✓ ${t("host.claimed")}` : t("host.notClaimed")}
        {" · "}
        {seat.connected ? `● ${t("host.connected")}` : `○ ${t("host.notConnected")}`}
        {seat.locked !== null && <> · {seat.locked ? `✓ ${t("host.locked")}` : t("host.notLocked")}</>}
      </span>
      {seat.inviteUrl && (
        <>
          <input id={`host-invite-${seat.seat}`} readOnly value={seat.inviteUrl} onFocus={(e) => e.target.select()} />
          <CopyButton text={seat.inviteUrl} label={label} />
        </>
      )}
      {seat.bot ? null : !confirming ? (
        <button type="button" onClick={() => setConfirming(true)}>
          {t("host.reissue")}
        </button>
      ) : (
        <span className="confirm" role="group" aria-label={t("host.reissue")}>
          <span>{t(seat.claimed ? "host.reissueClaimedConfirm" : "host.reissueConfirm", { number, name: seat.name })}</span>{" "}
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await onReissue(seat.seat);
              setBusy(false);
              setConfirming(false);
            }}
          >
            {t("host.reissueYes")}
          </button>{" "}
          <button type="button" onClick={() => setConfirming(false)}>
            {t("host.reissueNo")}
          </button>
        </span>
      )}
    </li>
  );
}

export function HostPage({ api = defaultApi }: { api?: Api }) {
  const { matchId = "" } = useParams();
  const { t } = useTranslation("lobby");
  const [token] = useState(() => hostTokenFrom(globalThis.location?.hash ?? ""));
  const [match, setMatch] = useState<HostMatchResponse | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [reissued, setReissued] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!token) return;
    try {
      setMatch(await api.hostMatch(matchId, token));
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError("network_error", String(e)));
    }
  }, [api, matchId, token]);

  useEffect(() => {
    void load();
    // The seats' status changes as players join and lock: look again now and then.
    const timer = setInterval(() => void load(), 5000);
    return () => clearInterval(timer);
  }, [load]);

  const reissue = async (seat: string) => {
    if (!token) return;
    try {
      const answer = await api.reissueSeat(matchId, seat, token);
      setMatch((m) => (m ? { ...m, seats: m.seats.map((s) => (s.seat === seat ? answer.seat : s)) } : m));
      setReissued(seat);
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError("network_error", String(e)));
    }
  };

  if (!token) {
    return (
      <div className="error" role="alert">
        <p>⚠ {t("host.noToken")}</p>
      </div>
    );
  }
  return (
    <section className="host-page created" aria-labelledby="host-title">
      <h2 id="host-title">{t("host.title", { players: match ? match.seats.map((s, i) => s.name || t("playerN", { n: i + 1 })).join(` ${t("versus")} `) : "…" })}</h2>
      <p>{t("host.explain")}</p>
      {error && <ErrorNote error={error} />}
      {!match && !error && <Loading what={t("host.loading")} />}
      {match && (
        <>
          <ul className="links">
            {match.seats.map((seat, i) => (
              <SeatRow key={seat.seat} seat={seat} number={i + 1} onReissue={reissue} />
            ))}
            <li>
              <label htmlFor="host-spectator">{t("spectatorLink")}</label>
              <input id="host-spectator" readOnly value={match.spectatorUrl} onFocus={(e) => e.target.select()} />
              <CopyButton text={match.spectatorUrl} label={t("spectatorLink")} />
            </li>
          </ul>
          {reissued && (
            <p role="status" className="hint">
              ✓ {t("host.reissued", { name: match.seats.find((s) => s.seat === reissued)?.name ?? "", number: match.seats.findIndex((s) => s.seat === reissued) + 1 })}
            </p>
          )}
          <p className="row">
            <Link className="button" to={localPart(match.spectatorUrl)}>
              {t("watch")}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
