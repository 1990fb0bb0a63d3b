/**
 * Test helpers: small armies, a match brought to a chosen moment with real commands, units placed
 * where an example needs them, and forced die faces for worked examples.
 */
import { stateHash, type SeatId, type Square } from "@fogwar/engine";
import { catalog, ember, type ArmyList, type EmberCommand, type EmberEvent, type EmberState, type Face, type MechState, type Timing, type UnitState } from "../src";

/** p1: RDL, Bulwark (shield arm, breaker cannon) + Smelter, and a drone. */
export const RDL: ArmyList = {
  name: "Test RDL",
  faction: "RDL",
  units: [
    { kind: "mech", name: "Bulwark", parts: { torso: "rdl-bastion-torso", chassis: "rdl-crawler-chassis", left_arm: "rdl-slab-shield", right_arm: "rdl-breaker-cannon" }, pilot: "rdl-han-dolseok" },
    { kind: "mech", name: "Smelter", parts: { torso: "rdl-crucible-torso", chassis: "rdl-ironstep-chassis", left_arm: "rdl-cinder-axe", right_arm: "rdl-rivet-repeater" }, pilot: "rdl-greta-marrow" },
    { kind: "drone", drone: "rdl-scrap-tortoise" },
  ],
};

/** p2: UN, Picket (arc baton, volley carbine) + Spotter (signal lance, longbow), and a high-altitude drone. */
export const UN: ArmyList = {
  name: "Test UN",
  faction: "UN",
  units: [
    { kind: "mech", name: "Picket", parts: { torso: "un-lattice-core", chassis: "un-gyro-striders", left_arm: "un-arc-baton", right_arm: "un-volley-carbine" }, pilot: "un-yoon-seoha" },
    { kind: "mech", name: "Spotter", parts: { torso: "un-relay-spine", chassis: "un-gyro-striders", left_arm: "un-signal-lance", right_arm: "un-longbow-rail" }, pilot: "un-idris-vell" },
    { kind: "drone", drone: "un-skylark-spotter" },
  ],
};

export const SETUP = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: RDL, p2: UN } };

/** Applies a command and fails the test with the error if it is rejected. */
export function must(state: EmberState, seat: SeatId, command: EmberCommand): { state: EmberState; events: EmberEvent[] } {
  const result = ember.apply(state, command, seat);
  if (!result.ok) throw new Error(`${seat} ${JSON.stringify(command)} rejected: ${result.error.code} (${result.error.message})`);
  return { state: result.state, events: result.events.map((e) => e.event) };
}

/** Applies a command that must be rejected; checks the state is unchanged and returns the code. */
export function rejected(state: EmberState, seat: SeatId, command: unknown): string {
  const before = stateHash(state);
  const result = ember.apply(state, command as EmberCommand, seat);
  if (result.ok) throw new Error(`${seat} ${JSON.stringify(command)} was accepted`);
  expect(stateHash(state)).toBe(before);
  return result.error.code;
}

/** A fresh match after setup (first-player roll done, side choice pending). */
export function fresh(seed = "test-seed", setup: Parameters<typeof ember.setup>[0] = SETUP): EmberState {
  return ember.setup(setup, seed).state;
}

/** A match in round 1's command phase: p1 goes first and plays white (rows 10-11), p2 black (rows 0-1). */
export function deployed(seed = "test-seed", setup: Parameters<typeof ember.setup>[0] = SETUP): EmberState {
  let state = fresh(seed, setup);
  state = { ...state, firstPlayer: "p1", turn: "p1", pending: { ...state.pending!, seat: "p1" } } as EmberState;
  state = must(state, "p1", { type: "choose_side", side: "white" }).state;
  const x = { p1: 0, p2: 0 };
  while (state.phase === "deployment") {
    const seat = state.turn as "p1" | "p2";
    const unit = state.units.find((u) => u.owner === seat && !u.deployed) as UnitState;
    const at = { x: x[seat]++ * 2, y: seat === "p1" ? 11 : 0 };
    const cmd: EmberCommand = unit.kind === "mech"
      ? { type: "deploy", unit: unit.id, at, facing: seat === "p1" ? "N" : "S", stance: "OFF" }
      : { type: "deploy", unit: unit.id, at, facing: seat === "p1" ? "N" : "S" };
    state = must(state, seat, cmd).state;
  }
  return state;
}

/** Ends the command phase for both seats (whoever is on turn passes). */
export function skipCommands(state: EmberState): EmberState {
  while (state.phase === "command") state = must(state, state.turn as SeatId, { type: "end_commands" }).state;
  return state;
}

/** Locks both plans with the given dials (mechs not named get `tactical`). */
export function lockPlans(state: EmberState, dials: Record<string, Timing>): { state: EmberState; events: EmberEvent[] } {
  const events: EmberEvent[] = [];
  for (const seat of state.seats) {
    const mine: Record<string, Timing> = {};
    for (const u of state.units) if (u.kind === "mech" && u.owner === seat && u.deployed && !u.destroyed) mine[u.id] = dials[u.id] ?? "tactical";
    const r = must(state, seat, { type: "lock_plan", dials: mine });
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

/** A unit of a state, typed. */
export const mech = (state: EmberState, id: string) => state.units.find((u) => u.id === id) as MechState;
export const unit = (state: EmberState, id: string) => state.units.find((u) => u.id === id) as UnitState;

/** Moves units to squares and facings (a test arranging a situation). Returns a new state. */
export function arrange(state: EmberState, places: Record<string, { at: Square; facing?: UnitState["facing"] }>): EmberState {
  const next = structuredClone(state);
  for (const [id, place] of Object.entries(places)) {
    const u = next.units.find((x) => x.id === id) as UnitState;
    u.at = { ...place.at };
    if (place.facing) u.facing = place.facing;
  }
  return next;
}

/** Replaces a state's fields (deep copy first). */
export function edit(state: EmberState, change: (s: EmberState) => void): EmberState {
  const next = structuredClone(state);
  change(next);
  return next;
}

const f = (result: Face["result"], extra: Partial<Face> = {}): Face => ({ result, count: 1, hollow: false, ...extra });
export const FACE = {
  light: f("light"),
  heavy: f("heavy"),
  doubleLight: f("light", { count: 2 }),
  hollowLight: f("light", { hollow: true }),
  hollowHeavy: f("heavy", { hollow: true }),
  defend: f("defend"),
  doubleDefend: f("defend", { count: 2 }),
  hollowDefend: f("defend", { hollow: true }),
  hollowDoubleDefend: f("defend", { count: 2, hollow: true }),
  evade: f("evade"),
  eye: f("eye"),
  lightning: f("lightning"),
  blank: f("blank"),
};

type DieName = "yellow" | "red" | "white" | "blue";

/**
 * Runs `body` with every face of the named dice forced to one face (and the part die to one
 * result), then restores the sample dice. Worked examples use it to know every result by hand.
 */
export function withDice<T>(forced: Partial<Record<DieName, Face>> & { part?: string }, body: () => T): T {
  const dice = catalog.data.dice as unknown as Record<string, unknown[]>;
  const saved: Record<string, unknown[]> = {};
  for (const [name, face] of Object.entries(forced)) {
    saved[name] = [...(dice[name] as unknown[])];
    (dice[name] as unknown[]).splice(0, 6, ...Array(6).fill(face));
  }
  try {
    return body();
  } finally {
    for (const [name, faces] of Object.entries(saved)) (dice[name] as unknown[]).splice(0, 6, ...faces);
  }
}

/** Starts round 1's action phase with the given dials, after the command phase is skipped. */
export function toAction(state: EmberState, dials: Record<string, Timing>): EmberState {
  return lockPlans(skipCommands(state), dials).state;
}

/** Ends activations (each by its owner) until `unit` has the action opportunity. */
export function activate(state: EmberState, unit: string): EmberState {
  for (let guard = 0; state.activation?.unit !== unit; guard++) {
    if (!state.activation || guard > 8) throw new Error(`${unit} never activates`);
    const owner = state.units.find((u) => u.id === state.activation?.unit)!.owner;
    state = must(state, owner, { type: "end_activation", unit: state.activation.unit }).state;
  }
  return state;
}
