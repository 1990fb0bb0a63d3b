/**
 * Clients of the boardgame.io peer: a match created through its lobby API
 * (`POST /games/bench/create`), players seated with `POST /games/bench/:id/join` and connected
 * with `boardgame.io/client` over its socket.io transport (WebSocket only), spectators connected
 * without a player id. A command is the `act` move (applied on the server only), from the two
 * seats in turn; its round trip ends when the mover's client receives the state that follows.
 * Bytes are the engine.io message packets received (socket.io's encoded text).
 */
import { Client } from "boardgame.io/client";
import { SocketIO } from "boardgame.io/multiplayer";
import { benchGame, type BenchG } from "../games/bgio-game.js";
import { postJson, Waiter, type BenchMatch, type Connection, type Target } from "./target.js";

type BgioClient = ReturnType<typeof Client<BenchG>>;
interface EngineSocket {
  on(event: "data", cb: (data: string | ArrayBuffer) => void): void;
}
interface Manager {
  engine?: EngineSocket;
  on(event: "open", cb: () => void): void;
}

class BgioConnection implements Connection {
  bytes = 0;
  readonly waiter = new Waiter();

  constructor(readonly client: BgioClient) {
    client.subscribe(() => this.waiter.wake());
    const manager = (client as unknown as { transport: { socket: { io: Manager } } }).transport.socket.io;
    const count = (engine: EngineSocket | undefined) =>
      engine?.on("data", (data) => {
        // One byte for the engine.io packet type, then the payload.
        this.bytes += 1 + (typeof data === "string" ? Buffer.byteLength(data) : data.byteLength);
      });
    if (manager.engine) count(manager.engine);
    else manager.on("open", () => count(manager.engine));
  }

  /** The state's id (-1 before the first state). */
  get stateId(): number {
    return this.client.getState()?._stateID ?? -1;
  }

  async leave(): Promise<void> {
    this.client.stop();
  }
}

class BgioMatch implements BenchMatch {
  private count = 0;
  readonly over = false;

  constructor(
    readonly players: BgioConnection[],
    readonly spectators: BgioConnection[],
  ) {}

  async command(): Promise<number | null> {
    const mover = this.players[this.count++ % this.players.length] as BgioConnection;
    const before = mover.stateId;
    const t0 = performance.now();
    mover.client.moves.act!();
    await mover.waiter.until(() => mover.stateId > before, "the state after the move");
    return performance.now() - t0;
  }
}

/** The boardgame.io server at `url` (http://host:port). */
export function bgioTarget(url: string): Target<{ matchID: string }> {
  return {
    create: () => postJson<{ matchID: string }>(`${url}/games/bench/create`, { numPlayers: 2 }),
    async join(created, seat) {
      let credentials: string | undefined;
      if (seat !== null) {
        const joined = await postJson<{ playerCredentials: string }>(`${url}/games/bench/${created.matchID}/join`, { playerID: String(seat), playerName: `player ${seat + 1}` });
        credentials = joined.playerCredentials;
      }
      const client = Client<BenchG>({
        game: benchGame,
        matchID: created.matchID,
        ...(seat === null ? {} : { playerID: String(seat), credentials }),
        multiplayer: SocketIO({ server: url, socketOpts: { transports: ["websocket"] } }),
        debug: false,
      });
      client.start();
      const connection = new BgioConnection(client);
      await connection.waiter.until(() => connection.stateId >= 0, "the first state");
      return connection;
    },
    play: (_created, players, spectators) => new BgioMatch(players as BgioConnection[], spectators as BgioConnection[]),
  };
}
