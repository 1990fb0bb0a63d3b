/**
 * A lobby bench worker for the tables' owners: signs in guests, opens one table each
 * (`POST /api/lobby/tables`) and keeps each owner connected to its table room (a table whose owner
 * is gone closes). Requests (../ipc.ts): `open` { base, tables } -> the ids opened; `openTimed`
 * { base } -> one table opened now, with the time just before its request; `close`.
 */
import { Client, type Room } from "@colyseus/sdk";
import { serve } from "../ipc.js";

const now = (): number => performance.timeOrigin + performance.now();
const rooms: Room[] = [];

async function guest(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/guest`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("fogwar_session="))?.split(";")[0];
  if (!response.ok || !cookie) throw new Error(`could not make a guest: ${response.status}`);
  return cookie;
}

/** Opens a table as a new guest and joins its room as its owner; `startedAt`: just before the opening request. */
async function openOne(base: string): Promise<{ tableId: string; startedAt: number }> {
  const cookie = await guest(base);
  const startedAt = now();
  const response = await fetch(`${base}/api/lobby/tables`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ ruleset: "ember", scenario: "crossroads", options: { rated: true }, minRating: 1200, maxRating: 1800 }),
  });
  const body = (await response.json()) as { tableId?: string; error?: unknown };
  if (!response.ok || !body.tableId) throw new Error(`could not open a table: ${response.status} ${JSON.stringify(body)}`);
  const client = new Client(base.replace(/^http/, "ws"), { headers: { cookie } });
  rooms.push(await client.joinById(body.tableId));
  return { tableId: body.tableId, startedAt };
}

serve({
  async open(request) {
    const ids: string[] = [];
    const tables = request.tables as number;
    for (let i = 0; i < tables; i += 25) ids.push(...(await Promise.all(Array.from({ length: Math.min(25, tables - i) }, () => openOne(request.base as string)))).map((t) => t.tableId));
    return ids;
  },
  openTimed: (request) => openOne(request.base as string),
  async close() {
    await Promise.all(rooms.map((r) => r.leave(true).catch(() => undefined)));
    return true;
  },
});
