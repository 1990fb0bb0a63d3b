/**
 * Which seats the server's bot plays, and whether it is thinking: a line per bot seat in the
 * table's action bar. `useBotSeats` reads them once from `GET /api/matches/:id` (`seats[].bot`) once the table is shown;
 * a failure there only hides the note.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api as defaultApi, type Api } from "../api";
import { useSeatNamer } from "./names";
import "./BotNote.css";

/** Bot seats of a match: seat id to bot level ("easy", "normal", "hard"). */
export type BotSeats = Readonly<Record<string, string>>;

/**
 * The bot seats of `matchId` (empty until known, and when the match has none), asked once `ready`
 * (the table's first view is shown: on a slow phone the answer's parsing would otherwise delay it).
 */
export function useBotSeats(matchId: string, ready = true, api: Pick<Api, "getMatch"> = defaultApi): BotSeats {
  const [bots, setBots] = useState<BotSeats>({});
  useEffect(() => {
    if (!ready) return;
    let live = true;
    api.getMatch(matchId).then(
      (details) => {
        if (!live) return;
        const found: Record<string, string> = {};
        for (const s of details.match.seats) if (s.bot) found[s.seat] = s.bot;
        if (Object.keys(found).length > 0) setBots(found);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, matchId, ready]);
  return bots;
}

/**
 * One line per bot seat, by its player's name: "Bot is thinking…" while the match waits for that
 * seat, else "Bot is played by the server's bot at the hard level." (the level in words, in the
 * reader's language). Nothing when no seat is a bot.
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
