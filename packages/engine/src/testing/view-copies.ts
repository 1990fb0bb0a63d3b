/**
 * An attack on the views' copies (design.md "Hidden information"): a viewer's `viewFor` is its own
 * copy (made from a projection the ruleset may keep and share between viewers and calls). A
 * client or server code that changes every byte of the copy it got must change nothing any other
 * viewer, or a later call for the same viewer, receives: no view shares an object with another
 * or with the state it was made from.
 */
import type { Viewer } from "../visibility";

/** Every string, number and boolean of `value` changed in place, and every array emptied of its last item. */
function scramble(value: unknown): void {
  if (typeof value !== "object" || value === null) return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const v = record[key];
    if (typeof v === "string") record[key] = `${v}~changed`;
    else if (typeof v === "number") record[key] = v + 7919;
    else if (typeof v === "boolean") record[key] = !v;
    else scramble(v);
  }
  if (Array.isArray(value) && value.length > 0) value.push(value[0]);
}

/**
 * Takes each viewer's view of `state`, scrambles the copy, and returns the viewers (by index)
 * whose view, asked again, or whose state, differs from before: [] when every copy stands alone.
 * Shapes: `viewers` in any order; the state is compared as JSON.
 */
export function viewCopiesStandAlone<State, View>(viewFor: (state: State, viewer: Viewer) => View, state: State, viewers: readonly Viewer[]): string[] {
  const before = viewers.map((v) => JSON.stringify(viewFor(state, v)));
  const stateBefore = JSON.stringify(state);
  const problems: string[] = [];
  for (const [i, viewer] of viewers.entries()) {
    scramble(viewFor(state, viewer));
    viewers.forEach((other, k) => {
      if (JSON.stringify(viewFor(state, other)) !== before[k]) problems.push(`scrambling viewer ${i}'s copy changed viewer ${k}'s view`);
    });
    if (JSON.stringify(state) !== stateBefore) problems.push(`scrambling viewer ${i}'s copy changed the state`);
  }
  return problems;
}
