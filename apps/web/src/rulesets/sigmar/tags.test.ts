/**
 * The units' tags on the Age of Sigmar map (tags.ts, drawn by MapUnits.tsx): a unit's name and its
 * wound bar with "left/total" are placed together where they cover no other unit's tag and no
 * base of any unit, inside the map, with a leader line to the unit's bases when the tag stands
 * away from them. Checked over seeded random crowded combats (6-12 units of 1-10 models packed
 * around one point), on the placement alone and on the map as drawn (in English and Korean), and
 * on one fixed late combat round a Kiln Engine.
 *
 * On the drawn map, a tag's parts are measured from the SVG: the wound bar's rectangle, and the
 * texts' boxes from their anchors and an estimate of their widths (jsdom lays out no text).
 */
import { createElement } from "react";
import { render, screen } from "@testing-library/react";
import i18next from "i18next";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { catalog, geometry, setupBattle, sigmar, type SigmarView } from "@fogwar/sigmar";
import { SigmarMap } from "./SigmarMap";
import { NAME_SIZE, WOUNDS_SIZE, placeTags, tagSize } from "./tags";
import type { Box } from "../../table/label-boxes";
import { inEnglish } from "../../../test/english";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

/** The battlefield (board units, y up) and the map's viewBox (screen units, y down). */
const W = 4400;
const H = 3000;
const VIEW: Box = { x0: -60, y0: -60, x1: W + 60, y1: H + 60 };

interface Pt {
  x: number;
  y: number;
}
interface Disc extends Pt {
  r: number;
}
/** A unit of a test combat: its warscroll, owner and models (board units). */
interface Placed {
  id: string;
  owner: "p1" | "p2";
  warscroll: string;
  models: Pt[];
  damage?: number;
}

/** A small seeded PRNG (mulberry32): numbers in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WARSCROLLS = [...catalog.warscrolls.values()];
const ownerOf = (warscroll: string): "p1" | "p2" => (catalog.warscrolls.get(warscroll)!.faction === catalog.armies[0]!.faction ? "p1" : "p2");
const radius = (warscroll: string): number => geometry.baseRadius(catalog.warscrolls.get(warscroll)!.baseMm);

/**
 * A random crowded combat of `seed`: 6-12 units of 1-10 models each, every unit's first model put
 * as near one point as it fits (from a random side), its others in contact with or near its own
 * (bases never overlap, all on the battlefield). The point is at least 6" and 5" from the edges.
 */
function crowd(seed: number, at?: Pt): Placed[] {
  const random = prng(seed);
  const drawn = { x: 600 + random() * (W - 1200), y: 500 + random() * (H - 1000) };
  const centre = at ?? drawn;
  const discs: Disc[] = [];
  const fits = (p: Pt, r: number) => p.x >= r && p.x <= W - r && p.y >= r && p.y <= H - r && discs.every((d) => Math.hypot(d.x - p.x, d.y - p.y) >= d.r + r + 2);
  const units: Placed[] = [];
  const count = 6 + Math.floor(random() * 7);
  for (let k = 0; k < count; k++) {
    const ws = WARSCROLLS[Math.floor(random() * WARSCROLLS.length)]!;
    const r = radius(ws.id);
    const models: Pt[] = [];
    const put = (p: Pt) => {
      models.push(p);
      discs.push({ ...p, r });
    };
    for (let tries = 0; tries < 50 && models.length === 0; tries++) {
      const a = random() * 2 * Math.PI;
      for (let d = 0; d < 3000; d += 8) {
        const p = { x: centre.x + Math.cos(a) * d, y: centre.y + Math.sin(a) * d };
        if (fits(p, r)) {
          put(p);
          break;
        }
      }
    }
    const size = 1 + Math.floor(random() * 10);
    for (let tries = 0; tries < 400 && models.length > 0 && models.length < size; tries++) {
      const from = models[Math.floor(random() * models.length)]!;
      const a = random() * 2 * Math.PI;
      const d = 2 * r + 2 + random() * 60;
      const p = { x: from.x + Math.cos(a) * d, y: from.y + Math.sin(a) * d };
      if (fits(p, r)) put(p);
    }
    units.push({ id: `u${String(k).padStart(2, "0")}`, owner: ownerOf(ws.id), warscroll: ws.id, models });
  }
  return units;
}

/** The battlefield as player 1 sees it: board to screen. */
const toScreen = (p: Pt): Pt => ({ x: p.x, y: H - p.y });

/** Whether boxes share more than an edge. */
const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
/** Whether a box covers part of a disc. */
const covers = (b: Box, c: Disc): boolean => Math.hypot(Math.min(b.x1, Math.max(b.x0, c.x)) - c.x, Math.min(b.y1, Math.max(b.y0, c.y)) - c.y) < c.r;
const inside = (b: Box, o: Box): boolean => b.x0 >= o.x0 && b.y0 >= o.y0 && b.x1 <= o.x1 && b.y1 <= o.y1;
const shown = (b: Box): string => `[${Math.round(b.x0)},${Math.round(b.y0)} ${Math.round(b.x1)},${Math.round(b.y1)}]`;

/**
 * What is wrong with tags on a map: each unit's tag parts (one box, or its name, bar and text),
 * every base: a part of one unit covering a part of another, a part covering any base, a unit's
 * name covering its own bar or text, a part out of the map.
 */
function problems(units: readonly { id: string; parts: readonly Box[]; bases: readonly Disc[] }[]): string[] {
  const out: string[] = [];
  const bases = units.flatMap((u) => u.bases.map((b) => ({ id: u.id, b })));
  for (const [i, u] of units.entries()) {
    for (const p of u.parts) {
      if (!inside(p, VIEW)) out.push(`${u.id} ${shown(p)} is off the map`);
      for (const { id, b } of bases) if (covers(p, b)) out.push(`${u.id} ${shown(p)} covers a base of ${id}`);
      for (const v of units.slice(i + 1)) for (const q of v.parts) if (overlaps(p, q)) out.push(`${u.id} ${shown(p)} covers ${v.id} ${shown(q)}`);
    }
    const [name, ...rest] = u.parts;
    for (const q of rest) if (u.parts.length > 1 && overlaps(name!, q)) out.push(`${u.id}'s name ${shown(name!)} covers its own wounds ${shown(q)}`);
  }
  return out;
}

const SEEDS = Array.from({ length: 300 }, (_, i) => i + 1);

describe("placing the tags (tags.ts)", () => {
  test("over 300 seeded random crowded combats, no tag covers another tag or any base, and every tag is on the map", () => {
    const failures: string[] = [];
    let leaders = 0;
    for (const seed of SEEDS) {
      const random = prng(seed * 7919);
      const units = crowd(seed).map((u) => {
        const ws = catalog.warscrolls.get(u.warscroll)!;
        const name = (random() < 0.5 ? ws.name.en : ws.name.ko) + (random() < 0.3 ? " 2" : "");
        const total = ws.models * ws.health;
        return { id: u.id, bases: u.models.map((m) => ({ ...toScreen(m), r: radius(u.warscroll) })), ...tagSize(name, `${Math.floor(random() * total)}/${total}`) };
      });
      const tags = placeTags(units, VIEW);
      expect([...tags.keys()]).toEqual(units.map((u) => u.id));
      const found = problems(units.map((u) => ({ id: u.id, parts: [tags.get(u.id)!.box], bases: u.bases })));
      failures.push(...found.map((f) => `seed ${seed}: ${f}`));
      for (const u of units) {
        const { box, leader } = tags.get(u.id)!;
        expect(box.x1 - box.x0).toBeCloseTo(u.w, 6);
        expect(box.y1 - box.y0).toBeCloseTo(u.h, 6);
        if (!leader) continue;
        leaders++;
        // The leader runs from the tag's edge to the rim of one of the unit's bases.
        expect(u.bases.some((b) => Math.abs(Math.hypot(leader.to.x - b.x, leader.to.y - b.y) - b.r) < 0.5)).toBe(true);
        expect(Math.min(Math.abs(leader.from.x - box.x0), Math.abs(leader.from.x - box.x1), Math.abs(leader.from.y - box.y0), Math.abs(leader.from.y - box.y1))).toBeLessThan(0.5);
      }
    }
    expect(failures).toEqual([]);
    expect(leaders).toBeGreaterThan(0);
  });

  test("the same units place the same way, whatever else happened before (deterministic)", () => {
    const units = crowd(42).map((u) => ({ id: u.id, bases: u.models.map((m) => ({ ...toScreen(m), r: radius(u.warscroll) })), ...tagSize(u.warscroll, "3/10") }));
    expect(placeTags(units, VIEW)).toEqual(placeTags(units.map((u) => ({ ...u })), VIEW));
  });

  test("a tag stays inside the map in a corner, and beside its unit's bases when there is room", () => {
    const tags = placeTags([{ id: "a", bases: [{ x: 40, y: 40, r: 49 }], w: 500, h: 136 }], VIEW);
    const { box, leader } = tags.get("a")!;
    expect(inside(box, VIEW)).toBe(true);
    expect(covers(box, { x: 40, y: 40, r: 49 })).toBe(false);
    expect(leader).toBeNull();
  });
});

/** A view of a battle whose field holds exactly `units` (player 1's view). */
function viewOf(units: readonly Placed[]): SigmarView {
  const s = setupBattle();
  s.units = {};
  for (const u of units) {
    const ws = catalog.warscrolls.get(u.warscroll)!;
    const size = Math.max(ws.models, u.models.length);
    s.units[u.id] = { id: u.id, owner: u.owner, warscroll: u.warscroll, size, models: u.models.map((p, i) => ({ id: `${u.id}-m${i + 1}`, x: Math.round(p.x), y: Math.round(p.y) })), damage: u.damage ?? 0, where: "field", did: {}, next: size + 1 };
  }
  Object.assign(s, { phase: "battle", step: "combat", active: "p1", first: "p1", round: 3, turn: 5 });
  return sigmar.viewFor(s, seatViewer("p1"));
}

/** About how wide a text is drawn (a lower estimate: half an em a character, Hangul 0.9 em). */
const drawnWidth = (text: string, size: number): number => [...text].reduce((n, ch) => n + (/[\u1100-\u11ff\uac00-\ud7a3]/.test(ch) ? 0.9 : 0.5), 0) * size;
const num = (e: Element, name: string): number => Number(e.getAttribute(name));

/**
 * Each unit on the drawn map: its bases, and its tag's parts: the name's box (text-anchor
 * middle, NAME_SIZE units high), the wound bar's back and the "left/total" text's box (WOUNDS_SIZE units high).
 */
function drawn(container: HTMLElement): { id: string; parts: Box[]; bases: Disc[] }[] {
  return [...container.querySelectorAll("svg.sigmar-map g.unit[data-unit]")].map((g) => {
    const label = g.querySelector("text.unit-label")!;
    const bar = g.querySelector("g.wounds rect.wounds-back")!;
    const text = g.querySelector("g.wounds text.wounds-text")!;
    const lw = drawnWidth(label.textContent ?? "", NAME_SIZE);
    const tw = drawnWidth(text.textContent ?? "", WOUNDS_SIZE);
    return {
      id: g.getAttribute("data-unit")!,
      bases: [...g.querySelectorAll("circle[data-model-id]")].map((c) => ({ x: num(c, "cx"), y: num(c, "cy"), r: num(c, "r") })),
      parts: [
        { x0: num(label, "x") - lw / 2, y0: num(label, "y") - 0.72 * NAME_SIZE, x1: num(label, "x") + lw / 2, y1: num(label, "y") + 0.2 * NAME_SIZE },
        { x0: num(bar, "x"), y0: num(bar, "y"), x1: num(bar, "x") + num(bar, "width"), y1: num(bar, "y") + num(bar, "height") },
        { x0: num(text, "x"), y0: num(text, "y") - 0.72 * WOUNDS_SIZE, x1: num(text, "x") + tw, y1: num(text, "y") + 0.05 * WOUNDS_SIZE },
      ],
    };
  });
}

/** The map of `units` drawn as player 1 sees it, in `language`. */
function drawMap(units: readonly Placed[], language = "en") {
  const w = { t: i18next.getFixedT(language, "sigmar"), language, name: (seat: string) => (seat === "p1" ? "Ana" : "Bo") };
  return render(createElement(SigmarMap, { view: viewOf(units), w, seat: "p1", selected: null }));
}

describe("the tags on the drawn map", () => {
  test("over 40 seeded random crowded combats, in English and Korean, no unit's name or wound bar covers another's, any base, or its own", () => {
    const failures: string[] = [];
    for (const seed of SEEDS.slice(0, 40)) {
      const { container, unmount } = drawMap(crowd(seed), seed % 2 ? "en" : "ko");
      failures.push(...problems(drawn(container)).map((f) => `seed ${seed}: ${f}`));
      unmount();
    }
    expect(failures).toEqual([]);
  });

  /** A late combat round a Kiln Engine: its enemies in contact on every side, more units behind them. */
  const C = { x: 2200, y: 1500 };
  const arc = (R: number, degrees: readonly number[]): Pt[] => degrees.map((a) => ({ x: C.x + R * Math.cos((a * Math.PI) / 180), y: C.y + R * Math.sin((a * Math.PI) / 180) }));
  const LATE_COMBAT: Placed[] = [
    { id: "p1-u1", owner: "p1", warscroll: "thornwarden", models: arc(201, [90]) },
    { id: "p1-u2", owner: "p1", warscroll: "grove_seer", models: arc(185, [150]) },
    { id: "p1-u3", owner: "p1", warscroll: "briar_guard", models: [...arc(177, [205, 245, 285, 325]), ...arc(291, [190, 217, 244, 271, 298, 325])] },
    { id: "p1-u4", owner: "p1", warscroll: "moss_archers", models: [...arc(171, [5, 40]), ...arc(273, [5, 27, 49])] },
    { id: "p1-u5", owner: "p1", warscroll: "elk_riders", models: arc(660, [240, 262, 284]) },
    { id: "p2-u1", owner: "p2", warscroll: "kiln_engine", models: [C], damage: 4 },
    { id: "p2-u2", owner: "p2", warscroll: "cinder_zealots", models: arc(400, [200, 215, 230, 245, 260, 275, 290, 305, 320, 335]) },
    { id: "p2-u3", owner: "p2", warscroll: "ash_hounds", models: [...arc(360, [95, 118, 141, 164]), ...arc(490, [118])] },
    { id: "p2-u4", owner: "p2", warscroll: "covenant_herald", models: arc(400, [30]) },
    { id: "p2-u5", owner: "p2", warscroll: "ember_slingers", models: arc(560, [10, 21, 32, 43, 54]) },
  ];

  test("a late combat round a Kiln Engine: every name and wound bar readable (nothing covers them), a leader line to each unit whose tag stands away, the units' accessible names kept", () => {
    // The layout itself is a real one: no two bases overlap.
    const discs = LATE_COMBAT.flatMap((u) => u.models.map((m) => ({ ...m, r: radius(u.warscroll), id: u.id })));
    for (const [i, a] of discs.entries()) for (const b of discs.slice(i + 1)) expect([a.id, b.id, Math.hypot(a.x - b.x, a.y - b.y) >= a.r + b.r]).toEqual([a.id, b.id, true]);
    const { container } = drawMap(LATE_COMBAT);
    const units = drawn(container);
    expect(units.map((u) => u.id)).toEqual(LATE_COMBAT.map((u) => u.id).sort());
    expect(problems(units)).toEqual([]);
    // A leader line for each tag standing more than an inch from its unit, ending on one of its bases' rims.
    for (const u of units) {
      const tag = u.parts.reduce((a, b) => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) }));
      const gap = Math.min(...u.bases.map((b) => Math.hypot(Math.min(tag.x1, Math.max(tag.x0, b.x)) - b.x, Math.min(tag.y1, Math.max(tag.y0, b.y)) - b.y) - b.r));
      const line = container.querySelector(`line.tag-leader[data-for="${u.id}"]`);
      if (gap > 100) expect([u.id, line !== null]).toEqual([u.id, true]);
      if (!line) continue;
      const to = { x: num(line, "x2"), y: num(line, "y2") };
      expect([u.id, u.bases.some((b) => Math.abs(Math.hypot(to.x - b.x, to.y - b.y) - b.r) < 1)]).toEqual([u.id, true]);
    }
    expect(container.querySelectorAll("line.tag-leader").length).toBeGreaterThan(0);
    // The tags are drawn for the eye only; each unit keeps its name and wounds for screen readers.
    expect(screen.getByRole("button", { name: "Kiln Engine (Bo) · 3/7 wounds left" })).toBeTruthy();
    expect(container.querySelector('g[data-unit="p2-u1"] g.wounds text.wounds-text')!.textContent).toBe("3/7");
    expect(container.querySelector('g[data-unit="p2-u1"] g.wounds rect.wounds-left')!.getAttribute("class")).toBe("wounds-left low");
    for (const u of units) expect(container.querySelector(`g[data-unit="${u.id}"] text.unit-label`)!.getAttribute("aria-hidden")).toBe("true");
  });

  test("a tag's name and leader line carry its army's colour, so two units of one warscroll in two armies read apart", () => {
    const { container } = drawMap(LATE_COMBAT);
    for (const u of LATE_COMBAT) {
      expect([u.id, container.querySelector(`g[data-unit="${u.id}"] text.unit-label`)!.classList.contains(`owner-${u.owner}`)]).toEqual([u.id, true]);
      const line = container.querySelector(`line.tag-leader[data-for="${u.id}"]`);
      if (line) expect([u.id, line.classList.contains(`owner-${u.owner}`)]).toEqual([u.id, true]);
    }
    // The colours themselves (table.css): each army's, never the same for both.
    const css = readFileSync(join(__dirname, "table.css"), "utf8");
    const fill = (owner: string) => new RegExp(`\\.unit-label\\.owner-${owner} \\{ fill: (#[0-9a-f]{6}); \\}`).exec(css)?.[1];
    expect(fill("p1")).toBeDefined();
    expect(fill("p2")).toBeDefined();
    expect(fill("p1")).not.toBe(fill("p2"));
  });
});

describe("the tags keep clear of the objective markers", () => {
  /** The objective markers as player 1 sees them (screen units): their discs as drawn. */
  const markers = (container: HTMLElement): Disc[] => [...container.querySelectorAll("svg.sigmar-map circle.objective-marker")].map((c) => ({ x: num(c, "cx"), y: num(c, "cy"), r: num(c, "r") }));
  const hidden = (container: HTMLElement): string[] =>
    drawn(container).flatMap((u) => markers(container).flatMap((m) => u.parts.filter((p) => covers(p, m)).map((p) => `${u.id} ${shown(p)} covers the objective at ${m.x},${m.y}`)));

  test("a unit standing just short of an objective has its tag beside the marker, not over it", () => {
    const centre = catalog.battleplan.objectives.find((o) => o.id === "centre")!;
    const { container } = drawMap([{ id: "p1-u1", owner: "p1", warscroll: "thornwarden", models: [{ x: centre.x * 100, y: centre.y * 100 - 150 }] }]);
    expect(markers(container)).toHaveLength(catalog.battleplan.objectives.length);
    expect(hidden(container)).toEqual([]);
  });

  test("over 30 seeded random crowded combats on the objectives, in English and Korean, no unit's name or wound bar covers an objective marker", () => {
    const failures: string[] = [];
    for (const seed of SEEDS.slice(0, 30)) {
      const o = catalog.battleplan.objectives[seed % catalog.battleplan.objectives.length]!;
      const { container, unmount } = drawMap(crowd(seed, { x: o.x * 100, y: o.y * 100 }), seed % 2 ? "en" : "ko");
      failures.push(...hidden(container).map((f) => `seed ${seed}: ${f}`));
      failures.push(...problems(drawn(container)).map((f) => `seed ${seed}: ${f}`));
      unmount();
    }
    expect(failures).toEqual([]);
  });
});
