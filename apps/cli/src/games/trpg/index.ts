/**
 * The tactical TRPG in the terminal tools: the local match (./match.ts) and online bot matches
 * (`pnpm bots --game trpg`): a game master's (or in versus an enemies') bot seat and `--players`
 * party seats, each choosing from its own projection.
 */
import { playOnlineGame } from "../../online";
import { trpgOnlineGame } from "./online";
import type { BotsContext, BotsPlan, GameAdapter } from "../adapter";

function bots({ values, matches, urls, spectators, delay, seed, count, fail }: BotsContext): BotsPlan {
  const mode = values.mode === "gm" || values.mode === "versus" ? values.mode : fail(`--mode takes gm or versus, not "${String(values.mode)}"`);
  const players = count("players", (values.players as string | undefined) ?? "2", 1, 4);
  const options = { scenario: (values.scenario as string | undefined) ?? "proving_ground", mode, players, spectatorDelay: delay } as const;
  try {
    trpgOnlineGame(options);
  } catch (error) {
    fail((error as Error).message);
  }
  return {
    title: `${matches} TRPG ${mode === "gm" ? "game-master" : "versus"} match(es) of ${options.scenario} with ${players} party seat(s)`,
    play: (n, url) => playOnlineGame(trpgOnlineGame(options), { url, urls, seed: `${seed}-${n}`, spectators }),
  };
}

/** The TRPG's adapter. */
export const game: GameAdapter = {
  id: "trpg",
  listOrder: 2,
  match: () => import("./match"),
  botOptions: {
    scenario: { type: "string" },
    mode: { type: "string", default: "gm" },
    players: { type: "string" },
  },
  bots,
};
