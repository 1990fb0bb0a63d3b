/**
 * What a newcomer trips over at the TRPG table, found by playing it in a browser: a shot picked on
 * the map shows its odds and a Confirm the short phone bar had pushed out of sight.
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { seatViewer } from "@fogwar/engine";
import { legalCommandsInView, trpg } from "@fogwar/trpg";
import { TrpgTableView } from "./TrpgTableView";
import { GM, until } from "../../../test/trpg-play";
import { trpgTableTests } from "../../../test/trpg-jsdom";

trpgTableTests();

test("a shot picked on the map brings its Confirm into sight (below its odds, in the bar's scroll)", () => {
  const s = structuredClone(until(trpg.setup(GM, "web-newcomer").state, (x) => x.turn?.actor === "vale"));
  s.characters["raider-1"]!.at = { x: 5, y: 2 };
  s.characters.vale!.at = { x: 1, y: 5 };
  const view = trpg.viewFor(s, seatViewer("p1"));
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  try {
    const { container } = render(<TrpgTableView matchId="m-new" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} onCommand={jest.fn()} events={[]} />);
    fireEvent.click(screen.getByRole("radio", { name: /^Shoot/ }));
    scrolled.length = 0;
    fireEvent.click(container.querySelector('.trpg-map .token.pickable[data-character="raider-1"]')!);
    const confirm = screen.getByRole("button", { name: "Confirm" });
    expect(scrolled).toContain(confirm);
  } finally {
    Element.prototype.scrollIntoView = original;
  }
});
