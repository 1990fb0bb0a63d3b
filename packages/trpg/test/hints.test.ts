/**
 * The table's hints, read from a seat's own view: why a free strike was offered (seed 002 3-1
 * 접전: leaving engagement, or firing a non-pistol while engaged) and the cover a square gives
 * against each enemy the seat can see (3-3), never naming a concealed one.
 */
import { seatViewer } from "@fogwar/engine";
import { coverAgainst, freeStrikeCause, freeStrikeCauseInLog, type TrpgCommand, type TrpgState } from "../src";
import { eventsOf, GM_SETUP, position, SEEN, trpg, VERSUS_SETUP } from "./helpers";

const asSeen = (s: TrpgState, seat: string) => trpg.viewFor(s, seatViewer(seat));

/** Vale at `at` with the raider beside her (east), her turn; then `cmd`: the free strike's question, as the raider's seat and hers see it before and after. */
function provoke(at: { x: number; y: number }, cmd: TrpgCommand, change: Partial<TrpgState["characters"][string]> = {}) {
  const before = position(VERSUS_SETUP, { turn: "vale", at: { vale: at, "raider-1": { x: at.x + 1, y: at.y } }, with: { "raider-1": SEEN, vale: change } });
  const after = eventsOf(before, "p1", cmd).state;
  expect(after.pending).toMatchObject({ kind: "free_strike", attacker: "raider-1", target: "vale" });
  return { before, after };
}

test("seed 002 3-1: a move, a sprint or a step out of engagement is told as leaving, to the one asked and to the one leaving", () => {
  for (const cmd of [
    { type: "move", to: { x: 3, y: 8 } },
    { type: "sprint", to: { x: 2, y: 8 } },
    { type: "step", to: { x: 4, y: 8 } },
  ] as TrpgCommand[]) {
    const { before, after } = provoke({ x: 5, y: 8 }, cmd);
    for (const seat of ["e1", "p1"]) expect([cmd.type, freeStrikeCause(asSeen(before, seat), asSeen(after, seat))]).toEqual([cmd.type, "leaving"]);
  }
});

describe("seed 002 3-1 접전: why a free strike is asked", () => {
  test("seed 002 3-1 (trpg-0.7.0): the question says why it is asked; a carbine's shot where a sprint over half cover could have cost as much is told as firing", () => {
    const shot: TrpgCommand = { type: "shoot", targets: ["raider-1"], burst: false, called: false };
    const near = provoke({ x: 3, y: 4 }, shot);
    expect(near.after.pending).toMatchObject({ kind: "free_strike", cause: "firing" });
    for (const seat of ["e1", "p1"]) expect(freeStrikeCause(asSeen(near.before, seat), asSeen(near.after, seat))).toBe("firing");
    // The question alone tells, without the view before.
    expect(freeStrikeCause(null, asSeen(near.after, "e1"))).toBe("firing");
    const { after } = provoke({ x: 5, y: 8 }, { type: "sprint", to: { x: 2, y: 8 } });
    expect(after.pending).toMatchObject({ kind: "free_strike", cause: "leaving" });
    expect(freeStrikeCause(null, asSeen(after, "e1"))).toBe("leaving");
  });
});

/** The view of a question asked under an older rules version, which names no cause. */
function withoutCause(view: ReturnType<typeof asSeen>): ReturnType<typeof asSeen> {
  const pending = view.pending?.kind === "free_strike" ? (({ cause: _cause, ...rest }) => rest)(view.pending) : view.pending;
  return { ...view, pending };
}

test("seed 002 3-1, a question of an older rules version (no cause): a carbine's shot is told as firing where no sprint could have cost its 4 points; where a sprint over half cover could have cost as much the views do not tell", () => {
  const shot: TrpgCommand = { type: "shoot", targets: ["raider-1"], burst: false, called: false };
  const far = provoke({ x: 9, y: 8 }, shot);
  expect(freeStrikeCause(asSeen(far.before, "e1"), withoutCause(asSeen(far.after, "e1")))).toBe("firing");
  const near = provoke({ x: 3, y: 4 }, shot);
  expect(freeStrikeCause(asSeen(near.before, "e1"), withoutCause(asSeen(near.after, "e1")))).toBeNull();
  // Prone, her sprint (a third of her speed) reaches no half cover two squares away: the 4 points were the shot's.
  const prone = provoke({ x: 3, y: 5 }, shot, { prone: true });
  expect(freeStrikeCause(asSeen(prone.before, "e1"), withoutCause(asSeen(prone.after, "e1")))).toBe("firing");
  // Moves are told by the turn's segments and points.
  const moved = provoke({ x: 5, y: 8 }, { type: "move", to: { x: 3, y: 8 } });
  expect(freeStrikeCause(asSeen(moved.before, "e1"), withoutCause(asSeen(moved.after, "e1")))).toBe("leaving");
  // Without the view before, or with no free strike pending, nothing is told.
  expect(freeStrikeCause(null, withoutCause(asSeen(far.after, "e1")))).toBeNull();
  expect(freeStrikeCause(asSeen(far.before, "e1"), asSeen(far.before, "e1"))).toBeNull();
});

test("seed 002 3-1: one holding a melee weapon or a pistol provokes only by leaving, so the view alone tells", () => {
  const { after } = provoke({ x: 5, y: 8 }, { type: "move", to: { x: 3, y: 8 } }, { weapon: "knife" });
  expect(freeStrikeCause(null, asSeen(after, "e1"))).toBe("leaving");
});

test("the log tells a free strike's cause from what the one struck did next", () => {
  const { after } = provoke({ x: 5, y: 8 }, { type: "move", to: { x: 3, y: 8 } }, { wounds: 20 });
  const { events } = eventsOf(after, "e1", { type: "decide", choice: "strike" });
  const strike = events.findIndex((e) => e.type === "attack" && e.via === "free_strike");
  expect(strike).toBeGreaterThanOrEqual(0);
  expect(freeStrikeCauseInLog(events, strike)).toBe("leaving");
  expect(freeStrikeCauseInLog(events, strike + 100)).toBeNull();
});

test("seed 002 3-3: a square's cover against each enemy the party sees (half cover on the line), and never the concealed lookout", () => {
  const s = position(GM_SETUP, { turn: "vale", at: { vale: { x: 0, y: 5 }, "raider-1": { x: 5, y: 2 } }, with: { "raider-1": SEEN } });
  expect(s.characters.lookout!.concealed).toBe(true);
  const party = asSeen(s, "p1");
  expect(coverAgainst(party, "vale", { x: 1, y: 2 })).toEqual([{ enemy: "raider-1", level: "half" }]);
  expect(coverAgainst(party, "vale", { x: 1, y: 5 })).toEqual([{ enemy: "raider-1", level: null }]);
  // The master knows where the lookout is, but Vale's side does not see it: no view names it for her.
  expect(coverAgainst(asSeen(s, "gm"), "vale", { x: 1, y: 2 })).toEqual([{ enemy: "raider-1", level: "half" }]);
  // The master's raider: the party's two as its enemies.
  expect(coverAgainst(asSeen(s, "gm"), "raider-1", { x: 3, y: 2 }).map((c) => c.enemy)).toEqual(["reed", "vale"]);
});
