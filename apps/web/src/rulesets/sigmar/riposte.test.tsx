/**
 * Seed 003 19 on the table: a unit that may fight at once (a riposte, Pending.tsx) offers its fight
 * in the action bar whichever of the player's units is selected: with another unit selected (the
 * one whose card the player was reading) the prompt said "may fight at once" but only "Do not
 * fight now" stood under it.
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { seatViewer } from "@fogwar/engine";
import { catalog, geometry, legalCommands, setupBattle, sigmar, templates, type SigmarCommand, type SigmarState, type SigmarView } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { inEnglish } from "../../../test/english";
import { withNames } from "../../../test/players";

inEnglish();
jest.setTimeout(60_000);

/** p2's Covenant Herald has just fought p1's Thornwarden, in contact; p1's Grove Seer stands apart; the Thornwarden may fight at once. */
function riposte(): SigmarState {
  const s = setupBattle();
  const put = (id: string, owner: string, warscroll: string, x: number, y: number) => {
    s.units[id] = { id, owner, warscroll, size: 1, models: [{ id: `${id}-m1`, x, y }], damage: 0, where: "field", did: {}, next: 2 };
  };
  s.units = {};
  put("thorn", "p1", "thornwarden", 2000, 1200);
  put("seer", "p1", "grove_seer", 800, 600);
  const r = (id: string) => geometry.baseRadius(catalog.warscrolls.get(id)!.baseMm);
  put("herald", "p2", "covenant_herald", 2000, 1200 + r("thornwarden") + r("covenant_herald") + 20);
  Object.assign(s, { phase: "battle", step: "combat", active: "p2", first: "p2", round: 1, turn: 1, cp: { p1: 2, p2: 2 }, hands: { p1: [], p2: [] }, neutralOrder: ["mire_grip", "gale_step"] });
  s.pending = { kind: "riposte", seat: "p1", unit: "thorn", target: "herald" };
  return s;
}

test("with another of the player's units selected, the riposte's fight button is there beside 'Do not fight now', and sends the fight", () => {
  const state = riposte();
  const legal = legalCommands(state, "p1");
  const fight = legal.find((c) => c.type === "fight");
  expect(fight).toBeDefined();
  const view = sigmar.viewFor(state, seatViewer("p1")) as SigmarView;
  const sent: SigmarCommand[] = [];
  render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legal} templates={templates(state, "p1")} onCommand={(c) => sent.push(c)} events={[]} />));
  // The player selects the Grove Seer on the map (its card opens).
  fireEvent.click(screen.getByRole("button", { name: /^Grove Seer \(Ada\) · / }));
  expect(screen.getByRole("button", { name: /^Grove Seer \(Ada\) · / }).getAttribute("aria-pressed")).toBe("true");
  expect(screen.getByRole("button", { name: "Do not fight now" })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: /^Thornwarden \(Ada\): Fight Covenant Herald \(민준\)/ }));
  expect(sent).toEqual([fight]);
});
