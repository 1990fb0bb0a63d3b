/**
 * The tactical TRPG (seed 002) as online bots play it (`pnpm bots --game trpg`): the lobby request
 * of a game-master or versus match on a sample scenario, its party characters handed out to the
 * party seats in turn, and each seat's legal commands from its own projection, so the enemies'
 * seat (the game master's too) plays from what it receives and the party's from theirs.
 */
import { catalog, legalCommandsInView, trpg, trpgBotPolicy, type TrpgView } from "@fogwar/trpg";
import type { BotPolicy } from "@fogwar/engine";
import { OnlineBotError, type BotCommand, type OnlineGame } from "../../online";

/** A TRPG bot match's settings. */
export interface TrpgOnlineOptions {
  /** A sample scenario's id (packages/trpg/data/scenarios). */
  readonly scenario: string;
  /** `gm`: a game master's seat plays the enemies; `versus`: an enemies' player. */
  readonly mode: "gm" | "versus";
  /** Party seats, 1 to 4 (at most one per party character). */
  readonly players: number;
  /** Spectator delay in rounds. */
  readonly spectatorDelay?: number;
}

/** The TRPG match of `options` for {@link playOnlineGame}. @throws OnlineBotError for an unknown scenario or too many players. */
export function trpgOnlineGame(options: TrpgOnlineOptions): OnlineGame {
  const scenario = catalog.scenarios.get(options.scenario);
  if (!scenario) throw new OnlineBotError(`unknown scenario "${options.scenario}" (try: ${[...catalog.scenarios.keys()].join(", ")})`);
  const players = options.players;
  if (players < 1 || players > Math.min(4, scenario.party.length)) throw new OnlineBotError(`${scenario.id} takes 1 to ${Math.min(4, scenario.party.length)} party players`);
  const characters = (p: number) => scenario.party.filter((_, i) => i % players === p).map((c) => c.id);
  return {
    request: {
      ruleset: trpg.id,
      scenario: scenario.id,
      players: [
        { name: options.mode === "gm" ? "bot-gm" : "bot-enemies", team: options.mode === "gm" ? "gm" : "enemies" },
        ...Array.from({ length: players }, (_, p) => ({ name: `bot-${p + 1}`, team: "party", army: { characters: characters(p) } })),
      ],
      options: { spectatorDelay: options.spectatorDelay ?? 0 },
    },
    legal: (view, seat) => legalCommandsInView(view as TrpgView, seat),
    policy: trpgBotPolicy as BotPolicy<BotCommand>,
  };
}
