/**
 * An EMBER decision asked of the viewer (seed 001 6.1's side choice here; the rerolls, hit parts
 * and the rest alike) brings its answers into the action bar's sight a frame after it is asked: on
 * a phone the bar scrolls, and its "more below" edge covered the buttons under the question.
 * jsdom lays nothing out, so `scrollIntoView` is recorded.
 */
import { act, render } from "@testing-library/react";
import { ember, legalCommandsInView } from "@fogwar/ember";
import { seatViewer } from "@fogwar/engine";
import { TableView } from "../src/rulesets/ember/TableView";
import { emberStateWhere } from "./ember-find";
import { inEnglish } from "./english";
import { withNames } from "./players";

inEnglish();

test("seed 001 6.1: the side choice asked of the viewer scrolls its answers into sight; the seat that waits scrolls nothing", async () => {
  const state = emberStateWhere((s) => s.pending?.kind === "choose_side", "answers-sight");
  const asked = state.pending!.seat as "p1" | "p2";
  const other = asked === "p1" ? "p2" : "p1";
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  try {
    const shown = (seat: "p1" | "p2") => {
      scrolled.length = 0;
      const view = ember.viewFor(state, seatViewer(seat));
      return render(withNames(<TableView matchId="m" view={view} seat={seat} legal={legalCommandsInView(view, seat)} onCommand={jest.fn()} events={[]} />));
    };
    const mine = shown(asked);
    await act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
    const answers = mine.container.querySelector(".decision.mine .row.answers");
    expect(answers?.querySelectorAll("button").length).toBe(2);
    expect(scrolled).toContain(answers);
    mine.unmount();
    const waiting = shown(other);
    await act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
    expect(scrolled.filter((el) => el.closest(".decision"))).toEqual([]);
    waiting.unmount();
  } finally {
    Element.prototype.scrollIntoView = original;
  }
});
