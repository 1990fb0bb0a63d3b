/**
 * Bots survive a server that is killed mid-match: the real server runs as a child process
 * (`src/main.ts`, as the README starts it) on an embedded PGlite folder; after some commands it
 * is killed with SIGKILL (no graceful shutdown) and started again on the same port and folder.
 * The bots (two seats and a spectator, over WebSocket) join again by themselves, resend the
 * command whose answer never came and play the match to its result; every acknowledged command
 * is in the stored log exactly once, at the seq it was acknowledged with.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { playOnlineMatch } from "../src/online";
import { openStore } from "../../server/src/store/index";
import { freePort } from "../src/chaos/process";

jest.setTimeout(120_000);

const SERVER_DIR = join(__dirname, "..", "..", "server");


/** Starts the server on `port` with its database in `dataDir`; resolves once /api/health answers. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_OPTIONS: "", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", FOGWAR_DATA_DIR: dataDir, DATABASE_URL: "", FOGWAR_WEB_DIR: "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));

test("bots finish a match across a SIGKILL and restart of the server; every acknowledged command is stored exactly once", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "fogwar-bots-restart-"));
  const port = await freePort();
  let server = await startServer(port, dataDir);
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
        server.kill("SIGKILL");
        restarted = exited(server).then(async () => {
          server = await startServer(port, dataDir);
        });
      },
    });
    await restarted;
    expect(restarted).not.toBeNull();
    expect(report.result).not.toBeNull();
    expect(report.commands).toBeGreaterThan(25);
    // Every client lost its connection once and joined again.
    expect(report.reconnections).toEqual({ p1: 1, p2: 1, "spectator-1": 1 });

    server.kill("SIGKILL");
    await exited(server);
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
    server.kill("SIGKILL");
    await exited(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
