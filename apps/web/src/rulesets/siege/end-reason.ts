/**
 * Why a Siege match ended, in words (namespace `common`, keys `endReason.siege.*`), for the
 * match-end banner, the lobby's lists and the review's header: small, loaded with the lobby.
 */
import type { TFunction } from "i18next";

/**
 * The rules' reason (`"<winning team>: <what happened>"`: "attack: every defender is dead",
 * "defence: 2F-kitchen held", "attack: conceded", seed `004_*` "라운드 종료 및 유지 페이즈"), or
 * a referee's (`time`, `abandoned`, `abandoned_draw`), in words; any other reason as given.
 */
export function siegeEndReason(t: TFunction, reason: string): string {
  const [, winner, text] = /^(attack|defence): (.*)$/.exec(reason) ?? [];
  if (winner === undefined || text === undefined) return t(`common:endReason.cause.${reason}`, { defaultValue: reason });
  const loser = winner === "attack" ? "defence" : "attack";
  if (text === "every attacker is dead") return t("common:endReason.siege.attackersDown");
  if (text === "every defender is dead") return t("common:endReason.siege.defendersDown");
  if (text === "conceded") return t("common:endReason.siege.conceded", { team: t(`common:endReason.siege.team.${loser}`) });
  if (/ secured$/.test(text)) return t("common:endReason.siege.secured");
  if (/ held$/.test(text)) return t("common:endReason.siege.held");
  return text;
}
