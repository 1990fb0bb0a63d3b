/**
 * Whether the match-end banner (./MatchEnd.tsx) stands above the table: the live table's route
 * (./TableRoute.tsx) says so once the match is over. A ruleset's own result section then leaves
 * out what the banner already says (the outcome in words, why) and keeps only what is its own (an
 * EMBER score line); in the review, where no banner stands, the section says it all.
 */
import { createContext, useContext } from "react";

/** True under a table whose match-end banner is shown. */
export const MatchEndShown = createContext(false);

/** Whether the match-end banner already shows the outcome and why. */
export const useMatchEndShown = (): boolean => useContext(MatchEndShown);
