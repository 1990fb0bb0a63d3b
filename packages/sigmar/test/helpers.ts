/**
 * Test helpers: a battle state built directly (units at given places, a phase and an active
 * player), commands applied with the result checked, and dice rigged by choosing an RNG state
 * whose next draws satisfy a test's need (the rules still roll them).
 */
import { Random, rngStateFromSeed, type EventEnvelope, type SeatId } from "@fogwar/engine";
import { apply, catalog, setupBattle, type Phase, type SigmarCommand, type SigmarEvent, type SigmarState, type UnitState } from "../src";
import { baseRadius, formation } from "./geometry-helpers";

/** A unit for {@link battle}: its owner, warscroll and centre in inches (models in a compact formation), or its models' places in inches. */
export interface UnitSpec {
  readonly id: string;
  readonly owner: SeatId;
  readonly warscroll: string;
  readonly at?: readonly [number, number];
  readonly models?: readonly (readonly [number, number])[];
  readonly count?: number;
  readonly where?: UnitState["where"];
  readonly enhancement?: string;
}

/**
 * A state in the battle: the given units (and nothing else), `step` of `active`'s turn in round
 * `round` (turn number `turn`), with empty hands unless given.
 */
export function battle(units: readonly UnitSpec[], options: { step?: Phase; active?: SeatId; round?: number; turn?: number; cp?: number; hands?: Record<SeatId, string[]> } = {}): SigmarState {
  const s = setupBattle();
  s.units = {};
  for (const u of units) {
    const w = catalog.warscrolls.get(u.warscroll)!;
    const count = u.count ?? u.models?.length ?? w.models;
    const places = u.models ? u.models.map(([x, y]) => ({ x: Math.round(x * 100), y: Math.round(y * 100) })) : u.at ? formation(count, baseRadius(w.baseMm), { x: Math.round(u.at[0] * 100), y: Math.round(u.at[1] * 100) }) : [];
    s.units[u.id] = {
      id: u.id,
      owner: u.owner,
      warscroll: u.warscroll,
      size: u.models ? Math.max(w.models, count) : w.models,
      models: (u.where ?? "field") === "field" ? places.map((p, i) => ({ id: `${u.id}-m${i + 1}`, x: p.x, y: p.y })) : [],
      damage: 0,
      where: u.where ?? "field",
      did: {},
      next: places.length + 1,
      ...(u.enhancement ? { enhancement: u.enhancement } : {}),
    };
  }
  s.phase = "battle";
  s.step = options.step ?? "hero";
  s.active = options.active ?? "p1";
  s.first = s.active;
  s.round = options.round ?? 1;
  s.turn = options.turn ?? 1;
  s.cp = { p1: options.cp ?? 2, p2: options.cp ?? 2 };
  s.hands = options.hands ?? { p1: [], p2: [] };
  s.neutralOrder = ["mire_grip", "gale_step"];
  s.pending = null;
  return s;
}

/** Applies a command that must be accepted; returns the new state and its events (as everyone sees them in full). */
export function ok(state: SigmarState, seat: SeatId, command: SigmarCommand): { state: SigmarState; events: SigmarEvent[]; envelopes: readonly EventEnvelope<SigmarEvent>[] } {
  const r = apply(state, command, seat);
  if (!r.ok) throw new Error(`refused: ${r.error.code} (${r.error.message}) for ${JSON.stringify(command)}`);
  return { state: r.state, events: r.events.map((e) => e.event), envelopes: r.events };
}

/** Applies a command that must be refused; returns the error code. */
export function refused(state: SigmarState, seat: SeatId, command: unknown): string {
  const r = apply(state, command as SigmarCommand, seat);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(command)}`);
  return r.error.code;
}

/**
 * Sets the state's dice stream to one whose draws make `wanted(random)` true (the test simulates the
 * rules' draws in order, e.g. `r.int(1, 6) === 6`). @throws Error when no state is found in `tries`.
 */
export function rig(state: SigmarState, wanted: (random: Random) => boolean, tries = 200_000): SigmarState {
  for (let i = 0; i < tries; i++) {
    const dice = rngStateFromSeed(`rig-${i}`, "dice");
    if (wanted(new Random(dice))) return { ...state, secret: { ...state.secret, rng: { ...state.secret.rng, dice } } };
  }
  throw new Error("no RNG state found for the wanted dice");
}

/** The next `n` D6 are exactly `faces`. */
export const d6s = (...faces: number[]) => (r: Random) => faces.every((f) => r.int(1, 6) === f);

/** The events of a type. */
export const ofType = <T extends SigmarEvent["type"]>(events: readonly SigmarEvent[], type: T): Extract<SigmarEvent, { type: T }>[] => events.filter((e): e is Extract<SigmarEvent, { type: T }> => e.type === type);

/** Inches to fine units. */
export const at = (x: number, y: number) => ({ x: Math.round(x * 100), y: Math.round(y * 100) });

/** The state with its random streams drawn from `seed` (a test that needs some outcome tries seeds in turn). */
export const reseed = (state: SigmarState, seed: string): SigmarState => ({ ...state, secret: { ...state.secret, rng: { dice: rngStateFromSeed(seed, "dice"), decks: rngStateFromSeed(seed, "decks") } } });

/**
 * `seat`'s unit fights `target` in a combat phase entered from the charge phase (the unit must be
 * the first that may fight); tries RNG seeds until `until(report events)` holds. Returns the
 * fight's events.
 */
export function fightUntil(state: SigmarState, seat: SeatId, unit: string, target: string, until: (events: SigmarEvent[]) => boolean, crits?: Record<string, "2hits" | "autowound" | "mortal">): SigmarEvent[] {
  const combat = ok({ ...state, step: "charge", active: seat }, seat, { type: "end_phase" }).state;
  for (let i = 0; i < 2000; i++) {
    const { events } = ok(reseed(combat, `fight-${i}`), seat, { type: "fight", unit, target, ...(crits ? { crits } : {}) });
    if (until(events)) return events;
  }
  throw new Error("no seed gave the wanted fight");
}
