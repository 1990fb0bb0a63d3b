/**
 * The party's copy of a combat roll in GM mode (seed 002 3-4 "전투 판정"; attack.ts `emitRoll`):
 * it carries the target number and every modifier the party may know, and hides only what reads
 * the stat block of an enemy no check has revealed. A shot's number is "6 - 자신의 정밀 - 기타요소
 * (사정거리, 조명, 엄폐, 기상, 장비 보너스)": the shooter's PRC and its own items, never the
 * target's stats; melee's reads the target's evasion ("상대 회피력"); a dodge's the dodger's speed,
 * with penalties from the attacker's abilities ("회피에 부정적 수정치를 주는 능력") the players learn
 * only by a check. Non-interference: the party's copy is the same whatever the hidden block is.
 */
import type { Viewer } from "@fogwar/engine";
import type { TrpgCommand, TrpgEvent, TrpgState } from "../../src";
import { partyCopy, type RollEvent } from "../../src/attack";
import { GM_SETUP, GONE, QUARRY_GM, eventsOf, position, trpg, withDice } from "../helpers";

const sq = (x: number, y: number) => ({ x, y });
const PARTY: Viewer = { kind: "seat", seat: "p1" };
const MASTER: Viewer = { kind: "seat", seat: "gm" };

/** The copies `viewer` receives of the rolls of type `type` that `cmd` by `seat` makes. */
function copies(s: TrpgState, seat: string, cmd: TrpgCommand, viewer: Viewer, type: TrpgEvent["type"]): TrpgEvent[] {
  const r = trpg.apply(s, cmd, seat);
  if (!r.ok) throw new Error(`${seat} ${JSON.stringify(cmd)} refused: ${r.error.code}`);
  return r.events.map((e) => trpg.redact(e, viewer)).filter((e): e is TrpgEvent => e?.type === type);
}
/** An event without who heard it (to compare the party's copy with the master's). */
const bare = (e: TrpgEvent) => {
  const { heardBy: _h, inPart: _p, ...rest } = e;
  return rest;
};

/** Harrow (marksman: PRC 5, longrifle, scope +1) and the quarry's first raider on the open bottom row, Harrow to act. */
const harrowsShot = (raider: Partial<TrpgState["characters"][string]> = {}) =>
  withDice(
    position(QUARRY_GM, {
      turn: "harrow",
      at: { harrow: sq(0, 12), "raider-1": sq(5, 12), vale: sq(0, 10), reed: sq(1, 10), sato: sq(2, 10) },
      with: { "raider-1": raider, "raider-2": GONE, lookout: GONE, sharpshooter: GONE },
    }),
    "harrow",
    [4, 6, 6],
  );
const SHOOT_RAIDER: TrpgCommand = { type: "shoot", targets: ["raider-1"], burst: false, called: false };

/** The raider's turn on the drill yard (GM mode): Vale at (0,0) in its sights at (5,0). */
const raidersShot = (raider: Partial<TrpgState["characters"][string]> = {}) =>
  withDice(position(GM_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE, "raider-1": raider } }), "raider-1", [6, 6, 6]);
const SHOOT_VALE: TrpgCommand = { type: "shoot", targets: ["vale"], burst: false, called: false };

describe("seed 002 3-4 전투 판정: the party's copy of a roll carries the target number and every modifier the party may know", () => {
  test("seed 002 3-4 명중판정 사격: Harrow's shot at a raider whose stat block is hidden reaches the party with its target number and the scope's +1, as the master's copy", () => {
    const s = harrowsShot();
    expect(trpg.viewFor(s, PARTY).characters["raider-1"]!.archetype).toBeNull();
    const [party] = copies(s, "p1", SHOOT_RAIDER, PARTY, "attack");
    const [master] = copies(s, "p1", SHOOT_RAIDER, MASTER, "attack");
    expect(party).toMatchObject({ need: expect.any(Number), weapon: "longrifle", die: 4 });
    expect((party as { mods: unknown }).mods).toContainEqual({ source: "equipment", value: 1 });
    expect(bare(party!)).toEqual(bare(master!));
  });

  test("seed 002 3-1 중화기 거치, 3-4: Reed's unbraced hailer shot at a hidden raider shows the party its -2 and its number (6 - PRC 3 + 2 = 5)", () => {
    const s = withDice(position(GM_SETUP, { turn: "reed", at: { reed: sq(0, 0), "raider-1": sq(5, 0), vale: sq(0, 9) }, with: { lookout: GONE } }), "reed", [6, 6, 6]);
    const [party] = copies(s, "p2", SHOOT_RAIDER, PARTY, "attack");
    expect(party).toMatchObject({ need: 5, mods: [{ source: "unbraced", value: -2 }], weapon: "hailer" });
  });

  test("seed 002 3-4 근접 '상대 회피력': a melee blow at a hidden raider keeps its number and the raider's evasion from the party", () => {
    const s = withDice(position(GM_SETUP, { turn: "reed", at: { reed: sq(4, 0), "raider-1": sq(5, 0), vale: sq(0, 9) }, with: { lookout: GONE } }), "reed", [6, 6, 6]);
    const cmd: TrpgCommand = { type: "melee", target: "raider-1", called: false };
    const [party] = copies(s, "p2", cmd, PARTY, "attack");
    const [master] = copies(s, "p2", cmd, MASTER, "attack");
    expect(master).toMatchObject({ need: 3, mods: [{ source: "evasion", value: -1 }] });
    expect(party).toMatchObject({ need: null, mods: [] });
  });

  test("seed 002 3-4 회피 판정: Vale's dodge of a hidden enemy's shot shows her number (6 - SPD 5 = 1) and marks that the enemy's abilities may apply, without naming them", () => {
    const hit = eventsOf(raidersShot({ archetype: "warden", weapon: "hailer" }), "gm", SHOOT_VALE).state;
    expect(hit.pending?.kind).toBe("dodge");
    const decide: TrpgCommand = { type: "decide", choice: "dodge" };
    const [party] = copies(hit, "p1", decide, PARTY, "dodge");
    const [master] = copies(hit, "p1", decide, MASTER, "dodge");
    expect(master).toMatchObject({ need: 1, mods: [{ source: "ability", value: -1 }] });
    expect(party).toMatchObject({ need: 1, mods: [], unknownMods: true });
  });

  test("seed 002 3-4: an unrevealed enemy's own shot keeps its number, its weapon and its items from the party", () => {
    const [party] = copies(raidersShot({ archetype: "sharpshooter", weapon: "longrifle" }), "gm", SHOOT_VALE, PARTY, "attack");
    expect(party).toMatchObject({ need: null, weapon: null, mods: [] });
  });
});

describe("seed 002 3-4: non-interference, the party's copy of a roll is the same whatever the hidden stat block behind it", () => {
  const BLOCKS = [
    { archetype: "raider", weapon: "scattergun", wounds: 2 },
    { archetype: "lookout", weapon: "carbine", wounds: 1 },
    { archetype: "sharpshooter", weapon: "longrifle", wounds: 2 },
    { archetype: "brute", weapon: "maul", wounds: 3, slots: { supercharger: 1 } },
    { archetype: "warden", weapon: "hailer", wounds: 4, slots: { repair_kit: 1 } },
  ] as const;

  test("Harrow's shot at the raider: the same target number, modifiers and weapon for every stat block the raider may have", () => {
    const seen = BLOCKS.map((block) => copies(harrowsShot(block), "p1", SHOOT_RAIDER, PARTY, "attack"));
    for (const s of seen) expect(s).toEqual(seen[0]);
    expect(seen[0]![0]).toMatchObject({ need: expect.any(Number) });
  });

  test("a hidden enemy's shot at Vale (a 6 hits whatever it is) and her dodge (a 6): the same copies for every ranged stat block it may have", () => {
    const ranged = BLOCKS.filter((b) => b.weapon !== "maul");
    const seen = ranged.map((block) => {
      const s = raidersShot(block);
      const hit = eventsOf(s, "gm", SHOOT_VALE).state;
      return [...copies(s, "gm", SHOOT_VALE, PARTY, "attack"), ...copies(hit, "p1", { type: "decide", choice: "dodge" }, PARTY, "dodge")];
    });
    for (const s of seen) expect(s).toEqual(seen[0]);
    expect(seen[0]!.map((e) => e.type)).toEqual(["attack", "dodge"]);
  });
});

describe("seed 002 3-4 전투 판정: the party's copy is built from a list of fields, never by copying the roll", () => {
  const hidden = (id: string) => id === "raider-1";
  test("seed 002 3-4: a field a roll gains later (here a made-up stat) does not reach the party's copy until it is listed; the listed parts are kept", () => {
    const roll = { type: "attack", attacker: "harrow", target: "raider-1", weapon: "longrifle", via: "shot", called: false, die: 4, mods: [{ source: "equipment", value: 1 }], need: 3, hit: true, targetEvasion: 4 } as unknown as RollEvent;
    const copy = partyCopy(roll, { need: ["harrow", "raider-1"], mods: { evasion: "raider-1" } }, hidden) as unknown as Record<string, unknown>;
    expect(copy).not.toHaveProperty("targetEvasion");
    expect(copy).toMatchObject({ type: "attack", attacker: "harrow", target: "raider-1", weapon: "longrifle", die: 4, need: null, hit: true });
  });

  test("seed 002 3-4: a roll that reads no hidden stat block has no party copy (everyone hears the roll itself)", () => {
    const roll = { type: "shove", attacker: "harrow", target: "vale", die: 5, need: 3, success: true } as RollEvent;
    expect(partyCopy(roll, { need: ["harrow", "vale"] }, hidden)).toBeNull();
  });
});
