/**
 * The terminal match (the README's run command) and its event wording.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { autoplay, omniscient } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, type EmberEvent } from "@fogwar/ember";
import { describe as describeEvent } from "../src/games/ember/format";

const cli = (args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", join(__dirname, "..", "src", "match.ts"), ...args], {
    cwd: join(__dirname, ".."),
    encoding: "utf8",
    timeout: 60_000,
  });

describe("pnpm match", () => {
  test("plays a whole match to a result, replays it and verifies the seed", () => {
    const run = cli(["--seed", "readme-demo"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/=== Round 1 ===/);
    expect(run.stdout).toMatch(/replay matches; seed commitment verified/);
    expect(run.stdout).toMatch(/^(Winner: p[12]|Draw) \(/m);
  });

  test("is deterministic for a seed", () => {
    const a = cli(["--seed", "same", "--quiet"]);
    const b = cli(["--seed", "same", "--quiet"]);
    expect(a.stdout).toBe(b.stdout);
  });

  test("the spectator's log shows commitments at lock time and dials only once revealed", () => {
    const out = cli(["--seed", "dials", "--as", "spectator", "--progressive"]).stdout;
    expect(out).toMatch(/p1 locks a plan \(commitment [0-9a-f]{12}\.\.\.\)/);
    expect(out).not.toMatch(/locks a plan: /);
    const own = cli(["--seed", "dials", "--as", "p1", "--progressive"]).stdout;
    expect(own).toMatch(/p1 locks a plan: p1-m1=/);
    expect(own).toMatch(/p2 locks a plan \(commitment/);
  });

  test("bad options get a clear error and exit code 2", () => {
    const bad = cli(["--scenario", "nowhere"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown scenario "nowhere"/);
    expect(cli(["--p1", "99"]).stderr).toMatch(/unknown army "99"/);
    expect(cli(["--as", "p3"]).stderr).toMatch(/--as takes/);
  });
});

describe("event wording", () => {
  test("every event of real matches reads as a line without gaps", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const armies = catalog.data.armies;
      const setup = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: armies[(i % 3) * 2]!, p2: armies[((i + 1) % 3) * 2]! } };
      const match = autoplay(ember, setup, `words-${i}`, `bot-${i}`, { policy: emberBotPolicy });
      const log = match.toLog();
      const events: EmberEvent[] = [...log.setupEvents, ...log.entries.flatMap((e) => e.events)].map((env) => ember.redact(env, omniscient)!);
      for (const event of events) {
        seen.add(event.type);
        const line = describeEvent(event, match.state);
        if (line !== null) expect(line).not.toMatch(/undefined|NaN|\[object/);
      }
    }
    expect(seen.size).toBeGreaterThan(20);
  });
});

describe("pnpm match -- --game sigmar", () => {
  test("plays a whole Age of Sigmar battle to a result, reports attacks roll by roll, replays it and verifies the seed", () => {
    const run = cli(["--game", "sigmar", "--seed", "readme-sigmar"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/=== Battle round 1 ===/);
    expect(run.stdout).toMatch(/hit \d\+.*: [1-6 ]+ -> \d+ hit\(s\)/);
    expect(run.stdout).toMatch(/replay matches; seed commitment verified/);
    expect(run.stdout).toMatch(/^(Winner: p[12]|Draw) \(/m);
  });

  test("the spectator's log shows neither list before the reveal nor the reserve units, the hands or the drawn cards; a seat's shows its own", () => {
    const out = cli(["--ruleset", "sigmar", "--seed", "secret-log", "--as", "spectator"]).stdout;
    expect(out).toMatch(/p1 locks a list \(commitment [0-9a-f]{12}\.\.\.\)/);
    expect(out).toMatch(/1 unit\(s\) in reserve/);
    expect(out).toMatch(/p1 draws 3 card\(s\)/);
    const own = cli(["--ruleset", "sigmar", "--seed", "secret-log", "--as", "p1"]).stdout;
    expect(own).toMatch(/p1 locks [A-Z][a-z]+ [a-z]+: /);
    expect(own).toMatch(/p1 draws [a-z_]+, [a-z_]+, [a-z_]+/);
    expect(own).toMatch(/p2 draws 3 card\(s\)/);
  });

  test("bad options get a clear error and exit code 2", () => {
    expect(cli(["--ruleset", "sigmar", "--p1", "clever"]).stderr).toMatch(/--p1 takes heuristic or random/);
    expect(cli(["--game", "chess"]).stderr).toMatch(/unknown game "chess" \(try: ember, trpg, sigmar\)/);
    // --ruleset is the same option, under the API's name.
    expect(cli(["--ruleset=chess"]).stderr).toMatch(/unknown game "chess"/);
  });
});
