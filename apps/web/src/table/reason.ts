/**
 * Why an EMBER match ended, in words (namespace \`common\`, keys \`endReason.*\`), for the table, the
 * review and the lobby's lists. Kept apart from the EMBER words so the lobby can use it alone.
 */
import type { TFunction } from "i18next";

const HOW: Readonly<Record<string, string>> = { "victory points": "vp", "tie-break (parts and drones)": "tieBreak", draw: "draw" };

/**
 * The rules' reasons ("round_limit: victory points", "elimination", "concession: tie-break (parts
 * and drones)", "round_limit: draw") as a cause and how it was decided; a reason this client does
 * not know is shown as given. \`t\` may read any namespace: the keys name \`common\`, which the lobby
 * has from its first load.
 */
export function endReason({ t }: { readonly t: TFunction<"table"> | TFunction }, reason: string): string {
  const [cause = "", how] = reason.split(": ");
  const causeText = t(`common:endReason.cause.${cause}`, { defaultValue: cause });
  if (how === undefined) return causeText;
  const howKey = HOW[how];
  return howKey ? t("common:endReason.decided", { cause: causeText, how: t(`common:endReason.how.${howKey}`) }) : `${causeText}: ${how}`;
}
