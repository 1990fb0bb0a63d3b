/**
 * The heuristic bot (src/bot.ts): it decides from its seat's projection only, so no secret of the
 * other seat (its hand, its reserves, the decks, the dice; test/secrets.ts) changes its command or
 * its work; its work is a count of positions judged, within POSITION_BUDGET, the same for the same
 * projection; and in a hand-built position it plays for the objectives that score (project core
 * rule C11, seed 003 19-30 on a battlefield of the sample battleplan).
 */
import { duel, RandomBot, seatViewer, chooseWithTemplates, Random, rngStateFromSeed, type SeatId } from "@fogwar/engine";
import { apply, catalog, controlled, heuristicDecision, POSITION_BUDGET, sigmar, sigmarBotPolicy, type SigmarCommand, type SigmarState, type SigmarView } from "../src";
import { Judge } from "../src/bot-position";
import { STRONG_LISTS } from "../src/bot";
import { battle, ok } from "./helpers";
import { deckSecret, diceSecret, handSecret, reserveSecret, type SigmarStep } from "./secrets";

/** The states the bot of `seat` decided in, over one seeded battle against the random bot. */
function decisionsOf(seat: SeatId, seed: string): SigmarState[] {
  const random = new RandomBot<SigmarCommand>(`${seed}-random`, sigmarBotPolicy);
  const fills = new Random(rngStateFromSeed(seed, "fill"));
  let current: SigmarState | null = null;
  const states: SigmarState[] = [];
  const players = {
    [seat]: (view: SigmarView, me: SeatId) => {
      states.push(current!);
      return heuristicDecision(view, me).command;
    },
    [seat === "p1" ? "p2" : "p1"]: (_v: SigmarView, me: SeatId, legal: readonly SigmarCommand[]) => chooseWithTemplates(random, fills, legal, sigmar.templates!(current!, me), (c) => sigmar.apply(current!, c, me).ok),
  };
  const { match } = duel({ ...sigmar, viewFor: (s, v) => ((current = s), sigmar.viewFor(s, v)) }, { seats: ["p1", "p2"] }, seed, players, { maxCommands: 5000 });
  expect(sigmar.result(match.state)).not.toBeNull();
  return states;
}

const decide = (s: SigmarState, seat: SeatId) => heuristicDecision(sigmar.viewFor(s, seatViewer(seat)), seat);

describe("heuristic bot: its seat's projection only, within a budget of positions judged", () => {
  const states = { p1: decisionsOf("p1", "bot-test-p1"), p2: decisionsOf("p2", "bot-test-p2") };

  test.each(["p1", "p2"] as const)("design.md hidden information: the other seat's hand, reserves, the decks and the dice change neither the command of %s's bot nor its work", (seat) => {
    const other = seat === "p1" ? "p2" : "p1";
    const secrets = [handSecret(other), reserveSecret(other), deckSecret, diceSecret];
    let varied = 0;
    for (const s of states[seat]) {
      const ctx = { case: { seed: "bot-test" } } as unknown as SigmarStep;
      const base = decide(s, seat);
      for (const secret of secrets) {
        for (const v of secret.vary(s, ctx)) {
          varied++;
          expect(decide(v, seat)).toEqual(base);
        }
      }
    }
    expect(varied).toBeGreaterThan(states[seat].length);
  });

  test.each(["p1", "p2"] as const)("every decision of %s's bot judges at most POSITION_BUDGET positions, and the same projection gives the same command for the same work", (seat) => {
    let judged = 0;
    for (const s of states[seat]) {
      const d = decide(s, seat);
      expect(d.judged).toBeLessThanOrEqual(POSITION_BUDGET);
      expect(decide(structuredClone(s), seat)).toEqual(d);
      judged += d.judged;
    }
    // Deployment, moves and set-ups are chosen by judging positions.
    expect(judged).toBeGreaterThan(states[seat].length);
  });

  test("past the budget a position is not judged: it scores -Infinity and the count stays at the budget", () => {
    const s = battle([{ id: "a", owner: "p1", warscroll: "briar_guard", at: [10, 4] }, { id: "b", owner: "p2", warscroll: "cinder_zealots", at: [10, 26] }], { step: "movement" });
    const judge = new Judge(s, "p1");
    expect(Number.isFinite(judge.value(s, true))).toBe(true);
    judge.judged = POSITION_BUDGET;
    expect(judge.value(s, true)).toBe(-Infinity);
    expect(judge.judged).toBe(POSITION_BUDGET);
  });
});

describe("heuristic bot: plays for the objectives (project core rule C11)", () => {
  test("in its movement phase it moves a unit onto the objective nobody holds, so it scores it at the end of the turn", () => {
    // Briar guard (Move 5) 6" south of the gap between the centre (22, 15) and east (34, 15) objectives; the enemy far off in its territory.
    const s = battle([{ id: "briar", owner: "p1", warscroll: "briar_guard", at: [30, 9] }, { id: "hounds", owner: "p2", warscroll: "ash_hounds", at: [40, 27] }], { step: "movement" });
    expect(controlled(s, "p1")).toEqual([]);
    const command = decide(s, "p1").command!;
    expect(command).toMatchObject({ type: "move", unit: "briar" });
    expect(controlled(ok(s, "p1", command).state, "p1").length).toBeGreaterThan(0);
  });

  test("in its movement phase it keeps the objective it alone holds (no move of its takes the unit off)", () => {
    const s = battle([{ id: "briar", owner: "p1", warscroll: "briar_guard", at: [22, 14] }, { id: "hounds", owner: "p2", warscroll: "ash_hounds", at: [40, 27] }], { step: "movement" });
    expect(controlled(s, "p1")).toEqual(["centre"]);
    const command = decide(s, "p1").command!;
    const after = apply(s, command, "p1");
    expect(after.ok && controlled(after.state, "p1")).toEqual(["centre"]);
  });

  test("seed 003 19 and core C6: in its charge phase it does not send the archers holding an objective into a fight with a far stronger unit", () => {
    // Moss archers (weak in melee) hold the west objective (10, 15); a barkback stands 7" off, within a charge.
    const s = battle([{ id: "archers", owner: "p1", warscroll: "moss_archers", at: [10, 14] }, { id: "bark", owner: "p2", warscroll: "barkback", at: [10, 21] }], { step: "charge" });
    expect(controlled(s, "p1")).toEqual(["west"]);
    expect(sigmar.legalCommands(s, "p1")).toContainEqual({ type: "charge", unit: "archers", target: "bark" });
    expect(decide(s, "p1").command).toEqual({ type: "end_phase" });
  });
});

describe("heuristic bot: the list it musters (project core rule C2)", () => {
  const muster = sigmar.setup({ seats: ["p1", "p2"] }, "bot-muster").state;
  /** The sample list whose units the bot fields (with a brain seed, its reserve is drawn: bot-muster.test.ts). */
  const lockedName = (seat: SeatId, budget: number) => {
    const command = heuristicDecision(sigmar.viewFor(muster, seatViewer(seat)), seat, budget, `brain-${seat}`).command;
    if (command?.type !== "lock_army") return null;
    const sample = catalog.armies.find((a) => a.name === command.army.name);
    const field = (units: readonly { reserve?: boolean }[]) => units.filter((u) => !u.reserve);
    return sample && JSON.stringify(field(sample.units)) === JSON.stringify(field(command.army.units)) ? sample.name : null;
  };

  test("core C2: with its list locked it waits for the other seat (sends nothing) rather than unlocking it", () => {
    const lock = heuristicDecision(sigmar.viewFor(muster, seatViewer("p1")), "p1", POSITION_BUDGET, "brain-p1").command!;
    const locked = apply(muster, lock, "p1");
    if (!locked.ok) throw new Error(locked.error.message);
    expect(sigmar.legalCommands(locked.state, "p1")).toEqual([{ type: "unlock_army" }]);
    expect(heuristicDecision(sigmar.viewFor(locked.state, seatViewer("p1")), "p1", POSITION_BUDGET, "brain-p1").command).toBeNull();
  });

  test("core C2: at the default budget it fields the Grove vanguard's units on either seat", () => {
    expect([lockedName("p1", POSITION_BUDGET), lockedName("p2", POSITION_BUDGET)]).toEqual(["Grove vanguard", "Grove vanguard"]);
  });

  test("core C2: above the default budget (the hard level) it fields the units of the list measured strongest on its own seat's edge: the Grove vanguard on the south edge (p1), the Pyre host on the north edge (p2)", () => {
    expect([lockedName("p1", 4 * POSITION_BUDGET), lockedName("p2", 4 * POSITION_BUDGET)]).toEqual([STRONG_LISTS.south, STRONG_LISTS.north]);
    expect(STRONG_LISTS).toEqual({ south: "Grove vanguard", north: "Pyre host" });
  });
});
