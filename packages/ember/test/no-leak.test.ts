/**
 * No-leak playouts of EMBER (design.md "Hidden information: the channels that leak"; principles 4
 * and 8). Over 216 seeded bot matches (every faction pair, all three scenarios, progressive reveal on
 * and off), at every step (after setup and after each command) and for every viewer of
 * `allViewers(["p1", "p2"])`, nobody learns a secret they are not entitled to:
 * - the projection `viewFor`: unrevealed timing dials (seed 001 5) reach their owner and
 *   omniscient viewers only; the dice seed and the RNG state reach nobody (the seed at the end);
 * - the event stream `redact`: a plan_locked carries dials for its seat only; the seed only in
 *   the final match_ended;
 * - non-interference: changing a hidden fact (a locked plan's dials, the seed and RNG state)
 *   changes nothing another viewer sees or may do;
 * - error messages: rejected commands answer with the fixed sentences of ERRORS;
 * - optical camouflage (seed 000 6.2): a camouflaged unit's real square reaches its owner (and
 *   omniscient viewers) only, in the projection and in the events; moving it elsewhere within the
 *   rules changes nothing another viewer sees, may do or is told (views, legal commands, errors,
 *   and the events and views after the very command that was played next), until it is revealed.
 * Each failure names the match (seeds and setup), the step (0 = after setup, n = after the n-th
 * command of the log) and the viewer, so it can be reproduced with
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
import {
  ERRORS,
  TIMINGS,
  catalog,
  ember,
  emberBotPolicy,
  hiddenSquareOptions,
  type EmberCommand,
  type EmberEvent,
  type EmberSetup,
  type EmberState,
  type Timing,
} from "../src";

const MATCHES = 216;
const SEATS = ["p1", "p2"] as const;
const VIEWERS = allViewers(SEATS);
const SHOW = 12;

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
  const ashfall = index >= MATCHES - 36;
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

const CASES = Array.from({ length: MATCHES }, (_, i) => matchCase(i));

// ---------------------------------------------------------------------------------------------
// Problems by channel; each test asserts its channel is empty.

const problems = new Map<string, string[]>();
function problem(kind: string, text: string): void {
  const list = problems.get(kind) ?? [];
  list.push(text);
  problems.set(kind, list);
}
function expectNone(kind: string): void {
  const list = problems.get(kind) ?? [];
  const shown = list.slice(0, SHOW);
  if (list.length > SHOW) shown.push(`... and ${list.length - SHOW} more`);
  expect(shown).toEqual([]);
}

const seen = {
  matches: 0,
  steps: 0,
  views: 0,
  hiddenDialsChecked: 0,
  lockedShadows: 0,
  planStatesVaried: 0,
  actionStatesVaried: 0,
  secretStatesVaried: 0,
  errorProbes: 0,
  progressiveRevealChecks: 0,
  camouflagedSteps: 0,
  realSquaresVaried: 0,
  concealmentEventsHidden: 0,
  nextCommandsReplayed: 0,
  decloaks: 0,
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

// ---------------------------------------------------------------------------------------------
// Helpers

const other = (seat: SeatId): SeatId => (seat === "p1" ? "p2" : "p1");
const entitled = (viewer: Viewer, seat: SeatId) => viewer.kind === "omniscient" || (viewer.kind === "seat" && viewer.seat === seat);
const timingNumber = (t: Timing) => TIMINGS.indexOf(t) + 1;
const shiftTiming = (t: Timing, by: number): Timing => TIMINGS[(TIMINGS.indexOf(t) + by) % TIMINGS.length] as Timing;

/** A seat's dials not yet revealed to everyone. */
function hiddenDials(state: EmberState, seat: SeatId): [string, Timing][] {
  return Object.entries(state.plans[seat]?.dials ?? {}).filter(([id]) => state.revealed[id] === undefined);
}

/** How a dial would read in a JSON text: `"p2-m1":"shoot"`. */
const dialText = (id: string, t: Timing) => `${JSON.stringify(id)}:${JSON.stringify(t)}`;

/** The same state with `seat`'s hidden dials turned `by` timings on (commitment left as is). */
function withOtherDials(state: EmberState, seat: SeatId, by: number): EmberState {
  const next = structuredClone(state);
  const plan = next.plans[seat]!;
  const dials = { ...(plan.dials ?? {}) };
  for (const [id, t] of hiddenDials(state, seat)) dials[id] = shiftTiming(t, by);
  plan.dials = dials;
  return next;
}

/** The same state with another dice seed and RNG state. */
function withOtherSecret(state: EmberState, seed: string): EmberState {
  const otherSeed = `other-${seed}`;
  return { ...state, secret: { seed: otherSeed, rng: [...rngStateFromSeed(otherSeed)] } };
}

/** The owner of a unit. */
const ownerOf = (state: EmberState, id: string): SeatId => state.units.find((u) => u.id === id)?.owner ?? "";

/** `seat`'s camouflaged units and their real squares (seed 000 6.2). */
const concealedOf = (state: EmberState, seat: SeatId) => Object.entries(state.concealed ?? {}).filter(([id]) => ownerOf(state, id) === seat);

/**
 * The same state with each of `seat`'s real squares moved to another square the rules allow
 * (within the concealment value of the marker), or null when none can move.
 */
function withOtherReal(state: EmberState, seat: SeatId): EmberState | null {
  const next = structuredClone(state);
  let moved = false;
  for (const [id, real] of concealedOf(state, seat)) {
    const unit = next.units.find((u) => u.id === id)!;
    const options = hiddenSquareOptions(next, unit, unit.at!, unit.camouflage!.concealment).filter((s) => s.x !== real.x || s.y !== real.y);
    const pick = options[(real.x * 7 + real.y * 3) % Math.max(1, options.length)];
    if (!pick) continue;
    next.concealed![id] = pick;
    moved = true;
  }
  return moved ? next : null;
}

/** The first top-level key where two JSON-like values differ, for messages. */
function firstDifference(a: Record<string, unknown>, b: Record<string, unknown>): string {
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return `${key}: ${JSON.stringify(a[key])?.slice(0, 200)} vs ${JSON.stringify(b[key])?.slice(0, 200)}`;
  }
  return "(key order only)";
}

/**
 * Malformed or illegal commands a seat might send while the other seat's plan is hidden: about
 * the opponent's mechs (with their real dials), wrong shapes, wrong phases, no decision.
 */
function probes(state: EmberState, seat: SeatId): { seat: string; command: unknown }[] {
  const opponent = other(seat);
  const opponentDials = state.plans[opponent]?.dials ?? {};
  const mine = state.units.filter((u) => u.kind === "mech" && u.owner === seat && u.deployed && !u.destroyed).map((u) => u.id);
  const theirs = state.units.filter((u) => u.kind === "mech" && u.owner === opponent && !u.destroyed).map((u) => u.id);
  const myDials = Object.fromEntries(mine.map((id) => [id, "tactical"]));
  const out: { seat: string; command: unknown }[] = [
    { seat, command: { type: "lock_plan", dials: opponentDials } },
    { seat, command: { type: "lock_plan", dials: { ...myDials, ...opponentDials } } },
    { seat, command: { type: "lock_plan", dials: Object.fromEntries(mine.slice(1).map((id) => [id, "shoot"])) } },
    { seat, command: { type: "lock_plan", dials: Object.fromEntries(mine.map((id) => [id, "seventh"])) } },
    { seat, command: { type: "lock_plan" } },
    { seat, command: null },
    { seat, command: "lock_plan" },
    { seat, command: { type: "peek", seat: opponent } },
    { seat, command: { type: "end_commands" } },
    { seat, command: { type: "reroll", dice: [] } },
    { seat, command: { type: "choose_hit_part", part: "torso" } },
    { seat, command: { type: "choose_chain", keyword: "rupture", target: theirs[0] ?? "p1-m1" } },
    { seat: "p3", command: { type: "lock_plan", dials: myDials } },
    { seat: "spectator", command: { type: "end_commands" } },
  ];
  for (const id of theirs) {
    out.push({ seat, command: { type: "end_activation", unit: id } });
    out.push({ seat, command: { type: "set_stance", unit: id, stance: "MOB" } });
    out.push({ seat, command: { type: "act", unit: id, part: "right_arm", action: "x", target: mine[0] ?? id } });
    out.push({ seat, command: { type: "reboot", unit: id, stance: "DEF" } });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// One match, checked at every step for every viewer.

function checkMatch(c: MatchCase): void {
  const setup = ember.setup(c.setup, c.seed);
  /** Per viewer, what it has seen of this round's events (since its plan phase began), one event a line. */
  const roundEvents = new Map<string, string>(VIEWERS.map((v) => [viewerLabel(v), ""]));
  let lastEndedStep = -1;
  let step = 0;

  const check = (state: EmberState, envelopes: readonly EventEnvelope<EmberEvent>[]) => {
    seen.steps++;
    const at = `${c.label} step ${step}`;
    const finished = state.phase === "finished";
    const seed = state.secret.seed;
    const rngWords = state.secret.rng.filter((w) => Math.abs(w) >= 1_000_000).map((w) => new RegExp(`(?<![0-9])${w}(?![0-9])`));

    // --- the event stream
    for (const envelope of envelopes) if (envelope.event.type === "match_ended") lastEndedStep = step;
    for (const viewer of VIEWERS) {
      const who = `${at} viewer ${viewerLabel(viewer)}`;
      let seenText = roundEvents.get(viewerLabel(viewer))!;
      for (const envelope of envelopes) {
        const full = envelope.event;
        if (full.type === "phase_started" && full.phase === "plan") seenText = "";
        const event = ember.redact(envelope, viewer);
        const text = event === null ? "" : JSON.stringify(event);
        if (full.type === "plan_locked") {
          if (entitled(viewer, full.seat)) {
            if (event?.type !== "plan_locked" || JSON.stringify(event.dials) !== JSON.stringify(full.dials)) {
              problem("events", `${who}: its own plan_locked lacks its dials: ${text}`);
            }
          } else {
            seen.lockedShadows++;
            if (event?.type !== "plan_locked" || event.commitment !== full.commitment) {
              problem("events", `${who}: ${full.seat}'s plan_locked commitment is not public: ${text}`);
            }
            if (event && "dials" in event) problem("events", `${who}: ${full.seat}'s plan_locked shows its dials: ${text}`);
          }
        }
        if (event && !finished) {
          if (text.includes(seed)) problem("seed", `${who}: a ${event.type} event shows the dice seed before the end`);
          if (event.type === "match_ended") problem("seed", `${who}: match_ended before the match is finished`);
        }
        if (event && rngWords.some((r) => r.test(text))) problem("seed", `${who}: a ${event.type} event shows the RNG state`);
        if (full.type === "concealment_set" && !entitled(viewer, ownerOf(state, full.unit))) {
          seen.concealmentEventsHidden++;
          if (event !== null) problem("camouflage", `${who}: sees ${full.unit}'s real square in ${text}`);
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
          if (leak) problem("events", `${who}: an event of this round shows ${seat}'s hidden dial ${dialText(id, t)}: ${leak}`);
        }
      }
    }
    if (finished) {
      for (const viewer of VIEWERS) {
        const ended = envelopes.map((e) => ember.redact(e, viewer)).filter((e) => e?.type === "match_ended");
        if (ended.length !== 1 || (ended[0]?.type === "match_ended" && ended[0].seed !== c.seed)) {
          problem("seed", `${at} viewer ${viewerLabel(viewer)}: the final command's events do not reveal the seed once (${ended.length})`);
        }
      }
    }

    // --- the projection
    const views = new Map<string, string>();
    for (const viewer of VIEWERS) {
      seen.views++;
      const who = `${at} viewer ${viewerLabel(viewer)}`;
      const view = ember.viewFor(state, viewer);
      const json = JSON.stringify(view);
      views.set(viewerLabel(viewer), json);
      if (Object.prototype.hasOwnProperty.call(view, "secret") || json.includes('"secret"')) problem("view", `${who}: the view has the secret`);
      if (json.includes('"rng"') || rngWords.some((r) => r.test(json))) problem("view", `${who}: the view shows the RNG state`);
      if (!finished && (json.includes(seed) || view.seed !== undefined)) problem("view", `${who}: the view shows the dice seed before the end`);
      if (finished && view.seed !== c.seed) problem("view", `${who}: the finished view does not reveal the seed`);
      if (JSON.stringify(view.revealed) !== JSON.stringify(state.revealed)) problem("view", `${who}: revealed dials differ from the state's`);
      // Optical camouflage (seed 000 6.2): the projection holds exactly the real squares the viewer may know.
      const mayKnow = Object.fromEntries(Object.entries(state.concealed ?? {}).filter(([id]) => finished || entitled(viewer, ownerOf(state, id))));
      if (JSON.stringify(view.concealed ?? {}) !== JSON.stringify(mayKnow)) {
        problem("camouflage", `${who}: the view's real squares ${JSON.stringify(view.concealed)} are not ${JSON.stringify(mayKnow)}`);
      }
      for (const seat of SEATS) {
        const plan = state.plans[seat]!;
        const planView = view.plans[seat]!;
        if (planView.commitment !== plan.commitment || planView.locked !== Boolean(plan.commitment)) {
          problem("view", `${who}: ${seat}'s plan commitment is not shown as it is`);
        }
        if (entitled(viewer, seat)) {
          if (plan.dials && JSON.stringify(planView.dials) !== JSON.stringify(plan.dials)) problem("view", `${who}: cannot see ${seat}'s dials`);
          continue;
        }
        if ("dials" in planView) problem("view", `${who}: sees ${seat}'s plan dials ${JSON.stringify(planView.dials)}`);
        const hidden = hiddenDials(state, seat);
        if (hidden.length > 0 && json.includes(JSON.stringify(plan.dials))) problem("view", `${who}: the view contains ${seat}'s dials object`);
        for (const [id, t] of hidden) {
          if (view.revealed[id] !== undefined) problem("view", `${who}: ${seat}'s unrevealed ${id} is in revealed`);
          if (json.includes(dialText(id, t))) problem("view", `${who}: the view shows ${seat}'s hidden dial ${dialText(id, t)}`);
        }
      }
    }

    // --- dials are revealed no earlier than the option says (seed 001 5)
    if (state.phase === "plan" && Object.keys(state.revealed).length > 0) {
      problem("reveal", `${at}: dials revealed during the plan phase: ${JSON.stringify(state.revealed)}`);
    }
    if (state.phase === "action" && state.options.progressiveReveal) {
      seen.progressiveRevealChecks++;
      for (const [id, t] of Object.entries(state.revealed)) {
        if (timingNumber(t) > state.calledTiming) problem("reveal", `${at}: ${id}'s ${t} is revealed before its timing is called (called ${state.calledTiming})`);
      }
    }

    // --- non-interference: the seed and RNG state
    if (!finished) {
      seen.secretStatesVaried++;
      const variant = withOtherSecret(state, c.seed);
      for (const viewer of VIEWERS) {
        const a = views.get(viewerLabel(viewer))!;
        const b = JSON.stringify(ember.viewFor(variant, viewer));
        if (a !== b) {
          problem("secret", `${at} viewer ${viewerLabel(viewer)}: the view depends on the seed or RNG state: ${firstDifference(JSON.parse(a), JSON.parse(b))}`);
        }
      }
      for (const seat of step % 3 === 0 ? SEATS : []) {
        if (JSON.stringify(ember.legalCommands(state, seat)) !== JSON.stringify(ember.legalCommands(variant, seat))) {
          problem("secret", `${at} seat ${seat}: legal commands depend on the seed or RNG state`);
        }
      }
      if (JSON.stringify(ember.awaiting(state)) !== JSON.stringify(ember.awaiting(variant))) problem("secret", `${at}: awaiting depends on the secret`);
    }

    // --- non-interference: camouflaged units' real squares (seed 000 6.2)
    if (!finished && Object.keys(state.concealed ?? {}).length > 0) seen.camouflagedSteps++;
    for (const hider of finished ? [] : SEATS) {
      const variant = withOtherReal(state, hider);
      if (!variant) continue;
      seen.realSquaresVaried++;
      const watcher = other(hider);
      const where = `${at} (${hider}'s real squares moved)`;
      for (const viewer of [{ kind: "seat", seat: watcher } as Viewer, VIEWERS.find((v) => v.kind === "spectator")!]) {
        const a = views.get(viewerLabel(viewer))!;
        const b = JSON.stringify(ember.viewFor(variant, viewer));
        if (a !== b) problem("camouflage", `${where} viewer ${viewerLabel(viewer)}: the view depends on the real square: ${firstDifference(JSON.parse(a), JSON.parse(b))}`);
      }
      if (JSON.stringify(ember.awaiting(state)) !== JSON.stringify(ember.awaiting(variant))) problem("camouflage", `${where}: awaiting depends on the real square`);
      if (JSON.stringify(ember.legalCommands(state, watcher)) !== JSON.stringify(ember.legalCommands(variant, watcher))) {
        problem("camouflage", `${where} seat ${watcher}: legal commands depend on the real square`);
      }
      // The watcher's commands aimed at the hidden unit's surroundings: each real square answered alike.
      const targets = concealedOf(state, hider).map(([id]) => id);
      const aimed: { seat: string; command: unknown; launch?: boolean }[] = [...probes(state, watcher).slice(0, 9)];
      // Launches and smoke (seed 000 1.5, 10): every legal launch, scatter and smoke placement of the
      // watcher, and each launch or smoke action retargeted onto the real squares.
      const launchActs = ember
        .legalCommands(state, watcher)
        .filter((x): x is Extract<EmberCommand, { type: "act" }> => x.type === "act" && ((x.to !== undefined && x.facing === undefined) || x.squares !== undefined || x.drops !== undefined));
      for (const x of launchActs) aimed.push({ seat: watcher, command: x, launch: true });
      const firstOfEach = [...new Map(launchActs.filter((x) => !x.drops).map((x) => [`${x.part}:${x.action}`, x])).values()];
      for (const [, real] of [...concealedOf(state, hider), ...concealedOf(variant, hider)]) {
        for (const x of firstOfEach) aimed.push({ seat: watcher, command: x.squares ? { ...x, squares: [real] } : { ...x, to: real }, launch: true });
      }
      for (const id of targets) {
        for (const [, real] of [...concealedOf(state, hider), ...concealedOf(variant, hider)]) {
          for (const u of state.units.filter((x) => x.owner === watcher && x.deployed && !x.destroyed)) {
            aimed.push({ seat: watcher, command: { type: "manoeuvre", unit: u.id, to: real, facing: "N" } });
            aimed.push({ seat: watcher, command: { type: "act", unit: u.id, part: "right_arm", action: "x", target: id } });
            if (u.kind === "drone") {
              const mech = state.units.find((x) => x.owner === watcher && x.kind === "mech" && !x.destroyed);
              aimed.push({ seat: watcher, command: { type: "command_drone", mech: mech?.id ?? u.id, drone: u.id, order: { kind: "move", to: real, facing: "N" } } });
            }
          }
        }
      }
      for (const p of aimed) {
        const a = ember.apply(state, p.command as EmberCommand, p.seat);
        const b = ember.apply(variant, p.command as EmberCommand, p.seat);
        const key = (r: typeof a) => (r.ok ? `ok ${JSON.stringify(r.events.map((e) => ember.redact(e, { kind: "seat", seat: watcher })))}` : JSON.stringify(r.error));
        const revealed = [a, b].some((r) => r.ok && r.events.some((e) => e.event.type === "decloaked"));
        if (!revealed && key(a) !== key(b)) problem("camouflage", `${where} ${p.seat} sends ${JSON.stringify(p.command)}: ${key(a).slice(0, 200)} vs ${key(b).slice(0, 200)}`);
        if (p.launch && a.ok && b.ok && !revealed) {
          for (const viewer of [{ kind: "seat", seat: watcher } as Viewer, VIEWERS.find((v) => v.kind === "spectator")!]) {
            const va = JSON.stringify(ember.viewFor(a.state, viewer));
            const vb = JSON.stringify(ember.viewFor(b.state, viewer));
            if (va !== vb) problem("camouflage", `${where} viewer ${viewerLabel(viewer)}: the view after ${p.seat}'s ${JSON.stringify(p.command)} depends on the real square: ${firstDifference(JSON.parse(va), JSON.parse(vb))}`);
          }
          countLaunch(seen.launchesProbed, a.events);
        }
      }
    }

    // --- non-interference: a locked plan's hidden dials (plan phase; action phase with progressive reveal)
    const planPhase = state.phase === "plan" && SEATS.some((s) => !state.plans[s]?.commitment);
    const progressiveAction = state.phase === "action" && state.options.progressiveReveal;
    if (planPhase || progressiveAction) {
      for (const hider of SEATS) {
        if (!state.plans[hider]?.commitment || hiddenDials(state, hider).length === 0) continue;
        const watcher = other(hider);
        if (planPhase) seen.planStatesVaried++;
        else seen.actionStatesVaried++;
        const probeList = planPhase ? probes(state, watcher) : probes(state, watcher).slice(0, 9);
        const before = stateHash(state);
        const results = probeList.map((p) => ember.apply(state, p.command as EmberCommand, p.seat));
        if (stateHash(state) !== before) problem("errors", `${at}: a rejected command changed the state`);
        // errors are fixed sentences, without the hidden dials
        results.forEach((r, i) => {
          seen.errorProbes++;
          const p = probeList[i]!;
          const who = `${at} ${p.seat} sends ${JSON.stringify(p.command)}`;
          if (r.ok) {
            problem("errors", `${who}: accepted`);
            return;
          }
          const fixed = ERRORS[r.error.code];
          if (!fixed || fixed.message !== r.error.message || fixed.rule !== r.error.rule) {
            problem("errors", `${who}: error ${JSON.stringify(r.error)} is not one of ERRORS`);
          }
          const text = JSON.stringify(r.error);
          for (const [id, t] of hiddenDials(state, hider)) {
            if (text.includes(id) || text.includes(dialText(id, t))) problem("errors", `${who}: the error names ${hider}'s hidden ${id}`);
          }
        });
        for (const by of [1, 3]) {
          const variant = withOtherDials(state, hider, by);
          const where = `${at} (${hider}'s hidden dials turned ${by} on)`;
          for (const viewer of [{ kind: "seat", seat: watcher } as Viewer, VIEWERS.find((v) => v.kind === "spectator")!]) {
            const a = views.get(viewerLabel(viewer))!;
            const b = JSON.stringify(ember.viewFor(variant, viewer));
            if (a !== b) {
              problem("dials", `${where} viewer ${viewerLabel(viewer)}: the view depends on the hidden dials: ${firstDifference(JSON.parse(a), JSON.parse(b))}`);
            }
          }
          if (JSON.stringify(ember.legalCommands(state, watcher)) !== JSON.stringify(ember.legalCommands(variant, watcher))) {
            problem("dials", `${where} seat ${watcher}: legal commands depend on the hidden dials`);
          }
          if (JSON.stringify(ember.awaiting(state)) !== JSON.stringify(ember.awaiting(variant))) problem("dials", `${where}: awaiting depends on the hidden dials`);
          if (by !== 1) continue;
          probeList.forEach((p, i) => {
            const r = ember.apply(variant, p.command as EmberCommand, p.seat);
            const a = results[i]!;
            const same = !a.ok && !r.ok && JSON.stringify(a.error) === JSON.stringify(r.error);
            if (!same) {
              problem("dials", `${where} ${p.seat} sends ${JSON.stringify(p.command)}: ${JSON.stringify(a.ok ? "ok" : a.error)} vs ${JSON.stringify(r.ok ? "ok" : r.error)}`);
            }
          });
        }
      }
    }
  };

  /**
   * The command just played, replayed on the state before it with the other seat's real squares
   * moved (seed 000 6.2): unless it revealed a camouflaged unit, everything the non-owners are
   * told (accepted or not, the error, the redacted events, the next projection) must be the same.
   */
  const replayNext = (before: EmberState, seat: SeatId, command: EmberCommand, after: EmberState) => {
    for (const hider of SEATS) {
      const variant = withOtherReal(before, hider);
      if (!variant) continue;
      const a = ember.apply(before, command, seat);
      const b = ember.apply(variant, command, seat);
      if (!a.ok || !b.ok) {
        if (a.ok !== b.ok || JSON.stringify(a) !== JSON.stringify(b)) problem("camouflage", `${c.label} step ${step}: ${seat}'s ${JSON.stringify(command)} is accepted or refused depending on ${hider}'s real squares`);
        continue;
      }
      if (JSON.stringify(a.state) !== JSON.stringify(after)) problem("play", `${c.label} step ${step}: replaying the command does not give the same state`);
      // A reveal, or the end of the match (history review shows every real square), is not a leak.
      if ([a, b].some((r) => r.state.phase === "finished" || r.events.some((e) => e.event.type === "decloaked"))) continue;
      seen.nextCommandsReplayed++;
      countLaunch(seen.launchesReplayed, a.events);
      const watcher = other(hider);
      for (const viewer of [{ kind: "seat", seat: watcher } as Viewer, VIEWERS.find((v) => v.kind === "spectator")!]) {
        const ea = JSON.stringify(a.events.map((e) => ember.redact(e, viewer)));
        const eb = JSON.stringify(b.events.map((e) => ember.redact(e, viewer)));
        if (ea !== eb) problem("camouflage", `${c.label} step ${step} viewer ${viewerLabel(viewer)}: ${seat}'s ${command.type} tells a different story with ${hider}'s real squares moved: ${ea.slice(0, 300)} vs ${eb.slice(0, 300)}`);
        const va = JSON.stringify(ember.viewFor(a.state, viewer));
        const vb = JSON.stringify(ember.viewFor(b.state, viewer));
        if (va !== vb) problem("camouflage", `${c.label} step ${step} viewer ${viewerLabel(viewer)}: the view after ${seat}'s ${command.type} depends on ${hider}'s real squares: ${firstDifference(JSON.parse(va), JSON.parse(vb))}`);
      }
    }
  };

  check(setup.state, setup.events);
  let before = setup.state;
  let match;
  try {
    match = autoplay(ember, c.setup, c.seed, c.botSeed, {
      policy: emberBotPolicy,
      onCommand: (m, seat, command) => {
        step++;
        if (Object.keys(before.concealed ?? {}).length > 0) replayNext(before, seat, command, m.state);
        check(m.state, m.toLog().entries.at(-1)!.events);
        before = m.state;
      },
    });
  } catch (error) {
    problem("play", `${c.label} step ${step}: the match does not play to its end: ${String(error)}`);
    return;
  }
  seen.matches++;
  const last = match.toLog().entries.length;
  if (lastEndedStep !== last) problem("seed", `${c.label}: match_ended at step ${lastEndedStep}, the log has ${last} commands`);
  if (setup.events.some((e) => e.event.type === "match_ended" || JSON.stringify(e.event).includes(c.seed))) {
    problem("seed", `${c.label} step 0: a setup event carries the seed`);
  }
}

beforeAll(() => {
  for (const c of CASES) checkMatch(c);
}, 120_000);

describe("no leak over seeded bot matches, every viewer, every step (design.md, Hidden information)", () => {
  test("every match plays to its end (216 matches, every faction pair, all three scenarios, progressive reveal on and off)", () => {
    expectNone("play");
    expect(seen.matches).toBe(MATCHES);
    expect(new Set(CASES.map((c) => c.setup.options?.progressiveReveal))).toEqual(new Set([true, false]));
    expect(seen.steps).toBeGreaterThan(MATCHES * 50);
  });

  test("design.md principle 4, seed 001 5: viewFor shows a plan's unrevealed dials to its seat and omniscient only; the spectator sees revealed dials only; nobody sees the secret, the seed before the end or the RNG state", () => {
    expectNone("view");
    expect(seen.views).toBe(seen.steps * VIEWERS.length);
    expect(seen.hiddenDialsChecked).toBeGreaterThan(10_000);
  });

  test("seed 001 5: dials are revealed no earlier than the option says (both plans locked; with progressive reveal, when their timing is called)", () => {
    expectNone("reveal");
    expect(seen.progressiveRevealChecks).toBeGreaterThan(1000);
  });

  test("design.md principle 8, the event stream: another viewer's plan_locked carries the commitment and no dials; no event of this round shows a hidden dial; the seed only in the final match_ended", () => {
    expectNone("events");
    expectNone("seed");
    expect(seen.lockedShadows).toBeGreaterThan(2000);
  });

  test("non-interference, seed 001 5: other hidden dials behind the same commitment change nothing the opponent and the spectator see, the opponent's legal commands or its errors", () => {
    expectNone("dials");
    expect(seen.planStatesVaried).toBeGreaterThan(800);
    expect(seen.actionStatesVaried).toBeGreaterThan(500);
  });

  test("non-interference, design.md principle 8: another dice seed and RNG state change nothing any viewer sees (every step) or any seat may do (every third step) until the end", () => {
    expectNone("secret");
    expect(seen.secretStatesVaried).toBeGreaterThan(MATCHES * 50);
  });

  test("design.md, error messages: malformed and illegal commands from the seat still planning get the fixed sentences of ERRORS, never the opponent's dials, and change nothing", () => {
    expectNone("errors");
    expect(seen.errorProbes).toBeGreaterThan(10_000);
  });

  test("seed 000 6.2 optical camouflage: the real square reaches only its owner (views, events); moving it within the rules changes nothing the opponent or the spectator sees, may do, is refused or is told, until the unit is revealed", () => {
    expectNone("camouflage");
    expect(seen.camouflagedSteps).toBeGreaterThan(500);
    expect(seen.realSquaresVaried).toBeGreaterThan(500);
    expect(seen.concealmentEventsHidden).toBeGreaterThan(50);
    expect(seen.nextCommandsReplayed).toBeGreaterThan(500);
    expect(seen.decloaks).toBeGreaterThan(20);
  });

  test("seed 000 6.2 with 1.5, 3, 10: in the Ashfall matches a camouflaged unit's real square, moved within the rules, changes nothing the others are told or shown by the launches, interceptions and smoke played, nor by every legal launch, blast and smoke placement tried on both real squares", () => {
    expectNone("camouflage");
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
