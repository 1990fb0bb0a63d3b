/**
 * Bots survive a server that is killed mid-match: the real server runs as a child process
 * (`src/main.ts`, as the README starts it) on an embedded PGlite folder; after some commands it
 * is killed with SIGKILL (no graceful shutdown) and started again on the same port and folder.
 * The bots (two seats and a spectator, over WebSocket) join again by themselves, resend the
 * command whose answer never came and play the match to its result; every acknowledged command
 * is in the stored log exactly once, at the seq it was acknowledged with.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { playOnlineMatch } from "../src/games/ember/online";
import { openStore } from "@fogwar/server/store";
import { freePort, ServerProcess } from "../src/chaos/process";

jest.setTimeout(120_000);

test("bots finish a match across a SIGKILL and restart of the server; every acknowledged command is stored exactly once", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "fogwar-bots-restart-"));
  const port = await freePort();
  const database = { kind: "embedded" as const, dir: dataDir };
  let server = await ServerProcess.start(database, port);
  let restarted: Promise<void> | null = null;
  try {
    const report = await playOnlineMatch({
      url: `http://127.0.0.1:${port}`,
      scenario: "crossroads",
      armies: [0, 2],
      seed: "restart",
      spectators: 1,
      reconnectWithinMs: 60_000,
      onAccepted: (commands) => {
        if (commands !== 25) return;
        // Killed while the bots go on: the next command is sent to a dying server.
        restarted = server.crash().then(async () => {
          server = await ServerProcess.start(database, port);
        });
      },
    });
    await restarted;
    expect(restarted).not.toBeNull();
    expect(report.result).not.toBeNull();
    expect(report.commands).toBeGreaterThan(25);
    // Every client lost its connection once and joined again.
    expect(report.reconnections).toEqual({ p1: 1, p2: 1, "spectator-1": 1 });

    await server.crash();
    const store = await openStore({ dataDir });
    try {
      const match = await store.getMatch(report.matchId);
      expect(match?.status).toBe("finished");
      const entries = await store.entries(report.matchId);
      // The log has no gap and no duplicate: seqs 1..n, one entry per acknowledged command.
      expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
      expect(entries).toHaveLength(report.accepted.length);
      const stored = new Map<string, number[]>();
      for (const e of entries) stored.set(`${e.seat}:${e.commandId}`, [...(stored.get(`${e.seat}:${e.commandId}`) ?? []), e.seq]);
      for (const { id, seq } of report.accepted) expect(stored.get(`${id.split("-")[0]}:${id}`)).toEqual([seq]);
    } finally {
      await store.close();
    }
  } finally {
    await server.crash();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
