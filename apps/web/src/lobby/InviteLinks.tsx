/**
 * After a match is created: each seat's invite link (its single-use invite code is in the
 * fragment: the first to open it takes the seat), the host link to keep (it shows the unclaimed
 * invite links again and re-issues them), the spectator link, copy buttons, and a link to play
 * seat p1 here (which claims p1's invite in this browser).
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { CreateMatchResponse } from "@fogwar/protocol";
import { CopyButton } from "./CopyButton";
import { TEAM_COLOURS } from "../table/names";

/** The path and fragment of an absolute link, for in-app navigation. */
export function localPart(url: string): { pathname: string; hash: string } {
  try {
    const parsed = new URL(url, "http://local.invalid");
    return { pathname: parsed.pathname, hash: parsed.hash };
  } catch {
    return { pathname: url, hash: "" };
  }
}

export function InviteLinks({ created, onDone }: { created: CreateMatchResponse; onDone: () => void }) {
  const { t } = useTranslation("lobby");
  const first = created.seats[0];
  return (
    <section className="created" aria-labelledby="created-title">
      <h2 id="created-title">✓ {t("created")}</h2>
      <p>{t("inviteExplain")}</p>
      <ul className="links">
        {created.seats.map((seat, i) => (
          <li key={seat.seat}>
            <label htmlFor={`invite-${seat.seat}`}>{t("inviteFor", { number: i + 1, name: seat.name })}</label>
            {seat.team && (
              <span className="team-badge" data-team={seat.team} style={{ background: TEAM_COLOURS[seat.team] ?? "#777" }}>
                {t(`team.${seat.team}`, { defaultValue: seat.team })}
              </span>
            )}
            {seat.inviteUrl ? (
              <>
                <input id={`invite-${seat.seat}`} readOnly value={seat.inviteUrl} onFocus={(e) => e.target.select()} />
                <CopyButton text={seat.inviteUrl} label={t("inviteFor", { number: i + 1, name: seat.name })} />
              </>
            ) : (
              <span className="hint">✓ {t("host.claimed")}</span>
            )}
          </li>
        ))}
        <li className="host-link">
          <label htmlFor="invite-host">{t("hostLink")}</label>
          <input id="invite-host" readOnly value={created.hostUrl} onFocus={(e) => e.target.select()} />
          <CopyButton text={created.hostUrl} label={t("hostLink")} />
          <small>{t("hostLinkHint")}</small>
        </li>
        <li>
          <label htmlFor="invite-spectator">{t("spectatorLink")}</label>
          <input id="invite-spectator" readOnly value={created.spectatorUrl} onFocus={(e) => e.target.select()} />
          <CopyButton text={created.spectatorUrl} label={t("spectatorLink")} />
        </li>
      </ul>
      <p className="row">
        {first?.inviteUrl && (
          <Link className="button primary" to={localPart(first.inviteUrl)}>
            {t("playAs", { number: 1, name: first.name })}
          </Link>
        )}
        <Link className="button" to={localPart(created.hostUrl)}>
          {t("openHost")}
        </Link>
        <Link className="button" to={localPart(created.spectatorUrl)}>
          {t("watch")}
        </Link>
        <button type="button" onClick={onDone}>
          {t("another")}
        </button>
      </p>
    </section>
  );
}
