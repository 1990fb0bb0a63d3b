/**
 * What the server sends on a room connection: samples shaped exactly as apps/server/src/room.ts
 * builds them pass, broken ones fail, and parseServerMessage never throws.
 */
import fc from "fast-check";
import {
  AcceptedMessage,
  ErrorMessage,
  EventsMessage,
  PROTOCOL_ERRORS,
  PROTOCOL_VERSION,
  PongMessage,
  RejectedMessage,
  SERVER_MESSAGE_TYPES,
  ServerMessage,
  WelcomeMessage,
  acceptedPayload,
  eventsPayload,
  parseServerMessage,
} from "../src";

const welcome = {
  type: "welcome",
  protocol: PROTOCOL_VERSION,
  matchId: "k7m2q9x4w8ab",
  ruleset: "ember",
  rulesVersion: "ember-0.1.0",
  role: "player",
  seat: "p1",
  lastSeq: 0,
  spectatorDelay: 0,
};
const accepted = { type: "accepted", id: "c-17", seq: 42 };
const rejected = {
  type: "rejected",
  id: "c-18",
  error: { code: "wrong_phase", message: "That command does not belong to the current phase.", rule: "001_f556d9be58b12b7c.txt 3-6" },
};
const events = { type: "events", seq: 3, seat: "p2", feed: "live", events: [{ type: "unit_deployed", unit: "p2-m1", at: { x: 0, y: 10 }, facing: "N", stance: "DEF" }] };
const error = { type: "error", error: { code: "rate_limited", message: PROTOCOL_ERRORS.rate_limited.message } };
const pong = { type: "pong", t: 1732345678901 };

const line = { id: "team:attack:3", n: 3, audience: "team", team: "attack", seat: "a1", name: "Mina", text: "breach the east wall", seq: 12, at: 1732345678901 };
const chat = { type: "chat", line };
const chat_backlog = { type: "chat_backlog", read: ["players", "team"], write: ["players", "team"], lines: [line] };

const notice = { type: "notice", notice: { kind: "seat_reissued", seat: "p2", at: 1732345678901 } };
const SAMPLES = { welcome, accepted, rejected, events, error, pong, chat, chat_backlog, notice };

describe("server message schemas", () => {
  it.each(Object.entries(SAMPLES))("accept a %s message", (_type, sample) => {
    expect(ServerMessage.safeParse(sample).success).toBe(true);
  });

  it("cover every server message type", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...SERVER_MESSAGE_TYPES].sort());
  });

  it("accept spectators, caster feeds, empty event lists and null rules", () => {
    expect(WelcomeMessage.safeParse({ ...welcome, role: "spectator", seat: null, spectatorDelay: 2 }).success).toBe(true);
    expect(EventsMessage.safeParse({ ...events, feed: "caster", events: [] }).success).toBe(true);
    expect(RejectedMessage.safeParse({ ...rejected, error: { ...rejected.error, rule: null } }).success).toBe(true);
  });

  it("tolerate extra keys (clients are tolerant readers)", () => {
    expect(PongMessage.safeParse({ ...pong, serverTime: 1 }).success).toBe(true);
  });

  it.each([
    ["a player welcome without seat", WelcomeMessage, { ...welcome, seat: null }],
    ["a spectator welcome with a seat", WelcomeMessage, { ...welcome, role: "spectator" }],
    ["a welcome with a negative lastSeq", WelcomeMessage, { ...welcome, lastSeq: -1 }],
    ["a welcome with an unknown role", WelcomeMessage, { ...welcome, role: "referee" }],
    ["a welcome without rulesVersion", WelcomeMessage, { ...welcome, rulesVersion: undefined }],
    ["an accepted with seq 0", AcceptedMessage, { ...accepted, seq: 0 }],
    ["an accepted with a 65-character id", AcceptedMessage, { ...accepted, id: "x".repeat(65) }],
    ["a rejected without rule", RejectedMessage, { ...rejected, error: { code: "x", message: "y" } }],
    ["a rejected with an empty code", RejectedMessage, { ...rejected, error: { ...rejected.error, code: "" } }],
    ["events of an unknown feed", EventsMessage, { ...events, feed: "omniscient" }],
    ["events that are not a list", EventsMessage, { ...events, events: {} }],
    ["an error with a rule code", ErrorMessage, { type: "error", error: { code: "not_your_turn", message: "It is not your turn to act." } }],
    ["a pong without t", PongMessage, { type: "pong" }],
  ])("refuse %s", (_what, schema, sample) => {
    expect(schema.safeParse(sample).success).toBe(false);
  });

  it("accept an error message for every protocol error code", () => {
    for (const [code, info] of Object.entries(PROTOCOL_ERRORS)) {
      expect(ErrorMessage.safeParse({ type: "error", error: { code, message: info.message } }).success).toBe(true);
    }
  });
});

describe("parseServerMessage", () => {
  it("takes the type from Colyseus and checks a payload type against it", () => {
    const { type: _type, ...body } = pong;
    expect(parseServerMessage("pong", body)).toEqual({ ok: true, message: pong });
    expect(parseServerMessage("pong", pong)).toEqual({ ok: true, message: pong });
    expect(parseServerMessage("welcome", pong).ok).toBe(false);
    expect(parseServerMessage("ping", { t: 1 }).ok).toBe(false);
    expect(parseServerMessage(7, { t: 1 }).ok).toBe(false);
  });

  it("reads accepted and events in their compact wire forms as the message objects", () => {
    expect(acceptedPayload("c-17", 42)).toEqual(["c-17", 42]);
    expect(parseServerMessage("accepted", acceptedPayload("c-17", 42))).toEqual({ ok: true, message: accepted });
    const live = eventsPayload(3, "p2", "live", events.events);
    expect(live).toHaveLength(3);
    expect(parseServerMessage("events", live)).toEqual({ ok: true, message: events });
    const caster = eventsPayload(2, "p1", "caster", []);
    expect(parseServerMessage("events", caster)).toEqual({ ok: true, message: { type: "events", seq: 2, seat: "p1", feed: "caster", events: [] } });
    // The object forms still read (a tolerant reader), and malformed compact forms are refused.
    expect(parseServerMessage("accepted", accepted)).toEqual({ ok: true, message: accepted });
    for (const [type, bad] of [["accepted", ["c-17"]], ["accepted", [42, "c-17"]], ["events", [3, "p2"]], ["events", [3, "p2", [[], [0]]]], ["events", [0, "p2", [[], [-1]]]], ["pong", [1]]] as const) {
      expect(parseServerMessage(type, bad).ok).toBe(false);
    }
  });

  it("never throws", () => {
    const anything = fc.anything({ withBigInt: true, withDate: true, withMap: true, withNullPrototype: true, withTypedArray: true, withSparseArray: true });
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...SERVER_MESSAGE_TYPES), fc.string()), anything, (type, payload) => {
        const result = parseServerMessage(type, payload);
        expect(typeof result.ok).toBe("boolean");
      }),
      { numRuns: 1000 },
    );
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error("trap"); } });
    expect(parseServerMessage("pong", hostile).ok).toBe(false);
  });
});
