/**
 * The WebSocket transport with its heartbeat spread over time. Colyseus's `WebSocketTransport`
 * pings every connection in one loop every `pingInterval` (3 s): with thousands of connections
 * that is thousands of socket writes in one turn of the event loop (tens of milliseconds of
 * delay for every match, every 3 s, and their pongs all arriving together). This transport pings
 * the same connections at the same rate, but a fixed slice of them at each of `PING_SLICES` ticks
 * per interval, so no turn writes more than about 1/PING_SLICES of them. The rule is Colyseus's: a
 * connection pinged `pingMaxRetries` times without a pong is terminated (a pong resets the count).
 */
import { WebSocketTransport } from "@colyseus/ws-transport";

/** Ticks per ping interval: each connection is pinged at one of them (its slice). */
export const PING_SLICES = 20;

/** What the heartbeat needs of a connection (ws's WebSocket, with Colyseus's `pingCount`). */
interface Pinged {
  pingCount: number;
  ping(cb: () => void): void;
  terminate(): void;
}

const noop = (): void => undefined;

/**
 * One heartbeat tick: pings (or terminates) the connections of slice `tick`. A connection's slice
 * is set when it is first seen and kept, so each is pinged exactly once per interval.
 */
export function heartbeatTick(clients: Iterable<Pinged>, slots: WeakMap<object, number>, next: { slot: number }, tick: number, maxRetries: number): void {
  for (const client of clients) {
    let slot = slots.get(client);
    if (slot === undefined) {
      slot = next.slot;
      next.slot = (next.slot + 1) % PING_SLICES;
      slots.set(client, slot);
    }
    if (slot !== tick) continue;
    if (client.pingCount >= maxRetries) {
      client.terminate();
      continue;
    }
    client.pingCount++;
    client.ping(noop);
  }
}

/** `WebSocketTransport` whose heartbeat pings a slice of the connections at a time (see the module's note). */
export class SpreadPingTransport extends WebSocketTransport {
  protected override autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    const slots = new WeakMap<object, number>();
    const next = { slot: 0 };
    let tick = 0;
    this.pingInterval = setInterval(
      () => {
        heartbeatTick(this.wss.clients as unknown as Iterable<Pinged>, slots, next, tick, pingMaxRetries);
        tick = (tick + 1) % PING_SLICES;
      },
      Math.max(1, pingInterval / PING_SLICES),
    );
  }
}
