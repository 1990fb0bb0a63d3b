/**
 * The table's pure helpers over a seat's own view: why an action is missing (seed 001 6.3; seed
 * 000 1.3 lock-on) and the odds of an attack before it is rolled (seed 000 1.2.1 pools and damage
 * calculation, 1.1 stances), checked against the rules' own damage calculation over every face.
 */
import { applyReplacements, attackOdds, catalog, ember, resolveDamage, unavailableActions, viewFor, type AttackEffect, type DieResult, type EmberCommand, type EmberState, type Face } from "../../src";
import { FACE, activate, arrange, deployed, edit, mech, must, toAction, withDice } from "../helpers";
import { GOF_VS_UN } from "./steps";

/** The viewer of a seat. */
const seat = (s: string) => ({ kind: "seat" as const, seat: s });

/** Bulwark (p1-m1) active on 'shoot' at (5,9) facing N; Spotter (p2-m2) at (5,5); Picket (p2-m1) away. */
function stage() {
  const state = toAction(deployed(), { "p1-m1": "shoot" });
  return arrange(state, { "p1-m1": { at: { x: 5, y: 9 }, facing: "N" }, "p2-m2": { at: { x: 5, y: 5 }, facing: "S" }, "p2-m1": { at: { x: 0, y: 3 } } });
}

describe("why an action is missing, from the seat's own view", () => {
  test("seed 000 1.3: under lock-on a shooting action is listed as locked on, naming the unit that locks", () => {
    const locked = arrange(stage(), { "p2-m1": { at: { x: 5, y: 8 }, facing: "S" } });
    const why = unavailableActions(viewFor(locked, seat("p1")), "p1");
    expect(why).toContainEqual({ part: "right_arm", action: "breach-shell", code: "locked_on", lockers: ["p2-m1"] });
    // Free, the cannon has a target: it is not listed.
    expect(unavailableActions(viewFor(stage(), seat("p1")), "p1").some((w) => w.action === "breach-shell")).toBe(false);
  });

  test("seed 001 6.3: an action of another timing than the dial is listed as such before any action; nothing for the other seat", () => {
    const why = unavailableActions(viewFor(stage(), seat("p1")), "p1");
    expect(why.some((w) => w.code === "timing_mismatch")).toBe(true);
    expect(unavailableActions(viewFor(stage(), seat("p2")), "p2")).toEqual([]);
  });

  test("seed 000 1.3-1.4: an attack with no enemy in range, sight and arc says what stops it for each enemy", () => {
    // Facing S (away from every enemy), nothing is in the front arc.
    const away = arrange(stage(), { "p1-m1": { at: { x: 5, y: 9 }, facing: "S" } });
    const cannon = unavailableActions(viewFor(away, seat("p1")), "p1").find((w) => w.action === "breach-shell");
    expect(cannon?.code).toBe("no_target");
    expect(cannon?.targets?.find((t) => t.unit === "p2-m2")?.code).toBe("not_in_front_arc");
  });
});

/** Every way `n` dice of the given colours can fall (6^n combinations). */
function* rolls(dice: readonly ("yellow" | "red" | "white" | "blue")[]): Generator<DieResult[]> {
  if (dice.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = dice;
  for (const face of catalog.data.dice[first!] as Face[]) for (const tail of rolls(rest)) yield [{ die: first!, face }, ...tail];
}

describe("seed 000 1.2.1: odds before the roll", () => {
  test("forced faces: every attack die a heavy and every defence die blank hits surely, for the pool's damage", () => {
    const view = viewFor(stage(), seat("p1"));
    withDice({ yellow: FACE.heavy, red: FACE.heavy, white: FACE.blank, blue: FACE.blank }, () => {
      const odds = attackOdds(view, "p1-m1", "right_arm", "breach-shell", "p2-m2")!;
      const attackDice = odds.modifiers.filter((m) => m.side === "attack").reduce((n, m) => n + m.change, 0);
      expect(odds.hit).toBeCloseTo(1);
      expect(odds.damage).toBeCloseTo(1);
      expect(odds.expectedDamage).toBeCloseTo(attackDice);
    });
    withDice({ yellow: FACE.light, red: FACE.light, white: FACE.evade, blue: FACE.evade }, () => {
      const odds = attackOdds(view, "p1-m1", "right_arm", "breach-shell", "p2-m2")!;
      // As many evades as lights or more: never a hit.
      const white = odds.byPart.every((p) => p.pools.white + p.pools.blue >= p.pools.yellow + p.pools.red);
      if (white) expect(odds.hit).toBe(0);
    });
  });

  test("the odds equal the rules' damage calculation (resolveDamage) averaged over every face of every die", () => {
    const view = viewFor(stage(), seat("p1"));
    const odds = attackOdds(view, "p1-m1", "right_arm", "breach-shell", "p2-m2")!;
    expect(odds.partBy).toBe("die");
    expect(odds.modifiers[0]).toMatchObject({ side: "attack", source: { kind: "action" } });
    expect(odds.modifiers.some((m) => m.side === "defence" && m.die === "white" && (m.source.kind === "armour" || m.source.kind === "structure"))).toBe(true);
    for (const part of odds.byPart.filter((p) => p.weight > 0)) {
      const pools = part.pools;
      const dice = [...Array(pools.yellow).fill("yellow"), ...Array(pools.red).fill("red"), ...Array(pools.white).fill("white"), ...Array(pools.blue).fill("blue")];
      if (dice.length > 7) continue;
      const attacker = view.units.find((u) => u.id === "p1-m1")!;
      const effect = catalog.parts.get("rdl-breaker-cannon")!.actions.find((a) => a.id === "breach-shell")!.effect as AttackEffect;
      const defender = view.units.find((u) => u.id === "p2-m2")!;
      let n = 0;
      let hit = 0;
      let damage = 0;
      for (const roll of rolls(dice)) {
        const atk = roll.filter((d) => d.die === "yellow" || d.die === "red").map((d) => ({ ...d }));
        const def = roll.filter((d) => d.die === "white" || d.die === "blue");
        applyReplacements(atk, effect.replace);
        const out = resolveDamage(atk, def, attacker.kind === "mech" ? attacker.stance : null, defender.kind === "mech" ? defender.stance : null, effect.damageResults);
        n++;
        if (out.hit) hit++;
        damage += out.damage;
      }
      expect(part.hit).toBeCloseTo(hit / n, 9);
      expect(part.expectedDamage).toBeCloseTo(damage / n, 9);
    }
    expect(odds.byPart.reduce((n, p) => n + p.weight, 0)).toBeCloseTo(1, 9);
  });

  test("the odds read the viewer's own view: the opponent's view gives the same numbers (no secret is read)", () => {
    const state = stage();
    const mine = attackOdds(viewFor(state, seat("p1")), "p1-m1", "right_arm", "breach-shell", "p2-m2");
    const theirs = attackOdds(viewFor(state, seat("p2")), "p1-m1", "right_arm", "breach-shell", "p2-m2");
    expect(mine).toEqual(theirs);
    expect(attackOdds(viewFor(state, seat("p1")), "p1-m1", "right_arm", "no-such-action", "p2-m2")).toBeNull();
  });

  /** The legal attack of `unit` with `action` whose charge and assist are as `use` says, its odds (plain and as taken) and the dice the rules roll for it. */
  function taken(state: EmberState, unit: string, action: string, use: { useCharge?: true; unarmed?: "left_arm" }) {
    const command = ember.legalCommands(state, "p1").find(
      (c): c is Extract<EmberCommand, { type: "act" }> => c.type === "act" && c.unit === unit && c.action === action && c.target === "p2-m1" && c.useCharge === use.useCharge && c.unarmed === use.unarmed,
    )!;
    expect(command).toBeDefined();
    const view = viewFor(state, seat("p1"));
    const odds = attackOdds(view, unit, command.part, action, "p2-m1", command)!;
    const plain = attackOdds(view, unit, command.part, action, "p2-m1")!;
    const rolled = withDice({ part: "torso" }, () => must(state, "p1", command)).state.attack!.dice!;
    const cardDice = (die: "yellow" | "red") => odds.modifiers.filter((m) => m.die === die && ["action", "charge", "assist"].includes(m.source.kind)).reduce((n, m) => n + m.change, 0);
    return { odds, plain, rolled, cardDice };
  }

  test("seed 000 8: a spent charge adds its dice to the odds as the rules add them to the attack (Warden's snap burst, +1 yellow)", () => {
    const state = edit(activate(toAction(deployed("test-seed", GOF_VS_UN), { "p1-m2": "quick" }), "p1-m2"), (s) => {
      mech(s, "p1-m2").parts.right_arm.charged = ["snap-burst"];
    });
    const placed = arrange(state, { "p1-m2": { at: { x: 5, y: 8 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 6 }, facing: "S" } });
    const { odds, plain, rolled, cardDice } = taken(placed, "p1-m2", "snap-burst", { useCharge: true });
    expect(odds.modifiers).toContainEqual({ side: "attack", die: "yellow", change: 1, source: { kind: "charge" } });
    expect({ yellow: cardDice("yellow"), red: cardDice("red") }).toEqual(rolled);
    expect(odds.byPart.every((p, i) => p.pools.yellow === plain.byPart[i]!.pools.yellow + 1)).toBe(true);
    expect(odds.expectedDamage).toBeGreaterThan(plain.expectedDamage);
  });

  test("seed 000 11: an unarmed part assisting a two-handed action adds its dice to the odds as the rules add them (Smelter's rivet hail, +1 red)", () => {
    const state = edit(activate(toAction(deployed(), { "p1-m2": "shoot" }), "p1-m2"), (s) => {
      mech(s, "p1-m2").parts.left_arm.discarded = true;
    });
    const placed = arrange(state, { "p1-m2": { at: { x: 5, y: 8 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 4 }, facing: "S" } });
    const { odds, plain, rolled, cardDice } = taken(placed, "p1-m2", "rivet-hail", { unarmed: "left_arm" });
    expect(odds.modifiers).toContainEqual({ side: "attack", die: "red", change: 1, source: { kind: "assist", part: "left_arm" } });
    expect({ yellow: cardDice("yellow"), red: cardDice("red") }).toEqual(rolled);
    expect(odds.expectedDamage).toBeGreaterThan(plain.expectedDamage);
  });
});
