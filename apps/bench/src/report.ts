/**
 * The bench's report: one block per figure, each server's value, for the fogwar servers the
 * ratio to the floor and to boardgame.io and the target with "target met" or how far it was
 * missed. Nothing is asserted.
 */
import { quantile, type TargetResult } from "./phases.js";
import type { TargetName } from "./settings.js";

/** How a fogwar figure is judged: at most (or at least) `limit`, described by `text`. */
interface Goal {
  readonly limit: number;
  readonly text: string;
  readonly atLeast?: boolean;
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
  readonly title: string;
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
    title:
      "Server CPU per accepted command at a paced load, all threads of the server process (ms; the paced phase's CPU / commands accepted): THE TARGET'S MEASURE. Every server gets the same offered rate, one command per turn of its event loop, as in play and as the target's reference figures were measured",
    unit: "ms",
    digits: 3,
    value: pacedCpu,
    detail: (r) => (r.paced ? `(${fmt(r.paced.rate, 0)} commands/s over ${r.paced.matches} matches${r.paced.late ? `, ${r.paced.late} slots late: saturated, so this figure flatters it` : ""})` : ""),
    goal: (name, { floor, bgio }) => {
      if (floor === undefined || bgio === undefined) return undefined;
      const times = name === "fogwar-postgres" ? 2 : 3;
      return { limit: Math.min(times * floor, bgio), text: `<= ${times}x floor and below boardgame.io (small game)` };
    },
  },
  {
    title:
      "Server CPU per accepted command in the saturated closed loop (ms; median of the repetitions, spread min-max; no target: a server this fast handles many messages per turn of its event loop, which a paced load does not)",
    unit: "ms",
    digits: 3,
    value: (r) => (r.cpu ? median(r.cpu.reps) : undefined),
    detail: (r) => (r.cpu ? `(${fmt(Math.min(...r.cpu.reps), 3)}-${fmt(Math.max(...r.cpu.reps), 3)}; ${r.cpu.reps.map((x) => fmt(x, 3)).join(", ")})` : ""),
  },
  {
    title: "Closed-loop throughput during the CPU phase (accepted commands/s; not a target)",
    unit: "/s",
    digits: 0,
    value: (r) => (r.cpu ? median(r.cpu.rates) : undefined),
    detail: (r) => (r.cpu?.replaced ? `(${r.cpu.replaced} finished matches replaced by spares opened outside the windows${r.cpu.openedDuring ? `, ${r.cpu.openedDuring} opened inside them` : ""})` : ""),
  },
  {
    title: "Round trip on an idle server, one match: p50 (ms)",
    unit: "ms",
    digits: 2,
    value: (r) => r.idle?.p50,
    detail: (r) => (r.idle ? `(p99 ${fmt(r.idle.p99, 2)} ms, ${r.idle.n} commands; server CPU ${fmt(r.idle.cpuPerCommand, 3)} ms per command)` : ""),
    goal: () => ({ limit: 2, text: "<= 2 ms" }),
  },
  {
    title: "Round trip under the paced load: p99 (ms)",
    unit: "ms",
    digits: 1,
    value: (r) => r.paced?.p99,
    detail: (r) =>
      r.paced
        ? `(p50 ${fmt(r.paced.p50, 2)} ms; ${r.paced.matches} matches; ${r.paced.accepted} accepted, ${fmt(r.paced.rate, 0)}/s; ${r.paced.late} slots late, ${r.paced.unanswered} unanswered in 30 s; server ${fmt(r.paced.serverCorePct, 0)}% of a core, drivers ${fmt(r.paced.driverCorePct, 0)}%; opening took ${fmt(r.paced.openSeconds, 0)} s)`
        : "",
    goal: () => ({ limit: 15, text: "<= 15 ms" }),
  },
  {
    title: "Event-loop delay under the paced load: p99 (ms)",
    unit: "ms",
    digits: 1,
    value: (r) => r.paced?.loopP99,
    detail: (r) => (r.paced ? `(max ${fmt(r.paced.loopMax, 0)} ms)` : ""),
    goal: () => ({ limit: 20, text: "<= 20 ms" }),
  },
  {
    title: "Failed joins out of the simultaneous joins",
    unit: "",
    digits: 0,
    value: (r) => r.joins?.failed,
    detail: (r) => (r.joins ? `of ${r.joins.joins} in ${fmt(r.joins.seconds, 1)} s${Object.keys(r.joins.reasons).length ? `: ${JSON.stringify(r.joins.reasons)}` : ""}` : ""),
    goal: () => ({ limit: 0, text: "no failed join" }),
  },
  {
    title: "Bytes per accepted command to a player (frames received by a player socket)",
    unit: "B",
    digits: 0,
    value: (r) => r.cpu?.playerBytes,
    detail: (r) => {
      if (!r.cpu) return "";
      const parts = Object.entries(r.cpu.playerParts).filter(([, n]) => n >= 0.05).sort((a, b) => b[1] - a[1]);
      return `(${parts.length > 0 ? `${parts.map(([p, n]) => `${p} ${fmt(n, 1)}`).join(" + ")} B; ` : ""}spectator ${fmt(r.cpu.spectatorBytes, 0)} B)`;
    },
    goal: (_name, { bgioEmber }) => (bgioEmber === undefined ? undefined : { limit: bgioEmber / 10, text: "<= a tenth of boardgame.io's playing EMBER" }),
  },
  {
    title: "Idle matches held by one process",
    unit: "matches",
    digits: 0,
    value: (r) => r.idleMatches?.held,
    detail: (r) => (r.idleMatches ? `(created in ${fmt(r.idleMatches.seconds, 0)} s${r.idleMatches.error ? `; ${r.idleMatches.error}` : ""})` : ""),
    goal: () => ({ limit: 10_000, text: ">= 10,000", atLeast: true }),
  },
  {
    title: "Heap per idle match (KiB, after a full collection)",
    unit: "KiB",
    digits: 1,
    value: (r) => (r.idleMatches ? r.idleMatches.heapPerMatch / KIB : undefined),
    goal: () => ({ limit: 32, text: "<= 32 KiB" }),
  },
  {
    title: "RSS per idle match (KiB)",
    unit: "KiB",
    digits: 1,
    value: (r) => (r.idleMatches ? r.idleMatches.rssPerMatch / KIB : undefined),
    goal: () => ({ limit: 64, text: "<= 64 KiB" }),
  },
  {
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

/** The report's lines for `results` (servers in run order; `skipped` names servers not run, with why). */
export function report(results: readonly TargetResult[], skipped: Readonly<Record<string, string>>): string[] {
  const lines: string[] = perCommandTable(results);
  const by = new Map(results.map((r) => [r.name, r]));

  const names = [...results.map((r) => r.name), ...(Object.keys(skipped) as TargetName[])];
  for (const figure of FIGURES) {
    lines.push("", figure.title);
    const valueOf = (name: TargetName) => {
      const r = by.get(name);
      return r ? figure.value(r) : undefined;
    };
    const peers: Peers = { floor: valueOf("floor"), floorEmber: valueOf("floor-ember"), bgio: valueOf("bgio"), bgioEmber: valueOf("bgio-ember") };
    for (const name of names) {
      const r = by.get(name);
      const label = `  ${LABEL[name].padEnd(28)}`;
      if (!r) {
        lines.push(`${label}skipped (${skipped[name]})`);
        continue;
      }
      const value = figure.value(r);
      if (value === undefined) {
        lines.push(`${label}n/a`);
        continue;
      }
      let line = `${label}${fmt(value, figure.digits).padStart(9)} ${figure.detail?.(r) ?? ""}`.trimEnd();
      if (name.startsWith("fogwar")) {
        const ratio = (other: number | undefined, what: string) => (other !== undefined && other > 0 ? `${(value / other).toFixed(2)}x ${what}` : `- ${what}`);
        line += `\n${" ".repeat(30)}ratio: ${ratio(peers.floor, "the floor")}, ${ratio(peers.floorEmber, "the floor playing EMBER")}, ${ratio(peers.bgio, "boardgame.io (small game)")}, ${ratio(peers.bgioEmber, "boardgame.io playing EMBER")}`;
        const goal = figure.goal?.(name, peers);
        if (goal) line += `; target ${goal.text} (${fmt(goal.limit, figure.digits)} ${figure.unit}): ${verdict(value, goal, figure.unit, figure.digits)}`;
      }
      lines.push(line);
    }
  }
  lines.push("", "Load average (1 min) at the start and end of each phase");
  for (const r of results) {
    for (const p of r.phases) lines.push(`  ${LABEL[r.name].padEnd(28)}${p.phase.padEnd(34)}${fmt(p.loadStart, 2)} -> ${fmt(p.loadEnd, 2)}  (${fmt(p.seconds, 0)} s)`);
  }
  return lines;
}
