/**
 * Realistic players' names for rendering tables in tests: every seat id the rulesets use (EMBER's
 * p1-p4, Siege's a1-a2 and d1-d2, the TRPG's gm and e1) with a name, Latin and Hangul mixed as in a real lobby, and a
 * wrapper that gives them to the table through the PlayersProvider.
 */
import type { ReactElement } from "react";
import { PlayersProvider, type SeatPlayer } from "../src/table/names";

/** A name per seat id. */
export const NAMES: Readonly<Record<string, string>> = { p1: "Ada", p2: "민준", p3: "Grace", p4: "서연", a1: "Lee", a2: "지우", d1: "Maya", d2: "하준", gm: "Mara", e1: "도윤" };

/** The players of `seats` with their names from NAMES. */
export const playersOf = (seats: readonly string[]): SeatPlayer[] => seats.map((seat) => ({ seat, name: NAMES[seat] ?? seat }));

/** `element` inside a PlayersProvider naming every seat id of NAMES. */
export const withNames = (element: ReactElement): ReactElement => <PlayersProvider players={playersOf(Object.keys(NAMES))}>{element}</PlayersProvider>;
