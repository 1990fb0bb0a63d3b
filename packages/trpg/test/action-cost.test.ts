/**
 * `actionCost` (seed 002_867c0cd57d46adf1.txt 3-1 행동치와 액션, 3-3 하프커버를 넘어갈때): over seeded
 * bot matches, every action command applied takes from its character's action points exactly
 * what `actionCost` gave before it was applied, and the seat's own view gives the same number.
 */
import { autoplay, seatViewer } from "@fogwar/engine";
import { actionCost, trpg, trpgBotPolicy, type ActionCommand, type TrpgCommand, type TrpgSetup, type TrpgState } from "../src";
import { GM_SETUP, PUMPHOUSE_VERSUS, QUARRY_GM, VERSUS_SETUP } from "./helpers";

const SETUPS: readonly TrpgSetup[] = [VERSUS_SETUP, GM_SETUP, QUARRY_GM, PUMPHOUSE_VERSUS];
const NOT_ACTIONS = ["decide", "end_round", "call_check", "resist"];

/** Each command of a seeded bot match (after the first) with the states before and after it. */
function steps(seed: string, setup: TrpgSetup): { before: TrpgState; seat: string; command: TrpgCommand; after: TrpgState }[] {
  const out: { before: TrpgState; seat: string; command: TrpgCommand; after: TrpgState }[] = [];
  let last: TrpgState | null = null;
  autoplay(trpg, setup, seed, `${seed}-bot`, {
    policy: trpgBotPolicy,
    maxCommands: 20_000,
    onCommand: (m, seat, command) => {
      if (last) out.push({ before: last, seat, command, after: m.state });
      last = m.state;
    },
  });
  return out;
}

describe("seed 002 3-1 행동치: actionCost is what applying a command deducts", () => {
  const seen = new Map<string, Set<number>>();
  test.each(Array.from({ length: 8 }, (_, i) => ({ seed: `cost-${i}`, setup: SETUPS[i % SETUPS.length]! })))("match $seed", ({ seed, setup }) => {
    const wrong: string[] = [];
    let compared = 0;
    for (const { before, seat, command, after } of steps(seed, setup)) {
      const turn = before.turn;
      if (!turn || before.pending || NOT_ACTIONS.includes(command.type)) continue;
      const cmd = command as ActionCommand;
      const cost = actionCost(before, before.characters[turn.actor]!, turn, cmd);
      const view = trpg.viewFor(before, seatViewer(seat));
      const inView = actionCost(view, view.characters[turn.actor]!, view.turn!, cmd);
      if (inView !== cost) wrong.push(`${JSON.stringify(cmd)}: ${cost}, but ${inView} in the view of ${seat}`);
      // The same turn goes on (not ended, not the actor's next turn): its AP tell what was paid.
      if (!after.turn || after.turn.actor !== turn.actor || after.round !== before.round || after.turn.delayed !== turn.delayed) continue;
      compared++;
      if (turn.ap - after.turn.ap !== cost) wrong.push(`${JSON.stringify(cmd)}: costs ${cost}, took ${turn.ap - after.turn.ap}`);
      if (!seen.has(cmd.type)) seen.set(cmd.type, new Set());
      seen.get(cmd.type)!.add(cost);
    }
    expect(wrong).toEqual([]);
    expect(compared).toBeGreaterThan(20);
  });

  test("the playouts met the kinds of action and their costs", () => {
    for (const kind of ["move", "sprint", "step", "shoot", "overwatch"]) expect(seen.has(kind)).toBe(true);
    expect(seen.get("shoot")).toEqual(new Set([4]));
    expect(seen.get("sprint")!.has(3)).toBe(true);
  });
});
