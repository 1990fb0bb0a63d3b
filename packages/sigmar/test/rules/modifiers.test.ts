/**
 * Seed 003 25 (guarded heroes), 26 (random characteristics), 27 (modifier order), 29
 * (contradictory rules) and 30 (order of effects): worked examples.
 */
import { applyMods, characteristic, guarded, moveOf, permitted, type AttackReport, type Mod, type SigmarState } from "../../src";
import { at, battle, fightUntil, ok, ofType, refused, reseed } from "../helpers";

const mod = (op: Mod["op"], value: number, rank = 0, order = 0): Mod => ({ source: `${op}${value}`, owner: null, passive: false, op, value, rank, order });
const shots = (s: SigmarState, unit: string, target: string): AttackReport[] => ofType(ok(s, s.active!, { type: "shoot", unit, target }).events, "attacks").flatMap((e) => [...e.reports]);

describe("seed 003 25.0 guarded heroes", () => {
  const spec = (herald: [number, number], zealots: [number, number], archers: [number, number]) =>
    battle(
      [
        { id: "herald", owner: "p2", warscroll: "covenant_herald", at: herald },
        { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: zealots },
        { id: "archers", owner: "p1", warscroll: "moss_archers", at: archers },
        { id: "tyrant", owner: "p2", warscroll: "pyre_tyrant", at: [30, 14] },
      ],
      { step: "shooting", active: "p1" },
    );

  test("seed 003 25: a hero within combat range of a friendly non-hero unit is guarded: shooting attacks against it subtract 1 from their hit rolls", () => {
    const s = spec([20, 20], [20, 22.5], [20, 12]);
    expect(guarded(s, s.units.herald!)).toBe(true);
    const r = shots(s, "archers", "herald")[0]!;
    expect(r.hit.mods).toEqual([{ source: "guarded_hero", value: -1 }]);
    expect(r.hit.passed).toBe(r.hit.rolls.filter((x) => x === 6 || (x !== 1 && x - 1 >= 4)).length + r.hit.rolls.filter((x) => x === 6).length);
  });

  test("seed 003 25: a guarded infantry hero cannot be targeted by shooting from more than 12\" away; within 12\" it can", () => {
    expect(refused(spec([20, 26], [20, 28.3], [20, 12]), "p1", { type: "shoot", unit: "archers", target: "herald" })).toBe("not_visible");
    expect(shots(spec([20, 22], [20, 24.3], [20, 12]), "archers", "herald").length).toBeGreaterThan(0);
  });

  test("003_3dcb36e83a2444ba.txt 25: the 12\" limit on shooting a guarded infantry hero is decided per attacking model: of five archers in bow range, only the two within 12\" shoot", () => {
    // Herald at (20, 20), guarded by the zealots; the archers stand in a column 10.4" to 14.4" from it (bases' closest points), all within the Reed bow's 18".
    const s = spec([20, 20], [20, 22.5], [20, 12]);
    s.units.archers!.models = [8.5, 7.5, 6.5, 5.5, 4.5].map((y, i) => ({ id: `archers-m${i + 1}`, x: 2000, y: y * 100 }));
    const r = shots(s, "archers", "herald")[0]!;
    expect(r.models).toBe(2);
    expect(r.attacks).toBe(2 * 2);
    // With every model beyond 12" the hero cannot be targeted at all.
    s.units.archers!.models = [6.5, 5.5, 4.5].map((y, i) => ({ id: `archers-m${i + 1}`, x: 2000, y: y * 100 }));
    expect(refused(s, "p1", { type: "shoot", unit: "archers", target: "herald" })).toBe("not_visible");
  });

  test("seed 003 25: monsters and war machines are never guarded; a hero with no friendly non-hero unit near is not", () => {
    const s = spec([20, 26], [5, 26], [20, 12]);
    expect(guarded(s, s.units.herald!)).toBe(false);
    s.units.zeal!.models = s.units.zeal!.models.map((m, i) => ({ ...m, x: 2800 + (i % 5) * 123, y: 1700 + Math.floor(i / 5) * 123 }));
    expect(guarded(s, s.units.tyrant!)).toBe(false);
    expect(shots(s, "archers", "herald")[0]!.hit.mods).toEqual([]);
  });
});

describe("seed 003 26.0 random characteristics", () => {
  test("seed 003 26: random Attacks are rolled for each model when the attack is declared (five hounds: five D3)", () => {
    const s = battle([
      { id: "hounds", owner: "p2", warscroll: "ash_hounds", at: [10, 10] },
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [10, 12.6] },
    ]);
    const events = fightUntil({ ...s, active: "p2" }, "p2", "hounds", "briar", () => true);
    const r = ofType(events, "attacks")[0]!.reports[0]!;
    expect(r.models).toBe(5);
    expect(r.attackRolls).toHaveLength(5);
    expect(r.attackRolls.every((d) => d >= 1 && d <= 3)).toBe(true);
    expect(r.attacks).toBe(r.attackRolls.reduce((a, b) => a + b, 0));
    expect(r.hit.rolls).toHaveLength(r.attacks);
  });

  test("seed 003 26: random Damage is rolled separately for each attack that deals damage (the Slag mortar's D3), after its Attacks (D3+1)", () => {
    const s = battle(
      [
        { id: "kiln", owner: "p2", warscroll: "kiln_engine", at: [10, 26] },
        { id: "briar", owner: "p1", warscroll: "briar_guard", at: [10, 12] },
      ],
      { step: "shooting", active: "p2" },
    );
    let r: AttackReport | undefined;
    for (let i = 0; i < 300 && !r; i++) {
      const x = shots(reseed(s, `k-${i}`), "kiln", "briar")[0]!;
      if (x.wound.passed - x.save.passed >= 2) r = x;
    }
    expect(r!.attackRolls).toHaveLength(1);
    expect(r!.attacks).toBe(r!.attackRolls[0]! + 1);
    expect(r!.damageRolls).toHaveLength(r!.wound.passed - r!.save.passed);
  });
});

describe("seed 003 27.0 modifier order", () => {
  test("seed 003 27: set first, then multiply or divide (rounding down), then add or subtract, whatever order they came in", () => {
    expect(applyMods(6, [mod("add", 1), mod("div", 2), mod("set", 9)])).toBe(5);
    expect(applyMods(5, [mod("div", 2)])).toBe(2);
    expect(applyMods(3, [mod("add", 2), mod("mul", 2)])).toBe(8);
  });

  test("seed 003 27: nothing is modified below 1, except Rend, which stops at 0", () => {
    expect(applyMods(2, [mod("add", -5)])).toBe(1);
    expect(applyMods(1, [mod("add", -2)], 0)).toBe(0);
  });

  test("seed 003 27: a random characteristic is rolled first, then modified (Damage D3 doubled by the Ash rite: each damage roll times two)", () => {
    const s = battle([
      { id: "herald", owner: "p2", warscroll: "covenant_herald", at: [10, 10] },
      { id: "seer", owner: "p1", warscroll: "grove_seer", at: [10, 12.2] },
    ]);
    s.persisting.push({ seq: 1, owner: "p1", source: "ash_rite", unit: "seer", effect: { kind: "modify", stat: "damage", op: "mul", value: 2, scope: "melee" }, until: { turn: 1 } });
    const events = fightUntil(s, "p1", "seer", "herald", (e) => ofType(e, "attacks")[0]!.reports[0]!.damageRolls.length >= 1);
    const r = ofType(events, "attacks")[0]!.reports[0]!;
    expect(r.dealt + (r.ward?.passed ?? 0)).toBe(2 * r.damageRolls.reduce((a, b) => a + b, 0));
  });

  test("seed 003 27 with 30: a card that sets Move to 10 and an enemy's halving: set first, then halve (5\"), in either order of play", () => {
    const s = battle([
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 20] },
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [30, 5] },
    ]);
    s.persisting.push({ seq: 1, owner: "p1", source: "halved_stride", unit: "zeal", effect: { kind: "modify", stat: "move", op: "div", value: 2 }, until: { turn: 2 } });
    s.persisting.push({ seq: 2, owner: "p2", source: "double_time", unit: "zeal", effect: { kind: "modify", stat: "move", op: "set", value: 10 }, until: { turn: 2 } });
    expect(characteristic(s, s.units.zeal!, "move", 6).value).toBe(5);
    s.persisting.reverse();
    expect(characteristic(s, s.units.zeal!, "move", 6).value).toBe(5);
  });
});

describe("seed 003 29.0 contradictory rules", () => {
  const ran = (warscroll: string, active: "p1" | "p2", step: "shooting" | "charge") => {
    const s = battle(
      [
        { id: "u", owner: active, warscroll, at: [20, 10] },
        { id: "e", owner: active === "p1" ? "p2" : "p1", warscroll: "briar_guard", at: [20, 17] },
      ],
      { step, active },
    );
    s.units.u!.did = { moved: true, ran: true };
    return s;
  };

  test("seed 003 29: 'cannot' beats 'can': the zealots' ability says they can charge after running, but does not override the core rule, so they cannot", () => {
    const s = ran("cinder_zealots", "p2", "charge");
    expect(permitted(s, s.units.u!, "charge")).toBe(false);
    expect(refused(s, "p2", { type: "charge", unit: "u", target: "e" })).toBe("cannot");
  });

  test("seed 003 29: a rule that says it overrides the 'cannot' wins: Reckless surge lets a unit that ran charge", () => {
    const s = ran("cinder_zealots", "p2", "charge");
    s.persisting.push({ seq: 1, owner: "p2", source: "reckless_surge", unit: "u", effect: { kind: "allow", action: "charge", overrides: "ran_no_charge" }, until: { turn: 1 } });
    expect(ok(s, "p2", { type: "charge", unit: "u", target: "e" }).state.pending?.kind).toBe("charge_move");
  });

  test("seed 003 29: an ability's 'cannot' is not lifted by an override of another rule: Binding roots stops the charge despite Reckless surge", () => {
    const s = ran("cinder_zealots", "p2", "charge");
    s.persisting.push({ seq: 1, owner: "p2", source: "reckless_surge", unit: "u", effect: { kind: "allow", action: "charge", overrides: "ran_no_charge" }, until: { turn: 1 } });
    s.persisting.push({ seq: 2, owner: "p1", source: "binding_roots", unit: "u", effect: { kind: "forbid", action: "charge" }, until: { turn: 2 } });
    expect(refused(s, "p2", { type: "charge", unit: "u", target: "e" })).toBe("cannot");
  });

  test("seed 003 29: Skirmish drill says it overrides the rule that a unit that ran cannot shoot; other units that ran cannot", () => {
    expect(shots(ran("moss_archers", "p1", "shooting"), "u", "e").length).toBeGreaterThan(0);
    expect(refused(ran("ember_slingers", "p2", "shooting"), "p2", { type: "shoot", unit: "u", target: "e" })).toBe("cannot");
  });

  test("seed 003 29: a flying unit ignores enemy combat range while it moves (it may pass by), though it may not end there; others may not pass by", () => {
    const place = (warscroll: string) =>
      battle(
        [
          { id: "u", owner: "p2", warscroll, models: [[10, 19.5]] },
          { id: "e", owner: "p1", warscroll: "grove_seer", models: [[12.8, 15]] },
        ],
        { step: "movement", active: "p2" },
      );
    // Straight south past the seer: the path comes within 3" of it, the end does not.
    expect(ok(place("pyre_tyrant"), "p2", { type: "move", unit: "u", models: [at(10, 9.8)] }).state.units.u!.models[0]).toMatchObject(at(10, 9.8));
    expect(refused(place("pyre_tyrant"), "p2", { type: "move", unit: "u", models: [at(10, 16)] })).toBe("enters_combat_range");
    expect(refused(place("covenant_herald"), "p2", { type: "move", unit: "u", models: [at(10, 14)] })).toBe("enters_combat_range");
  });

  test("seed 003 29: otherwise the most recent effect applies: of two effects of one player setting Move, the later one", () => {
    const s = battle([{ id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 20] }]);
    s.persisting.push({ seq: 1, owner: "p2", source: "double_time", unit: "zeal", effect: { kind: "modify", stat: "move", op: "set", value: 10 }, until: { turn: 2 } });
    s.persisting.push({ seq: 2, owner: "p2", source: "other", unit: "zeal", effect: { kind: "modify", stat: "move", op: "set", value: 3 }, until: { turn: 2 } });
    expect(moveOf(s, s.units.zeal!)).toBe(300);
  });
});

describe("seed 003 30.0 order of effects", () => {
  // A one-model unit wholly within 6" of both standing stones: Mire's grip sets Move 4, Gale step sets Move 8.
  const between = () =>
    battle([
      { id: "herald", owner: "p2", warscroll: "covenant_herald", models: [[21.5, 15]] },
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [30, 4] },
    ]);

  test("seed 003 30: neutral passives (terrain) are applied in the order the active player chose: the later one wins", () => {
    const s = between();
    s.neutralOrder = ["mire_grip", "gale_step"];
    expect(characteristic(s, s.units.herald!, "move", 6).value).toBe(8);
    s.neutralOrder = ["gale_step", "mire_grip"];
    expect(characteristic(s, s.units.herald!, "move", 6).value).toBe(4);
  });

  test("seed 003 30: at the start of each turn the active player orders the neutral passives (a decision), and that order holds for the turn", () => {
    const s = { ...between(), step: "end" as const, active: "p1", first: "p1" };
    const next = ok(s, "p1", { type: "end_phase" }).state;
    expect(next.pending).toEqual({ kind: "order_neutral", seat: "p2", items: ["mire_grip", "gale_step"] });
    const chosen = ok(next, "p2", { type: "order", order: [1, 0] });
    expect(chosen.state.neutralOrder).toEqual(["gale_step", "mire_grip"]);
    expect(characteristic(chosen.state, chosen.state.units.herald!, "move", 6).value).toBe(4);
  });

  test("seed 003 30 and 28.1: passives apply after other effects; the active player's after the opponent's, after the neutral ones", () => {
    const s = between();
    // The opponent's (p1's) persisting effect sets Move 3; the active player's sets it to 10.
    s.persisting.push({ seq: 5, owner: "p2", source: "double_time", unit: "herald", effect: { kind: "modify", stat: "move", op: "set", value: 10 }, until: { turn: 2 } });
    s.persisting.push({ seq: 6, owner: "p1", source: "snare", unit: "herald", effect: { kind: "modify", stat: "move", op: "set", value: 3 }, until: { turn: 2 } });
    s.active = "p2";
    expect(characteristic(s, s.units.herald!, "move", 6).value).toBe(10);
    s.active = "p1";
    expect(characteristic(s, s.units.herald!, "move", 6).value).toBe(3);
    // And both come after the neutral terrain passives (Move 8 from Gale step would otherwise win).
    expect(characteristic(s, s.units.herald!, "move", 6).mods.map((m) => m.source)).toEqual(["mire_grip", "gale_step", "double_time", "snare"]);
  });

  const fightBark = (active: "p1" | "p2") => {
    const s = battle(
      [
        { id: "bark", owner: "p1", warscroll: "barkback", at: [20, 10] },
        { id: "briar", owner: "p2", warscroll: "briar_guard", at: [20, 13.3] },
      ],
      { step: "charge", active },
    );
    s.units.bark!.damage = 3;
    // Old Barkback strikes last: the briar guard passes first.
    return ok(ok(s, active, { type: "end_phase" }).state, "p2", { type: "pass_fight", unit: "briar" }).state;
  };

  test("seed 003 30: simultaneous delayed effects: the active player's first (in the order they choose), then the opponent's", () => {
    // p1 active: Old Barkback's two after-fight effects (p1) need p1's order, then p2's Spiteful thorns.
    const start = fightBark("p1");
    let s = start;
    for (let i = 0; i < 200 && s === start; i++) {
      const t = ok(reseed(start, `a-${i}`), "p1", { type: "fight", unit: "bark", target: "briar" }).state;
      if (t.units.briar!.where === "field") s = t;
    }
    expect(s.pending).toMatchObject({ kind: "order_effects", seat: "p1" });
    const items = (s.pending as { items: readonly { ability: string }[] }).items.map((i) => i.ability);
    expect(items.sort()).toEqual(["sap_feast", "strangling_roots"]);
    const r = ok(s, "p1", { type: "order", order: [1, 0] });
    const order = r.events.filter((e) => e.type === "ability_used").map((e) => (e as { ability: string }).ability);
    expect(order[2]).toBe("spiteful_thorns");
    expect(order.slice(0, 2)).toEqual([...(s.pending as { items: readonly { ability: string }[] }).items].reverse().map((i) => i.ability));
  });

  test("seed 003 30: in the other player's turn the same fight resolves that player's delayed effect first", () => {
    let s = fightBark("p2");
    for (let i = 0; i < 200 && s.units.briar!.where === "field"; i++) {
      const t = ok(reseed(s, `o-${i}`), "p1", { type: "fight", unit: "bark", target: "briar" }).state;
      if (t.units.briar!.where === "field" && t.pending?.kind === "order_effects") {
        s = t;
        break;
      }
    }
    expect(s.pending).toMatchObject({ kind: "order_effects", seat: "p1" });
    // Spiteful thorns (p2, the active player) was already resolved before p1's two effects.
    expect(s.delayed.map((d) => d.ability).sort()).toEqual(["sap_feast", "strangling_roots"]);
  });
});
