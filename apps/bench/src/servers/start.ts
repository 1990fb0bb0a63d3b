/**
 * Starting a server under test as a child process: a free port, and for fogwar a fresh
 * embedded database folder or a fresh PostgreSQL database (created beside BENCH_DATABASE_URL's
 * and dropped when the server stops), so no server rebuilds another run's matches.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { Child } from "../ipc.js";
import type { TargetName } from "../settings.js";
import type { ServerStats } from "./instrument.js";

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

/** A started server under test. */
export interface RunningTarget {
  readonly name: TargetName;
  readonly url: string;
  readonly child: Child;
  /** The server's figures now. */
  stats(): Promise<ServerStats>;
  /** Stops the server and removes its database. */
  stop(): Promise<void>;
}

let databases = 0;

/** A fresh PostgreSQL database on the server of `url`; returns its URL and how to drop it. */
async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fogwar_bench_${process.pid}_${++databases}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    url: fresh.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Starts `name` (its launcher in ./floor.ts, ./bgio.ts (both boardgame.io games) or ./fogwar.ts) on a free port.
 * @throws Error with the server's output when it does not start.
 */
export async function startTarget(name: TargetName, databaseUrl: string | undefined): Promise<RunningTarget> {
  const port = await freePort();
  const env: Record<string, string> = { BENCH_PORT: String(port) };
  let cleanup = async () => undefined as void;
  let script = name;
  if (name === "fogwar-embedded") {
    const dir = mkdtempSync(join(tmpdir(), "fogwar-bench-"));
    env.BENCH_SERVER_DATA_DIR = join(dir, "data");
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    script = "fogwar" as TargetName;
  } else if (name === "bgio-ember") {
    script = "bgio";
  } else if (name === "fogwar-postgres") {
    if (!databaseUrl) throw new Error("fogwar-postgres needs BENCH_DATABASE_URL");
    const db = await freshDatabase(databaseUrl);
    env.BENCH_SERVER_DATABASE_URL = db.url;
    cleanup = db.drop;
    script = "fogwar" as TargetName;
  }
  let child: Child;
  try {
    // Up to 8 GiB of heap: the idle-match phase holds thousands of rooms. BENCH_SERVER_NODE_ARGS
    // adds Node options to the fogwar servers only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
    const extra = name.startsWith("fogwar") ? (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter((a) => a !== "") : [];
    ({ child } = await Child.start(name, new URL(`./${script}.ts`, import.meta.url).pathname, env, 120_000, ["--max-old-space-size=8192", ...extra]));
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    stats: () => child.call<ServerStats>("stats"),
    async stop() {
      await child.stop();
      await cleanup();
    },
  };
}
