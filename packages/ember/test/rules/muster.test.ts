/**
 * The muster (seed 001 2 "아미 리스트 준비", with design.md principle 8): a match created without
 * army lists waits for each seat to lock its own list; locked lists are secret to their seat until
 * every seat has locked; then the lists are revealed with their salts and the battle is set up
 * exactly as a match created with those lists (seed 001 3.2 first-player roll onwards).
 */
import { diceSeed, omniscient, seedCommitment, spectator, stateHash, verifyCommitment, verifyMusterSeat, type SeatId } from "@fogwar/engine";
import { casterRedact, casterViewFor, ember, type ArmyList, type EmberState } from "../../src";
import { presetArmies } from "../../src/muster";
import { RDL, SETUP, UN, must, rejected } from "../helpers";

const SEED = "muster-seed-0123456789abcdef0123456789abcdef";
const seatViewer = (seat: SeatId) => ({ kind: "seat" as const, seat });
const mustered = () => ember.setup({ scenario: SETUP.scenario, seats: SETUP.seats }, SEED).state;

describe("seed 001 2: each seat musters its own army list", () => {
  test("a match created without lists starts in the muster: no units, no roll yet, every seat awaited", () => {
    const state = mustered();
    expect(state.phase).toBe("muster");
    expect(state.units).toEqual([]);
    expect(ember.awaiting(state)).toEqual(["p1", "p2"]);
    expect(state.muster?.seats.p1).toEqual({ commitment: null, list: null, locks: 0 });
  });

  test("seed 001 2: a list that breaks the army rules (faction, points) is refused with invalid_army and changes nothing", () => {
    const state = mustered();
    const mixed: ArmyList = { ...RDL, units: [...RDL.units, UN.units[0]!] };
    expect(rejected(state, "p1", { type: "lock_army", army: mixed })).toBe("invalid_army");
    const tooBig: ArmyList = { ...RDL, units: Array.from({ length: 12 }, () => RDL.units[0]!) };
    expect(rejected(state, "p1", { type: "lock_army", army: tooBig })).toBe("invalid_army");
    expect(rejected(state, "p1", { type: "lock_army" })).toBe("malformed_command");
    expect(rejected(state, "p1", { type: "unlock_army" })).toBe("army_not_locked");
    expect(rejected(state, "p1", { type: "choose_side", side: "black" })).toBe("wrong_phase");
  });

  test("design.md principle 8: a locked list is its seat's secret: the others and spectators see 'locked' and the commitment only", () => {
    const { state, events } = must(mustered(), "p1", { type: "lock_army", army: RDL });
    const commitment = state.muster!.seats.p1!.commitment!;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(ember.awaiting(state)).toEqual(["p2"]);
    expect(ember.viewFor(state, seatViewer("p1")).muster?.seats.p1).toEqual({ locked: true, locks: 1, commitment, list: RDL });
    for (const viewer of [seatViewer("p2"), spectator]) {
      const view = ember.viewFor(state, viewer);
      expect(view.muster?.seats.p1).toEqual({ locked: true, locks: 1, commitment });
      expect(JSON.stringify(view)).not.toContain(RDL.name);
    }
    expect(events).toEqual([{ type: "army_locked", seat: "p1", commitment, army: RDL }]);
    const result = ember.apply(mustered(), { type: "lock_army", army: RDL }, "p1");
    if (!result.ok) throw new Error("refused");
    expect(ember.redact(result.events[0]!, seatViewer("p2"))).toEqual({ type: "army_locked", seat: "p1", commitment });
    expect(ember.redact(result.events[0]!, spectator)).toEqual({ type: "army_locked", seat: "p1", commitment });
    expect(rejected(state, "p1", { type: "lock_army", army: RDL })).toBe("army_locked");
  });

  test("seed 001 2: a seat unlocks to change its list while the other has not locked; the new lock carries a new commitment", () => {
    const first = must(mustered(), "p1", { type: "lock_army", army: RDL }).state;
    const open = must(first, "p1", { type: "unlock_army" });
    expect(open.events).toEqual([{ type: "army_unlocked", seat: "p1" }]);
    expect(open.state.muster!.seats.p1).toMatchObject({ commitment: null, list: null });
    const again = must(open.state, "p1", { type: "lock_army", army: RDL }).state;
    // The same list locked again is not recognisable: each lock has its own salt.
    expect(again.muster!.seats.p1!.commitment).not.toBe(first.muster!.seats.p1!.commitment);
  });

  test("seed 001 2 then 3.2: the last lock reveals every list with its salt; the battle is exactly the match created with those lists and the dice seed", () => {
    let state: EmberState = must(mustered(), "p1", { type: "lock_army", army: UN }).state;
    state = must(state, "p1", { type: "unlock_army" }).state;
    state = must(state, "p2", { type: "lock_army", army: UN }).state;
    const last = must(state, "p1", { type: "lock_army", army: RDL });
    expect(last.events[0]?.type).toBe("army_locked");
    const reveal = last.events[1];
    if (reveal?.type !== "armies_revealed") throw new Error("no reveal");
    expect(reveal.armies).toEqual({ p1: RDL, p2: UN });
    // The match's dice seed (never its seed, from which the muster key follows); the seed commitment published at creation.
    const direct = ember.setup(SETUP, diceSeed(SEED));
    const { muster, ...battle } = last.state;
    expect(battle.secret.seed).toBe(diceSeed(SEED));
    expect(stateHash(battle)).toBe(stateHash({ ...direct.state, seedCommitment: seedCommitment(SEED) }));
    expect(muster!.key).toBeUndefined();
    expect(last.events.slice(2)).toEqual(direct.events.map((e) => e.event));
    // Anyone can check each list against the commitment everyone saw (principle 8).
    for (const seat of ["p1", "p2"]) {
      const seen = ember.viewFor(last.state, spectator).muster!.seats[seat]!;
      expect(verifyMusterSeat(seen)).toBe(true);
      expect(verifyCommitment(muster!.seats[seat]!.commitment!, reveal.armies[seat], reveal.salts[seat]!)).toBe(true);
    }
    expect(ember.viewFor(last.state, spectator).muster?.seats.p1?.list).toEqual(RDL);
    expect(rejected(last.state, "p1", { type: "unlock_army" })).toBe("wrong_phase");
    expect(ember.viewFor(last.state, omniscient).muster?.revealed).toBe(true);
  });

  test("design.md principle 4: the delayed caster feed keeps a locked list secret while the live muster lasts, and shows the lists once revealed", () => {
    const result = ember.apply(mustered(), { type: "lock_army", army: RDL }, "p1");
    if (!result.ok) throw new Error("refused");
    const live = result.state;
    expect(casterViewFor(live, live).muster?.seats.p1).toEqual({ locked: true, locks: 1, commitment: live.muster!.seats.p1!.commitment });
    expect(casterRedact(result.events[0]!, live)).toEqual({ type: "army_locked", seat: "p1", commitment: live.muster!.seats.p1!.commitment });
    const revealed = must(live, "p2", { type: "lock_army", army: UN }).state;
    expect(casterViewFor(live, revealed).muster?.seats.p1?.list).toEqual(RDL);
    expect(casterRedact(result.events[0]!, revealed)).toMatchObject({ army: RDL });
  });

  test("legalCommands offers the sample lists valid at the battle size to a seat not locked, and unlock to a locked one", () => {
    const state = mustered();
    const legal = ember.legalCommands(state, "p1");
    expect(legal.length).toBe(presetArmies(state).length);
    expect(legal.length).toBeGreaterThan(1);
    for (const command of legal) expect(ember.apply(state, command, "p1").ok).toBe(true);
    const locked = must(state, "p1", legal[0]!).state;
    expect(ember.legalCommands(locked, "p1")).toEqual([{ type: "unlock_army" }]);
  });
});
