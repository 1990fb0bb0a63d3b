/**
 * Project core rule C14 (docs/rules/sigmar.md): reactions the player whose turn it is not uses in
 * the opponent's turn, in the windows of core C13, for 1 command point, once per phase for the army:
 * the counter-charge (end of the opponent's charge phase; core C6's charge) and the rally (start of
 * either player's hero phase; rally points heal, seed 003_3dcb36e83a2444ba.txt 21, or return slain
 * models, seed 003 22). Each failed on sigmar-0.4.0, which had no reaction.
 */
import { awaiting, legalCommands, viewFor, type SigmarCommand, type SigmarState } from "../../src";
import { battle, d6s, ofType, ok, refused, rig, type UnitSpec } from "../helpers";

/** p1's charge phase ends (nothing charged): its end window opens. */
const endCharge = (s: SigmarState) => ok(s, "p1", { type: "end_phase" });

/** p2's turn ends; p1's turn starts (the standing stones ordered): the hero phase's start window. */
const toP1Hero = (s: SigmarState) => {
  const next = ok(s, "p2", { type: "end_phase" }).state;
  return next.pending?.kind === "order_neutral" ? ok(next, "p1", { type: "order", order: [0, 1] }) : { state: next, events: [] };
};

describe("core C14: reactions in the opponent's turn", () => {
  // p1 (active, Ashen) has Cinder Zealots; p2's Elk Riders stand about 5" away, not in combat.
  const spec: UnitSpec[] = [
    { id: "zeal", owner: "p1", warscroll: "cinder_zealots", at: [30, 5] },
    { id: "elk", owner: "p2", warscroll: "elk_riders", at: [18, 5] },
  ];

  test("core C14: at the end of the opponent's charge phase the other player may counter-charge for 1 command point (2D6 from the dice stream, core C6's placement); the unit charged and fights in the combat phase", () => {
    const s = rig(battle(spec, { step: "charge", active: "p1" }), d6s(6, 6));
    const window = endCharge(s).state;
    expect(window.step).toBe("charge");
    expect(window.pending).toEqual({ kind: "phase_window", seat: "p2", at: "end" });
    expect(awaiting(window)).toEqual(["p2"]);
    const offer: SigmarCommand = { type: "command", command: "counter_charge", unit: "elk", target: "zeal" };
    expect(legalCommands(window, "p2")).toContainEqual(offer);
    expect(legalCommands(window, "p2")).toContainEqual({ type: "decline" });
    const rolled = ok(window, "p2", offer);
    expect(rolled.state.cp.p2).toBe(1);
    expect(rolled.events).toContainEqual({ type: "command_used", seat: "p2", command: "counter_charge", unit: "elk", target: "zeal" });
    expect(rolled.events).toContainEqual({ type: "charge_rolled", unit: "elk", target: "zeal", dice: [6, 6], roll: 12 });
    expect(rolled.state.pending).toEqual({ kind: "charge_move", seat: "p2", unit: "elk", target: "zeal", roll: 12 });
    const place = legalCommands(rolled.state, "p2").find((c) => c.type === "place")!;
    const charged = ok(rolled.state, "p2", place).state;
    expect(charged.units.elk!.did.charged).toBe(true);
    // Once per phase for the army: nothing more to ask; the combat phase opens with both units in combat.
    expect(charged.step).toBe("combat");
    expect(charged.combat!.engaged).toEqual(expect.arrayContaining(["zeal", "elk"]));
  });

  test("core C14: a seat with no usable reaction is not asked (no command point, enemy beyond 12\", its own turn, already in combat); declining passes", () => {
    /** Past the charge phase without a question (the combat phase, or the end phase when nobody is in combat). */
    const unasked = (x: SigmarState) => expect(x.step).not.toBe("charge");
    unasked(endCharge(battle(spec, { step: "charge", active: "p1", cp: 0 })).state);
    const far: UnitSpec[] = [spec[0]!, { id: "elk", owner: "p2", warscroll: "elk_riders", at: [6, 25] }];
    unasked(endCharge(battle(far, { step: "charge", active: "p1" })).state);
    // In p2's own turn p2 is offered no counter-charge; p1, whose turn it is not, is.
    const own = ok(battle(spec, { step: "charge", active: "p2" }), "p2", { type: "end_phase" }).state;
    expect(own.pending).toEqual({ kind: "phase_window", seat: "p1", at: "end" });
    expect(legalCommands(own, "p1").filter((c) => c.type === "command")).toEqual([{ type: "command", command: "counter_charge", unit: "zeal", target: "elk" }]);
    unasked(ok(own, "p1", { type: "decline" }).state);
    const close: UnitSpec[] = [spec[0]!, { id: "elk", owner: "p2", warscroll: "elk_riders", at: [23, 5] }];
    const engaged = battle(close, { step: "charge", active: "p1" });
    expect(endCharge(engaged).state.pending?.kind).not.toBe("phase_window");
    const passed = ok(endCharge(battle(spec, { step: "charge", active: "p1" })).state, "p2", { type: "decline" }).state;
    unasked(passed);
    expect(passed.cp.p2).toBe(2);
  });

  test("core C14: bad reactions are refused and change nothing", () => {
    const window = endCharge(battle(spec, { step: "charge", active: "p1" })).state;
    expect(refused(window, "p2", { type: "command", command: "counter_charge", unit: "elk" })).toBe("unknown_unit");
    expect(refused(window, "p2", { type: "command", command: "counter_charge", unit: "elk", target: "p1-r9" })).toBe("unknown_unit");
    expect(refused(window, "p2", { type: "command", command: "counter_charge", unit: "elk", target: "elk" })).toBe("invalid_target");
    expect(refused(window, "p2", { type: "command", command: "counter_charge", unit: "zeal", target: "zeal" })).toBe("not_your_unit");
    expect(refused(window, "p2", { type: "command", command: "rally", unit: "elk" })).toBe("wrong_phase");
    expect(refused(window, "p2", { type: "command", command: "hold_firm", unit: "elk" })).toBe("ability_unavailable");
    expect(refused(window, "p1", { type: "command", command: "counter_charge", unit: "zeal", target: "elk" })).toBe("decision_pending");
    expect(refused(window, "p2", { type: "command", command: "counter_charge", unit: "elk", target: "zeal", extra: 1 })).toBe("malformed_command");
    // Outside a window a reaction is refused.
    expect(refused(battle(spec, { step: "charge", active: "p2" }), "p2", { type: "command", command: "counter_charge", unit: "elk", target: "zeal" })).toBe("wrong_phase");
    expect(window.pending).toEqual({ kind: "phase_window", seat: "p2", at: "end" });
    expect(window.cp.p2).toBe(2);
  });

  // p2's Elk Riders (Health 3) have lost one of their three models and carry 2 damage points.
  const hurt = () => {
    const s = battle([{ id: "zeal", owner: "p1", warscroll: "cinder_zealots", at: [30, 25] }, { id: "elk", owner: "p2", warscroll: "elk_riders", at: [12, 5], count: 2 }], { step: "end", active: "p2" });
    s.units.elk!.damage = 2;
    return s;
  };

  test("core C14 with seed 003 22: at the start of the opponent's hero phase a rally rolls six dice (4+ a point); 3 points return a slain Health 3 model, placed in coherency", () => {
    const start = toP1Hero(hurt()).state;
    expect(start.active).toBe("p1");
    expect(start.step).toBe("hero");
    expect(start.pending).toEqual({ kind: "phase_window", seat: "p2", at: "start" });
    expect(legalCommands(start, "p2")).toContainEqual({ type: "command", command: "rally", unit: "elk" });
    const rallied = ok(rig(start, d6s(4, 5, 6, 1, 2, 3)), "p2", { type: "command", command: "rally", unit: "elk" });
    expect(rallied.events).toContainEqual({ type: "rallied", unit: "elk", dice: [4, 5, 6, 1, 2, 3], points: 3 });
    expect(rallied.state.pending).toEqual({ kind: "rally", seat: "p2", unit: "elk", points: 3, health: 3, returnable: 1 });
    expect(rallied.state.cp.p2).toBe(1);
    const place = legalCommands(rallied.state, "p2").find((c) => c.type === "place")!;
    expect(place).toBeDefined();
    const back = ok(rallied.state, "p2", place);
    expect(back.state.units.elk!.models).toHaveLength(3);
    expect(ofType(back.events, "models_returned")).toHaveLength(1);
    expect(back.state.units.elk!.damage).toBe(2);
    // The window closes (rally once per phase for the army) and p1's hero phase goes on.
    expect(back.state.pending).toBeNull();
    expect(awaiting(back.state)).toEqual(["p1"]);
  });

  test("core C14 with seed 003 21: the player may spend the rally points on healing instead (each point heals 1 damage point); too few points for a model heal at once", () => {
    const start = toP1Hero(hurt()).state;
    const rallied = ok(rig(start, d6s(4, 5, 6, 1, 2, 3)), "p2", { type: "command", command: "rally", unit: "elk" }).state;
    const healed = ok(rallied, "p2", { type: "decline" });
    expect(healed.events).toContainEqual({ type: "healed", unit: "elk", roll: 3, healed: 2 });
    expect(healed.state.units.elk!.damage).toBe(0);
    expect(healed.state.units.elk!.models).toHaveLength(2);
    // Two points cannot return a Health 3 model: they heal at once, no question.
    const two = ok(rig(start, d6s(4, 4, 1, 1, 1, 1)), "p2", { type: "command", command: "rally", unit: "elk" });
    expect(two.events).toContainEqual({ type: "healed", unit: "elk", roll: 2, healed: 2 });
    expect(two.state.pending).toBeNull();
    // A returned model must keep coherency (seed 003 22): far away is refused and changes nothing.
    expect(refused(rallied, "p2", { type: "place", models: [{ x: 4000, y: 2800 }] })).toBe("not_coherent");
    expect(rallied.pending?.kind).toBe("rally");
  });

  test("core C14: a unit with no damage and no slain model is offered no rally; the window asks nothing", () => {
    // Damage alone (no slain model) is enough for an offer.
    const damaged = hurt();
    damaged.units.elk!.size = 2;
    const offered = toP1Hero(damaged).state;
    expect(offered.pending).toEqual({ kind: "phase_window", seat: "p2", at: "start" });
    expect(legalCommands(offered, "p2").filter((c) => c.type === "command")).toEqual([{ type: "command", command: "rally", unit: "elk" }]);
    const s = hurt();
    s.units.elk!.damage = 0;
    s.units.elk!.size = 2;
    const start = toP1Hero(s).state;
    expect(start.pending?.kind).not.toBe("phase_window");
  });

  test("core C14 and design.md hidden information: whether a seat is asked in the opponent's turn and what it is offered do not depend on the hands of battle-tactic cards or the units in reserve; the opponent's view of the prompt is the same", () => {
    const variants = [
      // The hands' sizes are public; their cards and the reserve units are not.
      { hands: { p1: ["iron_resolve"], p2: ["field_mending", "surge_of_fury"] }, reserve: false },
      { hands: { p1: ["double_time"], p2: ["reckless_surge", "iron_resolve"] }, reserve: true },
      { hands: { p1: ["field_mending"], p2: ["double_time", "double_time"] }, reserve: false },
    ].map(({ hands, reserve }) => {
      const units: UnitSpec[] = [...spec, ...(reserve ? [{ id: "p2-r1", owner: "p2", warscroll: "moss_archers", where: "reserve" } as const, { id: "p1-r1", owner: "p1", warscroll: "ember_slingers", where: "reserve" } as const] : [])];
      return endCharge(battle(units, { step: "charge", active: "p1", hands })).state;
    });
    // The prompt exists: p2 is asked in p1's turn and offered the counter-charge.
    expect(variants[0]!.pending).toEqual({ kind: "phase_window", seat: "p2", at: "end" });
    expect(legalCommands(variants[0]!, "p2")).toContainEqual({ type: "command", command: "counter_charge", unit: "elk", target: "zeal" });
    for (const v of variants) {
      expect(v.pending).toEqual(variants[0]!.pending);
      expect(legalCommands(v, "p2")).toEqual(legalCommands(variants[0]!, "p2"));
      expect(viewFor(v, { kind: "seat", seat: "p1" }).pending).toEqual(viewFor(variants[0]!, { kind: "seat", seat: "p1" }).pending);
      expect(viewFor(v, { kind: "spectator" })).toEqual(viewFor(variants[0]!, { kind: "spectator" }));
      expect(JSON.stringify(v.pending)).not.toMatch(/r1|iron_resolve|field_mending|surge_of_fury|double_time|reckless_surge/);
    }
  });
});
