/**
 * Seed 002 3-3 "색적, 은엄폐" (marked in revision: implemented as written, gaps decided in
 * docs/rules/trpg.md): the concealment roll and when it may be tried, spotting, the reactive
 * attempt, shooting from concealment, what ends concealment, and the +2 against an unaware target.
 * Worked examples on the Proving Ground (day, no field effect) and the Greywater Quarry (dusk).
 */
import { seatViewer, spectator } from "@fogwar/engine";
import { attackOdds, effectiveConcealment, trpg } from "../../src";
import { GONE, QUARRY_VERSUS, SEEN, VERSUS_SETUP, eventsOf, ofType, position, tryApply, withDice } from "../helpers";

const sq = (x: number, y: number) => ({ x, y });
const hidden = (value: number, at = sq(9, 1)) => ({ at, concealed: true, concealment: { value, shots: 0 }, known: false, lastSeen: null });

describe("seed 002 3-3 은폐: the concealment roll", () => {
  /** Reed (COG 2) behind the three-quarter cover at (5,5)-(6,5) from the raider at (9,5). */
  const behindCover = () => position(VERSUS_SETUP, { turn: "reed", at: { reed: sq(4, 5), "raider-1": sq(9, 5), vale: sq(0, 0) }, with: { lookout: GONE } });

  test("seed 002 3-3: d6 + COG: Reed rolls a 3, 3 + 2 = 5, more than 4: concealed with a value of 5, which only his side learns", () => {
    const { state, events } = eventsOf(withDice(behindCover(), "reed", [3]), "p1", { type: "conceal" });
    expect(ofType(events, "concealed")[0]).toMatchObject({ success: true, die: 3, value: 5 });
    expect(state.characters.reed!.concealment).toEqual({ value: 5, shots: 0 });
    expect(state.turn!.ap).toBe(4);
    const r = trpg.apply(withDice(behindCover(), "reed", [3]), { type: "conceal" }, "p1");
    const seenByEnemy = r.ok ? r.events.map((e) => trpg.redact(e, { kind: "seat", seat: "e1" })) : [];
    expect(seenByEnemy).toContainEqual({ type: "concealed", character: "reed", success: true });
    expect(trpg.viewFor(state, spectator).characters.reed!.at).toBeNull();
    expect(trpg.viewFor(state, { kind: "seat", seat: "e1" }).characters.reed!.concealment).toBeNull();
  });

  test("seed 002 3-3: a roll that does not exceed 4 fails: a 2, 2 + 2 = 4, and Reed stays in view", () => {
    const { state, events } = eventsOf(withDice(behindCover(), "reed", [2]), "p1", { type: "conceal" });
    expect(ofType(events, "concealed")[0]).toMatchObject({ success: false, value: 4 });
    expect(state.characters.reed!.concealed).toBe(false);
  });

  test("seed 002 3-7 Low light, 3-3: at dusk outside the light a concealment of 4 holds: Reed on the quarry (rough ground +1) rolls a 1: 1 + 2 + 1 = 4", () => {
    const s = position(QUARRY_VERSUS, { turn: "reed", at: { reed: sq(7, 9), "raider-1": sq(12, 8) }, with: { vale: GONE, sato: GONE, harrow: GONE, "raider-2": GONE, lookout: GONE, sharpshooter: GONE } });
    const { state, events } = eventsOf(withDice(s, "reed", [1]), "p1", { type: "conceal" });
    expect(ofType(events, "concealed")[0]).toMatchObject({ success: true, value: 4, mods: [{ source: "COG", value: 2 }, { source: "field", value: 1 }] });
    expect(state.characters.reed!.concealed).toBe(true);
  });

  test("seed 002 3-3: concealing needs three-quarter cover or better from every enemy in view (or one that does not look): Reed in the open cannot", () => {
    const s = position(VERSUS_SETUP, { turn: "reed", at: { reed: sq(4, 0), "raider-1": sq(9, 0), vale: sq(0, 9) }, with: { lookout: GONE } });
    const r = tryApply(s, "p1", { type: "conceal" });
    expect(r.ok ? null : r.error.code).toBe("cannot_conceal");
    s.unaware = ["raider-1>reed"];
    expect(tryApply(s, "p1", { type: "conceal" }).ok).toBe(true);
  });

  test("seed 002 3-3: a concealed character cannot be the target of an attack", () => {
    const s = position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(0, 1), reed: sq(0, 9), "raider-1": sq(9, 9) }, with: { lookout: hidden(6) } });
    for (const command of [{ type: "shoot", targets: ["lookout"], burst: false, called: false }, { type: "melee", target: "lookout", called: false }] as const) {
      const r = tryApply(s, "p1", command);
      expect(r.ok ? null : r.error.code).toBe("invalid_target");
    }
  });

  test("seed 002 3-3, 3-1: lying prone adds 1 to the concealment; the closer the observer the lower it is (within 5 squares -3, 6-10 -2, 11-20 -1)", () => {
    const s = position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(0, 1), reed: sq(0, 9), "raider-1": sq(11, 9) }, with: { lookout: hidden(6, sq(11, 1)) } });
    const observer = s.characters.vale!;
    const lookout = s.characters.lookout!;
    expect(effectiveConcealment(lookout, observer)).toBe(6 - 1);
    expect(effectiveConcealment({ ...lookout, prone: true }, observer)).toBe(6 - 1 + 1);
    expect(effectiveConcealment({ ...lookout, at: sq(6, 1) }, observer)).toBe(6 - 2);
    expect(effectiveConcealment({ ...lookout, at: sq(5, 1) }, observer)).toBe(6 - 3);
  });
});

describe("seed 002 3-3 색적: spotting", () => {
  /** The raider (COG 2) spots; Reed concealed (5) at (4,5) and Vale concealed (7) at (3,5) behind the two three-quarter covers. */
  const spotting = () =>
    position(VERSUS_SETUP, {
      turn: "raider-1",
      at: { "raider-1": sq(9, 5) },
      with: { lookout: GONE, reed: { at: sq(4, 5), concealed: true, concealment: { value: 5, shots: 0 } }, vale: { at: sq(3, 5), concealed: true, concealment: { value: 7, shots: 0 } } },
    });

  test("seed 002 3-3: d6 + COG less the cover between against the value less the distance penalty: a 4 finds Reed (4 + 2 - 2 - 2 = 2 >= 5 - 3), a 3 does not; the roll is the same public event either way", () => {
    const found = eventsOf(withDice(spotting(), "raider-1", [4]), "e1", { type: "spot" });
    expect(ofType(found.events, "spotting")[0]).toMatchObject({ die: 4, total: 6, found: ["reed"] });
    expect(found.state.characters.reed!.concealed).toBe(false);
    expect(ofType(found.events, "revealed")[0]).toMatchObject({ character: "reed", cause: "spotted", by: "raider-1" });
    const missed = eventsOf(withDice(spotting(), "raider-1", [3]), "e1", { type: "spot" });
    expect(ofType(missed.events, "spotting")[0]).toMatchObject({ die: 3, total: 5, found: [] });
    expect(missed.state.characters.reed!.concealed).toBe(true);
  });

  test("seed 002 3-3: one roll reveals every concealed enemy at or below it: a 6 finds Reed (2 needed) but not Vale (7 - 2 = 5 needed, 6 + 2 - 4 = 4)", () => {
    const { state } = eventsOf(withDice(spotting(), "raider-1", [6]), "e1", { type: "spot" });
    expect(state.characters.reed!.concealed).toBe(false);
    expect(state.characters.vale!.concealed).toBe(true);
  });

  test("seed 002 3-3 추가 색적: the first spotting roll of a turn is free; another is a bonus action (2 AP)", () => {
    let s = eventsOf(withDice(spotting(), "raider-1", [1, 1]), "e1", { type: "spot" }).state;
    expect(s.turn!.ap).toBe(6);
    s = eventsOf(s, "e1", { type: "spot" }).state;
    expect(s.turn!.ap).toBe(4);
  });
});

describe("seed 002 3-3: the reactive attempt, shooting from concealment, and the end of concealment", () => {
  /** The unseen lookout's turn (value 10) at (9,1); Vale (COG 4: 12 squares) at (0,1); Reed (COG 2: 6 squares) far at (0,9). */
  const lookoutTurn = (value = 10) => position(VERSUS_SETUP, { turn: "lookout", at: { vale: sq(0, 1), reed: sq(0, 9), "raider-1": sq(11, 9) }, with: { lookout: hidden(value) } });

  test("seed 002 3-3: a concealed enemy first stepping within 3 x COG squares gives a free reactive attempt: Vale needs 10 - 2 = 8, rolls 3 + 4 = 7: it fails and her side hears nothing; a second step gives none", () => {
    const s = withDice(lookoutTurn(), "vale>lookout", [3]);
    const r = trpg.apply(s, { type: "step", to: sq(8, 1) }, "e1");
    if (!r.ok) throw new Error(r.error.code);
    const attempt = ofType(r.events.map((e) => e.event), "reactive_spot")[0]!;
    expect(attempt).toMatchObject({ observer: "vale", target: "lookout", die: 3, total: 7, need: 8, success: false });
    expect(r.events.map((e) => trpg.redact(e, { kind: "seat", seat: "p1" })).filter((e) => e !== null)).toEqual([]);
    expect(r.state.reactive).toEqual(["vale>lookout"]);
    const again = trpg.apply(r.state, { type: "step", to: sq(7, 1) }, "e1");
    expect(again.ok && ofType(again.events.map((e) => e.event), "reactive_spot")).toEqual([]);
  });

  test("seed 002 3-3 (project decision): observers the concealed character's side can see make their reactive attempts first: the party's concealed Vale steps near the raider (seen) and the concealed lookout (first by id); the raider finds her, and the lookout never rolls, so the party sees what it would see without the lookout", () => {
    const s = position(VERSUS_SETUP, {
      turn: "vale",
      at: { vale: sq(4, 4), reed: sq(0, 9), "raider-1": sq(7, 4) },
      with: { vale: { concealed: true, concealment: { value: 6, shots: 0 } }, "raider-1": SEEN, lookout: hidden(9, sq(7, 6)) },
    });
    const r = trpg.apply(withDice(withDice(s, "raider-1>vale", [6]), "lookout>vale", [6]), { type: "step", to: sq(5, 4) }, "p1");
    if (!r.ok) throw new Error(r.error.code);
    const events = r.events.map((e) => e.event);
    expect(ofType(events, "reactive_spot").map((a) => [a.observer, a.success])).toEqual([["raider-1", true]]);
    expect(ofType(events, "revealed")[0]).toMatchObject({ character: "vale", cause: "reactive", by: "raider-1" });
  });

  test("seed 002 3-3: a reactive attempt that succeeds reveals the enemy to everyone: a 4, 4 + 4 = 8 >= 8", () => {
    const { state, events } = eventsOf(withDice(lookoutTurn(), "vale>lookout", [4]), "e1", { type: "step", to: sq(8, 1) });
    expect(ofType(events, "revealed")[0]).toMatchObject({ character: "lookout", cause: "reactive", by: "vale", at: sq(8, 1) });
    expect(state.characters.lookout!.known).toBe(true);
  });

  test("seed 002 3-3: each shot from concealment lets its target spot again, the shooter's value 2 lower a shot (cumulative): 12 - 2 - 2 = 8 is missed on 3 + 4; after the second shot 12 - 2 - 4 = 6 is found on the same 3", () => {
    let s = withDice(withDice(lookoutTurn(12), "lookout", [1, 1]), "vale>lookout", [3, 3]);
    s.unaware = ["vale>lookout"];
    const first = eventsOf(s, "e1", { type: "shoot", targets: ["vale"], burst: false, called: false });
    expect(ofType(first.events, "unseen_attacker")).toEqual([{ type: "unseen_attacker", character: "lookout", target: "vale" }]);
    expect(ofType(first.events, "attack")[0]!.mods).toContainEqual({ source: "unaware", value: 2 });
    expect(ofType(first.events, "reactive_spot")[0]).toMatchObject({ total: 7, need: 8, success: false });
    expect(first.state.characters.lookout).toMatchObject({ concealed: true, known: true, concealment: { value: 12, shots: 1 } });
    s = first.state;
    s.turn = { ...s.turn!, ap: 6 };
    const second = eventsOf(s, "e1", { type: "shoot", targets: ["vale"], burst: false, called: false });
    expect(ofType(second.events, "reactive_spot")[0]).toMatchObject({ total: 7, need: 6, success: true });
    expect(second.state.characters.lookout!.concealed).toBe(false);
  });

  test("seed 002 3-3: moving other than a step ends the concealment (the character is seen where it starts); a step keeps it; a melee attack ends it", () => {
    const moved = eventsOf(lookoutTurn(), "e1", { type: "move", to: sq(9, 4) });
    expect(ofType(moved.events, "revealed")[0]).toMatchObject({ character: "lookout", cause: "moved", at: sq(9, 1) });
    const stepped = eventsOf(withDice(lookoutTurn(14), "vale>lookout", [1]), "e1", { type: "step", to: sq(9, 2) });
    expect(stepped.state.characters.lookout!.concealed).toBe(true);
    const close = position(VERSUS_SETUP, { turn: "lookout", at: { vale: sq(8, 1), reed: sq(0, 9), "raider-1": sq(11, 9) }, with: { lookout: hidden(10) } });
    const struck = eventsOf(withDice(close, "lookout", [1]), "e1", { type: "melee", target: "vale", called: false });
    expect(ofType(struck.events, "revealed")[0]).toMatchObject({ character: "lookout", cause: "melee" });
  });

  test("seed 002 3-3: an attack on a target that does not know of the attacker gets +2; once attacked it knows", () => {
    const s = withDice(position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE } }), "raider-1", [1, 1]);
    s.unaware = ["vale>raider-1"];
    const { state, events } = eventsOf(s, "e1", { type: "shoot", targets: ["vale"], burst: false, called: false });
    expect(ofType(events, "attack")[0]!.mods).toEqual([{ source: "unaware", value: 2 }]);
    expect(ofType(events, "attack")[0]!.need).toBe(6 - 2 - 2);
    expect(state.unaware).toEqual([]);
  });

  test("seed 002 3-3: a concealed character's square and value reach only its side: the other side and spectators see it concealed where it was last seen, or not at all if never seen", () => {
    const s = lookoutTurn();
    s.characters.reed = { ...s.characters.reed!, ...SEEN };
    const party = trpg.viewFor(s, { kind: "seat", seat: "p1" });
    expect(party.characters.lookout).toBeUndefined();
    expect(party.order).not.toContain("lookout");
    const known = structuredClone(s);
    known.characters.lookout = { ...known.characters.lookout!, known: true, lastSeen: sq(9, 0) };
    expect(trpg.viewFor(known, spectator).characters.lookout).toMatchObject({ at: null, concealment: null, concealed: true, lastSeen: sq(9, 0) });
    expect(trpg.viewFor(known, { kind: "seat", seat: "e1" }).characters.lookout!.at).toEqual(sq(9, 1));
  });
});

describe("seed 002 3-3 은폐: attacking from concealment gained during the fight", () => {
  /** Vale concealed in the fight (the party's side knows her; the raider's side cannot see her), the raider in the open; her turn. */
  const concealedVale = (raider = sq(5, 0)) =>
    position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(0, 0), "raider-1": raider, reed: sq(0, 9) }, with: { lookout: GONE, vale: { concealed: true, concealment: { value: 9, shots: 0 }, known: true, lastSeen: sq(0, 0) } } });

  test("002_867c0cd57d46adf1.txt 3-3 '은폐하면 적들은 자신을 보지 못하게 됩니다' and '상대가 자신을 인지하지 못한 상태에서 적을 공격할 경우 명중에 +2': Vale, concealed mid-fight, shoots the raider that cannot see her with +2 (over 6 - 4 - 2 = 0), as an ambusher does; the odds say the same", () => {
    const s = withDice(concealedVale(), "vale", [1]);
    const [odds] = attackOdds(trpg.viewFor(s, seatViewer("p1")), "vale", { type: "shoot", targets: ["raider-1"], burst: false, called: false })!;
    const [attack] = ofType(eventsOf(s, "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: false }).events, "attack");
    expect(attack!.mods).toEqual([{ source: "unaware", value: 2 }]);
    expect(attack!.need).toBe(0);
    expect(attack!.hit).toBe(true);
    expect(odds!.mods).toEqual(attack!.mods);
    expect(odds!.need).toBe(attack!.need);
  });

  test("002_867c0cd57d46adf1.txt 3-3: a melee strike declared from concealment gets the +2 too ('근접공격시 은폐가 해제됩니다': the strike ends the concealment as it is made); once seen, no bonus", () => {
    const s = withDice(concealedVale(sq(1, 0)), "vale", [1, 1]);
    const { state, events } = eventsOf(s, "p1", { type: "melee", target: "raider-1", called: false });
    expect(ofType(events, "revealed")[0]).toMatchObject({ character: "vale", cause: "melee" });
    expect(ofType(events, "attack")[0]!.mods).toContainEqual({ source: "unaware", value: 2 });
    expect(state.characters.vale!.concealed).toBe(false);
    const seen = withDice(position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE } }), "vale", [1]);
    expect(ofType(eventsOf(seen, "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: false }).events, "attack")[0]!.mods).toEqual([]);
  });
});

describe("seed 002 3-3 색적, 은폐: who has perceived whom, and what a spotting roll was compared with", () => {
  /** `state` with `id`'s fresh turn running (the positions of the worked examples, a later turn). */
  const turnOf = (state: ReturnType<typeof position>, id: string) => {
    const s = structuredClone(state);
    s.slot = s.order.indexOf(id);
    s.turn = { ...s.turn!, actor: id, ap: 6, acted: false, moved: 0, segments: 0, freeSpot: false, snapshot: false, suppress: false, disengaged: false };
    return s;
  };
  /** The hidden lookout (value 6) at (4,1), 4 squares from Vale at (0,1): both party characters do not know of it. */
  const ambush = () => {
    const s = position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(0, 1), reed: sq(0, 9), "raider-1": sq(11, 9) }, with: { lookout: hidden(6, sq(4, 1)) } });
    s.unaware = ["vale>lookout", "reed>lookout"];
    return s;
  };

  test("002_867c0cd57d46adf1.txt 3-3 색적 '은폐 값 이상이 되면 상대가 드러납니다' with '5칸 이내라면 -3': Reed's total of 4 (a 2 + COG 2) finds a concealment of 6 four squares away, 6 - 3 = 3; the event names the value, the distance and the number met", () => {
    const s = position(VERSUS_SETUP, { turn: "reed", at: { reed: sq(0, 1), vale: sq(0, 9), "raider-1": sq(11, 9) }, with: { lookout: hidden(6, sq(4, 1)) } });
    const { events } = eventsOf(withDice(s, "reed", [2]), "p1", { type: "spot" });
    const [spotting] = ofType(events, "spotting");
    expect(spotting).toMatchObject({ die: 2, total: 4, found: ["lookout"] });
    expect(spotting!.checks).toEqual([{ character: "lookout", cover: [], total: 4, concealment: { value: 6, mods: [{ source: "distance", value: -3 }], need: 3 } }]);
  });

  test("002_867c0cd57d46adf1.txt 3-3 '상대가 자신을 인지하지 못한 상태에서 적을 공격할 경우 명중에 +2': once Vale has spotted the ambusher, its shot at her has no +2; Reed, who saw it revealed too, gets none either", () => {
    const spotted = eventsOf(withDice(ambush(), "vale", [6]), "p1", { type: "spot" }).state;
    expect(spotted.unaware).toEqual([]);
    const shot = eventsOf(withDice(turnOf(spotted, "lookout"), "lookout", [1]), "e1", { type: "shoot", targets: ["vale"], burst: false, called: false });
    expect(ofType(shot.events, "attack")[0]!.mods.map((m) => m.source)).not.toContain("unaware");
  });

  test("002_867c0cd57d46adf1.txt 3-3 '상대가 자신을 인지하지 못한 상태에서' with 3-2 기습: a surprised Vale who shot the raider this round has perceived it: its answer has no +2 (the rest of her side, still surprised, is unaware of it)", () => {
    const s = position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE } });
    s.surprised = "party";
    s.unaware = ["vale>raider-1", "reed>raider-1"];
    const shot = eventsOf(withDice(s, "vale", [1]), "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: false }).state;
    expect(shot.unaware).toEqual(["reed>raider-1"]);
    const answer = eventsOf(withDice(turnOf(shot, "raider-1"), "raider-1", [1]), "e1", { type: "shoot", targets: ["vale"], burst: false, called: false });
    expect(ofType(answer.events, "attack")[0]!.mods.map((m) => m.source)).not.toContain("unaware");
  });

  test("002_867c0cd57d46adf1.txt 3-2 기습 (project decision kept): a surprised side that has only seen an ambusher revealed by moving still does not know of it until the surprise ends", () => {
    const s = ambush();
    s.surprised = "party";
    const lookout = turnOf(s, "lookout");
    const moved = eventsOf(lookout, "e1", { type: "move", to: sq(6, 1) }).state;
    expect(moved.characters.lookout!.concealed).toBe(false);
    expect(moved.unaware).toEqual(["vale>lookout", "reed>lookout"]);
    const seen = structuredClone(s);
    seen.surprised = null;
    const movedSeen = eventsOf(turnOf(seen, "lookout"), "e1", { type: "move", to: sq(6, 1) }).state;
    expect(movedSeen.unaware).toEqual([]);
  });

  test("002_867c0cd57d46adf1.txt 3-3 '사격할 때 마다 패널티가 2 추가된 상태에서 상대가 색적을 재굴림': the re-spot after a shot names the shots fired and the distance with the value it met", () => {
    const s = withDice(withDice(position(VERSUS_SETUP, { turn: "lookout", at: { vale: sq(0, 1), reed: sq(0, 9), "raider-1": sq(11, 9) }, with: { lookout: hidden(12) } }), "lookout", [1]), "vale>lookout", [6]);
    const { events } = eventsOf(s, "e1", { type: "shoot", targets: ["vale"], burst: false, called: false });
    const [again] = ofType(events, "reactive_spot");
    expect(again).toMatchObject({ die: 6, mods: [{ source: "COG", value: 4 }], total: 10, need: 8, success: true });
    expect(again!.concealment).toEqual({ value: 12, mods: [{ source: "distance", value: -2 }, { source: "shots_fired", value: -2 }], need: 8 });
  });
});
