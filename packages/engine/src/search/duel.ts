/**
 * Plays one match between bots where each seat decides through its own projection: the harness
 * for measuring a search bot against the random bot (benchmarks, strength tests).
 */
import { AutoplayError } from "../bot";
import { Match } from "../log";
import type { Ruleset } from "../ruleset";
import { seatViewer, type SeatId } from "../visibility";

/**
 * A seat's player: given the seat's projection (`viewFor(state, seat)`) and its legal commands,
 * the command to send. A player that needs only the view ignores `legal`; a random bot picks
 * among `legal` (which equals `legalCommandsInView(view, seat)`).
 */
export type SeatPlayer<Command, View> = (view: View, seat: SeatId, legal: readonly Command[]) => Command | null;

/** What {@link duel} reports: the finished match, and per seat the milliseconds each of its decisions took. */
export interface DuelOutcome<Setup, State, Command, Event, View> {
  readonly match: Match<Setup, State, Command, Event, View>;
  readonly thinkMs: Record<SeatId, number[]>;
}

/**
 * Plays `setup` with `seed` to the end, each awaited seat asking its player.
 * @param options.maxCommands guard against a match that never ends (default 20,000).
 * @param options.clock a clock in milliseconds for the think-time figures (benchmarks pass
 *   `performance.now`); without it the figures are zero.
 * @throws AutoplayError if a seat has no player or no command, a command is rejected, or the
 *   match runs past `maxCommands`.
 */
export function duel<Setup, State, Command, Event, View>(
  ruleset: Ruleset<Setup, State, Command, Event, View>,
  setup: Setup,
  seed: string,
  players: Readonly<Record<SeatId, SeatPlayer<Command, View>>>,
  options: { maxCommands?: number; clock?: () => number } = {},
): DuelOutcome<Setup, State, Command, Event, View> {
  const match = new Match(ruleset, setup, seed);
  const thinkMs: Record<SeatId, number[]> = {};
  const max = options.maxCommands ?? 20_000;
  for (let n = 0; ruleset.result(match.state) === null; n++) {
    if (n >= max) throw new AutoplayError(`no result after ${max} commands`);
    const seat = ruleset.awaiting(match.state)[0];
    if (seat === undefined) throw new AutoplayError("the match awaits nobody but has no result");
    const player = players[seat];
    if (!player) throw new AutoplayError(`no player for seat ${seat}`);
    const view = ruleset.viewFor(match.state, seatViewer(seat));
    const legal = ruleset.legalCommands(match.state, seat);
    const start = options.clock?.() ?? 0;
    const command = player(view, seat, legal);
    (thinkMs[seat] ??= []).push((options.clock?.() ?? 0) - start);
    if (command === null) throw new AutoplayError(`seat ${seat} is awaited but chose no command`);
    const outcome = match.submit(seat, command);
    if (!outcome.ok) throw new AutoplayError(`seat ${seat}'s command rejected: ${outcome.error.code} ${JSON.stringify(command)}`);
  }
  return { match, thinkMs };
}
