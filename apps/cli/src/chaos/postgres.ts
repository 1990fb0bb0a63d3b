/**
 * A throwaway PostgreSQL cluster from Debian's binaries (/usr/lib/postgresql/<version>/bin), as
 * .ci/run starts one: initdb into a fresh temporary folder (as the postgres user when run as
 * root), pg_ctl start on a free loopback port, a `fogwar` role and database. `stop()` stops it
 * and removes the folder.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./process";

/** A running throwaway cluster. */
export interface ThrowawayPostgres {
  /** postgres://fogwar:fogwar@127.0.0.1:PORT/fogwar_chaos */
  readonly url: string;
  /** Stops the cluster (fast shutdown) and removes its folder. Never throws. */
  stop(): void;
}

/** The newest Debian PostgreSQL bin folder, or null when none is installed. */
export function postgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, "bin", "initdb"))).sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(base, newest, "bin") : null;
}

/** Starts a throwaway cluster. @throws Error when the binaries are missing or a step fails. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL server binaries are missing under /usr/lib/postgresql/*/bin (apt-get install postgresql), or pass --database-url");
  const dir = mkdtempSync(join(tmpdir(), "fogwar-chaos-pg-"));
  const root = process.getuid?.() === 0;
  const asOwner = (cmd: string, args: string[]) => (root ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args]) as [string, string[]];
  if (root) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), Number(execFileSync("id", ["-g", "postgres"]).toString().trim()));
  const port = await freePort();
  const data = join(dir, "data");
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asOwner(cmd, args);
    execFileSync(file, argv, { cwd: "/", stdio: ["ignore", "pipe", "pipe"] });
  };
  try {
    run(join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
    run(join(bin, "pg_ctl"), ["-D", data, "-l", join(dir, "server.log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`, "start"]);
    execFileSync(join(bin, "psql"), ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", "postgres", "-c", "create role fogwar login password 'fogwar'", "-c", "create database fogwar_chaos owner fogwar"], { stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    try {
      run(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // not started
    }
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new Error(`could not start a throwaway PostgreSQL cluster: ${(error as Error).message}\n${stderr}`);
  }
  return {
    url: `postgres://fogwar:fogwar@127.0.0.1:${port}/fogwar_chaos`,
    stop() {
      try {
        run(join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
