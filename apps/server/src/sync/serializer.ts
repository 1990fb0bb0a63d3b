/**
 * The room's state serializer: @colyseus/core's `SchemaSerializer` with buffers sized by need and
 * its full-state buffer kept in step with the encoder.
 *
 * Buffers by need. The stock serializer gives every room two buffers of `Encoder.BUFFER_SIZE`
 * bytes (the encoder's patch buffer and the full-state buffer) and grows them with a console
 * warning each time. Here both start at {@link INITIAL_BUFFER_BYTES}, grow quietly (to twice their
 * size, or to what the encode needs if more), and go back to the initial size whenever the room
 * has no client left, so an idle room holds a few KiB instead of 128 KiB or more.
 *
 * Headroom for views. When a client's StateView is given a child (a seat's overlay at join), the
 * encoder writes that child's whole content without checking the buffer's end: it first makes
 * room for `Encoder.BUFFER_SIZE` bytes past its position (`Encoder.ensureCapacity`) and writes
 * past it unchecked otherwise. While this serializer sends patches, `Encoder.BUFFER_SIZE` is the
 * room's own bound for its largest view-only child (`viewBytes`), never less than the initial
 * size; elsewhere it stays at the process's setting.
 *
 * Full states of any size. `SchemaSerializer.getFullState(client)` encodes the shared full state
 * into its own `fullEncodeBuffer`, then the client's StateView after it, in the same buffer. When
 * the shared part outgrows the buffer, the encoder grows a new buffer and returns the state in
 * it, but the serializer keeps the old one and encodes the view over it: the frame a client
 * joining or reconnecting to a large match receives then carries a truncated, zero-filled shared
 * part and decodes to a corrupt state (@colyseus/core 0.18.17). This subclass adopts the grown
 * buffer before any view is encoded, so a full state of any size reaches late joiners whole.
 */
import { Protocol, SchemaSerializer } from "@colyseus/core";
import type { Client } from "@colyseus/core";
import { Encoder, type Schema } from "@colyseus/schema";

/** Bytes each of a room's two encoder buffers starts with (and returns to when the room is empty). */
export const INITIAL_BUFFER_BYTES = 2 * 1024;

/** The encoder's growth on overflow, in place of its own (which warns on the console every time). */
function grown(this: Encoder, buffer: Uint8Array, usedOffset: number): Uint8Array {
  const size = Math.max(buffer.byteLength * 2, Math.ceil(usedOffset / 1024) * 1024);
  const next = new Uint8Array(size);
  next.set(buffer);
  if (buffer === this.sharedBuffer) this.sharedBuffer = next;
  return next;
}

/** `SchemaSerializer` with buffers sized by need, whose view encodes always start from the whole shared full state. */
export class FullStateSerializer<T extends Schema> extends SchemaSerializer<T> {
  /**
   * @param viewBytes an upper bound, in bytes, of the encoding of the largest child only some
   *   StateViews hold (for the room: a seat's overlay or the caster feed, whole); read before
   *   each patch.
   */
  constructor(private readonly viewBytes: () => number = () => 0) {
    super();
  }

  /** Takes a new state: a new encoder, both buffers at their initial size. */
  public override reset(newState: T): void {
    super.reset(newState);
    // The encoder's growth is a private method of @colyseus/schema 5's Encoder (test/serializer.test.ts checks it is the one used).
    Object.defineProperty(this.encoder, "_resizeBuffer", { value: grown, configurable: true, writable: true });
    this.shrink();
  }

  /** Both buffers back to {@link INITIAL_BUFFER_BYTES}; the next full state is encoded afresh. */
  private shrink(): void {
    if (this.encoder.sharedBuffer.byteLength > INITIAL_BUFFER_BYTES) this.encoder.sharedBuffer = new Uint8Array(INITIAL_BUFFER_BYTES);
    if (this.fullEncodeBuffer.byteLength > INITIAL_BUFFER_BYTES) {
      this.fullEncodeBuffer = new Uint8Array(INITIAL_BUFFER_BYTES);
      this.fullEncodeBuffer[0] = Protocol.ROOM_STATE;
      this.fullEncodeCache = this.fullEncodeBuffer.subarray(0, 0);
      this.needFullEncode = true;
    }
  }

  /**
   * Sends the patch to `clients` (same contract as `SchemaSerializer.applyPatches`), with the
   * room's own headroom for view-only children; with no client left, shrinks the buffers.
   */
  public override applyPatches(clients: Client[], state?: unknown, timing?: Parameters<SchemaSerializer<T>["applyPatches"]>[2]): boolean {
    const processSize = Encoder.BUFFER_SIZE;
    Encoder.BUFFER_SIZE = Math.max(INITIAL_BUFFER_BYTES, Math.ceil(this.viewBytes()));
    try {
      return super.applyPatches(clients, state, timing);
    } finally {
      Encoder.BUFFER_SIZE = processSize;
      if (clients.length === 0) this.shrink();
    }
  }

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
