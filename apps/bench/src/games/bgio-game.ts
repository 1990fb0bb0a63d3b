/**
 * The boardgame.io peer's game: the same small state as the floor room (two players, each with
 * public fields and private ones only its own seat sees), both players active at all times so
 * either may move whenever it likes. `act` moves the mover's piece and changes its private
 * fields; `playerView` keeps only the viewer's own private fields (a spectator sees none).
 */
import { ActivePlayers } from "boardgame.io/core";
import type { Game } from "boardgame.io";

/** A player's public fields. */
interface Piece {
  name: string;
  x: number;
  y: number;
  hp: number;
  moves: number;
}
/** A player's private fields. */
interface Secret {
  dial: string;
  reserve: number;
  plan: string;
}
/** The game state. */
export interface BenchG {
  seq: number;
  round: number;
  players: Record<string, Piece>;
  secret: Record<string, Secret>;
}

/** The game, named `bench`. */
export const benchGame: Game<BenchG> = {
  name: "bench",
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({
    seq: 0,
    round: 0,
    players: { "0": { name: "player 1", x: 0, y: 0, hp: 10, moves: 0 }, "1": { name: "player 2", x: 5, y: 0, hp: 10, moves: 0 } },
    secret: { "0": { dial: "none", reserve: 3, plan: "" }, "1": { dial: "none", reserve: 3, plan: "" } },
  }),
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    act: {
      // Applied by the server only: the client waits for the server's update, as a fogwar client waits for its acknowledgement.
      client: false,
      move: ({ G, playerID }) => {
      const piece = G.players[playerID];
      const secret = G.secret[playerID];
      if (!piece || !secret) return;
      piece.x = (piece.x + 1) % 12;
      piece.y = (piece.y + (piece.x === 0 ? 1 : 0)) % 12;
      piece.moves += 1;
      secret.dial = `dial-${piece.moves % 7}`;
      secret.reserve = (secret.reserve + 1) % 5;
      secret.plan = `move ${piece.x},${piece.y}`;
      G.seq += 1;
      G.round = Math.floor(G.seq / 2);
      },
    },
  },
  playerView: ({ G, playerID }) => ({ ...G, secret: playerID != null && G.secret[playerID] ? { [playerID]: G.secret[playerID] } : {} }),
};
