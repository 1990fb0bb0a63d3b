/**
 * The desktop page stays put after an action: every table's action bar is sticky in its side
 * column, and an action changes its height (the next phase's buttons, a unit list); Chromium's
 * scroll anchoring chose a panel under the bar (the last attack, the log) and scrolled the page by
 * that change, so the board jumped after every action (measured in Chromium on Age of Sigmar at
 * 1280 px: the scroll moved by exactly the page's change of height, and not at all once the column
 * opted out). On a desktop's width the side column is left out of scroll anchoring
 * (TableChrome.css, shared by every table), so the board, which does not move, anchors the page.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "@testing-library/react";
import { deserialize, serialize } from "node:v8";
import { Match, RandomBot, seatViewer } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, legalCommandsInView as emberLegal, type EmberCommand, type EmberEvent, type EmberState, type EmberView } from "@fogwar/ember";
import { legalCommandsInView as sigmarLegal, sigmar, type SigmarView } from "@fogwar/sigmar";
import { SigmarTableView } from "../rulesets/sigmar/SigmarTableView";
import { TableView } from "../rulesets/ember/TableView";
import { inEnglish } from "../../test/english";
import { playSigmar } from "../../test/sigmar-play";
import { withNames } from "../../test/players";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const DESKTOP = "@media (min-width: 901px) {";

/** The shared table stylesheet's rules for a desktop's width (the test build stubs CSS imports; jsdom applies no media query). */
function desktopRules(): string {
  const css = readFileSync(join(__dirname, "TableChrome.css"), "utf8");
  const at = css.indexOf(DESKTOP);
  expect(at).toBeGreaterThanOrEqual(0);
  const body = css.slice(at + DESKTOP.length);
  let depth = 1;
  let end = 0;
  for (; end < body.length && depth > 0; end++) depth += body[end] === "{" ? 1 : body[end] === "}" ? -1 : 0;
  return body.slice(0, end - 1);
}

/** Renders a table under the desktop rules and checks its side column (with the action bar) opts out and its board column does not. */
function expectAnchoredOnBoard(table: React.ReactElement): void {
  const style = document.createElement("style");
  style.textContent = desktopRules();
  document.head.appendChild(style);
  try {
    const { container, unmount } = render(withNames(table));
    const side = container.querySelector(".side-column")!;
    expect(side.querySelector(".action-bar")).not.toBeNull();
    expect(getComputedStyle(side).getPropertyValue("overflow-anchor")).toBe("none");
    expect(getComputedStyle(container.querySelector(".board-column")!).getPropertyValue("overflow-anchor")).not.toBe("none");
    unmount();
  } finally {
    style.remove();
  }
}

test("Age of Sigmar on a desktop: the side column (the sticky bar and the panels under it) takes no part in scroll anchoring", () => {
  const view = sigmar.viewFor(playSigmar((s) => s.phase === "battle" && s.active === "p1" && !s.pending, "web-anchor", 900).state, seatViewer("p1")) as SigmarView;
  expectAnchoredOnBoard(<SigmarTableView matchId="m" view={view} seat="p1" legal={sigmarLegal(view, "p1")} templates={[]} onCommand={() => {}} events={[]} />);
});

test("EMBER on a desktop: the same shared rule holds for its side column", () => {
  const setup = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: catalog.data.armies[0]!, p2: catalog.data.armies[2]! } };
  const match = new Match(ember, setup, "web-anchor-ember") as unknown as Match<typeof setup, EmberState, EmberCommand, EmberEvent, EmberView>;
  const bots = { p1: new RandomBot<EmberCommand>("web-anchor-ember:p1", emberBotPolicy), p2: new RandomBot<EmberCommand>("web-anchor-ember:p2", emberBotPolicy) };
  for (let n = 0; n < 400 && match.state.phase !== "action"; n++) {
    const seat = ember.awaiting(match.state)[0] as "p1" | "p2";
    if (!match.submit(seat, bots[seat].choose(ember.legalCommands(match.state, seat))!).ok) break;
  }
  const view = ember.viewFor(match.state, seatViewer("p1"));
  expectAnchoredOnBoard(<TableView matchId="m" view={view} seat="p1" legal={emberLegal(view, "p1")} onCommand={() => {}} events={[]} />);
});
