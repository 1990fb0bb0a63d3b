/**
 * A page's early seat reservation (packages/client/src/reserve.ts) against the real server: the
 * session's first join consumes it instead of asking the matchmaker again, a refused one ends the
 * session exactly as a join of its own would, and it is taken once.
 */
import { Client } from "@colyseus/sdk";
import { catalog } from "@fogwar/ember";
import { MatchSession, describeJoinError, prefetchSeat, reserveSeat, type JoinSpec, type RoomClient } from "@fogwar/client";
import { bootServer, createMatch, emberRequest, type TestServer } from "./harness";

jest.setTimeout(60_000);

let test_server: TestServer;
beforeAll(async () => {
  test_server = await bootServer();
});
afterAll(async () => {
  await test_server.close();
});

/** The SDK client, counting how each join was made. */
function counted(): RoomClient & { joins: number; consumed: number } {
  const sdk = new Client(test_server.http);
  const counts = {
    joins: 0,
    consumed: 0,
    joinById: (id: string, options: never) => {
      counts.joins++;
      return sdk.joinById(id, options) as never;
    },
    consumeSeatReservation: (reservation: never) => {
      counts.consumed++;
      return sdk.consumeSeatReservation(reservation) as never;
    },
  };
  return counts;
}

/** Starts `session` and waits until it has a view or has ended. */
async function settle(session: MatchSession): Promise<void> {
  session.start();
  for (let waited = 0; waited < 20_000; waited += 20) {
    const { status, view } = session.getSnapshot();
    if (view !== null || status === "failed" || status === "closed") return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`session still ${session.getSnapshot().status}`);
}

const open = async (spec: (token: (seat: string) => string) => JoinSpec) => {
  const created = await createMatch(test_server.http, emberRequest(catalog));
  const token = (seat: string) => created.seats.find((s) => s.seat === seat)!.token;
  return { matchId: created.matchId, spec: spec(token) };
};

describe("an early seat reservation", () => {
  test("the first join consumes it: no second matchmaking request, and the seat's view arrives", async () => {
    const { matchId, spec } = await open((token) => ({ role: "player", seat: "p1", token: token("p1") }));
    prefetchSeat(matchId, spec, test_server.http);
    const client = counted();
    const session = new MatchSession(matchId, spec, client);
    await settle(session);
    expect(session.getSnapshot().status).toBe("open");
    expect(session.getSnapshot().welcome?.seat).toBe("p1");
    expect({ joins: client.joins, consumed: client.consumed }).toEqual({ joins: 0, consumed: 1 });
    session.dispose();
  });

  test("taken once: a second session for the same seat asks its own", async () => {
    const { matchId, spec } = await open((token) => ({ role: "player", seat: "p2", token: token("p2") }));
    prefetchSeat(matchId, spec, test_server.http);
    const first = new MatchSession(matchId, spec, counted());
    await settle(first);
    first.dispose();
    const client = counted();
    const second = new MatchSession(matchId, spec, client);
    await settle(second);
    expect(second.getSnapshot().status).toBe("open");
    expect({ joins: client.joins, consumed: client.consumed }).toEqual({ joins: 1, consumed: 0 });
    second.dispose();
  });

  test("asked again after a session took it (a route rendering after the page's own early join): nothing more is reserved", async () => {
    const { matchId, spec } = await open((token) => ({ role: "player", seat: "p1", token: token("p1") }));
    prefetchSeat(matchId, spec, test_server.http);
    const first = new MatchSession(matchId, spec, counted());
    await settle(first);
    const fetched = jest.spyOn(globalThis, "fetch");
    try {
      prefetchSeat(matchId, spec, test_server.http);
      expect(fetched).not.toHaveBeenCalled();
    } finally {
      fetched.mockRestore();
      first.dispose();
    }
  });

  test("a spectator's too", async () => {
    const { matchId, spec } = await open(() => ({ role: "spectator" }));
    prefetchSeat(matchId, spec, test_server.http);
    const client = counted();
    const session = new MatchSession(matchId, spec, client);
    await settle(session);
    expect(session.getSnapshot().status).toBe("open");
    expect({ joins: client.joins, consumed: client.consumed }).toEqual({ joins: 0, consumed: 1 });
    session.dispose();
  });

  test("a refused one (a wrong seat token) ends the session with the same error as a join of its own", async () => {
    const wrong = "0".repeat(32);
    const { matchId, spec } = await open(() => ({ role: "player", seat: "p1", token: wrong }));
    const plain = new MatchSession(matchId, spec, counted());
    await settle(plain);
    prefetchSeat(matchId, spec, test_server.http);
    const client = counted();
    const early = new MatchSession(matchId, spec, client);
    await settle(early);
    expect(plain.getSnapshot().status).toBe("failed");
    expect(early.getSnapshot()).toMatchObject({ status: "failed", error: plain.getSnapshot().error });
    expect(client.consumed).toBe(1);
    plain.dispose();
    early.dispose();
  });

  test("a match that does not exist: refused as a join of its own would be", async () => {
    const spec: JoinSpec = { role: "spectator" };
    const plainClient = counted();
    const plain = new MatchSession("nosuchmatch", spec, plainClient, async () => "missing");
    await settle(plain);
    prefetchSeat("nosuchmatch", spec, test_server.http);
    const early = new MatchSession("nosuchmatch", spec, counted(), async () => "missing");
    await settle(early);
    expect(plain.getSnapshot().status).toBe("failed");
    expect(early.getSnapshot()).toMatchObject({ status: "failed", error: plain.getSnapshot().error });
    plain.dispose();
    early.dispose();
  });
});

test("a reservation the network could not carry is judged as the SDK's own network failure (network_error, retried)", async () => {
  // Nothing listens on port 9 of this host: the request fails before any answer.
  const failure = await reserveSeat("m", { role: "spectator" }, "http://127.0.0.1:9").catch((error: unknown) => error);
  expect(describeJoinError(failure)).toMatchObject({ code: "network_error", retry: true });
});

describe("an attacker who keeps every reservation it was ever sent", () => {
  test("replaying a reservation already consumed is refused, and no second connection ever receives the seat's view", async () => {
    const { matchId, spec } = await open((token) => ({ role: "player", seat: "p1", token: token("p1") }));
    const reservation = await reserveSeat(matchId, spec, test_server.http);
    const sdk = new Client(test_server.http);
    const owner = await sdk.consumeSeatReservation(reservation as never);
    // The same bytes again (a copied reservation): the server no longer holds that seat reservation.
    const replay = await new Client(test_server.http).consumeSeatReservation(reservation as never).then(
      (room) => room,
      (error: unknown) => error,
    );
    expect(replay).toBeInstanceOf(Error);
    await owner.leave();
  });

  test("a spectator's reservation cannot be turned into a seat: the join options are fixed on the server when it is made, and consuming it carries none", async () => {
    const { matchId } = await open(() => ({ role: "spectator" }));
    const reservation = await reserveSeat(matchId, { role: "spectator" }, test_server.http);
    const room = await new Client(test_server.http).consumeSeatReservation(reservation as never);
    const welcome = await new Promise<{ role: string; seat: string | null }>((resolve) => room.onMessage("welcome", resolve));
    expect(welcome).toMatchObject({ role: "spectator", seat: null });
    await room.leave();
  });
});
