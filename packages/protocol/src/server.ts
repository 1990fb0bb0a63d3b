/**
 * What the server sends on a room connection. Each message is sent with Colyseus type equal to
 * its `type` field (`room.onMessage("welcome", ...)`). The schemas let clients validate what they
 * receive; they are lenient about extra keys (a tolerant reader), unlike the strict client schemas.
 */
import { z } from "zod";
import { CommandId } from "./client";
import { PROTOCOL_ERROR_CODES } from "./errors";
import { ChatBacklogMessage, ChatLineMessage } from "./chat";
import { packJson, unpackJson } from "./packed";

/** A log sequence number: an integer >= 1 (the first accepted command of a match is 1). */
const Seq = z.int().min(1);

/**
 * One seat in the welcome's `players`: `{ seat, name, team?, bot? }` (`name` 1 to 40 characters,
 * untrusted text; `bot`: the level, "easy", "normal" or "hard", of the server's bot playing the
 * seat, public as in the match's summary; a client shows a level it does not know as "normal").
 */
export const WelcomePlayer = z.object({
  seat: z.string().min(1),
  name: z.string(),
  team: z.string().optional(),
  bot: z.string().min(1).optional(),
});
/** See the {@link WelcomePlayer} schema. */
export type WelcomePlayer = z.output<typeof WelcomePlayer>;

/**
 * `{ type: "welcome", protocol, matchId, ruleset, rulesVersion, role, seat, lastSeq, spectatorDelay }`,
 * sent once after every join and every reconnection:
 * - `protocol`: the server's PROTOCOL_VERSION;
 * - `matchId`: the match (= the Colyseus room id); `ruleset`, `rulesVersion`: e.g. "sigmar", "sigmar-0.1.0" (every version is "<ruleset>-x.y.z");
 * - `role`: "player" or "spectator"; `seat`: the seat id for a player (e.g. "p1"), null for a spectator;
 * - `lastSeq`: the last accepted log sequence number (0 before the first command): compare with the
 *   last `events.seq` seen and send `events_since` for the gap;
 * - `spectatorDelay`: in rounds; 0 = no delayed caster feed;
 * - `players`: every seat of the match in seat order with the name its player was given when the
 *   match was created (public: the same as the lobby's listing), its team in a team game, and
 *   the level of the server's bot playing it, if one does.
 *   Names are untrusted text (1 to 40 characters): show them as text, never as markup.
 */
export const WelcomeMessage = z
  .object({
    type: z.literal("welcome"),
    protocol: z.int().min(1),
    matchId: z.string().min(1),
    ruleset: z.string().min(1),
    rulesVersion: z.string().min(1),
    role: z.enum(["player", "spectator"]),
    seat: z.string().min(1).nullable(),
    lastSeq: z.int().min(0),
    spectatorDelay: z.int().min(0),
    /** The events of the match's setup (the first-player roll...), redacted for this client (may be []). */
    setupEvents: z.array(z.unknown()).optional(),
    /** Every seat in seat order with its player's name (and team); absent from older servers. */
    players: z.array(WelcomePlayer).optional(),
  })
  .refine((m) => (m.role === "player") === (m.seat !== null), { message: "a player has a seat, a spectator has none", path: ["seat"] });
/** See the {@link WelcomeMessage} schema. */
export type WelcomeMessage = z.output<typeof WelcomeMessage>;

/** `{ type: "accepted", id, seq }`: the command `id` was applied and stored as log entry `seq` (integer >= 1). */
export const AcceptedMessage = z.object({
  type: z.literal("accepted"),
  id: CommandId,
  seq: Seq,
});
/** See the {@link AcceptedMessage} schema. */
export type AcceptedMessage = z.output<typeof AcceptedMessage>;

/**
 * `{ type: "rejected", id, error: { code, message, rule } }`: the ruleset refused the command `id`;
 * nothing changed. `code` is the ruleset's own error code (a closed set per ruleset, e.g. EMBER's
 * "not_your_turn", "out_of_range"), not a protocol error code; `message` its fixed English
 * sentence; `rule` the rule it names (seed file and section), or null.
 */
export const RejectedMessage = z.object({
  type: z.literal("rejected"),
  id: CommandId,
  error: z.object({
    code: z.string().min(1),
    message: z.string(),
    rule: z.string().nullable(),
  }),
});
/** See the {@link RejectedMessage} schema. */
export type RejectedMessage = z.output<typeof RejectedMessage>;

/**
 * `{ type: "events", seq, seat, feed, events }`: the events of log entry `seq` (integer >= 1),
 * produced by the command of `seat`, redacted for this connection by the ruleset (events the
 * connection may not see are left out, so `events` may be empty). `feed` is "live" for the match
 * as it happens, or "caster" for the delayed omniscient feed that spectators of a match with a
 * spectator delay also receive (its `seq` trails the live one).
 */
export const EventsMessage = z.object({
  type: z.literal("events"),
  seq: Seq,
  seat: z.string().min(1),
  feed: z.enum(["live", "caster"]),
  events: z.array(z.unknown()),
});
/** See the {@link EventsMessage} schema. */
export type EventsMessage = z.output<typeof EventsMessage>;

/**
 * `{ type: "error", error: { code, message } }`: a protocol error on an open connection; `code`
 * is a key of PROTOCOL_ERRORS and `message` its fixed sentence. The message in question was
 * dropped; the connection stays open.
 */
export const ErrorMessage = z.object({
  type: z.literal("error"),
  error: z.object({
    code: z.enum(PROTOCOL_ERROR_CODES),
    message: z.string(),
  }),
});
/** See the {@link ErrorMessage} schema. */
export type ErrorMessage = z.output<typeof ErrorMessage>;

/** `{ type: "pong", t }`: the answer to a `ping`, with its `t` unchanged. */
export const PongMessage = z.object({
  type: z.literal("pong"),
  t: z.number(),
});
/** See the {@link PongMessage} schema. */
export type PongMessage = z.output<typeof PongMessage>;

/**
 * `{ type: "notice", notice: { kind: "seat_reissued", seat, at } }`: a table notice for every
 * connection of the match. `seat_reissued`: the host re-issued `seat`'s invite at `at` (ms since
 * the epoch): whoever held the seat's token lost it, and the seat opens only with the new invite.
 * A connection joining later gets the room's earlier notices after its welcome.
 */
export const NoticeMessage = z.object({
  type: z.literal("notice"),
  notice: z.object({ kind: z.literal("seat_reissued"), seat: z.string().min(1), at: z.number() }),
});
/** See the {@link NoticeMessage} schema. */
export type NoticeMessage = z.output<typeof NoticeMessage>;

/** Every server-to-client room message, keyed by `type`: welcome, accepted, rejected, events, error, pong, chat, chat_backlog (./chat.ts), notice. */
export const ServerMessage = z.discriminatedUnion("type", [WelcomeMessage, AcceptedMessage, RejectedMessage, EventsMessage, ErrorMessage, PongMessage, ChatLineMessage, ChatBacklogMessage, NoticeMessage]);
/** See the {@link ServerMessage} schema. */
export type ServerMessage = z.output<typeof ServerMessage>;

/** The `type` of every server-to-client message. */
export const SERVER_MESSAGE_TYPES = ["welcome", "accepted", "rejected", "events", "error", "pong", "chat", "chat_backlog", "notice"] as const satisfies readonly ServerMessage["type"][];
/** A server-to-client message type. */
export type ServerMessageType = (typeof SERVER_MESSAGE_TYPES)[number];

/**
 * The `accepted` message as it travels: `[id, seq]` (the most frequent answer, kept short).
 * {@link parseServerMessage} reads it back as an {@link AcceptedMessage}.
 */
export function acceptedPayload(id: string, seq: number): [string, number] {
  return [id, seq];
}

/**
 * The `events` message as it travels: `[seq, seat, packJson(events)]`, with a fourth item
 * `"caster"` on the caster feed (the live feed leaves it out). {@link parseServerMessage} reads it
 * back as an {@link EventsMessage}; the events are the same values, packed (./packed.ts).
 */
export function eventsPayload(seq: number, seat: string, feed: "live" | "caster", events: readonly unknown[]): unknown[] {
  const payload: unknown[] = [seq, seat, packJson(events)];
  if (feed === "caster") payload.push(feed);
  return payload;
}

/** The message object of a compact wire form (`accepted` and `events` travel as arrays), or the payload itself. */
function expand(type: string | number, payload: readonly unknown[]): unknown {
  if (type === "accepted" && payload.length === 2) return { type, id: payload[0], seq: payload[1] };
  if (type === "events" && (payload.length === 3 || payload.length === 4)) {
    return { type, seq: payload[0], seat: payload[1], feed: payload[3] ?? "live", events: unpackJson(payload[2]) };
  }
  return payload;
}

/**
 * For clients: checks a server message as Colyseus delivers it (`room.onMessage("*", (type, payload) => ...)`).
 * The payload's `type` must equal the Colyseus type when present. `accepted` and `events` arrive
 * in their compact forms ({@link acceptedPayload}, {@link eventsPayload}) and are returned as
 * their message objects. Returns the message, or a description of what is wrong. Never throws.
 */
export function parseServerMessage(type: string | number, raw: unknown): { readonly ok: true; readonly message: ServerMessage } | { readonly ok: false; readonly problem: string } {
  try {
    const payload = Array.isArray(raw) ? expand(type, raw) : raw;
    if (payload === null || typeof payload !== "object" || Array.isArray(payload)) return { ok: false, problem: "the payload is not an object" };
    const own = (payload as { type?: unknown }).type;
    if (own !== undefined && own !== type) return { ok: false, problem: `the payload's type does not match the message type ${String(type)}` };
    const parsed = ServerMessage.safeParse({ ...payload, type });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, problem: `${issue?.path.map(String).join(".") ?? ""}: ${issue?.message ?? "invalid message"}` };
    }
    return { ok: true, message: parsed.data };
  } catch {
    return { ok: false, problem: "the payload could not be read" };
  }
}
