/**
 * The command line of `pnpm match` without its `--game` choice (and without a package manager's
 * "--" separator, which carries no option): what the chosen game's script parses.
 */
export function gameArgs(argv: readonly string[] = process.argv.slice(2)): string[] {
  const args = argv.filter((arg) => arg !== "--");
  const at = args.findIndex((arg) => arg === "--game" || arg.startsWith("--game="));
  if (at < 0) return args;
  return [...args.slice(0, at), ...args.slice(at + (args[at] === "--game" ? 2 : 1))];
}

/** The game `pnpm match` plays: `--game ember` (the default) or `--game trpg`. */
export function chosenGame(argv: readonly string[] = process.argv.slice(2)): string {
  const args = argv.filter((arg) => arg !== "--");
  const at = args.findIndex((arg) => arg === "--game" || arg.startsWith("--game="));
  if (at < 0) return "ember";
  return args[at] === "--game" ? (args[at + 1] ?? "") : args[at]!.slice("--game=".length);
}
