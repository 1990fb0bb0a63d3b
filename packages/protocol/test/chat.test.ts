/**
 * The chat message's limits at the parser: an empty or white-space line is `chat_empty`, a line
 * over MAX_CHAT_LENGTH characters (trimmed) is `chat_too_long`, control characters and unknown
 * audiences are `bad_message`; a valid line comes back trimmed.
 */
import { ChatLine, chatLineId, MAX_CHAT_LENGTH, parseClientMessage } from "../src";

const code = (payload: unknown) => {
  const result = parseClientMessage("chat", payload);
  return result.ok ? "ok" : result.error.code;
};

describe("the chat message", () => {
  it("accepts a line of 1 to MAX_CHAT_LENGTH characters, trimmed", () => {
    const result = parseClientMessage("chat", { audience: "players", text: "  gl hf  " });
    expect(result).toEqual({ ok: true, message: { type: "chat", audience: "players", text: "gl hf" } });
    expect(code({ audience: "team", text: "가".repeat(MAX_CHAT_LENGTH) })).toBe("ok");
    expect(code({ audience: "spectators", text: ` ${"x".repeat(MAX_CHAT_LENGTH)} ` })).toBe("ok");
  });

  it("refuses an empty line with chat_empty", () => {
    expect(code({ audience: "players", text: "" })).toBe("chat_empty");
    expect(code({ audience: "players", text: "   \u3000 " })).toBe("chat_empty");
  });

  it("refuses a line over MAX_CHAT_LENGTH characters with chat_too_long", () => {
    expect(MAX_CHAT_LENGTH).toBe(500);
    expect(code({ audience: "players", text: "x".repeat(MAX_CHAT_LENGTH + 1) })).toBe("chat_too_long");
  });

  it("refuses control characters, unknown audiences and extra keys with bad_message", () => {
    expect(code({ audience: "players", text: "line\nbreak" })).toBe("bad_message");
    expect(code({ audience: "everyone", text: "hi" })).toBe("bad_message");
    expect(code({ audience: "players", text: "hi", to: "p2" })).toBe("bad_message");
    expect(code({ audience: "players" })).toBe("bad_message");
    expect(code({ audience: "players", text: 5 })).toBe("bad_message");
  });
});

describe("a chat line's id", () => {
  const line = { id: "team:attack:3", n: 3, audience: "team", team: "attack", seat: "a1", name: "Mina", text: "east", seq: 12, at: 1 };
  it("names its audience (its team for a team line) and its number in it", () => {
    expect([chatLineId("players", null, 4), chatLineId("spectators", null, 1), chatLineId("team", "attack", 3)]).toEqual(["players:4", "spectators:1", "team:attack:3"]);
    expect(ChatLine.safeParse(line).success).toBe(true);
    expect(ChatLine.safeParse({ ...line, id: "players:1", n: 1, audience: "players", team: null }).success).toBe(true);
  });
  it("refuses a global counter, an id that disagrees with the line, and a number below 1", () => {
    expect(ChatLine.safeParse({ ...line, id: 7 }).success).toBe(false);
    expect(ChatLine.safeParse({ ...line, id: "team:defence:3" }).success).toBe(false);
    expect(ChatLine.safeParse({ ...line, id: "team:attack:4" }).success).toBe(false);
    expect(ChatLine.safeParse({ ...line, id: "team:attack:0", n: 0 }).success).toBe(false);
  });
});
