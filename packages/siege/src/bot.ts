/**
 * How Siege's random bot weighs its choices: still random among legal commands, but shots,
 * gadgets and reactions are favoured so bot matches reach combat, and the huge setup lists
 * (token places) are one group each.
 */
import type { BotPolicy } from "@fogwar/engine";
import type { SiegeCommand } from "./types";

const WEIGHTS: Record<string, number> = {
  shoot: 12,
  react: 10,
  gadget: 4,
  special: 3,
  breach: 3,
  step: 6,
  activate: 4,
  end_activation: 1,
  end_phase: 1,
  hold: 2,
  end_setup: 1,
};

/** The bot policy for Siege. */
export const siegeBotPolicy: BotPolicy<SiegeCommand> = {
  group: (command) => command.type,
  weight: (group) => WEIGHTS[group] ?? 2,
};
