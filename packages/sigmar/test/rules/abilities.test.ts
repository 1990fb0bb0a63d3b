/**
 * Seed 003 28 (advanced ability rules), 28.1 (persisting effects), 28.2 ('once per' timings and
 * who is using the ability): worked examples.
 */
import { legalCommands, modsFor, type SigmarEvent, type SigmarState } from "../../src";
import { useAbility } from "../../src/command-actions";
import { Ctx } from "../../src/context";
import { enterPhase } from "../../src/flow";
import { battle, ok, ofType, refused } from "../helpers";

describe("seed 003 28.0 advanced ability rules", () => {
  test("seed 003 28: a unit picked by an ability must be on the battlefield (a unit in reserve cannot be picked)", () => {
    const s = battle([
      { id: "seer", owner: "p1", warscroll: "grove_seer", at: [10, 10] },
      { id: "elk", owner: "p1", warscroll: "elk_riders", where: "reserve" },
      { id: "far", owner: "p2", warscroll: "ash_hounds", at: [38, 27] },
    ]);
    expect(refused(s, "p1", { type: "use_ability", unit: "seer", ability: "twin_blessing", targets: ["elk"] })).toBe("not_on_battlefield");
    expect(refused(s, "p1", { type: "use_ability", unit: "elk", ability: "twin_blessing", targets: ["seer"] })).toBe("not_on_battlefield");
  });

  test("seed 003 28: 'can': the player chooses whether to use it; 'must': it is not chosen, it happens when its time comes", () => {
    const s = battle([
      { id: "seer", owner: "p1", warscroll: "grove_seer", at: [10, 10] },
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [10, 14] },
      { id: "near", owner: "p2", warscroll: "ash_hounds", at: [20, 15] },
    ]);
    expect(refused(s, "p1", { type: "use_ability", unit: "seer", ability: "oathbond", targets: ["briar"] })).toBe("ability_unavailable");
    expect(legalCommands(s, "p1").some((c) => c.type === "use_ability" && c.ability === "oathbond")).toBe(false);
    expect(legalCommands(s, "p1").some((c) => c.type === "use_ability" && c.ability === "hexroot")).toBe(true);
  });

  test("seed 003 28: a 'must' ability that is impossible does nothing, but counts as used (Oathbond with no Briar Guard in reach)", () => {
    const s: SigmarState = { ...battle([
      { id: "seer", owner: "p1", warscroll: "grove_seer", at: [10, 10] },
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [35, 4] },
      { id: "far", owner: "p2", warscroll: "ash_hounds", at: [38, 27] },
    ]), step: "end", active: "p2", first: "p1", turn: 2, round: 1 };
    // Into round 2: play on (ending phases, ordering the stones) until p1's hero phase has begun.
    let state = s;
    const events: SigmarEvent[] = [];
    for (let i = 0; i < 40 && !(state.active === "p1" && state.round === 2 && !state.pending); i++) {
      const seat = state.pending?.seat ?? state.active!;
      const c = legalCommands(state, seat).find((x) => x.type === "end_phase" || x.type === "order" || x.type === "pass_fight")!;
      const r = ok(state, seat, c);
      state = r.state;
      events.push(...r.events);
    }
    expect(state.step).toBe("hero");
    const used = ofType(events, "ability_used").filter((e) => e.ability === "oathbond");
    expect(used).toEqual([{ type: "ability_used", unit: "seer", seat: "p1", ability: "oathbond", targets: [], noEffect: true }]);
    expect(state.used["seer:oathbond"]).toBe("battle");
  });

  test("seed 003 28: a 'must' ability with several possible picks asks its player to pick one", () => {
    const s: SigmarState = { ...battle([
      { id: "seer", owner: "p1", warscroll: "grove_seer", at: [10, 10] },
      { id: "b1", owner: "p1", warscroll: "briar_guard", at: [6, 14] },
      { id: "b2", owner: "p1", warscroll: "briar_guard", at: [14, 14] },
      { id: "far", owner: "p2", warscroll: "ash_hounds", at: [38, 27] },
    ]), step: "hero" };
    s.units.b2!.damage = 0;
    // Start the hero phase again (as at a turn's start).
    const ctx = Ctx.on(s);
    enterPhase(ctx, "hero");
    const state = ctx.finish().state;
    expect(state.pending).toEqual({ kind: "must_target", seat: "p1", unit: "seer", ability: "oathbond", options: ["b1", "b2"] });
    expect(legalCommands(state, "p1")).toEqual([
      { type: "use_ability", unit: "seer", ability: "oathbond", targets: ["b1"] },
      { type: "use_ability", unit: "seer", ability: "oathbond", targets: ["b2"] },
    ]);
    const done = ok(state, "p1", { type: "use_ability", unit: "seer", ability: "oathbond", targets: ["b2"] });
    expect(ofType(done.events, "healed")[0]).toMatchObject({ unit: "b2", roll: 3 });
  });

  test("seed 003 28: 'this unit' is the unit using the ability (Regrowth heals Old Barkback itself)", () => {
    const s = battle([{ id: "bark", owner: "p1", warscroll: "barkback", at: [10, 10] }, { id: "far", owner: "p2", warscroll: "ash_hounds", at: [38, 27] }]);
    s.units.bark!.damage = 2;
    const r = ok(s, "p1", { type: "use_ability", unit: "bark", ability: "regrowth", targets: [] });
    expect(ofType(r.events, "ability_used")[0]!.targets).toEqual(["bark"]);
    expect(refused(s, "p1", { type: "use_ability", unit: "bark", ability: "regrowth", targets: ["far"] })).toBe("invalid_target");
  });

  test("seed 003 28: an ability affecting several units resolves them in the order its player picked, rolling for one unit at a time", () => {
    const s = battle([
      { id: "tyrant", owner: "p2", warscroll: "pyre_tyrant", at: [20, 20] },
      { id: "a", owner: "p1", warscroll: "moss_archers", models: [[17, 23.6]] },
      { id: "b", owner: "p1", warscroll: "moss_archers", models: [[23, 23.6]] },
      { id: "c", owner: "p1", warscroll: "moss_archers", models: [[20, 16.4]] },
    ], { active: "p2" });
    const order = (targets: string[]) => ofType(ok(s, "p2", { type: "use_ability", unit: "tyrant", ability: "cinder_burst", targets }).events, "ability_roll").map((e) => e.unit);
    expect(order(["c", "a", "b"])).toEqual(["c", "a", "b"]);
    expect(order(["b", "c"])).toEqual(["b", "c"]);
    // Each unit's roll and damage are resolved before the next unit's roll.
    const events = ok(s, "p2", { type: "use_ability", unit: "tyrant", ability: "cinder_burst", targets: ["a", "b"] }).events.map((e) => e.type);
    const first = events.indexOf("ability_roll");
    const second = events.indexOf("ability_roll", first + 1);
    expect(events.slice(first, second).every((t) => t === "ability_roll" || t === "mortal_damage" || t === "unit_destroyed")).toBe(true);
  });

  test("seed 003 28: an ability that picks two or more units must pick different units", () => {
    const s = battle([
      { id: "seer", owner: "p1", warscroll: "grove_seer", at: [10, 10] },
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [10, 14] },
      { id: "far", owner: "p2", warscroll: "ash_hounds", at: [38, 27] },
    ]);
    expect(refused(s, "p1", { type: "use_ability", unit: "seer", ability: "twin_blessing", targets: ["briar", "briar"] })).toBe("invalid_target");
    expect(ok(s, "p1", { type: "use_ability", unit: "seer", ability: "twin_blessing", targets: ["briar", "seer"] }).state.persisting).toHaveLength(2);
  });
});

describe("seed 003 28.1 persisting effects", () => {
  test("seed 003 28.1: 'this turn' effects last the turn and count as passives of their player (ordered with the passives)", () => {
    const s = battle([
      { id: "seer", owner: "p1", warscroll: "grove_seer", at: [10, 10] },
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [10, 14] },
      { id: "far", owner: "p2", warscroll: "ash_hounds", at: [38, 27] },
    ]);
    const blessed = ok(s, "p1", { type: "use_ability", unit: "seer", ability: "twin_blessing", targets: ["briar"] }).state;
    const mods = modsFor(blessed, blessed.units.briar!, "save_roll");
    expect(mods).toEqual([expect.objectContaining({ source: "twin_blessing", owner: "p1", passive: true, rank: 3, value: 1 })]);
    const ended = ok({ ...blessed, step: "end" }, "p1", { type: "end_phase" }).state;
    expect(ended.persisting).toEqual([]);
  });
});

describe("seed 003 28.2 'once per' timings", () => {
  test("seed 003 28.2: a unit's 'once per turn' ability: each unit that has it may use it once per turn", () => {
    const s = battle([
      { id: "bark1", owner: "p1", warscroll: "barkback", at: [10, 10] },
      { id: "bark2", owner: "p1", warscroll: "barkback", at: [30, 10] },
      { id: "far", owner: "p2", warscroll: "ash_hounds", at: [38, 27] },
    ]);
    let t = ok(s, "p1", { type: "use_ability", unit: "bark1", ability: "regrowth", targets: [] }).state;
    t = ok(t, "p1", { type: "use_ability", unit: "bark2", ability: "regrowth", targets: [] }).state;
    expect(refused(t, "p1", { type: "use_ability", unit: "bark1", ability: "regrowth", targets: [] })).toBe("ability_used");
    expect(ok({ ...t, turn: 3 }, "p1", { type: "use_ability", unit: "bark1", ability: "regrowth", targets: [] }).state.used["bark1:regrowth"]).toBe("t3");
  });

  test("seed 003 28.2: 'once per phase (army)': only once per phase for the whole army, whichever unit uses it", () => {
    const s = battle(
      [
        { id: "h1", owner: "p2", warscroll: "covenant_herald", at: [10, 20] },
        { id: "h2", owner: "p2", warscroll: "covenant_herald", at: [14, 20] },
        { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [12, 24] },
        { id: "far", owner: "p1", warscroll: "briar_guard", at: [38, 4] },
      ],
      { step: "combat", active: "p2" },
    );
    s.combat = { engaged: [], strikeFirst: [], fought: [], picker: "p2", firstDone: true, answer: null };
    const ctx = Ctx.on(s);
    expect(useAbility(ctx, "p2", { type: "use_ability", unit: "h1", ability: "ash_rite", targets: ["zeal"] })).toBeNull();
    expect(useAbility(ctx, "p2", { type: "use_ability", unit: "h2", ability: "ash_rite", targets: ["zeal"] })).toBe("ability_used");
    expect(ctx.state.used["p2:army:ash_rite"]).toBe("t1:combat");
  });

  test("seed 003 28.2 and 'who is using the ability': a card is used by the player, once per turn; an enhancement by the unit given it", () => {
    const s = battle(
      [
        { id: "warden", owner: "p1", warscroll: "thornwarden", at: [10, 10], enhancement: "heartwood_charm" },
        { id: "seer", owner: "p1", warscroll: "grove_seer", at: [14, 10] },
        { id: "far", owner: "p2", warscroll: "ash_hounds", at: [38, 27] },
      ],
      { hands: { p1: ["iron_resolve", "field_mending"], p2: [] } },
    );
    const played = ok(s, "p1", { type: "play_card", card: "iron_resolve", targets: ["seer"] });
    expect(ofType(played.events, "ability_used")[0]).toMatchObject({ unit: null, seat: "p1", ability: "iron_resolve" });
    expect(refused(played.state, "p1", { type: "play_card", card: "field_mending", targets: ["seer"] })).toBe("card_not_in_hand");
    const charm = ok(s, "p1", { type: "use_ability", unit: "warden", ability: "heartwood_charm", targets: [] });
    expect(ofType(charm.events, "ability_used")[0]).toMatchObject({ unit: "warden", ability: "heartwood_charm" });
    expect(refused(s, "p1", { type: "use_ability", unit: "seer", ability: "heartwood_charm", targets: [] })).toBe("ability_unavailable");
  });
});
