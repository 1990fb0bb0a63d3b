/**
 * Sending to a room's clients with fewer system calls and less repeated work: corked bursts
 * of frames, and a key per distinct viewer for frames that can be shared.
 */
import type { Client } from "@colyseus/core";
import { viewerLabel, type Viewer } from "@fogwar/engine";

/** What a connection's socket offers to batch writes (Node's `net.Socket`). */
interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * Runs `send` with every client's socket corked, then uncorks them: the frames `send` writes to
 * a socket (a patch, events, an answer) leave in one system call instead of one each. A client
 * whose transport exposes no socket (not the `ws` transport) is sent to as usual.
 */
export function corked(clients: readonly Client[], send: () => void): void {
  const sockets: Corkable[] = [];
  for (const client of clients) {
    // ws's WebSocket keeps its net.Socket as `_socket` (the ws transport's `client.ref`).
    const socket = (client as { ref?: { _socket?: Partial<Corkable> } }).ref?._socket;
    if (socket && typeof socket.cork === "function" && typeof socket.uncork === "function") {
      socket.cork();
      sockets.push(socket as Corkable);
    }
  }
  try {
    send();
  } finally {
    for (const socket of sockets) socket.uncork();
  }
}

/** A key per distinct viewer: clients with equal keys are sent the same redacted events (the engine's label: `seat:p1`, `team:attack`, `spectator`). */
export const viewerKey: (viewer: Viewer) => string = viewerLabel;
