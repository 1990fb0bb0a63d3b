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

/**
 * The bot policy for Siege. A decision's answers that are not one group each are weighed apart:
 * firing back in an exchange of fire (seed 004 "사격 교환") as a reaction shot, not firing as holding.
 */
export const siegeBotPolicy: BotPolicy<SiegeCommand> = {
  group: (command) => (command.type === "return_fire" ? (command.fire ? "react" : "hold") : command.type),
  weight: (group) => WEIGHTS[group] ?? 2,
};
