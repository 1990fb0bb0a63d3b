/**
 * No-leak playouts of EMBER battles of three and four seats (seed 001 6.1 "2 대 2 또는 1 대 1 대
 * 1"; seed 001 3.3 secondary missions; seed 001 5 secret dials), in the style of no-leak.test.ts.
 * Seeded bot matches of four formats (1 v 1 v 1 and 1 v 1 v 1 v 1 on relay-field with mission
 * preparation, 2 v 2 on crossroads and on relay-field), checked after setup and after every
 * command for every viewer of `allViewers(seats, teams)`: each seat, each team, the spectator,
 * omniscient. A seat's unrevealed dials and secondary mission belong to the seat and, in 2 v 2, to
 * its teammate and its team viewer (docs/rules/ember.md, seed 001 5 data decision); nobody else
 * learns them through the projection, the event stream, the legal commands or error messages,
 * and nobody learns the dice seed (before the end) or the RNG state.
 * Each failure names the match (seeds and setup), the step and the viewer, reproducible with
 * `autoplay(ember, setup, seed, botSeed, { policy: emberBotPolicy })`.
 */
import { allViewers, sha256Hex, viewerLabel, type SeatId, type Viewer } from "@fogwar/engine";
import { runKit, type KitReport } from "@fogwar/engine/testing";
import { ERRORS, catalog, ember, emberBotPolicy, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState, type EmberView } from "../src";
import { dialText, diceSecret, entitled, hiddenDials, hiddenSecondary, shiftTiming, type EmberSecret, type EmberStep } from "./secrets";

const FORMATS = ["ffa3", "ffa4", "2v2-crossroads", "2v2-relay"] as const;
const PER_FORMAT = 6;

interface MatchCase {
  readonly seed: string;
  readonly botSeed: string;
  readonly setup: EmberSetup;
  readonly label: string;
  readonly viewers: Viewer[];
}

function matchCase(index: number): MatchCase {
  const format = FORMATS[index % FORMATS.length]!;
  // Skirmish armies: 0 RDL, 2 UN, 4 GOF.
  const army = (n: number) => catalog.data.armies[((index + n) % 3) * 2]!;
  const seats = format === "ffa3" ? ["p1", "p2", "p3"] : ["p1", "p2", "p3", "p4"];
  const teams = format.startsWith("2v2") ? { p1: "alpha", p2: "bravo", p3: "alpha", p4: "bravo" } : undefined;
  const scenario = format === "2v2-crossroads" ? "crossroads" : "relay-field";
  const armies = Object.fromEntries(seats.map((s, i) => [s, army(i)]));
  const seed = `no-leak-multi-${index}-${sha256Hex(`no-leak-multi-${index}`).slice(0, 32)}`;
  const botSeed = `no-leak-multi-bot-${index}`;
  const setup: EmberSetup = { scenario, seats, ...(teams ? { teams } : {}), armies, options: { progressiveReveal: index % 2 === 1 } };
  const label = `match #${index} (${format}, seed "${seed}", bot seed "${botSeed}", progressiveReveal ${index % 2 === 1})`;
  return { seed, botSeed, setup, label, viewers: allViewers(seats, teams ? ["alpha", "bravo"] : []) };
}

const CASES = Array.from({ length: FORMATS.length * PER_FORMAT }, (_, i) => matchCase(i));

const seen = { hiddenDials: 0, hiddenSecondaries: 0, teammateShares: 0, shadows: 0, views: 0, formats: new Set<string>() };

/** The state with `seat`'s hidden facts changed: dials turned on, another secondary mission. */
function withOtherSecrets(state: EmberState, seat: SeatId): EmberState {
  const next = structuredClone(state);
  const plan = next.plans[seat]!;
  if (plan.dials) plan.dials = Object.fromEntries(Object.entries(plan.dials).map(([id, t]) => [id, state.revealed[id] ? t : shiftTiming(t, 2)]));
  const secondary = hiddenSecondary(state, seat);
  if (secondary && next.missionPrep) {
    const ids = ["deep-strike", "beacon-watch", "unbroken"];
    next.missionPrep.secondaries[seat]!.choice = ids[(ids.indexOf(secondary) + 1) % ids.length]!;
  }
  return next;
}

/**
 * A seat's hidden dials and secondary mission (every other step, to keep the run short): changed
 * together, they change nothing a viewer outside the side sees or may do, and probes about them
 * get the same fixed sentences.
 */
const sideSecrets = (hider: SeatId): EmberSecret => ({
  name: "interference",
  entitled: (state, viewer) => entitled(state, viewer, hider),
  vary: (state) => (state.phase === "finished" || (hiddenDials(state, hider).length === 0 && !hiddenSecondary(state, hider)) ? [] : [withOtherSecrets(state, hider)]),
  probes: (ctx, seat) => [
    { seat, command: { type: "lock_plan", dials: ctx.state.plans[hider]?.dials ?? {} } },
    { seat, command: { type: "choose_secondary", secondary: hiddenSecondary(ctx.state, hider) ?? "unbroken" } },
    { seat, command: { type: "end_commands" } },
  ],
  every: { view: 2, awaiting: 2, legal: 2, probes: 2, next: 0, choices: 0, mentions: 0 },
});

/** Per match: what each viewer has seen of this round's events, one event a line. */
let roundText = new Map<string, string>();

function checkStep(ctx: EmberStep): void {
  const { state, at } = ctx;
  const seats = state.seats;
  if (ctx.step === 0) roundText = new Map();
  const finished = state.phase === "finished";
  const seed = state.secret.seed;
  const rngWords = [new RegExp(state.secret.rng.dice.key)];
  // Events
  for (const viewer of ctx.viewers) {
    const who = `${at} viewer ${viewerLabel(viewer)}`;
    let text = roundText.get(viewerLabel(viewer)) ?? "";
    for (const envelope of ctx.events) {
      const full = envelope.event;
      if (full.type === "phase_started" && full.phase === "plan") text = "";
      const event = ember.redact(envelope, viewer);
      const json = event ? JSON.stringify(event) : "";
      if (full.type === "plan_locked" || full.type === "secondary_chosen") {
        const secretKey = full.type === "plan_locked" ? "dials" : "secondary";
        if (entitled(state, viewer, full.seat)) {
          if (!event || JSON.stringify(event) !== JSON.stringify(full)) ctx.problems.add("events", `${who}: its side's ${full.type} is not shown in full: ${json}`);
          if (viewer.kind !== "omniscient" && !(viewer.kind === "seat" && viewer.seat === full.seat)) seen.teammateShares++;
        } else {
          seen.shadows++;
          if (!event || secretKey in event || event.type !== full.type || event.commitment !== full.commitment) {
            ctx.problems.add("events", `${who}: ${full.seat}'s ${full.type} shows more (or less) than its commitment: ${json}`);
          }
        }
      }
      if (event && !finished && json.includes(seed)) ctx.problems.add("seed", `${who}: a ${event.type} event shows the seed before the end`);
      if (event && rngWords.some((r) => r.test(json))) ctx.problems.add("seed", `${who}: a ${event.type} event shows the RNG state`);
      if (json) text += `${json}\n`;
    }
    roundText.set(viewerLabel(viewer), text);
    for (const seat of seats) {
      if (entitled(state, viewer, seat)) continue;
      for (const [id, t] of hiddenDials(state, seat)) {
        if (text.includes(dialText(id, t))) ctx.problems.add("events", `${who}: an event of this round shows ${seat}'s hidden dial ${dialText(id, t)}`);
      }
    }
  }
  // Projections
  for (const viewer of ctx.viewers) {
    seen.views++;
    const who = `${at} viewer ${viewerLabel(viewer)}`;
    const view = ctx.view(viewer);
    const json = ctx.viewJson(viewer);
    if (json.includes('"secret"') || json.includes('"rng"') || rngWords.some((r) => r.test(json))) ctx.problems.add("view", `${who}: the view shows the secret or the RNG state`);
    if (!finished && json.includes(seed)) ctx.problems.add("view", `${who}: the view shows the seed before the end`);
    for (const seat of seats) {
      const planView = view.plans[seat]!;
      const plan = state.plans[seat]!;
      const secondary = hiddenSecondary(state, seat);
      const shownSecondary = view.missionPrep?.secondaries[seat]?.choice ?? null;
      if (entitled(state, viewer, seat)) {
        if (plan.dials && JSON.stringify(planView.dials) !== JSON.stringify(plan.dials)) ctx.problems.add("view", `${who}: cannot see ${seat}'s dials`);
        if (secondary && shownSecondary !== secondary) ctx.problems.add("view", `${who}: cannot see ${seat}'s secondary mission`);
        continue;
      }
      if ("dials" in planView) ctx.problems.add("view", `${who}: sees ${seat}'s dials`);
      for (const [id, t] of hiddenDials(state, seat)) {
        seen.hiddenDials++;
        if (json.includes(dialText(id, t))) ctx.problems.add("view", `${who}: the view shows ${seat}'s hidden dial ${dialText(id, t)}`);
      }
      if (secondary) {
        seen.hiddenSecondaries++;
        if (shownSecondary !== null) ctx.problems.add("view", `${who}: sees ${seat}'s unrevealed secondary mission ${shownSecondary}`);
      }
    }
  }
}

let report: KitReport<EmberSetup, EmberState, EmberCommand, EmberEvent, EmberView>;

beforeAll(() => {
  const viewersOf = new Map(CASES.map((c) => [c.setup, c.viewers]));
  report = runKit({
    ruleset: ember,
    cases: CASES,
    policy: emberBotPolicy,
    viewers: (setup) => viewersOf.get(setup)!,
    errors: ERRORS,
    replay: false,
    inView: 3,
    secrets: [
      ...["p1", "p2", "p3", "p4"].map(sideSecrets),
      // The dice seed and RNG state (every other step): omniscient viewers aside, no view changes.
      diceSecret("interference", { entitled: (_state, viewer) => viewer.kind === "omniscient", every: { view: 2, awaiting: 0, legal: 0, probes: 0, next: 0, choices: 0, mentions: 0 } }),
    ],
    onStep: checkStep,
    onMatch: (played) => void seen.formats.add(played.label.split(" ")[2]!),
  });
}, 600_000);

describe("no-leak playouts of 3 and 4 seat battles (seed 001 3.3, 5, 6.1)", () => {
  test("seed 001 6.1: every 1 v 1 v 1, 1 v 1 v 1 v 1 and 2 v 2 bot match plays to its end", () => {
    report.problems.expectNone("termination");
    expect(report.counters.get("matches")).toBe(CASES.length);
    expect(report.counters.get("steps")).toBeGreaterThan(CASES.length * 60);
  });

  test("seed 001 5, 3.3: unrevealed dials and secondary missions reach their seat, its teammate and its team viewer only; the seed and RNG nobody", () => {
    report.problems.expectNone("view");
    report.problems.expectNone("events");
    report.problems.expectNone("seed");
    expect(seen.views).toBeGreaterThan(report.counters.get("steps") * 4);
    expect(seen.hiddenDials).toBeGreaterThan(2000);
    expect(seen.hiddenSecondaries).toBeGreaterThan(20);
    expect(seen.teammateShares).toBeGreaterThan(100);
    expect(seen.shadows).toBeGreaterThan(500);
  });

  test("non-interference, seed 001 5, 3.3: other hidden dials or another secondary mission change nothing a viewer outside the side sees, may do, or is told by an error", () => {
    report.problems.expectNone("interference");
    report.problems.expectNone("errors");
    expect(report.counters.get("interference:varied")).toBeGreaterThan(300);
    expect(report.counters.get("interference:probes")).toBeGreaterThan(1000);
  });

  test("seed 001 6.1: every seat of a 3 or 4 seat battle lists its legal commands from its own projection, equal to legalCommands on the full state", () => {
    report.problems.expectNone("in-view");
    expect(report.counters.get("in-view")).toBeGreaterThan(1000);
  });
});
