/**
 * Seed 004 "상층부와 진입로", "강화된 진입로", "인접판정" 상층부 and the upper-floor column of the
 * action table ("액션들": 사격, 파괴, 전술 도구 사용 from upstairs on an access point space the
 * enemy does not watch), and "대응 사격" on a watched access point: worked examples on the sample
 * map's loft (access points 1,1 grey, 10,8 grey with the reinforced hatch, 11,5 blue outside).
 */
import { query, type SiegeEvent, type SiegeState } from "../../src";
import { ready, run, tryApply, type TokenPlan } from "../helpers";
import { QUIET } from "./move.test";

const apply = (s: SiegeState, seat: string, cmd: Parameters<typeof tryApply>[2]) => {
  const r = tryApply(s, seat, cmd);
  if (!r.ok) throw new Error(`refused: ${r.error.code}`);
  return { state: r.state, events: r.events.map((e) => e.event) as SiegeEvent[] };
};
const sum = (d: readonly { value: number }[]) => d.reduce((a, x) => a + x.value, 0);

/** Haze climbs to the loft from the blue access point 11,5 (cost 1). */
function hazeUp(tokens: Readonly<Record<string, readonly [TokenPlan, TokenPlan]>>, seed: string): SiegeState {
  const s = ready({ seed, tokens: { ...QUIET, ...tokens }, wire: "6,8", attack: { haze: ["11,5", null] } });
  return run(s, [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "step", operator: "haze", to: "up:loft" }]]);
}

describe("seed 004 상층부에서: actions from the upper floor", () => {
  test("seed 004 강화된 진입로 and 접착 폭약: from the loft a breach charge destroys the reinforced hatch on 10,8 (red against red); the access point is then adjacent from the loft", () => {
    const s = hazeUp({}, "upper-hatch");
    expect(s.operators.haze!.at).toBe("up:loft");
    expect(query.upperReaches(s, "loft", "attack", "10,8")).toBe(false);
    // Only on a reinforced access point of the area (1,1 has none).
    expect(tryApply(s, "a1", { type: "gadget", operator: "haze", gadget: "breach_charge", at: "1,1" })).toMatchObject({ ok: false, error: { code: "invalid_place" } });
    const { state, events } = apply(s, "a1", { type: "gadget", operator: "haze", gadget: "breach_charge", at: "10,8" });
    expect(events).toContainEqual({ type: "breached", by: "breach_charge", partitions: [], gadgets: ["hatch_packing"] });
    expect(state.gadgets.some((g) => g.id === "hatch_packing")).toBe(false);
    expect(query.upperReaches(state, "loft", "attack", "10,8")).toBe(true);
    expect(state.inventory.attack.breach_charge).toBe(0);
  });

  test("seed 004 파괴 from the loft: a gadget on an access point of the area that the enemy does not watch is breached by class (Haze's orange breach destroys a camera on 1,1); no partition is breached from the loft", () => {
    const defencePick = { type: "pick", operators: ["fennel", "keel", "lattice", "quill", "rook"], inventory: { camera: 1, barbed_wire: 1, c4: 2, impact_grenade: 1 } } as const;
    let s = ready({ seed: "upper-breach", tokens: QUIET, wire: "6,8", defencePick, setupGadgets: { camera: "1,1" }, attack: { haze: ["11,5", null] } });
    const cam = s.gadgets.find((g) => g.kind === "camera" && g.at === "1,1")!;
    s = run(s, [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "step", operator: "haze", to: "up:loft" }]]);
    expect(tryApply(s, "a1", { type: "breach", operator: "haze", target: "window_north" })).toMatchObject({ ok: false, error: { code: "invalid_target" } });
    expect(tryApply(s, "a1", { type: "breach", operator: "haze", target: "hatch_packing" })).toMatchObject({ ok: false, error: { code: "too_strong" } });
    const { state, events } = apply(s, "a1", { type: "breach", operator: "haze", target: cam.id });
    expect(events).toContainEqual({ type: "breached", by: "haze", partitions: [], gadgets: [cam.id] });
    expect(state.gadgets.some((g) => g.id === cam.id)).toBe(false);
  });

  test("seed 004 사격 from the loft: a defender on an access point space the defence does not watch is in sight at distance 1, without protection (Haze: two orange)", () => {
    // Fennel's real token on 1,1: Haze, arriving in the loft, sees the access point and reveals it.
    const s = hazeUp({ fennel: [["1,1", { facing: "S" }], ["2,4", { facing: "W" }]] }, "upper-shot");
    expect(s.operators.fennel).toMatchObject({ hidden: false, at: "1,1" });
    const shooting = run(s, [["a1", { type: "shoot", operator: "haze", target: "fennel" }]]);
    expect(shooting.pending).toMatchObject({ kind: "reroll", shooter: "haze", target: "fennel", distance: 1, protection: 0 });
    const dice = (shooting.pending as { dice: { colour: string; value: number }[] }).dice;
    expect(dice.map((d) => d.colour)).toEqual(["orange", "orange"]);
    const { state, events } = apply(shooting, "a1", { type: "keep" });
    expect(events).toContainEqual(expect.objectContaining({ type: "shot", shooter: "haze", target: "fennel", kind: "action", distance: 1, protection: 0, damage: sum(dice) }));
    // Fennel has health 4: the damage is on its profile; four or more kill it.
    expect(state.operators.fennel!.damage).toBe(sum(dice));
    expect(state.operators.fennel!.dead).toBe(sum(dice) >= 4);
  });

  test("seed 004 인접판정 상층부: an access point the defence watches is not seen from the loft: Fennel's token on 1,1 stays hidden while Rook holds 1,1", () => {
    const s = hazeUp({ fennel: [["1,1", { facing: "S" }], ["2,4", { facing: "W" }]], rook: [["up:loft", { ap: "1,1" }], ["4,7", { facing: "W" }]] }, "upper-watched");
    // Rook shares the loft with Haze: seen at once, its watch on 1,1 stays.
    expect(s.operators.rook).toMatchObject({ hidden: false, at: "up:loft", watch: { ap: "1,1" } });
    expect(s.operators.fennel!.hidden).toBe(true);
    expect(query.sight(s, "up:loft", "attack", "1,1", "defence")).toBeNull();
    expect(tryApply(s, "a1", { type: "gadget", operator: "haze", gadget: "frag_grenade", at: "1,1" })).toMatchObject({ ok: false, error: { code: "invalid_place" } });
  });

  test("seed 004 대응 사격 on a watched access point: Rook in the loft, watching 1,1, may shoot Lantern as it ends a step there (distance 1, no protection); the watch stays", () => {
    let s = ready({ seed: "upper-reaction", tokens: { ...QUIET, rook: [["up:loft", { ap: "1,1" }], ["4,7", { facing: "W" }]] }, wire: "6,8", attack: { lantern: ["2,0", null] } });
    expect(s.operators.rook!.hidden).toBe(true);
    s = run(s, [
      ["a1", { type: "activate", operator: "lantern" }],
      ["a1", { type: "breach", operator: "lantern", target: "window_north" }],
      ["a1", { type: "step", operator: "lantern", to: "2,1" }],
    ]);
    expect(s.pending).toBeNull();
    const { state: arrived, events } = apply(s, "a1", { type: "step", operator: "lantern", to: "1,1" });
    // On the access point Lantern sees the loft: Rook's token there is spotted, then Rook may react.
    expect(events).toContainEqual(expect.objectContaining({ type: "revealed", operator: "rook", at: "up:loft", cause: "sighted" }));
    expect(arrived.pending).toEqual({ kind: "reaction", team: "defence", target: "lantern", watchers: ["rook"] });
    const { state, events: shot } = apply(arrived, "d1", { type: "react", operator: "rook" });
    const [reaction] = shot.filter((e): e is Extract<SiegeEvent, { type: "shot" }> => e.type === "shot");
    expect(reaction).toMatchObject({ shooter: "rook", target: "lantern", kind: "reaction", distance: 1, protection: 0 });
    expect(reaction!.dice.map((d) => d.colour)).toEqual(["orange", "orange"]);
    expect(reaction!.damage).toBe(sum(reaction!.dice));
    expect(state.operators.rook!.watch).toEqual({ ap: "1,1" });
  });
});
