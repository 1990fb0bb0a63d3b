/**
 * Seed 002 3-1 슈팅 액션 on the TRPG table: a shot picked on the map keeps its options (a burst at
 * the weapon's rate of fire, a called shot) beside its odds and Confirm, so a player who tapped the
 * target at once (on a phone the bar folds while a target is picked, hiding the options above) can
 * still make it a burst, see the odds change, and send it.
 */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { seatViewer } from "@fogwar/engine";
import { legalCommandsInView, trpg, type TrpgState } from "@fogwar/trpg";
import { GM, until } from "../../../test/trpg-play";
import { trpgTableTests } from "../../../test/trpg-jsdom";
import { TrpgTableView } from "./TrpgTableView";

trpgTableTests();

/** Vale's turn on the Proving Ground (GM mode) at B9 with her carbine, the first raider in the open at E9, the other enemies down. */
function openShot(): TrpgState {
  const s = structuredClone(until(trpg.setup(GM, "web-shot-options").state, (x) => x.turn?.actor === "vale"));
  for (const c of Object.values(s.characters)) if (c.side === "enemies" && c.id !== "raider-1") c.status = "dead";
  s.characters.vale!.at = { x: 1, y: 8 };
  s.characters["raider-1"]!.at = { x: 4, y: 8 };
  return s;
}

test("002_867c0cd57d46adf1.txt 3-1 점사: the raider tapped with Shoot chosen; the confirmation offers the burst, which changes the odds to the carbine's shots and is what Confirm sends", () => {
  const onCommand = jest.fn();
  const view = trpg.viewFor(openShot(), seatViewer("p1"));
  const { container } = render(<TrpgTableView matchId="m" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} onCommand={onCommand} events={[]} />);
  fireEvent.click(screen.getByRole("radio", { name: "Shoot · 4 AP" }));
  fireEvent.click(container.querySelector('[data-character="raider-1"]')!.closest(".pickable")!);
  const confirm = screen.getByRole("group", { name: "Confirm the action" });
  expect(within(confirm).getByTestId("trpg-odds").textContent).not.toContain("shots");
  // One set of options while a shot is picked: those beside its odds.
  expect(screen.getAllByRole("checkbox", { name: "burst" })).toHaveLength(1);
  fireEvent.click(within(confirm).getByRole("checkbox", { name: "burst" }));
  const again = screen.getByRole("group", { name: "Confirm the action" });
  expect((within(again).getByRole("checkbox", { name: "burst" }) as HTMLInputElement).checked).toBe(true);
  expect(within(again).getByTestId("trpg-odds").textContent).toContain("Yard raider · 2 shots");
  fireEvent.click(within(again).getByRole("button", { name: "Confirm" }));
  expect(onCommand).toHaveBeenCalledWith({ type: "shoot", targets: ["raider-1"], burst: true, called: false });
});
