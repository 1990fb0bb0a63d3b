/**
 * The heartbeat pings a slice of the connections per tick, not all of them in one turn of the
 * event loop, and still pings each once per interval and terminates the unresponsive.
 */
import { heartbeatTick, PING_SLICES, SpreadPingTransport } from "../src/transport.js";

class FakeConnection {
  pingCount = 0;
  pings = 0;
  terminated = false;
  ping(): void {
    this.pings++;
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe("heartbeatTick", () => {
  const n = 1000;
  const run = (clients: FakeConnection[], ticks: number, onTick?: (tick: number) => void) => {
    const slots = new WeakMap<object, number>();
    const next = { slot: 0 };
    for (let t = 0; t < ticks; t++) {
      heartbeatTick(clients, slots, next, t % PING_SLICES, 2);
      onTick?.(t);
    }
  };

  it("pings at most one slice of the connections per tick and each exactly once per interval", () => {
    const clients = Array.from({ length: n }, () => new FakeConnection());
    let before = 0;
    run(clients, PING_SLICES, () => {
      const total = clients.reduce((sum, c) => sum + c.pings, 0);
      expect(total - before).toBeLessThanOrEqual(Math.ceil(n / PING_SLICES));
      before = total;
      for (const c of clients) if (c.pings > 0) c.pingCount = 0; // every pong arrives
    });
    for (const c of clients) expect(c.pings).toBe(1);
  });

  it("terminates a connection that answers no ping after pingMaxRetries pings, and only it", () => {
    const clients = Array.from({ length: 50 }, () => new FakeConnection());
    const silent = clients[7]!;
    run(clients, PING_SLICES * 3, () => {
      for (const c of clients) if (c !== silent) c.pingCount = 0;
    });
    expect(silent.terminated).toBe(true);
    expect(silent.pings).toBe(2);
    expect(clients.filter((c) => c.terminated)).toEqual([silent]);
  });

  it("gives a connection that arrives later its own slice and pings it within one interval", () => {
    const clients = Array.from({ length: 10 }, () => new FakeConnection());
    const slots = new WeakMap<object, number>();
    const next = { slot: 0 };
    heartbeatTick(clients, slots, next, 0, 2);
    const late = new FakeConnection();
    clients.push(late);
    for (let t = 1; t <= PING_SLICES; t++) heartbeatTick(clients, slots, next, t % PING_SLICES, 2);
    expect(late.pings).toBe(1);
  });
});

describe("SpreadPingTransport", () => {
  /** The transport's heartbeat over fake connections, with Jest's fake timers. */
  class Probe extends SpreadPingTransport {
    start(clients: FakeConnection[]): void {
      (this as unknown as { wss: { clients: Set<FakeConnection> } }).wss = { clients: new Set(clients) };
      this.autoTerminateUnresponsiveClients(3000, 2);
    }
    stop(): void {
      clearInterval(this.pingInterval);
    }
  }

  afterEach(() => jest.useRealTimers());

  it("spreads one interval's pings over the interval instead of one burst", () => {
    jest.useFakeTimers();
    const clients = Array.from({ length: 600 }, () => new FakeConnection());
    const probe = new Probe();
    probe.start(clients);
    let before = 0;
    let most = 0;
    for (let ms = 0; ms < 3000; ms += 50) {
      jest.advanceTimersByTime(50);
      const total = clients.reduce((sum, c) => sum + c.pings, 0);
      most = Math.max(most, total - before);
      before = total;
    }
    probe.stop();
    expect(before).toBe(600);
    expect(most).toBeLessThanOrEqual(Math.ceil(600 / PING_SLICES));
  });
});
