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
 * `--game trpg` plays the tactical TRPG: a game master's (or in versus an enemies') bot seat and
 * `--players` party seats, each choosing from its own projection.
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
import { parseArgs } from "node:util";
import { catalog, validateArmy } from "@fogwar/ember";
import { playOnlineGame, playOnlineMatch, type OnlineMatchReport } from "./online";
import { trpgOnlineGame } from "./online-trpg";

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== "--"),
  options: {
    url: { type: "string", multiple: true, default: [process.env.FOGWAR_URL ?? "http://localhost:2567"] },
    matches: { type: "string", default: "1" },
    concurrency: { type: "string", default: "4" },
    spectators: { type: "string", default: "0" },
    game: { type: "string", default: "ember" },
    scenario: { type: "string" },
    mode: { type: "string", default: "gm" },
    players: { type: "string" },
    teams: { type: "boolean", default: false },
    progressive: { type: "boolean", default: false },
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

const matches = count("matches", values.matches, 1, 10_000);
const concurrency = count("concurrency", values.concurrency, 1, 500);
const spectators = count("spectators", values.spectators, 0, 50);
const delay = count("delay", values.delay, 0, 10);
const urls = values.url as string[];

/** One match's play, given its number: EMBER or the TRPG. */
type Play = (n: number, url: string) => Promise<OnlineMatchReport>;
let title: string;
let play: Play;
if (values.game === "trpg") {
  const mode = values.mode === "gm" || values.mode === "versus" ? values.mode : fail(`--mode takes gm or versus, not "${values.mode}"`);
  const players = count("players", values.players ?? "2", 1, 4);
  const options = { scenario: values.scenario ?? "proving_ground", mode, players, spectatorDelay: delay } as const;
  try {
    trpgOnlineGame(options);
  } catch (error) {
    fail((error as Error).message);
  }
  title = `${matches} TRPG ${mode === "gm" ? "game-master" : "versus"} match(es) of ${options.scenario} with ${players} party seat(s)`;
  play = (n, url) => playOnlineGame(trpgOnlineGame(options), { url, urls, seed: `${values.seed}-${n}`, spectators });
} else if (values.game === "ember") {
  ({ title, play } = emberPlay());
} else {
  fail(`unknown game "${values.game}" (try: ember, trpg)`);
}

function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(2);
}

/** EMBER: sample armies of the scenario's battle size, handed out round-robin; 1 v 1 (v 1 (v 1)) or 2 v 2. */
function emberPlay(): { title: string; play: Play } {
  const players = count("players", values.players ?? "2", 2, 4);
  if (values.teams && players !== 4) fail("--teams plays 2 v 2 and needs --players 4");
  const teams = values.teams ? ["alpha", "bravo", "alpha", "bravo"] : undefined;
  const scenario = catalog.scenarios.get(values.scenario ?? "crossroads") ?? fail(`unknown scenario "${values.scenario}" (try: ${[...catalog.scenarios.keys()].join(", ")})`);
  if (players > 2 && !teams && !(scenario.deployment.red && scenario.deployment.blue)) fail(`${scenario.id} has deployment zones for two sides; ${players} players without --teams need relay-field`);
  const fitting = catalog.data.armies.flatMap((a, i) => (validateArmy(a, scenario.battleSize).length === 0 ? [i] : []));
  const format = teams ? "2 v 2" : Array.from({ length: players }, () => "1").join(" v ");
  return {
    title: `${matches} ${format} match(es) of ${scenario.id}`,
    play: (n, url) =>
      playOnlineMatch({
        url,
        urls,
        scenario: scenario.id,
        armies: Array.from({ length: players }, (_, i) => fitting[(n + i) % fitting.length] as number),
        ...(teams ? { teams } : {}),
        seed: `${values.seed}-${n}`,
        spectators,
        progressiveReveal: values.progressive,
        spectatorDelay: delay,
      }),
  };
}

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
