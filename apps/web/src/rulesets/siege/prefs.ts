/**
 * Standing answers to Siege's reaction prompts (seed 004 "대응 사격": a watcher that covers an enemy
 * who just ended an action may shoot, `react`, or not, `hold`), kept per browser in localStorage.
 * The table answers a prompt with `hold` on the player's behalf when a preference says so, and
 * shows a note; the player can change them at any time. Never a rule: the same `hold` a click sends.
 */
import type { SiegeCommand, SiegeEvent, SiegeView } from "@fogwar/siege";

/** The preferences: all off by default (every prompt is asked). */
export interface ReactionPrefs {
  /** Hold at once when no watcher of mine can actually fire (only a decoy token sees the enemy). */
  readonly skipUncovered: boolean;
  /** Hold at once when the enemy only moved (a step), not after its other actions. */
  readonly skipMoves: boolean;
  /** Operators that never take a reaction shot (for example to keep a hidden one hidden). */
  readonly never: readonly string[];
}

export const NO_PREFS: ReactionPrefs = { skipUncovered: false, skipMoves: false, never: [] };
const KEY = "fogwar.siege.reactionPrefs";

/** The stored preferences of this browser (defaults when none or unreadable). */
export function loadPrefs(): ReactionPrefs {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return NO_PREFS;
    const v = JSON.parse(raw) as Partial<ReactionPrefs>;
    return { skipUncovered: v.skipUncovered === true, skipMoves: v.skipMoves === true, never: Array.isArray(v.never) ? v.never.filter((x) => typeof x === "string") : [] };
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
export type AutoReason = "uncovered" | "moves" | "never";

/**
 * The answer the preferences give to the viewer's pending reaction prompt, or null (ask the
 * player). `legal` is the viewer's legal commands; `lastEvents` the events of the latest command
 * (a step shows as `moved`). Reads only the viewer's own view.
 */
export function autoAnswer(view: SiegeView, legal: readonly SiegeCommand[], prefs: ReactionPrefs, lastEvents: readonly SiegeEvent[]): { command: SiegeCommand; reason: AutoReason } | null {
  const p = view.pending;
  if (p?.kind !== "reaction") return null;
  const hold = legal.find((c) => c.type === "hold");
  if (!hold) return null;
  const reacts = legal.filter((c): c is Extract<SiegeCommand, { type: "react" }> => c.type === "react");
  if (reacts.length === 0) return prefs.skipUncovered ? { command: hold, reason: "uncovered" } : null;
  if (prefs.skipMoves && lastEvents.some((e) => e.type === "moved" && e.operator === p.target)) return { command: hold, reason: "moves" };
  if (reacts.every((c) => prefs.never.includes(c.operator))) return { command: hold, reason: "never" };
  return null;
}
