/**
 * Where the machine's CPU went during a phase, read from Linux's /proc: the whole machine's busy
 * time (/proc/stat), the bench's own processes (the orchestrator, every server and load driver it
 * forked) and PostgreSQL's processes (every process named `postgres`: the server of
 * BENCH_DATABASE_URL when it runs on this machine). What is left is the rest of the machine: a
 * phase during which it used more than {@link UNDER_LOAD_CORES} of a core is marked as taken
 * under load, and its figures are printed but not judged against their targets.
 *
 * On a system without /proc every reading is undefined and only the load average is reported.
 */
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/**
 * More than this share of a core (0.15 = 15%) used by processes outside the bench and outside
 * PostgreSQL during a phase, and the phase's figures are "taken under load".
 */
export const UNDER_LOAD_CORES = 0.15;

/** One reading of where the CPU went so far (ticks since boot), and when (ms, performance.now()). */
export interface CpuReading {
  readonly at: number;
  /** Busy ticks of the whole machine, every core (user, nice, system, irq, softirq, steal). */
  readonly machine: number;
  /** Ticks of the bench's own processes: this one, its exited children and its live ones. */
  readonly bench: number;
  /** Ticks of the processes named `postgres`. */
  readonly postgres: number;
}

/** Where the CPU went between two readings, in cores (1 = one core busy all the time). */
export interface CpuShares {
  readonly seconds: number;
  readonly machineCores: number;
  readonly benchCores: number;
  readonly postgresCores: number;
  /** The rest of the machine: neither the bench nor PostgreSQL. */
  readonly otherCores: number;
}

/**
 * utime + stime of a process from its /proc/<pid>/stat (ticks), or 0 when it is gone; with
 * `children`, also cutime + cstime: the CPU of its children that have exited (and been waited for).
 */
function processTicks(pid: number | string, children = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
    return (fields[11] ?? 0) + (fields[12] ?? 0) + (children ? (fields[13] ?? 0) + (fields[14] ?? 0) : 0);
  } catch {
    return 0;
  }
}

/** The command name of a process (/proc/<pid>/comm), or "" when it is gone. */
function processName(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

/**
 * Reads the machine's, the bench's and PostgreSQL's CPU ticks so far. The bench is this process,
 * the children it started that have exited, and `livePids` (its children still running).
 * @returns undefined where /proc cannot be read (not Linux).
 */
export function readCpu(livePids: readonly number[]): CpuReading | undefined {
  let stat: string;
  try {
    stat = readFileSync("/proc/stat", "utf8");
  } catch {
    return undefined;
  }
  // "cpu  user nice system idle iowait irq softirq steal guest guest_nice"
  const [user, nice, system, , , irq, softirq, steal] = (stat.split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number) as number[];
  const machine = [user, nice, system, irq, softirq, steal].reduce((a: number, b) => a + (b ?? 0), 0);
  const bench = processTicks(process.pid, true) + livePids.reduce((sum, pid) => sum + processTicks(pid), 0);
  let postgres = 0;
  for (const entry of readdirSync("/proc")) {
    // With the CPU of its exited children: the postmaster's holds that of the backends that ended.
    if (/^\d+$/.test(entry) && processName(entry) === "postgres") postgres += processTicks(entry, true);
  }
  return { at: performance.now(), machine, bench, postgres };
}

/** The shares of the CPU between two readings (undefined when either is). */
export function cpuShares(a: CpuReading | undefined, b: CpuReading | undefined): CpuShares | undefined {
  if (!a || !b) return undefined;
  const seconds = (b.at - a.at) / 1000;
  if (seconds <= 0) return undefined;
  const cores = (ticks: number) => ticks / TICKS_PER_SECOND / seconds;
  const machineCores = cores(b.machine - a.machine);
  const benchCores = cores(b.bench - a.bench);
  const postgresCores = cores(b.postgres - a.postgres);
  return { seconds, machineCores, benchCores, postgresCores, otherCores: Math.max(0, machineCores - benchCores - postgresCores) };
}

/** What the machine is: its cores, CPU model, memory and Node version, for the results file. */
export function machineDescription(): { cores: number; model: string; node: string; platform: string } {
  return { cores: cpus().length, model: cpus()[0]?.model ?? "unknown", node: process.version, platform: `${process.platform} ${process.arch}` };
}
