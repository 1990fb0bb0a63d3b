/**
 * Players' names on the tables, the event log and the review: a seat is always shown by the name
 * its player was given when the match was created (the welcome's `players`, the history's
 * `match.seats`), never by its id. Names are untrusted text: they are only ever rendered as React
 * text (never as markup). Two seats whose names read the same get their seat number beside the
 * name ("Ada (2)"); a seat without a known name reads "Player 2" (its number in seat order).
 * The seats' and teams' colours live here too (the tables and the lobby's invite links show them).
 */
import { createContext, useContext, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../i18n";

/** A seat and its player's name (the order of a list is the seat order). */
export interface SeatPlayer {
  readonly seat: string;
  readonly name: string;
}

/** Names a seat for a reader: `(seat) => "Ada"`. */
export type SeatNamer = (seat: string) => string;

const PlayersContext = createContext<readonly SeatPlayer[]>([]);

/** Gives the tables and logs below it the match's players' names. */
export function PlayersProvider({ players, children }: { players: readonly SeatPlayer[] | undefined; children: ReactNode }) {
  return <PlayersContext.Provider value={players ?? []}>{children}</PlayersContext.Provider>;
}

/** The players given by the nearest PlayersProvider (empty without one). */
export const usePlayers = (): readonly SeatPlayer[] => useContext(PlayersContext);

/** How a name is compared for sameness: trimmed, case- and width-folded. */
const fold = (name: string): string => name.normalize("NFKC").trim().toLocaleLowerCase();

/**
 * A namer over `seats` (the match's seats in seat order) and the known `players`: a seat's name,
 * with its seat number in brackets when another seat's name reads the same; `fallback(n)` (n the
 * seat number from 1) for a seat without a name. A seat outside `seats` is numbered after them.
 */
export function seatNamer(seats: readonly string[], players: readonly SeatPlayer[], fallback: (n: number) => string): SeatNamer {
  const order = [...seats, ...players.map((p) => p.seat).filter((s) => !seats.includes(s))];
  const names = new Map(players.filter((p) => p.name.trim().length > 0).map((p) => [p.seat, p.name.trim()]));
  // Sameness counts among the match's seats (all named seats when `seats` is empty).
  const counts = new Map<string, number>();
  for (const [seat, name] of names) if (seats.length === 0 || seats.includes(seat)) counts.set(fold(name), (counts.get(fold(name)) ?? 0) + 1);
  return (seat) => {
    const index = order.indexOf(seat);
    const n = index >= 0 ? index + 1 : order.length + 1;
    const name = names.get(seat);
    if (name === undefined) return fallback(n);
    return (counts.get(fold(name)) ?? 0) > 1 ? `${name} (${n})` : name;
  };
}

/**
 * A namer for `seats` from `players` when given (e.g. a history's `match.seats`), else from the
 * nearest PlayersProvider, falling back to "Player n" in the reader's language.
 */
export function useSeatNamer(seats: readonly string[], players?: readonly SeatPlayer[]): SeatNamer {
  const provided = usePlayers();
  const { t, i18n } = useTranslation("common");
  return seatNamer(seats, inLanguage(players ?? provided, i18n, t), (n) => t("player", { n }));
}

/**
 * `players` with the names the app itself gives (the lobby's "Bot" and "Player", `defaultNames.*`
 * of `common`, in the language of whoever created the match) in the reader's language: a match
 * made in Korean shows its bot as "Bot" to an English reader, not as "봇".
 */
function inLanguage(players: readonly SeatPlayer[], i18n: { readonly languages: readonly string[]; getResource(lng: string, ns: string, key: string): unknown }, t: (key: string) => string): readonly SeatPlayer[] {
  const own = (key: string) => new Set((LANGUAGES as readonly string[]).map((lng) => i18n.getResource(lng, "common", key)).filter((w): w is string => typeof w === "string"));
  const bot = own("defaultNames.bot");
  const player = own("defaultNames.player");
  if (!players.some((p) => bot.has(p.name.trim()) || player.has(p.name.trim()))) return players;
  return players.map((p) => (bot.has(p.name.trim()) ? { ...p, name: t("defaultNames.bot") } : player.has(p.name.trim()) ? { ...p, name: t("defaultNames.player") } : p));
}

/** A list of seats in words: "Ada, Grace". */
export const seatList = (name: SeatNamer, seats: readonly string[]): string => seats.map(name).join(", ");

/** Seat colours (1 v 1 and free-for-all) and team colours (2 v 2: a team shares one colour). */
export const SEAT_COLOURS = ["#2a6fb0", "#c0602a", "#2f8f4e", "#8a4fb3"] as const;
export const TEAM_COLOURS: Readonly<Record<string, string>> = { alpha: "#2a6fb0", bravo: "#c0602a" };
