/**
 * The table's first paint holds the decision, not the board (./Later.tsx): what `Later` wraps is
 * not in the commit that first shows the decision, and follows in the next one; the placeholder
 * holds its place until then.
 */
import { act, render } from "@testing-library/react";
import { useLayoutEffect, type ReactElement } from "react";
import { DrawAtOnce, Later } from "./Later";

/** A decision button that records, as its first commit is laid out, whether the board was already in the page. */
function Decision({ seen }: { seen: boolean[] }) {
  useLayoutEffect(() => {
    seen.push(document.querySelector(".board") !== null);
  }, [seen]);
  return <button type="button">Choose a side</button>;
}

test("the decision is committed without the board; the board follows in the next commit, in the placeholder's place", async () => {
  const seen: boolean[] = [];
  const placeholders: boolean[] = [];
  function Placeholder() {
    useLayoutEffect(() => {
      placeholders.push(document.querySelector(".board-placeholder") !== null);
    }, []);
    return <div className="board-placeholder" />;
  }
  await act(async () => {
    render(
      <>
        <Decision seen={seen} />
        <Later placeholder={<Placeholder />}>
          <svg className="board" />
        </Later>
      </>,
    );
  });
  expect(seen).toEqual([false]);
  expect(placeholders).toEqual([true]);
  expect(document.querySelector(".board")).not.toBeNull();
  expect(document.querySelector(".board-placeholder")).toBeNull();
});

test("later renders draw the children at once: they are mounted once, not deferred again", async () => {
  let mounts = 0;
  function Board({ n }: { n: number }) {
    useLayoutEffect(() => {
      mounts += 1;
    }, []);
    return <svg className="board" data-n={n} />;
  }
  const view = (n: number) => (
    <Later>
      <Board n={n} />
    </Later>
  );
  let rerender: (ui: ReactElement) => void = () => undefined;
  await act(async () => {
    ({ rerender } = render(view(1)));
  });
  act(() => rerender(view(2)));
  expect(document.querySelector(".board")?.getAttribute("data-n")).toBe("2");
  expect(mounts).toBe(1);
});

test("under DrawAtOnce (the review) the children are in the first commit", async () => {
  const seen: boolean[] = [];
  await act(async () => {
    render(
      <DrawAtOnce.Provider value={true}>
        <Decision seen={seen} />
        <Later placeholder={<div className="board-placeholder" />}>
          <svg className="board" />
        </Later>
      </DrawAtOnce.Provider>,
    );
  });
  expect(seen).toEqual([true]);
  expect(document.querySelector(".board-placeholder")).toBeNull();
});
