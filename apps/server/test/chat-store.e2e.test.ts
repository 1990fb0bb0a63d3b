/**
 * A chat line is stored before anyone is sent it: with the store down, a line is refused with
 * `service_unavailable` and reaches nobody (so no line anyone has read can be lost); once the
 * store is back, lines go through, and a connection that joins afterwards gets them in its backlog.
 */
import "./record-frames";
import { catalog } from "@fogwar/ember";
import { startServer, type RunningServer } from "../src/server.js";
import { openStore } from "../src/store/index.js";
import { faulty, type FaultyStore } from "./faulty-store";
import { createMatch, emberRequest, TestClient } from "./harness";

jest.setTimeout(60_000);

let store: FaultyStore;
let server: RunningServer;

beforeAll(async () => {
  store = faulty(await openStore({}));
  server = await startServer({ port: 0, host: "127.0.0.1", publicUrl: "http://fogwar.test", logLevel: process.env.TEST_LOG_LEVEL ?? "silent", store });
});
afterAll(async () => {
  await server?.close();
});

test("with the store down a line is refused and sent to nobody; after, it is stored, sent, and in a later join's backlog", async () => {
  const http = `http://127.0.0.1:${server.port}`;
  const ws = `ws://127.0.0.1:${server.port}`;
  const created = await createMatch(http, emberRequest(catalog));
  const [p1, p2] = await Promise.all(created.seats.map((s) => TestClient.join(ws, created.matchId, { seat: s.seat, token: s.token })));
  store.down = true;
  expect(await p1!.expectError("chat", { audience: "players", text: "LOST-IF-SENT" })).toMatchObject({ code: "service_unavailable" });
  store.down = false;
  p1!.room.send("chat", { type: "chat", audience: "players", text: "STORED-FIRST" });
  await p2!.until(() => p2!.received("chat").some((m) => m.line.text === "STORED-FIRST"), "the stored line");
  for (const c of [p1!, p2!]) expect(c.frames().some((f) => f.includes(Buffer.from("LOST-IF-SENT")))).toBe(false);
  expect((await store.inner.chatLines(created.matchId)).map((l) => l.text)).toEqual(["STORED-FIRST"]);
  const watcher = await TestClient.join(ws, created.matchId, "spectator");
  expect(watcher.received("chat_backlog")[0].lines.map((l: { text: string }) => l.text)).toEqual(["STORED-FIRST"]);
  for (const c of [p1!, p2!, watcher]) await c.leave();
});
