/**
 * The end of a concealment (seed 002 3-3): the character's square becomes public, and the other
 * side knows of it from then on. Also what the other side keeps of a character it knows of while
 * it cannot see it (docs/rules/trpg.md "Presence").
 */
import type { Ctx } from "./context";
import type { CharacterState, RevealCause, TrpgState } from "./types";

/**
 * Records what the other side sees of `c` now ({@link SeenAs}), as it stops seeing it: called when
 * a character the other side knows of conceals, or when the other side learns of a concealed one.
 * Until `c` is revealed, that side's view (and the public's) shows these values, not its live ones.
 */
export function rememberSeen(s: TrpgState, c: CharacterState): void {
  s.server.seenAs[c.id] = {
    wounds: c.wounds,
    status: c.status,
    deathFails: c.deathFails,
    stabilised: c.stabilised,
    prone: c.prone,
    braced: c.braced,
    peeking: c.peeking,
    weapon: c.weapon,
    slots: { ...c.slots },
    dodges: c.dodges,
    spent: [...c.spent],
    cold: c.cold,
  };
}

/**
 * Ends `c`'s concealment for `cause` (spotted by `by`, moved, attacked in melee, ...) and tells
 * everyone where it is. Seen now, `c` is perceived (seed 002 3-3 "상대가 자신을 인지하지 못한
 * 상태에서", since `trpg-0.6.0`): by `by`, who found it, and, unless their side is surprised (3-2: it
 * knows of nobody until the surprise ends), by all its opponents, as when a surprise ends. So a
 * revealed ambusher has no +2 against one that has seen it.
 */
export function reveal(ctx: Ctx, c: CharacterState, cause: RevealCause, by?: string): void {
  const s = ctx.s;
  c.concealed = false;
  c.concealment = null;
  c.known = true;
  c.lastSeen = c.at;
  delete s.server.seenAs[c.id];
  s.unaware = s.unaware.filter((pair) => {
    const [t, a] = pair.split(">") as [string, string];
    return a !== c.id || (t !== by && s.surprised === s.characters[t]?.side);
  });
  ctx.emit({ type: "revealed", character: c.id, at: c.at!, cause, ...(by ? { by } : {}) });
}
