/**
 * Control characters (NUL, line breaks, escapes, C1 controls) are refused by every schema that
 * takes client text: display names, command ids, catalog ids, listing queries and match ids in
 * REST paths.
 */
import { CommandMessage, CreateMatchRequest, JoinOptions, ListMatchesQuery, MatchPathParams, parseClientMessage } from "../src";

const CONTROLS = ["\u0000", "\n", "\r", "\t", "\u001b", "\u007f", "\u0085", "\u009f"];
const TOKEN = "0123456789abcdef0123456789abcdef";
const army = { faction: "x" };

describe("control characters", () => {
  it.each(CONTROLS)("refuses %j in a display name", (c) => {
    expect(JoinOptions.safeParse({ role: "spectator", protocol: 1, name: `A${c}B` }).success).toBe(false);
    expect(JoinOptions.safeParse({ role: "player", protocol: 1, token: TOKEN, name: `Ana${c}` }).success).toBe(false);
    expect(CreateMatchRequest.safeParse({ ruleset: "ember", scenario: "s", players: [{ name: `A${c}`, army }] }).success).toBe(false);
  });

  it.each(CONTROLS)("refuses %j in a command id with bad_message", (c) => {
    expect(CommandMessage.safeParse({ type: "command", id: `c${c}1`, command: {} }).success).toBe(false);
    const parsed = parseClientMessage("command", { type: "command", id: `c${c}1`, command: {} });
    expect(parsed.ok ? null : parsed.error.code).toBe("bad_message");
  });

  it.each(CONTROLS)("refuses %j in catalog ids and listing queries", (c) => {
    expect(CreateMatchRequest.safeParse({ ruleset: `ember${c}`, scenario: "s", players: [{ name: "A", army }] }).success).toBe(false);
    expect(CreateMatchRequest.safeParse({ ruleset: "ember", scenario: `s${c}`, players: [{ name: "A", army }] }).success).toBe(false);
    expect(ListMatchesQuery.safeParse({ player: `An${c}a` }).success).toBe(false);
    expect(ListMatchesQuery.safeParse({ ruleset: `ember${c}` }).success).toBe(false);
    expect(ListMatchesQuery.safeParse({ limit: `1${c}` }).success).toBe(false);
  });

  it("still accepts ordinary text (spaces, accents, Hangul, emoji)", () => {
    expect(JoinOptions.safeParse({ role: "spectator", protocol: 1, name: "Zoë 김 🙂" }).success).toBe(true);
    expect(CommandMessage.safeParse({ type: "command", id: "move 1/é", command: {} }).success).toBe(true);
    expect(ListMatchesQuery.safeParse({ player: "Zoë 김" }).success).toBe(true);
  });
});

describe("MatchPathParams", () => {
  it.each(["abcdefghijk2", "Room_1-a", "x".repeat(64)])("accepts %j", (id) => {
    expect(MatchPathParams.safeParse({ id }).success).toBe(true);
  });

  it.each(["", "a\u0000b", "a b", "../x", "a%00", "x".repeat(65), "ab\n"])("refuses %j", (id) => {
    expect(MatchPathParams.safeParse({ id }).success).toBe(false);
  });
});
