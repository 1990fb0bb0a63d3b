import { PROTOCOL_VERSION, acceptedPayload, eventsPayload, flatten, overlay } from "@fogwar/protocol";
import { CLOSE_REPLACED, HEARTBEAT_DEAD_MS, HEARTBEAT_IDLE_MS, JOIN_TIMEOUT_MS, MatchSession, describeJoinError, type RoomClient } from "../src/session";

const TOKEN = "3f9c2a7e5b1d4c8f9a0e6b2d7c4f1a83";

/** A stand-in for the SDK's Room: records what is sent and lets the test fire its signals. */
class FakeRoom {
  sent: [string, unknown][] = [];
  state: Record<string, unknown> = {};
  handlers: Record<string, ((...args: never[]) => void)[]> = {};
  left = false;
  reconnection = { enabled: true };
  private on(name: string) {
    return (cb: (...args: never[]) => void) => void (this.handlers[name] ??= []).push(cb);
  }
  onMessage = (_type: string, cb: (type: string, payload: unknown) => void) => {
    this.on("message")(cb);
    return () => undefined;
  };
  onStateChange = this.on("state");
  onDrop = this.on("drop");
  onReconnect = this.on("reconnect");
  onLeave = this.on("leave");
  fire(name: string, ...args: unknown[]) {
    for (const cb of this.handlers[name] ?? []) (cb as (...a: unknown[]) => void)(...args);
  }
  /** Delivers a message as Colyseus would: an object payload with its type, a compact (array) one as it is. */
  message(type: string, payload: Record<string, unknown> | unknown[]) {
    this.fire("message", type, Array.isArray(payload) ? payload : { type, ...payload });
  }
  send(type: string, payload: unknown) {
    this.sent.push([type, payload]);
  }
  async leave() {
    this.left = true;
    return 1000;
  }
  removeAllListeners() {
    this.handlers = {};
  }
}

/** A fake SDK client: each join takes the next failure (if any, and not undefined), else the next room. */
function client(rooms: FakeRoom[], failures: unknown[] = []): RoomClient & { joins: unknown[] } {
  const joins: unknown[] = [];
  return {
    joins,
    async joinById(_id, options) {
      joins.push(options);
      const failure = failures.shift();
      if (failure) throw failure;
      const room = rooms.shift();
      if (!room) throw Object.assign(new Error("no room"), { code: 522 });
      return room as never;
    },
  };
}

const welcome = (lastSeq: number) => ({ protocol: PROTOCOL_VERSION, matchId: "m", ruleset: "ember", rulesVersion: "x", role: "player", seat: "p1", lastSeq, spectatorDelay: 0 });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("MatchSession", () => {
  test("joins as the seat, builds its own projection, asks for missed events, dedupes them", async () => {
    const room = new FakeRoom();
    const pub = flatten({ round: 1, mine: null });
    room.state = { seq: 2, view: pub, seats: new Map([["p1", { entries: overlay(pub, flatten({ round: 1, mine: "shoot" })) }]]), connected: new Map([["p1", true]]), spectators: 1 };
    const c = client([room]);
    const s = new MatchSession("m", { role: "player", seat: "p1", token: TOKEN }, c);
    s.start();
    await tick();
    expect(c.joins).toEqual([{ role: "player", protocol: PROTOCOL_VERSION, token: TOKEN }]);
    expect(s.getSnapshot()).toMatchObject({ status: "open", seq: 2, view: { round: 1, mine: "shoot" }, connected: { p1: true }, spectators: 1 });
    room.message("welcome", welcome(2));
    expect(room.sent).toEqual([["events_since", { type: "events_since", after: 0 }]]);
    room.message("events", eventsPayload(1, "p1", "live", []));
    room.message("events", eventsPayload(2, "p2", "live", []));
    room.message("events", eventsPayload(1, "p1", "live", []));
    expect(s.getSnapshot().events.map((e) => e.seq)).toEqual([1, 2]);
    s.dispose();
    expect(room.left).toBe(true);
  });

  test("send resolves with the answer; an unanswered command is resent with the same id after a drop", async () => {
    const room = new FakeRoom();
    const again = new FakeRoom();
    const s = new MatchSession("m", { role: "player", seat: "p1", token: TOKEN }, client([room, again]), async () => "live", () => 0);
    s.start();
    await tick();
    expect(room.reconnection.enabled).toBe(false); // the session, not the SDK, joins again
    const first = s.send({ type: "end_commands" });
    const [, payload] = room.sent[0] as [string, { id: string }];
    room.fire("leave", 1006);
    expect(s.getSnapshot()).toMatchObject({ status: "reconnecting", retry: { attempt: 1 }, error: { code: "connection_lost" } });
    const second = s.send({ type: "lock_plan" });
    expect(room.sent).toHaveLength(1); // nothing goes out while reconnecting
    s.retryNow();
    await tick();
    expect(s.getSnapshot()).toMatchObject({ status: "open", retry: null, error: null });
    again.message("welcome", welcome(0));
    const resent = again.sent.filter(([type]) => type === "command").map(([, p]) => (p as { id: string }).id);
    // Both unanswered commands go out on the new connection: the first with its own id.
    expect(resent).toHaveLength(2);
    expect(resent[0]).toBe(payload.id);
    expect(resent[1]).not.toBe(payload.id);
    again.message("accepted", acceptedPayload(payload.id, 1));
    again.message("rejected", { id: resent[1], error: { code: "not_your_turn", message: "No.", rule: null } });
    await expect(first).resolves.toEqual({ ok: true, seq: 1 });
    await expect(second).resolves.toEqual({ ok: false, error: { code: "not_your_turn", message: "No.", rule: null } });
    s.dispose();
  });

  test("a seat replaced by another window closes with `replaced`; a bad token fails at once", async () => {
    const room = new FakeRoom();
    const s = new MatchSession("m", { role: "player", seat: "p1", token: TOKEN }, client([room]));
    s.start();
    await tick();
    room.fire("leave", CLOSE_REPLACED);
    expect(s.getSnapshot()).toMatchObject({ status: "closed", error: { code: "replaced" } });

    const bad = new MatchSession("m", { role: "player", seat: "p1", token: TOKEN }, client([], [Object.assign(new Error("x"), { code: 4004 })]));
    bad.start();
    await tick();
    expect(bad.getSnapshot()).toMatchObject({ status: "failed", error: { code: "invalid_token" } });
  });

  test("a server restart: it keeps joining again with the token, backing off, until the server answers", async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const first = new FakeRoom();
      const second = new FakeRoom();
      const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
      const notRebuilt = Object.assign(new Error('room "m" not found'), { code: 522 });
      const c = client([first, second], [undefined, refused, refused, refused, notRebuilt]);
      const lookups: string[] = [];
      const s = new MatchSession("m", { role: "player", seat: "p1", token: TOKEN }, c, async (id) => (lookups.push(id), "live"), () => 0);
      s.start();
      await jest.advanceTimersByTimeAsync(0);
      const answer = s.send({ type: "end_commands" });
      const id = (first.sent[0]?.[1] as { id: string }).id;
      first.fire("leave", 1006);
      const seen: { attempt: number; nextAt: number | null }[] = [];
      s.subscribe(() => {
        const retry = s.getSnapshot().retry;
        if (retry && retry.nextAt !== null) seen.push(retry);
      });
      expect(s.getSnapshot()).toMatchObject({ status: "reconnecting", retry: { attempt: 1, nextAt: 1_000_500 } });
      await jest.advanceTimersByTimeAsync(500 + 1000 + 2000 + 4000);
      expect(s.getSnapshot().status).toBe("reconnecting");
      expect(lookups).toEqual(["m"]); // the room was not found, but the match is live: keep trying
      await jest.advanceTimersByTimeAsync(8000);
      expect(s.getSnapshot()).toMatchObject({ status: "open", retry: null });
      // Waits of 1, 2, 4 and 8 s after the failed attempts (0.5 s before the first).
      expect(seen.map((r) => [r.attempt, r.nextAt])).toEqual([
        [2, 1_001_500],
        [3, 1_003_500],
        [4, 1_007_500],
        [5, 1_015_500],
      ]);
      expect(c.joins).toHaveLength(6);
      for (const options of c.joins) expect(options).toEqual({ role: "player", protocol: PROTOCOL_VERSION, token: TOKEN });
      // The new room's welcome: missed events are asked for and the unanswered command goes again, same id.
      second.message("welcome", welcome(4));
      expect(second.sent).toEqual([
        ["events_since", { type: "events_since", after: 0 }],
        ["command", { type: "command", id, command: { type: "end_commands" } }],
      ]);
      second.message("accepted", acceptedPayload(id, 4));
      await expect(answer).resolves.toEqual({ ok: true, seq: 4 });
      // A later loss starts again at attempt 1.
      second.fire("leave", 4001);
      expect(s.getSnapshot()).toMatchObject({ status: "reconnecting", retry: { attempt: 1 }, error: { code: "server_restarting" } });
      s.dispose();
    } finally {
      jest.useRealTimers();
    }
  });

  test("a room that is gone for good (the match is over) ends the retries; retry now starts over", async () => {
    const gone = Object.assign(new Error('room "m" not found'), { code: 522 });
    const first = new FakeRoom();
    const c = client([first], [undefined, gone]);
    const s = new MatchSession("m", { role: "spectator" }, c, async () => "finished", () => 0);
    s.start();
    await tick();
    first.fire("leave", 1006);
    s.retryNow();
    await tick();
    await tick();
    expect(s.getSnapshot()).toMatchObject({ status: "closed", retry: null, error: { code: "match_over" } });
    expect(c.joins).toEqual([
      { role: "spectator", protocol: PROTOCOL_VERSION },
      { role: "spectator", protocol: PROTOCOL_VERSION },
    ]);
    s.retryNow();
    await tick();
    expect(c.joins).toHaveLength(3);
    s.dispose();
  });

  test("a page opened while the server rebuilds its rooms keeps trying; an invalid token or an unsupported protocol does not", async () => {
    const notYet = Object.assign(new Error('room "m" not found'), { code: 522 });
    const room = new FakeRoom();
    const c = client([room], [notYet]);
    const s = new MatchSession("m", { role: "player", seat: "p1", token: TOKEN }, c, async () => "live", () => 0);
    s.start();
    await tick();
    await tick();
    expect(s.getSnapshot()).toMatchObject({ status: "connecting", retry: { attempt: 1 }, error: { code: "room_not_found" } });
    s.retryNow();
    await tick();
    expect(s.getSnapshot().status).toBe("open");
    s.dispose();

    for (const [number, code] of [
      [4004, "invalid_token"],
      [4003, "unsupported_protocol"],
    ] as const) {
      const refused = new MatchSession("m", { role: "player", seat: "p1", token: TOKEN }, client([], [Object.assign(new Error("x"), { code: number })]), async () => "live", () => 0);
      refused.start();
      await tick();
      expect(refused.getSnapshot()).toMatchObject({ status: "failed", retry: null, error: { code } });
    }
  });

  test("a command asked for before the first join goes out with the welcome", async () => {
    const room = new FakeRoom();
    let open!: (room: FakeRoom) => void;
    const slow: RoomClient = { joinById: () => new Promise((resolve) => (open = resolve as never)) };
    const s = new MatchSession("m", { role: "player", seat: "p1", token: TOKEN }, slow, async () => "live", () => 0);
    s.start();
    const answer = s.send({ type: "end_commands" });
    expect(s.getSnapshot()).toMatchObject({ status: "connecting", unanswered: 1 });
    open(room);
    await tick();
    room.message("welcome", welcome(0));
    const [type, payload] = room.sent[0] as [string, { id: string }];
    expect(type).toBe("command");
    room.message("accepted", acceptedPayload(payload.id, 1));
    await expect(answer).resolves.toEqual({ ok: true, seq: 1 });
    expect(s.getSnapshot().unanswered).toBe(0);
    s.dispose();
  });

  test("a silent connection is pinged, then given up as lost and joined again", async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const first = new FakeRoom();
      const second = new FakeRoom();
      const c = client([first, second]);
      const s = new MatchSession("m", { role: "player", seat: "p1", token: TOKEN }, c, async () => "live", () => 0);
      s.start();
      await jest.advanceTimersByTimeAsync(0);
      await jest.advanceTimersByTimeAsync(HEARTBEAT_IDLE_MS);
      expect(first.sent.map(([type]) => type)).toEqual(["ping"]);
      first.message("pong", { t: 1 }); // heard from: the clock starts again
      await jest.advanceTimersByTimeAsync(HEARTBEAT_DEAD_MS - 1000);
      expect(s.getSnapshot().status).toBe("open");
      await jest.advanceTimersByTimeAsync(1000); // 25 s of silence since the pong
      expect(first.left).toBe(true);
      expect(s.getSnapshot()).toMatchObject({ status: "reconnecting", error: { code: "connection_lost" } });
      await jest.advanceTimersByTimeAsync(500);
      expect(s.getSnapshot().status).toBe("open");
      expect(c.joins).toHaveLength(2);
      s.dispose();
    } finally {
      jest.useRealTimers();
    }
  });

  test("a join that never answers counts as a network failure and is tried again", async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const room = new FakeRoom();
      let calls = 0;
      const hanging: RoomClient = {
        joinById: () => (++calls === 1 ? new Promise<never>(() => undefined) : Promise.resolve(room as never)),
      };
      const s = new MatchSession("m", { role: "spectator" }, hanging, async () => "live", () => 0);
      s.start();
      await jest.advanceTimersByTimeAsync(JOIN_TIMEOUT_MS);
      expect(s.getSnapshot()).toMatchObject({ status: "connecting", retry: { attempt: 1 }, error: { code: "network_error" } });
      await jest.advanceTimersByTimeAsync(500);
      expect(s.getSnapshot().status).toBe("open");
      s.dispose();
    } finally {
      jest.useRealTimers();
    }
  });

  test("spectators cannot send; join errors are named", async () => {
    const s = new MatchSession("m", { role: "spectator" }, client([new FakeRoom()]));
    await expect(s.send({})).resolves.toMatchObject({ ok: false, error: { code: "spectators_cannot_act" } });
    expect(describeJoinError({ code: 4004 })).toMatchObject({ code: "invalid_token", retry: false });
    expect(describeJoinError({ code: 522 })).toMatchObject({ code: "room_not_found", retry: true });
    expect(describeJoinError(new TypeError("fetch failed"))).toMatchObject({ code: "network_error", retry: true });
  });

  test("concede sends the one concede message of every ruleset and resolves with its answer; a refusal, a spectator and a lost connection are answered too", async () => {
    const room = new FakeRoom();
    const s = new MatchSession("m", { role: "player", seat: "p1", token: TOKEN }, client([room, new FakeRoom()]), async () => "live", () => 0);
    s.start();
    await tick();
    const conceded = s.concede();
    const [type, payload] = room.sent.at(-1) as [string, { type: string; id: string }];
    expect([type, Object.keys(payload).sort()]).toEqual(["concede", ["id", "type"]]);
    expect(payload.type).toBe("concede");
    room.message("accepted", acceptedPayload(payload.id, 7));
    await expect(conceded).resolves.toEqual({ ok: true, seq: 7 });
    const late = s.concede();
    const [, again] = room.sent.at(-1) as [string, { id: string }];
    expect(again.id).not.toBe(payload.id);
    room.message("rejected", { id: again.id, error: { code: "match_over", message: "The match is over.", rule: null } });
    await expect(late).resolves.toMatchObject({ ok: false, error: { code: "match_over" } });
    // Sent, then the connection drops before the answer: not left waiting.
    const lost = s.concede();
    const claim = s.claim("p2", "win");
    room.fire("leave", 1006);
    await expect(lost).resolves.toMatchObject({ ok: false, error: { code: "not_connected" } });
    await expect(claim).resolves.toMatchObject({ ok: false, error: { code: "not_connected" } });
    s.dispose();
    const watcher = new MatchSession("m", { role: "spectator" }, client([new FakeRoom()]));
    await expect(watcher.concede()).resolves.toMatchObject({ ok: false, error: { code: "spectators_cannot_act" } });
  });
});
