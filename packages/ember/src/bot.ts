/**
 * How EMBER's random bot weighs its choices: still random among legal commands, but attacks,
 * launches and approaches are favoured over ending an activation early, so bot matches reach combat,
 * and optical camouflage is taken often, so playouts exercise its hidden real square (seed 000 6.2).
 * Designation abilities are usually used, sometimes not (seed 000 1.2.1), so playouts meet every
 * way the hit part is decided; the defender's cancellation and link rerolls, EW rolls' included
 * (seed 000 1.2.1, 4, 5.2), are picked among the legal answers like any other decision.
 */
import type { BotPolicy } from "@fogwar/engine";
import type { EmberCommand } from "./types";

const WEIGHTS: Record<string, number> = {
  "act:attack": 12,
  "act:launch": 10,
  "act:smoke": 4,
  "command_drone:attack": 8,
  "act:move": 3,
  "act:camouflage": 6,
  // Deploying already camouflaged (seed 000 6.2) now and then, so playouts meet both openings.
  "deploy:camouflaged": 0.25,
  manoeuvre: 3,
  "command_drone:move": 3,
  set_stance: 1,
  end_activation: 1,
  end_commands: 1,
  "use_designation:use": 3,
  "use_designation:unused": 1,
};

/** The bot policy for EMBER: groups attacks apart from other actions and weighs them up. */
export const emberBotPolicy: BotPolicy<EmberCommand> = {
  group(command) {
    if (command.type === "act") {
      if (command.target) return "act:attack";
      // Launches (seed 000 1.5) name a drop point without a facing, or a scatter's drops.
      if (command.drops || (command.to && !command.facing)) return "act:launch";
      if (command.squares) return "act:smoke";
      if (command.to) return "act:move";
      return command.hidden ? "act:camouflage" : "act:other";
    }
    // A drone's automaton action (seed 000 1.2.1) is an attack like its command action.
    if (command.type === "command_drone") return command.order.kind === "move" ? "command_drone:move" : "command_drone:attack";
    // Using a designation ability, or not (seed 000 1.2.1).
    if (command.type === "use_designation") return command.use ? "use_designation:use" : "use_designation:unused";
    // Camouflaged deployments (seed 000 6.2) are one group, less likely than the plain ones.
    if (command.type === "deploy" && command.hidden) return "deploy:camouflaged";
    return command.type;
  },
  weight: (group) => WEIGHTS[group] ?? 1,
};
