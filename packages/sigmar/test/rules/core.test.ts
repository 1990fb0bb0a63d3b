/**
 * The project's own minimal core (docs/rules/sigmar.md, project core rules C1-C12): muster,
 * deployment, the battle round, movement, shooting, charges, the attack sequence, commands,
 * cards, objectives and the end. Worked examples.
 */
import { diceSeed, redactEvent, seatViewer, verifyCommitment, verifySeed } from "@fogwar/engine";
import { armyProblems, catalog, controlled, legalCommands, sigmar, viewFor, type SigmarState } from "../../src";
import { allocate, mortalDamage } from "../../src/attack";
import { Ctx } from "../../src/context";
import { at, battle, d6s, ok, ofType, refused, reseed, rig } from "../helpers";
import { formation } from "../geometry-helpers";

const lists = () => ({ p1: catalog.armies[0]!, p2: catalog.armies[2]! });
const fresh = (seed = "core") => sigmar.setup({ seats: ["p1", "p2"] }, seed).state;

describe("core C1-C2: the match and the secret muster", () => {
  test("core C1: two seats; the dice seed is committed at setup and verifiable at the end", () => {
    const { state, events } = sigmar.setup({ seats: ["p1", "p2"] }, "seed-1");
    expect(events[0]!.event).toEqual({ type: "seed_committed", commitment: state.seedCommitment });
    expect(verifySeed(state.seedCommitment, "seed-1")).toBe(true);
    expect(() => sigmar.setup({ seats: ["p1", "p1"] as never }, "x")).toThrow();
  });

  test("core C2: an army list is one faction's warscrolls, within the points limit, at most two in reserve and one on the battlefield, one enhancement on a hero", () => {
    expect(catalog.armies.map(armyProblems)).toEqual(catalog.armies.map(() => []));
    const base = catalog.armies[0]!;
    expect(armyProblems({ ...base, units: [...base.units, { warscroll: "pyre_tyrant" }] })).toContain('"pyre_tyrant" is not a warscroll of verdant');
    expect(armyProblems({ ...base, units: base.units.map((u) => ({ ...u, reserve: true })) }).length).toBeGreaterThan(0);
    expect(armyProblems({ ...base, units: [{ warscroll: "briar_guard", enhancement: "heartwood_charm" }] })).toContain("only a hero can be given an enhancement");
    expect(armyProblems({ ...base, units: [...base.units, { warscroll: "barkback" }, { warscroll: "barkback" }] }).some((p) => /over the/.test(p))).toBe(true);
  });

  test("core C2: each seat locks its list as a commitment, may unlock while the other has not locked; when both are locked the lists are revealed without their reserve units", () => {
    let s = fresh();
    const a = ok(s, "p1", { type: "lock_army", army: lists().p1 });
    expect(a.envelopes[0]!.shadow).toEqual({ type: "army_locked", seat: "p1", commitment: expect.any(String) });
    s = ok(a.state, "p1", { type: "unlock_army" }).state;
    expect(refused(s, "p1", { type: "unlock_army" })).toBe("army_not_locked");
    s = ok(s, "p1", { type: "lock_army", army: lists().p1 }).state;
    expect(refused(s, "p1", { type: "lock_army", army: lists().p1 })).toBe("army_locked");
    expect(refused(s, "p2", { type: "lock_army", army: { ...lists().p2, units: [{ warscroll: "nope" }] } })).toBe("invalid_army");
    const r = ok(s, "p2", { type: "lock_army", army: lists().p2 });
    const revealed = ofType(r.events, "armies_revealed")[0]!;
    expect(revealed.armies.p1!.units.map((u) => u.warscroll)).toEqual(["thornwarden", "briar_guard", "moss_archers", "grove_seer"]);
    expect(revealed.armies.p1!.reserves).toBe(1);
    expect(JSON.stringify(revealed)).not.toContain("elk_riders");
    expect(r.state.phase).toBe("deployment");
  });

  test("core C2 with seed 003 24.1 (sigmar-0.6.0): the reveal names no list, so a sample list's name does not tell which sample it began as, nor so its reserve", () => {
    let s = fresh("reveal-names");
    s = ok(s, "p1", { type: "lock_army", army: lists().p1 }).state;
    const r = ok(s, "p2", { type: "lock_army", army: lists().p2 });
    const revealed = ofType(r.events, "armies_revealed")[0]!;
    for (const seat of ["p1", "p2"] as const) {
      expect(revealed.armies[seat]).not.toHaveProperty("name");
      expect(r.state.armies[seat]).not.toHaveProperty("name");
      // The other seat's view and the reveal it hears hold the list's name nowhere.
      const other = seat === "p1" ? "p2" : "p1";
      expect(JSON.stringify(sigmar.viewFor(r.state, seatViewer(other)))).not.toContain(lists()[seat].name);
      expect(JSON.stringify(r.envelopes.map((e) => redactEvent(e, seatViewer(other))))).not.toContain(lists()[seat].name);
    }
    // Lists given at setup (a match created with them) are revealed the same way.
    const given = sigmar.setup({ seats: ["p1", "p2"], armies: lists() }, "reveal-names-given");
    expect(JSON.stringify(given.events.map((e) => redactEvent(e, seatViewer("p2"))))).not.toContain(lists().p1.name);
    expect(JSON.stringify(sigmar.viewFor(given.state, seatViewer("p2")))).not.toContain(lists().p1.name);
  });

  test("core C2: at the end every list and its salt are revealed and open the commitment", () => {
    let s = sigmar.setup({ seats: ["p1", "p2"], armies: lists() }, "end-lists").state;
    const commitments = { p1: s.muster.seats.p1!.commitment!, p2: s.muster.seats.p2!.commitment! };
    const end = ok(s, "p1", { type: "concede" });
    const ended = ofType(end.events, "match_ended")[0]!;
    expect(verifyCommitment(commitments.p1, ended.lists.p1, ended.salts.p1!)).toBe(true);
    expect(verifyCommitment(commitments.p2, ended.lists.p2, ended.salts.p2!)).toBe(true);
    expect(end.state.result).toMatchObject({ winner: "p2", reason: "p1 conceded" });
    s = end.state;
    expect(refused(s, "p2", { type: "end_phase" })).toBe("match_over");
  });
});

describe("core C3-C4: deployment and the battle round", () => {
  test("core C3: units deploy one at a time, alternating, wholly within their territory, in coherency", () => {
    const s = sigmar.setup({ seats: ["p1", "p2"], armies: lists() }, "deploy").state;
    expect(s.deploying).toBe("p1");
    expect(refused(s, "p1", { type: "deploy", unit: "p1-u2", models: formation(10, 55, at(5, 12)) })).toBe("outside_area");
    expect(refused(s, "p1", { type: "deploy", unit: "p1-u2", models: formation(10, 55, at(10, 4)).map((p, i) => (i === 9 ? { x: p.x + 800, y: p.y } : p)) })).toBe("not_coherent");
    expect(refused(s, "p2", { type: "deploy", unit: "p2-u1", models: formation(1, 157, at(10, 26)) })).toBe("not_your_turn");
    const t = ok(s, "p1", { type: "deploy", unit: "p1-u2", models: formation(10, 55, at(10, 4)) }).state;
    expect(t.deploying).toBe("p2");
  });

  test("core C4: each round both players roll a dice: the higher chooses who takes the first turn (a tie: the previous first player chooses); each gains 2 command points", () => {
    const s: SigmarState = { ...battle([{ id: "a", owner: "p1", warscroll: "briar_guard", at: [10, 4] }, { id: "b", owner: "p2", warscroll: "cinder_zealots", at: [10, 26] }], { step: "end", active: "p2" }), first: "p1", turn: 2, cp: { p1: 0, p2: 1 } };
    const r = ok(rig(s, d6s(2, 5)), "p2", { type: "end_phase" });
    expect(r.state.pending).toEqual({ kind: "priority", seat: "p2", items: ["p2", "p1"], rolls: { p1: 2, p2: 5 } });
    expect(ofType(r.events, "round_started")).toEqual([]);
    expect(r.state.cp).toEqual({ p1: 2, p2: 3 });
    expect(legalCommands(r.state, "p2")).toEqual([{ type: "order", order: [0, 1] }, { type: "order", order: [1, 0] }]);
    expect(refused(r.state, "p1", { type: "order", order: [0, 1] })).toBe("decision_pending");
    expect(refused(r.state, "p2", { type: "order", order: [0, 0] })).toBe("invalid_choice");
    // The winner lets the other player take the first turn.
    const chosen = ok(r.state, "p2", { type: "order", order: [1, 0] });
    expect(ofType(chosen.events, "round_started")[0]).toEqual({ type: "round_started", round: 2, rolls: { p1: 2, p2: 5 }, first: "p1", chooser: "p2" });
    expect(chosen.state.first).toBe("p1");
    expect(chosen.state.active).toBe("p1");
    const tie = ok(rig(s, d6s(4, 4)), "p2", { type: "end_phase" });
    expect(tie.state.pending).toMatchObject({ kind: "priority", seat: "p1" });
  });

  test("core C4: a turn runs hero, movement, shooting, charge, combat and end phases; the active player ends each (the combat phase ends when nobody can fight)", () => {
    let s = battle([{ id: "a", owner: "p1", warscroll: "briar_guard", at: [10, 4] }, { id: "b", owner: "p2", warscroll: "cinder_zealots", at: [10, 26] }]);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      expect(refused(s, "p2", { type: "end_phase" })).toBe("not_your_turn");
      const r = ok(s, "p1", { type: "end_phase" });
      seen.push(...ofType(r.events, "phase_started").map((e) => e.phase));
      s = r.state;
    }
    expect(seen).toEqual(["movement", "shooting", "charge", "combat", "end"]);
    expect(ofType(ok(s, "p1", { type: "end_phase" }).events, "turn_started")[0]).toMatchObject({ seat: "p2" });
  });
});

describe("core C5-C6: movement, shooting and charges", () => {
  const field = (step: SigmarState["step"]) =>
    battle(
      [
        { id: "briar", owner: "p1", warscroll: "briar_guard", at: [6, 4] },
        { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [6, 16] },
        { id: "archers", owner: "p1", warscroll: "moss_archers", at: [40, 6] },
      ],
      { step },
    );

  test("core C5: a normal move takes each model at most its Move in a straight line; it cannot end within 3\" of an enemy", () => {
    const s = field("movement");
    const by = (dy: number) => s.units.briar!.models.map((m) => ({ x: m.x, y: m.y + dy }));
    expect(refused(s, "p1", { type: "move", unit: "briar", models: by(501) })).toBe("too_far");
    expect(ok(s, "p1", { type: "move", unit: "briar", models: by(500) }).state.units.briar!.did.moved).toBe(true);
    const close = battle([{ id: "briar", owner: "p1", warscroll: "briar_guard", at: [6, 4] }, { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [6, 12] }], { step: "movement" });
    expect(refused(close, "p1", { type: "move", unit: "briar", models: close.units.briar!.models.map((m) => ({ x: m.x, y: m.y + 450 })) })).toBe("enters_combat_range");
  });

  test("core C5: terrain blocks movement; a run adds a dice to Move, then the move is made", () => {
    const s = battle([{ id: "seer", owner: "p1", warscroll: "grove_seer", models: [[29.5, 23]] }, { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [5, 27] }], { step: "movement" });
    expect(refused(s, "p1", { type: "move", unit: "seer", models: [at(29.5, 17.5)] })).toBe("blocked_path");
    const ran = ok(rig(s, d6s(4)), "p1", { type: "run", unit: "seer" });
    expect(ran.state.pending).toEqual({ kind: "run_move", seat: "p1", unit: "seer", roll: 4 });
    expect(refused(ran.state, "p1", { type: "place", models: [at(39.6, 23)] })).toBe("too_far");
    expect(ok(ran.state, "p1", { type: "place", models: [at(39.5, 23)] }).state.units.seer!.models[0]).toMatchObject(at(39.5, 23));
  });

  test("core C6: shooting needs a weapon in range and a clear sight line from a model (terrain blocks sight)", () => {
    const s = field("shooting");
    expect(refused(s, "p1", { type: "shoot", unit: "archers", target: "zeal" })).toBe("out_of_range");
    const hidden = battle([{ id: "archers", owner: "p1", warscroll: "moss_archers", models: [[15.5, 6]] }, { id: "zeal", owner: "p2", warscroll: "cinder_zealots", models: [[15.5, 14]] }], { step: "shooting" });
    expect(refused(hidden, "p1", { type: "shoot", unit: "archers", target: "zeal" })).toBe("not_visible");
  });

  test("core C6: a charge is declared at an enemy within 12\", rolls 2D6, and succeeds when a model ends within 1\" of the target", () => {
    const s = field("charge");
    expect(refused({ ...s, units: { ...s.units, zeal: { ...s.units.zeal!, models: s.units.zeal!.models.map((m) => ({ ...m, y: m.y + 800 })) } } }, "p1", { type: "charge", unit: "briar", target: "zeal" })).toBe("out_of_range");
    const r = ok(rig(s, d6s(5, 4)), "p1", { type: "charge", unit: "briar", target: "zeal" });
    expect(ofType(r.events, "charge_rolled")[0]).toMatchObject({ dice: [5, 4], roll: 9 });
    const place = legalCommands(r.state, "p1").find((c) => c.type === "place");
    expect(place).toBeDefined();
    const done = ok(r.state, "p1", place!);
    expect(done.state.units.briar!.did.charged).toBe(true);
    const short = ok(rig(s, d6s(1, 1)), "p1", { type: "charge", unit: "briar", target: "zeal" });
    expect(legalCommands(short.state, "p1")).toEqual([{ type: "decline" }]);
    expect(ofType(ok(short.state, "p1", { type: "decline" }).events, "charge_failed")).toHaveLength(1);
  });
});

describe("core C7-C12: attacks, commands, cards, objectives and the end", () => {
  test("core C7: an unmodified 1 always fails and a 6 always hits; hit and wound modifiers count at most +1 or -1", () => {
    const s = battle([
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [10, 10] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 12.2] },
    ], { step: "charge" });
    s.persisting.push({ seq: 1, owner: "p1", source: "a", unit: "briar", effect: { kind: "modify", stat: "hit_roll", op: "add", value: 1 }, until: { turn: 1 } });
    s.persisting.push({ seq: 2, owner: "p1", source: "b", unit: "briar", effect: { kind: "modify", stat: "hit_roll", op: "add", value: 1 }, until: { turn: 1 } });
    const combat = ok(s, "p1", { type: "end_phase" }).state;
    const r = ofType(ok(reseed(combat, "c7"), "p1", { type: "fight", unit: "briar", target: "zeal" }).events, "attacks")[0]!.reports[0]!;
    const normal = r.hit.rolls.filter((x) => x !== 1 && x !== 6 && x + 1 >= 4).length;
    expect(r.hit.passed).toBe(normal + 2 * r.hit.rolls.filter((x) => x === 6).length);
  });

  test("core C8: damage slays models one at a time (the suggestion: the model farthest from the attacker first, its owner asked: rules/removal.test.ts); a ward roll may stop each damage point", () => {
    const s = battle([{ id: "zeal", owner: "p2", warscroll: "cinder_zealots", models: [[10, 10], [11.2, 10], [12.4, 10]] }, { id: "tyrant", owner: "p1", warscroll: "pyre_tyrant", at: [30, 10] }]);
    const ctx = Ctx.on(s);
    allocate(ctx, ctx.state.units.zeal!, 1, ctx.state.units.tyrant!);
    expect(ctx.state.pending).toMatchObject({ kind: "remove_models", count: 1, suggested: ["zeal-m1"] });
    const held = (c: Ctx) => c.state.removals.find((r) => r.unit === "zeal")?.count ?? 0;
    // With Ward (5+), each damage point is rolled for: a 5 or 6 stops it.
    const warded = Ctx.on(s);
    warded.state.persisting.push({ seq: 1, owner: "p2", source: "heartwood_charm", unit: "zeal", effect: { kind: "modify", stat: "ward", op: "set", value: 5 }, until: { turn: 1 } });
    mortalDamage(warded, warded.state.units.zeal!, 3, "test", null);
    const e = ofType(warded.events.map((x) => x.event), "mortal_damage")[0]!;
    expect(e.ward!.need).toBe(5);
    expect(e.ward!.rolls).toHaveLength(3);
    expect(e.dealt).toBe(3 - e.ward!.rolls.filter((x) => x >= 5).length);
    expect(warded.state.units.zeal!.models.length - held(warded)).toBe(3 - e.dealt);
  });

  test("core C9: a command costs 1 command point and is used once per phase by the army", () => {
    const s = battle([{ id: "briar", owner: "p1", warscroll: "briar_guard", at: [10, 4] }, { id: "seer", owner: "p1", warscroll: "grove_seer", at: [20, 4] }, { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 26] }], { cp: 1 });
    const t = ok(s, "p1", { type: "command", command: "press_forward", unit: "briar" }).state;
    expect(t.cp.p1).toBe(0);
    expect(refused(t, "p1", { type: "command", command: "press_forward", unit: "seer" })).toBe("ability_used");
    expect(refused(t, "p1", { type: "command", command: "hold_firm", unit: "seer" })).toBe("not_enough_cp");
  });

  test("core C10: each player draws three battle-tactic cards from a deck the server shuffled; a hand is seen by its player only; one card a turn is played, and revealed", () => {
    const s = sigmar.setup({ seats: ["p1", "p2"], armies: lists() }, "cards").state;
    expect(s.secret.decks.p1).toHaveLength(catalog.tactics.size);
    let t = s;
    for (let i = 0; i < 40 && t.phase === "deployment"; i++) t = ok(t, t.deploying!, legalCommands(t, t.deploying!)[0]!).state;
    expect(t.hands.p1!.length).toBeGreaterThanOrEqual(3);
    const p2view = viewFor(t, { kind: "seat", seat: "p2" });
    expect(p2view.hands.p1).toEqual([]);
    expect(p2view.handCounts.p1).toBe(t.hands.p1!.length);
    expect(viewFor(t, { kind: "seat", seat: "p1" }).hands.p1).toEqual(t.hands.p1);
  });

  test("core C11: at the end of their turn the active player scores a victory point for each objective they control (more Control within 3\" than the enemy)", () => {
    const s = battle(
      [
        { id: "briar", owner: "p1", warscroll: "briar_guard", at: [10, 13.5] },
        { id: "zeal", owner: "p2", warscroll: "cinder_zealots", models: [[22, 16.5]] },
        { id: "seer", owner: "p1", warscroll: "grove_seer", models: [[34, 13]] },
        { id: "herald", owner: "p2", warscroll: "covenant_herald", models: [[34, 17.5]] },
      ],
      // No command points, so no counter-charge (core C14) is asked at the end of the charge phase.
      { step: "combat", cp: 0 },
    );
    // East: one model's Control each (2 and 2): nobody controls it.
    expect(controlled(s, "p1")).toEqual(["west"]);
    expect(controlled(s, "p2")).toEqual(["centre"]);
    s.combat = { engaged: [], strikeFirst: [], fought: [], picker: "p1", firstDone: true, answer: null };
    const r = ok({ ...s, step: "charge" }, "p1", { type: "end_phase" });
    expect(ofType(r.events, "scored")).toEqual([{ type: "scored", seat: "p1", objectives: ["west"], vp: 1 }]);
  });

  test("core C12: the battle ends after the last round (most victory points wins) or when a side has no units left", () => {
    const s: SigmarState = { ...battle([{ id: "a", owner: "p1", warscroll: "briar_guard", at: [10, 4] }, { id: "b", owner: "p2", warscroll: "cinder_zealots", at: [10, 26] }], { step: "end", active: "p2", round: 5, turn: 10 }), first: "p1", vp: { p1: 3, p2: 2 } };
    const r = ok(s, "p2", { type: "end_phase" });
    expect(r.state.result).toEqual({ winner: "p1", reason: "the last battle round is over: victory points 3-2", scores: { p1: 3, p2: 2 } });
    // The dice seed, never the match seed (from which the muster key follows).
    expect(ofType(r.events, "match_ended")[0]!.seed).toBe(diceSeed("battle"));
  });
});
