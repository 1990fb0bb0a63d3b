/**
 * Slow clients: a request whose headers or body trickle in (slow-loris) is cut off after the
 * configured request and header timeouts instead of holding a connection for minutes (Node's
 * defaults: 300 s and 60 s).
 */
import { connect, type Socket } from "node:net";
import { bootServer, type TestServer } from "./harness";

jest.setTimeout(30_000);

let t: TestServer;
beforeAll(async () => {
  t = await bootServer({ limits: { requestTimeoutMs: 1500, headersTimeoutMs: 1000, keepAliveTimeoutMs: 1000 } });
});
afterAll(async () => {
  await t.close();
});

/**
 * Opens a socket, writes `head`, then one byte of `drip` every 200 ms until the server closes the
 * connection or `giveUpMs` pass. @returns ms until the server closed it, or null.
 */
function trickle(head: string, drip: string, giveUpMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(t.server.port, "127.0.0.1");
    let i = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const finish = (value: number | null) => {
      clearInterval(timer);
      socket.destroy();
      resolve(value);
    };
    socket.on("connect", () => {
      socket.write(head);
      timer = setInterval(() => {
        if (Date.now() - started > giveUpMs) return finish(null);
        if (!socket.destroyed && socket.writable) socket.write(drip[i++ % drip.length] as string);
      }, 200);
    });
    socket.on("data", () => undefined);
    socket.on("close", () => finish(Date.now() - started));
    socket.on("error", () => undefined);
  });
}

it("closes a request whose body trickles in", async () => {
  const head = "POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n";
  const closedAfter = await trickle(head, "x", 10_000);
  expect(closedAfter).not.toBeNull();
});

it("closes a request whose headers trickle in", async () => {
  const closedAfter = await trickle("GET /api/health HTTP/1.1\r\n", "X-Slow: aaaaaaaaaaaaaaaaaaaa\r\n", 10_000);
  expect(closedAfter).not.toBeNull();
});

it("still answers a request that arrives in time", async () => {
  expect((await fetch(`${t.http}/api/health`)).status).toBe(200);
});
