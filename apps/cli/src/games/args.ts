/** The options that choose the game: `--game`, or `--ruleset` (the name the server's API uses). */
const GAME_OPTIONS = ["--game", "--ruleset"] as const;
const gameAt = (args: readonly string[]) => args.findIndex((arg) => GAME_OPTIONS.some((o) => arg === o || arg.startsWith(`${o}=`)));

/**
 * The command line of `pnpm match` without its game choice (and without a package manager's
 * "--" separator, which carries no option): what the chosen game's script parses.
 */
export function gameArgs(argv: readonly string[] = process.argv.slice(2)): string[] {
  const args = argv.filter((arg) => arg !== "--");
  const at = gameAt(args);
  if (at < 0) return args;
  return [...args.slice(0, at), ...args.slice(at + (args[at]!.includes("=") ? 1 : 2))];
}

/** The game `pnpm match` plays: `--game ember` (the default), `--game trpg` or `--game sigmar` (or `--ruleset ...`). */
export function chosenGame(argv: readonly string[] = process.argv.slice(2)): string {
  const args = argv.filter((arg) => arg !== "--");
  const at = gameAt(args);
  if (at < 0) return "ember";
  const arg = args[at]!;
  return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : (args[at + 1] ?? "");
}
