/**
 * A plan's ghost bases on the Age of Sigmar map carry their unit's name, once (one tag for the
 * plan, as a unit's own tag, not one per base): a unit set up from reserve, a unit deploying, and
 * a unit moving read which unit the ghosts are; before, the ghosts were bare circles. The tag
 * stands inside the map and covers no unit's tag.
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { catalog, legalCommands, sigmar, templates, type SigmarState, type SigmarView } from "@fogwar/sigmar";
import { SigmarTableView } from "../src/rulesets/sigmar/SigmarTableView";
import { inEnglish } from "./english";
import { playSigmar } from "./sigmar-play";
import { withNames } from "./players";
import { screenIsViewBox } from "./svg-screen";

inEnglish();
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(60_000);

const H = 3000;
const grove = catalog.armies[0]!;
const armies = { p1: { ...grove, units: grove.units.map((u) => (u.warscroll === "elk_riders" ? { ...u, reserve: true } : u)) }, p2: catalog.armies[3]! };

// jsdom lays nothing out: the map's screen is its viewBox (p1 sees its own edge at the bottom: screen y = 3000 - board y).
screenIsViewBox();

const table = (state: SigmarState) => render(withNames(<SigmarTableView matchId="m" view={sigmar.viewFor(state, seatViewer("p1")) as SigmarView} seat="p1" legal={legalCommands(state, "p1")} templates={templates(state, "p1")} onCommand={() => undefined} events={[]} />));

/** The plan's ghosts and their tag's words, and whether the tag's text lies inside the map's viewBox. */
function ghostTag(container: HTMLElement) {
  const ghosts = container.querySelectorAll("svg.sigmar-map .plan .ghost").length;
  const labels = [...container.querySelectorAll("svg.sigmar-map .ghost-tag text")];
  const [x0, y0, w, h] = container.querySelector("svg.sigmar-map")!.getAttribute("viewBox")!.split(" ").map(Number) as [number, number, number, number];
  const inside = labels.every((l) => {
    const x = Number(l.getAttribute("x"));
    const y = Number(l.getAttribute("y"));
    return x > x0 && x < x0 + w && y > y0 && y < y0 + h;
  });
  return { ghosts, names: labels.map((l) => l.textContent), inside };
}

test("a reserve set up by a click: its ghosts are named once, 'Elk Riders', inside the map", () => {
  const arriving = playSigmar((s) => s.phase === "battle" && legalCommands(s, "p1").some((c) => c.type === "set_up"), "web-ghost-names", 900, armies).state;
  const shown = table(arriving);
  fireEvent.click(screen.getByRole("button", { name: /^Set up Elk Riders .* from reserve$/ }));
  fireEvent.click(shown.container.querySelector("svg.sigmar-map .field")!, { clientX: 3800, clientY: H - 5 });
  const tag = ghostTag(shown.container);
  expect(tag.ghosts).toBeGreaterThan(1);
  expect(tag.names).toEqual(["Elk Riders"]);
  expect(tag.inside).toBe(true);
});

test("a unit deploying by a click and a unit moved by a suggested placement: the ghosts carry the unit's name", () => {
  const deploying = playSigmar((s) => s.phase === "deployment" && legalCommands(s, "p1").some((c) => c.type === "deploy"), "web-ghost-names", 900, armies).state;
  let shown = table(deploying);
  const deploy = legalCommands(deploying, "p1").find((c) => c.type === "deploy")!;
  const unit = deploying.units[deploy.type === "deploy" ? deploy.unit : ""]!;
  const name = catalog.warscrolls.get(unit.warscroll)!.name.en;
  fireEvent.click(screen.getAllByRole("button", { name: new RegExp(`^${name}`) })[0]!);
  const at = deploy.type === "deploy" ? deploy.models[0]! : { x: 0, y: 0 };
  fireEvent.click(shown.container.querySelector("svg.sigmar-map .field")!, { clientX: at.x, clientY: H - at.y });
  expect(ghostTag(shown.container).names).toEqual([name]);
  shown.unmount();

  const moving = playSigmar((s) => s.phase === "battle" && s.step === "movement" && s.active === "p1" && !s.pending, "web-ghost-names", 900, armies).state;
  shown = table(moving);
  const move = screen.getAllByRole("button", { name: /^Move, suggested place 1/ })[0]!;
  // The unit's row names it with its owner ("Thornwarden (Ada)"); its tags name it alone.
  const mover = move.closest(".unit-row")!.querySelector(".unit-name")!.textContent!.replace(/ \(.*\)$/, "");
  fireEvent.click(move);
  const tag = ghostTag(shown.container);
  expect(tag.ghosts).toBeGreaterThan(0);
  expect(tag.names).toEqual([mover]);
  expect(tag.inside).toBe(true);
});
