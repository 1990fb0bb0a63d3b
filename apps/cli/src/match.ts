/**
 * `pnpm match`: plays a whole match between bots in the terminal and prints its log as one viewer
 * saw it. `--game ember` (the default, ./ember-match.ts), `--game trpg` (the tactical TRPG,
 * ./trpg-match.ts) or `--game sigmar` (an Age of Sigmar battle, ./sigmar-match.ts); each takes its
 * own options. `--ruleset` is the same option under the name the server's API uses.
 */
import { chosenGame } from "./game-args";

const game = chosenGame();
if (game === "ember") await import("./ember-match");
else if (game === "trpg") await import("./trpg-match");
else if (game === "sigmar") await import("./sigmar-match");
else {
  console.error(`error: unknown game "${game}" (try: ember, trpg, sigmar)`);
  process.exit(2);
}
