/**
 * `pnpm match`: plays a whole match between bots in the terminal and prints its log as one viewer
 * saw it. `--game ember` (the default, ./ember-match.ts) or `--game trpg` (the tactical TRPG,
 * ./trpg-match.ts); each takes its own options.
 */
import { chosenGame } from "./game-args";

const game = chosenGame();
if (game === "ember") await import("./ember-match");
else if (game === "trpg") await import("./trpg-match");
else {
  console.error(`error: unknown game "${game}" (try: ember, trpg)`);
  process.exit(2);
}
