/**
 * A table's first paint shows what the player must act on first (the turn line, the decision,
 * the action bar); the rest of the table (the board, the unit cards, the log) is drawn right
 * after it, as a React transition: the browser paints the decision, and a tap on it is handled,
 * before the larger render, which yields to input while it runs. On a phone the board alone can
 * take a few hundred ms to draw; the player reads the decision meanwhile.
 *
 * `placeholder` stands in until then (give it the space the content will take, so nothing jumps).
 * The children are mounted once: later renders draw them at once. Under {@link DrawAtOnce} (the
 * review, where the board is what the reader came for and each step draws a new table) they are
 * drawn at once.
 */
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";

/** True where tables draw everything in their first render (../review/ReviewPage.tsx). */
export const DrawAtOnce = createContext(false);

export function Later({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const now = useContext(DrawAtOnce);
  const [shown, setShown] = useState(now);
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, []);
  return <>{shown ? children : placeholder}</>;
}
