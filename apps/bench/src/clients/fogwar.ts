/**
 * Clients of the fogwar server through its real protocol: an EMBER match ("crossroads", sample
 * armies 0 and 2) created with `POST /api/matches`, each seat's invite claimed for its seat
 * token (`POST /api/matches/:id/seats/:seat/claim`, as a player's client does), each seat joined
 * over WebSocket (@colyseus/sdk `joinById`) with its token, spectators with the spectator role. Each
 * command is the seeded random bot's choice among the seat's legal commands computed from its
 * own decoded projection (@fogwar/client `buildProjection`, then `legalCommandsInView`), sent as a `command` message with an id; its
 * round trip ends at the `accepted` answer, and as felt once every player has the command's
 * acknowledgement (the sender), its state patch and its `events` message.
 */
import { randomBytes } from "node:crypto";
import { Client, type Room } from "@colyseus/sdk";
import { RandomBot } from "@fogwar/engine";
import { catalog, emberBotPolicy, legalCommandsInView, type EmberCommand, type EmberView } from "@fogwar/ember";
import { buildProjection, type RoomStateLike } from "@fogwar/client";
import { PROTOCOL_VERSION, parseServerMessage, type ClaimSeatResponse, type CreateMatchResponse, type JoinOptions } from "@fogwar/protocol";
import { postJson, Waiter, type BenchMatch, type Connection, type RoundTrip, type Target } from "./target.js";

interface Answer {
  readonly type: string;
  readonly payload: { readonly id?: string; readonly seq?: number; readonly error?: { code: string; message: string } };
}

/**
 * What a frame from the server is, from its leading bytes: `patch` (a state patch), `state` (a
 * full state), the message type of a room message (`events`, `accepted`, ...), or `other`.
 */
export function framePart(data: Uint8Array): string {
  const code = (data[0] ?? 0) & 0x1f;
  if (code === 15) return "patch";
  if (code === 14) return "state";
  // A room message: the code, then its type as a MessagePack string (a fixstr for every fogwar type).
  const head = data[1] ?? 0;
  if (code === 13 && (head & 0xe0) === 0xa0) return new TextDecoder().decode(data.subarray(2, 2 + (head & 0x1f)));
  return "other";
}

/** A joined fogwar client: its room, answers by command id, and its projection. */
export class FogwarConnection implements Connection {
  bytes = 0;
  /** Bytes and frames received so far by part ({@link framePart}). */
  readonly parts = new Map<string, { bytes: number; frames: number }>();
  readonly answers = new Map<string, Answer>();
  readonly waiter = new Waiter();
  /** The highest log entry whose `events` message has arrived (its compact form starts with the seq). */
  eventsSeq = 0;
  private cached: { seq: number; view: EmberView } | null = null;

  constructor(
    readonly room: Room,
    readonly seat: string | null,
  ) {
    room.onStateChange(() => this.waiter.wake());
    room.onMessage("*", (type, raw: unknown) => {
      // Only answers are read (the events are not needed): `accepted` travels as [id, seq].
      const parsed = type === "accepted" || type === "rejected" || type === "error" ? parseServerMessage(type, raw) : null;
      const payload = (parsed?.ok ? parsed.message : raw) as Answer["payload"];
      if ((type === "accepted" || type === "rejected") && payload?.id) this.answers.set(payload.id, { type: String(type), payload });
      if (type === "error") this.answers.set("error", { type: "error", payload });
      if (type === "events" && Array.isArray(raw) && typeof raw[0] === "number") this.eventsSeq = Math.max(this.eventsSeq, raw[0]);
      this.waiter.wake();
    });
    const ws = (room.connection as unknown as { transport?: { ws?: WebSocket } }).transport?.ws;
    ws?.addEventListener?.("message", (event: MessageEvent) => {
      const data = event.data as ArrayBuffer | string;
      const size = typeof data === "string" ? data.length : data.byteLength;
      this.bytes += size;
      const part = typeof data === "string" ? "text" : framePart(new Uint8Array(data));
      const tally = this.parts.get(part) ?? { bytes: 0, frames: 0 };
      tally.bytes += size;
      tally.frames++;
      this.parts.set(part, tally);
    });
  }

  /** The room state's seq (-1 before the first state). */
  get seq(): number {
    return (this.room.state as RoomStateLike | undefined)?.seq ?? -1;
  }

  /** The decoded projection, rebuilt once per seq. */
  view(): EmberView | undefined {
    const state = this.room.state as RoomStateLike | undefined;
    if (!state) return undefined;
    if (this.cached?.seq === this.seq) return this.cached.view;
    const view = buildProjection(state, this.seat) as EmberView | null;
    if (!view) return undefined;
    this.cached = { seq: this.seq, view };
    return view;
  }

  async leave(): Promise<void> {
    await this.room.leave(true).catch(() => undefined);
  }
}

class FogwarMatch implements BenchMatch {
  private count = 0;
  private lastSeq = 0;
  private readonly bots: Map<string, RandomBot<EmberCommand>>;

  constructor(
    readonly players: FogwarConnection[],
    readonly spectators: FogwarConnection[],
    seed: string,
    private readonly events: boolean,
  ) {
    this.bots = new Map(players.map((p) => [p.seat as string, new RandomBot<EmberCommand>(`${seed}:${p.seat}`, emberBotPolicy)]));
  }

  get over(): boolean {
    return Boolean(this.players[0]?.view()?.result);
  }

  async command(): Promise<RoundTrip | null> {
    // Every seat's projection must show the last accepted command before the next mover is chosen.
    await Promise.all(this.players.map((p) => p.waiter.until(() => p.seq >= this.lastSeq && p.view(), `seq ${this.lastSeq}`)));
    if (this.over) return null;
    const mover = this.players.map((p) => ({ p, legal: legalCommandsInView(p.view() as EmberView, p.seat as string) })).find((m) => m.legal.length > 0);
    if (!mover) throw new Error(`nobody has a legal command at seq ${this.lastSeq}, yet the match has no result`);
    const command = this.bots.get(mover.p.seat as string)?.choose(mover.legal) as EmberCommand;
    const id = `${mover.p.seat}-${++this.count}`;
    mover.p.answers.delete("error");
    const t0 = performance.now();
    mover.p.room.send("command", { type: "command", id, command });
    const answer = await mover.p.waiter.until(() => mover.p.answers.get(id) ?? mover.p.answers.get("error"), `the answer to ${id}`);
    const ack = performance.now() - t0;
    mover.p.answers.delete(id);
    if (answer.type !== "accepted") throw new Error(`${mover.p.seat}: ${JSON.stringify(command)} was answered ${answer.type} ${JSON.stringify(answer.payload)}`);
    const seq = answer.payload.seq as number;
    this.lastSeq = seq;
    // As felt: every player has the command's patch and its events (the sender its acknowledgement too).
    await Promise.all(this.players.map((p) => p.waiter.until(() => p.seq >= seq && (!this.events || p.eventsSeq >= seq), `the patch and events of seq ${seq}`)));
    return { ack, felt: performance.now() - t0 };
  }
}

/** A created match with each seat's token (claimed from its invite). */
type Claimed = CreateMatchResponse & { seats: { seat: string; name: string; token?: string }[] };

/** Claims every seat's invite of a creation's answer with a new random claim key each. */
async function claimSeats(url: string, created: CreateMatchResponse): Promise<Claimed> {
  const seats = [];
  for (const seat of created.seats) {
    if (seat.token || !seat.invite) {
      seats.push(seat);
      continue;
    }
    const claimed = await postJson<ClaimSeatResponse>(`${url}/api/matches/${created.matchId}/seats/${seat.seat}/claim`, { invite: seat.invite, claimKey: randomBytes(16).toString("base64url") });
    seats.push({ ...seat, token: claimed.token });
  }
  return { ...created, seats };
}

/**
 * The fogwar server at `url` (http://host:port). `events`: whether the server sends an `events`
 * message per command (the fogwar server does; the bare room playing EMBER sends none, so its
 * round trip as felt waits for the patch alone).
 */
export function fogwarTarget(url: string, events = true): Target<Claimed> {
  const sdk = new Client(url.replace(/^http/, "ws"));
  const armies = [0, 2].map((i) => catalog.data.armies[i]);
  return {
    create: async () =>
      claimSeats(
        url,
        await postJson<CreateMatchResponse>(`${url}/api/matches`, {
          ruleset: "ember",
          scenario: "crossroads",
          players: armies.map((army, i) => ({ name: `bench-${i + 1}`, army })),
          options: { progressiveReveal: false, spectatorDelay: 0 },
        }),
      ),
    async join(created, seat) {
      const s = seat === null ? undefined : created.seats[seat];
      const options: JoinOptions = s?.token ? { role: "player", protocol: PROTOCOL_VERSION, token: s.token, name: s.name } : { role: "spectator", protocol: PROTOCOL_VERSION };
      const room = await sdk.joinById(created.matchId, options);
      room.reconnection.enabled = false;
      const connection = new FogwarConnection(room, s?.seat ?? null);
      await connection.waiter.until(() => connection.view(), "the first state");
      return connection;
    },
    play: (_created, players, spectators, seed) => new FogwarMatch(players as FogwarConnection[], spectators as FogwarConnection[], seed, events),
  };
}
