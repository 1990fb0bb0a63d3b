/**
 * The desktop page stays put after an action: the action bar is sticky in the side column, and an
 * action changes its height (the next phase's buttons, a unit list); Chromium's scroll anchoring
 * chose a panel under the bar (the last attack, the log) and scrolled the page by that change, so
 * the board jumped after every action (measured in Chromium at 1280 px: the scroll moved by exactly
 * the page's change of height, and not at all once the column opted out). On a desktop's width the
 * side column is left out of scroll anchoring (table.css), so the board, which does not move,
 * anchors the page.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "@testing-library/react";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { legalCommandsInView, sigmar, type SigmarView } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";
import { withNames } from "../../../test/players";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

/** The table's stylesheet's rules for a desktop's width (the test build stubs CSS imports; jsdom applies no media query). */
function desktopRules(): string {
  const css = readFileSync(join(__dirname, "table.css"), "utf8");
  const at = css.indexOf("@media (min-width: 901px) {");
  expect(at).toBeGreaterThanOrEqual(0);
  const body = css.slice(at + "@media (min-width: 901px) {".length);
  let depth = 1;
  let end = 0;
  for (; end < body.length && depth > 0; end++) depth += body[end] === "{" ? 1 : body[end] === "}" ? -1 : 0;
  return body.slice(0, end - 1);
}

test("on a desktop the side column (the sticky bar and the panels under it) takes no part in scroll anchoring", () => {
  const style = document.createElement("style");
  style.textContent = desktopRules();
  document.head.appendChild(style);
  try {
    const view = sigmar.viewFor(playSigmar((s) => s.phase === "battle" && s.active === "p1" && !s.pending, "web-anchor", 900).state, seatViewer("p1")) as SigmarView;
    const { container } = render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} templates={[]} onCommand={() => {}} events={[]} />));
    const side = container.querySelector(".side-column")!;
    expect(side.querySelector(".action-bar")).not.toBeNull();
    expect(getComputedStyle(side).getPropertyValue("overflow-anchor")).toBe("none");
    expect(getComputedStyle(container.querySelector(".board-column")!).getPropertyValue("overflow-anchor")).not.toBe("none");
  } finally {
    style.remove();
  }
});
