/**
 * How unseen characters act (docs/rules/trpg.md "Presence"; seed 002 3-2 delaying, 3-3
 * concealment): a character the other side cannot see is not awaited at its turn; it waits and
 * acts in its side's round-end step, which the enemies' seat has every round. Moving into an
 * unseen character's square finds it; an unseen overwatcher fires as set; the fight is decided
 * without the characters the winners never saw.
 */
import { spectator } from "@fogwar/engine";
import { VERSUS_SETUP, eventsOf, ofType, position, trpg, tryApply, withDice } from "../helpers";
import type { TrpgState } from "../../src";
import { encounter } from "../../src/encounters";

const sq = (x: number, y: number) => ({ x, y });
const hidden = (value: number, at = sq(9, 1)) => ({ at, concealed: true, concealment: { value, shots: 0 }, known: false, lastSeen: null });

/** A fresh match with the lookout hidden (as the scenario has it), played to the first round-end step with `end_turn`s. */
function toRoundEnd(seed = "unseen"): TrpgState {
  let s = trpg.setup(VERSUS_SETUP, seed).state;
  for (let i = 0; i < 10 && s.phase === "turn"; i++) s = eventsOf(s, trpg.awaiting(s)[0]!, { type: "end_turn" }).state;
  return s;
}

describe("unseen turns: waiting for the round-end step (docs/rules/trpg.md Presence)", () => {
  test("seed 002 3-2: a character the other side cannot see is not awaited at its initiative: it waits (its side hears), and the party never hears of it", () => {
    const s = toRoundEnd();
    expect(s.phase).toBe("round_end");
    expect(s.deferred).toEqual(["lookout"]);
    expect(trpg.viewFor(s, { kind: "seat", seat: "p1" }).deferred).toEqual([]);
  });

  test("the enemies' seat has a round-end step every round, whether anything waited or not", () => {
    expect(toRoundEnd().roundEnd).toEqual(["e1"]);
    let s = trpg.setup({ ...VERSUS_SETUP, omit: ["lookout"] }, "no-lookout").state;
    for (let i = 0; i < 10 && s.phase === "turn"; i++) s = eventsOf(s, trpg.awaiting(s)[0]!, { type: "end_turn" }).state;
    expect(s.roundEnd).toEqual(["e1"]);
  });

  test("002_867c0cd57d46adf1.txt 3-1 '라운드는 모든 캐릭터가 한 차례 행동 한 이후 지나갑니다', 3-2: a concealed party character (its existence public) acts at its place in the initiative order, not in a round-end step", () => {
    let s = structuredClone(toRoundEnd());
    s.characters.vale = { ...s.characters.vale!, concealed: true, concealment: { value: 6, shots: 0 } };
    s = eventsOf(s, "e1", { type: "end_round" }).state;
    const order = s.order.filter((id) => id !== "lookout");
    const turns: string[] = [];
    for (let i = 0; i < 10 && s.phase === "turn"; i++) {
      turns.push(s.turn!.actor);
      s = eventsOf(s, trpg.awaiting(s)[0]!, { type: "end_turn" }).state;
    }
    expect(turns).toEqual(order);
    expect(s.deferred).toEqual(["lookout"]);
    expect(s.roundEnd).toEqual(["e1"]);
  });

  test("002_867c0cd57d46adf1.txt 3-1, 3-2: a concealed enemy the party knows of acts at its place too; the party sees whose turn it is, not what it does (its AP, its step, its square)", () => {
    const known = { at: sq(9, 1), concealed: true, concealment: { value: 9, shots: 0 }, known: true, lastSeen: sq(9, 1) };
    const s = position(VERSUS_SETUP, { turn: "lookout", at: { vale: sq(0, 0), reed: sq(0, 9), "raider-1": sq(11, 9) }, with: { lookout: known } });
    expect(trpg.awaiting(s)).toEqual(["e1"]);
    const quiet = trpg.apply(s, { type: "end_turn" }, "e1");
    const { state, events } = eventsOf(s, "e1", { type: "step", to: sq(9, 2) });
    expect(state.turn!.ap).toBe(5);
    const party = trpg.viewFor(state, { kind: "seat", seat: "p1" });
    expect(party.turn).toMatchObject({ actor: "lookout", ap: 6, acted: false });
    expect(party.characters.lookout!.at).toBeNull();
    expect(events.map((e) => e.type)).toContain("moved");
    const started = trpg.apply(position(VERSUS_SETUP, { turn: "reed", at: { vale: sq(0, 0), reed: sq(0, 9), "raider-1": sq(11, 9) }, with: { lookout: known } }), { type: "end_turn" }, "p1");
    if (!quiet.ok || !started.ok) throw new Error("refused");
    // Reed's turn ends and the lookout's begins at its place in the order (Reed 2nd, the lookout after him), in public.
    expect(started.events.map((e) => trpg.redact(e, { kind: "seat", seat: "p1" }))).toContainEqual({ type: "turn_started", character: started.state.turn!.actor, delayed: false });
  });

  test("002_867c0cd57d46adf1.txt 3-2 '우선권', 3-1: in the round-end step turns still follow initiative: the sharpshooter and the lookout, both unseen, act in their order; the reverse order is refused (delayed_out_of_order) and changes nothing", () => {
    let s = trpg.setup({ ...VERSUS_SETUP, enemies: encounter("proving_ground") }, "two-unseen").state;
    for (let i = 0; i < 20 && s.phase === "turn"; i++) s = eventsOf(s, trpg.awaiting(s)[0]!, { type: "end_turn" }).state;
    const unseen = s.order.filter((id) => !s.characters[id]!.known);
    expect(unseen.length).toBe(2);
    expect(s.deferred).toEqual(unseen);
    expect(s.initiative[unseen[0]!]!).toBeGreaterThanOrEqual(s.initiative[unseen[1]!]!);
    const turn = (actor: string) => ({ actor, commands: [{ type: "spot" as const }] });
    const reversed = tryApply(s, "e1", { type: "end_round", turns: [turn(unseen[1]!), turn(unseen[0]!)] });
    expect(reversed.ok ? null : reversed.error.code).toBe("delayed_out_of_order");
    const inOrder = eventsOf(s, "e1", { type: "end_round", turns: [turn(unseen[0]!), turn(unseen[1]!)] });
    expect(ofType(inOrder.events, "turn_started").filter((e) => e.delayed).map((e) => e.character)).toEqual(unseen);
    // Either one alone is in order.
    expect(tryApply(s, "e1", { type: "end_round", turns: [turn(unseen[1]!)] }).ok).toBe(true);
  });

  test("a delayed turn is played whole inside its seat's one end_round command: the other side receives the same step as for an end_round with nothing", () => {
    const s = withDice(toRoundEnd(), "vale>lookout", [1]);
    const quiet = trpg.apply(s, { type: "end_round" }, "e1");
    const busy = trpg.apply(s, { type: "end_round", turns: [{ actor: "lookout", commands: [{ type: "step", to: sq(9, 2) }, { type: "spot" }, { type: "overwatch", dir: 6 }] }] }, "e1");
    if (!quiet.ok || !busy.ok) throw new Error("refused");
    for (const v of [{ kind: "seat", seat: "p1" } as const, spectator]) {
      const seen = (r: typeof quiet) => r.events.map((e) => trpg.redact(e, v)).filter((e) => e !== null);
      expect(seen(busy)).toEqual(seen(quiet));
      expect(trpg.viewFor(busy.state, v)).toEqual(trpg.viewFor(quiet.state, v));
    }
    expect(busy.state.characters.lookout!.overwatch).toMatchObject({ dir: 6 });
    expect(busy.state.round).toBe(2);
  });

  test("a delayed turn whose first command cannot be played is refused whole; a later one that became impossible stops the delayed turns there (its side is told)", () => {
    const s = toRoundEnd();
    const bad = tryApply(s, "e1", { type: "end_round", turns: [{ actor: "lookout", commands: [{ type: "step", to: sq(0, 0) }] }] });
    expect(bad.ok ? null : bad.error.code).toBe("unreachable");
    const late = eventsOf(s, "e1", { type: "end_round", turns: [{ actor: "lookout", commands: [{ type: "step", to: sq(9, 2) }, { type: "step", to: sq(0, 0) }, { type: "spot" }] }] });
    expect(ofType(late.events, "delayed_stopped")).toEqual([{ type: "delayed_stopped", actor: "lookout", index: 1, code: "unreachable", heardBy: "enemies" }]);
    expect(late.state.characters.lookout!.at).toEqual(sq(9, 2));
  });

  test("only the seat's own characters that waited this round may act in its round-end step", () => {
    const s = toRoundEnd();
    const other = tryApply(s, "e1", { type: "end_round", turns: [{ actor: "raider-1", commands: [{ type: "end_turn" }] }] });
    expect(other.ok ? null : other.error.code).toBe("bad_delayed_turn");
  });
});

describe("meeting what cannot be seen", () => {
  test("moving into a square held by a character its side cannot see stops the mover on the square before, and the hidden one is found (contact)", () => {
    const s = position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(5, 1), reed: sq(0, 9), "raider-1": sq(11, 9) }, with: { lookout: hidden(12) } });
    const { state, events } = eventsOf(s, "p1", { type: "move", to: sq(10, 1) });
    expect(ofType(events, "contact")).toEqual([{ type: "contact", mover: "vale", hidden: "lookout" }]);
    expect(ofType(events, "revealed")[0]).toMatchObject({ character: "lookout", cause: "contact" });
    expect(state.characters.vale!.at).toEqual(sq(8, 1));
  });

  test("an overwatcher the mover's side cannot see does not stop the turn to ask: it fires at the first enemy into its cone, and everyone learns that someone unseen fired", () => {
    const s = withDice(position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(5, 9), reed: sq(0, 9), "raider-1": sq(11, 9) }, with: { lookout: { ...hidden(12, sq(5, 1)), overwatch: { dir: 4, radius: 18, weapon: "carbine" } } } }), "lookout", [1]);
    const { state, events } = eventsOf(s, "p1", { type: "move", to: sq(5, 6) });
    expect(state.pending).toBeNull();
    expect(ofType(events, "unseen_attacker")).toEqual([{ type: "unseen_attacker", character: "lookout", target: "vale" }]);
    expect(ofType(events, "attack")[0]).toMatchObject({ attacker: "lookout", via: "overwatch" });
    expect(state.characters.lookout!.overwatch).toBeNull();
  });

  test("the fight is decided without the characters the winners never saw: the party wins when every enemy it knows of is down", () => {
    const s = withDice(position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(0, 0), reed: sq(0, 9), "raider-1": sq(5, 0) }, with: { lookout: hidden(12), "raider-1": { wounds: 1 } } }), "vale", [6, 6]);
    const { state } = eventsOf(s, "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: false });
    expect(state.result).toMatchObject({ winner: "p1", reason: "party: no enemy left standing" });
    expect(state.characters.lookout!.status).toBe("active");
  });
});

describe("composing a delayed turn (what a client offers before it sends end_round)", () => {
  test("after a step the waiting lookout may still spot and set its overwatch, from the seat's own view; a queued command that cannot be played gives null", async () => {
    const { delayedTurnOptions } = await import("../../src");
    const s = toRoundEnd();
    const view = trpg.viewFor(s, { kind: "seat", seat: "e1" });
    const first = delayedTurnOptions(view, "e1", "lookout", [])!;
    expect(first.some((c) => c.type === "step")).toBe(true);
    const afterStep = delayedTurnOptions(view, "e1", "lookout", [{ type: "step", to: sq(9, 2) }])!;
    expect(afterStep.some((c) => c.type === "spot")).toBe(true);
    expect(afterStep.some((c) => c.type === "overwatch")).toBe(true);
    expect(delayedTurnOptions(view, "e1", "lookout", [{ type: "step", to: sq(0, 0) }])).toBeNull();
    const sent = eventsOf(s, "e1", { type: "end_round", turns: [{ actor: "lookout", commands: [{ type: "step", to: sq(9, 2) }, afterStep.find((c) => c.type === "overwatch")!] }] });
    expect(sent.state.characters.lookout!.overwatch).not.toBeNull();
  });
});

describe("seed 002 3-1 오버와치: overwatch does not skip a square an unseen ally holds", () => {
  test("seed 002 3-1: the raider passing the square of the unseen lookout meets Vale's overwatch there, as it would with nobody there (the overwatch that did not come told the party someone stood there)", () => {
    const cone = { vale: { overwatch: { dir: 2, radius: 18, weapon: "carbine" } } };
    const at = { vale: sq(0, 1), "raider-1": sq(9, 3), reed: sq(0, 9) };
    const alone = eventsOf(position(VERSUS_SETUP, { turn: "raider-1", at, with: { ...cone, lookout: { status: "dead", at: null, concealed: false, concealment: null, known: false } } }), "e1", { type: "move", to: sq(9, 1) });
    const passing = eventsOf(position(VERSUS_SETUP, { turn: "raider-1", at: { ...at, lookout: sq(9, 2) }, with: { ...cone, lookout: hidden(6, sq(9, 2)) } }), "e1", { type: "move", to: sq(9, 1) });
    expect(passing.state.pending).toMatchObject({ kind: "overwatch", seat: "p1", overwatcher: "vale", target: "raider-1" });
    expect(passing.state.pending).toEqual(alone.state.pending);
    expect(passing.events).toEqual(alone.events);
    expect(ofType(passing.events, "moved")[0]!.path).toEqual([sq(9, 2)]);
  });

  test("docs/rules/trpg.md Presence: the raider shot down by that overwatch on the unseen lookout's square lies where it fell, as with nobody there (put back on a free square it told the party someone stood there)", () => {
    const cone = { vale: { overwatch: { dir: 2, radius: 18, weapon: "carbine" } }, "raider-1": { wounds: 1 } };
    const at = { vale: sq(0, 1), "raider-1": sq(9, 3), reed: sq(0, 9) };
    const shotDown = (s: TrpgState) => {
      let out = eventsOf(s, "e1", { type: "move", to: sq(9, 1) }).state;
      out = eventsOf(withDice(out, "dice:vale", [6, 6, 6]), "p1", { type: "decide", choice: "fire" }).state;
      for (let i = 0; i < 4 && out.pending?.seat === "e1"; i++) out = eventsOf(out, "e1", { type: "decide", choice: out.pending.options[out.pending.options.length - 1]! }).state;
      return out;
    };
    const alone = shotDown(position(VERSUS_SETUP, { turn: "raider-1", at, with: { ...cone, lookout: { status: "dead", at: null, concealed: false, concealment: null, known: false } } }));
    const passing = shotDown(position(VERSUS_SETUP, { turn: "raider-1", at: { ...at, lookout: sq(9, 2) }, with: { ...cone, lookout: hidden(6, sq(9, 2)) } }));
    expect(alone.characters["raider-1"]).toMatchObject({ status: "dead", at: sq(9, 2) });
    expect(passing.characters["raider-1"]).toMatchObject({ status: "dead", at: sq(9, 2) });
    for (const v of [{ kind: "seat", seat: "p1" } as const, spectator]) expect(trpg.viewFor(passing, v)).toEqual(trpg.viewFor(alone, v));
  });
});
