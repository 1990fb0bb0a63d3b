/**
 * The session's policy options, as bots and the CLI use them: a display name and a chosen command
 * id go out on the wire, `onJoin` sees every room joined and `reconnections` counts the joins
 * again, and `retryWithinMs` turns joins that keep failing into a final `gave_up`.
 */
import { PROTOCOL_VERSION } from "@fogwar/protocol";
import { MatchSession, type RoomClient } from "../src/session";

/** The least of a Room the session touches; `close(code)` ends the connection. */
function fakeRoom() {
  const handlers: Record<string, ((...args: unknown[]) => void)[]> = {};
  const on = (name: string) => (cb: (...args: unknown[]) => void) => void (handlers[name] ??= []).push(cb);
  return {
    sent: [] as [string, unknown][],
    state: {},
    reconnection: { enabled: true },
    onMessage: (_type: string, cb: (...args: unknown[]) => void) => on("message")(cb),
    onStateChange: on("state"),
    onLeave: on("leave"),
    send(type: string, payload: unknown) {
      this.sent.push([type, payload]);
    },
    message: (type: string, payload: object) => handlers.message?.forEach((cb) => cb(type, { type, ...payload })),
    close: (code: number) => handlers.leave?.forEach((cb) => cb(code)),
    leave: async () => 1000,
    removeAllListeners: () => undefined,
  };
}
type FakeRoom = ReturnType<typeof fakeRoom>;

const tick = () => new Promise((r) => setTimeout(r, 0));
const welcome = { protocol: PROTOCOL_VERSION, matchId: "m", ruleset: "ember", rulesVersion: "x", role: "player", seat: "p1", lastSeq: 0, spectatorDelay: 0 };

describe("MatchSession options", () => {
  test("the name and a chosen id go out; onJoin sees each room; a join again is counted and resends the same id", async () => {
    const rooms = [fakeRoom(), fakeRoom()];
    const joins: unknown[] = [];
    const joined: FakeRoom[] = [];
    const sdk: RoomClient = { joinById: async (_id, options) => (joins.push(options), rooms[joins.length - 1] as never) };
    const s = new MatchSession("m", { role: "player", seat: "p1", token: "t", name: "Ada" }, sdk, async () => "live", () => 0, { onJoin: (room) => joined.push(room as never) });
    s.start();
    await tick();
    expect(joins).toEqual([{ role: "player", protocol: PROTOCOL_VERSION, token: "t", name: "Ada" }]);
    expect(joined).toEqual([rooms[0]]);
    const answer = s.send({ type: "pass" }, "p1-7");
    expect(rooms[0]!.sent).toEqual([["command", { type: "command", id: "p1-7", command: { type: "pass" } }]]);
    rooms[0]!.close(1006);
    expect(s.getSnapshot().status).toBe("reconnecting");
    s.retryNow();
    await tick();
    expect(joined).toEqual(rooms);
    expect(s.reconnections).toBe(1);
    rooms[1]!.message("welcome", welcome);
    expect(rooms[1]!.sent).toContainEqual(["command", { type: "command", id: "p1-7", command: { type: "pass" } }]);
    rooms[1]!.message("accepted", { id: "p1-7", seq: 3 });
    await expect(answer).resolves.toEqual({ ok: true, seq: 3 });
    s.dispose();
  });

  test("retryWithinMs: joins failing for longer give up with gave_up; without it they go on", async () => {
    jest.useFakeTimers();
    try {
      const down = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
      const sdk: RoomClient = { joinById: async () => Promise.reject(down) };
      const limited = new MatchSession("m", { role: "spectator" }, sdk, async () => "live", () => 0, { retryWithinMs: 5_000 });
      const patient = new MatchSession("m", { role: "spectator" }, sdk, async () => "live", () => 0);
      limited.start();
      patient.start();
      for (let i = 0; i < 40; i++) await jest.advanceTimersByTimeAsync(1_000);
      expect(limited.getSnapshot()).toMatchObject({ status: "failed", error: { code: "gave_up" } });
      expect(patient.getSnapshot().status).toBe("connecting");
      limited.dispose();
      patient.dispose();
    } finally {
      jest.useRealTimers();
    }
  });
});
