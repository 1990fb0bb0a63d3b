/** Typings for the `glicko2` package (1.2.2), which ships none: only what ./rate.ts uses. */
declare module "glicko2" {
  /** A player of one rating period. */
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }

  /** The system's settings: `tau` (volatility constraint, 0.3..1.2) and the defaults of a new player. */
  export interface Glicko2Settings {
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
    volatility_algorithm?: "oldprocedure" | "newprocedure" | "newprocedure_mod" | "oldprocedure_simple";
  }

  /** A Glicko-2 rating period: make its players, then `updateRatings` with its games. */
  export class Glicko2 {
    constructor(settings?: Glicko2Settings);
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    /** Rates the period's games: `[player1, player2, outcome]`, outcome 1 (player1 won), 0 (lost) or 0.5 (draw). */
    updateRatings(matches: readonly (readonly [Glicko2Player, Glicko2Player, number])[]): void;
  }

  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
