/**
 * Why a TRPG match ended, in words (namespace `common`, keys `endReason.trpg.*`), for the
 * match-end banner, the lobby's lists and the review's header: small, loaded with the lobby.
 */
import type { TFunction } from "i18next";

/**
 * The rules' reason ("party: no enemy left standing", "enemies: the party is down",
 * "party: conceded" (the winning side first), "rounds"), or a referee's (`time`, `abandoned`,
 * `abandoned_draw`), in words; any other reason as given.
 */
export function trpgEndReason(t: TFunction, reason: string): string {
  if (reason === "rounds") return t("common:endReason.trpg.rounds");
  const [, winner, text] = /^(party|enemies): (.*)$/.exec(reason) ?? [];
  if (winner === undefined || text === undefined) return t(`common:endReason.cause.${reason}`, { defaultValue: reason });
  if (text === "no enemy left standing") return t("common:endReason.trpg.enemiesDown");
  if (text === "the party is down") return t("common:endReason.trpg.partyDown");
  if (text === "conceded") return t("common:endReason.trpg.conceded", { side: t(`common:endReason.trpg.side.${winner === "party" ? "enemies" : "party"}`) });
  return text;
}
