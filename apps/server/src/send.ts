/**
 * Sending to a room's clients with fewer system calls and less repeated work: corked bursts
 * of frames, a key per distinct viewer for frames that can be shared, and the events frames
 * themselves (encoded once, sent raw to every client of that viewer).
 */
import { getMessageBytes, Protocol, type Client } from "@colyseus/core";
import { omniscient, spectator, viewerLabel, type EventEnvelope, type LogEntry, type Ruleset, type Viewer } from "@fogwar/engine";
import { eventsPayload } from "@fogwar/protocol";
import type { HostedRuleset } from "./hosts/index.js";

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

/**
 * One log entry's `events` message for `viewer`, in its compact wire form (protocol 2:
 * `[seq, seat, packed]`, marked `"caster"` for the omniscient caster feed), encoded as Colyseus's
 * `client.send("events", ...)` would. Events the viewer may not see are left out (`redact`).
 */
export function eventsFrame(ruleset: Pick<Ruleset<unknown, unknown, unknown, unknown, unknown>, "redact">, entry: LogEntry<unknown, unknown>, viewer: Viewer): Uint8Array {
  const events: unknown[] = [];
  for (const e of entry.events as EventEnvelope<unknown>[]) {
    const seen = ruleset.redact(e, viewer);
    if (seen !== null) events.push(seen);
  }
  return getMessageBytes.raw(Protocol.ROOM_DATA, "events", eventsPayload(entry.seq, entry.seat, viewer.kind === "omniscient" ? "caster" : "live", events));
}

/**
 * A delayed entry's frame on the caster feed: as the omniscient viewer sees it, or, when the
 * ruleset keeps back what is still secret live (`casterEvent`, ./hosts/contract.ts), by that rule given
 * the live state.
 */
export function casterFrame(host: Pick<HostedRuleset, "ruleset" | "casterEvent">, entry: LogEntry<unknown, unknown>, live: unknown): Uint8Array {
  if (!host.casterEvent) return eventsFrame(host.ruleset, entry, omniscient);
  const events = (entry.events as EventEnvelope<unknown>[]).map((e) => host.casterEvent!(e, live)).filter((e) => e !== null);
  return getMessageBytes.raw(Protocol.ROOM_DATA, "events", eventsPayload(entry.seq, entry.seat, "caster", events));
}

/** A connection to send events to: its viewer, and whether it watches the delayed caster feed (a spectator of a match with a spectator delay). */
export interface EventsTarget {
  readonly client: Client;
  readonly viewer: Viewer;
  readonly delayed: boolean;
}

/**
 * Sends each target the events of `entries` as its viewer sees them; a delayed spectator gets the
 * caster feed's `casterEntries` (the entries the delay now lets through) and the live entries as a
 * spectator sees them. Each frame is encoded once per distinct viewer (every spectator shares
 * one), not once per client.
 */
export function fanOutEvents(
  targets: readonly EventsTarget[],
  entries: readonly LogEntry<unknown, unknown>[],
  casterEntries: readonly LogEntry<unknown, unknown>[],
  encode: { readonly events: (entry: LogEntry<unknown, unknown>, viewer: Viewer) => Uint8Array; readonly caster: (entry: LogEntry<unknown, unknown>) => Uint8Array },
): void {
  const frames = new Map<string, readonly Uint8Array[]>();
  const framesFor = (key: string, make: () => Uint8Array[]): readonly Uint8Array[] => {
    let made = frames.get(key);
    if (!made) frames.set(key, (made = make()));
    return made;
  };
  for (const { client, viewer, delayed } of targets) {
    if (delayed) {
      for (const frame of framesFor("caster", () => casterEntries.map((e) => encode.caster(e)))) client.enqueueRaw(frame);
      for (const frame of framesFor("spectator", () => entries.map((e) => encode.events(e, spectator)))) client.enqueueRaw(frame);
    } else {
      for (const frame of framesFor(viewerKey(viewer), () => entries.map((e) => encode.events(e, viewer)))) client.enqueueRaw(frame);
    }
  }
}
