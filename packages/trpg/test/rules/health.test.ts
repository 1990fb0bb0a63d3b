/**
 * Seed 002 3-6 "치료 판정과 무력화 상태": healing with an emergency repair kit, stabilising with
 * medical gear, incapacitation at 0 W, death saves, wounds taken while incapacitated, enemies dying
 * at 0 W (or kept alive by the master), and coming into a fight at 0 W.
 */
import { GM_SETUP, GONE, QUARRY_VERSUS, VERSUS_SETUP, eventsOf, ofType, position, tryApply, withDice } from "../helpers";
import type { TrpgState } from "../../src";

const sq = (x: number, y: number) => ({ x, y });

describe("seed 002 3-6 치료 판정: healing and stabilising", () => {
  /** Reed (PRC 3, emergency repair kit with 2 uses) next to Vale at 1 W of 3. */
  const healing = (dice: number[]) => withDice(position(VERSUS_SETUP, { turn: "reed", at: { reed: sq(1, 0), vale: sq(0, 0), "raider-1": sq(11, 9) }, with: { lookout: GONE, vale: { wounds: 1 } } }), "reed", dice);

  test("seed 002 3-6: a use of the emergency repair kit and a d6 over 6 - PRC (3): a 4 heals one wound (1 to 2 W); a 3 heals nothing but spends the use", () => {
    const healed = eventsOf(healing([4]), "p1", { type: "heal", target: "vale" });
    expect(ofType(healed.events, "healed")[0]).toMatchObject({ item: "repair_kit", need: 3, die: 4, success: true });
    expect(healed.state.characters.vale!.wounds).toBe(2);
    expect(healed.state.characters.reed!.slots.repair_kit).toBe(1);
    const failed = eventsOf(healing([3]), "p1", { type: "heal", target: "vale" }).state;
    expect([failed.characters.vale!.wounds, failed.characters.reed!.slots.repair_kit]).toEqual([1, 1]);
  });

  test("seed 002 3-6: stabilising needs medical gear and the same check, without spending a use: Sato (PRC 3) rolls a 4; a stabilised character rolls no more death saves", () => {
    const s = withDice(position(QUARRY_VERSUS, { turn: "sato", at: { sato: sq(1, 12), vale: sq(0, 12), reed: sq(3, 13), harrow: sq(0, 11) }, with: { vale: { wounds: 0, status: "incapacitated", deathFails: 1 }, lookout: GONE, sharpshooter: GONE } }), "sato", [4]);
    const { state, events } = eventsOf(s, "p1", { type: "stabilise", target: "vale" });
    expect(ofType(events, "stabilised")[0]).toMatchObject({ need: 3, die: 4, success: true });
    expect(state.characters.vale!.stabilised).toBe(true);
    expect(state.characters.sato!.slots.medkit).toBe(1);
    const noGear = tryApply(position(VERSUS_SETUP, { turn: "reed", at: { reed: sq(1, 0), vale: sq(0, 0), "raider-1": sq(11, 9) }, with: { lookout: GONE, vale: { wounds: 0, status: "incapacitated" } } }), "p1", { type: "stabilise", target: "vale" });
    expect(noGear.ok ? null : noGear.error.code).toBe("no_item");
  });
});

describe("seed 002 3-6 무력화 상태: incapacitation and death saves", () => {
  /** Reed's turn, then Vale's slot: Vale incapacitated with `fails` failures. */
  const beforeVale = (fails: number, dice: number[]): TrpgState => {
    const s = position(VERSUS_SETUP, { turn: "reed", at: { reed: sq(1, 0), vale: sq(0, 0), "raider-1": sq(11, 9) }, with: { lookout: GONE, vale: { wounds: 0, status: "incapacitated", deathFails: fails } } });
    s.order = ["reed", "vale", "raider-1", "lookout"];
    s.slot = 0;
    return withDice(s, "vale", dice);
  };

  test("seed 002 3-6: at 0 W a character is incapacitated and cannot act: its turn is only a death save, 1-3 succeeds", () => {
    const { state, events } = eventsOf(beforeVale(0, [3]), "p1", { type: "end_turn" });
    expect(ofType(events, "death_save")[0]).toMatchObject({ character: "vale", die: 3, success: true, fails: 0 });
    expect(state.turn!.actor).toBe("raider-1");
  });

  test("seed 002 3-6: a stabilised character rolls no death save at its turn", () => {
    const s = beforeVale(1, [6]);
    s.characters.vale!.stabilised = true;
    expect(ofType(eventsOf(s, "p1", { type: "end_turn" }).events, "death_save")).toEqual([]);
  });

  test("seed 002 3-6: 4-6 fails; the third failure kills", () => {
    const { state, events } = eventsOf(beforeVale(2, [4]), "p1", { type: "end_turn" });
    expect(ofType(events, "death_save")[0]).toMatchObject({ success: false, fails: 3 });
    expect(state.characters.vale!.status).toBe("dead");
  });

  test("seed 002 3-6: a hit that wounds an incapacitated character adds a failure per wound, and its toughness still works: the scattergun's 2 wounds are 2 failures; a penetration of 3 (not over TGH 3) none", () => {
    const shot = (dice: number[]) => withDice(position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE, vale: { wounds: 0, status: "incapacitated" } } }), "raider-1", dice);
    expect(eventsOf(shot([6, 4]), "e1", { type: "shoot", targets: ["vale"], burst: false, called: false }).state.characters.vale!.deathFails).toBe(2);
    expect(eventsOf(shot([6, 3]), "e1", { type: "shoot", targets: ["vale"], burst: false, called: false }).state.characters.vale!.deathFails).toBe(0);
  });

  test("seed 002 3-6: a character brought to 0 W is incapacitated (the party); an enemy dies at once", () => {
    const s = withDice(position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE, vale: { wounds: 1, slots: { supercharger: 0 } } } }), "raider-1", [6, 4]);
    const { state, events } = eventsOf(s, "e1", { type: "shoot", targets: ["vale"], burst: false, called: false });
    expect(ofType(events, "incapacitated")).toEqual([{ type: "incapacitated", character: "vale" }]);
    expect(state.characters.vale).toMatchObject({ wounds: 0, status: "incapacitated", deathFails: 0 });
  });

  test("seed 002 3-6: the master may keep an enemy alive: in GM mode an enemy at 0 W is a decision, and kept alive it is incapacitated", () => {
    const s = withDice(position(GM_SETUP, { turn: "vale", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE } }), "vale", [6, 3]);
    const down = eventsOf(s, "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: true }).state;
    expect(down.pending).toMatchObject({ kind: "enemy_down", seat: "gm", character: "raider-1", options: ["kill", "incapacitate"] });
    const kept = eventsOf(down, "gm", { type: "decide", choice: "incapacitate" });
    expect(kept.state.characters["raider-1"]!.status).toBe("incapacitated");
    expect(kept.state.result?.reason).toBe("party: no enemy left standing");
  });

  test("seed 002 3-6: a character may come into a fight at 0 W; a wound then adds its failures at once and incapacitates it", () => {
    const s = withDice(position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE, vale: { wounds: 0, slots: { supercharger: 0 } } } }), "raider-1", [6, 4]);
    const { state } = eventsOf(s, "e1", { type: "shoot", targets: ["vale"], burst: false, called: false });
    expect(state.characters.vale).toMatchObject({ status: "incapacitated", deathFails: 2 });
  });
});
