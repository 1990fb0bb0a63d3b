/**
 * Seed 003 21 (healing), 22 (returning and adding models), 23 (tokens), 24 (setting up units),
 * 24.1 (reserve units), 24.2 (replacement units): worked examples on built positions.
 */
import { commit, diceSeed, rngStateFromSeed } from "@fogwar/engine";
import { catalog, legalCommands, picker, reserveEntry, reserveSalt, type SigmarState } from "../../src";
import { setupMatch } from "../../src/flow";
import { at, battle, fightUntil, ok, ofType, refused, rig } from "../helpers";
import { formation } from "../geometry-helpers";

const row = (n: number, x0: number, y: number, step = 1.3): [number, number][] => Array.from({ length: n }, (_, i) => [x0 + i * step, y]);

describe("seed 003 21.0 healing", () => {
  test("seed 003 21: Heal (X) removes X damage points from the unit (never below none); Regrowth heals D3, rolled when used", () => {
    const s = battle([{ id: "bark", owner: "p1", warscroll: "barkback", at: [10, 10] }, { id: "far", owner: "p2", warscroll: "ash_hounds", at: [38, 27] }]);
    s.units.bark!.damage = 3;
    const rigged = rig(s, (r) => r.int(1, 3) === 2);
    const { state, events } = ok(rigged, "p1", { type: "use_ability", unit: "bark", ability: "regrowth", targets: [] });
    expect(ofType(events, "healed")).toEqual([{ type: "healed", unit: "bark", roll: 2, healed: 2 }]);
    expect(state.units.bark!.damage).toBe(1);
    const again = rig({ ...state, turn: 3 }, (r) => r.int(1, 3) === 3);
    const healed = ok(again, "p1", { type: "use_ability", unit: "bark", ability: "regrowth", targets: [] });
    expect(ofType(healed.events, "healed")[0]).toMatchObject({ roll: 3, healed: 1 });
    expect(healed.state.units.bark!.damage).toBe(0);
  });
});

describe("seed 003 22.0 returning and adding models", () => {
  // A Briar Guard unit of 6 models left (of 10) in a row, and its Thornwarden.
  const base = (extra: Parameters<typeof battle>[0] = []): SigmarState =>
    rig(
      battle([{ id: "warden", owner: "p1", warscroll: "thornwarden", at: [13, 7] }, { id: "briar", owner: "p1", warscroll: "briar_guard", models: row(6, 10, 10) }, { id: "far", owner: "p2", warscroll: "ash_hounds", at: [38, 27] }, ...extra]),
      (r) => r.int(1, 3) === 2,
    );
  const rally = (s: SigmarState) => ok(s, "p1", { type: "use_ability", unit: "warden", ability: "rally_the_grove", targets: ["briar"] }).state;

  test("seed 003 22: the number returned is rolled (D3); the models are then set up one at a time, as a decision of their player", () => {
    const s = rally(base());
    expect(s.pending).toEqual({ kind: "place_models", seat: "p1", unit: "briar", count: 2, source: "rally_the_grove" });
    const placed = ok(s, "p1", { type: "place", models: [at(10.65, 11.05), at(11.95, 11.05)] });
    expect(placed.state.units.briar!.models).toHaveLength(8);
    expect(ofType(placed.events, "models_returned")[0]).toMatchObject({ unit: "briar", models: [at(10.65, 11.05), at(11.95, 11.05)] });
  });

  test("seed 003 22: with 7 or more models, each returned model must be in coherency with two models not returned this turn", () => {
    const s = rally(base());
    // (8.7, 10) is within 1" of one old model only.
    expect(refused(s, "p1", { type: "place", models: [at(8.7, 10)] })).toBe("not_coherent");
    // Between two old models: accepted.
    expect(ok(s, "p1", { type: "place", models: [at(10.65, 11.05)] }).state.units.briar!.models).toHaveLength(7);
  });

  test("seed 003 22: a returned model must be in coherency with models that were not returned this turn, not with another returned model", () => {
    const s = rally(base());
    expect(refused(s, "p1", { type: "place", models: [at(10.65, 11.05), at(10.65, 12.3)] })).toBe("not_coherent");
  });

  test("seed 003 22: a unit below 7 models needs one old model in coherency", () => {
    const few = rig(battle([{ id: "warden", owner: "p1", warscroll: "thornwarden", at: [13, 7] }, { id: "briar", owner: "p1", warscroll: "briar_guard", models: row(3, 10, 10) }, { id: "far", owner: "p2", warscroll: "ash_hounds", at: [38, 27] }]), (r) => r.int(1, 3) === 1);
    const s = ok(few, "p1", { type: "use_ability", unit: "warden", ability: "rally_the_grove", targets: ["briar"] }).state;
    expect(ok(s, "p1", { type: "place", models: [at(8.7, 10)] }).state.units.briar!.models).toHaveLength(4);
  });

  test("seed 003 22: a model returned to a unit not in combat cannot be set up in an enemy unit's combat range; to a unit in combat it can", () => {
    const near = rally(base([{ id: "zeal", owner: "p2", warscroll: "cinder_zealots", models: [[10.65, 14.6]] }]));
    expect(refused(near, "p1", { type: "place", models: [at(10.65, 11.05)] })).toBe("enters_combat_range");
    const engaged = rally(base([{ id: "zeal", owner: "p2", warscroll: "cinder_zealots", models: [[16.5, 11.3]] }]));
    expect(ok(engaged, "p1", { type: "place", models: [at(15.85, 8.95)] }).state.units.briar!.models).toHaveLength(7);
  });
});

describe("seed 003 23.0 tokens", () => {
  const hexed = () => {
    const s = battle([
      { id: "seer", owner: "p1", warscroll: "grove_seer", at: [10, 10] },
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [16, 8] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 18] },
    ]);
    return ok(s, "p1", { type: "use_ability", unit: "seer", ability: "hexroot", targets: ["zeal"] }).state;
  };

  test("seed 003 23: a token marks a unit under a persisting effect; it is not a model (the unit's models are unchanged) and cannot be picked by an ability", () => {
    const s = hexed();
    expect(s.tokens).toHaveLength(1);
    const token = s.tokens[0]!;
    expect(token).toMatchObject({ kind: "hex", unit: "zeal", owner: "p1" });
    expect(s.units.zeal!.models).toHaveLength(10);
    expect(s.persisting.find((p) => p.token === token.id)?.effect).toEqual({ kind: "modify", stat: "save_roll", op: "add", value: -1 });
    const later = { ...s, turn: 3 };
    expect(refused(later, "p1", { type: "use_ability", unit: "seer", ability: "twin_blessing", targets: [token.id] })).toBe("unknown_unit");
  });

  test("seed 003 23: when the unit moves, its token is placed beside it again", () => {
    const s = hexed();
    const before = { x: s.tokens[0]!.x, y: s.tokens[0]!.y };
    const p2turn: SigmarState = { ...s, active: "p2", step: "movement", turn: 2 };
    const to = s.units.zeal!.models.map((m) => ({ x: m.x + 200, y: m.y + 100 }));
    const moved = ok(p2turn, "p2", { type: "move", unit: "zeal", models: to }).state;
    expect(moved.tokens[0]).toMatchObject({ x: before.x + 200, y: before.y + 100 });
  });

  test("seed 003 23: the token goes when its effect ends (the end of the next turn)", () => {
    let s: SigmarState = { ...hexed(), step: "end" };
    s = ok(s, "p1", { type: "end_phase" }).state;
    expect(s.tokens).toHaveLength(1);
    s = { ...s, pending: null, active: "p2", step: "end" };
    const events = ok(s, "p2", { type: "end_phase" }).events;
    expect(ofType(events, "token_removed")).toHaveLength(1);
  });
});

describe("seed 003 24.0 setting up units", () => {
  const reserveState = () =>
    battle(
      [
        { id: "p1-r1", owner: "p1", warscroll: "elk_riders", where: "reserve" },
        { id: "p1-u1", owner: "p1", warscroll: "briar_guard", at: [22, 5] },
        { id: "p2-u1", owner: "p2", warscroll: "cinder_zealots", at: [22, 25] },
      ],
      { step: "movement", active: "p1" },
    );

  test("seed 003 24: every model of the unit must be set up, or the unit cannot be set up", () => {
    const s = reserveState();
    const three = formation(3, 118, at(6, 3));
    expect(refused(s, "p1", { type: "set_up", unit: "p1-r1", models: three.slice(0, 2) })).toBe("bad_positions");
    expect(ok(s, "p1", { type: "set_up", unit: "p1-r1", models: three }).state.units["p1-r1"]!.models).toHaveLength(3);
  });

  test("seed 003 24: a unit set up outside deployment cannot move in the movement phase of that turn", () => {
    const s = ok(reserveState(), "p1", { type: "set_up", unit: "p1-r1", models: formation(3, 118, at(6, 3)) }).state;
    const to = s.units["p1-r1"]!.models.map((m) => ({ x: m.x + 100, y: m.y + 100 }));
    expect(refused(s, "p1", { type: "move", unit: "p1-r1", models: to })).toBe("cannot");
    expect(refused(s, "p1", { type: "run", unit: "p1-r1" })).toBe("cannot");
    expect(legalCommands(s, "p1").some((c) => (c.type === "move" || c.type === "run") && c.unit === "p1-r1")).toBe(false);
  });

  test("seed 003 24.1: a reserve unit is set up wholly within 6\" of a battlefield edge and more than 9\" from every enemy unit", () => {
    const s = reserveState();
    expect(refused(s, "p1", { type: "set_up", unit: "p1-r1", models: formation(3, 118, at(34, 8)) })).toBe("outside_area");
    expect(refused(s, "p1", { type: "set_up", unit: "p1-r1", models: formation(3, 118, at(31, 27)) })).toBe("outside_area");
  });

  test("seed 003 24.1: reserve units not set up by the start of the fourth battle round are destroyed (and revealed with the salt that opens their commitment)", () => {
    // A real match: the sample lists have one reserve unit each; play until round 4 without setting them up.
    let s = setupMatch({ seats: ["p1", "p2"], armies: { p1: catalog.armies[0]!, p2: catalog.armies[2]! } }, "reserves-4").state;
    const commitments = { p1: s.armies.p1!.reserveCommitments, p2: s.armies.p2!.reserveCommitments };
    let destroyed: ReturnType<typeof ofType<"reserves_destroyed">> = [];
    for (let n = 0; n < 2000 && destroyed.length === 0; n++) {
      const seat = (s.pending?.seat ?? s.deploying ?? (s.step === "combat" ? picker(s) : s.active))!;
      const legal = legalCommands(s, seat).filter((c) => c.type !== "set_up");
      const c = legal.find((x) => x.type === "end_phase" || x.type === "decline" || x.type === "pass_fight" || x.type === "order") ?? legal[0]!;
      const r = ok(s, seat, c);
      s = r.state;
      destroyed = ofType(r.events, "reserves_destroyed");
    }
    expect(s.round).toBe(4);
    expect(destroyed).toHaveLength(1);
    for (const u of destroyed[0]!.units) {
      const seat = u.id.split("-")[0] as "p1" | "p2";
      expect(s.units[u.id]!.where).toBe("destroyed");
      expect(u.salt).toBe(reserveSalt(diceSeed("reserves-4"), seat, 1));
      const entry = catalog.armies[seat === "p1" ? 0 : 2]!.units.find((x) => x.reserve)!;
      expect(commit(reserveEntry(entry), u.salt)).toBe(commitments[seat][0]);
    }
  });
});

describe("seed 003 24.2 replacement units", () => {
  const setup = () => {
    const s = battle([
      { id: "warden", owner: "p1", warscroll: "thornwarden", at: [20, 12] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", models: [[20, 14.2]] },
      { id: "herald", owner: "p2", warscroll: "covenant_herald", at: [40, 26] },
    ]);
    s.units.zeal!.size = 10;
    s.persisting.push({ seq: 1, owner: "p2", source: "iron_resolve", unit: "zeal", effect: { kind: "modify", stat: "save_roll", op: "add", value: 1 }, until: { turn: 2 } });
    return s;
  };

  test("seed 003 24.2: at the end of the phase in which it was destroyed, a replacement unit with half the models is set up: a new unit, without the old unit's effects, which is never replaced again", () => {
    const events = fightUntil(setup(), "p1", "warden", "zeal", (e) => ofType(e, "unit_destroyed").length > 0);
    expect(ofType(events, "unit_destroyed")[0]!.unit).toBe("zeal");
    // Replay that fight to get its state.
    let s = setup();
    s = ok({ ...s, step: "charge", active: "p1" }, "p1", { type: "end_phase" }).state;
    let r = null as ReturnType<typeof ok> | null;
    for (let i = 0; i < 2000; i++) {
      const t = ok({ ...s, secret: { ...s.secret, rng: { ...s.secret.rng, dice: rngStateFromSeed(`fight-${i}`, "dice") } } }, "p1", { type: "fight", unit: "warden", target: "zeal" });
      if (ofType(t.events, "unit_destroyed").length) {
        r = t;
        break;
      }
    }
    s = r!.state;
    expect(s.pending).toEqual({ kind: "replacement", seat: "p2", unit: "zeal", count: 5 });
    expect(refused(s, "p2", { type: "place", models: formation(5, 49, at(10, 18)) })).toBe("outside_area");
    const placed = ok(s, "p2", { type: "place", models: formation(5, 49, at(10, 28)) });
    const fresh = placed.state.units.zealx!;
    expect(fresh).toMatchObject({ warscroll: "cinder_zealots", size: 5, replacementOf: "zeal", where: "field", setUpTurn: 1 });
    expect(fresh.models).toHaveLength(5);
    expect(placed.state.persisting.filter((p) => p.unit === "zealx")).toEqual([]);
    expect(placed.state.units.zeal!.replaced).toBe(true);
    // Its once-per-battle uses are its own (a new unit): the old unit's use is keyed to the old unit.
    expect(placed.state.used["zeal:reborn_from_ash"]).toBe("battle");
    expect(placed.state.used["zealx:reborn_from_ash"]).toBeUndefined();
    expect(placed.state.step).toBe("end");
  });
});

