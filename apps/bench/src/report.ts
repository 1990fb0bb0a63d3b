/**
 * The bench's report: one block per figure, each server's value, for the fogwar servers the
 * ratio to the floor and to boardgame.io and the target with "target met" or how far it was
 * missed. Nothing is asserted.
 */
import { quantile, type PhaseLog, type TargetResult } from "./phases.js";
import type { TargetName } from "./settings.js";

/** How a fogwar figure is judged: at most (or at least) `limit`, described by `text`. */
export interface Goal {
  readonly limit: number;
  readonly text: string;
  readonly atLeast?: boolean;
  /** The peers whose values the limit is computed from (their phases must be quiet too). */
  readonly from?: readonly TargetName[];
}

/** The peers' values of one figure, which fogwar's are compared with. */
interface Peers {
  readonly floor: number | undefined;
  /** The bare Colyseus room playing EMBER. */
  readonly floorEmber: number | undefined;
  /** boardgame.io with the small game. */
  readonly bgio: number | undefined;
  /** boardgame.io playing EMBER. */
  readonly bgioEmber: number | undefined;
}

/** One figure: how to read it from a result, its unit and digits, and each fogwar server's goal. */
interface Figure {
  /** A short stable key (the results file's and the docs table's). */
  readonly key: string;
  readonly title: string;
  /** The phase the figure is taken in (a part of its name): a figure taken under load is not judged. */
  readonly phase: string;
  /** A figure the machine's load cannot move (bytes on the wire): judged whatever the load. */
  readonly loadFree?: boolean;
  readonly unit: string;
  readonly digits: number;
  readonly value: (r: TargetResult) => number | undefined;
  readonly detail?: (r: TargetResult) => string;
  readonly goal?: (name: TargetName, peers: Peers) => Goal | undefined;
}

const KIB = 1024;
const fmt = (v: number, digits: number) => (Number.isFinite(v) ? v.toFixed(digits) : "n/a");
const median = (xs: readonly number[]) => quantile(xs, 0.5);

/** The verdict on `value` against `goal`: "target met" or "missed by ...". */
export function verdict(value: number, goal: Goal, unit: string, digits: number): string {
  const met = goal.atLeast ? value >= goal.limit : value <= goal.limit;
  if (met) return "target met";
  const gap = Math.abs(value - goal.limit);
  const factor = goal.atLeast ? goal.limit / Math.max(value, 1e-9) : value / Math.max(goal.limit, 1e-9);
  return `missed by ${fmt(gap, digits)} ${unit}${goal.limit > 0 ? ` (${factor.toFixed(1)}x)` : ""}`;
}

/** Server CPU per accepted command under the paced load (ms), or undefined. */
const pacedCpu = (r: TargetResult) => (r.paced && r.paced.rate > 0 ? (r.paced.serverCorePct / 100 / r.paced.rate) * 1000 : undefined);

const FIGURES: readonly Figure[] = [
  {
    key: "cpu-paced",
    phase: "paced load",
    title:
      "Server CPU per accepted command at a paced load, all threads of the server process (ms; the paced phase's CPU / commands accepted): THE TARGET'S MEASURE. Every server gets the same offered rate, one command per turn of its event loop, as in play and as the target's reference figures were measured",
    unit: "ms",
    digits: 3,
    value: pacedCpu,
    detail: (r) => (r.paced ? `(${fmt(r.paced.rate, 0)} commands/s over ${r.paced.matches} matches${r.paced.late ? `, ${r.paced.late} slots late: saturated, so this figure flatters it` : ""})` : ""),
    // On PGlite the server process holds the database too (a worker thread): within 2x of the
    // bare room playing EMBER. On PostgreSQL the judged figure is the next one, with PostgreSQL's CPU.
    goal: (name, { floorEmber }) => (name !== "fogwar-embedded" || floorEmber === undefined ? undefined : { limit: 2 * floorEmber, text: "<= 2x the bare room playing EMBER", from: ["floor-ember"] }),
  },
  {
    key: "cpu-paced-with-db",
    phase: "paced load",
    title:
      "Server plus PostgreSQL CPU per accepted command at the paced load (ms; the server process's CPU and that of every `postgres` process on this machine over the paced window, per command accepted; the other servers keep no database, so theirs is their server CPU)",
    unit: "ms",
    digits: 3,
    value: (r) => {
      const server = pacedCpu(r);
      if (server === undefined || !r.paced) return undefined;
      if (r.name !== "fogwar-postgres") return server;
      return r.paced.postgresCorePct === undefined ? undefined : server + (r.paced.postgresCorePct / 100 / r.paced.rate) * 1000;
    },
    detail: (r) => (r.name === "fogwar-postgres" && r.paced?.postgresCorePct !== undefined ? `(PostgreSQL ${fmt(r.paced.postgresCorePct, 0)}% of a core)` : ""),
    goal: (name, { floorEmber, bgioEmber }) =>
      name !== "fogwar-postgres" || floorEmber === undefined || bgioEmber === undefined
        ? undefined
        : { limit: Math.min(1.5 * floorEmber, bgioEmber), text: "<= 1.5x the bare room playing EMBER and below boardgame.io playing EMBER", from: ["floor-ember", "bgio-ember"] },
  },
  {
    key: "cpu-closed",
    phase: "CPU per command",
    title:
      "Server CPU per accepted command in the saturated closed loop (ms; median of the repetitions, spread min-max; no target: a server this fast handles many messages per turn of its event loop, which a paced load does not)",
    unit: "ms",
    digits: 3,
    value: (r) => (r.cpu ? median(r.cpu.reps) : undefined),
    detail: (r) => (r.cpu ? `(${fmt(Math.min(...r.cpu.reps), 3)}-${fmt(Math.max(...r.cpu.reps), 3)}; ${r.cpu.reps.map((x) => fmt(x, 3)).join(", ")})` : ""),
  },
  {
    key: "throughput",
    phase: "CPU per command",
    title: "Closed-loop throughput during the CPU phase (accepted commands/s; not a target)",
    unit: "/s",
    digits: 0,
    value: (r) => (r.cpu ? median(r.cpu.rates) : undefined),
    detail: (r) => (r.cpu?.replaced ? `(${r.cpu.replaced} finished matches replaced by spares opened outside the windows${r.cpu.openedDuring ? `, ${r.cpu.openedDuring} opened inside them` : ""})` : ""),
  },
  {
    key: "trip-idle-p50",
    phase: "idle round trip",
    title: "Round trip on an idle server, one match, as a player feels it (sent to the acknowledgement, the patch and the events all received, at both players): p50 (ms)",
    unit: "ms",
    digits: 2,
    value: (r) => r.idle?.feltP50,
    detail: (r) => (r.idle ? `(to the acknowledgement alone p50 ${fmt(r.idle.p50, 2)} ms; felt p99 ${fmt(r.idle.feltP99, 2)} ms, ${r.idle.n} commands; server CPU ${fmt(r.idle.cpuPerCommand, 3)} ms per command)` : ""),
    goal: () => ({ limit: 2, text: "<= 2 ms" }),
  },
  {
    key: "trip-paced-p99",
    phase: "paced load",
    title: "Round trip under the paced load, as a player feels it: p99 (ms)",
    unit: "ms",
    digits: 1,
    value: (r) => r.paced?.feltP99,
    detail: (r) =>
      r.paced
        ? `(to the acknowledgement alone p99 ${fmt(r.paced.p99, 1)} ms; felt p50 ${fmt(r.paced.feltP50, 2)} ms; ${r.paced.matches} matches; ${r.paced.accepted} accepted, ${fmt(r.paced.rate, 0)}/s; ${r.paced.late} slots late, ${r.paced.unanswered} unanswered in 30 s; server ${fmt(r.paced.serverCorePct, 0)}% of a core, drivers ${fmt(r.paced.driverCorePct, 0)}%; opening took ${fmt(r.paced.openSeconds, 0)} s)`
        : "",
    goal: () => ({ limit: 15, text: "<= 15 ms" }),
  },
  {
    key: "loop-p99",
    phase: "paced load",
    title: "Event-loop delay under the paced load: p99 (ms)",
    unit: "ms",
    digits: 1,
    value: (r) => r.paced?.loopP99,
    detail: (r) => (r.paced ? `(max ${fmt(r.paced.loopMax, 0)} ms${r.paced.driverLoopP99 === undefined ? "" : `; the load driver's own: p99 ${fmt(r.paced.driverLoopP99, 1)} ms, max ${fmt(r.paced.driverLoopMax!, 0)} ms`})` : ""),
    goal: () => ({ limit: 20, text: "<= 20 ms" }),
  },
  {
    key: "failed-joins",
    phase: "simultaneous joins",
    title: "Failed joins out of the simultaneous joins",
    unit: "",
    digits: 0,
    value: (r) => r.joins?.failed,
    detail: (r) => (r.joins ? `of ${r.joins.joins} in ${fmt(r.joins.seconds, 1)} s${Object.keys(r.joins.reasons).length ? `: ${JSON.stringify(r.joins.reasons)}` : ""}` : ""),
    goal: () => ({ limit: 0, text: "no failed join" }),
  },
  {
    key: "bytes-player",
    phase: "CPU per command",
    loadFree: true,
    title: "Bytes per accepted command to a player (frames received by a player socket)",
    unit: "B",
    digits: 0,
    value: (r) => r.cpu?.playerBytes,
    detail: (r) => {
      if (!r.cpu) return "";
      const parts = Object.entries(r.cpu.playerParts).filter(([, n]) => n >= 0.05).sort((a, b) => b[1] - a[1]);
      return `(${parts.length > 0 ? `${parts.map(([p, n]) => `${p} ${fmt(n, 1)}`).join(" + ")} B; ` : ""}spectator ${fmt(r.cpu.spectatorBytes, 0)} B)`;
    },
    goal: (_name, { bgioEmber }) => (bgioEmber === undefined ? undefined : { limit: bgioEmber / 10, text: "<= a tenth of boardgame.io's playing EMBER", from: ["bgio-ember"] }),
  },
  {
    key: "idle-held",
    phase: "idle matches",
    title: "Idle matches held by one process",
    unit: "matches",
    digits: 0,
    value: (r) => r.idleMatches?.held,
    detail: (r) => (r.idleMatches ? `(created in ${fmt(r.idleMatches.seconds, 0)} s${r.idleMatches.error ? `; ${r.idleMatches.error}` : ""})` : ""),
    goal: () => ({ limit: 10_000, text: ">= 10,000", atLeast: true }),
  },
  {
    key: "idle-heap",
    phase: "idle matches",
    title: "Heap per idle match (KiB, after a full collection)",
    unit: "KiB",
    digits: 1,
    value: (r) => (r.idleMatches ? r.idleMatches.heapPerMatch / KIB : undefined),
    goal: () => ({ limit: 32, text: "<= 32 KiB" }),
  },
  {
    key: "idle-rss",
    phase: "idle matches",
    title: "RSS per idle match (KiB)",
    unit: "KiB",
    digits: 1,
    value: (r) => (r.idleMatches ? r.idleMatches.rssPerMatch / KIB : undefined),
    goal: () => ({ limit: 64, text: "<= 64 KiB" }),
  },
  {
    key: "idle-cpu",
    phase: "idle matches",
    title: "CPU of the idle rooms (% of a core)",
    unit: "%",
    digits: 2,
    value: (r) => r.idleMatches?.cpuCorePct,
    detail: (r) => (r.idleMatches ? `(${r.idleMatches.cpuRooms} idle rooms)` : ""),
    goal: () => ({ limit: 2, text: "< 2% of a core for 1,000 idle rooms" }),
  },
];

const LABEL: Record<TargetName, string> = {
  floor: "floor (bare Colyseus room)",
  "floor-ember": "floor playing EMBER",
  bgio: "boardgame.io, small game",
  "bgio-ember": "boardgame.io playing EMBER",
  "fogwar-embedded": "fogwar, embedded PGlite",
  "fogwar-postgres": "fogwar, PostgreSQL",
};

/**
 * The per-command figures of every server in one table: server CPU per command at the paced load
 * (the target's measure), in the closed loop and with one match alone, bytes to a player and the
 * round trips.
 */
export function perCommandTable(results: readonly TargetResult[]): string[] {
  const cols = ["CPU paced", "CPU closed", "CPU 1 match", "B/player", "trip idle", "trip paced"];
  const lines = [
    "",
    "Per command, side by side (CPU: ms of server CPU per accepted command; paced: the paced phase, the target's measure; closed: the saturated closed loop;",
    "1 match: the idle round trip's closed loop; B/player: bytes to a player; trips: round trip p50 in ms, idle server and paced load)",
    `  ${"".padEnd(28)}${cols.map((c) => c.padStart(12)).join("")}`,
  ];
  for (const r of results) {
    const cells = [
      fmt(pacedCpu(r) ?? NaN, 3),
      fmt(r.cpu ? median(r.cpu.reps) : NaN, 3),
      fmt(r.idle?.cpuPerCommand ?? NaN, 3),
      fmt(r.cpu?.playerBytes ?? NaN, 0),
      fmt(r.idle?.p50 ?? NaN, 2),
      fmt(r.paced?.p50 ?? NaN, 2),
    ];
    lines.push(`  ${LABEL[r.name].padEnd(28)}${cells.map((c) => c.padStart(12)).join("")}`);
  }
  return lines;
}

/** How a figure of one server came out: no target, met, missed, or taken under load (not judged). */
export type Verdict = "no target" | "met" | "missed" | "under load";

/** One server's value of one figure, as the results file keeps it. */
export interface FigureRow {
  readonly key: string;
  readonly server: TargetName;
  readonly value: number;
  readonly unit: string;
  readonly digits: number;
  readonly detail: string;
  /** Ratios to the peers measured in the same run (fogwar servers only). */
  readonly ratios?: { readonly floor?: number; readonly floorEmber?: number; readonly bgio?: number; readonly bgioEmber?: number };
  readonly goal?: Goal;
  readonly verdict: Verdict;
  /** The verdict in words ("target met", "missed by ...", "taken under load ...: not judged"). */
  readonly words: string;
}

/** The phase of `r` whose name starts with `phase`, if it ran. */
const phaseOf = (r: TargetResult | undefined, phase: string) => r?.phases.find((p) => p.phase.includes(phase));

/** The load reading of a phase in words. */
function loadWords(p: PhaseLog): string {
  const cpu = p.cpu ? `the rest of the machine used ${fmt(p.cpu.otherCores * 100, 0)}% of a core, ` : "";
  return `${cpu}load average ${fmt(p.loadStart, 2)} -> ${fmt(p.loadEnd, 2)}`;
}

/**
 * Every figure of every server that measured it, with the fogwar servers' ratios to the peers and
 * their verdicts. A fogwar figure is judged only when its phase, and the same phase of every peer
 * its target compares with, was quiet; otherwise its verdict is "under load".
 */
export function evaluate(results: readonly TargetResult[]): FigureRow[] {
  const by = new Map(results.map((r) => [r.name, r]));
  const rows: FigureRow[] = [];
  for (const figure of FIGURES) {
    const valueOf = (name: TargetName) => {
      const r = by.get(name);
      return r ? figure.value(r) : undefined;
    };
    const peers: Peers = { floor: valueOf("floor"), floorEmber: valueOf("floor-ember"), bgio: valueOf("bgio"), bgioEmber: valueOf("bgio-ember") };
    for (const r of results) {
      const value = figure.value(r);
      if (value === undefined) continue;
      const base = { key: figure.key, server: r.name, value, unit: figure.unit, digits: figure.digits, detail: figure.detail?.(r) ?? "" };
      if (!r.name.startsWith("fogwar")) {
        rows.push({ ...base, verdict: "no target", words: "" });
        continue;
      }
      const ratio = (other: number | undefined) => (other !== undefined && other > 0 ? value / other : undefined);
      const ratios = { floor: ratio(peers.floor), floorEmber: ratio(peers.floorEmber), bgio: ratio(peers.bgio), bgioEmber: ratio(peers.bgioEmber) };
      const goal = figure.goal?.(r.name, peers);
      if (!goal) {
        rows.push({ ...base, ratios, verdict: "no target", words: "" });
        continue;
      }
      const loaded = (figure.loadFree ? [] : [r, ...(goal.from ?? []).map((n) => by.get(n))])
        .map((x) => ({ x, p: phaseOf(x, figure.phase) }))
        .find(({ p }) => p?.underLoad);
      if (loaded?.p) {
        const whose = loaded.x === r ? "" : ` (${LABEL[(loaded.x as TargetResult).name]}'s phase)`;
        rows.push({ ...base, ratios, goal, verdict: "under load", words: `taken under load${whose}: ${loadWords(loaded.p)}; not judged` });
        continue;
      }
      const words = verdict(value, goal, figure.unit, figure.digits);
      rows.push({ ...base, ratios, goal, verdict: words === "target met" ? "met" : "missed", words });
    }
  }
  return rows;
}

/** The report's lines for `results` (servers in run order; `skipped` names servers not run, with why). */
export function report(results: readonly TargetResult[], skipped: Readonly<Record<string, string>>): string[] {
  const lines: string[] = perCommandTable(results);
  const rows = evaluate(results);
  const names = [...new Set([...results.map((r) => r.name), ...(Object.keys(skipped) as TargetName[])])];
  const ratioText = (x: number | undefined, what: string) => (x !== undefined ? `${x.toFixed(2)}x ${what}` : `- ${what}`);
  for (const figure of FIGURES) {
    lines.push("", figure.title);
    for (const name of names) {
      const label = `  ${LABEL[name].padEnd(28)}`;
      const row = rows.find((x) => x.key === figure.key && x.server === name);
      if (!row) {
        lines.push(`${label}${skipped[name] !== undefined ? `not measured (${skipped[name]})` : "n/a"}`);
        continue;
      }
      let line = `${label}${fmt(row.value, row.digits).padStart(9)} ${row.detail}`.trimEnd();
      if (row.ratios) {
        const q = row.ratios;
        line += `\n${" ".repeat(30)}ratio: ${ratioText(q.floor, "the floor")}, ${ratioText(q.floorEmber, "the floor playing EMBER")}, ${ratioText(q.bgio, "boardgame.io (small game)")}, ${ratioText(q.bgioEmber, "boardgame.io playing EMBER")}`;
        if (row.goal) line += `; target ${row.goal.text} (${fmt(row.goal.limit, row.digits)} ${row.unit}): ${row.words}`;
      }
      lines.push(line);
    }
  }
  lines.push("", "Load at each phase: the load average (1 min) at its start and end, and the cores busy during it (the bench's processes, PostgreSQL's, the rest of the machine)");
  for (const r of results) {
    for (const p of r.phases) {
      const cpu = p.cpu ? `  bench ${fmt(p.cpu.benchCores, 2)}, PostgreSQL ${fmt(p.cpu.postgresCores, 2)}, rest ${fmt(p.cpu.otherCores, 2)}` : "";
      lines.push(`  ${LABEL[r.name].padEnd(28)}${p.phase.padEnd(34)}${fmt(p.loadStart, 2)} -> ${fmt(p.loadEnd, 2)}  (${fmt(p.seconds, 0)} s)${cpu}${p.underLoad ? "  UNDER LOAD" : ""}`);
    }
  }
  return lines;
}
