/**
 * One chaos client connection: a seat (or spectator) joined over WebSocket with @colyseus/sdk,
 * the SDK's own automatic reconnection turned off (the chaos run rejoins with the seat token
 * after a restart, as a reloaded browser would). It rebuilds the seat's projection from the
 * decoded room state (@fogwar/client's `buildProjection`) and collects the answers to its commands by id.
 */
import { Client, type Room } from "@colyseus/sdk";
import type { EmberCommand, EmberView } from "@fogwar/ember";
import { buildProjection, type RoomStateLike } from "@fogwar/client";
import { PROTOCOL_VERSION, parseServerMessage } from "@fogwar/protocol";

/** An answer to a command: `accepted` (with seq), `rejected`, an `error` (code), or `gone` (the connection closed) / `timeout`. */
export type CommandAnswer =
  | { readonly kind: "accepted"; readonly seq: number }
  | { readonly kind: "rejected"; readonly code: string }
  | { readonly kind: "error"; readonly code: string }
  | { readonly kind: "gone" }
  | { readonly kind: "timeout" };

/** A joined seat. */
export class ChaosSeat {
  private waiting: (() => void)[] = [];
  private answers = new Map<string, CommandAnswer>();
  private lastError: string | null = null;
  /** Whether the connection has closed (the server died or dropped it). */
  gone = false;

  private constructor(
    readonly room: Room,
    readonly seat: string,
  ) {
    room.reconnection.enabled = false;
    room.onStateChange(() => this.wake());
    room.onLeave(() => {
      this.gone = true;
      this.wake();
    });
    room.onError(() => {
      this.gone = true;
      this.wake();
    });
    room.onMessage("*", (type, raw: unknown) => {
      const parsed = parseServerMessage(type, raw);
      const payload = (parsed.ok ? parsed.message : raw) as { id?: string; seq?: number; error?: { code?: string } } | undefined;
      if (type === "accepted" && payload?.id) this.answers.set(payload.id, { kind: "accepted", seq: Number(payload.seq) });
      if (type === "rejected" && payload?.id) this.answers.set(payload.id, { kind: "rejected", code: String(payload.error?.code) });
      if (type === "error") this.lastError = String(payload?.error?.code);
      this.wake();
    });
  }

  /** Joins `matchId` as `seat` with its token. @throws the SDK's error when the join is refused or the server is down. */
  static async join(wsUrl: string, matchId: string, seat: string, token: string): Promise<ChaosSeat> {
    const sdk = new Client(wsUrl);
    const room = await sdk.joinById(matchId, { role: "player", protocol: PROTOCOL_VERSION, token, name: `chaos-${seat}` });
    return new ChaosSeat(room, seat);
  }

  private wake(): void {
    for (const w of this.waiting.splice(0)) w();
  }

  /** Resolves with `check()`'s first truthy value, or null after `ms` or once the connection is gone. */
  async until<T>(check: () => T | null | undefined | false, ms: number): Promise<T | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = check();
      if (value) return value;
      if (this.gone || Date.now() > deadline) return null;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 200);
        this.waiting.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The last sequence number in the decoded state (-1 before the first state). */
  get seq(): number {
    return (this.room.state as RoomStateLike | undefined)?.seq ?? -1;
  }

  /** The seat's projection from the decoded state, or undefined before the first state. */
  view(): EmberView | undefined {
    return (buildProjection(this.room.state as RoomStateLike | undefined, this.seat) as EmberView | null) ?? undefined;
  }

  /** Sends a command with `id` and waits up to `ms` for its answer (an `error` counts as the answer). */
  async send(id: string, command: EmberCommand, ms: number): Promise<CommandAnswer> {
    if (this.gone) return { kind: "gone" };
    this.answers.delete(id);
    this.lastError = null;
    try {
      this.room.send("command", { type: "command", id, command });
    } catch {
      return { kind: "gone" };
    }
    const answer = await this.until<CommandAnswer>(() => this.answers.get(id) ?? (this.lastError ? { kind: "error", code: this.lastError } : null), ms);
    return answer ?? (this.gone ? { kind: "gone" } : { kind: "timeout" });
  }

  /** Leaves without waiting (the server may be dead). Never throws. */
  close(): void {
    this.gone = true;
    try {
      void this.room.leave(true).catch(() => undefined);
    } catch {
      // already closed
    }
    this.wake();
  }
}
