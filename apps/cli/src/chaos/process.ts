/**
 * The fogwar server as a child process for the chaos and fuzz runs: `node --import tsx
 * apps/server/src/main.ts` on the Node running this script (the workspace's Node 22 under pnpm),
 * on 127.0.0.1 with PORT, LOG_LEVEL=warn and either DATABASE_URL or FOGWAR_DATA_DIR. Its output
 * is kept so a run can show it and look for logged errors.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { workspaceRoot } from "@fogwar/server/workspace";

/** Where the server's data lives: a PostgreSQL URL, or an embedded (PGlite) data folder. */
export type ChaosDatabase = { readonly kind: "postgres"; readonly url: string } | { readonly kind: "embedded"; readonly dir: string };


/** The workspace root (apps/server/src/workspace.ts). */
export { workspaceRoot };

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

/** One started server process. */
export class ServerProcess {
  /** Everything the process wrote to stdout and stderr, in order. */
  output = "";
  private exited: Promise<number | null>;
  private child: ChildProcess;

  private constructor(
    child: ChildProcess,
    /** The HTTP base address, e.g. http://127.0.0.1:25670. */
    readonly url: string,
  ) {
    this.child = child;
    child.stdout?.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((done) => child.once("exit", (code, signal) => done(signal ? null : code)));
  }

  /**
   * Starts the server on `port` and waits (up to `timeoutMs`, default 60,000 ms) until
   * GET /api/health answers 200; `settings` are more environment variables for it (e.g.
   * FOGWAR_MESSAGES_PER_SECOND). @throws Error with the server's output when it exits or times out.
   */
  static async start(database: ChaosDatabase, port: number, timeoutMs = 60_000, settings: Readonly<Record<string, string>> = {}): Promise<ServerProcess> {
    const root = workspaceRoot();
    // Every chaos client comes from 127.0.0.1, so the per-address creation rate is raised as the
    // test servers raise it (apps/server/test/harness.ts).
    const limits = { FOGWAR_CREATE_PER_MINUTE: "6000", FOGWAR_CREATE_BURST: "500" };
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", PUBLIC_URL: `http://127.0.0.1:${port}`, ...limits, ...settings };
    delete env.DATABASE_URL;
    delete env.FOGWAR_DATA_DIR;
    if (database.kind === "postgres") env.DATABASE_URL = database.url;
    else env.FOGWAR_DATA_DIR = database.dir;
    const child = spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/src/main.ts")], { cwd: join(root, "apps/server"), env, stdio: ["ignore", "pipe", "pipe"] });
    const server = new ServerProcess(child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + timeoutMs;
    let gone = false;
    void server.exited.then(() => (gone = true));
    while (Date.now() < deadline && !gone) {
      if (await server.healthy()) return server;
      await new Promise((r) => setTimeout(r, 100));
    }
    server.kill("SIGKILL");
    throw new Error(`the server did not start (${gone ? "it exited" : "timed out"}):\n${server.output.slice(-4000)}`);
  }

  /** The process id. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Whether the process is still running. */
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Whether GET /api/health answers 200 within 2,000 ms. */
  async healthy(): Promise<boolean> {
    try {
      const response = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      return response.ok;
    } catch {
      return false;
    }
  }

  /** Sends a signal to this process only. */
  kill(signal: NodeJS.Signals): void {
    if (this.alive) this.child.kill(signal);
  }

  /** SIGKILL, then waits for the exit. */
  async crash(): Promise<void> {
    this.kill("SIGKILL");
    await this.exited;
  }

  /** SIGINT (a graceful shutdown), SIGKILL after `graceMs` (default 15,000 ms); resolves with the exit code (null: killed). */
  async stop(graceMs = 15_000): Promise<number | null> {
    this.kill("SIGINT");
    const timer = setTimeout(() => this.kill("SIGKILL"), graceMs);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }

  /**
   * Lines of the output that report an error: pino records at level error (50) or fatal (60),
   * and anything that is not a pino record (an uncaught exception's stack, a crash report).
   */
  errors(): string[] {
    return this.output.split("\n").filter((line) => line.trim() !== "" && (/"level":(50|60)\b/.test(line) || !line.startsWith("{")));
  }

  /** The exit code (null: killed by a signal, undefined: still running). */
  get exitCode(): number | null | undefined {
    return this.alive ? undefined : this.child.exitCode;
  }
}
