/**
 * `pnpm bots --game trpg` (seed 002): TRPG matches between bot clients of a real server (started
 * as the README starts it, on an embedded database): a game-master match and a versus match, each
 * seat choosing from its own decoded projection, a spectator watching, both played to a result.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { playOnlineGame } from "../src/online";
import { trpgOnlineGame } from "../src/games/trpg/online";
import { freePort, ServerProcess } from "../src/chaos/process";

jest.setTimeout(180_000);

let server: ServerProcess;
let dataDir: string;
let url: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "fogwar-trpg-bots-"));
  const port = await freePort();
  server = await ServerProcess.start({ kind: "embedded", dir: dataDir }, port);
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.crash();
  rmSync(dataDir, { recursive: true, force: true });
});

test.each([
  ["gm", "proving_ground", 2, ["gm", "p1", "p2", "spectator-1"]],
  ["versus", "quarry", 3, ["e1", "p1", "p2", "p3", "spectator-1"]],
] as const)("a %s match on %s with %i party seats plays to a result through the seats' own projections", async (mode, scenario, players, clients) => {
  const report = await playOnlineGame(trpgOnlineGame({ scenario, mode, players }), { url, seed: `trpg-${mode}`, spectators: 1 });
  expect(report.result).not.toBeNull();
  expect(report.commands).toBeGreaterThan(10);
  expect(Object.keys(report.bytes).sort()).toEqual([...clients].sort());
});

test("pnpm bots --game trpg refuses bad options with exit code 2 before reaching a server", () => {
  const run = (args: string[]) => spawnSync(process.execPath, ["--import", "tsx", join(__dirname, "..", "src", "bots.ts"), "--url", "http://127.0.0.1:9", ...args], { cwd: join(__dirname, ".."), encoding: "utf8", timeout: 60_000 });
  const mode = run(["--game", "trpg", "--mode", "solo"]);
  expect([mode.status, mode.stderr]).toEqual([2, expect.stringMatching(/--mode takes gm or versus/)]);
  expect(run(["--game", "trpg", "--scenario", "moon"]).stderr).toMatch(/unknown scenario "moon"/);
  expect(run(["--game", "trpg", "--players", "5"]).stderr).toMatch(/--players takes a whole number from 1 to 4/);
  expect(run(["--game", "chess"]).stderr).toMatch(/unknown game "chess"/);
});
