/**
 * A lobby bench worker: signs in its share of the players (each a guest with its own session
 * cookie), connects each to the `lobby` room, and records, per table id, when each of its
 * players first received the table's `+` listing (ms since the epoch, `performance.timeOrigin +
 * performance.now()`, comparable across processes on one machine). Requests (../ipc.ts):
 * `connect` { base, players }, `seen` { tableIds } -> the receipt times per table, `close`.
 */
import { Client, type Room } from "@colyseus/sdk";
import { serve } from "../ipc.js";

const now = (): number => performance.timeOrigin + performance.now();

/** Table id -> receipt times of this worker's players. */
const receipts = new Map<string, number[]>();
const rooms: Room[] = [];

/** A guest's session cookie. */
async function guest(base: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${base}/api/auth/guest`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).catch(() => null);
    const cookie = response?.headers.getSetCookie().find((c) => c.startsWith("fogwar_session="))?.split(";")[0];
    if (response?.ok && cookie) return cookie;
    if (attempt > 20) throw new Error(`could not make a guest: ${response?.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function connectOne(base: string): Promise<void> {
  const cookie = await guest(base);
  const client = new Client(base.replace(/^http/, "ws"), { headers: { cookie } });
  const room = await client.joinOrCreate("lobby");
  room.onMessage("rooms", () => undefined);
  room.onMessage("-", () => undefined);
  // A table's listing comes again when it changes (its owner joins): the first one counts.
  const had = new Set<string>();
  room.onMessage("+", (message: [string, { metadata?: { tableId?: string } }]) => {
    const at = now();
    const tableId = message[1]?.metadata?.tableId;
    if (!tableId || had.has(tableId)) return;
    had.add(tableId);
    const list = receipts.get(tableId);
    if (list) list.push(at);
    else receipts.set(tableId, [at]);
  });
  rooms.push(room);
}

serve({
  async connect(request) {
    const base = request.base as string;
    const players = request.players as number;
    // 50 at a time: the sign-ins and joins of thousands at once would only queue.
    for (let i = 0; i < players; i += 50) await Promise.all(Array.from({ length: Math.min(50, players - i) }, () => connectOne(base)));
    return rooms.length;
  },
  seen(request) {
    const out: Record<string, number[]> = {};
    for (const id of request.tableIds as string[]) out[id] = receipts.get(id) ?? [];
    return out;
  },
  async close() {
    await Promise.all(rooms.map((r) => r.leave(true).catch(() => undefined)));
    return true;
  },
});
