/**
 * Failed joins are counted before they are checked: a burst of bad seat tokens or invite codes
 * sent in parallel from one address checks no more of them than the failed-join budget
 * (`joinFailures`); the rest are refused with too_many_requests (4011 at a join, 429 at a claim).
 * Joins that succeed give their place in the budget back.
 */
import { Client, type SeatReservation } from "@colyseus/sdk";
import { catalog } from "@fogwar/ember";
import { PROTOCOL_VERSION, protocolErrorNumber } from "@fogwar/protocol";
import type { LimitSettings } from "../src/limits";
import { bootServer, claimSeat, createMatch, emberRequest, TestClient, type TestServer } from "./harness";

jest.setTimeout(60_000);

const LIMIT = 5;
const BURST = 50;

const servers: TestServer[] = [];
async function boot(limits: Partial<LimitSettings>): Promise<TestServer> {
  const t = await bootServer({ limits });
  servers.push(t);
  return t;
}
// One server at a time: Colyseus's matchmaker is process-wide.
afterEach(async () => {
  for (const t of servers.splice(0)) await t.close();
});

/** How many times each answer came. */
function tally(answers: readonly (string | number)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[a] = (counts[a] ?? 0) + 1;
  return counts;
}

it(`checks at most ${LIMIT} of ${BURST} bad seat tokens joined in parallel; the rest are too_many_requests (4011)`, async () => {
  const t = await boot({ joinFailures: LIMIT, joinBlockMs: 60_000, maxConnectionsPerAddress: 2 * BURST });
  const created = await createMatch(t.http, emberRequest(catalog));
  const client = new Client(t.ws);
  // Every seat reserved first, then every WebSocket opened at once: the token checks overlap.
  const reservations = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      client.http.post(`/matchmake/joinById/${created.matchId}`, { headers: { "content-type": "application/json" }, body: { role: "player", protocol: PROTOCOL_VERSION, token: `${i % 10}`.repeat(32) } }).then((r) => r.data as unknown as SeatReservation),
    ),
  );
  const answers = await Promise.all(
    reservations.map((reservation) =>
      client.consumeSeatReservation(reservation).then(
        () => "joined",
        (error: { code?: number }) => error.code ?? "error",
      ),
    ),
  );
  const counts = tally(answers);
  expect(counts[protocolErrorNumber("invalid_token")] ?? 0).toBeLessThanOrEqual(LIMIT);
  expect((counts[protocolErrorNumber("invalid_token")] ?? 0) + (counts[protocolErrorNumber("too_many_requests")] ?? 0)).toBe(BURST);
  // The address stays refused, even with the right token.
  await expect(new Client(t.ws).joinById(created.matchId, { role: "player", protocol: PROTOCOL_VERSION, token: created.seats[0]!.token })).rejects.toMatchObject({ code: protocolErrorNumber("too_many_requests") });
});

it(`checks at most ${LIMIT} of ${BURST} bad invite codes claimed in parallel; the rest are 429 too_many_requests`, async () => {
  const t = await boot({ joinFailures: LIMIT, joinBlockMs: 60_000 });
  const created = await createMatch(t.http, emberRequest(catalog));
  const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => claimSeat(t.http, created.matchId, "p2", `${i % 10}`.repeat(32)).then((r) => `${r.status} ${r.body.error?.code}`)));
  const counts = tally(answers);
  expect(counts["403 invalid_invite"] ?? 0).toBeLessThanOrEqual(LIMIT);
  expect((counts["403 invalid_invite"] ?? 0) + (counts["429 too_many_requests"] ?? 0)).toBe(BURST);
  expect((await claimSeat(t.http, created.matchId, "p2", created.seats[1]!.invite)).status).toBe(429);
});

it("joins that succeed, in parallel or not, leave the budget whole", async () => {
  const t = await boot({ joinFailures: 3, joinBlockMs: 60_000 });
  const created = await createMatch(t.http, emberRequest(catalog));
  const watchers = await Promise.all(Array.from({ length: 3 }, () => TestClient.join(t.ws, created.matchId, "spectator")));
  for (let i = 0; i < 3; i++) watchers.push(await TestClient.join(t.ws, created.matchId, "spectator"));
  // Two failures still leave the third try.
  for (let i = 0; i < 2; i++) await expect(new Client(t.ws).joinById(created.matchId, { role: "player", protocol: PROTOCOL_VERSION, token: "0".repeat(32) })).rejects.toMatchObject({ code: protocolErrorNumber("invalid_token") });
  const seat = await TestClient.join(t.ws, created.matchId, { seat: "p1", token: created.seats[0]!.token });
  await seat.leave();
  for (const w of watchers) await w.leave();
});
