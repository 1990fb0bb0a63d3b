/**
 * `pnpm match --game trpg` (seed 002): a whole tactical TRPG match in the terminal, as one viewer
 * saw it, and the wording of every TRPG event.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { autoplay, omniscient } from "@fogwar/engine";
import { trpg, trpgBotPolicy, type TrpgEvent, type TrpgSetup } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { describeTrpg } from "../src/games/trpg/format";
import { chosenGame, gameArgs } from "../src/games/args";

const cli = (args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", join(__dirname, "..", "src", "match.ts"), ...args], {
    cwd: join(__dirname, ".."),
    encoding: "utf8",
    timeout: 120_000,
  });

jest.setTimeout(180_000);

describe("pnpm match --game trpg", () => {
  test("plays a whole game-master match to a result, replays it and verifies the seed; the same seed gives the same log", () => {
    const run = cli(["--game", "trpg", "--seed", "demo"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toMatch(/^Tactical TRPG - Proving Ground \(game master, 10 rounds\)/);
    expect(run.stdout).toMatch(/=== Round 1 ===/);
    expect(run.stdout).toMatch(/replay matches; seed commitment verified/);
    expect(run.stdout).toMatch(/^(Winner: [^\n]+|Draw) \(/m);
    expect(cli(["--game", "trpg", "--seed", "demo"]).stdout).toBe(run.stdout);
  });

  test("seed 002 3-3: the concealed lookout is in the game master's log and not in a player's until it is found", () => {
    const master = cli(["--game", "trpg", "--seed", "lookout", "--as", "gm"]).stdout;
    const player = cli(["--game", "trpg", "--seed", "lookout", "--as", "p1"]).stdout;
    expect(master).toMatch(/^Lookout rolls \d/m);
    const found = player.search(/Lookout is revealed|runs into Lookout|finds [^\n]*Lookout|(notices movement of|looks again for) Lookout[^\n]*succeeds/);
    const before = found < 0 ? player : player.slice(0, found);
    expect(before).not.toMatch(/Lookout/);
    expect(player).toMatch(/gm ends the round/);
  });

  test("bad options get a clear error and exit code 2", () => {
    expect(cli(["--game", "chess"]).stderr).toMatch(/unknown game "chess"/);
    const bad = cli(["--game", "trpg", "--scenario", "nowhere"]);
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringMatching(/unknown scenario "nowhere"/)]);
    expect(cli(["--game", "trpg", "--mode", "solo"]).stderr).toMatch(/--mode takes gm or versus/);
    expect(cli(["--game", "trpg", "--players", "5"]).stderr).toMatch(/--players takes 1 to/);
    expect(cli(["--game=trpg", "--as", "p3"]).stderr).toMatch(/--as takes spectator, p1, p2, gm or omniscient/);
  });

  test("the --game choice is taken out of what the game's script parses", () => {
    expect(chosenGame(["--seed", "x"])).toBe("ember");
    expect(chosenGame(["--", "--game", "trpg"])).toBe("trpg");
    expect(chosenGame(["--game=trpg"])).toBe("trpg");
    expect(gameArgs(["--seed", "x", "--game", "trpg", "--quiet"])).toEqual(["--seed", "x", "--quiet"]);
    expect(gameArgs(["--game=trpg", "--quiet"])).toEqual(["--quiet"]);
  });
});

describe("TRPG event wording", () => {
  test("every event of real matches reads as a line without gaps", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const scenario = ["proving_ground", "quarry", "pumphouse"][i % 3]!;
      const mode = i % 2 === 0 ? "gm" : "versus";
      const setup: TrpgSetup = { scenario, mode, enemies: encounter(scenario), seats: { party: ["p1", "p2"], enemies: [mode === "gm" ? "gm" : "e1"] } };
      const match = autoplay(trpg, setup, `words-${i}`, `bot-${i}`, { policy: trpgBotPolicy });
      const log = match.toLog();
      const names = (id: string) => match.state.characters[id]?.name.en ?? id;
      const events: TrpgEvent[] = [...log.setupEvents, ...log.entries.flatMap((e) => e.events)].map((env) => trpg.redact(env, omniscient)!);
      for (const event of events) {
        seen.add(event.type);
        const line = describeTrpg(event, names);
        if (line !== null) expect(line).not.toMatch(/undefined|NaN|\[object|null/);
      }
    }
    expect(seen.size).toBeGreaterThan(20);
  });
});
