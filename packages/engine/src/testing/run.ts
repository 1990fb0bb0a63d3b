/**
 * The kit's runner: plays every match of a {@link KitSpec} with bots, checks each step (after
 * setup and after every accepted command) and each finished match, and collects problems by
 * channel. One pass per match serves every check, so a ruleset's suite plays each match once.
 */
import { autoplay } from "../bot";
import { stateHash } from "../hash";
import { replay, ReplayError, type Match, type MatchLog } from "../log";
import { Random, rngStateFromSeed } from "../rng";
import { allViewers, viewerLabel, type EventEnvelope, type SeatId, type Viewer } from "../visibility";
import { checkInView, checkLegal } from "./contract";
import { reverseKeys } from "./json";
import { Counters, Problems } from "./problems";
import { SecretChecker } from "./secrecy";
import type { KitReport, KitSpec, MatchCase, PlayedMatch, StepContext } from "./types";

/** The label of a match case (see {@link MatchCase.label}). */
export const caseLabel = (c: MatchCase<unknown>): string => c.label ?? `match (seed "${c.seed}", bot seed "${c.botSeed}")`;

/**
 * Plays and checks every match of `spec`. Never throws on a broken rule: problems are recorded
 * by kind (`termination`, `replay`, `invariants`, `listed`, `unlisted`, `errors`, `in-view`, and
 * each secret's name) for the caller to assert with `report.problems.expectNone(...)`.
 * Counters: `matches`, `steps`, `listed`, `probes`, `probes accepted`, `in-view`, and per secret
 * `<name>:varied` (states with a variant), `<name>:probes`, `<name>:next`, `<name>:choices`,
 * `<name>:mentions`.
 */
export function runKit<Setup, State, Command extends { type: string }, Event, View>(
  spec: KitSpec<Setup, State, Command, Event, View>,
): KitReport<Setup, State, Command, Event, View> {
  const problems = new Problems();
  const counters = new Counters();
  const played: PlayedMatch<Setup, State, Command, Event, View>[] = [];
  spec.cases.forEach((c, index) => {
    const match = playCase(spec, c, problems, counters);
    if (!match) return;
    const log = match.toLog();
    const done: PlayedMatch<Setup, State, Command, Event, View> = { case: c, label: caseLabel(c), match, log, hash: stateHash(match.state) };
    if (spec.replay !== false) checkReplay(spec, done, index, problems);
    spec.onMatch?.(done, problems, counters);
    played.push(done);
  });
  return { problems, counters, played };
}

function playCase<Setup, State, Command extends { type: string }, Event, View>(
  spec: KitSpec<Setup, State, Command, Event, View>,
  c: MatchCase<Setup>,
  problems: Problems,
  counters: Counters,
): Match<Setup, State, Command, Event, View> | null {
  const r = spec.ruleset;
  const label = caseLabel(c);
  const rng = new Random(rngStateFromSeed(c.sampleSeed ?? c.seed, "kit-sample"));
  const viewers = spec.viewers?.(c.setup) ?? allViewers(r.seatsOf(c.setup));
  const secrets = new SecretChecker(spec);
  let step = 0;

  const context = (state: State, prev: State | null, seat: SeatId | null, command: Command | null, events: readonly EventEnvelope<Event>[]) => {
    const views = new Map<string, { view: View; json?: string }>();
    const legal = new Map<SeatId, readonly Command[]>();
    const view = (viewer: Viewer) => {
      const key = viewerLabel(viewer);
      let known = views.get(key);
      if (!known) views.set(key, (known = { view: r.viewFor(state, viewer) }));
      return known;
    };
    const ctx: StepContext<Setup, State, Command, Event, View> = {
      case: c,
      label,
      step,
      at: `${label} step ${step}`,
      state,
      prev,
      seat,
      command,
      events,
      viewers,
      view: (viewer) => view(viewer).view,
      viewJson: (viewer) => {
        const known = view(viewer);
        return (known.json ??= JSON.stringify(known.view));
      },
      legal: (s) => {
        let known = legal.get(s);
        if (!known) legal.set(s, (known = r.legalCommands(state, s)));
        return known;
      },
      rng,
      problems,
      counters,
    };
    return ctx;
  };

  const check = (ctx: StepContext<Setup, State, Command, Event, View>) => {
    counters.add("steps");
    spec.onStep?.(ctx);
    for (const text of spec.invariants?.(ctx) ?? []) problems.add("invariants", `${ctx.at}: ${text}`);
    secrets.atStep(ctx);
    checkLegal(spec, ctx);
    checkInView(spec, ctx);
  };

  const initial = r.setup(c.setup, c.seed);
  check(context(initial.state, null, null, null, initial.events));
  let before = initial.state;
  let match: Match<Setup, State, Command, Event, View>;
  try {
    match = autoplay(r, c.setup, c.seed, c.botSeed, {
      ...(spec.policy ? { policy: spec.policy } : {}),
      maxCommands: spec.maxCommands ?? 20_000,
      onCommand: (m, seat, command) => {
        step++;
        const ctx = context(m.state, before, seat, command, m.toLog().entries.at(-1)!.events);
        secrets.atCommand(ctx, before, seat, command);
        check(ctx);
        before = m.state;
      },
    });
  } catch (error) {
    problems.add("termination", `${label} step ${step}: the match does not play to its end: ${String(error)}`);
    return null;
  }
  if (r.result(match.state) === null) problems.add("termination", `${label}: the match stopped without a result`);
  counters.add("matches");
  return match;
}

function checkReplay<Setup, State, Command extends { type: string }, Event, View>(
  spec: KitSpec<Setup, State, Command, Event, View>,
  played: PlayedMatch<Setup, State, Command, Event, View>,
  index: number,
  problems: Problems,
): void {
  const options = spec.replay || {};
  const { label, log, hash } = played;
  const attempt = (what: string, theLog: MatchLog<Setup, Command, Event>) => {
    try {
      const again = replay(spec.ruleset, theLog);
      if (again.hash !== hash) problems.add("replay", `${label}: ${what} replays to another hash`);
    } catch (error) {
      const seq = error instanceof ReplayError ? error.seq : -1;
      const entry = log.entries[seq - 1];
      problems.add("replay", `${label}: ${what} diverges at step ${seq} (${entry?.seat} ${JSON.stringify(entry?.command)}): ${String(error)}`);
    }
  };
  attempt("the log", log);
  if (options.twice) attempt("the log (second time)", log);
  if (options.reorderKeys) attempt("the log with its commands' keys in reverse order", { ...log, entries: log.entries.map((e) => ({ ...e, command: reverseKeys(e.command) })) });
  if (options.determinismEvery && index % options.determinismEvery === 0) {
    const c = played.case;
    const again = autoplay(spec.ruleset, c.setup, c.seed, c.botSeed, { ...(spec.policy ? { policy: spec.policy } : {}), maxCommands: spec.maxCommands ?? 20_000 });
    if (stateHash(again.toLog()) !== stateHash(log) || stateHash(again.state) !== hash) problems.add("replay", `${label}: the same seeds played another match`);
  }
}
