/**
 * A finished match takes no new connections: while its room lingers (clients still connected),
 * a join is refused with `match_over` (4006); once its clients have left, the room is gone and a
 * join fails with Colyseus's 522 (docs/protocol.md, "Connecting to a match").
 */
import { autoplay } from "@fogwar/engine";
import { catalog, emberBotPolicy } from "@fogwar/ember";
import { protocolErrorNumber } from "@fogwar/protocol";
import { RULESETS } from "../src/hosts/index.js";
import { api, bootServer, createMatch, emberRequest, TestClient, type TestServer } from "./harness";

jest.setTimeout(90_000);

let server: TestServer;
beforeAll(async () => {
  server = await bootServer();
});
afterAll(async () => {
  await server?.close();
});

test("joins of a finished match: match_over while its room lingers, 522 once it has closed", async () => {
  const created = await createMatch(server.http, emberRequest(catalog));
  const seats = await Promise.all(created.seats.map((s) => TestClient.join(server.ws, created.matchId, { seat: s.seat, token: s.token })));
  const watcher = await TestClient.join(server.ws, created.matchId, "spectator");
  // Play the match to its end with the commands a bot picks for its stored setup and seed.
  const record = await server.server.store.getMatch(created.matchId);
  const seed = await server.server.store.getSeed(created.matchId);
  const played = autoplay(RULESETS.get("ember")!.ruleset, record!.setup, seed!, "finished-join", { policy: emberBotPolicy });
  for (const entry of played.toLog().entries) {
    const answer = await seats.find((c) => c.seat === entry.seat)!.command(entry.command);
    expect(answer.type).toBe("accepted");
  }
  expect((await api(server.http, `/matches/${created.matchId}`)).body.match.status).toBe("finished");

  const seat = created.seats[0]!;
  for (const who of [{ seat: seat.seat, token: seat.token }, "spectator"] as const) {
    const refused = await TestClient.join(server.ws, created.matchId, who).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: protocolErrorNumber("match_over") });
  }
  // The connected clients stay until they leave; then the room closes.
  await Promise.all([...seats, watcher].map((c) => c.leave()));
  let gone: unknown;
  for (let attempt = 0; attempt < 50 && !gone; attempt++) {
    gone = await TestClient.join(server.ws, created.matchId, "spectator").then(
      async (c) => {
        await c.leave();
        return undefined;
      },
      (e: unknown) => ((e as { code?: number }).code === 522 ? e : undefined),
    );
    if (!gone) await new Promise((r) => setTimeout(r, 100));
  }
  expect(gone).toMatchObject({ code: 522 });
});

test("a server shutting down closes its connections with code 4001 (docs/protocol.md)", async () => {
  // Last in the file: it stops the file's server.
  const created = await createMatch(server.http, emberRequest(catalog));
  const watcher = await TestClient.join(server.ws, created.matchId, "spectator");
  const code = new Promise<number>((resolve) => watcher.room.onLeave((c: number) => resolve(c)));
  await server.close();
  expect(await code).toBe(4001);
});
