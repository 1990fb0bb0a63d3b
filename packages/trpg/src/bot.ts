/**
 * How the TRPG's random bot weighs its choices: still random among the legal commands, but
 * attacks and moves are favoured so bot matches reach their end, and the game master's console
 * checks are rare.
 */
import type { BotPolicy } from "@fogwar/engine";
import type { TrpgCommand } from "./types";

const WEIGHTS: Record<string, number> = {
  shoot: 14,
  snapshot: 4,
  melee: 8,
  shove: 1,
  suppress: 2,
  move: 8,
  sprint: 2,
  step: 2,
  overwatch: 2,
  spot: 2,
  conceal: 3,
  heal: 2,
  stabilise: 3,
  end_turn: 2,
  end_round: 4,
  delayed_turn: 6,
  decide: 1,
  delay: 0.2,
  prone: 0.3,
  call_check: 0.05,
  resist: 0.02,
};

/** The bot policy for the TRPG (a delayed turn in the round-end step is its own group). */
export const trpgBotPolicy: BotPolicy<TrpgCommand> = {
  group: (command) => (command.type === "end_round" && command.turns?.length ? "delayed_turn" : command.type),
  weight: (group) => WEIGHTS[group] ?? 1,
};
