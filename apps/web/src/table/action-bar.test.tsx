/**
 * The action bar's fold (./ActionBar.tsx): it follows the table's wish (folded while the viewer
 * only waits) each time that wish changes, and the player's choice in between.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { ActionBar, turnLine, useFold, useInBarSight } from "./ActionBar";
import { inEnglish } from "../../test/english";
import { MatchEndShown } from "./match-end-shown";

inEnglish();

function Bar({ waits }: { waits: boolean }) {
  const fold = useFold(waits);
  return (
    <ActionBar label="Your current decision" fold={fold} clock={<div className="clock-panel">clocks</div>} turn={{ mine: !waits, text: waits ? "Waiting for Bo" : "Your turn" }}>
      <p className="error">refused</p>
      <p className="keep-folded">what you wait for</p>
      <p className="controls">controls</p>
    </ActionBar>
  );
}

test("folded while the viewer waits, open on its turn; the player's Show and Hide hold until the turn changes; folded, only the clocks, the turn line, a refusal and what the viewer waits for stay", () => {
  const { rerender, container } = render(<Bar waits={true} />);
  const bar = () => screen.getByRole("region", { name: "Your current decision" });
  expect(bar().getAttribute("data-folded")).toBe("true");
  expect(bar().classList.contains("folded")).toBe(true);
  const toggle = screen.getByRole("button", { name: "Show actions ▴" });
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
  // What stays folded is what the CSS keeps: the bar's children outside its list are hidden there.
  const kept = [...bar().children].filter((c) => c.matches(".clock-panel, .bar-head, .abandonment, .bar-toggle-row, .error, .decision, .keep-folded")).map((c) => c.textContent);
  expect(kept).toEqual(["clocks", "Waiting for Bo", "Show actions ▴", "refused", "what you wait for"]);
  expect(container.querySelector(".controls")).not.toBeNull();

  fireEvent.click(toggle);
  expect(bar().getAttribute("data-folded")).toBe("false");
  rerender(<Bar waits={true} />);
  expect(bar().getAttribute("data-folded")).toBe("false");
  act(() => rerender(<Bar waits={false} />));
  expect(bar().getAttribute("data-folded")).toBe("false");
  // The turn line: the viewer's turn marked and classed as its own.
  const line = bar().querySelector(".bar-head > p.turn-line[role=status]")!;
  expect([line.textContent, line.classList.contains("mine")]).toEqual(["▶ Your turn", true]);
  fireEvent.click(screen.getByRole("button", { name: "Hide actions ▾" }));
  expect(bar().getAttribute("data-folded")).toBe("true");
  act(() => rerender(<Bar waits={true} />));
  act(() => rerender(<Bar waits={false} />));
  expect(bar().getAttribute("data-folded")).toBe("false");
});

test("once the match is over (its end banner shown) the bar is open and has no fold button: there is nothing left to wait for", () => {
  render(
    <MatchEndShown.Provider value={true}>
      <Bar waits={true} />
    </MatchEndShown.Provider>,
  );
  const bar = screen.getByRole("region", { name: "Your current decision" });
  expect(bar.getAttribute("data-folded")).toBe("false");
  expect(bar.classList.contains("folded")).toBe(false);
  expect(screen.queryByRole("button", { name: /Show actions|Hide actions/ })).toBeNull();
  expect(bar.querySelector(".controls")?.textContent).toBe("controls");
});

describe("the turn line in a ruleset's words", () => {
  const words = { yours: "Your turn", awaiting: (seats: readonly string[]) => `Waiting for ${seats.join(", ")}`, alsoAwaiting: (seats: readonly string[]) => `also ${seats.join(", ")}` };

  test("the awaited viewer reads its turn, and whom else the table waits for when the ruleset names them", () => {
    expect(turnLine(["p1"], "p1", words)).toEqual({ mine: true, text: "Your turn" });
    expect(turnLine(["p1", "p2"], "p2", words)).toEqual({ mine: true, text: "Your turn · also p1" });
    expect(turnLine(["p1", "p2"], "p2", { yours: words.yours, awaiting: words.awaiting })).toEqual({ mine: true, text: "Your turn" });
  });

  test("a waiting seat and a spectator read whom the table waits for; nobody awaited draws no line", () => {
    expect(turnLine(["p1", "p2"], "p3", words)).toEqual({ mine: false, text: "Waiting for p1, p2" });
    expect(turnLine(["p1"], null, words)).toEqual({ mine: false, text: "Waiting for p1" });
    expect(turnLine([], "p1", words)).toBeNull();
  });
});

test("a new question brings the bar back to its top: a reader scrolled down to answer one meets the next from its first line; answering inside one question keeps the place", () => {
  const Asking = ({ question, choice }: { question: string; choice: string }) => (
    <ActionBar label="Your current decision" fold={{ folded: false, setFolded: () => undefined }} turn={{ mine: true, text: "Your turn" }}>
      <section className="decision mine" role="alert">
        <h3>{question}</h3>
      </section>
      <p className="controls">{choice}</p>
    </ActionBar>
  );
  const { rerender } = render(<Asking question="Reroll the attack dice? (eye, hollow)" choice="die 1" />);
  const bar = screen.getByRole("region", { name: "Your current decision" });
  // jsdom lays nothing out: the bar's scroll position is a plain value here.
  let top = 0;
  Object.defineProperty(bar, "scrollTop", { configurable: true, get: () => top, set: (v: number) => (top = v) });
  top = 180;
  rerender(<Asking question="Reroll the attack dice? (eye, hollow)" choice="die 2" />);
  expect(top).toBe(180);
  rerender(<Asking question="Choose the hit part" choice="die 2" />);
  expect(top).toBe(0);
});

test("while part of the bar lies below its bottom edge a 'More below' cue is pinned there, and a tap on it scrolls the bar on until nothing is left below (a phone's short bar hides no button without a sign)", () => {
  const Long = () => (
    <ActionBar label="Your current decision" fold={{ folded: false, setFolded: () => undefined }} turn={{ mine: true, text: "Your turn" }}>
      <ul className="command-list">
        {Array.from({ length: 12 }, (_, i) => (
          <li key={i}>
            <button type="button">Remove model {i + 1}</button>
          </li>
        ))}
      </ul>
    </ActionBar>
  );
  render(<Long />);
  const bar = screen.getByRole("region", { name: "Your current decision" });
  // jsdom lays nothing out: the bar's heights and scroll position are plain values here (a 320 px box over 900 px of content).
  let top = 0;
  Object.defineProperty(bar, "scrollTop", { configurable: true, get: () => top, set: (v: number) => (top = Math.max(0, Math.min(900 - 320, v))) });
  Object.defineProperty(bar, "scrollHeight", { configurable: true, get: () => 900 });
  Object.defineProperty(bar, "clientHeight", { configurable: true, get: () => 320 });
  act(() => {
    fireEvent.scroll(bar);
  });
  const cue = () => screen.queryByRole("button", { name: "More below ▾" });
  expect(cue()).not.toBeNull();
  // The cue is the bar's last element (pinned to its visible bottom by TableChrome.css), kept when the bar is folded.
  expect(bar.lastElementChild).toBe(cue());
  expect(cue()!.classList.contains("bar-more")).toBe(true);
  const taps: number[] = [];
  while (cue() && taps.length < 10) {
    act(() => {
      fireEvent.click(cue()!);
      fireEvent.scroll(bar);
    });
    taps.push(top);
  }
  expect(taps).toEqual([224, 448, 580]);
  expect(cue()).toBeNull();
  // At the end the cue stays where it stood (a cue that came and went with the scroll could land
  // under a pressed finger and take its release) and reads "Back to top"; a tap on it goes there.
  const back = screen.getByRole("button", { name: "Back to top ▴" });
  expect(bar.lastElementChild).toBe(back);
  act(() => {
    fireEvent.click(back);
    fireEvent.scroll(bar);
  });
  expect(top).toBe(0);
  expect(cue()).not.toBeNull();
});

test("parts a ruleset keeps in the bar's sight are scrolled to when asked, in their order, and again when the bar adds its 'More below' cue (a phone's cue came a render later and covered them); not once the question is answered", async () => {
  function Asking({ asked }: { asked: string | null }) {
    const answers = useRef<HTMLDivElement>(null);
    const dice = useRef<HTMLDivElement>(null);
    useInBarSight(asked, () => [answers.current, dice.current]);
    return (
      <ActionBar label="Your current decision" fold={{ folded: false, setFolded: () => undefined }} turn={{ mine: true, text: "Your turn" }}>
        <div className="decision">
          <div ref={answers} className="answers">
            <button type="button">Reroll</button>
          </div>
          <div ref={dice} className="dice">
            4 2 6
          </div>
        </div>
      </ActionBar>
    );
  }
  const scrolled: string[] = [];
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.className);
  };
  try {
    const { rerender } = render(<Asking asked={null} />);
    expect(scrolled).toEqual([]);
    rerender(<Asking asked="reroll 1" />);
    expect(scrolled).toEqual(["answers", "dice"]);
    // The bar measures its new content and finds it holds more than it shows: its cue comes.
    const bar = screen.getByRole("region", { name: "Your current decision" });
    Object.defineProperty(bar, "scrollHeight", { configurable: true, get: () => 900 });
    Object.defineProperty(bar, "clientHeight", { configurable: true, get: () => 320 });
    await act(async () => void fireEvent.scroll(bar));
    expect(screen.getByRole("button", { name: "More below ▾" })).not.toBeNull();
    expect(scrolled).toEqual(["answers", "dice", "answers", "dice"]);
    // Answered: the cue going and coming again scrolls nothing.
    rerender(<Asking asked={null} />);
    Object.defineProperty(bar, "scrollHeight", { configurable: true, get: () => 300 });
    await act(async () => void fireEvent.scroll(bar));
    Object.defineProperty(bar, "scrollHeight", { configurable: true, get: () => 900 });
    await act(async () => void fireEvent.scroll(bar));
    expect(screen.getByRole("button", { name: "More below ▾" })).not.toBeNull();
    expect(scrolled).toHaveLength(4);
  } finally {
    Element.prototype.scrollIntoView = original;
  }
});
