/**
 * Malformed messages against the real server process (embedded PGlite in a temporary folder) over
 * real WebSocket connections, as both seats and as spectators: the process stays up and answers,
 * the match's state and stored log change only by commands the fuzzer saw accepted, and nothing
 * but Colyseus' handled decode failures is logged as an error. This run sends FUZZ_FRAMES (default
 * 20,000, seeded) frames; `pnpm chaos --fuzz` sends a million.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FuzzConnection, type FuzzTally } from "../src/chaos/fuzz-conn";
import { runFuzz } from "../src/chaos/fuzz-run";
import { create, matchRequest, seeded } from "../src/chaos/match";
import { ServerProcess, freePort } from "../src/chaos/process";

jest.setTimeout(120_000);

/** Frames sent by the seeded run below: 20,000 take about a minute under a loaded CI machine. */
const FRAMES = Number(process.env.FUZZ_FRAMES ?? 20_000);

test(`${FRAMES.toLocaleString("en")} malformed frames crash nothing and change no match`, async () => {
  const report = await runFuzz({ messages: FRAMES, seed: "ci" });
  expect({ crashes: report.crashes, stateChanges: report.stateChanges, otherErrors: report.otherErrors }).toEqual({ crashes: 0, stateChanges: [], otherErrors: [] });
  expect(report.frames).toBe(FRAMES);
  // Beyond Colyseus' decoding, thousands reach the room's own checks and parser (the rest are rate limited):
  // over 20,000 seeded frames about 4,000 bad messages, 430 spectators' commands and 650 rejections.
  expect(report.answers["error:bad_message"]).toBeGreaterThan(1000);
  expect(report.answers["error:spectators_cannot_act"]).toBeGreaterThan(100);
  expect(report.answers.rejected).toBeGreaterThan(100);
  expect(report.ok).toBe(true);
});

test("a message typed \"*\" whose payload has no string form leaves the server running", async () => {
  const dir = mkdtempSync(join(tmpdir(), "fogwar-fuzz-star-"));
  const server = await ServerProcess.start({ kind: "embedded", dir: join(dir, "data") }, await freePort());
  try {
    const created = await create(server.url, matchRequest(seeded("star"), 1));
    expect(created).not.toBeNull();
    const tally: FuzzTally = { sent: {}, unsendable: 0, answers: {}, accepted: new Map(), closed: 0 };
    const spectator = await FuzzConnection.join(server.url.replace(/^http/, "ws"), created!.matchId, "spectator", tally);
    // Colyseus hands a "*"-typed message to the room's wildcard handler with the payload in the type's place.
    expect(spectator.send({ kind: "message", type: "*", payload: { toString: 1 }, kicks: false }, tally)).toBe(true);
    expect(spectator.send({ kind: "message", type: "ping", payload: { t: 7 }, kicks: false }, tally)).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    expect(server.alive).toBe(true);
    expect(await server.healthy()).toBe(true);
    expect(tally.answers.pong).toBe(1);
    spectator.close();
  } finally {
    await server.crash();
    rmSync(dir, { recursive: true, force: true });
  }
});
