/**
 * Logs: client mistakes (bad requests, refused joins, malformed messages, refused routes) are
 * logged at warn or below without stacks, and rate-limited so a flood cannot fill the disk;
 * server faults stay at error with their stack. Lines are captured from a pino destination.
 */
import { Client } from "@colyseus/sdk";
import { catalog } from "@fogwar/ember";
import { PROTOCOL_VERSION } from "@fogwar/protocol";
import { api, bootServer, createMatch, emberRequest, TestClient, type Created, type TestServer } from "./harness";

jest.setTimeout(60_000);

interface Line {
  level: number;
  msg: string;
  err?: { stack?: string };
  suppressed?: number;
  [key: string]: unknown;
}

const lines: Line[] = [];
let t: TestServer;
let created: Created;

beforeAll(async () => {
  t = await bootServer({
    logLevel: "info",
    limits: { clientLogPerSecond: 5, joinFailures: 1000 },
    logDestination: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  });
  created = await createMatch(t.http, emberRequest(catalog));
});
afterAll(async () => {
  await t.close();
});

const WARN = 40;
const ERROR = 50;

it("logs client mistakes at warn, without a stack", async () => {
  lines.length = 0;
  await api(t.http, "/matches?player=%00");
  await api(t.http, "/matches/ab%00/history");
  await api(t.http, "/nothing-here");
  await api(t.http, "/matches", { raw: "{not json" });
  await fetch(`${t.http}/matchmake/create/match`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  await expect(new Client(t.ws).joinById(created.matchId, { role: "player", protocol: PROTOCOL_VERSION, token: "0".repeat(32) })).rejects.toBeDefined();
  const watcher = await TestClient.join(t.ws, created.matchId, "spectator");
  expect((await watcher.expectError("command", { type: "command", id: "c\u00001", command: {} })).code).toBe("bad_message");
  await watcher.leave();
  const mistakes = lines.filter((l) => l.level >= WARN);
  expect(mistakes.length).toBeGreaterThanOrEqual(5);
  for (const line of mistakes) {
    expect(line.level).toBe(WARN);
    expect(JSON.stringify(line)).not.toMatch(/stack|\n\s+at /);
  }
});

it("rate-limits client-mistake lines under a flood and says how many it left out", async () => {
  await new Promise((r) => setTimeout(r, 2100)); // the bucket refills (5 lines/s, bursts of 10)
  lines.length = 0;
  for (let i = 0; i < 200; i++) await api(t.http, `/matches?player=%00${i}`);
  const flood = lines.filter((l) => l.level >= WARN);
  expect(flood.length).toBeLessThan(60);
  await new Promise((r) => setTimeout(r, 1100));
  await api(t.http, "/matches?player=%00");
  // Every mistake is either a line or counted in a later line's `suppressed`.
  const all = lines.filter((l) => l.level >= WARN);
  expect(all.length + all.reduce((sum, l) => sum + (l.suppressed ?? 0), 0)).toBe(201);
});

it("logs a frame Colyseus cannot decode as a client mistake at warn, without a stack", async () => {
  await new Promise((r) => setTimeout(r, 2100)); // the bucket refills
  lines.length = 0;
  const watcher = await TestClient.join(t.ws, created.matchId, "spectator");
  // ROOM_DATA (13), the type "ping" as a msgpack string, then a payload that is not msgpack (0xc1 is never used).
  const frame = Uint8Array.from([13, 0xa4, ...Buffer.from("ping"), 0xc1, 0xc1]);
  watcher.room.connection.send(frame);
  await new Promise((r) => setTimeout(r, 300));
  const errors = lines.filter((l) => l.level >= ERROR);
  expect(errors).toEqual([]);
  const refused = lines.filter((l) => l.level === WARN && /frame refused/.test(l.msg));
  expect(refused.length).toBe(1);
  expect(JSON.stringify(refused)).not.toMatch(/\n\s+at /);
  await watcher.leave().catch(() => undefined);
});

it("keeps server faults at error, with the stack", async () => {
  lines.length = 0;
  const failing = jest.spyOn(t.server.store, "listMatches").mockRejectedValueOnce(new Error("the disk is on fire"));
  const { status, body } = await api(t.http, "/matches");
  failing.mockRestore();
  expect(status).toBe(500);
  expect(body.error.code).toBe("server_error");
  const fault = lines.find((l) => l.level === ERROR);
  expect(fault?.err?.stack).toContain("the disk is on fire");
});
