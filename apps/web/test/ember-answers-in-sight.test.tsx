/**
 * An EMBER decision asked of the viewer (seed 001 6.1's side choice here; the rerolls, hit parts
 * and the rest alike) brings its answers into the action bar's sight a frame after it is asked: on
 * a phone the bar scrolls, and its "more below" edge covered the buttons under the question.
 * A reroll's dice are brought into sight after the answers, so that where the bar cannot show both
 * the dice being decided on stand at its top with the first answers under them (the answers alone
 * had scrolled the dice out of sight). jsdom lays nothing out, so `scrollIntoView` is recorded.
 */
import { act, render } from "@testing-library/react";
import { ember, legalCommandsInView } from "@fogwar/ember";
import { seatViewer } from "@fogwar/engine";
import { TableView } from "../src/rulesets/ember/TableView";
import { emberStateWhere } from "./ember-find";
import { inEnglish } from "./english";
import { withNames } from "./players";

inEnglish();

/** Records the elements `scrollIntoView` is called on while `body` runs. */
async function recordingScrolls(body: (scrolled: Element[]) => Promise<void>): Promise<void> {
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  try {
    await body(scrolled);
  } finally {
    Element.prototype.scrollIntoView = original;
  }
}

test("seed 000 4: an attack reroll asked of the viewer scrolls its answers into sight, then its dice, so that the dice stand in sight whatever the bar's height", async () => {
  const state = emberStateWhere((s) => s.pending?.kind === "attack_reroll", "answers-sight-reroll");
  const seat = state.pending!.seat as "p1" | "p2";
  await recordingScrolls(async (scrolled) => {
    const view = ember.viewFor(state, seatViewer(seat));
    const shown = render(withNames(<TableView matchId="m" view={view} seat={seat} legal={legalCommandsInView(view, seat)} onCommand={jest.fn()} events={[]} />));
    await act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
    const decision = shown.container.querySelector(".decision.mine")!;
    const dice = decision.querySelector(".decision-dice")!;
    expect(dice.querySelectorAll(".dice-row").length).toBeGreaterThan(0);
    const inDecision = scrolled.filter((el) => el.closest(".decision"));
    expect(inDecision).toEqual([decision.querySelector(".row.answers"), dice]);
    shown.unmount();
  });
});

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
