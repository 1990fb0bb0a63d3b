/**
 * EMBER states for the web tests: a match of seeded random bots (two skirmish armies from the
 * catalog, Crossroads) played until a state the test wants, trying seeds in turn.
 */
import { catalog, ember, emberBotPolicy, validateArmy, type EmberCommand, type EmberEvent, type EmberState } from "@fogwar/ember";
import { Match, RandomBot } from "@fogwar/engine";

type Setup = { scenario: string; seats: readonly ["p1", "p2"]; armies: Record<"p1" | "p2", (typeof catalog.data.armies)[number]> };

/**
 * The first state of a bot match for which `wanted` holds.
 * @throws when no seed of `seeds` reaches one.
 */
export function emberStateWhere(wanted: (state: EmberState) => boolean, tag: string, seeds = 80): EmberState {
  const fitting = catalog.data.armies.filter((a) => validateArmy(a, "skirmish").length === 0);
  const setup: Setup = { scenario: "crossroads", seats: ["p1", "p2"], armies: { p1: fitting[0]!, p2: fitting[1] ?? fitting[0]! } };
  for (let i = 0; i < seeds; i++) {
    const match = new Match(ember, setup, `${tag}-${i}`) as unknown as Match<Setup, EmberState, EmberCommand, EmberEvent, never>;
    const bots = { p1: new RandomBot<EmberCommand>(`${tag}${i}:p1`, emberBotPolicy), p2: new RandomBot<EmberCommand>(`${tag}${i}:p2`, emberBotPolicy) };
    for (let n = 0; n < 3000 && match.state.phase !== "finished"; n++) {
      if (wanted(match.state)) return match.state;
      const seat = ember.awaiting(match.state)[0] as "p1" | "p2";
      if (!match.submit(seat, bots[seat].choose(ember.legalCommands(match.state, seat))!).ok) break;
    }
  }
  throw new Error(`no seed reached the state (${tag})`);
}
