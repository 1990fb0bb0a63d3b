/**
 * The charge players could not complete: a 5" charge roll, the target about 3.5" away, a small
 * standing stone on the straight line between them. The table's "suggest the best placement"
 * (the rules' placement helper on the seat's own projection) makes a plan the rules accept, and
 * "Place" sends it; a plan the rules refuse rings its offending base on the map with the reason.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { catalog, geometry, legalCommands, moves, query, setupBattle, sigmar, templates, type SigmarCommand, type SigmarState } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { inEnglish } from "../../../test/english";
import { withNames } from "../../../test/players";

inEnglish();
jest.setTimeout(60_000);

/** Briar Guard (10) south of the mirestone, Cinder Zealots (10) about 3.5" north of them, a pending 5" charge. */
function situation(): SigmarState {
  const s = setupBattle();
  const stone = query.TERRAIN.find((t) => t.id === "mirestone")!;
  const cx = (stone.x0 + stone.x1) / 2 + 200;
  const place = (id: string, owner: string, warscroll: string, y: number) => {
    const w = catalog.warscrolls.get(warscroll)!;
    const at = moves.formation(w.models, geometry.baseRadius(w.baseMm), { x: cx, y });
    s.units[id] = { id, owner, warscroll, size: w.models, models: at.map((p, i) => ({ id: `${id}-m${i + 1}`, ...p })), damage: 0, where: "field", did: {}, next: w.models + 1 };
  };
  s.units = {};
  place("briar", "p1", "briar_guard", stone.y0 - 130);
  place("zeal", "p2", "cinder_zealots", stone.y1 + 360);
  s.units.briar!.did.triedCharge = true;
  Object.assign(s, { phase: "battle", step: "charge", active: "p1", first: "p1", round: 1, turn: 1, cp: { p1: 2, p2: 2 }, hands: { p1: [], p2: [] }, neutralOrder: ["mire_grip", "gale_step"] });
  s.pending = { kind: "charge_move", seat: "p1", unit: "briar", target: "zeal", roll: 5 };
  return s;
}

/** The charge round the stone on p1's table, in English: its state and the commands the table sends. */
async function chargeTable(): Promise<{ state: SigmarState; sent: SigmarCommand[] }> {
  await act(async () => {
    await i18next.changeLanguage("en");
  });
  const state = situation();
  const view = sigmar.viewFor(state, seatViewer("p1"));
  const sent: SigmarCommand[] = [];
  render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legalCommands(state, "p1")} templates={templates(state, "p1")} onCommand={(c) => sent.push(c)} events={[]} />));
  return { state, sent };
}

test("core C6 on the table: the charge round the stone is completed with the suggested placement, and the rules accept it", async () => {
  const { state, sent } = await chargeTable();
  fireEvent.click(screen.getByRole("button", { name: i18next.t("sigmar:move.suggest") }));
  const status = screen.getAllByRole("status").find((e) => e.classList.contains("ruler-line"))!;
  expect(status.className).toContain("legal");
  fireEvent.click(status.querySelector("button.primary")!);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.type).toBe("place");
  const applied = sigmar.apply(state, sent[0]!, "p1");
  expect(applied.ok).toBe(true);
  if (applied.ok) expect(applied.state.units.briar!.did.charged).toBe(true);
});

test("core C5 on the table: the ruler follows each model's path round the stone and measures along it, as the rules do", async () => {
  await act(async () => {
    await i18next.changeLanguage("en");
  });
  const state = situation();
  const view = sigmar.viewFor(state, seatViewer("p1"));
  const { container } = render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legalCommands(state, "p1")} templates={templates(state, "p1")} onCommand={() => undefined} events={[]} />));
  fireEvent.click(screen.getByRole("button", { name: i18next.t("sigmar:move.suggest") }));
  const status = screen.getAllByRole("status").find((e) => e.classList.contains("ruler-line"))!;
  expect(status.className).toContain("legal");
  // Some model cannot go straight through the stone: its ruler bends round it.
  const bent = [...container.querySelectorAll<SVGPolylineElement>(".plan polyline.ruler")];
  expect(bent.length).toBeGreaterThan(0);
  expect(Number(bent[0]!.getAttribute("data-legs"))).toBeGreaterThan(1);
  // A bent ruler is longer than its straight chord; the distance shown (inches) counts the whole path, within the 5" roll.
  const points = (e: Element) => (e.getAttribute("points") ?? "").split(" ").map((xy) => xy.split(",").map(Number) as [number, number]);
  const along = (ps: [number, number][]) => ps.slice(1).reduce((sum, q, i) => sum + Math.hypot(q[0] - ps[i]![0], q[1] - ps[i]![1]), 0);
  const longest = Math.max(...bent.map((e) => along(points(e))));
  for (const e of bent) {
    const ps = points(e);
    expect(along(ps)).toBeGreaterThan(Math.hypot(ps.at(-1)![0] - ps[0]![0], ps.at(-1)![1] - ps[0]![1]));
  }
  const moved = Number(/([\d.]+)" moved/.exec(status.textContent ?? "")?.[1]);
  expect(moved * 100).toBeGreaterThanOrEqual(longest - 5);
  expect(moved).toBeLessThanOrEqual(5);
});

test("the two buttons of a charge's placement say different things: the command list shows the suggested positions on the map, the ruler line confirms them", async () => {
  const { sent } = await chargeTable();
  expect(screen.queryAllByRole("button", { name: "Confirm positions" })).toHaveLength(0);
  const show = screen.getAllByRole("button", { name: "Show the suggested positions" });
  expect(show.length).toBeGreaterThan(0);
  fireEvent.click(show[0]!);
  expect(sent).toHaveLength(0);
  const confirm = screen.getAllByRole("button", { name: "Confirm positions" });
  expect(confirm).toHaveLength(1);
  expect(confirm[0]!.closest(".ruler-line")).not.toBeNull();
  fireEvent.click(confirm[0]!);
  expect(sent.map((c) => c.type)).toEqual(["place"]);
});
