/**
 * Labels a new player reads on the EMBER table: the plan phase says how many timing dials are
 * still to set, the attack panel names whose link reroll it is, and an action aimed at one's own
 * side is offered as used on it, not as an attack. States are played by the
 * engine's random bots (EMBER's bot policy) with the sample armies.
 */
import { deserialize, serialize } from "node:v8";
import { fireEvent, render, screen } from "@testing-library/react";
import { catalog, ember, emberBotPolicy, legalCommandsInView, TIMINGS, validateArmy, type EmberCommand, type EmberEvent, type EmberState, type EmberView } from "@fogwar/ember";
import { Match, RandomBot, seatViewer } from "@fogwar/engine";
import { TableView } from "./TableView";
import { AttackPanel } from "./AttackPanel";
import { describeEvent } from "./words";
import i18next from "i18next";
import { inEnglish } from "../../../test/english";
import { NAMES, withNames } from "../../../test/players";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(60_000);

const fitting = catalog.data.armies.filter((a) => validateArmy(a, "skirmish").length === 0);
const [armyA, armyB] = fitting.length >= 2 ? fitting : catalog.data.armies;
const SETUP = { scenario: fitting.length >= 2 ? "crossroads" : "foundry", seats: ["p1", "p2"] as const, armies: { p1: armyA!, p2: armyB! } };
type EmberMatch = Match<typeof SETUP, EmberState, EmberCommand, EmberEvent, EmberView>;

/** The first bot match (over a few seeds) reaching `pred`. */
function find(pred: (s: EmberState) => boolean): EmberMatch {
  for (let i = 0; i < 30; i++) {
    const match = new Match(ember, SETUP, `labels-${i}`) as unknown as EmberMatch;
    const bots = { p1: new RandomBot<EmberCommand>(`labels-${i}:p1`, emberBotPolicy), p2: new RandomBot<EmberCommand>(`labels-${i}:p2`, emberBotPolicy) };
    for (let n = 0; n < 4000 && !pred(match.state) && match.state.phase !== "finished"; n++) {
      const seat = ember.awaiting(match.state)[0] as "p1" | "p2";
      if (!match.submit(seat, bots[seat].choose(ember.legalCommands(match.state, seat))!).ok) break;
    }
    if (pred(match.state)) return match;
  }
  throw new Error("no seed reached the state");
}

inEnglish();

test("the plan phase says how many dials are still to set, then that the plan can be locked; the title says it is your move", () => {
  const match = find((s) => s.phase === "plan" && !s.plans.p1?.commitment);
  const view = ember.viewFor(match.state, seatViewer("p1"));
  const legal = legalCommandsInView(view, "p1");
  const { container } = render(withNames(<TableView matchId="m" view={view} seat="p1" legal={legal} onCommand={jest.fn()} events={[]} />));
  const selects = [...container.querySelectorAll("select[data-dial-select]")] as HTMLSelectElement[];
  expect(selects.length).toBeGreaterThan(1);
  const status = () => container.querySelector(".dial-status")?.textContent;
  expect(status()).toBe(`${selects.length} dials still to set, then lock your plan.`);
  // The plan form is in the action bar, the current decision.
  expect(container.querySelector(".action-bar .plan-form")).not.toBeNull();
  expect(document.title).toBe(`● Your move · ${NAMES.p1} · fogwar`);
  selects.slice(0, -1).forEach((s, i) => fireEvent.change(s, { target: { value: TIMINGS[i % 6] } }));
  expect(status()).toBe("1 dial still to set, then lock your plan.");
  fireEvent.change(selects.at(-1)!, { target: { value: TIMINGS[5] } });
  expect(status()).toBe("Every dial is set: lock your plan.");
});

test("the attack panel names whose link reroll it is", () => {
  const match = find((s) => s.attack?.stage === "attack_reroll" || s.attack?.stage === "defence_reroll");
  const stage = match.state.attack!.stage;
  const view = ember.viewFor(match.state, seatViewer("p1"));
  const attack = view.attack!;
  const unit = stage === "attack_reroll" ? attack.attacker : attack.defender;
  const owner = view.units.find((u) => u.id === unit)!.owner;
  render(withNames(<AttackPanel view={view} events={[]} />));
  expect(screen.getByText(new RegExp(`In progress: ${NAMES[owner]}'s link reroll \\((${stage === "attack_reroll" ? "attacker" : "defender"})\\)`))).toBeTruthy();
});

test("the turn line says it is your move without naming you as the one awaited, and names the others a simultaneous plan waits for", () => {
  const plan = find((s) => s.phase === "plan" && !s.plans.p1?.commitment && !s.plans.p2?.commitment);
  const both = render(withNames(<TableView matchId="m" view={ember.viewFor(plan.state, seatViewer("p1"))} seat="p1" legal={[]} onCommand={jest.fn()} events={[]} />));
  expect(both.container.querySelector(".turn-line")?.textContent).toBe(`▶ Your move · Also waiting for: ${NAMES.p2}`);
  both.unmount();
  const alone = find((s) => s.phase !== "plan" && s.phase !== "finished" && ember.awaiting(s).length === 1);
  const seat = ember.awaiting(alone.state)[0] as "p1" | "p2";
  const other = seat === "p1" ? "p2" : "p1";
  const mine = render(withNames(<TableView matchId="m" view={ember.viewFor(alone.state, seatViewer(seat))} seat={seat} legal={[]} onCommand={jest.fn()} events={[]} />));
  expect(mine.container.querySelector(".turn-line")?.textContent).toBe("▶ Your move");
  mine.unmount();
  const theirs = render(withNames(<TableView matchId="m" view={ember.viewFor(alone.state, seatViewer(other))} seat={other} legal={[]} onCommand={jest.fn()} events={[]} />));
  expect(theirs.container.querySelector(".turn-line")?.textContent).toBe(`Waiting for: ${NAMES[seat]}`);
});

test("an action aimed at one's own side (seed 000 5 electronic support) is offered as 'Use on', never as an attack", () => {
  const owner = (s: EmberState, id: string) => s.units.find((u) => u.id === id)?.owner;
  const friendlyAct = (s: EmberState, seat: string) =>
    ember.legalCommands(s, seat).some((c) => c.type === "act" && typeof c.target === "string" && !c.targetPart && owner(s, c.target) === owner(s, c.unit));
  const match = find((s) => ember.awaiting(s).some((seat) => friendlyAct(s, seat)));
  const seat = ember.awaiting(match.state).find((s) => friendlyAct(match.state, s))!;
  const view = ember.viewFor(match.state, seatViewer(seat));
  const { container } = render(withNames(<TableView matchId="m" view={view} seat={seat} legal={legalCommandsInView(view, seat)} onCommand={jest.fn()} events={[]} />));
  // Press each action's button until its targets list one of the seat's own units.
  let targets: string[] = [];
  for (const button of [...container.querySelectorAll(".act-group .act-button")]) {
    fireEvent.click(button);
    targets = [...container.querySelectorAll(".act-group .targets .target-button")].map((b) => b.textContent ?? "");
    if (targets.some((text) => text.startsWith("Use on "))) break;
  }
  expect(targets.some((text) => text.startsWith("Use on "))).toBe(true);
  // No unit of the seat's own (named with its player's name) is offered as an attack.
  expect(targets.filter((text) => text.startsWith("Attack ") && text.includes(`(${NAMES[seat as "p1" | "p2"]})`))).toEqual([]);
});

test("a manoeuvre that ends on its own square reads as a turn in place, not as a move from a square to itself", () => {
  const match = find((s) => s.phase === "action");
  const view = ember.viewFor(match.state, seatViewer("p1")) as EmberView;
  const unit = view.units.find((u) => u.owner === "p1" && u.at)!;
  const at = unit.at!;
  const w = { t: i18next.getFixedT("en", "table"), language: "en", view, name: (seat: string) => NAMES[seat] ?? seat };
  const turned = describeEvent(w as never, { type: "unit_moved", unit: unit.id, from: at, to: at, facing: "S" } as EmberEvent);
  expect(turned).toMatch(/ turns in place at [a-l]\d+ to face south\.$/);
  const moved = describeEvent(w as never, { type: "unit_moved", unit: unit.id, from: at, to: { x: at.x, y: at.y + 1 }, facing: "S" } as EmberEvent);
  expect(moved).toMatch(/ moves [a-l]\d+ → [a-l]\d+, facing south\.$/);
});
