/**
 * An event log box that follows new lines without moving the window: when lines are added and the
 * reader was at the bottom of the box, the box's own `scrollTop` goes to its end (never
 * `scrollIntoView`, which scrolls every scrollable ancestor, the window too); a reader who
 * scrolled up in the box stays where they are.
 */
import { useLayoutEffect, useRef, type RefObject } from "react";

/** How close (px) to the end of the box counts as "at the bottom". */
const SLACK = 24;

/**
 * Keeps a scrollable box at its end while the reader is there. `count` is the number of lines
 * (the effect runs when it changes). Returns the box's ref and its scroll handler.
 */
export function useStickToBottom<T extends HTMLElement>(count: number): { ref: RefObject<T | null>; onScroll: () => void } {
  const ref = useRef<T | null>(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const box = ref.current;
    if (box && atBottom.current) box.scrollTop = box.scrollHeight;
  }, [count]);
  return {
    ref,
    onScroll: () => {
      const box = ref.current;
      if (box) atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight <= SLACK;
    },
  };
}
