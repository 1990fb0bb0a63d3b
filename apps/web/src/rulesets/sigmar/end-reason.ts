/**
 * Why an Age of Sigmar match ended, in words (namespace `common`, keys `endReason.sigmar.*`), for
 * the match-end banner, the lobby's lists and the review's header: small, loaded with the lobby
 * (the table's own words, ./words.ts `endReason`, name the players).
 */
import type { TFunction } from "i18next";

/**
 * The rules' reason ("the last battle round is over: victory points 12-9", "p2 conceded",
 * "p1 has no units left", "both armies are destroyed"), or a referee's (`time`, `abandoned`,
 * `abandoned_draw`), in words; any other reason as given.
 */
export function sigmarEndReason(t: TFunction, reason: string): string {
  const score = /^the last battle round is over(?:: victory points (\d+-\d+))?$/.exec(reason);
  if (score) return score[1] ? t("common:endReason.sigmar.lastRoundScore", { score: score[1] }) : t("common:endReason.sigmar.lastRound");
  if (/^\S+ conceded$/.test(reason)) return t("common:endReason.sigmar.conceded");
  if (/^\S+ has no units left$/.test(reason)) return t("common:endReason.sigmar.noUnits");
  if (reason === "both armies are destroyed") return t("common:endReason.sigmar.both");
  return t(`common:endReason.cause.${reason}`, { defaultValue: reason });
}
