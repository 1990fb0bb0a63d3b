/**
 * The lobby's online play for a signed-in player (a guest counts): their live games (./YourGames.tsx),
 * the live "Open tables" list
 * (the `lobby` room, through the Colyseus client, which loads with this chunk only), "Open a
 * table" and "Quick pairing".
 */
import { useTranslation } from "react-i18next";
import { OpenTableForm } from "./OpenTableForm";
import { OpenTablesList } from "./OpenTablesList";
import { QuickPairing } from "./QuickPairing";
import { YourGames } from "./YourGames";
import type { PlayApi } from "./play-api";
import type { Viewer } from "./open-tables";
import { useLobbyRoom, type LobbyClient } from "./use-lobby-room";
import type { RulesetListing } from "../rulesets/adapter";

interface Props {
  readonly listings: readonly RulesetListing[];
  readonly play: PlayApi;
  readonly viewer: NonNullable<Viewer>;
  readonly client?: LobbyClient;
}

export function SignedInPlay({ listings, play, viewer, client }: Props) {
  const { t } = useTranslation("play");
  const { tables, connected } = useLobbyRoom(client);
  return (
    <>
      <YourGames listings={listings} />
      <OpenTablesList tables={tables} connected={connected} viewer={viewer} listings={listings} play={play} />
      <p className="signed-as">{t("signedInAs", { name: viewer.name })}</p>
      <div className="play-forms">
        <OpenTableForm listings={listings} play={play} {...(client ? { client } : {})} />
        <QuickPairing listings={listings} play={play} />
      </div>
    </>
  );
}
