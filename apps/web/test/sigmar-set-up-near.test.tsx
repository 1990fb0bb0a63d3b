/**
 * A reserve set up by a click on the map (seed 003 24.1: wholly within 6" of a battlefield edge,
 * more than 9" from every enemy unit): a click at the battlefield's very edge lays the unit out on
 * the nearest legal place, its formation slid inward (the bases laid out from the click ran over the
 * edge and the plan was refused, though a place a little inward was legal); a click where no legal
 * place lies near says so, in English and in Korean.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
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

const W = 4400;
const H = 3000;
// The Grove vanguard with its Elk Riders held in reserve, against the Kiln warband.
const grove = catalog.armies[0]!;
const armies = { p1: { ...grove, units: grove.units.map((u) => (u.warscroll === "elk_riders" ? { ...u, reserve: true } : u)) }, p2: catalog.armies[3]! };
const arriving = playSigmar((s) => s.phase === "battle" && legalCommands(s, "p1").some((c) => c.type === "set_up"), "web-set-up-near", 900, armies).state;

// jsdom lays nothing out: the map's screen is its viewBox (p1 sees its own edge at the bottom: screen y = 3000 - board y).
screenIsViewBox();

/** p1's table with its reserve picked to arrive, and a click on the map at board point (x, y) (fine units). */
function clickAt(state: SigmarState, x: number, y: number, pick: RegExp) {
  const shown = render(withNames(<SigmarTableView matchId="m" view={sigmar.viewFor(state, seatViewer("p1")) as SigmarView} seat="p1" legal={legalCommands(state, "p1")} templates={templates(state, "p1")} onCommand={() => undefined} events={[]} />));
  fireEvent.click(screen.getByRole("button", { name: pick }));
  fireEvent.click(shown.container.querySelector("svg.sigmar-map .field")!, { clientX: x, clientY: H - y });
  const ghosts = [...shown.container.querySelectorAll("svg.sigmar-map .plan .ghost")].map((g) => ({ x: Number(g.getAttribute("cx")), y: H - Number(g.getAttribute("cy")), r: Number(g.getAttribute("r")) }));
  return { shown, ghosts, ruler: () => shown.container.querySelector(".ruler-line")?.textContent ?? "" };
}

test("seed 003 24.1: a click at the battlefield's edge sets the reserve up on the nearest legal place, slid inward, not a refusal", () => {
  // A legal set-up along the south edge (the rules' own), and a click on the edge itself below its middle.
  const along = legalCommands(arriving, "p1").find((c) => c.type === "set_up");
  const x = along?.type === "set_up" ? Math.round(along.models.reduce((n, m) => n + m.x, 0) / along.models.length) : 0;
  expect(along?.type === "set_up" && Math.max(...along.models.map((m) => m.y))).toBeLessThan(600);
  const { ghosts, ruler, shown } = clickAt(arriving, x, 5, /^Set up Elk Riders .* from reserve$/);
  expect(ruler()).toBe("This placement is allowed Confirm positions Cancel");
  expect(shown.container.querySelector(".ruler-line button.primary")?.textContent).toBe("Confirm positions");
  const reserve = Object.values(arriving.units).find((u) => u.owner === "p1" && u.where === "reserve")!;
  expect(ghosts).toHaveLength(reserve.size);
  for (const g of ghosts) expect([g.x - g.r >= 0, g.x + g.r <= W, g.y - g.r >= 0, g.y + g.r <= 600]).toEqual([true, true, true, true]);
  // Near the click: the formation's middle within 4" of it.
  const mid = { x: ghosts.reduce((n, g) => n + g.x, 0) / ghosts.length, y: ghosts.reduce((n, g) => n + g.y, 0) / ghosts.length };
  expect(Math.hypot(mid.x - x, mid.y - 5)).toBeLessThanOrEqual(400);
});

test("seed 003 24.1: a click in the battlefield's middle, far from any legal place, says that none lies near, in English and in Korean", async () => {
  let { ruler, shown } = clickAt(arriving, W / 2, H / 2, /^Set up Elk Riders .* from reserve$/);
  expect(ruler()).toMatch(/^This placement is not allowed: .*No legal place lies within 4" of this point: click nearer the allowed area, or take a suggested place\./);
  expect(shown.container.querySelector(".ruler-line button.primary")).toBeNull();
  shown.unmount();
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  ({ ruler, shown } = clickAt(arriving, W / 2, H / 2, /^예비 전력 엘크 기수대 .* 배치$/));
  expect(ruler()).toMatch(/^이 배치는 허용되지 않습니다: .*이 지점에서 4" 안에는 배치할 수 있는 곳이 없습니다\./);
});
