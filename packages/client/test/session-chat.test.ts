/**
 * The session's table chat: the backlog after a welcome replaces the chat, lines merge once, a
 * `chat_*` refusal lands in `chat.error` and never answers a command in flight, and a line is
 * sent with its control characters turned into spaces.
 */
import { MatchSession, type RoomClient } from "../src/session";

class FakeRoom {
  sent: [string, unknown][] = [];
  state: Record<string, unknown> = { seq: 0, view: new Map(), seats: new Map(), connected: new Map(), spectators: 0 };
  handlers: Record<string, ((...args: never[]) => void)[]> = {};
  reconnection = { enabled: true };
  private on(name: string) {
    return (cb: (...args: never[]) => void) => void (this.handlers[name] ??= []).push(cb);
  }
  onMessage = (_type: string, cb: (type: string, payload: unknown) => void) => {
    this.on("message")(cb);
    return () => undefined;
  };
  onStateChange = this.on("state");
  onLeave = this.on("leave");
  message(type: string, payload: Record<string, unknown>) {
    for (const cb of this.handlers.message ?? []) (cb as (...a: unknown[]) => void)(type, { type, ...payload });
  }
  send(type: string, payload: unknown) {
    this.sent.push([type, payload]);
  }
  async leave() {
    return 1000;
  }
  removeAllListeners() {
    this.handlers = {};
  }
}

const line = (n: number, text: string) => ({ id: `players:${n}`, n, audience: "players", team: null, seat: "p2", name: "Bo", text, seq: 0, at: n });

test("the session keeps the chat apart from commands", async () => {
  const room = new FakeRoom();
  const sdk: RoomClient = { joinById: async () => room as never };
  const s = new MatchSession("m", { role: "player", seat: "p1", token: "3f9c2a7e5b1d4c8f9a0e6b2d7c4f1a83" }, sdk);
  s.start();
  await new Promise((r) => setTimeout(r, 0));
  room.message("welcome", { protocol: 1, matchId: "m", ruleset: "ember", rulesVersion: "x", role: "player", seat: "p1", lastSeq: 0, spectatorDelay: 0 });
  room.message("chat_backlog", { read: ["players"], write: ["players"], lines: [line(1, "gl hf")] });
  room.message("chat", { line: line(2, "you too") });
  room.message("chat", { line: line(2, "you too") });
  expect(s.getSnapshot().chat).toMatchObject({ read: ["players"], write: ["players"], error: null });
  expect(s.getSnapshot().chat.lines.map((l) => l.text)).toEqual(["gl hf", "you too"]);

  const answer = s.send({ type: "end_commands" });
  room.message("error", { error: { code: "chat_rate_limited", message: "Too many chat lines: wait a moment." } });
  expect(s.getSnapshot().chat.error).toBe("chat_rate_limited");
  expect(s.getSnapshot().unanswered).toBe(1);
  room.message("accepted", { id: (room.sent.find(([t]) => t === "command")![1] as { id: string }).id, seq: 1 });
  await expect(answer).resolves.toEqual({ ok: true, seq: 1 });

  expect(s.sendChat("players", "a\tb\nc ")).toBe(true);
  expect(room.sent.at(-1)).toEqual(["chat", { type: "chat", audience: "players", text: "a b c" }]);
  expect(s.getSnapshot().chat.error).toBeNull();
  s.dispose();
});
