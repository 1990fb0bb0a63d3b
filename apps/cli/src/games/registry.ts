/**
 * The games of the terminal tools, found on disk: every folder of src/games holding an index.ts
 * that exports `game` (a ./adapter.ts `GameAdapter`). A game joins `pnpm match` and `pnpm bots`
 * by adding its folder; no script names a game.
 */
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { GameAdapter } from "./adapter";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Loads every game folder's adapter, in listing order (`listOrder`, then id). Throws if a folder's index.ts exports
 * no `game` or if its id is not the folder's name.
 */
export async function loadGames(): Promise<readonly GameAdapter[]> {
  const folders = readdirSync(here, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, "index.ts")))
    .map((entry) => entry.name)
    .sort();
  const games = await Promise.all(
    folders.map(async (folder) => {
      const module = (await import(pathToFileURL(join(here, folder, "index.ts")).href)) as { game?: GameAdapter };
      if (!module.game) throw new Error(`src/games/${folder}/index.ts exports no game`);
      if (module.game.id !== folder) throw new Error(`src/games/${folder} declares the game "${module.game.id}"`);
      return module.game;
    }),
  );
  const order = (g: GameAdapter) => g.listOrder ?? Number.POSITIVE_INFINITY;
  return games.sort((a, b) => order(a) - order(b) || a.id.localeCompare(b.id));
}

/** The ids a usage message lists: every game not kept for tests. */
export const listedIds = (games: readonly GameAdapter[]): string =>
  games
    .filter((g) => !g.unlisted)
    .map((g) => g.id)
    .join(", ");
