/**
 * The games registry (src/games): a game joins `pnpm match` by its folder alone. The dial-duel
 * fixture (src/games/dial-duel, no shared file names it) plays when named, is not listed among the
 * games offered, and its spectator's log shows a locked number only once it is revealed.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const cli = (args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", join(__dirname, "..", "src", "match.ts"), ...args], { cwd: join(__dirname, ".."), encoding: "utf8", timeout: 60_000 });

describe("games registry", () => {
  test("a game found by its folder alone plays a whole match; a spectator sees numbers only at their reveal, a seat its own at once", () => {
    const run = cli(["--game", "dial-duel", "--seed", "registry"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/replay matches; seed commitment verified/);
    expect(run.stdout).toMatch(/^Winner: p[12] \(first to 2 rounds\)$/m);
    expect(run.stdout).toMatch(/p1 locks a number \(commitment [0-9a-f]{12}\.\.\.\)/);
    expect(run.stdout).not.toMatch(/locks \d/);
    const own = cli(["--ruleset=dial-duel", "--seed", "registry", "--as", "p1"]).stdout;
    expect(own).toMatch(/round 1: p1 locks \d/);
    expect(own).toMatch(/round 1: p2 locks a number/);
  });

  test("a game kept for tests is not listed among the choices", () => {
    const run = cli(["--game", "chess"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/unknown game "chess" \(try: ember, trpg, sigmar\)/);
  });
});
