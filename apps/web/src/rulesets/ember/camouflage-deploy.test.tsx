/**
 * Deploying already camouflaged on the EMBER table (seed 000 6.2): the owner ticks "deploy
 * camouflaged", clicks the marker's square, then the secret real square; the board offers exactly
 * the legal camouflaged deployments and the click sends one of them. The opponent's page offers
 * nothing of the kind. Ashfall matches played by the engine's random bots, projected per viewer.
 */
import { deserialize, serialize } from "node:v8";
import { fireEvent, render } from "@testing-library/react";
import { catalog, CHOOSABLE_STANCES, ember, emberBotPolicy, legalCommandsInView, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState, type EmberView } from "@fogwar/ember";
import { Match, RandomBot, seatViewer } from "@fogwar/engine";
import { TableView } from "./TableView";
import { commandKey } from "./model";
import { inEnglish } from "../../../test/english";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

type Deploy = Extract<EmberCommand, { type: "deploy" }>;
type EmberMatch = Match<EmberSetup, EmberState, EmberCommand, EmberEvent, EmberView>;
const army = (name: string) => catalog.data.armies.find((a) => a.name === name)!;
const key = (s: { x: number; y: number }) => `${s.x},${s.y}`;
const camouflagedDeploys = (legal: readonly EmberCommand[]) => legal.filter((c): c is Deploy => c.type === "deploy" && c.hidden !== undefined);

/** A deployment state where `seat` may deploy a unit camouflaged (the Aegis Beacon Cell's Flak Picket). */
function deploymentWithCamouflage(): { match: EmberMatch; seat: string } {
  for (let i = 0; i < 12; i++) {
    const setup: EmberSetup = { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Aegis Beacon Cell"), p2: army("Ashfall Sappers") } };
    const match = new Match(ember, setup, `web-camo-deploy-${i}`) as unknown as EmberMatch;
    const bots = { p1: new RandomBot<EmberCommand>(`camo-${i}:p1`, emberBotPolicy), p2: new RandomBot<EmberCommand>(`camo-${i}:p2`, emberBotPolicy) };
    for (let n = 0; n < 200 && match.state.phase !== "finished"; n++) {
      const seat = ember.awaiting(match.state)[0] as "p1" | "p2";
      const legal = ember.legalCommands(match.state, seat);
      if (camouflagedDeploys(legal).length > 0) return { match, seat };
      const plain = legal.filter((c) => c.type !== "deploy" || c.hidden === undefined);
      const command = bots[seat].choose(plain.length > 0 ? plain : legal);
      if (!command || !match.submit(seat, command).ok) break;
    }
  }
  throw new Error("no seed reached a camouflaged deployment");
}

function renderFor(match: EmberMatch, seat: string) {
  const view = ember.viewFor(match.state, seatViewer(seat));
  const legal = legalCommandsInView(view, seat);
  const onCommand = jest.fn();
  const utils = render(<TableView matchId="m-camo" view={view} seat={seat} legal={legal} onCommand={onCommand} events={[]} />);
  return { ...utils, legal, onCommand };
}

const highlighted = (container: HTMLElement) => new Set([...container.querySelectorAll("[data-square][role=button]")].map((e) => e.getAttribute("data-square")));

inEnglish();

describe("seed 000 6.2: deploying camouflaged from the table", () => {
  test("the owner picks the marker's square, then the real square; the click sends that legal camouflaged deployment", () => {
    const { match, seat } = deploymentWithCamouflage();
    const { container, legal, onCommand } = renderFor(match, seat);
    const chosen = camouflagedDeploys(legal)[0]!;
    // The unit, its stance and facing, as a player sets them.
    const units = [...new Set(legal.filter((c): c is Deploy => c.type === "deploy").map((c) => c.unit))];
    fireEvent.click(container.querySelectorAll("input[name=deploy-unit]")[units.indexOf(chosen.unit)] as Element);
    if (chosen.stance) fireEvent.click(container.querySelectorAll("input[name=deploy-stance]")[CHOOSABLE_STANCES.indexOf(chosen.stance as (typeof CHOOSABLE_STANCES)[number])] as Element);
    fireEvent.click(container.querySelector(`input[name=facing][value=${chosen.facing}]`) as Element);
    const plainSquares = highlighted(container);

    fireEvent.click(container.querySelector(".camouflage-deploy input[type=checkbox]") as Element);
    const same = camouflagedDeploys(legal).filter((c) => c.unit === chosen.unit && c.stance === chosen.stance && c.facing === chosen.facing);
    // First the marker squares: every square a camouflaged deployment may put the marker on.
    expect(highlighted(container)).toEqual(new Set(same.map((c) => key(c.at))));
    expect(plainSquares.size).toBeGreaterThan(0);
    fireEvent.click(container.querySelector(`[data-square="${key(chosen.at)}"][role=button]`) as Element);
    expect(onCommand).not.toHaveBeenCalled();
    expect(container.querySelector(".camouflage-deploy [role=status]")?.textContent).toContain("now click the real square");
    // Then the real squares the rules allow for that marker.
    const forMarker = same.filter((c) => key(c.at) === key(chosen.at));
    expect(highlighted(container)).toEqual(new Set(forMarker.map((c) => key(c.hidden!))));
    fireEvent.click(container.querySelector(`[data-square="${key(chosen.hidden!)}"][role=button]`) as Element);
    expect(onCommand).toHaveBeenCalledTimes(1);
    const sent = onCommand.mock.calls[0]![0] as Deploy;
    expect(forMarker.map(commandKey)).toContain(commandKey(sent));
    expect(sent.hidden).toEqual(chosen.hidden);
  });

  test("unticking returns the board to plain deployments, and the opponent's page offers no camouflaged deployment", () => {
    const { match, seat } = deploymentWithCamouflage();
    const { container, legal, unmount } = renderFor(match, seat);
    const chosen = camouflagedDeploys(legal)[0]!;
    const units = [...new Set(legal.filter((c): c is Deploy => c.type === "deploy").map((c) => c.unit))];
    fireEvent.click(container.querySelectorAll("input[name=deploy-unit]")[units.indexOf(chosen.unit)] as Element);
    const plain = highlighted(container);
    const box = container.querySelector(".camouflage-deploy input[type=checkbox]") as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(highlighted(container)).toEqual(plain);
    unmount();
    const other = seat === "p1" ? "p2" : "p1";
    const theirs = renderFor(match, other);
    expect(theirs.container.querySelector(".camouflage-deploy")).toBeNull();
  });
});
