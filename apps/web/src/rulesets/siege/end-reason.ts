/**
 * Why a Siege match ended: the one parser of the rules' end reason ({@link parseSiegeEndReason}),
 * and its words (namespace `common`, keys `endReason.siege.*`) for the match-end banner, the
 * lobby's lists and the review's header: small, loaded with the lobby. The table's own words
 * (./words.ts `reasonWords`, which names the room) read the same parse.
 */
import type { TFunction } from "i18next";

/** A Siege team, as the rules' end reason names it. */
type ReasonTeam = "attack" | "defence";

/**
 * A match's end reason, parsed: what happened and, for the rules' reasons, the winning team.
 * - `attackersDown` / `defendersDown`: a side has no operator left;
 * - `conceded`: `loser` conceded (the reason names the winner);
 * - `secured` / `held`: the objective `room` (its map id) at the end of the last round;
 * - `referee`: a reason the server wrote, not the rules (`time`, `abandoned`, `abandoned_draw`);
 * - `other`: a rules' reason of a form not known here (`text`, without its team).
 */
export type SiegeEndReason =
  | { readonly kind: "attackersDown" | "defendersDown"; readonly winner: ReasonTeam }
  | { readonly kind: "conceded"; readonly winner: ReasonTeam; readonly loser: ReasonTeam }
  | { readonly kind: "secured" | "held"; readonly winner: ReasonTeam; readonly room: string }
  | { readonly kind: "referee"; readonly cause: string }
  | { readonly kind: "other"; readonly winner: ReasonTeam; readonly text: string };

/**
 * Parses the rules' reason (`"<winning team>: <what happened>"`: "attack: every defender is dead",
 * "defence: 2F-kitchen held", "attack: conceded", seed `004_*` "라운드 종료 및 유지 페이즈";
 * packages/siege/src/victory.ts and round.ts), or a referee's (`time`, `abandoned`, `abandoned_draw`).
 */
export function parseSiegeEndReason(reason: string): SiegeEndReason {
  const [, winner, text] = /^(attack|defence): (.*)$/.exec(reason) ?? [];
  if (winner === undefined || text === undefined) return { kind: "referee", cause: reason };
  const team = winner as ReasonTeam;
  if (text === "every attacker is dead") return { kind: "attackersDown", winner: team };
  if (text === "every defender is dead") return { kind: "defendersDown", winner: team };
  // A concession names the winning team; the team that conceded is the other one.
  if (text === "conceded") return { kind: "conceded", winner: team, loser: team === "attack" ? "defence" : "attack" };
  const room = /^(\S+) (secured|held)$/.exec(text);
  if (room) return { kind: room[2] as "secured" | "held", winner: team, room: room[1] as string };
  return { kind: "other", winner: team, text };
}

/** The reason ({@link parseSiegeEndReason}) in words of the `common` namespace; any other reason as given. */
export function siegeEndReason(t: TFunction, reason: string): string {
  const parsed = parseSiegeEndReason(reason);
  switch (parsed.kind) {
    case "referee":
      return t(`common:endReason.cause.${parsed.cause}`, { defaultValue: parsed.cause });
    case "conceded":
      return t("common:endReason.siege.conceded", { team: t(`common:endReason.siege.team.${parsed.loser}`) });
    case "other":
      return parsed.text;
    default:
      return t(`common:endReason.siege.${parsed.kind}`);
  }
}
