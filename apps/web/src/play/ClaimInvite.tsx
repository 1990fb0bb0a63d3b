/**
 * Claiming a seat's invite on `/play/:matchId` (docs/protocol.md "Invites and seat tokens"): the
 * invite from the link is sent once with this tab's claim key
 * (`POST /api/matches/:id/seats/:seat/claim`); the token that comes back is kept in this
 * tab (../net/hash.ts) and the table opens. A claim whose answer was lost is sent again with
 * the same key (a reload does it too): the same token comes back. An invite someone else
 * claimed, or one the host re-issued, is told in plain words. Plain `fetch` (no zod, no ruleset
 * code): this runs before the table's chunk is fetched.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { keepClaimedTokenInWindow, type PendingClaim, type SeatCredentials } from "../net/hash";
import { Loading } from "../ui";

/** What a claim answered: the seat's token, or the error code (`network_error` when nothing came). */
export async function claimInvite(matchId: string, claim: PendingClaim, fetcher: typeof fetch = fetch): Promise<{ token: string } | { code: string }> {
  try {
    const response = await fetcher(`/api/matches/${encodeURIComponent(matchId)}/seats/${encodeURIComponent(claim.seat)}/claim`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ invite: claim.invite, claimKey: claim.claimKey }),
    });
    const body = (await response.json().catch(() => null)) as { token?: unknown; error?: { code?: unknown } } | null;
    if (response.ok && typeof body?.token === "string" && /^[0-9a-f]{32}$/.test(body.token)) return { token: body.token };
    return { code: typeof body?.error?.code === "string" ? body.error.code : "server_error" };
  } catch {
    return { code: "network_error" };
  }
}

/** Claims `claim` and then renders `children(credentials)`; tells why when the claim is refused. */
export function ClaimInvite({ matchId, claim, children }: { matchId: string; claim: PendingClaim; children: (credentials: SeatCredentials) => React.ReactNode }) {
  const { t } = useTranslation("common");
  const [credentials, setCredentials] = useState<SeatCredentials | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void claimInvite(matchId, claim).then((answer) => {
      if (!live) return;
      if ("token" in answer) setCredentials(keepClaimedTokenInWindow(matchId, claim.seat, answer.token));
      else setFailure(answer.code);
    });
    return () => {
      live = false;
    };
  }, [matchId, claim, attempt]);
  if (credentials) return <>{children(credentials)}</>;
  if (!failure) return <Loading what={t("claim.claiming")} />;
  const known = ["invite_claimed", "invalid_invite", "match_over", "bot_seat", "too_many_requests", "network_error"].includes(failure);
  return (
    <div className="error" role="alert">
      <p>⚠ {t(`claim.${known ? failure : "failed"}`)}</p>
      {(failure === "network_error" || !known) && (
        <p>
          <button
            type="button"
            onClick={() => {
              setFailure(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t("claim.retry")}
          </button>
        </p>
      )}
      <p>
        <Link to={`/watch/${matchId}`}>{t("watchInstead")}</Link>
      </p>
    </div>
  );
}
