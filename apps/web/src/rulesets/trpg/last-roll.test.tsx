/**
 * Seed 002 3-4 명중 판정: what a confirmed shot did is said in the action bar, where the player
 * acts (the dice log stands far below the bar on a phone, and the bar stayed scrolled to the
 * Confirm pressed): the newest roll's outcome, as the log words it, in English and Korean; a later
 * command that rolled nothing (a move, the end of a turn) leaves it standing.
 */
import { act, render, within } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { legalCommandsInView, trpg, type TrpgEvent, type TrpgState } from "@fogwar/trpg";
import { TrpgTableView } from "./TrpgTableView";
import { GM, until } from "../../../test/trpg-play";
import { trpgTableTests } from "../../../test/trpg-jsdom";
import type { EventBatch } from "../../table/view-props";

trpgTableTests();

/** Vale's aimed shot at the raider beside her in the open, as the party's seat hears it: the state after it and its events. */
function valeShoots(): { state: TrpgState; heard: TrpgEvent[] } {
  const s = structuredClone(until(trpg.setup(GM, "web-last-roll").state, (x) => x.turn?.actor === "vale"));
  s.characters.vale!.at = { x: 1, y: 5 };
  s.characters["raider-1"]!.at = { x: 3, y: 5 };
  const r = trpg.apply(s, { type: "shoot", targets: ["raider-1"], burst: false, called: false }, "p1");
  if (!r.ok) throw new Error(r.error.code);
  return { state: r.state, heard: partyHears(r.events) };
}

/** What the party's seat hears of a command's events. */
const partyHears = (events: readonly Parameters<typeof trpg.redact>[0][]): TrpgEvent[] => events.map((e) => trpg.redact(e, seatViewer("p1"))).filter((e): e is TrpgEvent => e !== null);

function bar(state: TrpgState, events: EventBatch<TrpgEvent>[]) {
  const view = trpg.viewFor(state, seatViewer("p1"));
  const { container, unmount } = render(<TrpgTableView matchId="m-roll" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} onCommand={jest.fn()} events={events} />);
  const shown = container.querySelector<HTMLElement>(".action-bar .last-roll");
  const text = shown ? within(shown).getByRole("heading").textContent + " | " + [...shown.querySelectorAll("li")].map((l) => l.textContent).join(" / ") : null;
  unmount();
  return text;
}

test("seed 002 3-4: the bar says what the party's confirmed shot did (hit or miss, the roll and what it needed), and a later move keeps it there", () => {
  const { state, heard } = valeShoots();
  const attack = heard.find((e) => e.type === "attack");
  expect(attack).toBeDefined();
  const text = bar(state, [{ seq: 1, events: heard }]);
  expect(text).toMatch(/^Last roll \| Ines Vale (hits|misses) Yard raider with an aimed shot \(carbine\): rolled \d \(needed over \d\)/);
  const moved = trpg.apply(state, legalCommandsInView(trpg.viewFor(state, seatViewer("p1")), "p1").find((c) => c.type === "move")!, "p1");
  if (!moved.ok) throw new Error(moved.error.code);
  expect(bar(moved.state, [{ seq: 1, events: heard }, { seq: 2, events: partyHears(moved.events) }])).toBe(text);
});

test("seed 002 3-4: in Korean the bar's newest roll reads as the Korean log does", async () => {
  const { state, heard } = valeShoots();
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  try {
    expect(bar(state, [{ seq: 1, events: heard }])).toMatch(/^최근 판정 \| 이네스 베일의 조준 사격\(카빈\)이 훈련장 약탈자에게 (명중|빗나감): \d \(\d 초과 필요\)/);
  } finally {
    await act(async () => {
      await i18next.changeLanguage("en");
    });
  }
});

test("before anything is rolled, and once the match is over, the bar says nothing of a last roll (the banner says why it ended; on a phone the bar would cover the board)", () => {
  const { state, heard } = valeShoots();
  expect(bar(state, [])).toBeNull();
  const over = trpg.apply(state, { type: "concede" }, "p1");
  if (!over.ok) throw new Error(over.error.code);
  expect(over.state.result).not.toBeNull();
  expect(bar(over.state, [{ seq: 1, events: heard }, { seq: 2, events: partyHears(over.events) }])).toBeNull();
});

test("a new roll on the party's own move scrolls the bar up to it, never the page (on a phone the page keeps the board in sight above the bar)", () => {
  const { state, heard } = valeShoots();
  const view = trpg.viewFor(state, seatViewer("p1"));
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  const table = (events: EventBatch<TrpgEvent>[]) => <TrpgTableView matchId="m-roll" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} onCommand={jest.fn()} events={events} />;
  try {
    const { container, rerender } = render(table([]));
    const bar = container.querySelector<HTMLElement>(".action-bar")!;
    // The bar is scrolled to its Confirm: its top at 500 px; the outcome, when it comes, 120 px above it.
    let top = 180;
    Object.defineProperty(bar, "scrollTop", { configurable: true, get: () => top, set: (v: number) => void (top = v) });
    bar.getBoundingClientRect = () => ({ top: 500 }) as DOMRect;
    const real = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      return this.classList.contains("last-roll") ? ({ top: 380 } as DOMRect) : real.call(this);
    };
    try {
      rerender(table([{ seq: 1, events: heard }]));
    } finally {
      HTMLElement.prototype.getBoundingClientRect = real;
    }
    expect(top).toBe(60);
    expect(scrolled.filter((e) => e.classList.contains("last-roll"))).toEqual([]);
  } finally {
    Element.prototype.scrollIntoView = original;
  }
});
