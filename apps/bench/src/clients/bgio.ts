/**
 * Clients of the boardgame.io peer with its small game: a match created through its lobby API
 * (`POST /games/bench/create`), players seated with `POST /games/bench/:id/join` and connected
 * with `boardgame.io/client` over its socket.io transport (WebSocket only), spectators connected
 * without a player id. A command is the `act` move (applied on the server only), from the two
 * seats in turn; its round trip ends when the mover's client receives the state that follows.
 * Bytes are the engine.io message packets received (socket.io's encoded text).
 */
import { Client } from "boardgame.io/client";
import { SocketIO } from "boardgame.io/multiplayer";
import type { Game } from "boardgame.io";
import { benchGame } from "../games/bgio-game.js";
import { postJson, Waiter, type BenchMatch, type Connection, type Target, type RoundTrip } from "./target.js";

/** A started boardgame.io client, as far as the bench reads it. */
interface BgioClient {
  getState(): { _stateID: number; G: unknown; ctx: { gameover?: unknown } } | null;
  subscribe(cb: () => void): unknown;
  readonly moves: Record<string, ((...args: unknown[]) => void) | undefined>;
  start(): void;
  stop(): void;
}
interface EngineSocket {
  on(event: "data", cb: (data: string | ArrayBuffer) => void): void;
}
interface Manager {
  engine?: EngineSocket;
  on(event: "open", cb: () => void): void;
}

/** A connected boardgame.io client, counting the bytes of the engine.io packets it receives. */
export class BgioConnection implements Connection {
  bytes = 0;
  readonly waiter = new Waiter();

  constructor(
    readonly client: BgioClient,
    /** The fogwar seat name for players ("p1", "p2"), null for a spectator. */
    readonly seat: string | null,
  ) {
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

/**
 * Creates a match of `game` (named `name`) on the boardgame.io server at `url` through its lobby.
 * @throws Error when the lobby refuses.
 */
export const createBgio = (url: string, name: string) => postJson<{ matchID: string }>(`${url}/games/${name}/create`, { numPlayers: 2 });

/**
 * Joins a match of `game`: `seat` 0 or 1 is seated through the lobby (`POST .../join`) and
 * connects with its credentials; null connects as a spectator. Resolves on the first state.
 */
export async function joinBgio<G>(url: string, game: Game<G>, created: { matchID: string }, seat: number | null): Promise<BgioConnection> {
  let credentials: string | undefined;
  if (seat !== null) {
    const joined = await postJson<{ playerCredentials: string }>(`${url}/games/${game.name}/${created.matchID}/join`, { playerID: String(seat), playerName: `player ${seat + 1}` });
    credentials = joined.playerCredentials;
  }
  const client = Client({
    game,
    matchID: created.matchID,
    ...(seat === null ? {} : { playerID: String(seat), credentials }),
    multiplayer: SocketIO({ server: url, socketOpts: { transports: ["websocket"] } }),
    debug: false,
  }) as unknown as BgioClient;
  client.start();
  const connection = new BgioConnection(client, seat === null ? null : `p${seat + 1}`);
  await connection.waiter.until(() => connection.stateId >= 0, "the first state");
  return connection;
}

class BgioMatch implements BenchMatch {
  private count = 0;
  readonly over = false;

  constructor(
    readonly players: BgioConnection[],
    readonly spectators: BgioConnection[],
  ) {}

  async command(): Promise<RoundTrip | null> {
    const mover = this.players[this.count++ % this.players.length] as BgioConnection;
    const before = mover.stateId;
    const t0 = performance.now();
    mover.client.moves.act!();
    await mover.waiter.until(() => mover.stateId > before, "the state after the move");
    const ms = performance.now() - t0;
    return { ack: ms, felt: ms };
  }
}

/** The boardgame.io server at `url` (http://host:port), playing the small game. */
export function bgioTarget(url: string): Target<{ matchID: string }> {
  return {
    create: () => createBgio(url, "bench"),
    join: (created, seat) => joinBgio(url, benchGame, created, seat),
    play: (_created, players, spectators) => new BgioMatch(players as BgioConnection[], spectators as BgioConnection[]),
  };
}
