/**
 * Seed 003 20 (weapon abilities), worked examples: each attack's report shows its rolls and what
 * they needed, so the tests check the rules against the dice actually rolled.
 */
import { antiRend, catalog, critOptions, legalCommands, type AttackReport, type SigmarEvent } from "../../src";
import { battle, fightUntil, ok, ofType, refused, reseed } from "../helpers";

const reports = (events: SigmarEvent[]): AttackReport[] => ofType(events, "attacks").flatMap((e) => [...e.reports]);
const report = (events: SigmarEvent[], weapon: string) => reports(events).find((r) => r.weapon === weapon)!;

describe("seed 003 20.0 weapon abilities", () => {
  test("seed 003 20 Anti-X (+1 Rend): Anti-charge and Anti-HERO both apply to a hero that charged this turn: Rend +2", () => {
    const s = battle([{ id: "herald", owner: "p2", warscroll: "covenant_herald", at: [10, 10] }]);
    const herald = s.units.herald!;
    const weapon = { abilities: ["anti:charge", "anti:hero"] };
    expect(antiRend(weapon, herald)).toBe(1);
    herald.did.charged = true;
    expect(antiRend(weapon, herald)).toBe(2);
    expect(antiRend({ abilities: ["anti:monster"] }, herald)).toBe(0);
  });

  test("seed 003 20 Anti-X in an attack: the Thorn glaive (Rend 1, Anti-MONSTER) strikes a monster at Rend 2", () => {
    const s = battle([
      { id: "warden", owner: "p1", warscroll: "thornwarden", at: [10, 10] },
      { id: "tyrant", owner: "p2", warscroll: "pyre_tyrant", at: [10, 12.4] },
    ]);
    const events = fightUntil(s, "p1", "warden", "tyrant", (e) => report(e, "thorn_glaive").wound.passed > 0);
    expect(report(events, "thorn_glaive").rend).toBe(2);
  });

  test("seed 003 20 Charge (+1 Damage): the Antler lance deals 2 per unsaved wound after its unit charged, 1 otherwise", () => {
    const spec = [
      { id: "elk", owner: "p1", warscroll: "elk_riders", at: [10, 10] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 12.6] },
    ] as const;
    const charged = battle([...spec]);
    charged.units.elk!.did.charged = true;
    const a = report(fightUntil(charged, "p1", "elk", "zeal", (e) => report(e, "antler_lance").wound.passed >= 2), "antler_lance");
    // Zealots save on 6 at Rend 1: nothing is saved.
    expect(a.save.passed).toBe(0);
    expect(a.dealt).toBe(2 * a.wound.passed);
    const b = report(fightUntil(battle([...spec]), "p1", "elk", "zeal", (e) => report(e, "antler_lance").wound.passed >= 2), "antler_lance");
    expect(b.dealt).toBe(b.wound.passed);
  });

  test("003_3dcb36e83a2444ba.txt 27 with 20: Charge (+1 Damage) is an added modifier, applied after a doubling: the charging Antler lance (Damage 1) doubled deals 1 x 2 + 1 = 3 per unsaved wound, not 4", () => {
    const charged = battle([
      { id: "elk", owner: "p1", warscroll: "elk_riders", at: [10, 10] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 12.6] },
    ]);
    charged.units.elk!.did.charged = true;
    charged.persisting.push({ seq: 1, owner: "p1", source: "ash_rite", unit: "elk", effect: { kind: "modify", stat: "damage", op: "mul", value: 2, scope: "melee" }, until: { turn: 1 } });
    const a = report(fightUntil(charged, "p1", "elk", "zeal", (e) => report(e, "antler_lance").wound.passed >= 1), "antler_lance");
    expect(a.save.passed).toBe(0);
    expect(a.dealt).toBe(3 * a.wound.passed);
  });

  test("003_3dcb36e83a2444ba.txt 27 with 20: Anti-X (+1 Rend) is an added modifier, applied after a doubling: the Thorn glaive (Rend 1, Anti-MONSTER) with its Rend doubled strikes a monster at 1 x 2 + 1 = 3, not 4", () => {
    const s = battle([
      { id: "warden", owner: "p1", warscroll: "thornwarden", at: [10, 10] },
      { id: "tyrant", owner: "p2", warscroll: "pyre_tyrant", at: [10, 12.4] },
    ]);
    s.persisting.push({ seq: 1, owner: "p1", source: "sharpened", unit: "warden", effect: { kind: "modify", stat: "rend", op: "mul", value: 2 }, until: { turn: 1 } });
    const events = fightUntil(s, "p1", "warden", "tyrant", (e) => report(e, "thorn_glaive").wound.passed > 0);
    expect(report(events, "thorn_glaive").rend).toBe(3);
  });

  test("seed 003 20 Companion: friendly modifiers do not apply to the companion weapon's attacks, negative ones do", () => {
    const s = battle([
      { id: "elk", owner: "p1", warscroll: "elk_riders", at: [10, 10] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 12.6] },
    ]);
    s.persisting.push({ seq: 1, owner: "p1", source: "press_forward", unit: "elk", effect: { kind: "modify", stat: "hit_roll", op: "add", value: 1 }, until: { turn: 1 } });
    s.persisting.push({ seq: 2, owner: "p2", source: "enemy_curse", unit: "elk", effect: { kind: "modify", stat: "hit_roll", op: "add", value: -1 }, until: { turn: 1 } });
    const events = fightUntil(s, "p1", "elk", "zeal", () => true);
    expect(report(events, "antler_lance").hit.mods.map((m) => m.source)).toEqual(["enemy_curse", "press_forward"]);
    expect(report(events, "elk_hooves").hit.mods.map((m) => m.source)).toEqual(["enemy_curse"]);
  });

  test("seed 003 20 Crit (2 Hits): each critical hit counts as two hits, each making a wound roll", () => {
    const s = battle([
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [10, 10] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 12.2] },
    ]);
    const r = report(fightUntil(s, "p1", "briar", "zeal", (e) => report(e, "bramble_spear").hit.crits >= 2), "bramble_spear");
    const normal = r.hit.rolls.filter((x) => x !== 6 && x !== 1 && x >= 4).length;
    expect(r.crit).toBe("2hits");
    expect(r.hit.passed).toBe(normal + 2 * r.hit.crits);
    expect(r.wound.rolls).toHaveLength(r.hit.passed);
  });

  test("seed 003 20 Crit (Auto-wound): a critical hit wounds without a wound roll; its save roll is made as usual", () => {
    const s = battle([
      { id: "elk", owner: "p1", warscroll: "elk_riders", at: [10, 10] },
      { id: "briar", owner: "p2", warscroll: "briar_guard", at: [10, 12.7] },
    ]);
    const r = report(fightUntil(s, "p1", "elk", "briar", (e) => report(e, "antler_lance").hit.crits >= 1), "antler_lance");
    expect(r.wound.auto).toBe(r.hit.crits);
    expect(r.wound.rolls).toHaveLength(r.hit.passed);
    expect(r.save.rolls).toHaveLength(r.wound.passed);
    expect(r.wound.passed).toBe(r.wound.auto + r.wound.rolls.filter((x) => x !== 1 && x >= 4).length);
  });

  test("seed 003 20 Crit (Mortal): a critical hit deals the weapon's Damage as mortal damage and its attack sequence ends (no wound or save roll)", () => {
    const s = battle([
      { id: "bark", owner: "p1", warscroll: "barkback", at: [10, 10] },
      { id: "briar", owner: "p2", warscroll: "briar_guard", at: [10, 13.3] },
    ]);
    // Old Barkback strikes last: the briar guard must have fought (or passed) first.
    const combat = ok({ ...s, step: "charge", active: "p1" }, "p1", { type: "end_phase" }).state;
    const after = ok(combat, "p2", { type: "pass_fight", unit: "briar" }).state;
    let r: AttackReport | undefined;
    for (let i = 0; i < 500 && !r; i++) {
      const e = ok(reseed(after, `m-${i}`), "p1", { type: "fight", unit: "bark", target: "briar" }).events;
      const x = report(e, "crushing_boughs");
      if (x.hit.crits >= 1) r = x;
    }
    expect(r!.crit).toBe("mortal");
    expect(r!.hit.passed).toBe(r!.hit.rolls.filter((x) => x !== 6 && x !== 1 && x >= 4).length);
    expect(r!.wound.rolls).toHaveLength(r!.hit.passed);
    expect(r!.mortal).toBeGreaterThanOrEqual(r!.hit.crits);
    expect(r!.mortal).toBeLessThanOrEqual(3 * r!.hit.crits);
  });

  test("seed 003 20 Shoot in Combat: a unit in combat shoots only with its Shoot in Combat weapons; without one it cannot shoot", () => {
    const s = battle(
      [
        { id: "archers", owner: "p1", warscroll: "moss_archers", at: [10, 10] },
        { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 12.2] },
        { id: "slingers", owner: "p2", warscroll: "ember_slingers", at: [30, 10] },
        { id: "guard", owner: "p1", warscroll: "briar_guard", at: [30, 12.2] },
      ],
      { step: "shooting", active: "p1" },
    );
    const r = ofType(ok(s, "p1", { type: "shoot", unit: "archers", target: "zeal" }).events, "attacks")[0]!;
    expect(r.reports.map((x) => x.weapon)).toEqual(["pruning_knife"]);
    const other = { ...s, active: "p2" as const };
    expect(refused(other, "p2", { type: "shoot", unit: "slingers", target: "guard" })).toBe("in_combat");
  });

  test("seed 003 20: when several crit abilities apply, the attacking player picks one before the attacks; the fight names it and uses it", () => {
    const s = battle([
      { id: "briar", owner: "p1", warscroll: "briar_guard", at: [10, 10] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 12.2] },
    ]);
    // A card gives the spears Crit (Auto-wound) this turn: with their own Crit (2 Hits), two options.
    s.persisting.push({ seq: 1, owner: "p1", source: "surge_of_fury", unit: "briar", effect: { kind: "grant", flag: "crit_autowound", scope: "melee" }, until: { turn: 1 } });
    const spear = catalog.warscrolls.get("briar_guard")!.weapons[0]!;
    expect(critOptions(s, s.units.briar!, spear)).toEqual(["2hits", "autowound"]);
    const combat = ok({ ...s, step: "charge" }, "p1", { type: "end_phase" }).state;
    expect(refused(combat, "p1", { type: "fight", unit: "briar", target: "zeal" })).toBe("invalid_choice");
    expect(refused(combat, "p1", { type: "fight", unit: "briar", target: "zeal", crits: { bramble_spear: "mortal" } })).toBe("invalid_choice");
    const fights = legalCommands(combat, "p1").filter((c) => c.type === "fight");
    expect(fights.map((c) => c.type === "fight" && c.crits?.bramble_spear).sort()).toEqual(["2hits", "autowound"]);
    const r = report(fightUntil(s, "p1", "briar", "zeal", (e) => report(e, "bramble_spear").hit.crits >= 1, { bramble_spear: "autowound" }), "bramble_spear");
    expect(r.crit).toBe("autowound");
    expect(r.wound.auto).toBe(r.hit.crits);
  });
});
