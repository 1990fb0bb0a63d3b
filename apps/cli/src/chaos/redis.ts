/**
 * A throwaway Redis for tests and runs of several server processes: Debian's `redis-server` in
 * the foreground on a free loopback port, nothing saved to disk. `stop()` ends it (SIGTERM to
 * that process only).
 */
import { spawn, spawnSync } from "node:child_process";
import { freePort } from "./process";

/** A running throwaway Redis. */
export interface ThrowawayRedis {
  /** redis://127.0.0.1:PORT */
  readonly url: string;
  /** Stops the server and waits for it to exit. Never throws. */
  stop(): Promise<void>;
}

/** Whether a `redis-server` binary is on the PATH. */
export function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/**
 * Starts `redis-server` on a free port and waits (up to `timeoutMs`, default 10,000 ms) until it
 * accepts connections. @throws Error with its output when it is missing, exits or times out.
 */
export async function startThrowawayRedis(timeoutMs = 10_000): Promise<ThrowawayRedis> {
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const ready = new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`redis-server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("error", (error) => {
      clearTimeout(timer);
      fail(new Error(`could not run redis-server (apt-get install redis-server): ${error.message}`));
    });
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`redis-server exited:\n${output}`));
    });
  });
  try {
    await ready;
  } catch (error) {
    if (child.exitCode === null) child.kill("SIGKILL");
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
