/**
 * One server process on Redis (REDIS_URL's hosting, src/hosting.ts and src/rooms.ts), seen from
 * its clients, with another "process" played by a second RedisHosting on the same Redis:
 * - a join for a live match whose room is open nowhere rebuilds the room here from the log;
 * - while another process holds the match's lease but does not answer (it died a moment ago),
 *   a join is answered 503 `service_unavailable` at once (retried by clients), and nothing opens;
 * - a process whose lease lapsed while another took its match over closes that room, telling its
 *   clients to join again (close code 4010, which the retry policy retries).
 * The cross-process paths (seat reservations routed to another process, a SIGKILL) are in
 * apps/cli/test/scale-out.test.ts.
 *
 * Needs Debian's `redis-server` (or TEST_REDIS_URL); without it skipped visibly, under CI failing.
 */
import { CloseCode, matchMaker } from "@colyseus/core";
import { catalog } from "@fogwar/ember";
import { closeVerdict } from "@fogwar/protocol";
import { pino } from "pino";
import { RedisHosting } from "../src/hosting.js";
import { currentHosting } from "../src/rooms.js";
import { startServer, type RunningServer } from "../src/server.js";
import { openStore } from "../src/store/index.js";
import { createMatch, emberRequest, freePort, TEST_LIMITS, TestClient, type Created } from "./harness";
import { redisAvailable, testRedis, whenRedisMissing } from "./redis";

jest.setTimeout(60_000);

const LEASE_MS = 300;
const log = pino({ level: "silent" });
let redis: { url: string; stop(): Promise<void> } | null = null;
let server: RunningServer | null = null;
let http = "";
let ws = "";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's own hosting, with its private parts the tests drive (renewal timer, renew). */
const serverHosting = () => currentHosting() as unknown as { timer: ReturnType<typeof setInterval>; renew(): Promise<void> };

const suite = redisAvailable ? describe : describe.skip;

suite("one process on Redis", () => {
  beforeAll(async () => {
    redis = await testRedis(2);
    const port = await freePort();
    server = await startServer({
      port,
      host: "127.0.0.1",
      store: await openStore({}),
      publicUrl: "http://fogwar.test",
      logLevel: process.env.TEST_LOG_LEVEL ?? "silent",
      limits: TEST_LIMITS,
      redisUrl: redis.url,
      publicAddress: `127.0.0.1:${port}`,
      hostLeaseMs: LEASE_MS,
    });
    http = `http://127.0.0.1:${port}`;
    ws = `ws://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await server?.close();
    await redis?.stop();
  });

  /** A live match whose room is closed (its host key released): open nowhere. */
  async function closedMatch(): Promise<Created> {
    const created = await createMatch(http, emberRequest(catalog));
    await matchMaker.getLocalRoomById(created.matchId)?.disconnect(CloseCode.SERVER_SHUTDOWN);
    for (let i = 0; i < 50 && matchMaker.getLocalRoomById(created.matchId); i++) await sleep(20);
    expect(matchMaker.getLocalRoomById(created.matchId)).toBeUndefined();
    return created;
  }

  test("a join for a live match open nowhere rebuilds its room here from the log", async () => {
    const created = await closedMatch();
    const seat = created.seats[0] as Created["seats"][number];
    const client = await TestClient.join(ws, created.matchId, seat);
    try {
      expect(matchMaker.getLocalRoomById(created.matchId)).toBeDefined();
      expect(client.received("welcome")[0]).toMatchObject({ matchId: created.matchId, seat: seat.seat, lastSeq: 0 });
    } finally {
      await client.leave();
    }
  });

  test("while a silent process holds the match's lease, a join is answered 503 service_unavailable and nothing opens; once it is released, the join works", async () => {
    const created = await closedMatch();
    const other = await RedisHosting.start({ url: (redis as { url: string }).url, processId: "silent-process", log, onLost: () => undefined });
    try {
      expect(await other.claim(created.matchId)).toBe(true);
      const seat = created.seats[0] as Created["seats"][number];
      const refused = await TestClient.join(ws, created.matchId, seat).then(
        () => null,
        (error: { code?: unknown; message?: string }) => error,
      );
      expect(refused?.code).toBe(503);
      expect(refused?.message).toMatch(/service_unavailable/);
      expect(matchMaker.getLocalRoomById(created.matchId)).toBeUndefined();
      await other.release(created.matchId);
      const client = await TestClient.join(ws, created.matchId, seat);
      await client.leave();
    } finally {
      await other.close();
    }
  });

  test("a process whose lease lapsed while another took its match over closes that room; its clients are told to join again (4010)", async () => {
    const created = await createMatch(http, emberRequest(catalog));
    const client = await TestClient.join(ws, created.matchId, created.seats[0] as Created["seats"][number]);
    client.room.reconnection.enabled = false;
    const closed = new Promise<number>((done) => client.room.onLeave((code: number) => done(code)));
    const hosting = serverHosting();
    // The process stalls: its lease lapses, and another process takes the match over.
    clearInterval(hosting.timer);
    await sleep(LEASE_MS + 200);
    const other = await RedisHosting.start({ url: (redis as { url: string }).url, processId: "taking-over", log, onLost: () => undefined });
    try {
      expect(await other.claim(created.matchId)).toBe(true);
      // Back: its next renewal finds the lease lapsed and the match taken.
      await hosting.renew();
      expect(await closed).toBe(CloseCode.MAY_TRY_RECONNECT);
      expect(closeVerdict(CloseCode.MAY_TRY_RECONNECT).retry).toBe(true);
      for (let i = 0; i < 50 && matchMaker.getLocalRoomById(created.matchId); i++) await sleep(20);
      expect(matchMaker.getLocalRoomById(created.matchId)).toBeUndefined();
    } finally {
      hosting.timer = setInterval(() => void hosting.renew(), LEASE_MS / 5);
      await other.close();
    }
  });
});

whenRedisMissing("one process on Redis", "joins rebuild, defer and move rooms");
