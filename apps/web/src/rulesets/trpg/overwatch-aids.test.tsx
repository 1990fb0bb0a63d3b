/**
 * Seed 002 3-1 오버와치 on the TRPG table, before the overwatch is set: the direction chosen in the
 * list is drawn on the map as the cone it would watch (90 degrees, 75 % of the weapon's range) and
 * said in words beside the list; and a character that is or may become concealed is told that its
 * overwatch then fires by itself (docs/rules/trpg.md: an unseen overwatcher fires without a question).
 */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { seatViewer } from "@fogwar/engine";
import { board, catalog, legalCommandsInView, trpg, type TrpgState } from "@fogwar/trpg";
import { GM, until } from "../../../test/trpg-play";
import { trpgTableTests } from "../../../test/trpg-jsdom";
import { TrpgTableView } from "./TrpgTableView";

trpgTableTests();

/**
 * Vale's turn on the Proving Ground (GM mode) at B9, the planks of C8 between her and the one
 * enemy left standing, the first raider at `raider` (H5: behind the planks, so she may conceal).
 */
function valesTurn(raider = { x: 7, y: 4 }): TrpgState {
  const s = structuredClone(until(trpg.setup(GM, "web-overwatch").state, (x) => x.turn?.actor === "vale"));
  for (const c of Object.values(s.characters)) if (c.side === "enemies" && c.id !== "raider-1") c.status = "dead";
  s.characters.vale!.at = { x: 1, y: 8 };
  s.characters["raider-1"]!.at = raider;
  return s;
}

function renderFor(state: TrpgState) {
  const view = trpg.viewFor(state, seatViewer("p1"));
  const utils = render(<TrpgTableView matchId="m" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} onCommand={jest.fn()} events={[]} />);
  return { ...utils, view };
}

const chooseOverwatch = () => fireEvent.click(screen.getByRole("radio", { name: "Overwatch · 4 AP" }));
const actions = () => screen.getByRole("region", { name: "Actions" });

describe("the overwatch before it is set", () => {
  test("002_867c0cd57d46adf1.txt 3-1 오버와치 '사정거리의 75%': the direction chosen in the list is drawn on the map from Vale's square, with its reach, and said beside the list; another choice redraws it", () => {
    const { container, view } = renderFor(valesTurn());
    const radius = (board.weaponOf(view.characters.vale!).range * catalog.rules.rangePercent.overwatch) / 100;
    expect(container.querySelector("path.cone.preview")).toBeNull();
    chooseOverwatch();
    const first = container.querySelector("path.cone.preview")!;
    expect(first).not.toBeNull();
    const north = first.getAttribute("d");
    expect(first.querySelector("title")!.textContent).toBe(`Overwatch towards the north if set: ${radius} squares`);
    expect(within(actions()).getByTestId("trpg-overwatch-reach").textContent).toContain(`a 90° cone of ${radius} squares towards the north`);
    fireEvent.change(within(actions()).getByRole("combobox", { name: "Choice" }), { target: { value: "2" } });
    const east = container.querySelector("path.cone.preview")!;
    expect(east.querySelector("title")!.textContent).toBe(`Overwatch towards the east if set: ${radius} squares`);
    expect(east.getAttribute("d")).not.toBe(north);
    expect(within(actions()).getByTestId("trpg-overwatch-reach").textContent).toContain("towards the east");
  });

  test("docs/rules/trpg.md 'An unseen overwatcher fires without a question': a concealed Vale choosing overwatch is told it will fire by itself, whatever the odds", () => {
    const s = valesTurn();
    s.characters.vale!.concealed = true;
    s.characters.vale!.concealment = { value: 8, shots: 0 };
    renderFor(s);
    chooseOverwatch();
    expect(within(actions()).getByTestId("trpg-overwatch-unasked").textContent).toBe(
      "While concealed, the overwatch does not ask: it fires by itself at the first enemy to enter the cone, whatever the odds, and that enemy may then find where the shot came from.",
    );
  });

  test("docs/rules/trpg.md 'An unseen overwatcher fires without a question': Vale watching with Conceal on offer is told the same before she conceals; a watcher that cannot conceal and is seen is not", () => {
    const s = valesTurn();
    s.characters.vale!.overwatch = { dir: 2, radius: 18, weapon: "carbine" };
    const { view, unmount } = renderFor(s);
    const note = "While concealed, the overwatch does not ask";
    expect(legalCommandsInView(view, "p1").some((c) => c.type === "conceal")).toBe(true);
    expect(within(actions()).getByTestId("trpg-overwatch-unasked").textContent).toContain(note);
    unmount();
    const seen = valesTurn({ x: 4, y: 8 });
    seen.characters.vale!.overwatch = { dir: 2, radius: 18, weapon: "carbine" };
    const again = renderFor(seen);
    expect(legalCommandsInView(again.view, "p1").some((c) => c.type === "conceal")).toBe(false);
    expect(within(actions()).queryByTestId("trpg-overwatch-unasked")).toBeNull();
  });
});
