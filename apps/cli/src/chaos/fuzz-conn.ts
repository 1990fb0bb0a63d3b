/**
 * A fuzzing connection: a seat (with its token) or a spectator joined over a real WebSocket with
 * @colyseus/sdk, able to send Colyseus messages, raw binary frames and text frames, and counting
 * what the server answers (errors by code, accepted and rejected command ids).
 */
import { Client, type Room } from "@colyseus/sdk";
import { PROTOCOL_VERSION, parseServerMessage } from "@fogwar/protocol";
import type { FuzzFrame } from "./fuzz-gen";

/** Tallies shared by every fuzzing connection. */
export interface FuzzTally {
  /** Frames sent, by kind (message, raw, text). */
  readonly sent: Record<string, number>;
  /** Messages the SDK's packer refused (never sent). */
  unsendable: number;
  /** Answers received, by type (error answers by `error:<code>`). */
  readonly answers: Record<string, number>;
  /** Command ids the server acknowledged (`accepted`) on a fuzzing seat, with their seq. */
  readonly accepted: Map<string, number>;
  /** Connections closed by the server (then joined again). */
  closed: number;
}

interface Socket {
  send(data: string | Uint8Array): void;
  readonly bufferedAmount: number;
}

/** One fuzzing connection. */
export class FuzzConnection {
  gone = false;
  private constructor(
    readonly room: Room,
    readonly seat: string | null,
    tally: FuzzTally,
  ) {
    room.reconnection.enabled = false;
    room.onLeave(() => {
      if (!this.gone) tally.closed++;
      this.gone = true;
    });
    room.onError(() => (this.gone = true));
    room.onMessage("*", (type, raw: unknown) => {
      const parsed = parseServerMessage(type, raw);
      const payload = (parsed.ok ? parsed.message : raw) as { id?: unknown; seq?: unknown; error?: { code?: unknown } } | undefined;
      const key = type === "error" ? `error:${String(payload?.error?.code)}` : String(type);
      tally.answers[key] = (tally.answers[key] ?? 0) + 1;
      if (type === "accepted" && seat) tally.accepted.set(`${seat}/${String(payload?.id)}`, Number(payload?.seq));
    });
  }

  /** Joins as `who` (a seat and its token, or "spectator"). @throws the SDK's error when refused. */
  static async join(wsUrl: string, matchId: string, who: { seat: string; token: string } | "spectator", tally: FuzzTally): Promise<FuzzConnection> {
    const sdk = new Client(wsUrl);
    const options = who === "spectator" ? { role: "spectator", protocol: PROTOCOL_VERSION } : { role: "player", protocol: PROTOCOL_VERSION, token: who.token };
    const room = await sdk.joinById(matchId, options);
    return new FuzzConnection(room, who === "spectator" ? null : who.seat, tally);
  }

  private get socket(): Socket | undefined {
    return (this.room.connection as unknown as { transport?: { ws?: Socket } }).transport?.ws;
  }

  /** Bytes queued in the socket (for back-pressure). */
  get buffered(): number {
    return this.socket?.bufferedAmount ?? 0;
  }

  /** Sends one frame; false when it could not be sent (closed connection, or the packer refused it). */
  send(frame: FuzzFrame, tally: FuzzTally): boolean {
    if (this.gone || !this.room.connection.isOpen) return false;
    try {
      if (frame.kind === "message") this.room.send(frame.type as string, frame.payload);
      else if (frame.kind === "raw") this.room.connection.send(frame.bytes);
      else this.socket?.send(frame.text);
    } catch {
      if (frame.kind === "message") tally.unsendable++;
      return false;
    }
    tally.sent[frame.kind] = (tally.sent[frame.kind] ?? 0) + 1;
    return true;
  }

  /** Leaves; never throws. */
  close(): void {
    this.gone = true;
    void this.room.leave(true).catch(() => undefined);
  }
}
