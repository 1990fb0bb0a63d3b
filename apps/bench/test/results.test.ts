/**
 * The bench's verdicts and its results file: a figure taken under load is printed but not judged,
 * the docs' performance table is the rendering of the results file it names (never typed by
 * hand), and the CPU shares come from /proc as the kernel counts them.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cpuShares, readCpu, UNDER_LOAD_CORES, type CpuReading } from "../src/machine";
import type { PhaseLog, TargetResult } from "../src/phases";
import { evaluate } from "../src/report";
import { docsTable, readResults, TABLE_END, TABLE_START, withTable, workspaceRoot } from "../src/results";

const phase = (name: string, otherCores: number): PhaseLog => ({
  phase: name,
  seconds: 10,
  loadStart: 0.5,
  loadEnd: 0.6,
  cpu: { seconds: 10, machineCores: 1 + otherCores, benchCores: 1, postgresCores: 0, otherCores },
  underLoad: otherCores > UNDER_LOAD_CORES,
});

/** A result with only the idle round trip measured (felt p50 `felt` ms), its phase quiet or not. */
const idleOnly = (name: TargetResult["name"], felt: number, otherCores: number): TargetResult => ({
  name,
  commands: "",
  idle: { p50: felt - 0.1, p99: felt * 2, feltP50: felt, feltP99: felt * 2, n: 100, cpuPerCommand: 0.5 },
  phases: [phase("idle round trip", otherCores)],
});

describe("the bench's verdicts", () => {
  test("a figure of a quiet phase is judged against its target: met, or missed", () => {
    const rows = evaluate([idleOnly("fogwar-embedded", 1.5, 0), idleOnly("fogwar-postgres", 2.5, 0.05)]);
    const idle = (server: string) => rows.find((r) => r.key === "trip-idle-p50" && r.server === server);
    expect(idle("fogwar-embedded")).toMatchObject({ value: 1.5, verdict: "met", words: "target met" });
    expect(idle("fogwar-postgres")).toMatchObject({ value: 2.5, verdict: "missed" });
    expect(idle("fogwar-postgres")?.words).toMatch(/^missed by 0.50 ms/);
  });

  test("a figure whose phase ran while the rest of the machine was busy is marked as taken under load, not passed or failed", () => {
    const rows = evaluate([idleOnly("fogwar-embedded", 9, 0.8)]);
    const row = rows.find((r) => r.key === "trip-idle-p50");
    expect(row).toMatchObject({ value: 9, verdict: "under load" });
    expect(row?.words).toMatch(/taken under load: the rest of the machine used 80% of a core, load average 0.50 -> 0.60; not judged/);
  });

  test("a ratio target is not judged when the peer it is computed from was measured under load", () => {
    const paced = (name: TargetResult["name"], corePct: number, otherCores: number): TargetResult => ({
      name,
      commands: "",
      paced: { matches: 10, p50: 1, p99: 2, feltP50: 1, feltP99: 2, accepted: 1000, rate: 100, late: 0, unanswered: 0, loopP99: 5, loopMax: 6, serverCorePct: corePct, driverCorePct: 10, openSeconds: 1 },
      phases: [phase("paced load, 10 matches", otherCores)],
    });
    // 0.9 ms per command against the bare room's 0.4 ms: over 2x, missed when both phases are quiet ...
    const quiet = evaluate([paced("floor-ember", 4, 0), paced("fogwar-embedded", 9, 0)]).find((r) => r.key === "cpu-paced" && r.server === "fogwar-embedded");
    expect(quiet).toMatchObject({ verdict: "missed", goal: { limit: 0.8 } });
    expect(quiet?.ratios?.floorEmber).toBeCloseTo(2.25);
    // ... and not judged when the bare room's phase ran under load.
    const loaded = evaluate([paced("floor-ember", 4, 0.5), paced("fogwar-embedded", 9, 0)]).find((r) => r.key === "cpu-paced" && r.server === "fogwar-embedded");
    expect(loaded?.verdict).toBe("under load");
    expect(loaded?.words).toMatch(/floor playing EMBER's phase/);
  });

  test("the phase is found by a part of its name (\"200 simultaneous joins\"), and bytes on the wire are judged whatever the load", () => {
    const result: TargetResult = {
      name: "fogwar-embedded",
      commands: "",
      joins: { joins: 200, failed: 0, reasons: {}, seconds: 2 },
      cpu: { reps: [0.5], rates: [100], playerBytes: 300, spectatorBytes: 280, playerParts: {}, replaced: 0, openedDuring: 0 },
      phases: [phase("200 simultaneous joins", 0.9), phase("CPU per command", 0.9)],
    };
    const rows = evaluate([{ name: "bgio-ember", commands: "", cpu: { reps: [1], rates: [50], playerBytes: 4000, spectatorBytes: 4000, playerParts: {}, replaced: 0, openedDuring: 0 }, phases: [phase("CPU per command", 0.9)] }, result]);
    expect(rows.find((r) => r.key === "failed-joins")?.verdict).toBe("under load");
    expect(rows.find((r) => r.key === "bytes-player" && r.server === "fogwar-embedded")).toMatchObject({ verdict: "met", goal: { limit: 400 } });
  });

  test("on PostgreSQL the judged CPU figure adds PostgreSQL's own CPU per command", () => {
    const result = (name: TargetResult["name"], corePct: number, postgresCorePct?: number): TargetResult => ({
      name,
      commands: "",
      paced: { matches: 10, p50: 1, p99: 2, feltP50: 1, feltP99: 2, accepted: 1000, rate: 100, late: 0, unanswered: 0, loopP99: 5, loopMax: 6, serverCorePct: corePct, ...(postgresCorePct !== undefined ? { postgresCorePct } : {}), driverCorePct: 10, openSeconds: 1 },
      phases: [phase("paced load, 10 matches", 0)],
    });
    const rows = evaluate([result("floor-ember", 4), result("bgio-ember", 8), result("fogwar-postgres", 5, 2)]);
    // 0.5 ms in the server and 0.2 ms in PostgreSQL: 0.7 ms, over 1.5x the bare room's 0.4 ms (0.6 ms).
    expect(rows.find((r) => r.key === "cpu-paced-with-db" && r.server === "fogwar-postgres")).toMatchObject({ verdict: "missed", goal: { limit: 0.6000000000000001 } });
    expect(rows.find((r) => r.key === "cpu-paced-with-db" && r.server === "fogwar-postgres")?.value).toBeCloseTo(0.7);
  });
});

describe("the results file and the docs table", () => {
  const root = workspaceRoot();
  const doc = readFileSync(join(root, "docs", "operating.md"), "utf8");

  test("docs/operating.md's performance table is the rendering of the results file it names", () => {
    const marker = TABLE_START.exec(doc);
    expect(marker).not.toBeNull();
    const file = join(root, marker![1]!);
    expect(existsSync(file)).toBe(true);
    const results = readResults(file);
    expect(results.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(withTable(doc, marker![1]!, results)).toBe(doc);
    expect(doc).toContain(TABLE_END);
  });

  test("the table shows every fogwar figure with its verdict", () => {
    const marker = TABLE_START.exec(doc)!;
    const results = readResults(join(root, marker[1]!));
    const table = docsTable(results).join("\n");
    for (const figure of evaluate(results.results).filter((f) => f.server.startsWith("fogwar") && f.goal && ["trip-idle-p50", "trip-paced-p99"].includes(f.key))) {
      expect(table).toContain(`(${figure.verdict === "under load" ? "under load" : figure.verdict})`);
    }
  });
});

describe("where the CPU went (/proc)", () => {
  const linux = existsSync("/proc/stat");
  (linux ? test : test.skip)("a busy child given as the bench's counts as the bench's, also after it has exited", async () => {
    // The child spins for 1.5 s of wall time and prints the CPU it got (µs; less on a busy machine).
    const child = spawn(process.execPath, ["-e", "const end = Date.now() + 1500; while (Date.now() < end) {} const u = process.cpuUsage(); console.log(u.user + u.system)"], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const before = readCpu([child.pid!]) as CpuReading;
    await new Promise((resolve) => child.on("exit", resolve));
    const childSeconds = Number(out.trim()) / 1e6;
    expect(childSeconds).toBeGreaterThan(0.05);
    // Exited and waited for: its CPU is now in this process's children's time, so the bench's.
    const shares = cpuShares(before, readCpu([]))!;
    const benchSeconds = shares.benchCores * shares.seconds;
    // Ticks are 10 ms: allow two of them for the reading's rounding.
    expect(benchSeconds).toBeGreaterThanOrEqual(childSeconds - 0.02);
    expect(shares.machineCores * shares.seconds).toBeGreaterThanOrEqual(benchSeconds - 0.05);
  });

  test("shares between two readings are in cores, the rest of the machine never below zero", () => {
    const a: CpuReading = { at: 0, machine: 1000, bench: 400, postgres: 100 };
    const b: CpuReading = { at: 2000, machine: 1300, bench: 550, postgres: 120 };
    expect(cpuShares(a, b)).toEqual({ seconds: 2, machineCores: 1.5, benchCores: 0.75, postgresCores: 0.1, otherCores: 0.65 });
    expect(cpuShares(a, { ...b, machine: 1100 })?.otherCores).toBe(0);
    expect(cpuShares(undefined, b)).toBeUndefined();
  });
});
