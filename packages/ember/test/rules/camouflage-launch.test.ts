/**
 * Optical camouflage against launches, interception and chain damage (seed 000_200ff4b7b5d3d570.txt
 * 6.2, 6.3 with 1.2.4, 1.5, 3), worked by hand on the Ashfall board (impassable: the towers (2,5),
 * (2,6), (9,5), (9,6) and the tank (5,5), (6,6)) with the sample launch armies: p2 UN Aegis Beacon
 * Cell's Flak Picket (p2-m2) carries the Veil Projector (left arm, concealment 2) and the Aegis
 * Flak Arm (right arm, 'flak-screen': interception 2, range 4).
 *
 * Every example also runs with the real square moved elsewhere within the rules, and checks that
 * the opponent and the spectator are told exactly the same: a real square never changes who is
 * hit, sought or intercepted (docs/rules/ember.md, "Data decision" rows of 1.2.4, 1.5.2, 1.5.3).
 */
import { seatViewer, spectator, type Square } from "@fogwar/engine";
import { catalog, ember, hiddenSquareOptions, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState } from "../../src";
import { arrange, deployed, edit, FACE, mech, must, toAction, unit, withDice } from "../helpers";
import { DECLINE, die, find, GOF_VS_UN, play } from "./steps";

const army = (name: string) => catalog.data.armies.find((a) => a.name === name)!;
const GOF_UN: EmberSetup = { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Hornet Nest"), p2: army("Aegis Beacon Cell") } };
const RDL_UN: EmberSetup = { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Ashfall Sappers"), p2: army("Aegis Beacon Cell") } };

/** Takes every interception token of a seat away (so an example can leave interception out). */
const noInterception = (state: EmberState, seat: string) =>
  edit(state, (s) => {
    for (const key of Object.keys(s.interception)) if (key.startsWith(`${seat}-`)) s.interception[key] = 0;
  });

/** Puts optical camouflage (concealment 2, the left arm's) on a unit, its real square at `hidden`. */
function cloak(state: EmberState, id: string, hidden: Square): EmberState {
  return edit(state, (s) => {
    const u = s.units.find((x) => x.id === id)!;
    u.camouflage = { concealment: 2, part: "left_arm" };
    s.concealed = { ...(s.concealed ?? {}), [id]: hidden };
  });
}

/** Answers every pending reroll with "no reroll"; returns the events on the way. */
function declineRerolls(state: EmberState): { state: EmberState; events: EmberEvent[] } {
  const events: EmberEvent[] = [];
  while (state.pending && ["part_reroll", "attack_reroll", "defence_reroll"].includes(state.pending.kind)) {
    const r = must(state, state.pending.seat, DECLINE);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

/** What p1 and the spectator are told and shown: the redacted events and the projections. */
function toldToOthers(before: EmberState, seat: string, command: EmberCommand): string {
  const r = ember.apply(before, command, seat);
  if (!r.ok) return JSON.stringify(r.error);
  return JSON.stringify([seatViewer("p1"), spectator].map((v) => [r.events.map((e) => ember.redact(e, v)), ember.viewFor(r.state, v)]));
}

/**
 * GOF Nest Mother (p1-m1, (5,10)) fires a Hornet Missile (EW 1, an enemy of its choice within 2,
 * a targeted blast) onto (5,7). UN's Flak Picket (p2-m2) has its marker at (6,7), 1 square away;
 * Beacon Caller (p2-m1) is far off at (0,0); p2 has no interception tokens.
 */
function hornetStage(): EmberState {
  return noInterception(
    toAction(
      arrange(deployed("camo-seek", GOF_UN), {
        "p1-m1": { at: { x: 5, y: 10 }, facing: "N" },
        "p2-m1": { at: { x: 0, y: 0 } },
        "p2-m2": { at: { x: 6, y: 7 }, facing: "S" },
      }),
      { "p1-m1": "launch" },
    ),
    "p2",
  );
}

const HORNET_FIRE: EmberCommand = { type: "act", unit: "p1-m1", part: "right_arm", action: "hornet-salvo", to: { x: 5, y: 7 } };

/** Runs `body` with a sample projectile card's EW value removed (a test card: "-"), then puts it back. */
function withoutEw<T>(cardId: string, body: () => T): T {
  const card = catalog.projectiles.get(cardId) as { ew?: number };
  const saved = card.ew;
  delete card.ew;
  try {
    return body();
  } finally {
    if (saved !== undefined) card.ew = saved;
  }
}

describe("seed 000 6.2 optical camouflage against launches, interception and chain damage", () => {
  test("seed 000 6.2, 1.5.3: an area blast hits a camouflaged unit without detection when its marker is in range, never by its real square; being hit does not decloak it", () => {
    // RDL Kiln Mortar (p1-m1, (6,9)) lobs a Slag Shell (indirect, area radius 1) onto (6,4).
    const base = noInterception(
      toAction(
        arrange(deployed("camo-blast", RDL_UN), {
          "p1-m1": { at: { x: 6, y: 9 }, facing: "N" },
          "p1-m2": { at: { x: 11, y: 11 } },
          "p2-m1": { at: { x: 0, y: 0 } },
          "p2-d1": { at: { x: 11, y: 0 } },
          "p2-m2": { at: { x: 5, y: 4 }, facing: "S" },
        }),
        { "p1-m1": "launch" },
      ),
      "p2",
    );
    const lob: EmberCommand = { type: "act", unit: "p1-m1", part: "left_arm", action: "lob-shell", to: { x: 6, y: 4 } };
    // (a) Marker (5,4), 1 square from the centre; real square (3,4), 3 squares away: hit, no EW roll.
    const hit = cloak(base, "p2-m2", { x: 3, y: 4 });
    withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank, part: "choice" }, () => {
      const a = must(hit, "p1", lob);
      expect(find(a.events, "projectile_detonated")).toEqual([{ type: "projectile_detonated", projectile: "p1-p1", at: { x: 6, y: 4 }, targets: ["p2-m2"] }]);
      expect(find(a.events, "ew_roll")).toEqual([]);
      expect(find(a.events, "attack_declared")).toEqual([
        { type: "attack_declared", attacker: "p1-p1", defender: "p2-m2", mode: "blast", rear: false, cover: { terrain: false, unit: false }, chain: false },
      ]);
      expect(ember.pending(a.state)).toMatchObject({ seat: "p1", kind: "choose_hit_part", options: { defender: "p2-m2", by: "attacker" } });
      const b = must(a.state, "p1", { type: "choose_hit_part", part: "torso" });
      const c = declineRerolls(b.state);
      expect(find([...b.events, ...c.events], "attack_resolved")).toHaveLength(1);
      expect(find([...b.events, ...c.events], "decloaked")).toEqual([]);
      expect(unit(c.state, "p2-m2")).toMatchObject({ at: { x: 5, y: 4 }, camouflage: { concealment: 2, part: "left_arm" } });
      expect(c.state.concealed).toEqual({ "p2-m2": { x: 3, y: 4 } });
      // The same blast with the real square at (5,2) instead: the same story for p1 and the spectator.
      expect(toldToOthers(cloak(base, "p2-m2", { x: 5, y: 2 }), "p1", lob)).toBe(toldToOthers(hit, "p1", lob));
    });
    // (b) Marker (4,4), 2 squares from the centre; real square (5,4), next to it: out of the blast.
    const miss = cloak(arrange(base, { "p2-m2": { at: { x: 4, y: 4 }, facing: "S" } }), "p2-m2", { x: 5, y: 4 });
    const r = must(miss, "p1", lob);
    expect(find(r.events, "projectile_detonated")).toEqual([{ type: "projectile_detonated", projectile: "p1-p1", at: { x: 6, y: 4 }, targets: [] }]);
    expect(r.state.attack).toBeNull();
    expect(unit(r.state, "p2-m2").camouflage).not.toBeNull();
    const elsewhere = cloak(arrange(base, { "p2-m2": { at: { x: 4, y: 4 }, facing: "S" } }), "p2-m2", { x: 2, y: 3 });
    expect(toldToOthers(elsewhere, "p1", lob)).toBe(toldToOthers(miss, "p1", lob));
  });

  test("000_200ff4b7b5d3d570.txt 6.2 (\"사격/근접/폭발 데미지에 의해 대상으로 지정되면 공격자는 먼저 탐지를 시도합니다\"), 1.5.2-1.5.3: a seeking projectile with EW 1 selects a camouflaged unit by its marker; its targeted blast detects first: won, the unit decloaks onto its real square and the blast hits it there", () => {
    const base = hornetStage();
    const alone = cloak(base, "p2-m2", { x: 7, y: 9 });
    withDice({ yellow: FACE.blank, red: FACE.heavy, white: FACE.blank, part: "torso" }, () => {
      // The only candidate is the camouflaged Flak Picket: no choice is asked, the missile
      // detonates on its marker, and the detection roll comes before any blast attack.
      const r = must(alone, "p1", HORNET_FIRE);
      expect(r.events.map((e) => e.type)).toEqual(["action_taken", "projectile_launched", "projectile_detonated", "projectile_removed"]);
      expect(find(r.events, "projectile_detonated")).toEqual([{ type: "projectile_detonated", projectile: "p1-p1", at: { x: 6, y: 7 }, targets: ["p2-m2"] }]);
      expect(r.state.ewRoll).toMatchObject({ purpose: "detect_before_attack", caster: "p1-p1", responder: "p2-m2", then: { kind: "blast" } });
      expect(r.state.ewRoll?.casterDice).toHaveLength(1); // the Hornet Missile's EW 1
      // The projectile has no link: only the camouflaged unit's owner is asked for a link reroll.
      expect(r.state.pending).toMatchObject({ seat: "p2", kind: "ew_reroll", options: { side: "responder", unit: "p2-m2", purpose: "detect_before_attack" } });
      expect(r.state.attack).toBeNull();
      // Up to here nothing depends on the real square: p1 and the spectator are told the same.
      expect(toldToOthers(cloak(base, "p2-m2", { x: 4, y: 8 }), "p1", HORNET_FIRE)).toBe(toldToOthers(alone, "p1", HORNET_FIRE));
      // Blank EW dice on both sides: a tie, the caster wins; exposure displacement onto (7,9),
      // then the blast attack (attack dice 1 yellow + 1 red) on the unit where it appeared.
      const d = must(r.state, "p2", DECLINE);
      expect(find(d.events, "ew_roll")[0]).toMatchObject({ purpose: "detect_before_attack", caster: "p1-p1", responder: "p2-m2", winner: "caster" });
      expect(find(d.events, "decloaked")).toEqual([{ type: "decloaked", unit: "p2-m2", from: { x: 6, y: 7 }, to: { x: 7, y: 9 }, reason: "detected" }]);
      expect(find(d.events, "attack_declared")).toEqual([
        { type: "attack_declared", attacker: "p1-p1", defender: "p2-m2", mode: "blast", rear: false, cover: { terrain: false, unit: false }, chain: false },
      ]);
      const end = declineRerolls(d.state);
      const resolved = find([...d.events, ...end.events], "attack_resolved");
      expect(resolved).toHaveLength(1);
      expect(resolved[0]).toMatchObject({ damage: 1 });
      expect(unit(end.state, "p2-m2")).toMatchObject({ at: { x: 7, y: 9 }, camouflage: null });
      expect(end.state.concealed?.["p2-m2"]).toBeUndefined();
      expect(end.state.attack).toBeNull();
    });
  });

  test("000_200ff4b7b5d3d570.txt 6.2 (\"탐지에 실패하면 해당 공격은 완전히 실패합니다\"): a projectile's lost detection roll fails its targeted blast entirely: no attack, the unit stays camouflaged where it was", () => {
    const alone = cloak(hornetStage(), "p2-m2", { x: 7, y: 9 });
    withDice({ yellow: FACE.blank, red: FACE.heavy, white: FACE.blank, part: "torso" }, () => {
      const r = must(alone, "p1", HORNET_FIRE);
      // The responder's dice set by hand to a [lightning] against the missile's blank.
      const rolled = edit(r.state, (s) => {
        s.ewRoll!.responderDice = s.ewRoll!.responderDice.map(() => die("yellow", FACE.lightning));
      });
      const d = must(rolled, "p2", DECLINE);
      expect(find(d.events, "ew_roll")[0]).toMatchObject({ winner: "responder" });
      expect(find(d.events, "attack_failed")).toEqual([{ type: "attack_failed", attacker: "p1-p1", defender: "p2-m2", reason: "not_detected" }]);
      expect(find(d.events, "attack_declared")).toEqual([]);
      expect(find(d.events, "decloaked")).toEqual([]);
      expect(unit(d.state, "p2-m2")).toMatchObject({ at: { x: 6, y: 7 }, camouflage: { concealment: 2, part: "left_arm" } });
      expect(d.state.concealed).toEqual({ "p2-m2": { x: 7, y: 9 } });
      expect(d.state.pending).toBeNull();
      expect(d.state.ewRoll).toBeUndefined();
    });
  });

  test("000_200ff4b7b5d3d570.txt 6.2 (\"전자전수치가 0 또는 \"-\"인 유닛은 광학 위장 유닛을 대상으로 삼을 수 없습니다\"), 1.5.2: a seeking projectile without an EW value never selects a camouflaged unit: with no other enemy in range it is destroyed where it stands", () => {
    // For this test the Hornet Missile card has no EW value ("-").
    const base = hornetStage();
    withoutEw("gof-hornet-missile", () => {
      const alone = cloak(base, "p2-m2", { x: 7, y: 9 });
      const r = must(alone, "p1", HORNET_FIRE);
      expect(r.events.map((e) => e.type)).toEqual(["action_taken", "projectile_launched", "projectile_removed"]);
      expect(r.events[2]).toEqual({ type: "projectile_removed", projectile: "p1-p1", reason: "no_target" });
      expect(unit(r.state, "p2-m2").camouflage).not.toBeNull();
      expect(toldToOthers(cloak(base, "p2-m2", { x: 4, y: 8 }), "p1", HORNET_FIRE)).toBe(toldToOthers(alone, "p1", HORNET_FIRE));
      // Beacon Caller (p2-m1) at (4,7) is the only candidate: no choice is asked, the missile hits it.
      const withCaller = arrange(alone, { "p2-m1": { at: { x: 4, y: 7 }, facing: "N" } });
      withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank, part: "torso" }, () => {
        const a = must(withCaller, "p1", HORNET_FIRE);
        expect(find(a.events, "projectile_detonated")).toEqual([{ type: "projectile_detonated", projectile: "p1-p1", at: { x: 4, y: 7 }, targets: ["p2-m1"] }]);
      });
    });
    // With its EW 1 the camouflaged Flak Picket is a candidate too: p1 is asked to choose, as when it is not camouflaged.
    const withCaller = arrange(cloak(base, "p2-m2", { x: 7, y: 9 }), { "p2-m1": { at: { x: 4, y: 7 }, facing: "N" } });
    expect(ember.pending(must(withCaller, "p1", HORNET_FIRE).state)).toMatchObject({ seat: "p1", kind: "choose_blast_target", options: { targets: ["p2-m1", "p2-m2"] } });
    const open = arrange(base, { "p2-m1": { at: { x: 4, y: 7 }, facing: "N" } });
    expect(ember.pending(must(open, "p1", HORNET_FIRE).state)).toMatchObject({ seat: "p1", kind: "choose_blast_target", options: { targets: ["p2-m1", "p2-m2"] } });
  });

  test("seed 000 6.3, 3: a camouflaged unit intercepts, measured from its marker, and stays camouflaged (interception does not break silence)", () => {
    // Nest Mother fires a Hornet Missile from (5,10) to (5,7). The camouflaged Flak Picket's marker
    // (8,6) is 3 squares from (5,7), inside its Flak Screen range 4; its real square is (9,7).
    const base = toAction(
      arrange(deployed("camo-intercept", GOF_UN), {
        "p1-m1": { at: { x: 5, y: 10 }, facing: "N" },
        "p2-m1": { at: { x: 0, y: 0 } },
        "p2-m2": { at: { x: 8, y: 6 }, facing: "N" },
      }),
      { "p1-m1": "launch" },
    );
    const fire: EmberCommand = { type: "act", unit: "p1-m1", part: "right_arm", action: "hornet-salvo", to: { x: 5, y: 7 } };
    const state = cloak(base, "p2-m2", { x: 9, y: 7 });
    withDice({ yellow: FACE.blank, white: FACE.blank }, () => {
      const a = must(state, "p1", fire);
      const r = declineRerolls(a.state);
      const all = [...a.events, ...r.events];
      expect(find(all, "interception").map((e) => [e.interceptor, e.tokens])).toEqual([
        ["p2-m2", 1],
        ["p2-m2", 0],
      ]);
      expect(find(all, "decloaked")).toEqual([]);
      expect(unit(r.state, "p2-m2")).toMatchObject({ at: { x: 8, y: 6 }, camouflage: { concealment: 2, part: "left_arm" } });
      expect(r.state.concealed).toEqual({ "p2-m2": { x: 9, y: 7 } });
      expect(toldToOthers(cloak(base, "p2-m2", { x: 7, y: 4 }), "p1", fire)).toBe(toldToOthers(state, "p1", fire));
    });
    // Marker (10,7), 5 squares from both ends of the flight: no interception, though the real square
    // (8,7) lies 3 squares from (5,7).
    const far = cloak(arrange(base, { "p2-m2": { at: { x: 10, y: 7 }, facing: "N" } }), "p2-m2", { x: 8, y: 7 });
    const quiet = must(far, "p1", fire);
    expect(find(quiet.events, "interception")).toEqual([]);
    expect(toldToOthers(cloak(arrange(base, { "p2-m2": { at: { x: 10, y: 7 }, facing: "N" } }), "p2-m2", { x: 11, y: 8 }), "p1", fire)).toBe(toldToOthers(far, "p1", fire));
  });

  test("seed 000 6.2, 1.5: a launched drone landing in contact with a camouflaged enemy's marker decloaks it by exposure displacement; a drop on its real square is accepted like any other", () => {
    // Nest Mother (p1-m1, (5,9)) looses a Wasp (flying, not high-altitude; indirect, range 3).
    const base = noInterception(
      toAction(
        arrange(deployed("camo-wasp", GOF_UN), {
          "p1-m1": { at: { x: 5, y: 9 }, facing: "N" },
          "p2-m1": { at: { x: 0, y: 0 } },
          "p2-m2": { at: { x: 4, y: 6 }, facing: "N" },
        }),
        { "p1-m1": "launch" },
      ),
      "p2",
    );
    const loose = (to: Square): EmberCommand => ({ type: "act", unit: "p1-m1", part: "left_arm", action: "loose-wasp", to });
    // Marker (4,6), real square (3,8). A Wasp landing on (5,7), next to the marker: contact.
    const state = cloak(base, "p2-m2", { x: 3, y: 8 });
    const r = must(state, "p1", loose({ x: 5, y: 7 }));
    expect(find(r.events, "decloaked")).toEqual([{ type: "decloaked", unit: "p2-m2", from: { x: 4, y: 6 }, to: { x: 3, y: 8 }, reason: "contact" }]);
    expect(unit(r.state, "p2-m2")).toMatchObject({ at: { x: 3, y: 8 }, camouflage: null });
    expect(r.state.concealed).toEqual({});
    // A Wasp sent onto the real square (3,8) itself, 2 squares from the marker: accepted, no contact,
    // and the same story as with the real square at (4,4).
    const onReal = must(state, "p1", loose({ x: 3, y: 8 }));
    expect(find(onReal.events, "decloaked")).toEqual([]);
    expect(unit(onReal.state, "p1-d2")).toMatchObject({ at: { x: 3, y: 8 } });
    expect(toldToOthers(cloak(base, "p2-m2", { x: 4, y: 4 }), "p1", loose({ x: 3, y: 8 }))).toBe(toldToOthers(state, "p1", loose({ x: 3, y: 8 })));
    expect(unit(onReal.state, "p2-m2").camouflage).not.toBeNull();
  });

  test("seed 000 6.2, 1.2.4: a camouflaged unit next to the defender is never a shotgun chain target", () => {
    // chain.test.ts's first example: Raider's buckshot penetrates Picket (p2-m1, (5,5)); Spotter
    // (p2-m2, (6,4)) next to it was the only shotgun target. Camouflaged, it is none: no chain damage.
    const start = toAction(deployed("camo-chain", GOF_VS_UN), { "p1-m1": "shoot" });
    const placed = arrange(start, {
      "p1-m1": { at: { x: 5, y: 8 }, facing: "N" },
      "p2-m1": { at: { x: 5, y: 5 }, facing: "S" },
      "p2-m2": { at: { x: 6, y: 4 }, facing: "S" },
      "p2-d1": { at: { x: 7, y: 5 }, facing: "S" },
      "p1-m2": { at: { x: 4, y: 6 }, facing: "N" },
    });
    const options = hiddenSquareOptions(placed, unit(placed, "p2-m2"), { x: 6, y: 4 }, 2);
    const [first, last] = [options[0]!, options.at(-1)!];
    const buckshot: EmberCommand = { type: "act", unit: "p1-m1", part: "right_arm", action: "buckshot", target: "p2-m1" };
    const run = (hidden: Square) =>
      withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.blank, part: "right_arm" }, () =>
        play(cloak(placed, "p2-m2", hidden), [
          ["p1", buckshot],
          ["p1", DECLINE], // part die
          ["p1", DECLINE], // attack dice
          ["p2", DECLINE], // Picket's defence dice
        ]),
      );
    const a = run(first);
    expect(find(a.events, "attack_resolved").map((e) => [e.damage, e.penetrated])).toEqual([[3, true]]);
    expect(find(a.events, "chain_damage")).toEqual([]);
    expect(a.state.attack).toBeNull();
    expect(a.state.pending).toBeNull();
    expect(mech(a.state, "p2-m2").parts.right_arm.destroyed).toBe(false);
    expect(unit(a.state, "p2-m2").camouflage).not.toBeNull();
    const b = run(last);
    expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
  });
});
