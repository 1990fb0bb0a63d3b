/**
 * The floor: a bare Colyseus 0.18 room with a StateView and a small state (two players, each with
 * public fields and private `.view()` fields only its own seat's client sees). A `cmd` message
 * moves the sender's piece, changes its private fields, patches at once (`broadcastPatch`) and
 * acknowledges (`ack` with the id and the new sequence number): the least work a Colyseus room
 * can do per command with per-client filtering. Rooms tick their clock once a minute, as the
 * fogwar rooms do (no work per tick for a turn-based room). Rooms are created through
 * `POST /bench/rooms` (answer `{ roomId }`); clients join with `{ seat: "p1" | "p2" }` or
 * `{ spectator: true }`.
 */
import { matchMaker, Room, Server, type Client } from "@colyseus/core";
import { MapSchema, schema, StateView, t, type SchemaType } from "@colyseus/schema";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { instrument } from "./instrument.js";

const Player = schema(
  {
    name: t.string(),
    x: t.number(),
    y: t.number(),
    hp: t.number(),
    moves: t.number(),
    connected: t.boolean(),
    /** Private: the seat's secret choice and hidden reserve. */
    dial: t.string().view(),
    reserve: t.number().view(),
    plan: t.string().view(),
  },
  "Player",
);
type Player = SchemaType<typeof Player>;

const BareState = schema(
  {
    seq: t.number(),
    turn: t.string(),
    round: t.number(),
    players: t.map(Player),
  },
  "BareState",
);
type BareState = SchemaType<typeof BareState>;

const SEATS = ["p1", "p2"] as const;

class BareRoom extends Room<{ state: BareState }> {
  override onCreate(): void {
    this.autoDispose = false;
    this.setTimestep(() => undefined, 60_000);
    this.setPatchRate(null);
    const state = new BareState();
    state.players = new MapSchema<Player>();
    for (const [i, seat] of SEATS.entries()) {
      const player = new Player();
      Object.assign(player, { name: `player ${i + 1}`, x: i * 5, y: 0, hp: 10, moves: 0, connected: false, dial: "none", reserve: 3, plan: "" });
      state.players.set(seat, player);
    }
    state.turn = "p1";
    this.setState(state);
    this.onMessage("cmd", (client, payload: { id?: string }) => {
      const seat = (client.userData as { seat?: string } | undefined)?.seat;
      const player = seat ? this.state.players.get(seat) : undefined;
      if (!player || typeof payload?.id !== "string") return;
      player.x = (player.x + 1) % 12;
      player.y = (player.y + (player.x === 0 ? 1 : 0)) % 12;
      player.moves += 1;
      player.dial = `dial-${player.moves % 7}`;
      player.reserve = (player.reserve + 1) % 5;
      player.plan = `move ${player.x},${player.y}`;
      this.state.seq += 1;
      this.state.turn = seat === "p1" ? "p2" : "p1";
      this.state.round = Math.floor(this.state.seq / 2);
      this.broadcastPatch();
      client.send("ack", { id: payload.id, seq: this.state.seq });
    });
  }

  override onJoin(client: Client, options: { seat?: string; spectator?: boolean }): void {
    client.view = new StateView();
    const player = options?.seat ? this.state.players.get(options.seat) : undefined;
    if (player) {
      client.userData = { seat: options.seat };
      client.view.add(player);
      player.connected = true;
      this.broadcastPatch();
    }
  }
}

const port = Number(process.env.BENCH_PORT);
const transport = new WebSocketTransport({ maxPayload: 64 * 1024 });
const server = new Server({ transport, greet: false, gracefullyShutdown: false });
server.define("bare", BareRoom);
const app = transport.getExpressApp();
app.post("/bench/rooms", (_req, res) => {
  matchMaker.createRoom("bare", {}).then(
    (room) => res.json({ roomId: room.roomId }),
    (error: unknown) => res.status(500).json({ error: String(error) }),
  );
});
await server.listen(port, "127.0.0.1");
instrument({ port }, {}, () => server.gracefullyShutdown(false));
