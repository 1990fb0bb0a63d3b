/**
 * Seeded random playouts of the dial-duel toy ruleset (design.md principle 10): every match ends,
 * replays to the same hash, never shows a seat's unrevealed number to anyone but that seat (and
 * omniscient), and every commitment opens after its reveal.
 */
import fc from "fast-check";
import {
  Random,
  allViewers,
  canonicalJson,
  deriveSalt,
  replay,
  rngStateFromSeed,
  stateHash,
  verifyCommitment,
  verifySeed,
  viewerLabel,
  type SeatId,
  type Viewer,
} from "../src";
import { dialDuel, dialLabel, type DialDuelCommand, type DialDuelEvent, type DialDuelState } from "../src/testing/dial-duel";
import { SETUP, deepFreeze, newMatch } from "./helpers/dial-duel-play";

const SEATS = dialDuel.seatsOf(SETUP);
const VIEWERS = allViewers(SEATS);
const MAX_STEPS = 60;

/** The same state with `seat`'s unrevealed number replaced (commitment and salt untouched). */
function withOtherNumber(state: DialDuelState, seat: SeatId): DialDuelState {
  const dial = state.dials[seat]!;
  const number = (dial.secret.value.number % 6) + 1;
  return {
    ...state,
    dials: { ...state.dials, [seat]: { ...dial, secret: { ...dial.secret, value: { ...dial.secret.value, number } } } },
  };
}

const entitled = (viewer: Viewer, seat: SeatId) =>
  viewer.kind === "omniscient" || (viewer.kind === "seat" && viewer.seat === seat);

/**
 * Everything a viewer could learn about an unrevealed number it is not entitled to, as a list of
 * problems (empty when nothing leaks).
 */
function leaks(state: DialDuelState, seenBy: ReadonlyMap<string, DialDuelEvent[][]>, context: string): string[] {
  const problems: string[] = [];
  for (const viewer of VIEWERS) {
    const seen = seenBy.get(viewerLabel(viewer))!.flat();
    const events = canonicalJson(seen);
    const label = `${context} ${viewerLabel(viewer)}`;
    const view = dialDuel.viewFor(state, viewer);
    const json = canonicalJson(view);
    if (state.phase !== "over" && (json.includes(state.seed) || view.seed !== null || view.rng !== null)) {
      problems.push(`${label}: seed or RNG state visible before the end`);
    }
    for (const seat of SEATS) {
      const dial = state.dials[seat];
      if (!dial || dial.revealed) continue;
      const { number, salt } = dial.secret.value;
      if (entitled(viewer, seat)) {
        // the projection is not trivially empty: the owner sees its own number
        if (view.dials[seat]!.number !== number) problems.push(`${label}: cannot see its own number`);
        continue;
      }
      if (view.dials[seat]!.number !== null) problems.push(`${label}: sees ${seat}'s number`);
      // the salt would let a viewer open the public commitment by trying all six numbers
      if (view.dials[seat]!.salt !== null || json.includes(salt)) problems.push(`${label}: sees ${seat}'s salt`);
      if (events.includes(salt)) problems.push(`${label}: an event shows ${seat}'s salt`);
      const lockEvents = seen.filter((e) => e.type === "locked" && e.seat === seat && e.round === state.round);
      if (lockEvents.length !== 1) problems.push(`${label}: expected one lock event for ${seat}, saw ${lockEvents.length}`);
      if (lockEvents.some((e) => "number" in e)) problems.push(`${label}: the lock event shows ${seat}'s number`);
      // non-interference: changing the hidden number changes nothing this viewer sees
      if (canonicalJson(dialDuel.viewFor(withOtherNumber(state, seat), viewer)) !== json) {
        problems.push(`${label}: view depends on ${seat}'s hidden number`);
      }
    }
  }
  return problems;
}

/** Junk commands a client might send; all must be rejected without a state change. */
const JUNK: [SeatId, unknown][] = [
  ["p3", { type: "lock", number: 3 }],
  ["p1", null],
  ["p2", "reveal"],
  ["p1", { type: "lock", number: 0 }],
  ["p2", { type: "lock", number: 7 }],
  ["p1", { type: "teleport" }],
  ["p2", { type: "choose_starter", starter: "spectator" }],
];

interface Playout {
  readonly seed: string;
  readonly finalHash: string;
  readonly rounds: number;
  readonly tiebreaks: number;
}

function playout(index: number): Playout {
  const seed = `playout-${index}`;
  const chooser = new Random(rngStateFromSeed(`chooser-${index}`, "test"));
  const match = newMatch(seed);
  const commitments = new Map<string, string>();
  let seedCommitment = "";
  const seenBy = new Map<string, DialDuelEvent[][]>(VIEWERS.map((v) => [viewerLabel(v), []]));

  const record = (envelopes: readonly { audience: unknown; event: DialDuelEvent }[]) => {
    for (const viewer of VIEWERS) {
      const seen = envelopes.map((e) => dialDuel.redact(e as never, viewer)).filter((e): e is DialDuelEvent => e !== null);
      seenBy.get(viewerLabel(viewer))!.push(seen);
    }
    // what a spectator sees is enough to check every commitment
    for (const envelope of envelopes) {
      const event = dialDuel.redact(envelope as never, VIEWERS.find((v) => v.kind === "spectator")!);
      if (!event) continue;
      if (event.type === "match_started") seedCommitment = event.seedCommitment;
      if (event.type === "locked") commitments.set(dialLabel(event.round, event.seat), event.commitment);
      if (event.type === "revealed") {
        const commitment = commitments.get(dialLabel(event.round, event.seat));
        expect([seed, commitment !== undefined && verifyCommitment(commitment, event.number, event.salt)]).toEqual([seed, true]);
      }
      if (event.type === "match_over") {
        expect(verifySeed(seedCommitment, event.seed)).toBe(true);
      }
    }
  };

  const problems: string[] = [];
  record(match.setupEvents);
  deepFreeze(match.state);
  let steps = 0;
  while (dialDuel.result(match.state) === null) {
    steps++;
    if (steps > MAX_STEPS) throw new Error(`${seed}: no result after ${MAX_STEPS} steps`);
    const state = match.state;
    const hash = stateHash(state);

    // now and then a client misbehaves: rejected, nothing changes
    if (chooser.int(0, 3) === 0) {
      const [seat, command] = chooser.pick(JUNK);
      const result = match.submit(seat, command as DialDuelCommand);
      expect(result.ok).toBe(false);
      expect(match.state).toBe(state);
      expect(stateHash(match.state)).toBe(hash);
    }

    const waiting = dialDuel.awaiting(state);
    expect(waiting.length).toBeGreaterThan(0);
    for (const seat of SEATS) {
      if (!waiting.includes(seat)) expect(dialDuel.legalCommands(state, seat)).toEqual([]);
    }
    const seat = chooser.pick(waiting);
    const command = chooser.pick(dialDuel.legalCommands(state, seat));
    const result = match.submit(seat, command);
    if (!result.ok) throw new Error(`${seed}: legal command rejected: ${result.error.code}`);
    expect(stateHash(state)).toBe(hash); // apply did not mutate its input (it is frozen, too)
    deepFreeze(match.state);
    record(result.entry.events);
    problems.push(...leaks(match.state, seenBy, `${seed} step ${steps}`));
  }

  expect(problems).toEqual([]);
  const final = match.state;
  expect(final.phase).toBe("over");
  expect(Math.max(...SEATS.map((s) => final.wins[s]!))).toBe(2);
  expect(final.history.length).toBeGreaterThanOrEqual(2);
  expect(final.history.length).toBeLessThanOrEqual(3);
  // once the seed is public, anyone can open every published commitment with the revealed numbers
  expect(commitments.size).toBe(2 * final.history.length);
  for (const [label, commitment] of commitments) {
    const [, round, s] = label.split(":");
    const number = final.history.find((h) => h.round === Number(round))!.numbers[s!]!;
    expect(verifyCommitment(commitment, number, deriveSalt(final.seed, label))).toBe(true);
  }
  const log = match.toLog();
  const rebuilt = replay(dialDuel, JSON.parse(JSON.stringify(log)) as typeof log);
  expect(rebuilt.hash).toBe(stateHash(final));
  return {
    seed,
    finalHash: rebuilt.hash,
    rounds: final.history.length,
    tiebreaks: final.history.reduce((n, h) => n + h.tiebreaks.length, 0),
  };
}

describe("dial-duel random playouts", () => {
  it("200 seeded matches terminate, replay to the same hash, leak nothing and open every commitment", () => {
    const results = Array.from({ length: 200 }, (_, i) => playout(i));
    // the playouts are varied: two- and three-round matches, tie-breaks, all different final states
    expect(new Set(results.map((r) => r.rounds))).toEqual(new Set([2, 3]));
    expect(results.some((r) => r.tiebreaks > 0)).toBe(true);
    expect(new Set(results.map((r) => r.finalHash)).size).toBe(200);
  });

  it("a playout is deterministic: the same seeds give the same final hash", () => {
    expect(playout(7).finalHash).toBe(playout(7).finalHash);
  });
});

describe("dial-duel apply on arbitrary input (fast-check)", () => {
  const command = fc.oneof(
    fc.record({ type: fc.constant("lock"), number: fc.oneof(fc.integer({ min: -3, max: 10 }), fc.double(), fc.string()) }),
    fc.record({ type: fc.constant("reveal") }),
    fc.record({ type: fc.constant("choose_starter"), starter: fc.oneof(fc.constantFrom("p1", "p2", "p3"), fc.anything()) }),
    fc.anything(),
  );
  const seat = fc.constantFrom("p1", "p2", "p3", "");

  it("never throws, and either accepts or returns an error without touching the state", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.tuple(seat, command), { maxLength: 40 }), (seed, commands) => {
        let state = deepFreeze(dialDuel.setup(SETUP, seed).state);
        for (const [s, c] of commands) {
          const hash = stateHash(state);
          const result = dialDuel.apply(state, c as DialDuelCommand, s);
          expect(stateHash(state)).toBe(hash);
          if (result.ok) {
            state = deepFreeze(result.state);
          } else {
            expect(typeof result.error.code).toBe("string");
            expect(result.error.rule).toMatch(/^dial-duel \d$/);
          }
        }
      }),
      { numRuns: 300, seed: 20261101 },
    );
  });
});
