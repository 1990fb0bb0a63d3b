/**
 * Why a selected unit cannot act (./why.ts): a unit of the seat's that was destroyed says so, not
 * that it is "not on the battlefield" (a player who selected it before it fell reads what happened).
 */
import { seatViewer } from "@fogwar/engine";
import { setupBattle, sigmar } from "@fogwar/sigmar";
import { whyNot } from "./why";

test("a destroyed unit of the seat's is destroyed; one not yet deployed is still not on the battlefield", () => {
  const s = setupBattle();
  const [mine, other] = Object.values(s.units).filter((u) => u.owner === "p1");
  s.units[mine!.id] = { ...mine!, where: "destroyed", models: [] };
  Object.assign(s, { phase: "battle", step: "combat", active: "p2", first: "p2", round: 1, turn: 2 });
  const view = sigmar.viewFor(s, seatViewer("p1"));
  expect(whyNot(view, "p1", mine!.id, [])).toEqual({ key: "destroyed" });
  s.units[other!.id] = { ...other!, where: "undeployed" };
  expect(whyNot(sigmar.viewFor(s, seatViewer("p1")), "p1", other!.id, [])).toEqual({ key: "gone" });
});
