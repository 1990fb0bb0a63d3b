/**
 * The lobby's "Play online" part: the live "Open tables" list, "Open a table" and "Quick
 * pairing". Both forms need an account: a signed-out visitor gets "Play as guest" in place (no
 * page change) and sees the list meanwhile.
 */
import { useTranslation } from "react-i18next";
import { Loading } from "../ui";
import { GuestGate } from "./GuestGate";
import { OpenTableForm } from "./OpenTableForm";
import { OpenTablesList } from "./OpenTablesList";
import { QuickPairing } from "./QuickPairing";
import { playApi, type PlayApi } from "./play-api";
import { useLobbyRoom, type LobbyClient } from "./use-lobby-room";
import { useViewer } from "./use-viewer";
import { accountApi, type AccountApi } from "../account/account-api";
import type { RulesetListing } from "../rulesets/adapter";
import "./play.css";

interface Props {
  readonly listings: readonly RulesetListing[];
  readonly play?: PlayApi;
  readonly account?: AccountApi;
  readonly client?: LobbyClient;
}

export function PlayOnline({ listings, play = playApi, account = accountApi, client }: Props) {
  const { t } = useTranslation("play");
  const { me, viewer, setMe } = useViewer(account, play);
  const { tables, connected } = useLobbyRoom(client);
  return (
    <div className="play-online">
      <OpenTablesList tables={tables} connected={connected} viewer={viewer} listings={listings} play={play} />
      {me === undefined ? (
        <Loading what={t("loadingAccount")} />
      ) : !viewer ? (
        <section className="play-card" aria-labelledby="guest-title">
          <h2 id="guest-title">{t("guest.title")}</h2>
          <GuestGate onSignedIn={setMe} api={account} />
        </section>
      ) : (
        <div className="play-forms">
          <p className="signed-as">{t("signedInAs", { name: viewer.name })}</p>
          <OpenTableForm listings={listings} play={play} {...(client ? { client } : {})} />
          <QuickPairing listings={listings} play={play} />
        </div>
      )}
    </div>
  );
}
