/**
 * "Rematch" at the end of a match, for a seat's player (every ruleset): offers the rematch (sides
 * swapped, same settings: `POST /api/matches/:id/rematch`) and waits for the other player; when
 * the other player offered it first, says so with "Accept". Both players then go to the new match:
 * the one who accepts at once, the one who offered when it shows among their live games. The
 * offer's state is asked every {@link REMATCH_POLL_MS}; a player not signed in is not offered it.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { accountApi } from "../account/account-api";
import { AccountError } from "../account/AccountError";
import { useAction } from "../account/use-action";
import { seatPath } from "../lobby/OpenTablesList";
import { playApi, type ChallengeView } from "../lobby/play-api";
import { acceptedMatch, rematchOf } from "./challenges";
import "../lobby/play.css";

/** How often (ms) the rematch's state is asked. */
export const REMATCH_POLL_MS = 3000;

export function RematchOffer({ matchId }: { matchId: string }) {
  const { t } = useTranslation("social");
  const navigate = useNavigate();
  const { busy, error, run } = useAction();
  const [offer, setOffer] = useState<{ side: "incoming" | "outgoing"; challenge: ChallengeView } | null>(null);
  const [gone, setGone] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  const mine = useRef<{ challenge: ChallengeView; since: number } | null>(null);

  const check = useCallback(async () => {
    const open = rematchOf(await playApi.challenges(), matchId);
    setOffer(open);
    if (open?.side === "outgoing") mine.current ??= { challenge: open.challenge, since: Date.now() };
    if (!open && mine.current) {
      // My offer left the list: accepted (its match is among my live ones) or declined.
      const match = acceptedMatch(await accountApi.myMatches(), mine.current.challenge, mine.current.since);
      mine.current = null;
      if (match) void navigate(seatPath(match.matchId, match.mySeats[0]));
      else setGone(true);
    }
  }, [matchId, navigate]);

  useEffect(() => {
    let live = true;
    accountApi.me().then(
      (me) => {
        if (!live || !me.account) return;
        setSignedIn(true);
        void check().catch(() => undefined);
      },
      () => undefined,
    );
    const timer = setInterval(() => live && signedIn && void check().catch(() => undefined), REMATCH_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [check, signedIn]);

  if (!signedIn) return null;
  const ask = async () => {
    setGone(false);
    const asked = await run(() => playApi.rematch(matchId));
    if (asked) await check().catch(() => undefined);
  };
  const accept = async (challengeId: string) => {
    const accepted = await run(() => playApi.accept(challengeId));
    if (accepted) void navigate(seatPath(accepted.matchId));
  };
  return (
    <div className="rematch-offer" role="region" aria-label={t("rematch.label")}>
      {offer?.side === "incoming" ? (
        <>
          <p>{t("rematch.offered", { name: offer.challenge.player })}</p>
          <button type="button" className="primary" disabled={busy} onClick={() => void accept(offer.challenge.challengeId)}>
            {t("rematch.accept")}
          </button>
          <button type="button" disabled={busy} onClick={() => void run(() => playApi.decline(offer.challenge.challengeId)).then(() => check())}>
            {t("challenges.decline")}
          </button>
        </>
      ) : offer?.side === "outgoing" ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("rematch.waiting", { name: offer.challenge.player })}
        </p>
      ) : (
        <>
          {gone && <p>{t("rematch.gone")}</p>}
          <button type="button" className="primary" disabled={busy} onClick={() => void ask()}>
            {t("rematch.ask")}
          </button>
        </>
      )}
      <AccountError error={error} />
    </div>
  );
}
