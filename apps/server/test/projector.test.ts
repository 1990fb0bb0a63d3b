/**
 * The projector (src/sync/projector.ts) works incrementally: one public projection per command,
 * each seat's overlay from the parts its projection does not share with the public one, and only
 * changed entries written. The oracle stays the full recomputation (design.md principle 6): after
 * every command of random bot matches, EMBER (1 v 1, 1 v 1 v 1 with mission preparation, 2 v 2)
 * and Siege (1 v 1, 2 v 2), the room state's maps are exactly
 * - `view` = flatten(viewFor(state, spectator));
 * - public entries with a seat's overlay applied = flatten(viewFor(state, seat)), for every seat;
 * - the caster feed = flatten(the host's caster view of a delayed state given the live one).
 * States are deep-frozen before they reach the projector: neither it nor the rulesets'
 * `sharedViewFor` may change a state (they share its objects). A projector whose seat projections
 * lack a secret part fails the same check.
 */
import fc from "fast-check";
import { autoplay, seatViewer, spectator, type Ruleset, type Viewer } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, type EmberSetup, type EmberState } from "@fogwar/ember";
import { siege, siegeBotPolicy, type SiegeSetup } from "@fogwar/siege";
import { applyOverlay, flatten, type Flat } from "@fogwar/protocol";
import { Projector } from "../src/sync/projector";
import { MatchRoomState } from "../src/sync/state";
import { RULESETS, type AnyRuleset } from "../src/hosts/index.js";

interface Played {
  readonly label: string;
  readonly ruleset: AnyRuleset;
  readonly seats: readonly string[];
  /** The states after setup and after each command. */
  readonly states: readonly unknown[];
}

const army = (n: number) => catalog.data.armies[(n % 3) * 2]!;
const EMBER_FORMATS = [
  { scenario: "crossroads", seats: ["p1", "p2"] },
  { scenario: "relay-field", seats: ["p1", "p2", "p3"] },
  { scenario: "crossroads", seats: ["p1", "p2", "p3", "p4"], teams: { p1: "alpha", p2: "bravo", p3: "alpha", p4: "bravo" } },
] as const;
const SIEGE_TEAMS: SiegeSetup["teams"][] = [
  { attack: ["a1"], defence: ["d1"] },
  { attack: ["a1", "a2"], defence: ["d1", "d2"] },
];

function play<S>(label: string, ruleset: Ruleset<S, unknown, { type: string }, unknown, unknown>, setup: S, seed: number, policy: object): Played {
  const states: unknown[] = [ruleset.setup(setup, `projector-${seed}`).state];
  autoplay(ruleset, setup, `projector-${seed}`, `projector-bot-${seed}`, { policy, maxCommands: 20_000, onCommand: (m) => void states.push(m.state) });
  return { label: `${label}, seed ${seed}`, ruleset: ruleset as AnyRuleset, seats: ruleset.seatsOf(setup), states };
}

const emberMatch = (format: number, seed: number): Played => {
  const f = EMBER_FORMATS[format]!;
  const setup: EmberSetup = {
    scenario: f.scenario,
    seats: [...f.seats],
    ...("teams" in f ? { teams: f.teams } : {}),
    armies: Object.fromEntries(f.seats.map((s, k) => [s, army(seed + k)])),
    options: { progressiveReveal: seed % 2 === 1 },
  };
  return play(`EMBER ${f.seats.length} seats on ${f.scenario}`, ember as never, setup, seed, emberBotPolicy);
};
const siegeMatch = (format: number, seed: number): Played =>
  play(`Siege ${SIEGE_TEAMS[format]!.attack.length} v ${SIEGE_TEAMS[format]!.attack.length}`, siege as never, { mission: "ledger", teams: SIEGE_TEAMS[format]! }, seed, siegeBotPolicy);

/** Freezes a plain JSON value and everything in it (a change then throws in strict mode). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

const entries = (map: { entries(): IterableIterator<[string, string]> }): Flat => new Map(map.entries());

/** The first entry where two flat maps differ, described; null when they are equal. */
function difference(got: Flat, want: Flat): string | null {
  for (const [path, value] of want) if (got.get(path) !== value) return `${path}: got ${got.get(path) ?? "nothing"}, want ${value}`;
  for (const [path, value] of got) if (!want.has(path)) return `${path}: got ${value}, want nothing`;
  return null;
}

/**
 * Feeds a match's states through one projector (with a caster feed `lag` commands behind) and
 * returns the first step where a map differs from the full recomputation, or null.
 */
function firstMismatch(match: Played, lag: number, ruleset: AnyRuleset = match.ruleset, sleepEvery = 0): string | null {
  const host = RULESETS.get(match.ruleset.id)!;
  const casterView = (delayed: unknown, live: unknown) => (host.casterView ? host.casterView(delayed, live) : match.ruleset.viewFor(delayed, { kind: "omniscient" }));
  const room = new MatchRoomState();
  const projector = new Projector(room, ruleset, match.seats, true, casterView);
  for (const [step, state] of match.states.entries()) {
    deepFreeze(state);
    const delayed = match.states[Math.max(0, step - lag)];
    // Asleep (no client connected): every map empty, through updates too, until woken.
    const sleeping = sleepEvery > 0 && step % sleepEvery === 1;
    if (sleeping) projector.sleep();
    projector.update(state, step, { seq: Math.max(0, step - lag), state: delayed });
    if (sleeping) {
      const held = room.view.size + room.caster!.entries.size + match.seats.reduce((n, seat) => n + room.seats.get(seat)!.entries.size, 0);
      if (held > 0 || room.seq !== step) return `${match.label}, step ${step}: asleep, the maps hold ${held} entries at seq ${room.seq}`;
      projector.wake();
    }
    const where = (viewer: string, problem: string | null) => (problem ? `${match.label}, step ${step}, ${viewer}: ${problem}` : null);
    const publicFlat = entries(room.view);
    const problem =
      where("spectator", difference(publicFlat, flatten(match.ruleset.viewFor(state, spectator)))) ??
      match.seats.map((seat) => where(seat, difference(applyOverlay(publicFlat, entries(room.seats.get(seat)!.entries)), flatten(match.ruleset.viewFor(state, seatViewer(seat)))))).find((p) => p) ??
      where("caster feed", difference(entries(room.caster!.entries), flatten(casterView(delayed, state))));
    if (problem) return problem;
  }
  return null;
}

describe("incremental projector", () => {
  test("EMBER: after every command the maps equal the full recomputation for every viewer (1 v 1, 1 v 1 v 1, 2 v 2)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: EMBER_FORMATS.length - 1 }), fc.nat(1_000_000), fc.integer({ min: 1, max: 30 }), (format, seed, lag) => {
        expect(firstMismatch(emberMatch(format, seed), lag)).toBeNull();
      }),
      { numRuns: 9, examples: [[0, 1, 5], [1, 2, 10], [2, 3, 20]] },
    );
  });

  test("Siege: after every command the maps equal the full recomputation for every viewer (1 v 1, 2 v 2)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SIEGE_TEAMS.length - 1 }), fc.nat(1_000_000), fc.integer({ min: 1, max: 60 }), (format, seed, lag) => {
        expect(firstMismatch(siegeMatch(format, seed), lag)).toBeNull();
      }),
      { numRuns: 3, examples: [[0, 1, 5], [1, 2, 40]] },
    );
  });

  test("asleep, the maps hold nothing; woken, they equal the full recomputation again (EMBER 1 v 1, Siege 1 v 1)", () => {
    expect(firstMismatch(emberMatch(0, 4), 5, undefined, 7)).toBeNull();
    expect(firstMismatch(siegeMatch(0, 4), 5, undefined, 9)).toBeNull();
  });

  test("the check fails when a seat's projection misses a secret part: dials, camouflaged squares, a defence's real tokens", () => {
    // Each seat's shared projection with one secret part taken from the public projection, as a
    // ruleset whose seat projections shared a redacted part by mistake would give.
    const missing = (ruleset: AnyRuleset, part: string): AnyRuleset => ({
      ...ruleset,
      sharedViewFor: (state: unknown, viewer: Viewer) => {
        const own = ruleset.sharedViewFor!(state, viewer) as Record<string, unknown>;
        return viewer.kind === "seat" ? { ...own, [part]: (ruleset.sharedViewFor!(state, spectator) as Record<string, unknown>)[part] } : own;
      },
    });
    const emberGame = emberMatch(0, 1);
    expect(firstMismatch(emberGame, 5)).toBeNull();
    expect(firstMismatch(emberGame, 5, missing(ember as AnyRuleset, "plans"))).toMatch(/p[12]: \/plans\/p[12](\/dials)?: /);
    expect(emberGame.states.some((s) => Object.keys((s as EmberState).concealed ?? {}).length > 0)).toBe(true);
    expect(firstMismatch(emberGame, 5, missing(ember as AnyRuleset, "concealed"))).toMatch(/\/concealed/);
    const siegeGame = siegeMatch(0, 1);
    expect(firstMismatch(siegeGame, 5)).toBeNull();
    expect(firstMismatch(siegeGame, 5, missing(siege as AnyRuleset, "hidden"))).toMatch(/\/hidden/);
  });
});
