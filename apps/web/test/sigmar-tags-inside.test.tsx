/**
 * The units' tags on the Age of Sigmar map stay inside the battlefield: a unit standing at an edge
 * or in a corner has its tag turned inward (beside or below it), not run over the edge. At 1280 x
 * 800 a unit along the far edge had its tag drawn across the battlefield's border and the ticks,
 * its top cut by the map's edge. Checked for each seat's view (each sees its own edge at the
 * bottom), with units moved against every edge and corner, in English and in Korean.
 */
import { act, render } from "@testing-library/react";
import i18next from "i18next";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { legalCommands, query, sigmar, templates, type SigmarState, type SigmarView } from "@fogwar/sigmar";
import { SigmarTableView } from "../src/rulesets/sigmar/SigmarTableView";
import { NAME_SIZE } from "../src/rulesets/sigmar/tags";
import { textWidth } from "../src/table/label-boxes";
import { inEnglish } from "./english";
import { playSigmar } from "./sigmar-play";
import { withNames } from "./players";

inEnglish();
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(60_000);

const W = 4400;
const H = 3000;
const battle = playSigmar((s) => s.phase === "battle" && s.step === "movement" && !s.pending, "web-tags-inside").state;

/** `state` with each seat's first units moved against an edge or into a corner (their formation kept, its bases touching the edges). */
function againstEdges(state: SigmarState, corner: number): SigmarState {
  const next = structuredClone(state) as SigmarState;
  const spots = [
    { x: 0.5, y: 1 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
    { x: 0.5, y: 0 },
    { x: 0, y: 0 },
    { x: 1, y: 0.5 },
  ];
  const units = Object.values(next.units).filter((u) => u.where === "field");
  units.slice(0, 3).forEach((u, i) => {
    const spot = spots[(corner + i) % spots.length]!;
    const r = query.radiusOf(u);
    const xs = u.models.map((m) => m.x);
    const ys = u.models.map((m) => m.y);
    const w = Math.max(...xs) - Math.min(...xs);
    const h = Math.max(...ys) - Math.min(...ys);
    const dx = Math.round(r + spot.x * (W - 2 * r - w)) - Math.min(...xs);
    const dy = Math.round(r + spot.y * (H - 2 * r - h)) - Math.min(...ys);
    (u as { models: { x: number; y: number }[] }).models = u.models.map((m) => ({ ...m, x: m.x + dx, y: m.y + dy }));
  });
  return next;
}

/** Every tag's name on the map rendered for `seat`, as the box its letters cover (screen units). */
function tagBoxes(state: SigmarState, seat: "p1" | "p2") {
  const shown = render(withNames(<SigmarTableView matchId="m" view={sigmar.viewFor(state, seatViewer(seat)) as SigmarView} seat={seat} legal={legalCommands(state, seat)} templates={templates(state, seat)} onCommand={() => undefined} events={[]} />));
  const boxes = [...shown.container.querySelectorAll("svg.sigmar-map g.unit .tag")].map((tag) => {
    const name = tag.querySelector(".unit-label")!;
    const x = Number(name.getAttribute("x"));
    const y = Number(name.getAttribute("y"));
    const half = textWidth(name.textContent ?? "", NAME_SIZE) / 2;
    const bar = tag.querySelector(".wounds-back")!;
    return { name: name.textContent, x0: Math.min(x - half, Number(bar.getAttribute("x"))), x1: x + half, y0: y - 0.8 * NAME_SIZE, y1: Number(bar.getAttribute("y")) + Number(bar.getAttribute("height")) };
  });
  shown.unmount();
  return boxes;
}

test.each([["en"], ["ko"]])("units against every edge and in the corners have their tags inside the battlefield, for both seats, in %s", async (language) => {
  await act(async () => {
    await i18next.changeLanguage(language);
  });
  for (let corner = 0; corner < 6; corner++) {
    const state = againstEdges(battle, corner);
    for (const seat of ["p1", "p2"] as const) {
      const outside = tagBoxes(state, seat).filter((b) => b.x0 < 0 || b.y0 < 0 || b.x1 > W || b.y1 > H);
      expect([corner, seat, outside]).toEqual([corner, seat, []]);
    }
  }
});
