/**
 * What clients send: join options, the client-to-server messages and parseClientMessage, the one
 * parser the room uses (it must never throw, whatever a socket delivers).
 */
import fc from "fast-check";
import {
  CLIENT_MESSAGE_TYPES,
  ClientMessage,
  CommandMessage,
  ConcedeMessage,
  EventsSinceMessage,
  JoinOptions,
  MAX_MESSAGE_BYTES,
  PROTOCOL_ERRORS,
  PROTOCOL_VERSION,
  PingMessage,
  parseClientMessage,
  quickCommand,
  type ProtocolErrorCode,
} from "../src";

const TOKEN = "0123456789abcdef0123456789abcdef";

describe("PROTOCOL_VERSION", () => {
  it("is 3 (2: accepted and events in compact forms; 3: claimed invites, chat ids per audience, names)", () => {
    expect(PROTOCOL_VERSION).toBe(3);
  });
});

describe("JoinOptions", () => {
  it.each([
    ["a player", { role: "player", protocol: 1, token: TOKEN }],
    ["a named player", { role: "player", protocol: 1, token: TOKEN, name: "Ada" }],
    ["a player of another protocol (refused later as unsupported_protocol)", { role: "player", protocol: 2, token: TOKEN }],
    ["a spectator", { role: "spectator", protocol: 1 }],
    ["a named spectator", { role: "spectator", protocol: 1, name: "x".repeat(40) }],
  ])("accepts %s", (_what, options) => {
    expect(JoinOptions.safeParse(options).success).toBe(true);
  });

  it("trims names", () => {
    expect(JoinOptions.parse({ role: "spectator", protocol: 1, name: "  Bo  " })).toEqual({ role: "spectator", protocol: 1, name: "Bo" });
  });

  it.each([
    ["no options", undefined],
    ["null", null],
    ["an array", [{ role: "player", protocol: 1, token: TOKEN }]],
    ["no role", { protocol: 1, token: TOKEN }],
    ["an unknown role", { role: "referee", protocol: 1 }],
    ["no protocol", { role: "spectator" }],
    ["a string protocol", { role: "spectator", protocol: "1" }],
    ["a fractional protocol", { role: "spectator", protocol: 1.5 }],
    ["a player without token", { role: "player", protocol: 1 }],
    ["a 31-character token", { role: "player", protocol: 1, token: TOKEN.slice(1) }],
    ["a 33-character token", { role: "player", protocol: 1, token: `${TOKEN}0` }],
    ["an uppercase token", { role: "player", protocol: 1, token: TOKEN.toUpperCase() }],
    ["a non-hex token", { role: "player", protocol: 1, token: "g".repeat(32) }],
    ["a numeric token", { role: "player", protocol: 1, token: 1234 }],
    ["a spectator with a token", { role: "spectator", protocol: 1, token: TOKEN }],
    ["an unknown key", { role: "player", protocol: 1, token: TOKEN, seat: "p1" }],
    ["an empty name", { role: "spectator", protocol: 1, name: "" }],
    ["a blank name", { role: "spectator", protocol: 1, name: "   " }],
    ["a 41-character name", { role: "player", protocol: 1, token: TOKEN, name: "x".repeat(41) }],
    ["a numeric name", { role: "spectator", protocol: 1, name: 7 }],
  ])("refuses %s", (_what, options) => {
    expect(JoinOptions.safeParse(options).success).toBe(false);
  });
});

describe("client message schemas", () => {
  it("accept valid messages", () => {
    expect(CommandMessage.safeParse({ type: "command", id: "c-1", command: { type: "end_commands" } }).success).toBe(true);
    expect(CommandMessage.safeParse({ type: "command", id: "x".repeat(64), command: null }).success).toBe(true);
    expect(EventsSinceMessage.safeParse({ type: "events_since", after: 0 }).success).toBe(true);
    expect(PingMessage.safeParse({ type: "ping", t: 1732345678901.5 }).success).toBe(true);
    expect(ClientMessage.safeParse({ type: "events_since", after: 12 }).success).toBe(true);
    expect(ConcedeMessage.safeParse({ type: "concede", id: "concede-1" }).success).toBe(true);
    expect(ClientMessage.safeParse({ type: "concede", id: "x".repeat(64) }).success).toBe(true);
  });

  it.each([
    ["an empty id", { type: "command", id: "", command: {} }],
    ["a 65-character id", { type: "command", id: "x".repeat(65), command: {} }],
    ["a numeric id", { type: "command", id: 7, command: {} }],
    ["a missing command", { type: "command", id: "c" }],
    ["an undefined command", { type: "command", id: "c", command: undefined }],
    ["an unknown key", { type: "command", id: "c", command: {}, seat: "p2" }],
    ["a negative after", { type: "events_since", after: -1 }],
    ["a fractional after", { type: "events_since", after: 1.5 }],
    ["a string after", { type: "events_since", after: "3" }],
    ["a string t", { type: "ping", t: "now" }],
    ["a missing t", { type: "ping" }],
    ["an unknown type", { type: "pong", t: 1 }],
    ["no type", { t: 1 }],
    ["a concession without id", { type: "concede" }],
    ["a concession with a 65-character id", { type: "concede", id: "x".repeat(65) }],
    ["a concession naming a seat", { type: "concede", id: "c", seat: "p2" }],
    ["a concession carrying a command", { type: "concede", id: "c", command: { type: "concede" } }],
  ])("refuse %s", (_what, message) => {
    expect(ClientMessage.safeParse(message).success).toBe(false);
  });
});

const refusal = (type: unknown, payload: unknown): ProtocolErrorCode | null => {
  const result = parseClientMessage(type as string, payload);
  return result.ok ? null : result.error.code;
};

describe("parseClientMessage", () => {
  it("takes the type from Colyseus when the payload has none", () => {
    expect(parseClientMessage("ping", { t: 5 })).toEqual({ ok: true, message: { type: "ping", t: 5 } });
    expect(parseClientMessage("command", { id: "a", command: { type: "concede" } })).toEqual({
      ok: true,
      message: { type: "command", id: "a", command: { type: "concede" } },
    });
  });

  it("accepts a payload type equal to the Colyseus type", () => {
    expect(parseClientMessage("events_since", { type: "events_since", after: 3 })).toEqual({ ok: true, message: { type: "events_since", after: 3 } });
  });

  it("refuses a payload type that differs from the Colyseus type", () => {
    expect(refusal("ping", { type: "events_since", after: 1 })).toBe("bad_message");
    expect(refusal("events_since", { type: "ping", t: 1 })).toBe("bad_message");
    expect(refusal("ping", { type: null, t: 1 })).toBe("bad_message");
    expect(refusal("ping", { type: 1, t: 1 })).toBe("bad_message");
  });

  it("refuses unknown and non-string Colyseus types", () => {
    for (const type of ["pong", "welcome", "", "PING", "constructor", "__proto__", 1, null, undefined, {}]) expect(refusal(type, { t: 1 })).toBe("bad_message");
  });

  it("refuses payloads that are not JSON objects", () => {
    for (const payload of [undefined, null, 1, "ping", [], [{ t: 1 }], true, new Date(0), new Map([["t", 1]])]) expect(refusal("ping", payload)).toBe("bad_message");
  });

  it("refuses unknown keys, wrong types and oversized ids", () => {
    expect(refusal("ping", { t: 1, extra: true })).toBe("bad_message");
    expect(refusal("ping", JSON.parse('{"t":1,"__proto__":{}}'))).toBe("bad_message");
    expect(refusal("command", { id: "x".repeat(65), command: {} })).toBe("bad_message");
    expect(refusal("command", { id: ["a"], command: {} })).toBe("bad_message");
    expect(refusal("events_since", { after: -1 })).toBe("bad_message");
    expect(refusal("command", { id: "a", command: { n: 1n } })).toBe("bad_message");
    expect(refusal("command", { id: "a", command: { at: new Date(0) } })).toBe("bad_message");
  });

  it("refuses payloads over MAX_MESSAGE_BYTES with message_too_large", () => {
    const command = { blob: "x".repeat(MAX_MESSAGE_BYTES) };
    expect(refusal("command", { id: "a", command })).toBe("message_too_large");
    const fits = { id: "a", command: { blob: "x".repeat(MAX_MESSAGE_BYTES - 40) } };
    expect(JSON.stringify(fits).length).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    expect(refusal("command", fits)).toBeNull();
  });

  it("returns a plain-JSON copy, never the payload itself", () => {
    const command = { type: "lock_plan", dials: { "p1-m1": "green" }, note: undefined };
    const result = parseClientMessage("command", { id: "a", command });
    expect(result.ok).toBe(true);
    if (result.ok && result.message.type === "command") {
      expect(result.message.command).toEqual({ type: "lock_plan", dials: { "p1-m1": "green" } });
      expect(result.message.command).not.toBe(command);
      expect(Object.keys(result.message.command as object)).not.toContain("note");
    }
  });

  it("gives the fixed message of its code and a detail", () => {
    const result = parseClientMessage("command", { id: "", command: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toBe(PROTOCOL_ERRORS.bad_message.message);
      expect(result.error.detail).toMatch(/id/);
    }
  });

  const validMessage = fc.oneof(
    fc.record({ type: fc.constant("command" as const), id: fc.string({ minLength: 1, maxLength: 64 }), command: fc.jsonValue({ maxDepth: 4 }) }),
    fc.record({ type: fc.constant("events_since" as const), after: fc.nat() }),
    fc.record({ type: fc.constant("ping" as const), t: fc.double({ noNaN: true, noDefaultInfinity: true }) }),
    fc.record({ type: fc.constant("concede" as const), id: fc.string({ minLength: 1, maxLength: 64 }).filter((id) => !/\p{Cc}/u.test(id)) }),
  );

  it("accepts every valid message, with or without its type field, and returns it as JSON", () => {
    fc.assert(
      fc.property(validMessage, fc.boolean(), (message, withType) => {
        const { type, ...rest } = message;
        const result = parseClientMessage(type, withType ? message : rest);
        const text = JSON.stringify(message);
        if (text.length > MAX_MESSAGE_BYTES) return !result.ok && result.error.code === "message_too_large";
        return result.ok && JSON.stringify(result.message) === JSON.stringify(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it("answers a command exactly as the schema does, with or without the quick check", () => {
    const text = fc.oneof(fc.string({ maxLength: 70 }), fc.constantFrom("", "a\u0000", "\t", "x".repeat(64), "x".repeat(65), "é\u0085", "ok"));
    const key = fc.constantFrom("type", "id", "command", "__proto__", "extra", "constructor");
    const body = fc.dictionary(key, fc.oneof(text, fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined)), { maxKeys: 4 });
    fc.assert(
      fc.property(body, (raw) => {
        const payload = { ...raw };
        if ("type" in payload) payload.type = "command";
        const result = parseClientMessage("command", payload);
        const data = JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;
        const schema = ClientMessage.safeParse({ ...data, type: "command" });
        expect(result.ok).toBe(schema.success);
        if (result.ok && schema.success) expect(result.message).toStrictEqual(schema.data);
        const quick = quickCommand(data);
        if (quick) expect(quick).toStrictEqual(schema.data);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses every valid message with an extra key or a mismatched type", () => {
    const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !["type", "id", "command", "after", "t"].includes(k));
    fc.assert(
      fc.property(validMessage, key, fc.constantFrom(...CLIENT_MESSAGE_TYPES), (message, extra, other) => {
        expect(refusal(message.type, { ...message, [extra]: 1 })).toBe("bad_message");
        if (other !== message.type) expect(refusal(other, message)).toBe("bad_message");
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on fuzzed input", () => {
    const anything = fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withTypedArray: true,
      withSparseArray: true,
      withUnicodeString: true,
    });
    const type = fc.oneof(fc.constantFrom<unknown>(...CLIENT_MESSAGE_TYPES, "pong", "", "__proto__"), fc.string(), anything);
    const payload = fc.oneof(
      anything,
      fc.record({ type: fc.oneof(fc.constantFrom(...CLIENT_MESSAGE_TYPES), anything), id: anything, command: anything, after: anything, t: anything }, { requiredKeys: [] }),
    );
    fc.assert(
      fc.property(type, payload, (t, p) => {
        let result: ReturnType<typeof parseClientMessage> | undefined;
        expect(() => {
          result = parseClientMessage(t as string, p);
        }).not.toThrow();
        if (!result) throw new Error("no result");
        if (result.ok) {
          expect(ClientMessage.safeParse(result.message).success).toBe(true);
          expect(result.message.type).toBe(t);
        } else {
          expect(Object.keys(PROTOCOL_ERRORS)).toContain(result.error.code);
          expect(result.error.message).toBe(PROTOCOL_ERRORS[result.error.code].message);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on hostile payloads", () => {
    const cycle: Record<string, unknown> = { t: 1 };
    cycle.self = cycle;
    const trap = new Proxy({ t: 1 }, { getPrototypeOf: () => { throw new Error("trap"); } });
    const getter = Object.defineProperty({}, "t", { enumerable: true, get: () => { throw new Error("boom"); } });
    const typeGetter = Object.defineProperty({ t: 1 }, "type", { enumerable: true, get: () => { throw new Error("boom"); } });
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = { t: deep };
    for (const payload of [cycle, trap, getter, typeGetter, deep]) expect(refusal("ping", payload)).toBe("bad_message");
    const hostileType = { toString: () => { throw new Error("no"); } };
    expect(refusal(hostileType, { t: 1 })).toBe("bad_message");
  });
});
