/**
 * Memory given back: spectators joining and leaving a match leave the heap near where it was
 * (the room's per-client records, the StateViews, presence and Colyseus's own bookkeeping are
 * all released on leave).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { matchMaker } from "@colyseus/core";
import { catalog } from "@fogwar/ember";
import { bootServer, createMatch, emberRequest, type TestServer } from "./harness";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function heap(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

const ROUNDS = Number(process.env.FOGWAR_MEMORY_SPECTATORS ?? 300);
jest.setTimeout(120_000);

let t: TestServer;
beforeAll(async () => {
  t = await bootServer({ limits: { maxConnectionsPerAddress: ROUNDS + 10, maxSpectators: ROUNDS + 10 } });
});
afterAll(async () => {
  await t.close();
});

/**
 * Joins `count` spectators from a child process; `whileJoined` runs when all are in; then they
 * all leave and the promise resolves.
 */
function spectators(matchId: string, count: number, whileJoined: () => Promise<void> | void = () => undefined): Promise<void> {
  const script = join(__dirname, "spectator-load.ts");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, t.ws, matchId, String(count)], { cwd: __dirname, stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`joined ${count}`)) {
        output = "";
        void Promise.resolve(whileJoined()).then(() => child.stdin.write("leave\n"), reject);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`load exited ${code}: ${output}`))));
  });
}

it(`gives the memory of ${ROUNDS} spectators back when they leave`, async () => {
  // A match with a caster feed: each spectator's StateView holds it.
  const created = await createMatch(t.http, emberRequest(catalog, { options: { spectatorDelay: 1 } }));
  // Warm up: the first joins load code and fill caches that stay.
  await spectators(created.matchId, 50);
  await new Promise((r) => setTimeout(r, 200));
  const before = heap();
  let joined = 0;
  await spectators(created.matchId, ROUNDS, () => {
    joined = heap();
  });
  await new Promise((r) => setTimeout(r, 500));
  const after = heap();
  const perSpectator = (after - before) / ROUNDS;
  console.log(
    `heap before ${(before / 1e6).toFixed(1)} MB; with ${ROUNDS} spectators joined ${((joined - before) / ROUNDS / 1e3).toFixed(1)} KB each; after they left ${((after - before) / 1e3).toFixed(0)} KB more: ${(perSpectator / 1e3).toFixed(2)} KB each`,
  );
  expect(perSpectator).toBeLessThan(2_000);
});

it("unbinds a departed client's StateView at once (not when the collector gets to it)", async () => {
  // With a caster feed, every spectator's view holds the feed.
  const created = await createMatch(t.http, emberRequest(catalog, { options: { spectatorDelay: 1 } }));
  const room = matchMaker.getLocalRoomById(created.matchId) as unknown as { _serializer: { encoder: { root: { activeViews: Map<number, unknown> } } } };
  const views = () => room._serializer.encoder.root.activeViews.size;
  let during = 0;
  await spectators(created.matchId, 100, () => {
    during = views();
  });
  expect(during).toBe(100);
  expect(views()).toBe(0);
});
