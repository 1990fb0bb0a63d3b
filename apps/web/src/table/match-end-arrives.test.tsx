/**
 * The end of a match arriving while its page is open (./TableBody.tsx, ./MatchEnd.tsx): the
 * match-end banner is brought into sight as it appears (a player scrolled down to the log or the
 * roster when the match ended saw only a heading change); a page opened on a match already over
 * does not move.
 */
import { act, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { setupI18n } from "../i18n";
import { openConnection } from "../../test/connection";
import { TableBody } from "./TableBody";

const i18n = setupI18n("en");
const playing = { result: null };
const over = { result: { winner: "p1", reason: "objective" } };

let scrolled: Element[] = [];
const original = Element.prototype.scrollIntoView;
beforeEach(async () => {
  await act(() => i18n.changeLanguage("en"));
  scrolled = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});
afterEach(() => {
  Element.prototype.scrollIntoView = original;
});

const page = (view: unknown) => (
  <MemoryRouter>
    <TableBody matchId="m1" join={{ role: "player", seat: "p2", token: "t" }} match={openConnection(view)} onRetry={() => undefined} />
  </MemoryRouter>
);

test("a match that ends while its page is open brings the match-end banner into sight, once", async () => {
  let rerender: (ui: ReactElement) => void = () => undefined;
  await act(async () => {
    ({ rerender } = render(page(playing)));
  });
  expect(document.querySelector(".match-end")).toBeNull();
  await act(async () => rerender(page(over)));
  const banner = document.querySelector(".match-end");
  expect(banner?.textContent).toContain("You lose");
  expect(scrolled).toEqual([banner]);
  await act(async () => rerender(page({ ...over })));
  expect(scrolled).toEqual([banner]);
});

test("a page opened on a match already over does not move", async () => {
  await act(async () => {
    render(page(over));
  });
  expect(document.querySelector(".match-end")?.textContent).toContain("You lose");
  expect(scrolled).toEqual([]);
});
