/**
 * Players' names (names.tsx): a seat reads as its player's name; names that read the same get
 * the seat's number; a seat without a name reads "Player n"; a name is shown as text, never as
 * markup.
 */
import { act, render } from "@testing-library/react";
import i18next from "i18next";
import { PlayersProvider, seatNamer, useSeatNamer } from "./names";
import { inEnglish } from "../../test/english";

inEnglish();

const fallback = (n: number) => `Player ${n}`;

test("a seat reads as its player's name; the same name twice (case and width folded) gets the seat's number", () => {
  const name = seatNamer(["p1", "p2", "p3"], [
    { seat: "p1", name: "Ada" },
    { seat: "p2", name: " ada " },
    { seat: "p3", name: "Grace" },
  ], fallback);
  expect(["p1", "p2", "p3"].map(name)).toEqual(["Ada (1)", "ada (2)", "Grace"]);
});

test("a seat without a name reads as its number in seat order, never as its id", () => {
  const name = seatNamer(["a1", "d1"], [{ seat: "a1", name: "Lee" }], fallback);
  expect(name("a1")).toBe("Lee");
  expect(name("d1")).toBe("Player 2");
  expect(name("x9")).toBe("Player 3");
});

test("a name is rendered as text: markup in it stays characters", () => {
  function Probe() {
    const name = useSeatNamer(["p1"]);
    return <p>{name("p1")}</p>;
  }
  const { container } = render(
    <PlayersProvider players={[{ seat: "p1", name: "<b>Ada</b>" }]}>
      <Probe />
    </PlayersProvider>,
  );
  expect(container.querySelector("b")).toBeNull();
  expect(container.textContent).toBe("<b>Ada</b>");
});

test("the names the lobby gives (its bot, a nameless player) read in the reader's language, whatever language the match was made in", async () => {
  function Probe() {
    const name = useSeatNamer(["p1", "p2", "p3"]);
    return <p>{["p1", "p2", "p3"].map(name).join(" | ")}</p>;
  }
  const players = [
    { seat: "p1", name: "플레이어" },
    { seat: "p2", name: "봇" },
    { seat: "p3", name: "Ada" },
  ];
  const { container, rerender } = render(
    <PlayersProvider players={players}>
      <Probe />
    </PlayersProvider>,
  );
  expect(container.textContent).toBe("Player | Bot | Ada");
  await act(() => i18next.changeLanguage("ko"));
  rerender(
    <PlayersProvider players={[...players.slice(0, 2).map((p) => ({ ...p, name: p.name === "봇" ? "Bot" : "Player" })), players[2]!]}>
      <Probe />
    </PlayersProvider>,
  );
  expect(container.textContent).toBe("플레이어 | 봇 | Ada");
  await act(() => i18next.changeLanguage("en"));
});
