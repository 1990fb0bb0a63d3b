/**
 * `pnpm match`: plays a whole match between bots in the terminal and prints its log as one viewer
 * saw it. `--game <id>` (or `--ruleset <id>`, the name the server's API uses) picks the game among
 * src/games/<id> (EMBER when none is named); each game takes its own options (see its match.ts).
 */
import { chosenGame } from "./games/args";
import { listedIds, loadGames } from "./games/registry";

const games = await loadGames();
const id = chosenGame();
const game = games.find((g) => g.id === id);
if (!game) {
  console.error(`error: unknown game "${id}" (try: ${listedIds(games)})`);
  process.exit(2);
}
await game.match();
