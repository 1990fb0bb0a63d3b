/**
 * The dial-duel toy ruleset (src/testing/dial-duel.ts) behaves as its rules say, so the log and
 * playout tests that rely on it test the engine and not a broken fixture.
 */
import { commit, deriveSalt, omniscient, seatViewer, spectator, verifyCommitment, verifySeed } from "../src";
import { dialDuel, dialLabel, type DialDuelCommand, type DialDuelEvent } from "../src/testing/dial-duel";
import { SETUP, deepFreeze, must, newMatch, playRound, playToEnd } from "./helpers/dial-duel-play";

const SEED = "0123456789abcdef".repeat(4);

describe("dial-duel setup (dial-duel 1)", () => {
  it("starts round 1 in the lock phase with a public seed commitment and a rolled starter", () => {
    const { state, events } = dialDuel.setup(SETUP, SEED);
    expect(state.phase).toBe("lock");
    expect(state.round).toBe(1);
    expect(["p1", "p2"]).toContain(state.starter);
    expect(verifySeed(state.seedCommitment, SEED)).toBe(true);
    expect(events).toEqual([
      { audience: { kind: "everyone" }, event: { type: "match_started", seats: ["p1", "p2"], seedCommitment: state.seedCommitment, starter: state.starter } },
    ]);
    expect(dialDuel.seatsOf(SETUP)).toEqual(["p1", "p2"]);
  });

  it("rolls the starter from the seed: both seats start some matches", () => {
    const starters = new Set(Array.from({ length: 20 }, (_, i) => dialDuel.setup(SETUP, `seed-${i}`).state.starter));
    expect(starters).toEqual(new Set(["p1", "p2"]));
  });

  it("rejects a setup without two different seats", () => {
    expect(() => dialDuel.setup({ seats: ["p1", "p1"] }, SEED)).toThrow(/two different seats/);
  });
});

describe("dial-duel lock and reveal (dial-duel 2-3)", () => {
  it("waits for both seats to lock, in either order, and publishes only a commitment", () => {
    const match = newMatch(SEED);
    expect(dialDuel.awaiting(match.state)).toEqual(["p1", "p2"]);
    const entry = must(match, "p2", { type: "lock", number: 5 });
    const salt = deriveSalt(SEED, dialLabel(1, "p2"));
    const commitment = commit(5, salt);
    expect(entry.events).toEqual([
      {
        audience: { kind: "seats", seats: ["p2"] },
        event: { type: "locked", round: 1, seat: "p2", commitment, number: 5 },
        shadow: { type: "locked", round: 1, seat: "p2", commitment },
      },
    ]);
    expect(dialDuel.awaiting(match.state)).toEqual(["p1"]);
    expect(dialDuel.legalCommands(match.state, "p2")).toEqual([]);
    expect(dialDuel.legalCommands(match.state, "p1")).toHaveLength(6);
    must(match, "p1", { type: "lock", number: 2 });
    expect(match.state.phase).toBe("reveal");
    expect(dialDuel.awaiting(match.state)).toEqual([match.state.starter]);
  });

  it("makes the starter reveal first, and each reveal opens its commitment", () => {
    const match = newMatch(SEED);
    must(match, "p1", { type: "lock", number: 3 });
    must(match, "p2", { type: "lock", number: 4 });
    const first = match.state.starter;
    const second = first === "p1" ? "p2" : "p1";
    const early = match.submit(second, { type: "reveal" });
    expect(early.ok).toBe(false);
    if (!early.ok) expect(early.error.code).toBe("not_your_turn");
    const entry = must(match, first, { type: "reveal" });
    const revealed = entry.events[0]!.event as Extract<DialDuelEvent, { type: "revealed" }>;
    expect(revealed.seat).toBe(first);
    expect(entry.events[0]!.audience).toEqual({ kind: "everyone" });
    expect(verifyCommitment(match.state.dials[first]!.commitment, revealed.number, revealed.salt)).toBe(true);
  });
});

describe("dial-duel scoring (dial-duel 4-6)", () => {
  it("gives the round to the higher number and asks the loser who starts next", () => {
    const match = newMatch(SEED);
    playRound(match, { p1: 6, p2: 2 });
    expect(match.state.wins).toEqual({ p1: 1, p2: 0 });
    expect(match.state.phase).toBe("choose_starter");
    expect(dialDuel.pending(match.state)).toEqual({
      seat: "p2",
      kind: "choose_starter",
      rule: "dial-duel 6",
      options: { seats: ["p1", "p2"] },
    });
    expect(dialDuel.awaiting(match.state)).toEqual(["p2"]);
    expect(dialDuel.legalCommands(match.state, "p2")).toEqual([
      { type: "choose_starter", starter: "p1" },
      { type: "choose_starter", starter: "p2" },
    ]);
    expect(dialDuel.legalCommands(match.state, "p1")).toEqual([]);
    const entry = must(match, "p2", { type: "choose_starter", starter: "p1" });
    expect(entry.events.map((e) => e.event)).toEqual([{ type: "starter_chosen", round: 2, chooser: "p2", starter: "p1" }]);
    expect(match.state).toMatchObject({ round: 2, phase: "lock", starter: "p1", pending: null, dials: { p1: null, p2: null } });
  });

  it("breaks a tie with d6 rolls from the state's RNG, rerolling equal rolls", () => {
    let tiebreakSeen = 0;
    for (let i = 0; i < 30; i++) {
      const match = newMatch(`tie-${i}`);
      const rngBefore = match.state.rng;
      playRound(match, { p1: 3, p2: 3 });
      const record = match.state.history[0]!;
      expect(record.tiebreaks.length).toBeGreaterThanOrEqual(1);
      for (const rolls of record.tiebreaks.slice(0, -1)) expect(rolls.p1).toBe(rolls.p2);
      const last = record.tiebreaks[record.tiebreaks.length - 1]!;
      expect(last.p1).not.toBe(last.p2);
      expect(record.winner).toBe(last.p1! > last.p2! ? "p1" : "p2");
      expect(match.state.rng).not.toEqual(rngBefore);
      tiebreakSeen += record.tiebreaks.length;
    }
    expect(tiebreakSeen).toBeGreaterThan(30); // some ties needed a reroll
  });

  it("ends the match at two round wins, publishing the seed and a result", () => {
    const match = newMatch(SEED);
    playToEnd(match, [{ p1: 5, p2: 1 }]);
    expect(match.state.phase).toBe("over");
    expect(match.state.round).toBe(2);
    expect(dialDuel.result(match.state)).toEqual({ winner: "p1", reason: "first to 2 rounds", scores: { p1: 2, p2: 0 } });
    const last = match.toLog().entries.at(-1)!;
    expect(last.events.map((e) => e.event.type)).toEqual(["revealed", "round_won", "match_over"]);
    expect(last.events.at(-1)!.event).toEqual({ type: "match_over", winner: "p1", wins: { p1: 2, p2: 0 }, seed: SEED });
    expect(dialDuel.awaiting(match.state)).toEqual([]);
    expect(dialDuel.legalCommands(match.state, "p1")).toEqual([]);
  });

  it("goes to a third round at one win each", () => {
    const match = newMatch(SEED);
    playToEnd(match, [{ p1: 5, p2: 1 }, { p1: 1, p2: 5 }, { p1: 2, p2: 4 }]);
    expect(match.state.round).toBe(3);
    expect(match.state.result?.winner).toBe("p2");
    expect(match.state.history.map((h) => h.winner)).toEqual(["p1", "p2", "p2"]);
  });
});

describe("dial-duel errors are values (closed code union)", () => {
  const cases: [string, (m: ReturnType<typeof newMatch>) => void, string, DialDuelCommand | unknown, string][] = [
    ["a seat not at the table", () => {}, "p3", { type: "lock", number: 1 }, "not_a_player"],
    ["a non-object command", () => {}, "p1", 42, "malformed_command"],
    ["a command without a type", () => {}, "p1", { number: 2 }, "malformed_command"],
    ["an unknown command", () => {}, "p1", { type: "fold" }, "unknown_command"],
    ["a lock without a number", () => {}, "p1", { type: "lock", number: "4" }, "malformed_command"],
    ["a lock of 0", () => {}, "p1", { type: "lock", number: 0 }, "out_of_range"],
    ["a lock of 7", () => {}, "p1", { type: "lock", number: 7 }, "out_of_range"],
    ["a lock of 2.5", () => {}, "p1", { type: "lock", number: 2.5 }, "out_of_range"],
    ["a second lock", (m) => must(m, "p1", { type: "lock", number: 2 }), "p1", { type: "lock", number: 3 }, "already_locked"],
    ["a reveal before both locked", (m) => must(m, "p1", { type: "lock", number: 2 }), "p1", { type: "reveal" }, "wrong_phase"],
    ["a starter choice without a decision", () => {}, "p1", { type: "choose_starter", starter: "p1" }, "wrong_phase"],
    ["a lock while the loser chooses", (m) => playRound(m, { p1: 6, p2: 1 }), "p2", { type: "lock", number: 1 }, "decision_pending"],
    ["a choice by the round winner", (m) => playRound(m, { p1: 6, p2: 1 }), "p1", { type: "choose_starter", starter: "p1" }, "not_your_turn"],
    ["a choice of an unknown seat", (m) => playRound(m, { p1: 6, p2: 1 }), "p2", { type: "choose_starter", starter: "p9" }, "unknown_seat"],
    ["a choice without a seat", (m) => playRound(m, { p1: 6, p2: 1 }), "p2", { type: "choose_starter" }, "malformed_command"],
    ["any command after the end", (m) => playToEnd(m, [{ p1: 6, p2: 1 }]), "p2", { type: "lock", number: 1 }, "match_over"],
  ];

  it.each(cases)("rejects %s without touching the state", (_name, arrange, seat, command, code) => {
    const match = newMatch(SEED);
    arrange(match);
    const frozen = deepFreeze(match.state);
    const result = dialDuel.apply(frozen, command as DialDuelCommand, seat);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(code);
    expect(result.error.message.length).toBeGreaterThan(0);
    expect(result.error.rule).toMatch(/^dial-duel \d$/);
    expect(match.state).toBe(frozen);
  });

  it("error messages never carry the opponent's number or salt", () => {
    const match = newMatch(SEED);
    must(match, "p1", { type: "lock", number: 4 });
    const salt = deriveSalt(SEED, dialLabel(1, "p1"));
    for (const command of [{ type: "reveal" }, { type: "lock", number: 9 }, { type: "choose_starter", starter: "p1" }] as DialDuelCommand[]) {
      const result = dialDuel.apply(match.state, command, "p2");
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(JSON.stringify(result.error)).not.toContain(salt);
        expect(JSON.stringify(result.error)).not.toMatch(/4/);
      }
    }
  });
});

describe("dial-duel viewFor and redact", () => {
  it("shows a locked number to its owner and omniscient, and a commitment only to others", () => {
    const match = newMatch(SEED);
    must(match, "p1", { type: "lock", number: 4 });
    const salt = deriveSalt(SEED, dialLabel(1, "p1"));
    const owner = dialDuel.viewFor(match.state, seatViewer("p1")).dials.p1!;
    expect(owner).toEqual({ locked: true, commitment: commit(4, salt), revealed: false, number: 4, salt });
    expect(dialDuel.viewFor(match.state, omniscient).dials.p1!.number).toBe(4);
    for (const viewer of [seatViewer("p2"), spectator]) {
      expect(dialDuel.viewFor(match.state, viewer).dials.p1).toEqual({
        locked: true,
        commitment: commit(4, salt),
        revealed: false,
        number: null,
        salt: null,
      });
    }
  });

  it("withholds the seed and RNG state from every viewer, omniscient included, until the match ends", () => {
    const match = newMatch(SEED);
    for (const viewer of [seatViewer("p1"), seatViewer("p2"), spectator, omniscient]) {
      const view = dialDuel.viewFor(match.state, viewer);
      expect(view.seed).toBeNull();
      expect(view.rng).toBeNull();
      expect(JSON.stringify(view)).not.toContain(SEED);
    }
    playToEnd(match, [{ p1: 6, p2: 1 }]);
    for (const viewer of [seatViewer("p2"), spectator]) {
      const view = dialDuel.viewFor(match.state, viewer);
      expect(view.seed).toBe(SEED);
      expect(view.rng).toEqual(match.state.rng);
    }
  });

  it("redacts the lock event to the shadow for everyone but its seat", () => {
    const match = newMatch(SEED);
    const [envelope] = must(match, "p2", { type: "lock", number: 6 }).events;
    expect(dialDuel.redact(envelope!, seatViewer("p2"))).toMatchObject({ type: "locked", number: 6 });
    expect(dialDuel.redact(envelope!, omniscient)).toMatchObject({ number: 6 });
    for (const viewer of [seatViewer("p1"), spectator]) {
      const seen = dialDuel.redact(envelope!, viewer);
      expect(seen).toEqual({ type: "locked", round: 1, seat: "p2", commitment: envelope!.event.type === "locked" ? envelope!.event.commitment : "" });
      expect(seen).not.toHaveProperty("number");
    }
  });
});
