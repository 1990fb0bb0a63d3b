/**
 * Seed 002 3-2 "전투 우선권 결정": initiative is d6 + COG (+ the field's variables), a side surprised
 * at the start takes -3, a commander with COG over 4 gives every character who can talk to it
 * COG - 3, and a character may delay but never take its initiative back.
 */
import { QUARRY_GM, VERSUS_SETUP, GONE, eventsOf, ofType, position, trpg, tryApply } from "../helpers";
import type { TrpgEvent } from "../../src";

const rolls = (setup: typeof VERSUS_SETUP, seed: string) => {
  const { state, events } = trpg.setup(setup, seed);
  return { state, initiative: ofType(events.map((e) => e.event) as TrpgEvent[], "initiative") };
};

describe("seed 002 3-2 전투 우선권 결정: initiative", () => {
  test("seed 002 3-2: each character rolls d6 + COG (Vale: COG 4, so the die + 4), and acts in order of the totals, highest first", () => {
    const { state, initiative } = rolls(VERSUS_SETUP, "initiative-1");
    const vale = initiative.find((e) => e.character === "vale")!;
    expect(vale.mods).toEqual([{ source: "COG", value: 4 }]);
    expect(vale.value).toBe(vale.die + 4);
    for (const e of initiative) expect(e.value).toBe(e.die + e.mods.reduce((n, m) => n + m.value, 0));
    const values = state.order.map((id) => state.initiative[id]!);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });

  test("seed 002 3-2: on the quarry the party is surprised (-3), and its commander Sato (COG 5, over 4) gives the others 5 - 3 = +2; Sato herself only the -3", () => {
    const { initiative } = rolls(QUARRY_GM, "initiative-2");
    expect(initiative.find((e) => e.character === "vale")!.mods).toEqual([{ source: "COG", value: 4 }, { source: "surprise", value: -3 }, { source: "commander", value: 2 }]);
    expect(initiative.find((e) => e.character === "sato")!.mods).toEqual([{ source: "COG", value: 5 }, { source: "surprise", value: -3 }]);
  });

  test("seed 002 3-2: a commander with COG 4 (Vale) gives no bonus", () => {
    const { initiative } = rolls({ ...QUARRY_GM, commander: "vale" }, "initiative-3");
    expect(initiative.some((e) => e.mods.some((m) => m.source === "commander"))).toBe(false);
  });

  test("seed 002 3-2: a character may delay its turn after a later one (before acting), from then on acting after it; never before anyone already past, nor after acting", () => {
    const s = position(VERSUS_SETUP, { turn: "vale", at: { vale: { x: 0, y: 0 }, reed: { x: 0, y: 9 }, "raider-1": { x: 9, y: 0 } }, with: { lookout: GONE } });
    s.order = ["vale", "reed", "raider-1", "lookout"];
    s.slot = 0;
    const { state, events } = eventsOf(s, "p1", { type: "delay", after: "raider-1" });
    expect(ofType(events, "delayed")).toEqual([{ type: "delayed", character: "vale", after: "raider-1" }]);
    expect(state.order).toEqual(["reed", "raider-1", "vale", "lookout"]);
    expect(state.turn!.actor).toBe("reed");
    const later = structuredClone(state);
    later.slot = 2;
    later.turn = { ...later.turn!, actor: "vale" };
    const back = tryApply(later, "p1", { type: "delay", after: "reed" });
    expect(back.ok ? null : back.error.code).toBe("invalid_target");
    const acted = eventsOf(s, "p1", { type: "step", to: { x: 1, y: 0 } }).state;
    const after = tryApply(acted, "p1", { type: "delay", after: "raider-1" });
    expect(after.ok ? null : after.error.code).toBe("already_acted");
  });

  test("seed 002 3-2 (project decision): a character delays only after a character both sides know of: the raider may not delay after the lookout the party never saw (the public delayed event would name it), and may once the party has seen it", () => {
    const s = position(VERSUS_SETUP, { turn: "raider-1", at: { vale: { x: 0, y: 9 }, reed: { x: 1, y: 9 }, "raider-1": { x: 9, y: 0 }, lookout: { x: 10, y: 1 } }, with: { lookout: { concealed: true, concealment: { value: 9, shots: 0 }, known: false } } });
    s.order = ["raider-1", "vale", "lookout", "reed"];
    s.slot = 0;
    const unknown = tryApply(s, "e1", { type: "delay", after: "lookout" });
    expect(unknown.ok ? null : unknown.error.code).toBe("invalid_target");
    expect(trpg.legalCommands(s, "e1").filter((c) => c.type === "delay").map((c) => c.type === "delay" && c.after)).toEqual(["vale", "reed"]);
    s.characters.lookout!.known = true;
    expect(ofType(eventsOf(s, "e1", { type: "delay", after: "lookout" }).events, "delayed")).toEqual([{ type: "delayed", character: "raider-1", after: "lookout" }]);
  });

  test("seed 002 3-2: the surprise lasts the first round: after it the surprised side knows of every enemy it can see", () => {
    let s = trpg.setup({ ...QUARRY_GM, omit: ["lookout", "sharpshooter"] }, "surprise").state;
    expect(s.surprised).toBe("party");
    expect(s.unaware).toContain("vale>raider-1");
    for (let i = 0; i < 40 && s.round === 1; i++) {
      const seat = trpg.awaiting(s)[0]!;
      s = eventsOf(s, seat, s.phase === "round_end" ? { type: "end_round" } : s.pending ? { type: "decide", choice: s.pending.options[0]! } : { type: "end_turn" }).state;
    }
    expect(s.round).toBe(2);
    expect(s.surprised).toBeNull();
    expect(s.unaware.filter((p) => p.startsWith("vale>"))).toEqual([]);
  });
});
