/**
 * The end of a concealment (seed 002 3-3): the character's square becomes public, and the other
 * side knows of it from then on.
 */
import type { Ctx } from "./ctx";
import type { CharacterState, RevealCause } from "./types";

/** Ends `c`'s concealment for `cause` (spotted by `by`, moved, attacked in melee, ...) and tells everyone where it is. */
export function reveal(ctx: Ctx, c: CharacterState, cause: RevealCause, by?: string): void {
  c.concealed = false;
  c.concealment = null;
  c.known = true;
  c.lastSeen = c.at;
  ctx.emit({ type: "revealed", character: c.id, at: c.at!, cause, ...(by ? { by } : {}) });
}
