/**
 * The action bar's clamped note (./ClampedNote.tsx): on a phone a long outcome shows two lines, a
 * "Show all" button opens it whole and "Show less" folds it; a note that fits has no button; a new
 * note starts folded. jsdom lays nothing out, so the note's heights are set by hand.
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { ClampedNote } from "./ClampedNote";
import { inEnglish } from "../../test/english";

inEnglish();

/** Renders with every clamped body `content` px tall (or as tall as `content()` says) in a 40 px box (two lines). */
function withHeight(content: number | (() => number), body: () => void | Promise<void>): void | Promise<void> {
  const height = typeof content === "number" ? () => content : content;
  const proto = Element.prototype;
  const scroll = Object.getOwnPropertyDescriptor(proto, "scrollHeight");
  const client = Object.getOwnPropertyDescriptor(proto, "clientHeight");
  Object.defineProperty(proto, "scrollHeight", { configurable: true, get(this: Element) { return this.classList.contains("clamped-body") ? height() : 0; } });
  Object.defineProperty(proto, "clientHeight", { configurable: true, get(this: Element) { return this.classList.contains("clamped-body") ? Math.min(height(), 40) : 0; } });
  const restore = () => {
    Object.defineProperty(proto, "scrollHeight", scroll!);
    Object.defineProperty(proto, "clientHeight", client!);
  };
  let done: void | Promise<void>;
  try {
    done = body();
  } catch (error) {
    restore();
    throw error;
  }
  if (done) return done.finally(restore);
  restore();
}

const note = (key: number, text: string) => (
  <ClampedNote className="last-roll" label="Last roll" noteKey={key}>
    {text}
  </ClampedNote>
);

test("a note longer than its two lines has Show all, which opens it whole, and Show less, which folds it; a new note starts folded", () => {
  withHeight(100, () => {
    const { rerender } = render(note(1, "Fence raider hits Tomas Reed with an aimed shot: rolled 6 (needed over 4) · Tomas Reed's toughness stops the hit"));
    const region = screen.getByRole("region", { name: "Last roll" });
    expect(region.classList.contains("open")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Show all ▾" }));
    expect(region.classList.contains("open")).toBe(true);
    expect(screen.getByRole("button", { name: "Show less ▴" }).getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Show less ▴" }));
    expect(region.classList.contains("open")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Show all ▾" }));
    rerender(note(2, "Yard raider misses Ines Vale: rolled 2 (needed over 4), and more words to fill three lines"));
    expect(region.classList.contains("open")).toBe(false);
    expect(screen.getByRole("button", { name: "Show all ▾" }).getAttribute("aria-expanded")).toBe("false");
  });
});

test("a note that fits its two lines (and any note on a desktop, which never clamps) has no button", () => {
  withHeight(36, () => {
    render(note(1, "Yard raider misses Ines Vale"));
    expect(screen.queryByRole("button")).toBeNull();
  });
});

test("a note whose words grow past its two lines (the same note, its box still two lines tall) gains Show all", async () => {
  let content = 36;
  await withHeight(
    () => content,
    async () => {
      const { rerender } = render(note(1, "Yard raider misses Ines Vale"));
      expect(screen.queryByRole("button")).toBeNull();
      content = 100;
      rerender(note(1, "Yard raider misses Ines Vale: rolled 2 (needed over 4), and more words to fill three lines"));
      expect(await screen.findByRole("button", { name: "Show all ▾" })).toBeTruthy();
    },
  );
});
