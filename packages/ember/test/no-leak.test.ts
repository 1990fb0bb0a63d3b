/**
 * No-leak playouts of EMBER (design.md "Hidden information: the channels that leak"; principles 4
 * and 8), run by the engine kit (`@fogwar/engine/testing`) with EMBER's secrets (secrets.ts). Over
 * seeded bot matches (every faction pair, all three scenarios, progressive reveal on and off),
 * at every step (after setup and after each command) and for every viewer of
 * `allViewers(["p1", "p2"])`, nobody learns a secret they are not entitled to:
 * - the projection `viewFor`: unrevealed timing dials (seed 001 5) reach their owner and
 *   omniscient viewers only; the dice seed and the RNG state reach nobody (the seed at the end);
 * - the event stream `redact`: a plan_locked carries dials for its seat only; the seed only in
 *   the final match_ended;
 * - non-interference: changing a hidden fact (a locked plan's dials, the seed and RNG state)
 *   changes nothing another viewer sees, is awaited for or may do; a plan locked with other dials
 *   tells the others the same (its commitment aside);
 * - error messages: rejected commands answer with the fixed sentences of ERRORS;
 * - optical camouflage (seed 000 6.2): a camouflaged unit's real square reaches its owner (and
 *   omniscient viewers) only, in the projection and in the events; moving it elsewhere within the
 *   rules changes nothing another viewer sees, may do or is told (views, legal commands, errors,
 *   and the events and views after the very command that was played next), until it is revealed.
 * Each failure names the match (seeds and setup), the step (0 = after setup, n = after the n-th
 * command of the log) and the viewer, so it can be reproduced with
 * `autoplay(ember, setup, seed, botSeed, { policy: emberBotPolicy })`.
 *
 * This run: EMBER_KIT_MATCHES (default 72, at least 72, at most 216) matches; the first 36 cover
 * every faction pair, scenario and reveal option on Crossroads and Foundry, and the 36 Ashfall
 * matches are always played. `pnpm bench` runs all 216.
 */
import { allViewers, sha256Hex, viewerLabel, type EventEnvelope, type SeatId, type Viewer } from "@fogwar/engine";
import { runKit, type KitReport } from "@fogwar/engine/testing";
import { ERRORS, TIMINGS, catalog, ember, emberBotPolicy, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState, type EmberView, type Timing } from "../src";
import {
  aimedProbes,
  camouflageSecret,
  dialSecret,
  dialText,
  diceSecret,
  hiddenDials,
  ownerOf,
  planProbes,
  refused,
  withOtherDials,
  type EmberStep,
} from "./secrets";

/** The full set of matches (`pnpm bench`); a run plays the first MATCHES - 36 and the 36 on Ashfall. */
const ALL_MATCHES = 216;
const MATCHES = Number(process.env.EMBER_KIT_MATCHES ?? 72);
if (!Number.isInteger(MATCHES) || MATCHES < 72 || MATCHES > ALL_MATCHES) throw new Error(`EMBER_KIT_MATCHES must be a whole number from 72 to ${ALL_MATCHES}`);
/** The absolute floors below were set for 216 matches; a shorter run scales them by its share. */
const SHARE = MATCHES / ALL_MATCHES;
const SEATS = ["p1", "p2"] as const;
const VIEWERS = allViewers(SEATS);

// ---------------------------------------------------------------------------------------------
// The matches: 9 faction pairs (3 mirrors) x 2 scenarios x 2 reveal options, 5 seeds each, then
// 9 pairs x 2 reveal options x 2 seeds on Ashfall.

interface MatchCase {
  readonly index: number;
  readonly seed: string;
  readonly botSeed: string;
  readonly setup: EmberSetup;
  readonly label: string;
}

function matchCase(index: number): MatchCase {
  const combo = index % 36;
  const standard = combo % 2 === 1;
  const progressiveReveal = Math.floor(combo / 2) % 2 === 0;
  const pair = Math.floor(combo / 4);
  // catalog.data.armies: 0, 2, 4 skirmish RDL/UN/GOF; 1, 3, 5 the standard ones.
  // The last 36 matches play Ashfall (launches, interception, smoke, seed 000 1.5, 3, 10) with
  // catalog.data.armies 6, 7, 8: the skirmish RDL/UN/GOF launch armies.
  const ashfall = index >= ALL_MATCHES - 36;
  const army = (faction: number) => catalog.data.armies[ashfall ? 6 + faction : faction * 2 + (standard ? 1 : 0)]!;
  const p1 = army(pair % 3);
  const p2 = army(Math.floor(pair / 3));
  const scenario = ashfall ? "ashfall" : standard ? "foundry" : "crossroads";
  // Long seeds, as the server's, so a substring search for one cannot hit by chance.
  const seed = `no-leak-${index}-${sha256Hex(`no-leak-${index}`).slice(0, 32)}`;
  const botSeed = `no-leak-bot-${index}`;
  const setup: EmberSetup = { scenario, seats: SEATS, armies: { p1, p2 }, options: { progressiveReveal } };
  const label =
    `match #${index} (seed "${seed}", bot seed "${botSeed}", ${scenario}, ` +
    `p1 "${p1.name}" v p2 "${p2.name}", progressiveReveal ${progressiveReveal})`;
  return { index, seed, botSeed, setup, label };
}

const CASES = [
  ...Array.from({ length: MATCHES - 36 }, (_, i) => matchCase(i)),
  ...Array.from({ length: 36 }, (_, i) => matchCase(ALL_MATCHES - 36 + i)),
];

// ---------------------------------------------------------------------------------------------
// What the kit does not know of EMBER: counters, and the checks of the event stream, the
// projection and the reveal order at each step.

const seen = {
  views: 0,
  hiddenDialsChecked: 0,
  lockedShadows: 0,
  planStatesVaried: 0,
  actionStatesVaried: 0,
  progressiveRevealChecks: 0,
  camouflagedSteps: 0,
  concealmentEventsHidden: 0,
  decloaks: 0,
  /**
   * Steps where a camouflaged unit's owner is asked for its link reroll in a detection roll (before
   * an attack on it, or the detect action; seed 000 2.4, 4, 5.2, 6.2).
   */
  detectionRerollsAsked: 0,
  /** Replayed commands with a launch, blast, interception or smoke (seed 000 1.5, 3, 10) while a unit was camouflaged. */
  launchesReplayed: new Map<string, number>(),
  /** The same for the launch and smoke commands tried on both real squares (not played). */
  launchesProbed: new Map<string, number>(),
};

const LAUNCH_EVENTS = ["projectile_launched", "drone_launched", "projectile_detonated", "attack_declared", "interception", "smoke_placed"] as const;

/** Counts which launch events (seed 000 1.5, 3, 10) a command's events hold. */
function countLaunch(into: Map<string, number>, events: readonly { event: EmberEvent }[]): void {
  for (const kind of LAUNCH_EVENTS) if (events.some((e) => e.event.type === kind)) into.set(kind, (into.get(kind) ?? 0) + 1);
}

const entitled = (viewer: Viewer, seat: SeatId) => viewer.kind === "omniscient" || (viewer.kind === "seat" && viewer.seat === seat);
const timingNumber = (t: Timing) => TIMINGS.indexOf(t) + 1;

/** Per match: what each viewer has seen of this round's events (one event a line), and when match_ended came. */
let roundEvents = new Map<string, string>();
let lastEndedStep = -1;

function checkEvents(ctx: EmberStep): void {
  const { state, at } = ctx;
  const finished = state.phase === "finished";
  const seed = state.secret.seed;
  const rngWords = [new RegExp(state.secret.rng.dice.key)];
  for (const envelope of ctx.events) if (envelope.event.type === "match_ended") lastEndedStep = ctx.step;
  for (const viewer of ctx.viewers) {
    const who = `${at} viewer ${viewerLabel(viewer)}`;
    let seenText = roundEvents.get(viewerLabel(viewer)) ?? "";
    for (const envelope of ctx.events) {
      const full = envelope.event;
      if (full.type === "phase_started" && full.phase === "plan") seenText = "";
      const event = ember.redact(envelope, viewer);
      const text = event === null ? "" : JSON.stringify(event);
      if (full.type === "plan_locked") {
        if (entitled(viewer, full.seat)) {
          if (event?.type !== "plan_locked" || JSON.stringify(event.dials) !== JSON.stringify(full.dials)) {
            ctx.problems.add("events", `${who}: its own plan_locked lacks its dials: ${text}`);
          }
        } else {
          seen.lockedShadows++;
          if (event?.type !== "plan_locked" || event.commitment !== full.commitment) {
            ctx.problems.add("events", `${who}: ${full.seat}'s plan_locked commitment is not public: ${text}`);
          }
          if (event && "dials" in event) ctx.problems.add("events", `${who}: ${full.seat}'s plan_locked shows its dials: ${text}`);
        }
      }
      if (event && !finished) {
        if (text.includes(seed)) ctx.problems.add("seed", `${who}: a ${event.type} event shows the dice seed before the end`);
        if (event.type === "match_ended") ctx.problems.add("seed", `${who}: match_ended before the match is finished`);
      }
      if (event && rngWords.some((r) => r.test(text))) ctx.problems.add("seed", `${who}: a ${event.type} event shows the RNG state`);
      if (full.type === "concealment_set" && !entitled(viewer, ownerOf(state, full.unit))) {
        seen.concealmentEventsHidden++;
        if (event !== null) ctx.problems.add("camouflage", `${who}: sees ${full.unit}'s real square in ${text}`);
      }
      if (full.type === "decloaked" && viewer.kind === "spectator") seen.decloaks++;
      if (text) seenText += `${text}\n`;
    }
    roundEvents.set(viewerLabel(viewer), seenText);
    for (const seat of SEATS) {
      if (entitled(viewer, seat)) continue;
      for (const [id, t] of hiddenDials(state, seat)) {
        seen.hiddenDialsChecked++;
        const leak = seenText.includes(dialText(id, t)) && seenText.split("\n").find((e) => e.includes(dialText(id, t)));
        if (leak) ctx.problems.add("events", `${who}: an event of this round shows ${seat}'s hidden dial ${dialText(id, t)}: ${leak}`);
      }
    }
  }
  if (finished) {
    for (const viewer of ctx.viewers) {
      const ended = ctx.events.map((e) => ember.redact(e, viewer)).filter((e) => e?.type === "match_ended");
      if (ended.length !== 1 || (ended[0]?.type === "match_ended" && ended[0].seed !== ctx.case.seed)) {
        ctx.problems.add("seed", `${at} viewer ${viewerLabel(viewer)}: the final command's events do not reveal the seed once (${ended.length})`);
      }
    }
  }
}

function checkProjection(ctx: EmberStep): void {
  const { state, at } = ctx;
  const finished = state.phase === "finished";
  const seed = state.secret.seed;
  const rngWords = [new RegExp(state.secret.rng.dice.key)];
  for (const viewer of ctx.viewers) {
    seen.views++;
    const who = `${at} viewer ${viewerLabel(viewer)}`;
    const view = ctx.view(viewer);
    const json = ctx.viewJson(viewer);
    if (Object.prototype.hasOwnProperty.call(view, "secret") || json.includes('"secret"')) ctx.problems.add("view", `${who}: the view has the secret`);
    if (json.includes('"rng"') || rngWords.some((r) => r.test(json))) ctx.problems.add("view", `${who}: the view shows the RNG state`);
    if (!finished && (json.includes(seed) || view.seed !== undefined)) ctx.problems.add("view", `${who}: the view shows the dice seed before the end`);
    if (finished && view.seed !== ctx.case.seed) ctx.problems.add("view", `${who}: the finished view does not reveal the seed`);
    if (JSON.stringify(view.revealed) !== JSON.stringify(state.revealed)) ctx.problems.add("view", `${who}: revealed dials differ from the state's`);
    // Optical camouflage (seed 000 6.2): the projection holds exactly the real squares the viewer may know.
    const mayKnow = Object.fromEntries(Object.entries(state.concealed ?? {}).filter(([id]) => finished || entitled(viewer, ownerOf(state, id))));
    if (JSON.stringify(view.concealed ?? {}) !== JSON.stringify(mayKnow)) {
      ctx.problems.add("camouflage", `${who}: the view's real squares ${JSON.stringify(view.concealed)} are not ${JSON.stringify(mayKnow)}`);
    }
    for (const seat of SEATS) {
      const plan = state.plans[seat]!;
      const planView = view.plans[seat]!;
      if (planView.commitment !== plan.commitment || planView.locked !== Boolean(plan.commitment)) {
        ctx.problems.add("view", `${who}: ${seat}'s plan commitment is not shown as it is`);
      }
      if (entitled(viewer, seat)) {
        if (plan.dials && JSON.stringify(planView.dials) !== JSON.stringify(plan.dials)) ctx.problems.add("view", `${who}: cannot see ${seat}'s dials`);
        continue;
      }
      if ("dials" in planView) ctx.problems.add("view", `${who}: sees ${seat}'s plan dials ${JSON.stringify(planView.dials)}`);
      const hidden = hiddenDials(state, seat);
      if (hidden.length > 0 && json.includes(JSON.stringify(plan.dials))) ctx.problems.add("view", `${who}: the view contains ${seat}'s dials object`);
      for (const [id, t] of hidden) {
        if (view.revealed[id] !== undefined) ctx.problems.add("view", `${who}: ${seat}'s unrevealed ${id} is in revealed`);
        if (json.includes(dialText(id, t))) ctx.problems.add("view", `${who}: the view shows ${seat}'s hidden dial ${dialText(id, t)}`);
      }
    }
  }
  // Dials are revealed no earlier than the option says (seed 001 5).
  if (state.phase === "plan" && Object.keys(state.revealed).length > 0) {
    ctx.problems.add("reveal", `${at}: dials revealed during the plan phase: ${JSON.stringify(state.revealed)}`);
  }
  if (state.phase === "action" && state.options.progressiveReveal) {
    seen.progressiveRevealChecks++;
    for (const [id, t] of Object.entries(state.revealed)) {
      if (timingNumber(t) > state.calledTiming) ctx.problems.add("reveal", `${at}: ${id}'s ${t} is revealed before its timing is called (called ${state.calledTiming})`);
    }
  }
  if (!finished && Object.keys(state.concealed ?? {}).length > 0) seen.camouflagedSteps++;
  const pending = state.pending;
  if (pending?.kind === "ew_reroll" && pending.options.side === "responder" && state.concealed?.[pending.options.unit]) {
    seen.detectionRerollsAsked++;
  }
}

/**
 * A locked plan's hidden dials: in the plan phase (the other seat still planning) and in an
 * action phase with progressive reveal, the dials turned 1 and 3 timings on behind the same
 * commitment; the seat still planning (or acting) probes with malformed and illegal commands.
 */
const dials = (hider: SeatId) =>
  dialSecret(hider, {
    vary: (state) => {
      const planPhase = state.phase === "plan" && SEATS.some((s) => !state.plans[s]?.commitment);
      const progressiveAction = state.phase === "action" && state.options.progressiveReveal;
      if (!(planPhase || progressiveAction) || !state.plans[hider]?.commitment || hiddenDials(state, hider).length === 0) return [];
      if (planPhase) seen.planStatesVaried++;
      else seen.actionStatesVaried++;
      return [withOtherDials(state, hider, 1), withOtherDials(state, hider, 3)];
    },
    probes: (ctx, seat) => {
      const list = planProbes(ctx.state, seat, hider);
      return refused(ctx.state.phase === "plan" ? list : list.slice(0, 9));
    },
  });

const camouflage = (hider: SeatId) =>
  camouflageSecret(hider, {
    probes: (ctx, seat, variant) => aimedProbes(ctx, seat, hider, variant),
    onCompared: (channel, events) => countLaunch(channel === "next" ? seen.launchesReplayed : seen.launchesProbed, events),
  });

let report: KitReport<EmberSetup, EmberState, EmberCommand, EmberEvent, EmberView>;

beforeAll(() => {
  report = runKit({
    ruleset: ember,
    cases: CASES,
    policy: emberBotPolicy,
    viewers: () => VIEWERS,
    errors: ERRORS,
    replay: false,
    secrets: [diceSecret("secret", { every: { legal: 3, probes: 0, next: 0, choices: 0, mentions: 0 } }), ...SEATS.map(camouflage), ...SEATS.map(dials)],
    onStep: (ctx) => {
      if (ctx.step === 0) {
        roundEvents = new Map();
        lastEndedStep = -1;
        if (ctx.events.some((e: EventEnvelope<EmberEvent>) => e.event.type === "match_ended" || JSON.stringify(e.event).includes(ctx.case.seed))) {
          ctx.problems.add("seed", `${ctx.at}: a setup event carries the seed`);
        }
      }
      checkEvents(ctx);
      checkProjection(ctx);
    },
    onMatch: (played, problems) => {
      const last = played.log.entries.length;
      if (lastEndedStep !== last) problems.add("seed", `${played.label}: match_ended at step ${lastEndedStep}, the log has ${last} commands`);
    },
  });
}, 600_000);

describe("no leak over seeded bot matches, every viewer, every step (design.md, Hidden information)", () => {
  test("every match plays to its end (EMBER_KIT_MATCHES matches, every faction pair, all three scenarios, progressive reveal on and off)", () => {
    report.problems.expectNone("termination");
    expect(report.counters.get("matches")).toBe(MATCHES);
    expect(new Set(CASES.map((c) => c.setup.options?.progressiveReveal))).toEqual(new Set([true, false]));
    expect(report.counters.get("steps")).toBeGreaterThan(MATCHES * 50);
  });

  test("design.md principle 4, seed 001 5: viewFor shows a plan's unrevealed dials to its seat and omniscient only; the spectator sees revealed dials only; nobody sees the secret, the seed before the end or the RNG state", () => {
    report.problems.expectNone("view");
    expect(seen.views).toBe(report.counters.get("steps") * VIEWERS.length);
    expect(seen.hiddenDialsChecked).toBeGreaterThan(10_000 * SHARE);
  });

  test("seed 001 5: dials are revealed no earlier than the option says (both plans locked; with progressive reveal, when their timing is called)", () => {
    report.problems.expectNone("reveal");
    expect(seen.progressiveRevealChecks).toBeGreaterThan(1000 * SHARE);
  });

  test("design.md principle 8, the event stream: another viewer's plan_locked carries the commitment and no dials; no event of this round shows a hidden dial; the seed only in the final match_ended", () => {
    report.problems.expectNone("events");
    report.problems.expectNone("seed");
    expect(seen.lockedShadows).toBeGreaterThan(2000 * SHARE);
  });

  test("non-interference, seed 001 5: other hidden dials behind the same commitment change nothing the opponent and the spectator see, the opponent's legal commands or its errors", () => {
    report.problems.expectNone("dials");
    expect(seen.planStatesVaried).toBeGreaterThan(800 * SHARE);
    expect(seen.actionStatesVaried).toBeGreaterThan(500 * SHARE);
  });

  test("non-interference, design.md principle 8: another dice seed and RNG state change nothing any viewer sees (every step) or any seat may do (every third step) until the end", () => {
    report.problems.expectNone("secret");
    expect(report.counters.get("secret:varied")).toBeGreaterThan(MATCHES * 50);
  });

  test("design.md, error messages: malformed and illegal commands from the seat still planning get the fixed sentences of ERRORS, never the opponent's dials, and change nothing", () => {
    report.problems.expectNone("errors");
    expect(report.counters.get("dials:probes")).toBeGreaterThan(10_000 * SHARE);
  });

  test("seed 000 6.2 optical camouflage: the real square reaches only its owner (views, events); moving it within the rules changes nothing the opponent or the spectator sees, may do, is refused or is told, until the unit is revealed", () => {
    report.problems.expectNone("camouflage");
    expect(seen.camouflagedSteps).toBeGreaterThan(500);
    expect(report.counters.get("camouflage:varied")).toBeGreaterThan(500);
    expect(seen.concealmentEventsHidden).toBeGreaterThan(50);
    expect(report.counters.get("camouflage:next")).toBeGreaterThan(500);
    expect(seen.decloaks).toBeGreaterThan(20);
  });

  test("seed 000 4, 5.2, 6.2: in a detection roll (before an attack on a camouflaged unit, or the detect action) its owner is asked for its link reroll exactly as wherever its real square is: who is asked, the question and what follows tell nobody more than the roll", () => {
    report.problems.expectNone("camouflage");
    expect(seen.detectionRerollsAsked).toBeGreaterThan(15 * SHARE);
  });

  test("seed 000 6.2 with 1.5, 3, 10: in the Ashfall matches a camouflaged unit's real square, moved within the rules, changes nothing the others are told or shown by the launches, interceptions and smoke played, nor by every legal launch, blast and smoke placement tried on both real squares", () => {
    report.problems.expectNone("camouflage");
    console.log(`no-leak camouflage with launches: replayed ${JSON.stringify(Object.fromEntries(seen.launchesReplayed))}, probed ${JSON.stringify(Object.fromEntries(seen.launchesProbed))}`);
    for (const kind of ["projectile_launched", "interception", "smoke_placed"]) expect(seen.launchesReplayed.get(kind) ?? 0).toBeGreaterThan(0);
    const probed = (kind: string) => seen.launchesProbed.get(kind) ?? 0;
    expect(probed("projectile_launched")).toBeGreaterThan(500);
    expect(probed("projectile_detonated")).toBeGreaterThan(100);
    expect(probed("attack_declared")).toBeGreaterThan(100);
    expect(probed("interception")).toBeGreaterThan(100);
    expect(probed("smoke_placed")).toBeGreaterThan(300);
    expect(probed("drone_launched")).toBeGreaterThan(10);
  });
});
