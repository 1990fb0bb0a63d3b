/**
 * The table's aids (the odds before a roll, why an action is missing) are computed with the page's
 * own rules package. A live match the server plays under an older rules version (its frozen
 * build, ./rules-version.ts) may differ from them, so there the aids are left out rather than
 * shown wrong, and the table says so once (`useRulesetTable`'s `olderNote`). The route body
 * provides the older version (`OlderRulesVersion`, null under today's rules); each aid asks
 * `useAidsShown()`.
 */
import { createContext, useContext } from "react";

/** The older rules version the shown match plays, or null when the page's own rules play it. */
export const OlderRulesVersion = createContext<string | null>(null);

/** Whether the table's aids may be shown: the page's own rules play the match. */
export function useAidsShown(): boolean {
  return useContext(OlderRulesVersion) === null;
}
