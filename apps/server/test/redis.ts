/**
 * A throwaway redis-server for server tests: TEST_REDIS_URL when given, else Debian's
 * `redis-server` in the foreground on a free loopback port, saving nothing. `redisAvailable`
 * says whether either exists (without them the tests are skipped visibly, and under CI fail).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { freePort } from "./harness";

const GIVEN = process.env.TEST_REDIS_URL || undefined;

/** Whether TEST_REDIS_URL is set or `redis-server` can be run. */
export const redisAvailable = !!GIVEN || spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;

/** Whether CI is set (a missing Redis then fails the test instead of skipping it). */
export const IN_CI = !!process.env.CI && process.env.CI !== "false" && process.env.CI !== "0";

/**
 * A Redis for a test file: `url`, and `stop()` (nothing to stop for TEST_REDIS_URL). With
 * TEST_REDIS_URL, the test file's own logical database `db` (1-15) on that server, so test files
 * running at once keep their keys apart.
 */
export async function testRedis(db: number): Promise<{ url: string; stop(): Promise<void> }> {
  if (GIVEN) {
    const url = new URL(GIVEN);
    url.pathname = `/${db}`;
    return { url: url.toString(), stop: async () => undefined };
  }
  const port = await freePort();
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  await new Promise<void>((done, fail) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        done();
      }
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * For a test file whose `suite` needs Redis: when Redis is missing, a visibly skipped `suite`
 * (`test` names what it would check), or under CI a failing test. Nothing when Redis is there.
 */
export function whenRedisMissing(suite: string, test: string): void {
  if (redisAvailable) return;
  if (IN_CI) {
    globalThis.test("redis-server is available (required under CI)", () => {
      throw new Error("CI is set but neither redis-server nor TEST_REDIS_URL is available (.ci/run starts one).");
    });
  } else {
    describe.skip(`${suite}: skipped, redis-server missing (apt-get install redis-server or set TEST_REDIS_URL)`, () => {
      globalThis.test(test, () => undefined);
    });
  }
}
