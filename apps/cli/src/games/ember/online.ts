/**
 * EMBER as online bots play it (`pnpm bots`, the benches and the wire tests): the lobby request of
 * a match on a sample scenario with sample armies, and each seat's legal commands from its own
 * projection.
 */
import type { BotPolicy } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, legalCommandsInView, validateArmy, type EmberView } from "@fogwar/ember";
import { OnlineBotError, playOnlineGame, type BotCommand, type OnlineGame, type OnlineMatchReport, type OnlinePlayOptions } from "../../online";

/** One online EMBER bot match's settings. */
export interface OnlineMatchOptions extends OnlinePlayOptions {
  readonly scenario: string;
  /** Sample army indexes (packages/ember/data/armies.json) for p1, p2, ... (2 to 4 seats). */
  readonly armies: readonly number[];
  /** Each seat's team, in seat order, for a 2 v 2 (seed 001 6.1); none: every seat alone. */
  readonly teams?: readonly string[];
  readonly progressiveReveal?: boolean;
  /** Spectator delay in rounds. */
  readonly spectatorDelay?: number;
}

/** The EMBER match of `options` for {@link playOnlineGame}. @throws OnlineBotError for an unknown sample army. */
export function emberOnlineGame(options: OnlineMatchOptions): OnlineGame {
  const armies = options.armies.map((i) => {
    const army = catalog.data.armies[i];
    if (!army) throw new OnlineBotError(`no sample army ${i} (0-${catalog.data.armies.length - 1})`);
    return army;
  });
  return {
    request: {
      ruleset: ember.id,
      scenario: options.scenario,
      players: armies.map((army, i) => ({ name: `bot-${i + 1}`, army, ...(options.teams?.[i] ? { team: options.teams[i] } : {}) })),
      options: { progressiveReveal: options.progressiveReveal ?? false, spectatorDelay: options.spectatorDelay ?? 0 },
    },
    legal: (view, seat) => legalCommandsInView(view as EmberView, seat),
    policy: emberBotPolicy as BotPolicy<BotCommand>,
  };
}

/** Plays one bot-vs-bot EMBER match against a running server, with optional spectators. */
export function playOnlineMatch(options: OnlineMatchOptions): Promise<OnlineMatchReport> {
  return playOnlineGame(emberOnlineGame(options), options);
}

/** The body of a lobby request for a 1 v 1 on Crossroads with two fitting sample armies picked by `pick`, players named `${prefix}-1` and `${prefix}-2`. */
export function crossroadsRequest(pick: <T>(items: readonly T[]) => T, prefix: string): unknown {
  const scenario = catalog.scenarios.get("crossroads")!;
  const fitting = catalog.data.armies.filter((a) => validateArmy(a, scenario.battleSize).length === 0);
  const players = [0, 1].map((i) => ({ name: `${prefix}-${i + 1}`, army: pick(fitting) }));
  return { ruleset: ember.id, scenario: scenario.id, players };
}
