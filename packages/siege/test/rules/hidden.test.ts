/**
 * Seed 004 "비밀 오퍼레이터" (hidden operators): two identical secret tokens per defence operator,
 * only the defence knows the real one; a hidden operator only moves, runs and watches, splitting
 * its movement across its tokens; the reveal triggers.
 */
import { siege, viewFor, type SiegeState } from "../../src";
import { ready, run, tokenAt, tryApply, ATTACK_PICK, DEFENCE_PICK, SETUP_1V1 } from "../helpers";

/** Ends attack phase 1 by activating and ending one attacker (seed 004 "행동 페이즈": at least one). */
function toDefencePhase(s: SiegeState): SiegeState {
  return run(s, [
    ["a1", { type: "activate", operator: "auger" }],
    ["a1", { type: "end_activation", operator: "auger" }],
    ["a1", { type: "end_phase" }],
  ]);
}

describe("seed 004 요원 배치 4 and 비밀 오퍼레이터: secret tokens", () => {
  test("seed 004 요원 배치 4: each defence operator places two tokens, all on watch, exactly one real; the second must be the other kind", () => {
    let s = siege.setup(SETUP_1V1, "tokens").state;
    s = run(s, [["a1", ATTACK_PICK], ["d1", DEFENCE_PICK], ["d1", { type: "place_gadget", gadget: "barbed_wire", at: "1,8" }]]);
    s = run(s, [["d1", { type: "place_token", operator: "keel", at: "4,4", watch: { facing: "N" }, real: false }]]);
    expect(tryApply(s, "d1", { type: "place_token", operator: "keel", at: "5,4", watch: { facing: "N" }, real: false })).toMatchObject({ ok: false, error: { code: "tokens_placed" } });
    s = run(s, [["d1", { type: "place_token", operator: "keel", at: "5,4", watch: { facing: "W" }, real: true }]]);
    expect(s.tokens.filter((t) => t.operator === "keel").every((t) => t.watch !== null)).toBe(true);
    expect(s.hidden.real.keel).toBe(tokenAt(s, "keel", "5,4"));
    expect(tryApply(s, "d1", { type: "place_token", operator: "keel", at: "6,4", watch: { facing: "N" }, real: false })).toMatchObject({ ok: false, error: { code: "tokens_placed" } });
    expect(tryApply(s, "d1", { type: "end_setup" })).toMatchObject({ ok: false, error: { code: "setup_incomplete" } });
  });

  test("seed 004 요원 배치 4: the attack and spectators see no token until the defence ends its setup, then all ten in id order", () => {
    let s = siege.setup(SETUP_1V1, "order").state;
    s = run(s, [["a1", ATTACK_PICK], ["d1", DEFENCE_PICK], ["d1", { type: "place_gadget", gadget: "barbed_wire", at: "1,8" }]]);
    const placed = run(s, [["d1", { type: "place_token", operator: "keel", at: "4,4", watch: { facing: "N" }, real: true }]]);
    expect(viewFor(placed, { kind: "seat", seat: "a1" }).tokens).toEqual([]);
    expect(viewFor(placed, { kind: "spectator" }).tokens).toEqual([]);
    expect(viewFor(placed, { kind: "seat", seat: "d1" }).tokens).toHaveLength(1);
    const r = tryApply(s, "d1", { type: "place_token", operator: "keel", at: "4,4", watch: { facing: "N" }, real: true });
    if (!r.ok) throw new Error("refused");
    expect(siege.redact(r.events[0]!, { kind: "seat", seat: "a1" })).toEqual({ type: "token_placed", operator: "keel" });
    expect(siege.redact(r.events[0]!, { kind: "team", team: "defence" })).toMatchObject({ real: true });
    const s2 = ready({ seed: "order" });
    const ids = s2.tokens.map((t) => t.id);
    expect(ids).toEqual([...ids].sort());
    expect(viewFor(s2, { kind: "seat", seat: "a1" }).tokens).toHaveLength(10);
  });

  test("seed 004 비밀 오퍼레이터: token ids and order do not follow which token is real (real placed first in 240 matches: real id smaller in 35-65%)", () => {
    let smaller = 0;
    let firstInList = 0;
    const n = 240;
    for (let i = 0; i < n; i++) {
      let s = siege.setup(SETUP_1V1, `stat-${i}`).state;
      s = run(s, [["a1", ATTACK_PICK], ["d1", DEFENCE_PICK]]);
      s = run(s, [
        ["d1", { type: "place_token", operator: "keel", at: "4,4", watch: { facing: "N" }, real: true }],
        ["d1", { type: "place_token", operator: "keel", at: "5,4", watch: { facing: "N" }, real: false }],
      ]);
      const real = s.hidden.real.keel!;
      const decoy = s.tokens.find((t) => t.id !== real)!.id;
      if (real < decoy) smaller++;
      if (s.tokens[0]!.id === real) firstInList++;
      expect(real).toMatch(/^t[0-9a-f]{6}$/);
    }
    expect(smaller / n).toBeGreaterThan(0.35);
    expect(smaller / n).toBeLessThan(0.65);
    expect(firstInList).toBe(smaller);
  });
});

describe("seed 004 비밀 오퍼레이터 활성화: a hidden operator moves, runs and watches only", () => {
  test("seed 004 비밀 오퍼레이터 활성화: shoot, breach and gadgets are refused with hidden_operator whichever token is real", () => {
    let s = toDefencePhase(ready());
    s = run(s, [["d1", { type: "activate", operator: "fennel" }]]);
    expect(tryApply(s, "d1", { type: "shoot", operator: "fennel", target: "auger" })).toMatchObject({ ok: false, error: { code: "hidden_operator" } });
    expect(tryApply(s, "d1", { type: "breach", operator: "fennel", target: "wall_ledger_hole" })).toMatchObject({ ok: false, error: { code: "hidden_operator" } });
    expect(tryApply(s, "d1", { type: "gadget", operator: "fennel", gadget: "c4", at: "2,3" })).toMatchObject({ ok: false, error: { code: "hidden_operator" } });
    expect(tryApply(s, "d1", { type: "lean", operator: "fennel", to: "1,2" })).toMatchObject({ ok: false, error: { code: "hidden_operator" } });
  });

  test("seed 004 비밀 오퍼레이터 활성화: the movement points are split across both tokens (2 + 3 = 5), and moving ends the watch of both", () => {
    let s = toDefencePhase(ready());
    const a = tokenAt(s, "lattice", "1,2");
    const b = tokenAt(s, "lattice", "3,2");
    s = run(s, [
      ["d1", { type: "activate", operator: "lattice" }],
      ["d1", { type: "step", operator: "lattice", token: a, to: "2,1" }],
      ["d1", { type: "step", operator: "lattice", token: b, to: "4,3" }],
      ["d1", { type: "step", operator: "lattice", token: b, to: "5,3" }],
    ]);
    expect(s.activation!.mp).toBe(2);
    expect(s.tokens.filter((t) => t.operator === "lattice").map((t) => t.watch)).toEqual([null, null]);
    s = run(s, [
      ["d1", { type: "step", operator: "lattice", token: a, to: "1,2" }],
      ["d1", { type: "step", operator: "lattice", token: b, to: "4,3" }],
    ]);
    expect(s.activation?.mp ?? 0).toBe(0);
    expect(tryApply(s, "d1", { type: "step", operator: "lattice", token: a, to: "2,1" })).toMatchObject({ ok: false, error: { code: "no_movement" } });
    expect(s.operators.lattice!.hidden).toBe(true);
  });
});

/** The events of one accepted command. */
function eventsOf(s: SiegeState, seat: string, cmd: Parameters<typeof tryApply>[2]) {
  const r = tryApply(s, seat, cmd);
  if (!r.ok) throw new Error(`refused: ${r.error.code}`);
  return { state: r.state, events: r.events.map((e) => e.event) };
}

describe("seed 004 비밀 오퍼레이터 공개: reveal triggers", () => {
  test("seed 004 비밀 오퍼레이터 공개: the defence reveals at will during the activation; the model takes the real token's place and watch, the decoy leaves", () => {
    let s = toDefencePhase(ready());
    s = run(s, [["d1", { type: "activate", operator: "fennel" }]]);
    const real = s.hidden.real.fennel!;
    const decoy = tokenAt(s, "fennel", "3,1");
    const { state, events } = eventsOf(s, "d1", { type: "reveal", operator: "fennel" });
    expect(events).toContainEqual({ type: "revealed", operator: "fennel", token: real, decoy, at: "1,1", cause: "at_will" });
    expect(state.operators.fennel).toMatchObject({ hidden: false, at: "1,1", watch: { facing: "S" } });
    expect(state.tokens.filter((t) => t.operator === "fennel")).toEqual([]);
    expect(state.hidden.real.fennel).toBeUndefined();
    expect(tryApply(state, "d1", { type: "reveal", operator: "fennel" })).toMatchObject({ ok: false, error: { code: "not_hidden" } });
  });

  test("seed 004 비밀 오퍼레이터 공개: a token in attacker line of sight reveals the operator, even when it is the decoy (through the open smokehouse window)", () => {
    const s = ready({ tokens: { keel: [["4,1", { facing: "S" }], ["8,1", { facing: "N" }]] }, attack: { lantern: ["8,0", null] } });
    expect(s.operators.keel).toMatchObject({ hidden: false, at: "4,1" });
    expect(s.tokens.some((t) => t.operator === "keel")).toBe(false);
    expect(s.operators.quill!.hidden).toBe(true);
  });

  test("seed 004 비밀 오퍼레이터 공개: a token taking damage reveals its operator; a hit decoy does no damage (frag grenade through the window)", () => {
    let s = ready({
      tokens: { keel: [["8,1", { facing: "N" }], ["4,1", { facing: "S" }]], quill: [["4,2", { facing: "S" }], ["8,2", { facing: "N" }]] },
      attack: { lantern: ["8,0", null] },
    });
    expect(s.operators.keel).toMatchObject({ hidden: false, at: "8,1" });
    expect(s.operators.quill!.hidden).toBe(true);
    const decoy = tokenAt(s, "quill", "8,2");
    s = run(s, [["a1", { type: "activate", operator: "lantern" }]]);
    const { state, events } = eventsOf(s, "a1", { type: "gadget", operator: "lantern", gadget: "frag_grenade", at: "8,2" });
    expect(events).toContainEqual({ type: "token_hit", token: decoy, source: "frag_grenade" });
    expect(events).toContainEqual(expect.objectContaining({ type: "revealed", operator: "quill", decoy, cause: "damaged", at: "4,2" }));
    expect(state.operators.quill).toMatchObject({ hidden: false, at: "4,2", damage: 0 });
    expect(events.some((e) => e.type === "damaged" && e.operator === "quill")).toBe(false);
  });

  test("seed 004 드론 and 비밀 오퍼레이터 공개: a drone scan reveals every hidden operator with a token in the room and red-pings the defenders there", () => {
    const tokens = { quill: [["4,2", { facing: "S" }], ["2,3", { facing: "S" }]] } as const;
    let s = ready({ attack: { haze: ["8,0", null] }, tokens });
    s = run(s, [["a1", { type: "activate", operator: "haze" }]]);
    const hiddenBefore = Object.values(s.operators).filter((o) => o.hidden).map((o) => o.id).sort();
    expect(hiddenBefore.length).toBeGreaterThan(0);
    // From the window, through the smokehouse and the open loft door into the net loft (cost 4).
    const { state, events } = eventsOf(s, "a1", { type: "gadget", operator: "haze", gadget: "drone", at: "8,1", aim: "4,3" });
    expect(events).toContainEqual({ type: "scanned", operator: "haze", room: "net_loft" });
    const scanned = events.filter((e) => e.type === "revealed").map((e) => e as { operator: string; cause: string });
    expect(scanned.map((e) => e.operator).sort()).toEqual(hiddenBefore);
    expect(scanned.every((e) => e.cause === "scanned")).toBe(true);
    const inLoft = Object.values(state.operators).filter((o) => o.team === "defence" && o.at && state.map && /^[1-5],[1-3]$/.test(o.at));
    expect(inLoft.length).toBe(5);
    expect(inLoft.every((o) => o.redPing)).toBe(true);
    expect(tryApply(s, "a1", { type: "gadget", operator: "haze", gadget: "drone", at: "8,1", aim: "2,1" })).toMatchObject({ ok: false, error: { code: "no_movement" } });
  });

  test("seed 004 비밀 오퍼레이터 공개: a hidden watcher that takes its reaction shot is revealed first (the pending reaction is set by hand: in play the target usually spots the token first)", () => {
    let s = ready({ tokens: { keel: [["4,1", { facing: "S" }], ["5,1", { facing: "S" }]], quill: [["2,3", { facing: "S" }], ["5,3", { facing: "S" }]] } });
    s = structuredClone(s);
    s.operators.auger!.at = "4,3";
    s.pending = { kind: "reaction", team: "defence", target: "auger", watchers: ["keel"] };
    const { state, events } = eventsOf(s, "d1", { type: "react", operator: "keel" });
    const kinds = events.map((e) => e.type);
    expect(kinds.indexOf("revealed")).toBeLessThan(kinds.indexOf("shot"));
    expect(events).toContainEqual(expect.objectContaining({ type: "revealed", operator: "keel", cause: "reaction", at: "4,1" }));
    expect(events).toContainEqual(expect.objectContaining({ type: "shot", shooter: "keel", target: "auger", kind: "reaction", distance: 2 }));
    expect(state.operators.keel!.watch).toEqual({ facing: "S" });
  });
});

/**
 * Seed 004 "비밀 오퍼레이터 공개" (진입로 경계토큰의 분쟁에 관련된 숨겨진 오퍼레이터는 자동으로 공개된다) and
 * "경계" 상층부 (숨겨진 오퍼레이터는 자리 경쟁을 하기 전에 정체를 공개해야 합니다; 자리 경쟁의 대상이 된 토큰이
 * 숨겨진 오퍼레이터의 것이라면 정체를 공개해야 합니다). In play a secret token in the loft is spotted before
 * any contest: an attacker in the loft, or on one of its access points, sees it (seed 004 "인접판정"
 * 상층부). So each example below puts the attacker in the loft by hand, after the commands, with
 * the defence's token still hidden there: the state the reveal-in-contest rules are about.
 */
describe("seed 004 비밀 오퍼레이터 공개 and 상층부 경계: contests with a hidden operator", () => {
  /** Rook's tokens (real first), Haze activated at 3,9 (south edge: no sight inside), then moved to the loft by hand. */
  const hazeInLoft = (rook: readonly [readonly [string, object], readonly [string, object]], seed: string): SiegeState => {
    let s = ready({ seed, tokens: { rook: rook as never }, wire: "6,8" });
    expect(s.operators.rook!.hidden).toBe(true);
    s = run(s, [["a1", { type: "activate", operator: "haze" }]]);
    s = structuredClone(s);
    s.operators.haze!.at = "up:loft";
    return s;
  };

  test("seed 004 비밀 오퍼레이터 공개: a hidden holder whose loft token is contested is revealed first (real token in the loft), then the contest starts", () => {
    const s = hazeInLoft([["up:loft", { ap: "1,1" }], ["4,7", { facing: "W" }]], "contest-hidden-real");
    const real = tokenAt(s, "rook", "up:loft");
    const decoy = tokenAt(s, "rook", "4,7");
    const { state, events } = eventsOf(s, "a1", { type: "watch", operator: "haze", watches: [{ ap: "1,1" }] });
    const kinds = events.map((e) => e.type);
    expect(events).toContainEqual({ type: "revealed", operator: "rook", token: real, decoy, at: "up:loft", cause: "contest" });
    expect(events).toContainEqual({ type: "contest_started", ap: "1,1", challenger: "haze", holder: "rook" });
    expect(kinds.indexOf("revealed")).toBeLessThan(kinds.indexOf("contest_started"));
    expect(state.operators.rook).toMatchObject({ hidden: false, at: "up:loft", watch: { ap: "1,1" } });
    expect(state.tokens.some((t) => t.operator === "rook")).toBe(false);
    expect(state.pending).toEqual({ kind: "contest", team: "defence", ap: "1,1", challenger: "haze", holder: "rook" });
    const yielded = run(state, [["d1", { type: "contest", fight: false }]]);
    expect(yielded.operators.rook!.watch).toBeNull();
    expect(yielded.operators.haze!.watch).toEqual({ ap: "1,1" });
  });

  test("seed 004 비밀 오퍼레이터 공개: a contested loft token that is the decoy reveals its operator elsewhere; the decoy leaves and the watch is simply placed, no contest", () => {
    const s = hazeInLoft([["4,7", { facing: "W" }], ["up:loft", { ap: "1,1" }]], "contest-hidden-decoy");
    const real = tokenAt(s, "rook", "4,7");
    const decoy = tokenAt(s, "rook", "up:loft");
    const { state, events } = eventsOf(s, "a1", { type: "watch", operator: "haze", watches: [{ ap: "1,1" }] });
    expect(events).toContainEqual({ type: "revealed", operator: "rook", token: real, decoy, at: "4,7", cause: "contest" });
    expect(events).toContainEqual({ type: "watching", operator: "haze", watches: [{ ap: "1,1" }] });
    expect(events.some((e) => e.type === "contest_started")).toBe(false);
    expect(state.pending).toBeNull();
    expect(state.operators.rook).toMatchObject({ hidden: false, at: "4,7", watch: { facing: "W" } });
    expect(state.operators.haze!.watch).toEqual({ ap: "1,1" });
  });

  test("seed 004 상층부 경계: a hidden challenger must reveal before contesting an access point (hidden_operator); revealed, its watch starts the contest", () => {
    let s = toDefencePhase(ready({ seed: "contest-hidden-challenger", tokens: { rook: [["up:loft", { ap: "1,1" }], ["4,7", { facing: "W" }]] }, wire: "6,8" }));
    expect(s.operators.rook!.hidden).toBe(true);
    const loft = tokenAt(s, "rook", "up:loft");
    const other = tokenAt(s, "rook", "4,7");
    // By hand: Haze holds 1,1 from the loft; Rook's loft token no longer watches it.
    s = structuredClone(s);
    s.operators.haze!.at = "up:loft";
    s.operators.haze!.watch = { ap: "1,1" };
    s.tokens.find((t) => t.id === loft)!.watch = null;
    s = run(s, [["d1", { type: "activate", operator: "rook" }]]);
    const orders = s.tokens.filter((t) => t.operator === "rook").map((t) => (t.id === loft ? { token: t.id, ap: "1,1" } : { token: t.id, facing: "W" as const }));
    expect(tryApply(s, "d1", { type: "watch", operator: "rook", watches: orders })).toMatchObject({ ok: false, error: { code: "hidden_operator" } });
    const revealed = eventsOf(s, "d1", { type: "reveal", operator: "rook" });
    expect(revealed.events).toContainEqual({ type: "revealed", operator: "rook", token: loft, decoy: other, at: "up:loft", cause: "at_will" });
    const { state, events } = eventsOf(revealed.state, "d1", { type: "watch", operator: "rook", watches: [{ ap: "1,1" }] });
    expect(events).toContainEqual({ type: "contest_started", ap: "1,1", challenger: "rook", holder: "haze" });
    expect(state.pending).toEqual({ kind: "contest", team: "attack", ap: "1,1", challenger: "rook", holder: "haze" });
    const yielded = run(state, [["a1", { type: "contest", fight: false }]]);
    expect(yielded.operators.haze!.watch).toBeNull();
    expect(yielded.operators.rook!.watch).toEqual({ ap: "1,1" });
  });
});
