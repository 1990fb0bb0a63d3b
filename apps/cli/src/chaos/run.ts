/**
 * Kill-and-recover cycles on one database. Each cycle starts the server, rejoins every match still
 * being played (seat tokens, the unanswered command resent with its id), keeps `slots` matches in
 * play (creating new ones as matches finish), and SIGKILLs the server at a seeded random moment.
 * A final start lets the bots play every known match to its end (a match that refuses every
 * command or never ends is wedged); the server is then stopped gracefully for the checks.
 */
import { ChaosMatch, create, matchRequest, seeded, type PendingCreation } from "./match";
import { ServerProcess, freePort, type ChaosDatabase } from "./process";

/** Settings of a run on one database. */
export interface CycleOptions {
  readonly cycles: number;
  readonly seed: string;
  /** Matches in play at once (default 2). */
  readonly slots?: number;
  /**
   * A third of the cycles (seeded) kill after a uniform random wait in [minMs, maxMs] from the
   * start of play (default 500..4000 ms); a third 0 to 6 ms after the n-th command sent in the
   * cycle (n uniform in 1..150), which lands inside the server's append, between the append and
   * the acknowledgement, or just after it; a third 0 to 40 ms after the first or second match
   * creation request of the cycle (a lost creation answer); all at the latest at maxMs.
   */
  readonly minMs?: number;
  readonly maxMs?: number;
  /** Called with progress lines. */
  readonly log?: (line: string) => void;
}

/** What the cycles did, for the checks and the report. */
export interface CycleRun {
  readonly matches: ChaosMatch[];
  /** Creation requests still unanswered at the end (their match may exist: an orphan). */
  readonly unanswered: PendingCreation[];
  /** Creation requests sent (retries included) and those sent more than once. */
  readonly creationsSent: number;
  readonly creationsRetried: number;
  /** Match ids that could not be played to the end in the final phase, with the reason. */
  readonly stuck: Map<string, string>;
  /** When the first server started (matches created before are not this run's). */
  readonly startedAt: Date;
  /** Error lines the server logged, per start. */
  readonly serverErrors: string[];
  readonly kills: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the cycles and the final phase; leaves the server stopped. */
export async function runCycles(database: ChaosDatabase, options: CycleOptions): Promise<CycleRun> {
  const rng = seeded(`chaos:${options.seed}`);
  const log = options.log ?? (() => undefined);
  const slots = options.slots ?? 2;
  const port = await freePort();
  const matches: ChaosMatch[] = [];
  const creations: PendingCreation[] = [];
  const everyCreation: PendingCreation[] = [];
  const serverErrors: string[] = [];
  let made = 0;
  const startedAt = new Date(Date.now() - 1000);
  const newCreation = () => {
    const c = matchRequest(rng, ++made);
    creations.push(c);
    everyCreation.push(c);
    return c;
  };

  /** Plays one slot until `stop()`: the given match, then new ones. */
  const slot = async (server: ServerProcess, first: ChaosMatch | null, stop: () => boolean) => {
    let match = first;
    while (!stop()) {
      if (!match) {
        const pending = creations.find((c) => c.sent > 0 && !inFlight.has(c)) ?? newCreation();
        inFlight.add(pending);
        const creating = create(server.url, pending).finally(() => inFlight.delete(pending));
        onCreate();
        const created = await creating;
        if (!created) return;
        creations.splice(creations.indexOf(pending), 1);
        match = new ChaosMatch(created, `${options.seed}:${created.matchId}`);
        matches.push(match);
      }
      match.onSend = () => onSend();
      try {
        if (!match.connected && !(await match.connect(server.url))) {
          match = null;
          continue;
        }
      } catch {
        return;
      }
      const outcome = await match.play(stop);
      if (outcome !== "finished") return;
      match.disconnect();
      match = null;
    }
  };
  const inFlight = new Set<PendingCreation>();
  let onSend: () => void = () => undefined;
  let onCreate: () => void = () => undefined;

  let kills = 0;
  for (let cycle = 1; cycle <= options.cycles; cycle++) {
    const server = await ServerProcess.start(database, port);
    const playing = matches.filter((m) => !m.over);
    const firsts: (ChaosMatch | null)[] = [...playing];
    while (firsts.length < slots) firsts.push(null);
    const maxMs = options.maxMs ?? 4000;
    const mode = (["timer", "command", "creation"] as const)[rng.int(0, 2)]!;
    const killAt = mode === "timer" ? rng.int(options.minMs ?? 500, maxMs) : maxMs;
    const nth = mode === "command" ? rng.int(1, 150) : rng.int(1, 2);
    const delay = mode === "command" ? rng.int(0, 6) : rng.int(0, 40);
    let count = 0;
    let trigger: () => void = () => undefined;
    const triggered = new Promise<void>((resolve) => (trigger = resolve));
    const arm = () => {
      if (++count === nth) setTimeout(trigger, delay);
    };
    if (mode === "command") onSend = arm;
    if (mode === "creation") onCreate = arm;
    let stopped = false;
    const stop = () => stopped;
    const t0 = performance.now();
    const workers = firsts.map((m) => slot(server, m, stop));
    await Promise.race([sleep(killAt), triggered, Promise.all(workers)]);
    await server.crash();
    const ms = Math.round(performance.now() - t0);
    onSend = onCreate = () => undefined;
    kills++;
    stopped = true;
    await Promise.all(workers);
    for (const m of matches) m.disconnect();
    serverErrors.push(...server.errors());
    const how = mode !== "timer" && count >= nth ? `${delay} ms after ${mode} request ${nth} was sent` : `after ${ms} ms`;
    log(`cycle ${cycle}: killed ${how}; ${matches.length} matches, ${matches.reduce((n, m) => n + m.acks.length, 0)} acknowledgements so far`);
  }

  // Final phase: no kill; every known match is played to its end, unanswered creations retried once.
  const server = await ServerProcess.start(database, port);
  const stuck = new Map<string, string>();
  for (const pending of creations.filter((c) => c.sent > 0)) {
    const created = await create(server.url, pending);
    if (created) {
      creations.splice(creations.indexOf(pending), 1);
      const m = new ChaosMatch(created, `${options.seed}:${created.matchId}`);
      matches.push(m);
    }
  }
  await Promise.all(
    matches
      .filter((m) => !m.over)
      .map(async (m) => {
        try {
          if (!(await m.connect(server.url))) return;
        } catch (error) {
          stuck.set(m.matchId, `cannot join: ${(error as Error).message}`);
          return;
        }
        const outcome = await m.play(() => false);
        if (outcome !== "finished") stuck.set(m.matchId, outcome);
        m.disconnect();
      }),
  );
  await sleep(200);
  const code = await server.stop();
  serverErrors.push(...server.errors());
  if (code !== 0) serverErrors.push(`the final server exited with ${code}`);
  return {
    matches,
    unanswered: creations.filter((c) => c.sent > 0),
    creationsSent: everyCreation.reduce((n, c) => n + c.sent, 0),
    creationsRetried: everyCreation.filter((c) => c.sent > 1).length,
    stuck,
    startedAt,
    serverErrors,
    kills,
  };
}
