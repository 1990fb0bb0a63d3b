/**
 * A real PostgreSQL that becomes unreachable under a running server (a TCP relay in front of it is
 * cut, then restored): health, REST, joins and commands answer `service_unavailable` without the
 * database's address, and the server recovers by itself when the database is back. Needs
 * TEST_DATABASE_URL (skipped visibly without it).
 */
import { createServer, type Server, type Socket } from "node:net";
import { catalog, legalCommandsInView } from "@fogwar/ember";
import { PROTOCOL_VERSION, protocolErrorNumber } from "@fogwar/protocol";
import { api, bootServer, createMatch, emberRequest, freshPostgresUrl, TestClient, type TestServer } from "./harness";

jest.setTimeout(90_000);

/** A TCP relay to `target` on a fixed local port that can be cut and restored. */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}
  async start(): Promise<void> {
    if (this.server) return;
    const { createConnection } = await import("node:net");
    this.server = createServer((inbound) => {
      const outbound = createConnection(this.target);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    const address = this.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
  }
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

const base = process.env.TEST_DATABASE_URL;
const run = base ? describe : describe.skip;

run("PostgreSQL outage under a running server", () => {
  let relay: Relay;
  let server: TestServer;
  beforeAll(async () => {
    const url = new URL((await freshPostgresUrl("outage")) as string);
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.start();
    url.hostname = "127.0.0.1";
    url.port = String(relay.port);
    server = await bootServer({ databaseUrl: url.toString() });
  });
  afterAll(async () => {
    await relay?.start();
    await server?.close();
    await relay?.cut();
  });

  test("503 and service_unavailable while it is down, no address shown; play resumes when it is back", async () => {
    const created = await createMatch(server.http, emberRequest(catalog));
    const seats = await Promise.all(created.seats.map((s) => TestClient.join(server.ws, created.matchId, { seat: s.seat, token: s.token })));
    await relay.cut();

    const health = await api(server.http, "/health");
    expect(health).toEqual({ status: 503, body: { ok: false, protocol: PROTOCOL_VERSION, database: "down" } });
    const listing = await api(server.http, "/matches");
    expect(listing.status).toBe(503);
    expect(listing.body.error.code).toBe("service_unavailable");
    const seat = created.seats[0]!;
    const refused = await TestClient.join(server.ws, created.matchId, { seat: seat.seat, token: seat.token }).catch((e: unknown) => e as { code: number; message: string });
    expect(refused).toMatchObject({ code: protocolErrorNumber("service_unavailable") });
    const mover = seats.find((c) => legalCommandsInView(c.projection() as any, c.seat as string).length > 0)!;
    const command = legalCommandsInView(mover.projection() as any, mover.seat as string)[0];
    const answer = await mover.command(command, "during-outage");
    expect(answer.payload.error.code).toBe("service_unavailable");
    const shown = JSON.stringify([health.body, listing.body, (refused as { message: string }).message, answer.payload]);
    expect(shown).not.toMatch(new RegExp(`ECONNREFUSED|127\\.0\\.0\\.1|:${relay.port}`));
    // Nor do the store's errors (they end up in the server's log).
    const storeError = await server.server.store.getMatch(created.matchId).catch((e: unknown) => e as Error);
    expect(String((storeError as Error).message)).not.toMatch(new RegExp(`127\\.0\\.0\\.1|${relay.port}`));

    await relay.start();
    const resent = await mover.command(command, "during-outage");
    expect(resent.payload).toEqual({ type: "accepted", id: "during-outage", seq: 1 });
    expect((await api(server.http, "/health")).body).toMatchObject({ ok: true, database: "up" });
    await Promise.all(seats.map((c) => c.leave()));
  });
});
