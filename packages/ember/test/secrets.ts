/**
 * EMBER's secrets for the engine kit (`@fogwar/engine/testing`), each declared by how it changes
 * within the rules: a seat's unrevealed timing dials behind its commitment (seed 001 5), the dice
 * seed and RNG state (design.md principle 8), a camouflaged unit's real square (seed 000 6.2) and
 * a seat's secondary mission before the reveal (seed 001 3.3). Entitlement is written from the
 * rules, not from the code under test: omniscient; the seat; in 2 v 2 its teammate and team viewer.
 */
import { rngStateFromSeed, type SeatId, type Viewer } from "@fogwar/engine";
import type { Probe, Secret, StepContext } from "@fogwar/engine/testing";
import { TIMINGS, hiddenSquareOptions, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState, type EmberView, type Timing } from "../src";

export type EmberSecret = Secret<EmberSetup, EmberState, EmberCommand, EmberEvent, EmberView>;
export type EmberStep = StepContext<EmberSetup, EmberState, EmberCommand, EmberEvent, EmberView>;

/** Whether `viewer` may know `seat`'s secrets. */
export function entitled(state: Pick<EmberState, "teams">, viewer: Viewer, seat: SeatId): boolean {
  const team = state.teams?.[seat];
  if (viewer.kind === "omniscient") return true;
  if (viewer.kind === "seat") return viewer.seat === seat || (team !== undefined && state.teams?.[viewer.seat] === team);
  if (viewer.kind === "team") return team !== undefined && viewer.team === team;
  return false;
}

export const shiftTiming = (t: Timing, by: number): Timing => TIMINGS[(TIMINGS.indexOf(t) + by) % TIMINGS.length] as Timing;

/** How a dial would read in a JSON text: `"p2-m1":"shoot"`. */
export const dialText = (id: string, t: Timing) => `${JSON.stringify(id)}:${JSON.stringify(t)}`;

/** A seat's dials not yet revealed to everyone. */
export const hiddenDials = (state: EmberState, seat: SeatId): [string, Timing][] =>
  Object.entries(state.plans[seat]?.dials ?? {}).filter(([id]) => state.revealed[id] === undefined);

/** A seat's secondary mission before the reveal, or null. */
export const hiddenSecondary = (state: EmberState, seat: SeatId): string | null => {
  const prep = state.missionPrep;
  return prep && !prep.revealed ? (prep.secondaries[seat]?.choice ?? null) : null;
};

/** The same state with `seat`'s hidden dials turned `by` timings on (commitment left as is). */
export function withOtherDials(state: EmberState, seat: SeatId, by: number): EmberState {
  const next = structuredClone(state);
  const plan = next.plans[seat]!;
  const dials = { ...(plan.dials ?? {}) };
  for (const [id, t] of hiddenDials(state, seat)) dials[id] = shiftTiming(t, by);
  plan.dials = dials;
  return next;
}

/** The same state with another dice seed and RNG state. */
export function withOtherSecret(state: EmberState, seed: string): EmberState {
  const otherSeed = `other-${seed}`;
  return { ...state, secret: { seed: otherSeed, rng: { dice: rngStateFromSeed(otherSeed, "dice") } } };
}

/** The owner of a unit. */
export const ownerOf = (state: EmberState, id: string): SeatId => state.units.find((u) => u.id === id)?.owner ?? "";

/** `seat`'s camouflaged units and their real squares (seed 000 6.2). */
export const concealedOf = (state: EmberState, seat: SeatId) => Object.entries(state.concealed ?? {}).filter(([id]) => ownerOf(state, id) === seat);

/**
 * The same state with each of `seat`'s real squares moved to another square the rules allow
 * (within the concealment value of the marker), or null when none can move.
 */
export function withOtherReal(state: EmberState, seat: SeatId): EmberState | null {
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

/** The dice seed and RNG state: nobody may know them (any viewer) until the end. */
export const diceSecret = (name: string, options: Partial<EmberSecret> = {}): EmberSecret => ({
  name,
  entitled: () => false,
  vary: (state, ctx) => (state.phase === "finished" ? [] : [withOtherSecret(state, ctx.case.seed)]),
  every: { probes: 0, next: 0, choices: 0, mentions: 0 },
  ...options,
});

/** `hider`'s locked, unrevealed dials; `plan_locked` shadows and views carry the same commitment either way. */
export const dialSecret = (hider: SeatId, options: Partial<EmberSecret> & Pick<EmberSecret, "vary">): EmberSecret => ({
  name: "dials",
  entitled: (state, viewer) => entitled(state, viewer, hider),
  // Dials are revealed once both plans are locked (or timing by timing), and a finished match shows all.
  revealedBy: (events, after) => after.phase !== "plan" || events.some((e) => e.event.type === "plan_opened"),
  choices: (state, seat, command) =>
    seat === hider && command.type === "lock_plan" && !state.plans[hider]?.commitment
      ? [{ ...command, dials: Object.fromEntries(Object.entries(command.dials).map(([id, t]) => [id, shiftTiming(t, 2)])) }]
      : [],
  maskKeys: ["commitment"],
  every: { next: 0, mentions: 0 },
  ...options,
});

/** `hider`'s camouflaged units' real squares, until each is revealed (seed 000 6.2). */
export const camouflageSecret = (hider: SeatId, options: Partial<EmberSecret> = {}): EmberSecret => ({
  name: "camouflage",
  entitled: (state, viewer) => entitled(state, viewer, hider),
  vary: (state) => {
    if (state.phase === "finished") return [];
    const variant = withOtherReal(state, hider);
    return variant ? [variant] : [];
  },
  // A reveal, or the end of the match (history review shows every real square), is not a leak.
  revealedBy: (events, after) => after.phase === "finished" || events.some((e) => e.event.type === "decloaked"),
  every: { choices: 0, mentions: 0 },
  ...options,
});

/** Probes listed by a secret: every command of `list` from `seat`, none to be accepted. */
export const refused = (list: readonly { seat: string; command: unknown }[]): Probe[] => list.map((p) => ({ ...p, refuse: true }));

/**
 * Malformed or illegal commands a seat might send while another seat's plan is hidden: about
 * the opponent's mechs (with their real dials), wrong shapes, wrong phases, no decision.
 */
export function planProbes(state: EmberState, seat: SeatId, opponent: SeatId): { seat: string; command: unknown }[] {
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

/**
 * The watcher's commands aimed at a camouflaged unit's surroundings (seed 000 6.2, with 1.5, 10):
 * the first plan probes, every legal launch, scatter and smoke placement (views compared after
 * them), each launch or smoke action retargeted onto both real squares, and moves, attacks and
 * drone orders onto and at them.
 */
export function aimedProbes(ctx: EmberStep, watcher: SeatId, hider: SeatId, variant: EmberState): Probe[] {
  const state = ctx.state;
  const aimed: Probe[] = planProbes(state, watcher, hider).slice(0, 9);
  const launchActs = ctx
    .legal(watcher)
    .filter((x): x is Extract<EmberCommand, { type: "act" }> => x.type === "act" && ((x.to !== undefined && x.facing === undefined) || x.squares !== undefined || x.drops !== undefined));
  for (const x of launchActs) aimed.push({ seat: watcher, command: x, views: true });
  const firstOfEach = [...new Map(launchActs.filter((x) => !x.drops).map((x) => [`${x.part}:${x.action}`, x])).values()];
  const reals = [...concealedOf(state, hider), ...concealedOf(variant, hider)].map(([, real]) => real);
  for (const real of reals) for (const x of firstOfEach) aimed.push({ seat: watcher, command: x.squares ? { ...x, squares: [real] } : { ...x, to: real }, views: true });
  for (const [id] of concealedOf(state, hider)) {
    for (const real of reals) {
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
  return aimed;
}
