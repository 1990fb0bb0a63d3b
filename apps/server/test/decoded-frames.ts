/**
 * What a client's raw WebSocket frames carried in the room state, decoded independently of the
 * client: the frames of one socket replayed through a fresh @colyseus/schema decoder (built from
 * the state reflection in the JOIN_ROOM frame), every operation on a flat map recorded, even one
 * a later patch undid. Secrecy tests check these decoded values rather than byte patterns, so a
 * check holds whatever form the flat maps take (a leaf per entry, or a small container as one
 * entry holding its JSON text).
 */
import { Protocol } from "@colyseus/core";
import { decode, Reflection, type Decoder } from "@colyseus/schema";

/** One value a flat map of the state was given: the map's owner field, the entry's path, its text. */
export interface DecodedEntry {
  /** The field holding the map: "view" (public), "entries" (a seat's overlay or the caster feed). */
  readonly map: string;
  readonly path: string;
  readonly value: string;
}

/** Modifier bits of a frame's first byte (timed or unreliable frames, which the room never sends). */
const MODIFIERS = 0xe0;

/**
 * Every string value set in a map of the room state by the state frames among `frames` (one
 * socket's frames, in order), in the order decoded.
 * @throws Error when a state frame comes before the JOIN_ROOM frame or carries modifier bits.
 */
export function decodedEntries(frames: readonly Uint8Array[]): DecodedEntry[] {
  const out: DecodedEntry[] = [];
  let decoder: Decoder | null = null;
  for (const frame of frames) {
    const code = (frame[0] as number) & ~MODIFIERS;
    if (code === Protocol.JOIN_ROOM) {
      const it = { offset: 1 };
      decode.utf8Read(frame as Buffer, it, frame[it.offset++] as number);
      decode.utf8Read(frame as Buffer, it, frame[it.offset++] as number);
      const length = decode.number(frame as Buffer, it);
      const current = Reflection.decode(frame.subarray(0, it.offset + length) as Buffer, it);
      current.triggerChanges = (changes) => {
        for (const change of changes) {
          if (typeof change.dynamicIndex !== "string" || typeof change.value !== "string") continue;
          out.push({ map: change.ref === (current.state as { view?: unknown }).view ? "view" : "entries", path: change.dynamicIndex, value: change.value });
        }
      };
      decoder = current;
    } else if (code === Protocol.ROOM_STATE || code === Protocol.ROOM_STATE_PATCH) {
      if ((frame[0] as number) & MODIFIERS) throw new Error(`a state frame with modifier bits ${(frame[0] as number) & MODIFIERS}`);
      if (!decoder) throw new Error("a state frame before JOIN_ROOM");
      decoder.decode(frame as Buffer, { offset: 1 });
    }
  }
  return out;
}

/**
 * The JSON Pointer path of every node an entry stands for: the entry's own path and, when its
 * value is a container's JSON text (a compact container), the path of every node inside it.
 * A container's marker (`"{}"`, `"[]"`) and a leaf stand for their own path only.
 */
export function nodePaths(entry: { path: string; value: string }): string[] {
  const paths = [entry.path];
  let value: unknown;
  try {
    value = JSON.parse(entry.value);
  } catch {
    return paths;
  }
  const walk = (node: unknown, at: string): void => {
    if (node === null || typeof node !== "object") return;
    for (const [key, child] of Object.entries(node)) {
      const path = `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      paths.push(path);
      walk(child, path);
    }
  };
  walk(value, entry.path);
  return paths;
}

/** Every node path the decoded entries of `frames` stand for (see {@link nodePaths}). */
export function decodedPaths(frames: readonly Uint8Array[]): string[] {
  return decodedEntries(frames).flatMap(nodePaths);
}
