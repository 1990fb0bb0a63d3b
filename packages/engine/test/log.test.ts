import { Match, ReplayError, replay, stateHash, type LogEntry, type MatchLog } from "../src";
import {
  dialDuel,
  type DialDuelCommand,
  type DialDuelEvent,
  type DialDuelSetup,
  type DialDuelState,
} from "../src/testing/dial-duel";
import { SETUP, must, newMatch, playToEnd } from "./helpers/dial-duel-play";

const SEED = "fe".repeat(32);
type Log = MatchLog<DialDuelSetup, DialDuelCommand, DialDuelEvent>;
type Entry = LogEntry<DialDuelCommand, DialDuelEvent>;

/** A finished three-round match (one tie-break) and its log. */
function finishedMatch() {
  const match = newMatch(SEED);
  playToEnd(match, [{ p1: 6, p2: 1 }, { p1: 3, p2: 3 }, { p1: 1, p2: 6 }, { p1: 2, p2: 5 }]);
  return { match, log: match.toLog() };
}

const withEntries = (log: Log, entries: Entry[]): Log => ({ ...log, entries });
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function expectReplayError(fn: () => unknown, seq: number, message: RegExp): void {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ReplayError);
  expect(thrown).toBeInstanceOf(Error);
  expect((thrown as ReplayError).name).toBe("ReplayError");
  expect((thrown as ReplayError).seq).toBe(seq);
  expect((thrown as ReplayError).message).toMatch(message);
}

describe("Match", () => {
  it("runs setup on construction and starts with an empty log", () => {
    const match = newMatch(SEED);
    expect(match.state).toEqual(dialDuel.setup(SETUP, SEED).state);
    expect(match.setupEvents).toEqual(dialDuel.setup(SETUP, SEED).events);
    expect(match.toLog()).toEqual({
      ruleset: "dial-duel",
      rulesVersion: dialDuel.rulesVersion,
      setup: SETUP,
      seed: SEED,
      setupEvents: match.setupEvents,
      entries: [],
    });
  });

  it("accepts a legal command: new state, and a log entry with seq, seat, command and events", () => {
    const match = newMatch(SEED);
    const before = match.state;
    const result = match.submit("p1", { type: "lock", number: 4 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.entry.seq).toBe(1);
    expect(result.entry.seat).toBe("p1");
    expect(result.entry.command).toEqual({ type: "lock", number: 4 });
    expect(result.entry.events).toHaveLength(1);
    expect(match.state).not.toBe(before);
    expect(match.state.dials.p1).not.toBeNull();
    expect(match.toLog().entries).toEqual([result.entry]);
  });

  it("rejects an illegal command with the ruleset's error and changes neither state nor log", () => {
    const match = newMatch(SEED);
    must(match, "p1", { type: "lock", number: 4 });
    const state = match.state;
    const hash = stateHash(state);
    const result = match.submit("p1", { type: "lock", number: 5 });
    expect(result).toEqual({
      ok: false,
      error: { code: "already_locked", message: expect.any(String), rule: "dial-duel 2" },
    });
    expect(match.state).toBe(state);
    expect(stateHash(match.state)).toBe(hash);
    expect(match.toLog().entries).toHaveLength(1);
    // the next accepted command continues the sequence without a gap
    expect(must(match, "p2", { type: "lock", number: 1 }).seq).toBe(2);
  });

  it("returns a snapshot from toLog that later commands do not extend", () => {
    const match = newMatch(SEED);
    must(match, "p1", { type: "lock", number: 4 });
    const snapshot = match.toLog();
    must(match, "p2", { type: "lock", number: 2 });
    expect(snapshot.entries).toHaveLength(1);
    expect(match.toLog().entries).toHaveLength(2);
  });
});

describe("replay", () => {
  it("rebuilds a full match to the same state hash", () => {
    const { match, log } = finishedMatch();
    expect(match.state.phase).toBe("over");
    expect(log.entries.length).toBeGreaterThan(10);
    const rebuilt = replay(dialDuel, log);
    expect(rebuilt.hash).toBe(stateHash(match.state));
    expect(rebuilt.state).toEqual(match.state);
  });

  it("rebuilds a match in progress, and a log that went through JSON storage", () => {
    const match = newMatch(SEED);
    must(match, "p2", { type: "lock", number: 3 });
    must(match, "p1", { type: "lock", number: 3 });
    expect(replay(dialDuel, match.toLog()).hash).toBe(stateHash(match.state));
    const { match: done, log } = finishedMatch();
    expect(replay(dialDuel, clone(log)).hash).toBe(stateHash(done.state));
  });

  it("calls onStep after setup (seq 0) and after every entry with the state reached live", () => {
    const match = newMatch(SEED);
    const liveHashes = [stateHash(match.state)];
    playToEnd(match, [{ p1: 2, p2: 2 }, { p1: 5, p2: 4 }]);
    // recompute the live hashes by stepping a second live match with the same commands
    const again = newMatch(SEED);
    for (const entry of match.toLog().entries) {
      must(again, entry.seat, entry.command);
      liveHashes.push(stateHash(again.state));
    }
    const steps: [number, string][] = [];
    replay(dialDuel, match.toLog(), (seq, state: DialDuelState) => steps.push([seq, stateHash(state)]));
    expect(steps.map(([seq]) => seq)).toEqual(liveHashes.map((_, i) => i));
    expect(steps.map(([, hash]) => hash)).toEqual(liveHashes);
  });

  it("detects a tampered command whose events no longer match", () => {
    const { log } = finishedMatch();
    const entries = clone(log.entries) as Entry[];
    const index = entries.findIndex((e) => e.command.type === "lock");
    entries[index] = { ...entries[index]!, command: { type: "lock", number: 2 } };
    // the commitment in the recorded event no longer matches the replayed lock
    expectReplayError(() => replay(dialDuel, withEntries(log, entries)), index + 1, /different events/);
  });

  it("detects a tampered command the rules reject", () => {
    const { log } = finishedMatch();
    const entries = clone(log.entries) as Entry[];
    entries[2] = { ...entries[2]!, command: { type: "lock", number: 9 } };
    expectReplayError(() => replay(dialDuel, withEntries(log, entries)), 3, /rejected.*(out_of_range|wrong_phase)/);
  });

  it("detects a command attributed to the wrong seat", () => {
    const { log } = finishedMatch();
    const entries = clone(log.entries) as Entry[];
    entries[1] = { ...entries[1]!, seat: entries[0]!.seat };
    expectReplayError(() => replay(dialDuel, withEntries(log, entries)), 2, /rejected on replay: already_locked/);
  });

  it("detects a tampered event", () => {
    const { log } = finishedMatch();
    const entries = clone(log.entries) as Entry[];
    const index = entries.findIndex((e) => e.events.some((ev) => ev.event.type === "round_won"));
    entries[index] = {
      ...entries[index]!,
      events: entries[index]!.events.map((ev) =>
        ev.event.type === "round_won" ? { ...ev, event: { ...ev.event, winner: ev.event.winner === "p1" ? "p2" : "p1" } } : ev,
      ),
    };
    expectReplayError(() => replay(dialDuel, withEntries(log, entries)), index + 1, /different events/);
  });

  it("detects a tampered event audience or shadow", () => {
    const { log } = finishedMatch();
    const entries = clone(log.entries) as Entry[];
    const lock = entries[0]!;
    entries[0] = { ...lock, events: lock.events.map((ev) => ({ ...ev, audience: { kind: "everyone" } as const })) };
    expectReplayError(() => replay(dialDuel, withEntries(log, entries)), 1, /different events/);
    const again = clone(log.entries) as Entry[];
    again[0] = { ...lock, events: lock.events.map(({ shadow: _shadow, ...rest }) => rest) };
    expectReplayError(() => replay(dialDuel, withEntries(log, again)), 1, /different events/);
  });

  it("detects dropped or extra events", () => {
    const { log } = finishedMatch();
    const entries = clone(log.entries) as Entry[];
    const last = entries.length - 1;
    entries[last] = { ...entries[last]!, events: entries[last]!.events.slice(0, -1) };
    expectReplayError(() => replay(dialDuel, withEntries(log, entries)), last + 1, /different events/);
  });

  it("detects tampered setup events and a different seed", () => {
    const { log } = finishedMatch();
    const setupEvents = [...clone(log.setupEvents)];
    const first = setupEvents[0]!;
    if (first.event.type !== "match_started") throw new Error("unexpected setup event");
    setupEvents[0] = { ...first, event: { ...first.event, starter: first.event.starter === "p1" ? "p2" : "p1" } };
    expectReplayError(() => replay(dialDuel, { ...log, setupEvents }), 0, /setup produced different events/);
    expectReplayError(() => replay(dialDuel, { ...log, seed: "00".repeat(32) }), 0, /setup produced different events/);
  });

  it("refuses a log for a different rules version or ruleset", () => {
    const { log } = finishedMatch();
    expectReplayError(() => replay(dialDuel, { ...log, rulesVersion: "0.9.0" }), 0, /rules version 0\.9\.0/);
    expectReplayError(() => replay(dialDuel, { ...log, ruleset: "ember" }), 0, /ruleset "ember"/);
  });

  it("detects a wrong, repeated or missing sequence number", () => {
    const { log } = finishedMatch();
    const renumbered = log.entries.map((e, i) => (i === 3 ? { ...e, seq: 7 } : e));
    expectReplayError(() => replay(dialDuel, withEntries(log, renumbered)), 7, /expected seq 4, found 7/);
    const missing = log.entries.filter((_, i) => i !== 4);
    expectReplayError(() => replay(dialDuel, withEntries(log, missing)), 6, /expected seq 5, found 6/);
    const repeated = [log.entries[0]!, log.entries[0]!, ...log.entries.slice(1)];
    expectReplayError(() => replay(dialDuel, withEntries(log, repeated)), 1, /expected seq 2, found 1/);
  });

  it("a replay with the same inputs is deterministic across fresh matches", () => {
    const a = finishedMatch();
    const b = finishedMatch();
    expect(stateHash(a.match.state)).toBe(stateHash(b.match.state));
    expect(replay(dialDuel, a.log).hash).toBe(replay(dialDuel, b.log).hash);
    const other = new Match(dialDuel, SETUP, "another seed");
    playToEnd(other, [{ p1: 6, p2: 1 }, { p1: 3, p2: 3 }, { p1: 1, p2: 6 }, { p1: 2, p2: 5 }]);
    expect(stateHash(other.state)).not.toBe(stateHash(a.match.state));
  });
});
