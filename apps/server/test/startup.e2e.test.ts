/**
 * A starting server and its settings: while it rebuilds its live matches' rooms from their logs,
 * `/api/health` says `starting` and a `joinById` is answered 503 `server_starting` with
 * Retry-After (the server is starting: never "cannot reach its database", which it can),
 * not Colyseus's 522 "room not found" nor a failed join counted against the address; once the rooms
 * are back, the same join succeeds. And the room's message rate follows the server's settings.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { matchMaker } from "@colyseus/core";
import { catalog } from "@fogwar/ember";
import { PROTOCOL_VERSION } from "@fogwar/protocol";
import { startServer } from "../src/server";
import { openStore, type MatchStore } from "../src/store/index";
import { api, bootServer, createMatch, emberRequest, freePort, TEST_LIMITS, TestClient } from "./harness";

jest.setTimeout(60_000);


test("while the server rebuilds its live matches, health says starting and joins are answered 503 server_starting (not a database outage) with Retry-After, then admitted", async () => {
  const dir = mkdtempSync(join(tmpdir(), "fogwar-startup-"));
  const dataDir = join(dir, "data");
  try {
    const first = await bootServer({ dataDir });
    const created = await createMatch(first.http, emberRequest(catalog));
    await first.close();

    // The second start rebuilds the match's room; its load waits until the test lets it go on.
    const store = await openStore({ dataDir });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: MatchStore = {
      ...store,
      getMatch: async (id) => {
        await held;
        return store.getMatch(id);
      },
    };
    const port = await freePort();
    const starting = startServer({ port, host: "127.0.0.1", store: slow, publicUrl: "http://fogwar.test", logLevel: "silent", limits: { ...TEST_LIMITS, joinFailures: 1 }, backupIntervalMs: 0 });
    const http = `http://127.0.0.1:${port}`;
    let health: { status: number; body: any } | null = null;
    for (let i = 0; i < 200 && health === null; i++) {
      health = await api(http, "/health").catch(() => null);
      if (health === null) await new Promise((r) => setTimeout(r, 50));
    }
    expect(health?.status).toBe(503);
    expect(health?.body).toMatchObject({ ok: false, database: "up", starting: true });

    const seat = created.seats[0]!;
    for (let i = 0; i < 3; i++) {
      const refused = await fetch(`${http}/matchmake/joinById/${created.matchId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ role: "player", protocol: PROTOCOL_VERSION, token: seat.token }),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("1");
      const body = (await refused.json()) as { error: { code: string; message: string }; message: string };
      expect(body.error.code).toBe("server_starting");
      expect(body.message).toBe("server_starting: The server is starting: try again in a moment.");
      expect(body.message).not.toMatch(/database/);
    }

    release();
    const server = await starting;
    try {
      expect((await api(http, "/health")).body).toMatchObject({ ok: true, liveMatches: 1 });
      // Three refusals while starting, with one failed join allowed: none of them counted.
      const player = await TestClient.join(`ws://127.0.0.1:${port}`, created.matchId, { seat: seat.seat, token: seat.token });
      await player.leave();
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the room's message rate is the server's messagesPerSecond and messageBurst settings", async () => {
  const t = await bootServer({ limits: { messagesPerSecond: 1000, messageBurst: 150 } });
  try {
    const created = await createMatch(t.http, emberRequest(catalog));
    const client = await TestClient.join(t.ws, created.matchId, "spectator");
    for (let i = 0; i < 120; i++) client.room.send("ping", { type: "ping", t: i });
    await client.until(() => client.received("pong").length >= 120 || null, "120 pongs");
    expect(client.received("error")).toEqual([]);
    await client.leave();
  } finally {
    await t.close();
  }
});

test("an idle match room runs no per-room clock tick (no 60 Hz timer for a turn-based room)", async () => {
  const t = await bootServer();
  try {
    const created = await createMatch(t.http, emberRequest(catalog));
    const watcher = await TestClient.join(t.ws, created.matchId, "spectator");
    const room = matchMaker.getLocalRoomById(created.matchId)!;
    const ticks = jest.spyOn(room.clock, "tick");
    await new Promise((r) => setTimeout(r, 500));
    // Colyseus's default for a room without a patch rate ticks its clock every 16.6 ms (about 30 times here).
    expect(ticks).not.toHaveBeenCalled();
    // The room still answers at once.
    watcher.room.send("ping", { type: "ping", t: 1 });
    await watcher.until(() => watcher.received("pong").length > 0 || null, "a pong");
    ticks.mockRestore();
    await watcher.leave();
  } finally {
    await t.close();
  }
});
