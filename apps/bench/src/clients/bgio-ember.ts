/**
 * Clients of boardgame.io playing EMBER (../games/bgio-ember.ts): matches created and joined
 * through its lobby and socket.io transport as for the small game (./bgio.ts). Each command is
 * chosen as the fogwar driver chooses it (./fogwar.ts): once every player's client shows the last
 * update, the first seat with legal commands in its own projection (`legalCommandsInView` on its
 * G, which is its `playerView`) sends the seeded random bot's pick as the `command` move; the
 * round trip ends when the mover's client receives the state that follows. A match whose
 * projection carries a result is over.
 */
import { RandomBot } from "@fogwar/engine";
import { emberBotPolicy, legalCommandsInView, type EmberCommand, type EmberView } from "@fogwar/ember";
import { emberGame } from "../games/bgio-ember.js";
import { createBgio, joinBgio, type BgioConnection } from "./bgio.js";
import type { BenchMatch, Target, RoundTrip } from "./target.js";

const viewOf = (c: BgioConnection) => c.client.getState()?.G as EmberView | undefined;

class BgioEmberMatch implements BenchMatch {
  private lastStateId = 0;
  private readonly bots: Map<string, RandomBot<EmberCommand>>;

  constructor(
    readonly players: BgioConnection[],
    readonly spectators: BgioConnection[],
    seed: string,
  ) {
    this.bots = new Map(players.map((p) => [p.seat as string, new RandomBot<EmberCommand>(`${seed}:${p.seat}`, emberBotPolicy)]));
  }

  get over(): boolean {
    return Boolean(viewOf(this.players[0] as BgioConnection)?.result);
  }

  async command(): Promise<RoundTrip | null> {
    // Every seat's client must show the last accepted command before the next mover is chosen.
    await Promise.all(this.players.map((p) => p.waiter.until(() => p.stateId >= this.lastStateId, `state ${this.lastStateId}`)));
    if (this.over) return null;
    const mover = this.players.map((p) => ({ p, legal: legalCommandsInView(viewOf(p) as EmberView, p.seat as string) })).find((m) => m.legal.length > 0);
    if (!mover) throw new Error(`nobody has a legal command at state ${this.lastStateId}, yet the match has no result`);
    const command = this.bots.get(mover.p.seat as string)?.choose(mover.legal) as EmberCommand;
    const before = mover.p.stateId;
    const t0 = performance.now();
    mover.p.client.moves.command!(command);
    // An illegal move gets no update: it shows as a time-out naming the command.
    await mover.p.waiter.until(() => mover.p.stateId > before, `the state after ${mover.p.seat}'s ${JSON.stringify(command)}`);
    const ms = performance.now() - t0;
    this.lastStateId = mover.p.stateId;
    return { ack: ms, felt: ms };
  }
}

/** The boardgame.io server at `url` (http://host:port), playing EMBER. */
export function bgioEmberTarget(url: string): Target<{ matchID: string }> {
  return {
    create: () => createBgio(url, "ember"),
    join: (created, seat) => joinBgio(url, emberGame, created, seat),
    play: (_created, players, spectators, seed) => new BgioEmberMatch(players as BgioConnection[], spectators as BgioConnection[], seed),
  };
}
