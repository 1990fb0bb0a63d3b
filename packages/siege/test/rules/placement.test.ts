/**
 * Seed 004 `004_cb264102299fbb71.txt` "전술 도구" ("투척물을 제외하고 모든 도구는 오퍼레이터의 인접한 빈
 * 공간에 배치된다", "도구들은 외곽지역에 배치할 수 없다"), "인접판정" ("어떤 칸으로 향하는 시야가 막히면
 * 해당 칸은 인접하지 않은 것으로 취급한다"), "접착 폭약" ("인접 공간에 배치"), "방탄" and "섬광탄" with
 * "층" (a secret token counts as an operator): where placed gadgets go, and the stun of secret
 * tokens. Each test fails on the rules before siege-0.4.0.
 */
import { board, legalCommands, query, viewFor, type SiegeCommand, type SiegeEvent, type SiegeState } from "../../src";
import { QUIET, ready, run, swapReal, tokenAt, tryApply } from "../helpers";

const code = (s: SiegeState, seat: string, cmd: SiegeCommand) => {
  const r = tryApply(s, seat, cmd);
  return r.ok ? "ok" : r.error.code;
};
const apply = (s: SiegeState, seat: string, cmd: SiegeCommand) => {
  const r = tryApply(s, seat, cmd);
  if (!r.ok) throw new Error(`refused: ${r.error.code}`);
  return { state: r.state, events: r.events.map((e) => e.event) as SiegeEvent[] };
};

/** Breach charge, drone, claymore, flashbang, frag grenade: one cube each. */
const GADGETS: SiegeCommand = { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { breach_charge: 1, drone: 1, claymore: 1, flashbang: 1, frag_grenade: 1 } };

/**
 * Haze climbs in through the open smokehouse window (8,0 to 8,1, 2 points) and walks to 8,3, by
 * the barricaded door to the packing floor (8,3|8,4) and one space from the thin wall (9,3|9,4);
 * the barbed wire lies on 8,4, behind the door.
 */
function hazeByTheDoor(): SiegeState {
  const s = ready({ tokens: QUIET, wire: "8,4", attackPick: GADGETS, attack: { haze: ["8,0", null] } });
  return run(s, [
    ["a1", { type: "activate", operator: "haze" }],
    ["a1", { type: "step", operator: "haze", to: "8,1" }],
    ["a1", { type: "step", operator: "haze", to: "8,2" }],
    ["a1", { type: "step", operator: "haze", to: "8,3" }],
  ]);
}

describe("seed 004 전술 도구 and 인접판정: placed gadgets go on an adjacent empty space inside", () => {
  test("seed 004 004_cb264102299fbb71.txt 인접판정: of the eight surrounding spaces, those a wall or barricade hides are not adjacent (an open window and a holed wall do not hide)", () => {
    const s = ready({ tokens: QUIET });
    expect(board.terrainAdjacent(s, "8,3", "8,4")).toBe(false); // barricaded door
    expect(board.terrainAdjacent(s, "9,3", "9,4")).toBe(false); // thin wall
    expect(board.terrainAdjacent(s, "8,3", "9,4")).toBe(false); // the corner of both
    expect(board.terrainAdjacent(s, "8,3", "9,2")).toBe(true); // an obstacle does not hide
    expect(board.terrainAdjacent(s, "8,0", "8,1")).toBe(true); // open window
    expect(board.terrainAdjacent(s, "4,3", "4,4")).toBe(true); // holed wall
  });

  test("seed 004 004_cb264102299fbb71.txt 전술 도구, 인접판정: a drone, a claymore and a breach charge are not placed through the barricaded door or across the thin wall's corner; a space in the room is fine", () => {
    const s = hazeByTheDoor();
    expect(code(s, "a1", { type: "gadget", operator: "haze", gadget: "breach_charge", at: "8,4" })).toBe("not_adjacent");
    expect(code(s, "a1", { type: "gadget", operator: "haze", gadget: "drone", at: "9,4", aim: "9,5" })).toBe("not_adjacent");
    expect(code(s, "a1", { type: "gadget", operator: "haze", gadget: "claymore", at: "7,4", aim: "7,5" })).toBe("not_adjacent");
    // The legal list (the table's highlighted squares) agrees.
    const placed = legalCommands(s, "a1").filter((c): c is Extract<SiegeCommand, { type: "gadget" }> => c.type === "gadget" && ["breach_charge", "drone", "claymore"].includes(c.gadget));
    expect(placed.length).toBeGreaterThan(0);
    for (const c of placed) expect(board.terrainAdjacent(s, "8,3", c.at) && query.roomOf(s, c.at) === "smokehouse").toBe(true);
    const r = apply(s, "a1", { type: "gadget", operator: "haze", gadget: "drone", at: "9,3", aim: "10,3" });
    expect(r.events).toContainEqual({ type: "scanned", operator: "haze", room: "smokehouse" });
  });

  test("seed 004 004_cb264102299fbb71.txt 방탄, 인접판정: a bulletproof gadget behind a barricaded door is not adjacent, so not breached from there", () => {
    const s = hazeByTheDoor();
    const wire = s.gadgets.find((g) => g.kind === "barbed_wire" && g.at === "8,4")!;
    expect(code(s, "a1", { type: "breach", operator: "haze", target: wire.id })).toBe("not_adjacent");
  });

  test("seed 004 004_cb264102299fbb71.txt 접착 폭약: a breach charge goes on an adjacent empty space: not the operator's own, not an obstacle's", () => {
    const s = hazeByTheDoor();
    expect(code(s, "a1", { type: "gadget", operator: "haze", gadget: "breach_charge", at: "8,3" })).toBe("not_adjacent");
    expect(code(s, "a1", { type: "gadget", operator: "haze", gadget: "breach_charge", at: "9,2" })).toBe("space_occupied");
    const r = apply(s, "a1", { type: "gadget", operator: "haze", gadget: "breach_charge", at: "8,2" });
    expect(r.events).toContainEqual(expect.objectContaining({ type: "breached", by: "breach_charge" }));
  });

  test("seed 004 004_cb264102299fbb71.txt 전술 도구 (도구들은 외곽지역에 배치할 수 없다): neither a drone nor a breach charge nor Auger's ram charge goes on the outside area", () => {
    let s = ready({ tokens: QUIET, attackPick: GADGETS, attack: { cinder: ["6,9", null], auger: ["0,8", null] } });
    s = run(s, [["a1", { type: "activate", operator: "cinder" }]]);
    expect(code(s, "a1", { type: "gadget", operator: "cinder", gadget: "drone", at: "7,9", aim: "8,9" })).toBe("invalid_place");
    expect(code(s, "a1", { type: "gadget", operator: "cinder", gadget: "breach_charge", at: "7,9" })).toBe("invalid_place");
    expect(code(s, "a1", { type: "gadget", operator: "cinder", gadget: "breach_charge", at: "6,9" })).toBe("not_adjacent");
    expect(legalCommands(s, "a1").filter((c) => c.type === "gadget" && c.gadget !== "frag_grenade" && c.gadget !== "flashbang")).toEqual([]);
    s = run(s, [["a1", { type: "end_activation", operator: "cinder" }], ["a1", { type: "activate", operator: "auger" }]]);
    expect(code(s, "a1", { type: "special", operator: "auger", at: "0,7" })).toBe("invalid_place");
    expect(code(s, "a1", { type: "special", operator: "auger", at: "1,8" })).toBe("not_adjacent");
  });
});

/** Keel's real token at 9,1 in the smokehouse and its decoy at 3,8 (or the other way round), facing west; Haze outside the open window at 8,0. */
function flashScene(realAtWindow: boolean): SiegeState {
  const near = ["9,1", { facing: "W" }] as const;
  const far = ["3,8", { facing: "W" }] as const;
  return ready({ tokens: { ...QUIET, keel: realAtWindow ? [near, far] : [far, near] }, wire: "6,8", attack: { haze: ["8,0", null] } });
}

/** Haze's flashbang on 8,1 (9,1 is adjacent to it), then the defence's turn. */
function flash(s: SiegeState): { state: SiegeState; events: SiegeEvent[] } {
  const r = apply(run(s, [["a1", { type: "activate", operator: "haze" }]]), "a1", { type: "gadget", operator: "haze", gadget: "flashbang", at: "8,1" });
  return { state: run(r.state, [["a1", { type: "end_activation", operator: "haze" }], ["a1", { type: "end_phase" }]]), events: r.events };
}

describe("seed 004 섬광탄 and 비밀 오퍼레이터: a flashbang stuns secret tokens without telling which is real", () => {
  test("seed 004 004_cb264102299fbb71.txt 섬광탄, 층: a token in the area gets a public stun marker; the real one's stun takes effect when its operator is revealed: Keel then shoots with two yellow dice", () => {
    const { state, events } = flash(flashScene(true));
    const token = tokenAt(state, "keel", "9,1");
    expect(events).toContainEqual({ type: "stunned", operator: "keel", token });
    expect(state.tokens.find((t) => t.id === token)!.stunned).toBe(true);
    expect(state.operators.keel).toMatchObject({ hidden: true, stunned: false });
    let s = run(state, [["d1", { type: "activate", operator: "keel" }]]);
    const r = apply(s, "d1", { type: "reveal", operator: "keel" });
    expect(r.events).toContainEqual({ type: "stunned", operator: "keel" });
    s = run(r.state, [["d1", { type: "step", operator: "keel", to: "8,1" }], ["d1", { type: "shoot", operator: "keel", target: "haze" }]]);
    const dice = s.pending?.kind === "reroll" ? s.pending.dice : [];
    expect(dice.map((d) => d.colour)).toEqual(["yellow", "yellow"]);
  });

  test("seed 004 004_cb264102299fbb71.txt 섬광탄: a decoy's marker is harmless: Keel, revealed at its real token away from the flash, is not stunned", () => {
    const { state, events } = flash(flashScene(false));
    expect(events).toContainEqual({ type: "stunned", operator: "keel", token: tokenAt(state, "keel", "9,1") });
    const s = run(state, [["d1", { type: "activate", operator: "keel" }], ["d1", { type: "reveal", operator: "keel" }]]);
    expect(s.operators.keel).toMatchObject({ hidden: false, at: "3,8", stunned: false });
  });

  test("seed 004 004_cb264102299fbb71.txt 섬광탄 and 비밀 오퍼레이터: the attack's and spectators' views and the events are the same whichever token is real; the markers go at upkeep", () => {
    const before = flashScene(true);
    const a = flash(before);
    const b = flash(swapReal(before));
    for (const viewer of [{ kind: "seat", seat: "a1" }, { kind: "spectator" }] as const) expect(viewFor(b.state, viewer)).toEqual(viewFor(a.state, viewer));
    expect(b.events).toEqual(a.events);
    let s = a.state;
    for (const [seat, op] of [["d1", "quill"], ["a1", "bulwark"], ["d1", "rook"]] as const) {
      s = run(s, [[seat, { type: "activate", operator: op }], [seat, { type: "end_activation", operator: op }], [seat, { type: "end_phase" }]]);
    }
    expect(s.round).toBe(2);
    expect(s.tokens.some((t) => t.stunned)).toBe(false);
  });
});
