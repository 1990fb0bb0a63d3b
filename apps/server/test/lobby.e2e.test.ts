/**
 * The open lobby over a real server (docs/protocol.md "Lobby"): a table opened by one player
 * appears live in another's `lobby` room (Colyseus's LobbyRoom, joined with the SDK) and vanishes
 * when taken; the taker and the owner then hold their seats (`GET /api/me/seats/:id`); a blocked
 * player cannot take it (answered as a table that is gone), nor one out of its rating range; of
 * two takers at once one wins. Seeks: two compatible seeks pair into one match, incompatible
 * ranges do not, blocked players never pair.
 */
import { defaultScenario } from "../src/lobby/paired";
import type { Room } from "@colyseus/sdk";
import { startServer, type RunningServer } from "../src/server";
import { Browser } from "./browser";

jest.setTimeout(90_000);

/** Starts a guest account in `browser`: its id. */
async function guest(browser: Browser): Promise<string> {
  const made = await browser.call("POST", "/api/auth/guest", {});
  expect(made.status).toBe(200);
  return made.body.account.id as string;
}

let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startServer({ port: 0, host: "127.0.0.1", publicUrl: "http://localhost:2567", logLevel: "silent", botDelayMs: 0, limits: { createPerMinute: 6000, createBurst: 500 }, signInRates: { perAddress: { perSecond: 100, burst: 1000 } } });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds (polling a local value, not the server). */
async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A lobby viewer: the tables its `lobby` room lists, kept from the room's messages alone. */
async function viewLobby(browser: Browser): Promise<{ room: Room; tables: Map<string, any> }> {
  const room = await browser.colyseus().joinOrCreate("lobby");
  const tables = new Map<string, any>();
  let listed = false;
  room.onMessage("rooms", (rooms: any[]) => {
    tables.clear();
    for (const r of rooms) tables.set(r.roomId, r);
    listed = true;
  });
  room.onMessage("+", ([roomId, listing]: [string, any]) => tables.set(roomId, listing));
  room.onMessage("-", (roomId: string) => tables.delete(roomId));
  await until(() => listed, "the lobby's list");
  return { room, tables };
}

/** Opens a table as `owner` and joins its room: the table's id and the owner's room. */
async function openTable(owner: Browser, body: Record<string, unknown> = {}): Promise<{ tableId: string; room: Room }> {
  const opened = await owner.call("POST", "/api/lobby/tables", { ruleset: "ember", scenario: "crossroads", options: { rated: true }, ...body });
  if (opened.status !== 201) throw new Error(JSON.stringify(opened.body));
  const room = await owner.colyseus().joinById(opened.body.tableId);
  return { tableId: opened.body.tableId as string, room };
}

describe("open tables", () => {
  test("a viewer's metadata filter narrows what it is told; the others get every table", async () => {
    const owner = new Browser(base);
    const [everything, sigmarOnly] = [new Browser(base), new Browser(base)];
    await guest(owner);
    await guest(everything);
    await guest(sigmarOnly);
    const all = await viewLobby(everything);
    const room = await sigmarOnly.colyseus().joinOrCreate("lobby", { filter: { metadata: { ruleset: "sigmar" } } });
    const narrowed = new Set<string>();
    room.onMessage("rooms", () => undefined);
    room.onMessage("+", ([roomId]: [string, unknown]) => narrowed.add(roomId));
    room.onMessage("-", (roomId: string) => narrowed.delete(roomId));
    const ember = await openTable(owner);
    const sigmar = await openTable(owner, { ruleset: "sigmar", scenario: defaultScenario("sigmar") });
    await until(() => all.tables.has(ember.tableId) && all.tables.has(sigmar.tableId), "both tables for the whole-list viewer");
    await until(() => narrowed.has(sigmar.tableId), "the sigmar table for the filtered viewer");
    expect(narrowed.has(ember.tableId)).toBe(false);
    await owner.call("DELETE", `/api/lobby/tables/${sigmar.tableId}`);
    await until(() => !all.tables.has(sigmar.tableId) && !narrowed.has(sigmar.tableId), "the closed table gone for both");
    await owner.call("DELETE", `/api/lobby/tables/${ember.tableId}`);
    await Promise.race([Promise.all([room.leave(true), all.room.leave(true), ember.room.leave(true), sigmar.room.leave(true)]), sleep(1000)]);
  });

  test("a table appears live in another player's lobby; taken, both players hold their seats and it vanishes", async () => {
    const ann = new Browser(base);
    const bob = new Browser(base);
    await guest(ann);
    await guest(bob);
    const lobby = await viewLobby(bob);
    const { tableId, room } = await openTable(ann, { minRating: 1200, maxRating: 1800 });
    let taken: any = null;
    room.onMessage("taken", (message) => (taken = message));
    await until(() => lobby.tables.has(tableId), "the table in the lobby");
    expect(lobby.tables.get(tableId)).toMatchObject({ name: "table", metadata: { tableId, ownerName: expect.any(String), ownerRating: null, ruleset: "ember", scenario: "crossroads", options: { rated: true, clock: null }, minRating: 1200, maxRating: 1800 } });
    // Only open tables are listed: no match room.
    expect([...lobby.tables.values()].every((t) => t.name === "table")).toBe(true);

    const took = await bob.call("POST", `/api/lobby/tables/${tableId}/take`);
    expect(took.status).toBe(200);
    expect(took.body).toEqual({ matchId: expect.any(String), seat: "p2" });
    await until(() => taken !== null, "the owner's taken message");
    expect(taken).toEqual({ matchId: took.body.matchId, seat: "p1" });
    await until(() => !lobby.tables.has(tableId), "the table gone from the lobby");
    const bobSeats = await bob.call("GET", `/api/me/seats/${took.body.matchId}`);
    expect(bobSeats.body.seats).toEqual([{ seat: "p2", token: expect.any(String) }]);
    const annSeats = await ann.call("GET", `/api/me/seats/${took.body.matchId}`);
    expect(annSeats.body.seats).toEqual([{ seat: "p1", token: expect.any(String) }]);
    const match = await bob.call("GET", `/api/matches/${took.body.matchId}`);
    expect(match.body.options.rated).toBe(true);
    // Taken: it cannot be taken again.
    expect((await new Browser(base).call("POST", `/api/lobby/tables/${tableId}/take`)).status).toBe(401);
    const carl = new Browser(base);
    await guest(carl);
    expect((await carl.call("POST", `/api/lobby/tables/${tableId}/take`)).body.error.code).toBe("table_unavailable");
    await lobby.room.leave();
  });

  test("a blocked player cannot take the table (as if it were gone), nor one out of range, nor the owner; the owner closes it", async () => {
    const ann = new Browser(base);
    const bob = new Browser(base);
    const annId = await guest(ann);
    const bobId = await guest(bob);
    const { tableId, room } = await openTable(ann, { minRating: 1600 });
    // Out of range: every new player is rated 1500.
    const out = await bob.call("POST", `/api/lobby/tables/${tableId}/take`);
    expect(out.status).toBe(403);
    expect(out.body.error.code).toBe("rating_out_of_range");
    const { tableId: other } = await openTable(ann);
    expect((await ann.call("POST", `/api/lobby/tables/${other}/take`)).body.error.code).toBe("own_table");
    await server.store.social.block(annId, bobId, 100);
    const blocked = await bob.call("POST", `/api/lobby/tables/${other}/take`);
    const gone = await bob.call("POST", `/api/lobby/tables/table-nosuchtable0000/take`);
    expect(blocked.status).toBe(404);
    expect(blocked.body).toEqual(gone.body);
    // Still open for others; its owner closes it.
    expect((await bob.call("DELETE", `/api/lobby/tables/${other}`)).status).toBe(404);
    expect((await ann.call("DELETE", `/api/lobby/tables/${other}`)).status).toBe(204);
    expect((await ann.call("DELETE", `/api/lobby/tables/${other}`)).status).toBe(404);
    // At most three open tables.
    await openTable(ann);
    await openTable(ann);
    const fourth = await ann.call("POST", "/api/lobby/tables", { ruleset: "ember", scenario: "crossroads" });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe("too_many_tables");
    await room.leave();
  });

  test("only the owner joins a table's room", async () => {
    const ann = new Browser(base);
    const bob = new Browser(base);
    await guest(ann);
    await guest(bob);
    const { tableId } = await openTable(ann);
    await expect(bob.colyseus().joinById(tableId)).rejects.toThrow(/table_unavailable/);
    await expect(new Browser(base).colyseus().joinById(tableId)).rejects.toThrow(/not_signed_in/);
  });

  test("two takers at once: one wins", async () => {
    const ann = new Browser(base);
    await guest(ann);
    const takers = [new Browser(base), new Browser(base), new Browser(base)];
    for (const t of takers) await guest(t);
    const { tableId } = await openTable(ann);
    const answers = await Promise.all(takers.map((t) => t.call("POST", `/api/lobby/tables/${tableId}/take`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404]);
    const winner = answers.find((a) => a.status === 200)!;
    const seats = await ann.call("GET", `/api/me/seats/${winner.body.matchId}`);
    expect(seats.body.seats).toEqual([{ seat: "p1", token: expect.any(String) }]);
  });
});

describe("seeks", () => {
  test("two compatible seeks pair into one match with both seats", async () => {
    const ann = new Browser(base);
    const bob = new Browser(base);
    await guest(ann);
    await guest(bob);
    const first = await ann.call("POST", "/api/lobby/seeks", { ruleset: "sigmar", rated: true });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ seekId: expect.any(String), status: "waiting" });
    const second = await bob.call("POST", "/api/lobby/seeks", { ruleset: "sigmar", rated: true, ratingRange: 100 });
    expect(second.body).toEqual({ seekId: expect.any(String), status: "paired", matchId: expect.any(String) });
    const polled = await ann.call("GET", `/api/lobby/seeks/${first.body.seekId}`);
    expect(polled.body).toEqual({ seekId: first.body.seekId, status: "paired", matchId: second.body.matchId });
    expect((await ann.call("GET", `/api/me/seats/${second.body.matchId}`)).body.seats).toEqual([{ seat: "p1", token: expect.any(String) }]);
    expect((await bob.call("GET", `/api/me/seats/${second.body.matchId}`)).body.seats).toEqual([{ seat: "p2", token: expect.any(String) }]);
    // Another's seek is not found.
    expect((await bob.call("GET", `/api/lobby/seeks/${first.body.seekId}`)).status).toBe(404);
  });

  test("different clocks, rated and casual, and blocked players never pair; a withdrawn seek is gone", async () => {
    const ann = new Browser(base);
    const bob = new Browser(base);
    const annId = await guest(ann);
    const bobId = await guest(bob);
    const seek = { ruleset: "ember", rated: false, clock: { minutes: 7, incrementSeconds: 3 } };
    const waiting = await ann.call("POST", "/api/lobby/seeks", seek);
    expect(waiting.body.status).toBe("waiting");
    expect((await bob.call("POST", "/api/lobby/seeks", { ...seek, clock: { minutes: 8, incrementSeconds: 3 } })).body.status).toBe("waiting");
    expect((await bob.call("POST", "/api/lobby/seeks", { ...seek, rated: true })).body.status).toBe("waiting");
    await server.store.social.block(bobId, annId, 100);
    const blocked = await bob.call("POST", "/api/lobby/seeks", seek);
    expect(blocked.body.status).toBe("waiting");
    expect((await ann.call("DELETE", `/api/lobby/seeks/${waiting.body.seekId}`)).status).toBe(204);
    expect((await ann.call("GET", `/api/lobby/seeks/${waiting.body.seekId}`)).status).toBe(404);
    // A third player pairs with Bob's waiting seek.
    const carl = new Browser(base);
    await guest(carl);
    expect((await carl.call("POST", "/api/lobby/seeks", seek)).body.status).toBe("paired");
    expect((await bob.call("GET", `/api/lobby/seeks/${blocked.body.seekId}`)).body.status).toBe("paired");
  });

  test("seeks whose ranges exclude each other do not pair", async () => {
    const ann = new Browser(base);
    const bob = new Browser(base);
    await guest(ann);
    const bobId = await guest(bob);
    // Bob is rated 1900 in Siege: outside Ann's default ± 300, though Ann is within his ± 500.
    await setRating(bobId, "siege", 1900);
    expect((await ann.call("POST", "/api/lobby/seeks", { ruleset: "siege", rated: true })).body.status).toBe("waiting");
    expect((await bob.call("POST", "/api/lobby/seeks", { ruleset: "siege", rated: true, ratingRange: 500 })).body.status).toBe("waiting");
  });
});

/** Gives an account a rating (a rated result of a match of two other players, recorded in the store). */
async function setRating(accountId: string, ruleset: string, rating: number): Promise<void> {
  const [one, two] = [new Browser(base), new Browser(base)];
  await guest(one);
  await guest(two);
  await one.call("POST", "/api/lobby/seeks", { ruleset: "sigmar", rated: false, ratingRange: 0 });
  const paired = await two.call("POST", "/api/lobby/seeks", { ruleset: "sigmar", rated: false, ratingRange: 0 });
  expect(paired.body.status).toBe("paired");
  const outcome = await server.store.ratings.recordRatedMatch(paired.body.matchId, ruleset, "duel", [{ accountId, before: { rating: 1500, deviation: 350, volatility: 0.06, games: 0 }, after: { rating, deviation: 50, volatility: 0.06 } }]);
  expect(outcome).toBe("recorded");
}
