/**
 * The room's state serializer: @colyseus/core's `SchemaSerializer` with its full-state buffer kept
 * in step with the encoder.
 *
 * `SchemaSerializer.getFullState(client)` encodes the shared full state into its own
 * `fullEncodeBuffer`, then the client's StateView after it, in the same buffer. When the shared
 * part outgrows the buffer, the encoder grows a new buffer and returns the state in it, but the
 * serializer keeps the old one and encodes the view over it: the frame a client joining or
 * reconnecting to a large match receives then carries a truncated, zero-filled shared part and
 * decodes to a corrupt state (@colyseus/core 0.18.17). This subclass adopts the grown buffer
 * before any view is encoded, so a full state of any size reaches late joiners whole.
 */
import { SchemaSerializer } from "@colyseus/core";
import type { Client } from "@colyseus/core";
import type { Schema } from "@colyseus/schema";

/** `SchemaSerializer` whose view encodes always start from the whole shared full state. */
export class FullStateSerializer<T extends Schema> extends SchemaSerializer<T> {
  /**
   * The full state for `client` (its StateView's part included), as the bytes of one ROOM_STATE
   * frame. Same contract as `SchemaSerializer.getFullState`.
   */
  public override getFullState(client?: Client, timing?: Parameters<SchemaSerializer<T>["getFullState"]>[1]): Uint8Array {
    // Refresh the shared full state (and the cache) without a view first: if the encoder had to
    // grow past `fullEncodeBuffer`, the cache now lives in the grown buffer, which starts with
    // the same ROOM_STATE byte.
    super.getFullState();
    if (this.fullEncodeCache.buffer !== this.fullEncodeBuffer.buffer) {
      this.fullEncodeBuffer = new Uint8Array(this.fullEncodeCache.buffer);
    }
    return super.getFullState(client, timing);
  }
}
