/**
 * The lobby's "Play online" part. Signed in (a guest counts): the live "Open tables" list, "Open
 * a table" and "Quick pairing" (./SignedInPlay.tsx, its own chunk with the Colyseus client).
 * Signed out: "Play as guest" in place (no page change) or a link to sign in; the live list and the
 * forms then appear, and the lobby's first load stays without the Colyseus client.
 */
import { Suspense, lazy } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../ui";
import { GuestGate } from "./GuestGate";
import { playApi, type PlayApi } from "./play-api";
import type { LobbyClient } from "./use-lobby-room";
import { useViewer } from "./use-viewer";
import { accountApi, type AccountApi } from "../account/account-api";
import type { RulesetListing } from "../rulesets/adapter";
import "./play.css";

const SignedInPlay = lazy(() => import("./SignedInPlay").then((m) => ({ default: m.SignedInPlay })));

interface Props {
  readonly listings: readonly RulesetListing[];
  readonly play?: PlayApi;
  readonly account?: AccountApi;
  readonly client?: LobbyClient;
}

export function PlayOnline({ listings, play = playApi, account = accountApi, client }: Props) {
  const { t } = useTranslation("play");
  const { me, viewer, setMe } = useViewer(account, play);
  return (
    <div className="play-online">
      {me === undefined ? (
        <Loading what={t("loadingAccount")} />
      ) : !viewer ? (
        <section className="play-card" aria-labelledby="guest-title">
          <h2 id="guest-title">{t("guest.title")}</h2>
          <GuestGate onSignedIn={setMe} api={account} />
        </section>
      ) : (
        <Suspense fallback={<Loading what={t("tables.connecting")} />}>
          <SignedInPlay listings={listings} play={play} viewer={viewer} {...(client ? { client } : {})} />
        </Suspense>
      )}
    </div>
  );
}
