/**
 * What a seat's `concede` message enters in the log (docs/protocol.md "Conceding"; docs/design.md
 * "Clocks and abandonment"): the ruleset's own concession command when its hosting names one
 * (`HostedRuleset.concedeCommand`: the rules decide what it means, and a replay is the rules'
 * own), else the referee's concession `{ referee: "concede" }` (@fogwar/engine referee.ts: the
 * seat's side loses). A rules version older than the ruleset's concession (Siege 0.1.0 had none)
 * refuses the command: the referee's concession stands in for it, so a player may concede every
 * live match, in every ruleset and rules version.
 */
import type { HostedRuleset } from "./hosts/index.js";

/** The log entry of a concession: its command, and whether it is a referee entry (the server's, never a client's). */
export interface Concession {
  readonly command: unknown;
  readonly referee: boolean;
}

/** The referee's concession (the seat's side loses). */
export const REFEREE_CONCESSION: Concession = { command: { referee: "concede" }, referee: true };

/**
 * The concession `seat` enters on `state` (see the module comment). Pure: the ruleset's `apply`
 * is asked whether its rules take their own command (nothing is changed).
 */
export function concessionOf(host: HostedRuleset, state: unknown, seat: string): Concession {
  const own = host.concedeCommand;
  if (own === undefined) return REFEREE_CONCESSION;
  return host.ruleset.apply(state, own, seat).ok ? { command: own, referee: false } : REFEREE_CONCESSION;
}
