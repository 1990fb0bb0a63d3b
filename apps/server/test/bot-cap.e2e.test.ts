/**
 * Bot seats and the per-address connection cap (FOGWAR_MAX_CONNECTIONS_PER_ADDRESS): the server's
 * bot seats all connect from 127.0.0.1, so they carry the process's bot connection key and the
 * gate leaves them out of the cap; anybody else from that address is still held to it.
 */
import { bootServer, createMatch, TestClient, type TestServer } from "./harness";
import { emberBotRequest } from "./bot-play";

jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await bootServer({ limits: { maxConnectionsPerAddress: 1 } });
});
afterAll(async () => {
  await server.close();
});

test("with a cap of one connection per address, a person holds theirs and the bots of two matches still join; a second person's connection is refused", async () => {
  const first = await createMatch(server.http, emberBotRequest());
  const second = await createMatch(server.http, emberBotRequest());
  const person = await TestClient.join(server.ws, first.matchId, { seat: "p1", token: first.seats[0]!.token });
  await person.until(() => person.room.state.connected.get("p2") === true, "the first match's bot connected", 20_000);
  // The same address, a person's second connection: over the cap.
  await expect(TestClient.join(server.ws, second.matchId, { seat: "p1", token: second.seats[0]!.token })).rejects.toThrow(/too_many_requests|429|Too Many/i);
  await person.leave();
  // Once the person's connection is gone, they may join the other match, whose bot is there too.
  const again = await TestClient.join(server.ws, second.matchId, { seat: "p1", token: second.seats[0]!.token });
  await again.until(() => again.room.state.connected.get("p2") === true, "the second match's bot connected", 20_000);
  await again.leave();
});
