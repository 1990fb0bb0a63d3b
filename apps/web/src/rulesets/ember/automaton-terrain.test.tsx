/**
 * The EMBER table with automaton actions (seed 000 1.2.1) and vulnerable terrain (seed 000 1.5.2):
 * Ashfall matches played by the engine's random bots with the GOF Hornet Nest (whose Wasp drone
 * has an automaton action), projected for one viewer.
 */
import { deserialize, serialize } from "node:v8";
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import i18next from "i18next";
import { catalog, ember, emberBotPolicy, legalCommandsInView, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState, type EmberView } from "@fogwar/ember";
import { Match, RandomBot, seatViewer } from "@fogwar/engine";
import { TableView } from "./TableView";
import { UnitPanel } from "./UnitPanel";
import { commandKey } from "./model";
import { describeCommand, describeEvent } from "./words";
import { inEnglish } from "../../../test/english";
import { seatNamer } from "../../table/names";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const army = (name: string) => catalog.data.armies.find((a) => a.name === name)!;
const SETUP: EmberSetup = { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Hornet Nest"), p2: army("Aegis Beacon Cell") } };
type EmberMatch = Match<EmberSetup, EmberState, EmberCommand, EmberEvent, EmberView>;

/** Plays bot matches on Ashfall until `pred` holds. */
function find(pred: (s: EmberState) => boolean): EmberMatch {
  for (let i = 0; i < 24; i++) {
    const seed = `web-automaton-${i}`;
    const match = new Match(ember, SETUP, seed) as unknown as EmberMatch;
    const bots = { p1: new RandomBot<EmberCommand>(`${seed}:p1`, emberBotPolicy), p2: new RandomBot<EmberCommand>(`${seed}:p2`, emberBotPolicy) };
    for (let n = 0; n < 3000 && match.state.phase !== "finished"; n++) {
      if (pred(match.state)) return match;
      const seat = ember.awaiting(match.state)[0] as "p1" | "p2";
      const command = bots[seat].choose(ember.legalCommands(match.state, seat));
      if (!command) break;
      if (!match.submit(seat, command).ok) break;
    }
  }
  throw new Error("no seed reached the state");
}

function renderState(state: EmberState, seat: string) {
  const view = ember.viewFor(state, seatViewer(seat));
  const legal = legalCommandsInView(view, seat);
  const onCommand = jest.fn();
  const utils = render(<TableView matchId="m-auto" view={view} seat={seat} legal={legal} onCommand={onCommand} events={[]} />);
  return { ...utils, view, legal, onCommand };
}

const isAutomaton = (c: EmberCommand) => c.type === "command_drone" && c.order.kind === "automaton";

inEnglish();

describe("the table with automaton actions and vulnerable terrain", () => {
  test("seed 000 1.2.1: a drone with an automaton action gets its own button in the command controls; the click sends the legal order, which names no target", () => {
    const match = find((s) => s.phase === "command" && s.turn === "p1" && !s.pending && ember.legalCommands(s, "p1").some(isAutomaton));
    const { container, legal, onCommand } = renderState(match.state, "p1");
    const automaton = legal.filter(isAutomaton);
    expect(automaton.length).toBeGreaterThan(0);
    // The giver is the first mech offered; the buttons show that giver's orders.
    const button = ([...container.querySelectorAll("button")] as HTMLButtonElement[]).find((b) => b.textContent?.includes("Automaton action"))!;
    expect(button).toBeDefined();
    fireEvent.click(button);
    const command = onCommand.mock.calls[0]?.[0] as EmberCommand;
    expect(legal.map(commandKey)).toContain(commandKey(command));
    expect(command).toMatchObject({ type: "command_drone", order: { kind: "automaton" } });
    // The Wasp's panel lists its automaton action and its targeting logic.
    const wasp = match.state.units.find((u) => u.kind === "drone" && u.owner === "p1" && !u.destroyed)!;
    cleanup();
    const panel = render(<UnitPanel view={ember.viewFor(match.state, seatViewer("p1"))} unit={wasp} />);
    expect(panel.container.textContent).toContain("Automaton action");
    expect(panel.container.textContent).toContain("Sting Reflex");
    expect(panel.container.textContent).toContain("Targeting logic: a Drone first, then the nearest valid target; a tie goes to the unit listed first.");
  });

  test("seed 000 1.5.2: the board marks vulnerable terrain, a damage token on it and its rubble once destroyed", () => {
    const match = find((s) => s.phase === "command");
    const states: Record<string, EmberState> = {
      intact: match.state,
      damaged: { ...match.state, terrainDamage: { "fuel-bowser": "damaged" } },
      destroyed: { ...match.state, terrainDamage: { "fuel-bowser": "destroyed" } },
    };
    const shown: Record<string, [string | null, string]> = {};
    for (const [name, state] of Object.entries(states)) {
      const { container } = renderState(state, "p2");
      const piece = container.querySelector('[data-terrain="fuel-bowser"]')!;
      shown[name] = [piece.getAttribute("data-terrain-state"), piece.querySelector("title")?.textContent ?? ""];
      cleanup();
    }
    expect(shown.intact).toEqual(["vulnerable", 'Fuel Bowser: blocks sight and movement, 3" · vulnerable: projectiles may target it (armour 2, structure 2)']);
    expect(shown.damaged).toEqual(["damaged", 'Fuel Bowser: blocks sight and movement, 3" · vulnerable: projectiles may target it (armour 2, structure 2) · damage token']);
    // Rubble: 2" high, no longer blocking.
    expect(shown.destroyed).toEqual(["destroyed", 'Fuel Bowser: cover, 2" · destroyed: rubble']);
  });

  test("seed 000 1.2.1, 1.5.2: the event log and command list words for automaton orders and blasts on terrain, in English and Korean", async () => {
    const view = ember.viewFor(find((s) => s.phase === "command").state, seatViewer("p1"));
    const attacked: EmberEvent = {
      type: "terrain_attacked",
      projectile: "p1-p1",
      terrain: "fuel-bowser",
      attackDice: [{ die: "yellow", face: { result: "light", count: 1, hollow: false } }, { die: "red", face: { result: "heavy", count: 1, hollow: false } }],
      defenceDice: [{ die: "white", face: { result: "blank", count: 1, hollow: false } }, { die: "white", face: { result: "blank", count: 1, hollow: false } }],
      damage: 2,
      penetrated: true,
    };
    const order: EmberCommand = { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "automaton" } };
    const words = (language: string) => {
      const w = { t: i18next.getFixedT(language, "table") as never, language, view, name: seatNamer(view.seats, [{ seat: "p1", name: "Ada" }, { seat: "p2", name: "Grace" }], (n) => `Player ${n}`) };
      return [
        describeEvent(w, attacked),
        describeEvent(w, { type: "terrain_damaged", terrain: "fuel-bowser", destroyed: false }),
        describeEvent(w, { type: "terrain_damaged", terrain: "fuel-bowser", destroyed: true }),
        describeEvent(w, { type: "drone_commanded", mech: "p1-m1", drone: "p1-d1", order: "automaton" }),
        describeCommand(w, order),
        describeCommand(w, { type: "choose_blast_target", target: "terrain:fuel-bowser" }),
      ];
    };
    const en = words("en");
    expect(en[0]).toBe("p1-p1 blasts Fuel Bowser: attack light, heavy, defence blank, blank; 2 damage, penetration.");
    expect(en[1]).toBe("Fuel Bowser takes a damage token.");
    expect(en[2]).toBe("Fuel Bowser is destroyed and becomes rubble.");
    expect(en[3]).toMatch(/: automaton action\.$/);
    expect(en[4]).toMatch(/to take its automaton action$/);
    expect(en[5]).toBe("Blast target: Fuel Bowser");
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    const ko = words("ko");
    expect(ko[0]).toContain("연료 급유차");
    expect(ko[0]).toContain("관통");
    expect(ko[2]).toBe("연료 급유차가 파괴되어 잔해가 됨.");
    expect(ko[3]).toMatch(/오토마톤 액션\.$/);
    expect(ko[5]).toContain("연료 급유차");
  });
});
