/**
 * EMBER on boardgame.io: the peer that plays the same game as the fogwar server, so bytes and
 * CPU per command compare like with like. G is the EMBER engine state from `ember.setup`
 * ("crossroads", sample armies 0 and 2, a fresh random dice seed per match, as the fogwar server
 * makes them); the one move `command` calls the ruleset's `apply` for the mover's seat and makes
 * its new state G (an illegal command is INVALID_MOVE); `playerView` is the ruleset's projection
 * of G for the viewer (a spectator gets the spectator view). Both players are active at all
 * times: the ruleset decides whose turn it is. boardgame.io sends each client its whole filtered
 * state with every update (its default; `deltaState` is off).
 */
import { ActivePlayers, INVALID_MOVE } from "boardgame.io/core";
import type { Game } from "boardgame.io";
import { original } from "immer";
import { spectator, seatViewer } from "@fogwar/engine";
import { ember, sharedViewFor, type EmberCommand, type EmberState } from "@fogwar/ember";
import { newEmberState } from "./ember-setup.js";

/** boardgame.io's player ids "0", "1" are the fogwar seats "p1", "p2". */
export const seatOf = (playerID: string): string => `p${Number(playerID) + 1}`;

/** The game, named `ember`. */
export const emberGame: Game<EmberState> = {
  name: "ember",
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => newEmberState(),
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    command: {
      // Applied by the server only: the client waits for the server's update.
      client: false,
      move: ({ G, playerID }, command: EmberCommand) => {
        // boardgame.io hands moves an immer draft; the ruleset is pure and copies what it changes,
        // so it gets the plain state under the draft (reading the whole state through immer's
        // proxies would only add boardgame.io cost no sensible game author would pay).
        const result = ember.apply(original(G) ?? G, command, seatOf(playerID));
        return result.ok ? result.state : INVALID_MOVE;
      },
    },
  },
  // The same JSON as `viewFor` without its copy: boardgame.io serialises the view at once.
  playerView: ({ G, playerID }) => sharedViewFor(G, playerID == null ? spectator : seatViewer(seatOf(playerID))),
  endIf: ({ G }) => G.result ?? undefined,
};
