/**
 * The TRPG map draws a living token on top (seed 002 3-6: the dead stay where they fell): a dead
 * character's ✕ on a square a living character stands on is drawn under it, small in the square's
 * corner, whatever the two are called; alone on its square it is drawn full size, and lets a click
 * through to the square under it when that square is highlighted (a move onto where someone fell).
 */
import { act, fireEvent, render } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { trpg, type TrpgSetup } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { setupI18n } from "../../i18n";
import { TrpgMap } from "./TrpgMap";
import type { TrpgWords } from "./words";

const VERSUS: TrpgSetup = { scenario: "proving_ground", mode: "versus", enemies: encounter("proving_ground"), seats: { party: ["p1"], enemies: ["e1"] } };

beforeAll(async () => {
  setupI18n("en");
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});

/** The party's view with Vale dead at (3,3) and Reed (whose id sorts before hers) alive on the same square. */
function sharedSquare() {
  const s = structuredClone(trpg.setup(VERSUS, "map-layers").state);
  s.characters.vale = { ...s.characters.vale!, status: "dead", at: { x: 3, y: 3 } };
  s.characters.reed = { ...s.characters.reed!, at: { x: 3, y: 3 } };
  return trpg.viewFor(s, seatViewer("p1"));
}

test("seed 002 3-6: a living token stands on top of a dead one's ✕ on its square, the ✕ moved to the corner", () => {
  const view = sharedSquare();
  const w = { t: i18next.getFixedT("en", "trpg"), language: "en", name: () => "", view } as unknown as TrpgWords;
  const { container } = render(<TrpgMap view={view} w={w} />);
  const tokens = [...container.querySelectorAll("g.token")].map((g) => g.getAttribute("data-character"));
  expect(tokens.indexOf("reed")).toBeGreaterThan(tokens.indexOf("vale"));
  const dead = container.querySelector('g.token[data-character="vale"]')!;
  const living = container.querySelector('g.token[data-character="reed"]')!;
  expect(dead.classList.contains("under")).toBe(true);
  expect(living.classList.contains("under")).toBe(false);
  const deadCircle = dead.querySelector("circle")!;
  const livingCircle = living.querySelector("circle")!;
  expect(Number(deadCircle.getAttribute("r"))).toBeLessThan(Number(livingCircle.getAttribute("r")));
  expect(deadCircle.getAttribute("cx")).not.toBe(livingCircle.getAttribute("cx"));
});

test("seed 002 3-6: a dead character alone on its square keeps its full-size ✕ there", () => {
  const view = sharedSquare();
  const alone = { ...view, characters: { ...view.characters, reed: { ...view.characters.reed!, at: { x: 0, y: 0 } } } };
  const w = { t: i18next.getFixedT("en", "trpg"), language: "en", name: () => "", view: alone } as unknown as TrpgWords;
  const { container } = render(<TrpgMap view={alone} w={w} />);
  const dead = container.querySelector('g.token[data-character="vale"]')!;
  expect(dead.classList.contains("under")).toBe(false);
  expect(dead.textContent).toContain("✕");
});

test("seed 002 3-6: a square highlighted for a move where a dead character lies takes the click: the ✕ lets it through (pointer-events none) to the square under it, which sends the move", () => {
  const view = sharedSquare();
  const alone = { ...view, characters: { ...view.characters, reed: { ...view.characters.reed!, at: { x: 0, y: 0 } } } };
  const w = { t: i18next.getFixedT("en", "trpg"), language: "en", name: () => "", view: alone } as unknown as TrpgWords;
  const onPick = jest.fn();
  const { container } = render(<TrpgMap view={alone} w={w} targets={new Map([["3,3", "Move to D4"], ["4,4", "Move to E5"]])} onPick={onPick} />);
  const dead = container.querySelector('g.token[data-character="vale"]')!;
  expect(dead.getAttribute("pointer-events")).toBe("none");
  // The living Reed on a square that is not highlighted keeps taking his own clicks (his title).
  expect(container.querySelector('g.token[data-character="reed"]')!.getAttribute("pointer-events")).toBeNull();
  const square = container.querySelector('rect.target[aria-label="Move to D4"]')!;
  fireEvent.click(square);
  expect(onPick).toHaveBeenCalledWith("3,3");
});
