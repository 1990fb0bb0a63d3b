/**
 * Why an Age of Sigmar match ended, in words (namespace `common`, keys `endReason.sigmar.*`), for
 * the match-end banner, the lobby's lists and the review's header: small, loaded with the lobby
 * (the table's own words, ./words.ts `endReason`, name the players, reading the reason with
 * `parseSigmarEndReason` below).
 */
import type { TFunction } from "i18next";

/**
 * A reason the rules write (packages/sigmar/src/flow.ts `finish`, ruleset.ts), read: the last
 * battle round over (`score` "12-9", the victory points, when the rules gave them), a seat that
 * conceded or has no units left (`seat` its id), both armies destroyed, or any other (a referee's
 * `time`, `abandoned`, `abandoned_draw`, or one no rules write) as given.
 */
export type SigmarEnd =
  | { readonly kind: "lastRound"; readonly score: string | null }
  | { readonly kind: "conceded" | "noUnits"; readonly seat: string }
  | { readonly kind: "both" }
  | { readonly kind: "other"; readonly reason: string };

/** Reads a reason (see `SigmarEnd`). */
export function parseSigmarEndReason(reason: string): SigmarEnd {
  const score = /^the last battle round is over(?:: victory points (\d+-\d+))?$/.exec(reason);
  if (score) return { kind: "lastRound", score: score[1] ?? null };
  const conceded = /^(\S+) conceded$/.exec(reason);
  if (conceded) return { kind: "conceded", seat: conceded[1]! };
  const none = /^(\S+) has no units left$/.exec(reason);
  if (none) return { kind: "noUnits", seat: none[1]! };
  if (reason === "both armies are destroyed") return { kind: "both" };
  return { kind: "other", reason };
}

/**
 * The rules' reason ("the last battle round is over: victory points 12-9", "p2 conceded",
 * "p1 has no units left", "both armies are destroyed"), or a referee's (`time`, `abandoned`,
 * `abandoned_draw`), in words; any other reason as given.
 */
export function sigmarEndReason(t: TFunction, reason: string): string {
  const end = parseSigmarEndReason(reason);
  switch (end.kind) {
    case "lastRound":
      return end.score ? t("common:endReason.sigmar.lastRoundScore", { score: end.score }) : t("common:endReason.sigmar.lastRound");
    case "conceded":
      return t("common:endReason.sigmar.conceded");
    case "noUnits":
      return t("common:endReason.sigmar.noUnits");
    case "both":
      return t("common:endReason.sigmar.both");
    case "other":
      return t(`common:endReason.cause.${end.reason}`, { defaultValue: end.reason });
  }
}
