/**
 * Healing, stabilising and death of characters the other side has never seen (docs/rules/trpg.md
 * "Presence", "Deaths nobody saw"; seed 002 3-6 "치료 판정과 무력화 상태", 3-7 오염): what an
 * unseen character does to itself or its allies in its round-end turn, and its death there, reach
 * only its side (and the master); the other side receives the same round-end step as when nothing
 * waited: the same events, view, awaited seats and decision.
 */
import { spectator, type Viewer } from "@fogwar/engine";
import { GM_SETUP, QUARRY_GM, QUARRY_VERSUS, SEEN, VERSUS_SETUP, eventsOf, position, trpg, withDice } from "../helpers";
import type { ActionCommand, TrpgSetup, TrpgState } from "../../src";

const sq = (x: number, y: number) => ({ x, y });
const P1: Viewer = { kind: "seat", seat: "p1" };

/** A fresh match of `setup` played to the first round-end step with `end_turn`s (its hidden lookout waits there). */
function toRoundEnd(setup: TrpgSetup, seed: string): TrpgState {
  let s = trpg.setup(setup, seed).state;
  for (let i = 0; i < 12 && s.phase === "turn"; i++) s = eventsOf(s, trpg.awaiting(s)[0]!, { type: "end_turn" }).state;
  if (s.phase !== "round_end" || !s.deferred.includes("lookout")) throw new Error("no round-end step with the lookout waiting");
  return s;
}

/** The enemies' round-end step with the lookout's delayed turn, and the same step with nothing in it. */
function bothSteps(s: TrpgState, commands: ActionCommand[]) {
  const seat = s.seats.enemies[0]!;
  const busy = trpg.apply(s, { type: "end_round", turns: [{ actor: "lookout", commands }] }, seat);
  const quiet = trpg.apply(s, { type: "end_round" }, seat);
  if (!busy.ok || !quiet.ok) throw new Error(`refused: ${JSON.stringify(busy.ok ? quiet : busy)}`);
  return { busy, quiet };
}

/** The party's seat and a spectator receive the same of both steps: events, view, awaited seats, the decision. */
function expectSameToOthers({ busy, quiet }: ReturnType<typeof bothSteps>) {
  for (const v of [P1, spectator]) {
    const seen = (r: typeof busy) => r.events.map((e) => trpg.redact(e, v)).filter((e) => e !== null);
    expect(seen(busy)).toEqual(seen(quiet));
    expect(trpg.viewFor(busy.state, v)).toEqual(trpg.viewFor(quiet.state, v));
  }
  expect(trpg.awaiting(busy.state)).toEqual(trpg.awaiting(quiet.state));
  expect(trpg.pending(busy.state)).toEqual(trpg.pending(quiet.state));
}

/** The hidden lookout carries an emergency repair kit (a gunner's stat block) and is down to `wounds`. */
function withRepairKit(s: TrpgState, wounds: number): TrpgState {
  const out = structuredClone(s);
  Object.assign(out.characters.lookout!, { archetype: "gunner", slots: { repair_kit: 2 }, wounds });
  return out;
}

describe("seed 002 3-6 치료 판정: an unseen character's healing and stabilising stay its side's", () => {
  test("seed 002 3-6: the unseen lookout heals itself in its round-end turn: its side hears healed, the party and spectators receive the same as a round-end step with nothing", () => {
    const s = withDice(withRepairKit(toRoundEnd(VERSUS_SETUP, "unseen-heal"), 1), "lookout", [6]);
    const steps = bothSteps(s, [{ type: "heal", target: "lookout" }]);
    expect(steps.busy.state.characters.lookout!.wounds).toBe(2);
    expect(steps.busy.events.map((e) => trpg.redact(e, { kind: "seat", seat: "e1" })).filter((e) => e?.type === "healed")).toHaveLength(1);
    expectSameToOthers(steps);
  });

  test("seed 002 3-6: the unseen lookout heals a seen ally next to it: the party does not hear who healed whom", () => {
    const s = structuredClone(withRepairKit(toRoundEnd(VERSUS_SETUP, "unseen-heal-ally"), 2));
    s.characters.lookout!.at = sq(9, 1);
    s.characters["raider-1"]!.wounds = 1;
    const steps = bothSteps(withDice(s, "lookout", [6]), [{ type: "heal", target: "raider-1" }]);
    expect(steps.busy.state.characters["raider-1"]!.wounds).toBe(2);
    for (const v of [P1, spectator]) expect(steps.busy.events.map((e) => trpg.redact(e, v)).some((e) => e?.type === "healed")).toBe(false);
  });

  test("seed 002 3-6 안정화: the unseen lookout stabilises an incapacitated ally (GM mode): the party does not hear it", () => {
    const s = structuredClone(toRoundEnd(GM_SETUP, "unseen-stabilise"));
    Object.assign(s.characters.lookout!, { archetype: "medic", slots: { medkit: 1 }, at: sq(9, 1) });
    Object.assign(s.characters["raider-1"]!, { status: "incapacitated", wounds: 0 });
    const steps = bothSteps(withDice(s, "lookout", [6]), [{ type: "stabilise", target: "raider-1" }]);
    expect(steps.busy.state.characters["raider-1"]!.stabilised).toBe(true);
    for (const v of [P1, spectator]) expect(steps.busy.events.map((e) => trpg.redact(e, v)).some((e) => e?.type === "stabilised")).toBe(false);
  });
});

describe("seed 002 3-6, 3-7 오염: an unseen enemy that dies in its own turn dies unseen", () => {
  /** The quarry's lookout waiting unseen in the level-2 seep (16-18, 12-13) at 1 W; its contamination roll will be a 1. */
  const inSeep = (setup: TrpgSetup, seed: string) => {
    const s = structuredClone(toRoundEnd(setup, seed));
    Object.assign(s.characters.lookout!, { at: sq(17, 13), wounds: 1 });
    return withDice(s, "lookout", [1]);
  };

  test("seed 002 3-6 '적은 무력화되지 않고 즉시 사망', GM mode: an enemy the party cannot see dies at once: no decision for the master, the round-end step is not cut short, the party hears nothing", () => {
    const steps = bothSteps(inSeep(QUARRY_GM, "unseen-death-gm"), [{ type: "end_turn" }]);
    const { busy } = steps;
    expect(busy.state.characters.lookout).toMatchObject({ status: "dead", known: false, concealed: true });
    expect(busy.state.pending).toBeNull();
    expect(busy.state.round).toBe(2);
    const master = busy.events.map((e) => trpg.redact(e, { kind: "seat", seat: "gm" }));
    expect(master.filter((e) => e?.type === "died")).toEqual([expect.objectContaining({ character: "lookout" })]);
    expect(busy.events.map((e) => trpg.redact(e, P1)).some((e) => e?.type === "decided")).toBe(false);
    expectSameToOthers(steps);
  });

  test("seed 002 3-6, versus: the death of an enemy nobody on the party's side saw is announced to nobody but its side: no revealed, no died", () => {
    const steps = bothSteps(inSeep(QUARRY_VERSUS, "unseen-death-versus"), [{ type: "end_turn" }]);
    expect(steps.busy.state.characters.lookout).toMatchObject({ status: "dead", known: false });
    expect(steps.busy.events.map((e) => trpg.redact(e, { kind: "seat", seat: "e1" })).filter((e) => e?.type === "died")).toHaveLength(1);
    for (const v of [P1, spectator]) expect(steps.busy.events.map((e) => trpg.redact(e, v)).some((e) => e?.type === "revealed" || e?.type === "died")).toBe(false);
    expectSameToOthers(steps);
  });

  test("docs/rules/trpg.md Presence: a decision about a character the viewer does not know of is not in its view (the master's view has it)", () => {
    const s = structuredClone(toRoundEnd(QUARRY_GM, "unseen-pending"));
    s.pending = { kind: "enemy_down", seat: "gm", options: ["kill", "incapacitate"], character: "lookout" };
    expect(trpg.viewFor(s, P1).pending).toBeNull();
    expect(trpg.viewFor(s, spectator).pending).toBeNull();
    expect(trpg.viewFor(s, { kind: "seat", seat: "gm" }).pending).toMatchObject({ character: "lookout" });
  });
});

/**
 * A character the other side knows of but cannot see now (docs/rules/trpg.md "Presence",
 * "Unseen characters keep their last seen state"; seed 002 3-3 은폐 "은폐한 캐릭터의 위치는 상대가 알 수
 * 없습니다", 3-6 치료 판정, 3-7 오염): its own turn's contamination damage, heal or item used reach its
 * side only, so the other side's view shows it as it was when it concealed, not its live wounds,
 * status or items. Two matches from the same position differ only in those unseen dice.
 */
describe("seed 002 3-3 은폐, 3-6, 3-7 오염: a known character that concealed shows the other side only what it last saw", () => {
  /** The quarry's lookout, seen by the party, in the level-2 seep at 2 W with a repair kit, on its turn; its hidden dice are `dice`. */
  const concealedInSeep = (dice: number[]) =>
    withDice(
      position(QUARRY_VERSUS, { turn: "lookout", seed: "seen-then-concealed", at: { lookout: sq(17, 13), vale: sq(9, 7), reed: sq(9, 8), sato: sq(9, 6), harrow: sq(8, 7) }, with: { lookout: { ...SEEN, lastSeen: sq(17, 13), archetype: "gunner", weapon: "rifle", slots: { repair_kit: 2 }, wounds: 2 } } }),
      "hidden:lookout",
      dice,
    );
  const play = (dice: number[], commands: ActionCommand[]) => {
    let s = concealedInSeep(dice);
    for (const command of commands) s = eventsOf(s, "e1", command).state;
    return s;
  };
  const othersSeeTheSame = (a: TrpgState, b: TrpgState) => {
    for (const v of [P1, spectator]) expect(trpg.viewFor(a, v)).toEqual(trpg.viewFor(b, v));
  };

  test("seed 002 3-7 오염: the concealed lookout takes a wound from the seep at the end of its turn: the party and spectators still see 2 W, as when the roll spared it", () => {
    const hurt = play([6, 1], [{ type: "conceal" }, { type: "end_turn" }]);
    const spared = play([6, 6], [{ type: "conceal" }, { type: "end_turn" }]);
    expect(hurt.characters.lookout).toMatchObject({ concealed: true, known: true, wounds: 1 });
    expect(spared.characters.lookout).toMatchObject({ concealed: true, known: true, wounds: 2 });
    expect(trpg.viewFor(hurt, P1).characters.lookout).toMatchObject({ concealed: true, at: null, wounds: 2, status: "active" });
    othersSeeTheSame(hurt, spared);
  });

  test("seed 002 3-6 치료 판정: the concealed lookout heals itself with its repair kit: the party and spectators see neither the wound back nor the kit's use", () => {
    const healed = play([6, 6, 6], [{ type: "conceal" }, { type: "heal", target: "lookout" }, { type: "end_turn" }]);
    const idle = play([6, 6], [{ type: "conceal" }, { type: "end_turn" }]);
    expect(healed.characters.lookout).toMatchObject({ wounds: 3, slots: { repair_kit: 1 } });
    othersSeeTheSame(healed, idle);
    expect(trpg.viewFor(healed, { kind: "seat", seat: "e1" }).characters.lookout).toMatchObject({ wounds: 3, slots: { repair_kit: 1 } });
  });
});
