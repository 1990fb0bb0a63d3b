/**
 * Clients of the floor room (../servers/floor.ts): a room created with `POST /bench/rooms`,
 * joined with @colyseus/sdk `joinById`; a command is a `cmd` message with an id, from the two
 * seats in turn, its round trip ending at the `ack`.
 */
import { Client, type Room } from "@colyseus/sdk";
import { postJson, Waiter, type BenchMatch, type Connection, type Target, type RoundTrip } from "./target.js";

class FloorConnection implements Connection {
  bytes = 0;
  readonly acks = new Set<string>();
  readonly waiter = new Waiter();

  constructor(readonly room: Room) {
    room.onStateChange(() => this.waiter.wake());
    room.onMessage("ack", (payload: { id: string }) => {
      this.acks.add(payload.id);
      this.waiter.wake();
    });
    const ws = (room.connection as unknown as { transport?: { ws?: WebSocket } }).transport?.ws;
    ws?.addEventListener?.("message", (event: MessageEvent) => {
      const data = event.data as ArrayBuffer | string;
      this.bytes += typeof data === "string" ? data.length : data.byteLength;
    });
  }

  async leave(): Promise<void> {
    await this.room.leave(true).catch(() => undefined);
  }
}

class FloorMatch implements BenchMatch {
  private count = 0;
  readonly over = false;

  constructor(
    readonly players: FloorConnection[],
    readonly spectators: FloorConnection[],
  ) {}

  async command(): Promise<RoundTrip | null> {
    const mover = this.players[this.count % this.players.length] as FloorConnection;
    const id = `c${++this.count}`;
    const t0 = performance.now();
    mover.room.send("cmd", { id });
    await mover.waiter.until(() => mover.acks.has(id), `the ack of ${id}`);
    mover.acks.delete(id);
    const ms = performance.now() - t0;
    return { ack: ms, felt: ms };
  }
}

/** The floor server at `url` (http://host:port). */
export function floorTarget(url: string): Target<{ roomId: string }> {
  const sdk = new Client(url.replace(/^http/, "ws"));
  return {
    create: () => postJson<{ roomId: string }>(`${url}/bench/rooms`, {}),
    async join(created, seat) {
      const room = await sdk.joinById(created.roomId, seat === null ? { spectator: true } : { seat: `p${seat + 1}` });
      room.reconnection.enabled = false;
      const connection = new FloorConnection(room);
      await connection.waiter.until(() => (room.state as { players?: unknown } | undefined)?.players, "the first state");
      return connection;
    },
    play: (_created, players, spectators) => new FloorMatch(players as FloorConnection[], spectators as FloorConnection[]),
  };
}
