/**
 * Standing answers to Siege's reaction prompts (seed 004 "대응 사격": a watcher that covers an enemy
 * who just ended an action may shoot, `react`, or not, `hold`), kept per browser in localStorage.
 * The table answers a prompt with `hold` on the player's behalf when a preference says so, and
 * shows a note; the player can change them at any time. Never a rule: the same `hold` a click sends.
 *
 * A preference may depend only on what the attack also sees. An answer sent at once is seen by
 * the attack as the prompt closing at once, so a preference that read the defence's secrets (which
 * watcher is a real operator, whether a real one could fire) would tell the attack that secret by
 * its timing: "hold when none of my watchers can actually fire" would mark every prompt raised by a
 * decoy alone. Hence the one preference, on the kind of the enemy's action, which both sides see.
 */
import type { SiegeCommand, SiegeEvent, SiegeView } from "@fogwar/siege";

/** The preferences: off by default (every prompt is asked). */
export interface ReactionPrefs {
  /** Hold at once when the enemy only moved (a step), not after its other actions. */
  readonly skipMoves: boolean;
}

export const NO_PREFS: ReactionPrefs = { skipMoves: false };
const KEY = "fogwar.siege.reactionPrefs";

/** The stored preferences of this browser (defaults when none or unreadable). */
export function loadPrefs(): ReactionPrefs {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return NO_PREFS;
    const v = JSON.parse(raw) as Partial<ReactionPrefs>;
    return { skipMoves: v.skipMoves === true };
  } catch {
    return NO_PREFS;
  }
}

/** Stores the preferences in this browser. */
export function savePrefs(p: ReactionPrefs): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(p));
  } catch {
    // Storage may be full or blocked: the preferences then last for this page only.
  }
}

/** Why a prompt was answered by a preference. */
export type AutoReason = "moves";

/**
 * The answer the preferences give to the viewer's pending reaction prompt, or null (ask the
 * player). `legal` is the viewer's legal commands; `lastEvents` the events of the latest command
 * (a step shows as `moved`). Reads only what the attack sees too: the prompt and the enemy's
 * last action, never which of the viewer's watchers could fire.
 */
export function autoAnswer(view: SiegeView, legal: readonly SiegeCommand[], prefs: ReactionPrefs, lastEvents: readonly SiegeEvent[]): { command: SiegeCommand; reason: AutoReason } | null {
  const p = view.pending;
  if (p?.kind !== "reaction") return null;
  const hold = legal.find((c) => c.type === "hold");
  if (!hold) return null;
  if (prefs.skipMoves && lastEvents.some((e) => e.type === "moved" && e.operator === p.target)) return { command: hold, reason: "moves" };
  return null;
}
