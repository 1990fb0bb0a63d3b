/**
 * Which seats the server's bot plays, and whether it is thinking: a line per bot seat in the
 * table's action bar. The seats and their bots' levels come with the room's welcome
 * (`players[].bot`, docs/protocol.md), so a table asks the REST API nothing for them.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { WelcomePlayer } from "@fogwar/protocol";
import { useSeatNamer } from "./names";
import "./BotNote.css";

/** Bot seats of a match: seat id to bot level ("easy", "normal", "hard"). */
export type BotSeats = Readonly<Record<string, string>>;

/** The bot seats among a welcome's `players` (empty before the welcome, and when no seat is a bot). */
export function botSeatsOf(players: readonly WelcomePlayer[] | undefined): BotSeats {
  const found: Record<string, string> = {};
  for (const p of players ?? []) if (p.bot) found[p.seat] = p.bot;
  return found;
}

/** {@link botSeatsOf} the welcome's `players`, the same object while they are the same. */
export function useBotSeats(players: readonly WelcomePlayer[] | undefined): BotSeats {
  return useMemo(() => botSeatsOf(players), [players]);
}

/**
 * One line per bot seat, by its player's name: "Bot is thinking…" while the match waits for that
 * seat, else "Bot: the server's bot, hard level." (the level in words, in the reader's
 * language; one line on a phone, where the bar's height is short). Nothing when no seat is a bot.
 */
export function BotNote({ bots, waiting }: { bots: BotSeats | undefined; waiting: readonly string[] }) {
  const { t } = useTranslation("common");
  const seats = Object.keys(bots ?? {});
  const name = useSeatNamer(seats);
  if (seats.length === 0) return null;
  // A level this client does not know (a newer server) reads as "normal" rather than as an id.
  const levelWords = (level: string | undefined) => t(level === "easy" || level === "hard" ? `botLevel.${level}` : "botLevel.normal");
  return (
    <>
      {seats.map((seat) =>
        waiting.includes(seat) ? (
          <p key={seat} className="bot-note thinking" role="status" data-bot-seat={seat}>
            <span className="bot-spinner" aria-hidden="true" /> {t("bot.thinking", { player: name(seat) })}
          </p>
        ) : (
          <p key={seat} className="bot-note" data-bot-seat={seat}>
            {t("botLevel.plays", { player: name(seat), level: levelWords(bots?.[seat]) })}
          </p>
        ),
      )}
    </>
  );
}
