/**
 * The seat of `/play/<matchId>` when this tab holds no token for it: the signed-in account's own
 * seats (`GET /api/me/seats/:id`); the one named in the fragment (`#seat=`), else the first, is
 * kept in the tab like a claimed token and played. Without a signed-in account or a seat there,
 * `fallback` is shown (the "no seat" note).
 */
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { keepClaimedTokenInWindow, parseInviteHash, type SeatCredentials } from "../net/hash";
import { Loading } from "../ui";
import { accountApi, type AccountApi } from "./account-api";

interface Props {
  readonly matchId: string;
  readonly fallback: ReactNode;
  readonly children: (held: SeatCredentials) => ReactNode;
  readonly api?: AccountApi;
}

export function SeatFromAccount({ matchId, fallback, children, api = accountApi }: Props) {
  const { t } = useTranslation("common");
  const [held, setHeld] = useState<SeatCredentials | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const wanted = parseInviteHash(window.location.hash).seat;
    api
      .mySeats(matchId)
      .then((seats) => {
        const seat = seats.find((s) => s.seat === wanted) ?? seats[0];
        if (live) setHeld(seat ? keepClaimedTokenInWindow(matchId, seat.seat, seat.token) : null);
      })
      .catch(() => live && setHeld(null));
    return () => {
      live = false;
    };
  }, [api, matchId]);
  if (held === undefined) return <Loading what={t("seatFromAccount")} />;
  return held ? children(held) : fallback;
}
