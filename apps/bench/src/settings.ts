/**
 * The bench's scales, from environment variables; the defaults finish the whole run in about
 * ten to fifteen minutes on a 2-core machine (PostgreSQL skipped).
 */

/** Every setting, with its environment variable in the comment. */
export interface Settings {
  /** Servers to run, in order (BENCH_TARGETS, comma-separated: floor, floor-ember, bgio, bgio-ember, fogwar-embedded, fogwar-postgres). */
  readonly targets: readonly TargetName[];
  /** PostgreSQL for fogwar-postgres (BENCH_DATABASE_URL); each server gets a fresh database created beside it. */
  readonly databaseUrl: string | undefined;
  /** Seconds of the one-match closed loop on an idle server (BENCH_IDLE_SECONDS). */
  readonly idleSeconds: number;
  /** Matches in the CPU-per-command closed loop (BENCH_CLOSED_MATCHES). */
  readonly closedMatches: number;
  /** Seconds of each CPU-per-command repetition (BENCH_CLOSED_SECONDS). */
  readonly closedSeconds: number;
  /** Repetitions of the CPU-per-command phase (BENCH_REPETITIONS). */
  readonly repetitions: number;
  /** Simultaneous joins (BENCH_JOINS). */
  readonly joins: number;
  /** Live matches under the paced load (BENCH_PACED_MATCHES), two players and a spectator each. */
  readonly pacedMatches: number;
  /** Seconds between one match's commands under the paced load (BENCH_PACE_SECONDS). */
  readonly paceSeconds: number;
  /** Seconds the paced load is measured (BENCH_PACED_SECONDS). */
  readonly pacedSeconds: number;
  /** Driver processes sharing the paced load's matches (BENCH_DRIVERS). */
  readonly drivers: number;
  /** Idle matches to hold in one process (BENCH_IDLE_MATCHES). */
  readonly idleMatches: number;
  /** Idle rooms whose CPU is measured (BENCH_IDLE_CPU_ROOMS) and for how many seconds (BENCH_IDLE_CPU_SECONDS). */
  readonly idleCpuRooms: number;
  readonly idleCpuSeconds: number;
  /** Seconds after which creating idle matches stops, the count reached being reported (BENCH_IDLE_MAX_SECONDS). */
  readonly idleMaxSeconds: number;
}

/** A server under test. */
export type TargetName = "floor" | "floor-ember" | "bgio" | "bgio-ember" | "fogwar-embedded" | "fogwar-postgres";
const NAMES: readonly TargetName[] = ["floor", "floor-ember", "bgio", "bgio-ember", "fogwar-embedded", "fogwar-postgres"];

const num = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
};

/** The settings from `env`. @throws Error naming the variable when a value is malformed. */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  const targets = (env.BENCH_TARGETS ?? NAMES.join(","))
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const t of targets) if (!NAMES.includes(t as TargetName)) throw new Error(`BENCH_TARGETS: unknown server "${t}" (${NAMES.join(", ")})`);
  return {
    targets: targets as TargetName[],
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
    idleSeconds: num(env, "BENCH_IDLE_SECONDS", 4),
    closedMatches: num(env, "BENCH_CLOSED_MATCHES", 8),
    closedSeconds: num(env, "BENCH_CLOSED_SECONDS", 8),
    repetitions: num(env, "BENCH_REPETITIONS", 3),
    joins: num(env, "BENCH_JOINS", 200),
    pacedMatches: num(env, "BENCH_PACED_MATCHES", 1000),
    paceSeconds: num(env, "BENCH_PACE_SECONDS", 5),
    pacedSeconds: num(env, "BENCH_PACED_SECONDS", 30),
    drivers: num(env, "BENCH_DRIVERS", 1),
    idleMatches: num(env, "BENCH_IDLE_MATCHES", 10_000),
    idleCpuRooms: num(env, "BENCH_IDLE_CPU_ROOMS", 1000),
    idleCpuSeconds: num(env, "BENCH_IDLE_CPU_SECONDS", 5),
    idleMaxSeconds: num(env, "BENCH_IDLE_MAX_SECONDS", 200),
  };
}

/** The settings as one line per group, for the report's head. */
export function describeSettings(s: Settings): string[] {
  return [
    `servers: ${s.targets.join(", ")}${s.targets.includes("fogwar-postgres") && !s.databaseUrl ? " (fogwar-postgres skipped: BENCH_DATABASE_URL is not set)" : ""}`,
    `idle round trip: 1 match, closed loop for ${s.idleSeconds} s (BENCH_IDLE_SECONDS)`,
    `CPU per command: ${s.closedMatches} matches in a closed loop, ${s.repetitions} repetitions of ${s.closedSeconds} s (BENCH_CLOSED_MATCHES, BENCH_REPETITIONS, BENCH_CLOSED_SECONDS)`,
    `joins: ${s.joins} players joining at once (BENCH_JOINS)`,
    `paced load: ${s.pacedMatches} matches, two players and a spectator each, one command per ${s.paceSeconds} s per match, measured ${s.pacedSeconds} s, ${s.drivers} driver process(es) (BENCH_PACED_MATCHES, BENCH_PACE_SECONDS, BENCH_PACED_SECONDS, BENCH_DRIVERS)`,
    `EMBER peers (floor-ember, bgio-ember): phases idle round trip, CPU per command and paced load only`,
    `idle matches: up to ${s.idleMatches} in one process, creation stopped after ${s.idleMaxSeconds} s; CPU of ${s.idleCpuRooms} idle rooms over ${s.idleCpuSeconds} s (BENCH_IDLE_MATCHES, BENCH_IDLE_MAX_SECONDS, BENCH_IDLE_CPU_ROOMS, BENCH_IDLE_CPU_SECONDS)`,
  ];
}
