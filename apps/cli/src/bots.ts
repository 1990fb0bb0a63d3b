/**
 * Starts bot-vs-bot matches against a running fogwar server over WebSocket and reports their
 * results: each seat is a real client that joins with its invite token.
 *
 *   pnpm bots [--url http://localhost:2567 ...] [--matches N] [--concurrency C] [--spectators K]
 *             [--scenario crossroads|foundry|relay-field] [--players 2|3|4] [--teams]
 *             [--progressive] [--delay ROUNDS] [--seed S]
 *   pnpm bots --game trpg [--scenario proving_ground|quarry|pumphouse] [--mode gm|versus]
 *             [--players 1-4] [...the common options]
 *
 * `--game <id>` picks the game among src/games/<id> that have online bots (EMBER when none is
 * named); each game adds its own options (its index.ts, `botOptions`) and plays its matches.
 *
 * `--url` may be given several times: the server processes of one deployment (sharing Redis),
 * reached directly. Match n is created on the n-th address (round robin) and its clients move on
 * to the next address when a join fails.
 *
 * `--players 3` or `4` plays 1 v 1 v 1 (v 1) battles (a scenario with four deployment zones,
 * such as relay-field); `--teams` with 4 players plays 2 v 2 (p1 and p3 against p2 and p4).
 *
 * Exits 1 if any match fails to reach a result.
 */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import type { OnlineMatchReport } from "./online";
import type { BotsContext, BotsPlan } from "./games/adapter";
import { chosenGame } from "./games/args";
import { listedIds, loadGames } from "./games/registry";

const games = await loadGames();
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== "--"),
  options: {
    // Each game's own options (src/games/<id>/index.ts, `botOptions`), then the common ones.
    ...Object.assign({}, ...games.map((g) => g.botOptions ?? {})) as ParseArgsOptionsConfig,
    url: { type: "string", multiple: true, default: [process.env.FOGWAR_URL ?? "http://localhost:2567"] },
    matches: { type: "string", default: "1" },
    concurrency: { type: "string", default: "4" },
    spectators: { type: "string", default: "0" },
    // The same default game as `pnpm match`.
    game: { type: "string", default: chosenGame([]) },
    delay: { type: "string", default: "0" },
    seed: { type: "string", default: "bots" },
  },
});

function count(name: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`error: --${name} takes a whole number from ${min} to ${max}, not "${value}"`);
    process.exit(2);
  }
  return n;
}

function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(2);
}

const matches = count("matches", values.matches as string, 1, 10_000);
const concurrency = count("concurrency", values.concurrency as string, 1, 500);
const spectators = count("spectators", values.spectators as string, 0, 50);
const delay = count("delay", values.delay as string, 0, 10);
const urls = values.url as string[];

const online = games.filter((g) => g.bots);
const game = online.find((g) => g.id === values.game) ?? fail(`unknown game "${String(values.game)}" (try: ${listedIds(online)})`);
const context: BotsContext = { values, matches, urls, spectators, delay, seed: values.seed as string, count, fail };
const { title, play }: BotsPlan = game.bots!(context);

console.log(`fogwar bots: ${title} against ${urls.join(", ")}, ${concurrency} at a time, ${spectators} spectator(s) each`);
const reports: OnlineMatchReport[] = [];
const failures: string[] = [];
let next = 0;
async function worker(): Promise<void> {
  while (next < matches) {
    const n = next++;
    try {
      const report = await play(n, urls[n % urls.length] as string);
      reports.push(report);
      const r = report.result;
      console.log(`match ${n + 1} ${report.matchId}: ${report.commands} commands, ${r ? `${r.winners?.join("+") ?? r.winner ?? "draw"} (${r.reason})` : "no result"}, ${(report.ms / 1000).toFixed(1)} s`);
    } catch (error) {
      failures.push(`match ${n + 1}: ${(error as Error).message}`);
      console.error(`match ${n + 1} failed: ${(error as Error).message}`);
    }
  }
}
await Promise.all(Array.from({ length: Math.min(concurrency, matches) }, () => worker()));

const wins = new Map<string, number>();
for (const r of reports) {
  const winner = r.result?.winners?.join("+") ?? r.result?.winner ?? "draw";
  wins.set(winner, (wins.get(winner) ?? 0) + 1);
}
console.log(`done: ${reports.length} finished, ${failures.length} failed; results: ${[...wins].map(([w, n]) => `${w} ${n}`).join(", ") || "none"}`);
process.exit(failures.length > 0 || reports.some((r) => !r.result) ? 1 : 0);
