/** The seats' and teams' colours on every page that shows seats (the table, the lobby's invite links). */

/** Seat colours (1 v 1 and free-for-all) and team colours (2 v 2: a team shares one colour). */
export const SEAT_COLOURS = ["#2a6fb0", "#c0602a", "#2f8f4e", "#8a4fb3"] as const;
export const TEAM_COLOURS: Readonly<Record<string, string>> = { alpha: "#2a6fb0", bravo: "#c0602a" };
