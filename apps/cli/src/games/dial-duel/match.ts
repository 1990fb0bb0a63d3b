/**
 * Plays a whole dial duel (the engine's fixture ruleset, @fogwar/engine/testing) between two random
 * bots and prints its log as one viewer saw it (`pnpm match --game dial-duel`): a test of the
 * games registry, not a game offered to players.
 *
 *   pnpm match --game dial-duel [--seed S] [--as spectator|p1|p2|omniscient] [--quiet]
 */
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import { autoplay, omniscient, seatViewer, spectator, verifySeed, type Viewer } from "@fogwar/engine";
import { dialDuel, type DialDuelEvent } from "@fogwar/engine/testing";
import { gameArgs } from "../args";
import { fail, printEnding } from "../local";

const { values } = parseArgs({
  args: gameArgs(),
  options: { seed: { type: "string" }, as: { type: "string", default: "spectator" }, quiet: { type: "boolean", default: false } },
});

/** One event as a line of the log. */
export function describeDial(event: DialDuelEvent): string {
  switch (event.type) {
    case "match_started":
      return `dial duel: ${event.seats.join(" vs ")}, ${event.starter} starts (seed commitment ${event.seedCommitment.slice(0, 12)}...)`;
    case "locked":
      return event.number === undefined ? `round ${event.round}: ${event.seat} locks a number (commitment ${event.commitment.slice(0, 12)}...)` : `round ${event.round}: ${event.seat} locks ${event.number}`;
    case "revealed":
      return `round ${event.round}: ${event.seat} reveals ${event.number}`;
    case "tiebreak":
      return `round ${event.round}: tie-break ${Object.entries(event.rolls).map(([s, r]) => `${s} ${r}`).join(", ")}`;
    case "round_won":
      return `round ${event.round} to ${event.winner}`;
    case "starter_chosen":
      return `${event.chooser} lets ${event.starter} start round ${event.round}`;
    case "match_over":
      return `${event.winner} wins the duel`;
  }
}

const seed = values.seed ?? randomBytes(16).toString("hex");
const as = values.as as string;
const viewer: Viewer = as === "omniscient" ? omniscient : as === "spectator" ? spectator : as === "p1" || as === "p2" ? seatViewer(as) : fail("--as takes spectator, p1, p2 or omniscient");
const print = (line: string) => {
  if (!values.quiet) console.log(line);
};
let seen = 0;
const played = autoplay(dialDuel, { seats: ["p1", "p2"] }, seed, seed, {
  onCommand(m) {
    const log = m.toLog();
    const envelopes = [...(seen === 0 ? log.setupEvents : []), ...log.entries.slice(seen).flatMap((e) => e.events)];
    for (const env of envelopes) {
      const event = dialDuel.redact(env, viewer);
      if (event) print(describeDial(event));
    }
    seen = log.entries.length;
  },
});
printEnding(dialDuel, played.toLog(), played.state, verifySeed(played.state.seedCommitment, seed));
