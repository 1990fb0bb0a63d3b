/**
 * The floor playing EMBER: a bare Colyseus 0.18 room holding an EMBER match, with the same room
 * state shape as the fogwar server's (`seq`, the public projection flattened in `view`, each
 * seat's overlay over it in a `.view()` child that only that seat's StateView holds) so the
 * fogwar driver's clients play it unchanged. A `command` message is applied with the ruleset's
 * `apply` for the sender's seat; the projections are brought up to date with the protocol's own
 * helpers (`diffValues` for the public view, `overlayValues` and `diff` for each seat, over
 * `sharedViewFor`), the room patches at once and answers `accepted` `{ id, seq }` (or `rejected`).
 * No store, no log, no events, no validation beyond the ruleset's: the framework's own cost for
 * the same game and the same bytes on the wire, less what the fogwar server adds.
 *
 * Matches are created with `POST /api/matches` (the body is ignored; the answer has the fogwar
 * server's shape: `matchId`, `roomId`, `seats` claimed, with a random token each); players join with
 * `{ role: "player", token }`, spectators with `{ role: "spectator" }`.
 */
import { randomBytes } from "node:crypto";
import { matchMaker, Room, Server, type Client } from "@colyseus/core";
import { MapSchema, schema, StateView, t, type SchemaType } from "@colyseus/schema";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { seatViewer, spectator } from "@fogwar/engine";
import { ember, sharedViewFor, type EmberCommand, type EmberState } from "@fogwar/ember";
import { acceptedPayload, diff, diffValues, NOTHING, overlayValues, type Flat, type FlatSink } from "@fogwar/protocol";
import { newEmberState } from "../games/ember-setup.js";
import { instrument } from "./instrument.js";

const SeatKnowledge = schema({ seat: t.string(), entries: t.map("string") }, "SeatKnowledge");
type SeatKnowledge = SchemaType<typeof SeatKnowledge>;
const EmberRoomState = schema({ seq: t.number(), view: t.map("string"), seats: t.map(SeatKnowledge).view() }, "EmberRoomState");
type EmberRoomState = SchemaType<typeof EmberRoomState>;

const SEATS = ["p1", "p2"] as const;
const into = (target: MapSchema<string>): FlatSink => ({ set: (path, value) => target.set(path, value), remove: (path) => target.delete(path) });

class EmberFloorRoom extends Room<{ state: EmberRoomState }> {
  private engine: EmberState = newEmberState();
  private tokens = new Map<string, string>();
  private publicView: unknown = NOTHING;
  private readonly overlays = new Map<string, Flat>();

  override onCreate(options: { tokens: Record<string, string> }): void {
    this.autoDispose = false;
    this.setTimestep(() => undefined, 60_000);
    this.setPatchRate(null);
    this.tokens = new Map(Object.entries(options.tokens).map(([seat, token]) => [token, seat]));
    const state = new EmberRoomState();
    state.seq = 0;
    state.view = new MapSchema<string>();
    state.seats = new MapSchema<SeatKnowledge>();
    for (const seat of SEATS) {
      const knowledge = new SeatKnowledge();
      knowledge.seat = seat;
      knowledge.entries = new MapSchema<string>();
      state.seats.set(seat, knowledge);
      this.overlays.set(seat, new Map());
    }
    this.setState(state);
    this.project();
    this.onMessage("command", (client, message: { id?: string; command?: EmberCommand }) => {
      const seat = (client.userData as { seat?: string } | undefined)?.seat;
      if (!seat || typeof message?.id !== "string") return;
      const result = ember.apply(this.engine, message.command as EmberCommand, seat);
      if (!result.ok) {
        client.send("rejected", { type: "rejected", id: message.id, error: result.error });
        return;
      }
      this.engine = result.state;
      this.state.seq += 1;
      this.project();
      this.broadcastPatch();
      client.send("accepted", acceptedPayload(message.id, this.state.seq));
    });
  }

  /** Brings the public projection and each seat's overlay in the room state up to date. */
  private project(): void {
    const publicView = sharedViewFor(this.engine, spectator);
    diffValues(this.publicView, publicView, into(this.state.view));
    this.publicView = publicView;
    for (const seat of SEATS) {
      const next = overlayValues(publicView, sharedViewFor(this.engine, seatViewer(seat)));
      const change = diff(this.overlays.get(seat) as Flat, next);
      const entries = (this.state.seats.get(seat) as SeatKnowledge).entries;
      for (const [path, value] of change.set) entries.set(path, value);
      for (const path of change.remove) entries.delete(path);
      this.overlays.set(seat, next);
    }
  }

  override onJoin(client: Client, options: { role?: string; token?: string }): void {
    client.view = new StateView();
    const seat = options?.role === "player" && options.token ? this.tokens.get(options.token) : undefined;
    if (options?.role === "player" && !seat) throw new Error("unknown seat token");
    if (seat) {
      client.userData = { seat };
      client.view.add(this.state.seats.get(seat) as SeatKnowledge);
    }
  }
}

const port = Number(process.env.BENCH_PORT);
const transport = new WebSocketTransport({ maxPayload: 64 * 1024 });
const server = new Server({ transport, greet: false, gracefullyShutdown: false });
server.define("ember", EmberFloorRoom);
const app = transport.getExpressApp();
/** The part of express's response the creation route uses. */
interface JsonResponse {
  json(body: unknown): unknown;
  status(code: number): JsonResponse;
}
app.post("/api/matches", (_req: unknown, res: JsonResponse) => {
  const tokens = Object.fromEntries(SEATS.map((seat) => [seat, randomBytes(16).toString("hex")]));
  matchMaker.createRoom("ember", { tokens }).then(
    (room) =>
      res.json({
        matchId: room.roomId,
        roomId: room.roomId,
        seats: SEATS.map((seat, i) => ({ seat, name: `bench-${i + 1}`, claimed: true, token: tokens[seat] })),
        spectatorUrl: "-",
      }),
    (error: unknown) => res.status(500).json({ error: String(error) }),
  );
});
await server.listen(port, "127.0.0.1");
instrument({ port }, {}, () => server.gracefullyShutdown(false));
