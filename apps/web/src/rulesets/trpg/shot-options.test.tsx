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
  expect(screen.getAllByRole("checkbox", { name: "Burst" })).toHaveLength(1);
  fireEvent.click(within(confirm).getByRole("checkbox", { name: "Burst" }));
  const again = screen.getByRole("group", { name: "Confirm the action" });
  expect((within(again).getByRole("checkbox", { name: "Burst" }) as HTMLInputElement).checked).toBe(true);
  expect(within(again).getByTestId("trpg-odds").textContent).toContain("Yard raider · 2 shots");
  fireEvent.click(within(again).getByRole("button", { name: "Confirm" }));
  expect(onCommand).toHaveBeenCalledWith({ type: "shoot", targets: ["raider-1"], burst: true, called: false });
});

test("002_867c0cd57d46adf1.txt 3-4 명중 판정: a shot that needs more than a d6 can roll says it cannot hit, and Cancel, not the attack, is the suggested button", () => {
  const onCommand = jest.fn();
  const s = openShot();
  // Far and small: a called shot at C1 needs over 7.
  s.characters["raider-1"]!.at = { x: 2, y: 0 };
  const view = trpg.viewFor(s, seatViewer("p1"));
  const { container } = render(<TrpgTableView matchId="m" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} onCommand={onCommand} events={[]} />);
  fireEvent.click(screen.getByRole("radio", { name: "Shoot · 4 AP" }));
  fireEvent.click(screen.getByRole("checkbox", { name: "Called shot" }));
  fireEvent.click(container.querySelector('[data-character="raider-1"]')!.closest(".pickable")!);
  const confirm = screen.getByRole("group", { name: "Confirm the action" });
  expect(within(confirm).getByTestId("trpg-odds").textContent).toContain("cannot hit (0%)");
  expect(within(confirm).getByRole("note").textContent).toBe("This attack cannot hit: it needs more than a d6 can roll, so its action points would be spent for nothing.");
  const anyway = within(confirm).getByRole("button", { name: "Attack anyway" });
  expect(anyway.className).not.toContain("primary");
  expect(within(confirm).getByRole("button", { name: "Cancel" }).className).toContain("primary");
  expect(within(confirm).queryByRole("button", { name: "Confirm" })).toBeNull();

  // Without the called shot it can hit: Confirm again, suggested.
  fireEvent.click(within(confirm).getByRole("checkbox", { name: "Called shot" }));
  const plain = screen.getByRole("group", { name: "Confirm the action" });
  expect(within(plain).queryByRole("note")).toBeNull();
  expect(within(plain).getByRole("button", { name: "Confirm" }).className).toContain("primary");
  // Still the player's choice: the attack that cannot hit is sent when asked for.
  fireEvent.click(within(plain).getByRole("checkbox", { name: "Called shot" }));
  fireEvent.click(within(screen.getByRole("group", { name: "Confirm the action" })).getByRole("button", { name: "Attack anyway" }));
  expect(onCommand).toHaveBeenCalledWith({ type: "shoot", targets: ["raider-1"], burst: false, called: true });
});
