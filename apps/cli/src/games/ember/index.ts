/**
 * EMBER in the terminal tools: the local match (./match.ts, the default game of `pnpm match`) and
 * online bot matches (`pnpm bots`): sample armies of the scenario's battle size, handed out
 * round-robin; 1 v 1 (v 1 (v 1)) or 2 v 2.
 */
import { catalog, validateArmy } from "@fogwar/ember";
import { playOnlineMatch } from "./online";
import type { BotsContext, BotsPlan, GameAdapter } from "../adapter";

function bots({ values, matches, urls, spectators, delay, seed, count, fail }: BotsContext): BotsPlan {
  const players = count("players", values.players as string | undefined ?? "2", 2, 4);
  if (values.teams && players !== 4) fail("--teams plays 2 v 2 and needs --players 4");
  const teams = values.teams ? ["alpha", "bravo", "alpha", "bravo"] : undefined;
  const name = (values.scenario as string | undefined) ?? "crossroads";
  const scenario = catalog.scenarios.get(name) ?? fail(`unknown scenario "${name}" (try: ${[...catalog.scenarios.keys()].join(", ")})`);
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
        seed: `${seed}-${n}`,
        spectators,
        progressiveReveal: values.progressive === true,
        spectatorDelay: delay,
      }),
  };
}

/** EMBER's adapter. */
export const game: GameAdapter = {
  id: "ember",
  listOrder: 1,
  match: () => import("./match"),
  botOptions: {
    scenario: { type: "string" },
    players: { type: "string" },
    teams: { type: "boolean", default: false },
    progressive: { type: "boolean", default: false },
  },
  bots,
};
