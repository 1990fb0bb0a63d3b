/**
 * Seed 004 "이동", "기울이기", "달리기", "오퍼레이터 활성화", "상층부와 진입로": movement points,
 * step costs, obstacles, leaning, running, the two different actions, the upper floor.
 */
import { type SiegeState } from "../../src";
import { QUIET, ready, run, tryApply } from "../helpers";

export { QUIET } from "../helpers";

const at = (s: SiegeState, op: string) => s.operators[op]!.at;
const code = (s: SiegeState, cmd: Parameters<typeof tryApply>[2], seat = "a1") => {
  const r = tryApply(s, seat, cmd);
  return r.ok ? "ok" : r.error.code;
};

describe("seed 004 이동: movement points and step costs", () => {
  const start = () =>
    run(ready({ tokens: QUIET, wire: "6,8", attack: { auger: ["0,9", null], bulwark: ["1,9", null], cinder: ["6,9", null], haze: ["7,9", null], lantern: ["8,0", null] } }), [
      ["a1", { type: "activate", operator: "lantern" }],
    ]);

  test("seed 004 이동, 창문: five movement points; crossing an open window costs one more (2)", () => {
    const s = run(start(), [["a1", { type: "step", operator: "lantern", to: "8,1" }]]);
    expect(at(s, "lantern")).toBe("8,1");
    expect(s.activation!.mp).toBe(3);
  });

  test("seed 004 장애물: crossing an obstacle costs one more (1 + 1 + 1 = 3) and no operator stops on it", () => {
    let s = run(start(), [["a1", { type: "step", operator: "lantern", to: "8,1" }]]);
    expect(code(s, { type: "step", operator: "lantern", to: "9,2" })).toBe("space_occupied");
    s = run(s, [["a1", { type: "step", operator: "lantern", to: "10,3", via: "9,2" }]]);
    expect(at(s, "lantern")).toBe("10,3");
    expect(s.activation?.mp ?? 0).toBe(0);
  });

  test("seed 004 벽: walls stop movement, also across a corner; a diagonal step needs all four edges around the corner free (project decision)", () => {
    const s = run(start(), [["a1", { type: "step", operator: "lantern", to: "8,1" }]]);
    expect(code(s, { type: "step", operator: "lantern", to: "7,0" })).toBe("blocked");
    expect(code(s, { type: "step", operator: "lantern", to: "9,0" })).toBe("blocked");
    const t = run(s, [["a1", { type: "step", operator: "lantern", to: "7,1" }]]);
    expect(code(t, { type: "step", operator: "lantern", to: "7,0" })).toBe("blocked");
    expect(code(t, { type: "step", operator: "lantern", to: "6,2" })).toBe("ok");
    expect(code(t, { type: "step", operator: "lantern", to: "5,2", via: "6,2" })).toBe("invalid_place");
  });

  test("seed 004 문: a barricaded door stops movement, an open door costs nothing extra", () => {
    const s = run(start(), [
      ["a1", { type: "step", operator: "lantern", to: "8,1" }],
      ["a1", { type: "step", operator: "lantern", to: "7,2" }],
      ["a1", { type: "step", operator: "lantern", to: "6,2" }],
    ]);
    expect(s.activation!.mp).toBe(1);
    expect(code(s, { type: "step", operator: "lantern", to: "5,2" })).toBe("ok");
    const t = run(start(), [
      ["a1", { type: "step", operator: "lantern", to: "8,1" }],
      ["a1", { type: "step", operator: "lantern", to: "8,2" }],
      ["a1", { type: "step", operator: "lantern", to: "8,3" }],
    ]);
    expect(t.activation!.mp).toBe(1);
    expect(code(t, { type: "step", operator: "lantern", to: "8,4" })).toBe("blocked");
  });

  test("seed 004 이동: an operator passes through a teammate's space but does not stop there, nor enters an enemy's", () => {
    let s = ready({ tokens: QUIET, wire: "6,8", attack: { auger: ["0,9", null], bulwark: ["1,9", null], cinder: ["6,9", null], haze: ["7,9", null], lantern: ["8,0", null] } });
    s = run(s, [["a1", { type: "activate", operator: "auger" }]]);
    expect(code(s, { type: "step", operator: "auger", to: "1,9" })).toBe("space_occupied");
    s = run(s, [["a1", { type: "step", operator: "auger", to: "2,9", via: "1,9" }]]);
    expect(at(s, "auger")).toBe("2,9");
    expect(s.activation!.mp).toBe(3);
  });
});

describe("seed 004 기울이기: leaning", () => {
  const start = () =>
    run(ready({ tokens: QUIET, wire: "6,8", attack: { lantern: ["8,0", null] } }), [
      ["a1", { type: "activate", operator: "lantern" }],
      ["a1", { type: "step", operator: "lantern", to: "8,1" }],
    ]);

  test("seed 004 기울이기: leaning costs 1 and moves the model one space orthogonally, the stand stays; standing up costs 1 and removes the stand", () => {
    let s = run(start(), [["a1", { type: "lean", operator: "lantern", to: "7,1" }]]);
    expect(s.operators.lantern).toMatchObject({ at: "7,1", stand: "8,1" });
    expect(s.activation!.mp).toBe(2);
    expect(code(s, { type: "step", operator: "lantern", to: "6,1" })).toBe("leaning");
    s = run(s, [["a1", { type: "stand", operator: "lantern" }]]);
    expect(s.operators.lantern).toMatchObject({ at: "7,1", stand: null });
    expect(s.activation!.mp).toBe(1);
  });

  test("seed 004 기울이기: no leaning diagonally, nor through a window, a broken wall or onto an obstacle", () => {
    const s = start();
    expect(code(s, { type: "lean", operator: "lantern", to: "7,2" })).toBe("invalid_place");
    expect(code(s, { type: "lean", operator: "lantern", to: "8,0" })).toBe("blocked");
    const t = run(s, [["a1", { type: "step", operator: "lantern", to: "9,1" }]]);
    expect(code(t, { type: "lean", operator: "lantern", to: "9,2" })).toBe("space_occupied");
  });
});

describe("seed 004 달리기 and 오퍼레이터 활성화: running and the two different actions", () => {
  const start = (op: string) => run(ready({ tokens: QUIET, wire: "6,8" }), [["a1", { type: "activate", operator: op }]]);

  test("seed 004 달리기: running adds the operator's run value to its movement (Auger: 5 + 2 = 7); an operator without one cannot run (Bulwark)", () => {
    const s = run(start("auger"), [["a1", { type: "run", operator: "auger" }]]);
    expect(s.activation!.mp).toBe(7);
    expect(code(start("bulwark"), { type: "run", operator: "bulwark" })).toBe("cannot_run");
  });

  test("seed 004 오퍼레이터 활성화: two different actions besides moving; the same action twice or a third action is refused", () => {
    let s = run(start("auger"), [["a1", { type: "run", operator: "auger" }]]);
    expect(code(s, { type: "run", operator: "auger" })).toBe("action_used");
    s = run(s, [["a1", { type: "watch", operator: "auger", watches: [{ facing: "N" }] }]]);
    expect(code(s, { type: "breach", operator: "auger", target: "door_south" })).toBe("no_actions_left");
    expect(code(s, { type: "step", operator: "auger", to: "0,8" })).toBe("ok");
  });
});

describe("seed 004 상층부와 진입로: the upper floor and its access points", () => {
  test("seed 004 상층부와 진입로: going up from an access point costs 1 and ends the movement; coming down costs 1 to any access point of the area, and no going up again", () => {
    let s = ready({ tokens: QUIET, wire: "6,8", attack: { haze: ["11,5", null] } });
    s = run(s, [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "step", operator: "haze", to: "up:loft" }]]);
    expect(at(s, "haze")).toBe("up:loft");
    expect(s.activation!.mp).toBe(4);
    expect(code(s, { type: "step", operator: "haze", to: "11,5" })).toBe("no_movement");
    expect(code(s, { type: "run", operator: "haze" })).toBe("cannot_run");
    s = run(s, [["a1", { type: "end_activation", operator: "haze" }], ["a1", { type: "end_phase" }]]);
    s = run(s, [["d1", { type: "activate", operator: "keel" }], ["d1", { type: "end_activation", operator: "keel" }], ["d1", { type: "end_phase" }]]);
    s = run(s, [["a1", { type: "activate", operator: "auger" }], ["a1", { type: "end_activation", operator: "auger" }], ["a1", { type: "end_phase" }]]);
    s = run(s, [["d1", { type: "activate", operator: "rook" }], ["d1", { type: "end_activation", operator: "rook" }], ["d1", { type: "end_phase" }]]);
    s = run(s, [["a1", { type: "activate", operator: "haze" }]]);
    expect(code(s, { type: "step", operator: "haze", to: "10,8" })).toBe("blocked");
    s = run(s, [["a1", { type: "step", operator: "haze", to: "1,1" }]]);
    expect(at(s, "haze")).toBe("1,1");
    expect(s.activation!.mp).toBe(4);
    expect(code(s, { type: "step", operator: "haze", to: "up:loft" })).toBe("blocked");
  });

  test("seed 004 상층부와 진입로: blue access points serve the attack only (a defence token cannot watch one)", () => {
    expect(() => ready({ tokens: { ...QUIET, rook: [["up:loft", { ap: "11,5" }], ["4,7", { facing: "W" }]] } })).toThrow(/invalid_watch/);
    const s = ready({ tokens: { ...QUIET, rook: [["up:loft", { ap: "1,1" }], ["4,7", { facing: "W" }]] } });
    expect(s.tokens.find((t) => t.at === "up:loft")!.watch).toEqual({ ap: "1,1" });
  });
});
