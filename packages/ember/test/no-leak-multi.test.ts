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
import {
  allViewers,
  autoplay,
  rngStateFromSeed,
  sha256Hex,
  stateHash,
  viewerLabel,
  type EventEnvelope,
  type SeatId,
  type Viewer,
} from "@fogwar/engine";
import { ERRORS, TIMINGS, catalog, ember, emberBotPolicy, legalCommandsInView, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState, type Timing } from "../src";

const SHOW = 12;
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

const problems = new Map<string, string[]>();
function problem(kind: string, text: string): void {
  problems.set(kind, [...(problems.get(kind) ?? []), text]);
}
function expectNone(kind: string): void {
  const list = problems.get(kind) ?? [];
  const shown = list.slice(0, SHOW);
  if (list.length > SHOW) shown.push(`... and ${list.length - SHOW} more`);
  expect(shown).toEqual([]);
}

const seen = { legalInView: 0, matches: 0, steps: 0, views: 0, hiddenDials: 0, hiddenSecondaries: 0, teammateShares: 0, shadows: 0, varied: 0, probes: 0, formats: new Set<string>() };

/**
 * Whether `viewer` may know `seat`'s secrets, written from the rule (not from the code under
 * test): omniscient; the seat; in 2 v 2 its teammate and its team viewer.
 */
function entitled(setup: EmberSetup, viewer: Viewer, seat: SeatId): boolean {
  const team = setup.teams?.[seat];
  if (viewer.kind === "omniscient") return true;
  if (viewer.kind === "seat") return viewer.seat === seat || (team !== undefined && setup.teams?.[viewer.seat] === team);
  if (viewer.kind === "team") return team !== undefined && viewer.team === team;
  return false;
}

const shift = (t: Timing, by: number): Timing => TIMINGS[(TIMINGS.indexOf(t) + by) % TIMINGS.length] as Timing;
const dialText = (id: string, t: Timing) => `${JSON.stringify(id)}:${JSON.stringify(t)}`;
const hiddenDials = (state: EmberState, seat: SeatId): [string, Timing][] =>
  Object.entries(state.plans[seat]?.dials ?? {}).filter(([id]) => state.revealed[id] === undefined);
const hiddenSecondary = (state: EmberState, seat: SeatId): string | null => {
  const prep = state.missionPrep;
  return prep && !prep.revealed ? (prep.secondaries[seat]?.choice ?? null) : null;
};

/** The state with `seat`'s hidden facts changed: dials turned on, another secondary mission. */
function withOtherSecrets(state: EmberState, seat: SeatId): EmberState {
  const next = structuredClone(state);
  const plan = next.plans[seat]!;
  if (plan.dials) plan.dials = Object.fromEntries(Object.entries(plan.dials).map(([id, t]) => [id, state.revealed[id] ? t : shift(t, 2)]));
  const secondary = hiddenSecondary(state, seat);
  if (secondary && next.missionPrep) {
    const ids = ["deep-strike", "beacon-watch", "unbroken"];
    next.missionPrep.secondaries[seat]!.choice = ids[(ids.indexOf(secondary) + 1) % ids.length]!;
  }
  return next;
}

function checkMatch(c: MatchCase): void {
  const seats = c.setup.seats;
  let step = 0;
  const roundText = new Map<string, string>();
  const check = (state: EmberState, envelopes: readonly EventEnvelope<EmberEvent>[]) => {
    seen.steps++;
    const at = `${c.label} step ${step}`;
    const finished = state.phase === "finished";
    const seed = state.secret.seed;
    const rngWords = state.secret.rng.filter((w) => Math.abs(w) >= 1_000_000).map((w) => new RegExp(`(?<![0-9])${w}(?![0-9])`));
    // Events
    for (const viewer of c.viewers) {
      const who = `${at} viewer ${viewerLabel(viewer)}`;
      let text = roundText.get(viewerLabel(viewer)) ?? "";
      for (const envelope of envelopes) {
        const full = envelope.event;
        if (full.type === "phase_started" && full.phase === "plan") text = "";
        const event = ember.redact(envelope, viewer);
        const json = event ? JSON.stringify(event) : "";
        if (full.type === "plan_locked" || full.type === "secondary_chosen") {
          const secretKey = full.type === "plan_locked" ? "dials" : "secondary";
          if (entitled(c.setup, viewer, full.seat)) {
            if (!event || JSON.stringify(event) !== JSON.stringify(full)) problem("events", `${who}: its side's ${full.type} is not shown in full: ${json}`);
            if (viewer.kind !== "omniscient" && !(viewer.kind === "seat" && viewer.seat === full.seat)) seen.teammateShares++;
          } else {
            seen.shadows++;
            if (!event || secretKey in event || event.type !== full.type || event.commitment !== full.commitment) {
              problem("events", `${who}: ${full.seat}'s ${full.type} shows more (or less) than its commitment: ${json}`);
            }
          }
        }
        if (event && !finished && json.includes(seed)) problem("seed", `${who}: a ${event.type} event shows the seed before the end`);
        if (event && rngWords.some((r) => r.test(json))) problem("seed", `${who}: a ${event.type} event shows the RNG state`);
        if (json) text += `${json}\n`;
      }
      roundText.set(viewerLabel(viewer), text);
      for (const seat of seats) {
        if (entitled(c.setup, viewer, seat)) continue;
        for (const [id, t] of hiddenDials(state, seat)) {
          if (text.includes(dialText(id, t))) problem("events", `${who}: an event of this round shows ${seat}'s hidden dial ${dialText(id, t)}`);
        }
      }
    }
    // Projections
    const views = new Map<string, string>();
    for (const viewer of c.viewers) {
      seen.views++;
      const who = `${at} viewer ${viewerLabel(viewer)}`;
      const view = ember.viewFor(state, viewer);
      const json = JSON.stringify(view);
      views.set(viewerLabel(viewer), json);
      if (json.includes('"secret"') || json.includes('"rng"') || rngWords.some((r) => r.test(json))) problem("view", `${who}: the view shows the secret or the RNG state`);
      if (!finished && json.includes(seed)) problem("view", `${who}: the view shows the seed before the end`);
      for (const seat of seats) {
        const planView = view.plans[seat]!;
        const plan = state.plans[seat]!;
        const secondary = hiddenSecondary(state, seat);
        const shownSecondary = view.missionPrep?.secondaries[seat]?.choice ?? null;
        if (entitled(c.setup, viewer, seat)) {
          if (plan.dials && JSON.stringify(planView.dials) !== JSON.stringify(plan.dials)) problem("view", `${who}: cannot see ${seat}'s dials`);
          if (secondary && shownSecondary !== secondary) problem("view", `${who}: cannot see ${seat}'s secondary mission`);
          continue;
        }
        if ("dials" in planView) problem("view", `${who}: sees ${seat}'s dials`);
        for (const [id, t] of hiddenDials(state, seat)) {
          seen.hiddenDials++;
          if (json.includes(dialText(id, t))) problem("view", `${who}: the view shows ${seat}'s hidden dial ${dialText(id, t)}`);
        }
        if (secondary) {
          seen.hiddenSecondaries++;
          if (shownSecondary !== null) problem("view", `${who}: sees ${seat}'s unrevealed secondary mission ${shownSecondary}`);
        }
      }
    }
    // Each seat lists its legal commands from its own projection alone (every third step).
    if (step % 3 === 0) {
      for (const seat of seats) {
        seen.legalInView++;
        const fromView = legalCommandsInView(ember.viewFor(state, { kind: "seat", seat }), seat);
        if (JSON.stringify(fromView) !== JSON.stringify(ember.legalCommands(state, seat))) problem("legal", `${at} seat ${seat}: legalCommandsInView differs from legalCommands`);
      }
    }
    // Non-interference: another seat's hidden facts, and the seed (every other step, to keep the run short)
    if (!finished && step % 2 === 0) {
      for (const hider of seats) {
        if (hiddenDials(state, hider).length === 0 && !hiddenSecondary(state, hider)) continue;
        seen.varied++;
        const variant = withOtherSecrets(state, hider);
        for (const viewer of c.viewers) {
          if (entitled(c.setup, viewer, hider)) continue;
          if (JSON.stringify(ember.viewFor(variant, viewer)) !== views.get(viewerLabel(viewer))) {
            problem("interference", `${at} viewer ${viewerLabel(viewer)}: the view depends on ${hider}'s hidden dials or secondary mission`);
          }
          if (viewer.kind === "seat") {
            if (JSON.stringify(ember.legalCommands(state, viewer.seat)) !== JSON.stringify(ember.legalCommands(variant, viewer.seat))) {
              problem("interference", `${at} seat ${viewer.seat}: legal commands depend on ${hider}'s hidden facts`);
            }
            // Probes about the hidden facts get fixed sentences, the same either way, and change nothing.
            const probes: unknown[] = [
              { type: "lock_plan", dials: state.plans[hider]?.dials ?? {} },
              { type: "choose_secondary", secondary: hiddenSecondary(state, hider) ?? "unbroken" },
              { type: "end_commands" },
            ];
            const before = stateHash(state);
            for (const command of probes) {
              seen.probes++;
              const a = ember.apply(state, command as EmberCommand, viewer.seat);
              const b = ember.apply(variant, command as EmberCommand, viewer.seat);
              if (a.ok !== b.ok || (!a.ok && !b.ok && JSON.stringify(a.error) !== JSON.stringify(b.error))) {
                problem("errors", `${at} seat ${viewer.seat} sends ${JSON.stringify(command)}: the answer depends on ${hider}'s hidden facts`);
              }
              if (!a.ok && ERRORS[a.error.code]?.message !== a.error.message) problem("errors", `${at}: error ${a.error.code} is not a fixed sentence`);
            }
            if (stateHash(state) !== before) problem("errors", `${at}: a probe changed the state`);
          }
        }
      }
      const otherSeed = `other-${c.seed}`;
      const variant = { ...state, secret: { seed: otherSeed, rng: [...rngStateFromSeed(otherSeed)] } };
      for (const viewer of c.viewers) {
        if (viewer.kind === "omniscient") continue;
        if (JSON.stringify(ember.viewFor(variant, viewer)) !== views.get(viewerLabel(viewer))) problem("interference", `${at} viewer ${viewerLabel(viewer)}: the view depends on the seed`);
      }
    }
  };
  const setup = ember.setup(c.setup, c.seed);
  check(setup.state, setup.events);
  try {
    autoplay(ember, c.setup, c.seed, c.botSeed, {
      policy: emberBotPolicy,
      onCommand: (m) => {
        step++;
        check(m.state, m.toLog().entries.at(-1)!.events);
      },
    });
    seen.matches++;
    seen.formats.add(c.label.split(" ")[2]!);
  } catch (error) {
    problem("play", `${c.label} step ${step}: the match does not play to its end: ${String(error)}`);
  }
}

beforeAll(() => {
  for (const c of CASES) checkMatch(c);
}, 600_000);

describe("no-leak playouts of 3 and 4 seat battles (seed 001 3.3, 5, 6.1)", () => {
  test("seed 001 6.1: every 1 v 1 v 1, 1 v 1 v 1 v 1 and 2 v 2 bot match plays to its end", () => {
    expectNone("play");
    expect(seen.matches).toBe(CASES.length);
    expect(seen.steps).toBeGreaterThan(CASES.length * 60);
  });

  test("seed 001 5, 3.3: unrevealed dials and secondary missions reach their seat, its teammate and its team viewer only; the seed and RNG nobody", () => {
    expectNone("view");
    expectNone("events");
    expectNone("seed");
    expect(seen.views).toBeGreaterThan(seen.steps * 4);
    expect(seen.hiddenDials).toBeGreaterThan(2000);
    expect(seen.hiddenSecondaries).toBeGreaterThan(20);
    expect(seen.teammateShares).toBeGreaterThan(100);
    expect(seen.shadows).toBeGreaterThan(500);
  });

  test("non-interference, seed 001 5, 3.3: other hidden dials or another secondary mission change nothing a viewer outside the side sees, may do, or is told by an error", () => {
    expectNone("interference");
    expectNone("errors");
    expect(seen.varied).toBeGreaterThan(300);
    expect(seen.probes).toBeGreaterThan(1000);
  });

  test("seed 001 6.1: every seat of a 3 or 4 seat battle lists its legal commands from its own projection, equal to legalCommands on the full state", () => {
    expectNone("legal");
    expect(seen.legalInView).toBeGreaterThan(1000);
  });
});
