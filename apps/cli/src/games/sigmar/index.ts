/** Age of Sigmar in the terminal tools: the local battle between bots (./match.ts); no online bots yet. */
import type { GameAdapter } from "../adapter";

/** Age of Sigmar's adapter. */
export const game: GameAdapter = { id: "sigmar", listOrder: 3, match: () => import("./match") };
