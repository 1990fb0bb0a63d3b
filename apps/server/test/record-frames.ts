/**
 * Records every frame a client WebSocket receives, by socket. Import it before @colyseus/sdk:
 * the SDK picks `globalThis.WebSocket` when it loads, and this replaces it with a subclass that
 * keeps a copy of each message's bytes (after any compression, i.e. what the client decodes).
 */
const frames = new WeakMap<object, Buffer[]>();
const Native = globalThis.WebSocket;

class RecordingWebSocket extends Native {
  constructor(url: string | URL, protocols?: any) {
    super(url, protocols);
    const list: Buffer[] = [];
    frames.set(this, list);
    this.addEventListener("message", (event: MessageEvent) => {
      const data = event.data as unknown;
      if (data instanceof ArrayBuffer) list.push(Buffer.from(data));
      else if (typeof data === "string") list.push(Buffer.from(data));
      else if (ArrayBuffer.isView(data)) list.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    });
  }
}
globalThis.WebSocket = RecordingWebSocket as typeof WebSocket;

/** The frames a socket created after this module loaded has received. */
export function framesOf(socket: object): Buffer[] {
  return frames.get(socket) ?? [];
}
