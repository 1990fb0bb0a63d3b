/**
 * The bot's quick rules (no search): its answers to decisions. They are fixed and fast on purpose:
 * fire from overwatch, dodge, drop prone under suppressive fire, the harder cover (the game
 * master's call), let a fallen enemy die, and take the free strike on one leaving engagement.
 */
import type { TrpgCommand } from "./types";
import type { TrpgView } from "./view";

/** The bot's answer to the decision pending in `view` (null when none is). */
export function answer(view: TrpgView): TrpgCommand | null {
  const p = view.pending;
  if (!p) return null;
  const choice = { overwatch: "fire", dodge: "dodge", drop: "drop", cover_strength: p.options[p.options.length - 1]!, enemy_down: "kill", free_strike: "strike" }[p.kind];
  return { type: "decide", choice: p.options.includes(choice) ? choice : p.options[0]! };
}
