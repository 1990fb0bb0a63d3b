/**
 * What clients send: the join options (checked in the room's `onAuth`) and the client-to-server
 * messages, with the one parser the server uses for them.
 */
import { z } from "zod";
import { PROTOCOL_ERRORS, type ProtocolErrorCode } from "./errors";
import { toJsonData } from "./json";
import { ChatMessage, MAX_CHAT_LENGTH } from "./chat";
import { PlayerName } from "./names";

import { PROTOCOL_VERSION } from "./version";

export { PROTOCOL_VERSION };

/**
 * A seat token: exactly 32 lowercase hexadecimal characters (128 bits), issued to the one client
 * that claimed the seat's invite (`POST /api/matches/:id/seats/:seat/claim`, or `claim` at
 * creation). Whoever holds it plays the seat; the server keeps only its hash.
 */
export const SeatToken = z.string().regex(/^[0-9a-f]{32}$/, "a seat token is exactly 32 lowercase hexadecimal characters");

/**
 * A seat's invite code: 32 lowercase hexadecimal characters, from an invite link
 * (`.../play/<matchId>#seat=p1&invite=...`). It opens nothing by itself: it is claimed once for
 * a seat token.
 */
export const InviteCode = z.string().regex(/^[0-9a-f]{32}$/, "an invite code is exactly 32 lowercase hexadecimal characters");

/**
 * A claim key: 22 to 128 letters, digits, `_` or `-`, chosen at random by the claiming client
 * (at least 128 random bits, e.g. 16 random bytes in base64url) and kept until it holds the seat
 * token. A claim retried with the same key gets the same token; the server keeps only its hash.
 */
export const ClaimKey = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/, "a claim key is 22 to 128 letters, digits, _ or -");

/**
 * Text a client may send: no control characters (U+0000 to U+001F, U+007F to U+009F: NUL, tabs,
 * line breaks, escapes). Databases, logs and terminals treat them specially, so they are refused
 * at the schema (a join with `bad_message`, a REST request with 400 `bad_request`).
 */
export const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

/** `z.string()` without control characters (see {@link NO_CONTROL_CHARACTERS}). */
export const PlainText = () => z.string().regex(NO_CONTROL_CHARACTERS, "control characters are not allowed");

/** A display name: the one name schema, {@link PlayerName} (./names.ts: no invisible or formatting characters, trimmed, NFC, 1 to 40 characters). */
export const DisplayName = PlayerName;

/**
 * Join options of a player: `{ role: "player", protocol: number, token: SeatToken, name?: DisplayName }`.
 * The token picks the seat. Unknown keys are refused.
 */
export const PlayerJoinOptions = z.strictObject({
  role: z.literal("player"),
  protocol: z.int().min(0),
  token: SeatToken,
  name: DisplayName.optional(),
});

/**
 * Join options of a spectator: `{ role: "spectator", protocol: number, name?: DisplayName }`.
 * Unknown keys (a `token` too) are refused.
 */
export const SpectatorJoinOptions = z.strictObject({
  role: z.literal("spectator"),
  protocol: z.int().min(0),
  name: DisplayName.optional(),
});

/**
 * The options of `client.joinById(matchId, options)`: {@link PlayerJoinOptions} or
 * {@link SpectatorJoinOptions}, told apart by `role`. Invalid options fail the join with
 * `bad_message`; a `protocol` other than {@link PROTOCOL_VERSION} with `unsupported_protocol`.
 */
export const JoinOptions = z.discriminatedUnion("role", [PlayerJoinOptions, SpectatorJoinOptions]);
/** Valid join options (after parsing: `name` trimmed). */
export type JoinOptions = z.output<typeof JoinOptions>;

/**
 * A command id: 1 to 64 characters without control characters, chosen by the client, unique per
 * command within its seat.
 * It is the command's idempotency key: resending the same id returns the first answer
 * (`accepted` or `rejected`) again and applies nothing.
 */
export const CommandId = PlainText().min(1).max(64);

/**
 * `{ type: "command", id: CommandId, command: unknown }`: a seat's command. `command` is the
 * ruleset's command (plain JSON; the ruleset validates it). Answered by `accepted` or `rejected`
 * with the same id, or by an `error` (`spectators_cannot_act`, `match_over`, `server_error`, ...).
 */
export const CommandMessage = z.strictObject({
  type: z.literal("command"),
  id: CommandId,
  command: z.unknown().refine((value) => value !== undefined, "a command is required"),
});
/** See the {@link CommandMessage} schema. */
export type CommandMessage = z.output<typeof CommandMessage>;

/**
 * `{ type: "events_since", after: integer >= 0 }`: asks for the events of every log entry after
 * sequence number `after` again, redacted for this connection (one `events` message per entry, in
 * order). For clients that reconnect: send the last `seq` seen (0 for all).
 */
export const EventsSinceMessage = z.strictObject({
  type: z.literal("events_since"),
  after: z.int().min(0),
});
/** See the {@link EventsSinceMessage} schema. */
export type EventsSinceMessage = z.output<typeof EventsSinceMessage>;

/**
 * `{ type: "claim", id: CommandId, outcome: "win" | "draw", absent: seat }`: a player claims the
 * win (for their side) or a draw against `absent`, a seat the match waits for (its turn or its
 * decision) that has stayed disconnected for the match's claim delay (`clock.claims` in the room
 * state says when one may). Answered like a command: `accepted` (the claim is log entry `seq`
 * and the match is over) or `rejected` (`claim_refused`, `match_over`).
 */
export const ClaimMessage = z.strictObject({
  type: z.literal("claim"),
  id: CommandId,
  outcome: z.enum(["win", "draw"]),
  absent: z.string().min(1).max(16),
});
/** See the {@link ClaimMessage} schema. */
export type ClaimMessage = z.output<typeof ClaimMessage>;

/**
 * A correspondence time control's terms: `daysPerMove` (integer 1..14) days for each move, fresh
 * each time the seat becomes awaited, and `vacationDays` (integer 0..30), a bank for the whole
 * match spent only once a move's own time has run out. Used by `CreateMatchOptions.correspondence`
 * and the `correspondence` message.
 */
export const CorrespondenceTerms = z.strictObject({
  daysPerMove: z.int().min(1).max(14),
  vacationDays: z.int().min(0).max(30),
});
/** See the {@link CorrespondenceTerms} schema. */
export type CorrespondenceTerms = z.output<typeof CorrespondenceTerms>;

/**
 * `{ type: "correspondence", terms: CorrespondenceTerms | null }`: a player proposes to go on
 * playing by correspondence with `terms`, or agrees to the open proposal (the same terms), or
 * makes another proposal (other terms: the agreements so far lapse); `terms: null` declines the
 * open proposal (it lapses). When every seat has agreed (bot seats agree at once), the server
 * enters a `time_control` referee entry in the log and the clocks run by correspondence from it
 * on. The open proposal is in the room state's `clock.proposal`; it lapses too when any entry is
 * added to the log (a command). Refusals: an `error` with `correspondence_refused`.
 */
export const CorrespondenceMessage = z.strictObject({
  type: z.literal("correspondence"),
  terms: CorrespondenceTerms.nullable(),
});
/** See the {@link CorrespondenceMessage} schema. */
export type CorrespondenceMessage = z.output<typeof CorrespondenceMessage>;

/**
 * `{ type: "concede", id: CommandId }`: the player's side concedes the match (any time while it is
 * live, in every ruleset; docs/protocol.md "Conceding"). The server enters the ruleset's own
 * concession command for the seat (or, for a ruleset without one, the referee entry
 * `{ referee: "concede" }`: the seat's side loses). Answered like a command, `id` being its
 * idempotency key: `accepted` (the concession is log entry `seq`; the match is over) or
 * `rejected` (`match_over` once the match is over, `spectators_cannot_act` from a spectator, or
 * the ruleset's refusal).
 */
export const ConcedeMessage = z.strictObject({
  type: z.literal("concede"),
  id: CommandId,
});
/** See the {@link ConcedeMessage} schema. */
export type ConcedeMessage = z.output<typeof ConcedeMessage>;

/** `{ type: "ping", t: number }`: answered by `{ type: "pong", t }` with the same `t` (e.g. a client clock in ms). */
export const PingMessage = z.strictObject({
  type: z.literal("ping"),
  t: z.number(),
});
/** See the {@link PingMessage} schema. */
export type PingMessage = z.output<typeof PingMessage>;

/** Every client-to-server message, keyed by `type`: command, events_since, ping, claim, chat (./chat.ts), correspondence, concede. Unknown keys are refused. */
export const ClientMessage = z.discriminatedUnion("type", [CommandMessage, EventsSinceMessage, PingMessage, ClaimMessage, ChatMessage, CorrespondenceMessage, ConcedeMessage]);
/** See the {@link ClientMessage} schema. */
export type ClientMessage = z.output<typeof ClientMessage>;

/** The `type` of every client-to-server message: `["command", "events_since", "ping", "claim", "chat", "correspondence", "concede"]`. */
export const CLIENT_MESSAGE_TYPES = ["command", "events_since", "ping", "claim", "chat", "correspondence", "concede"] as const satisfies readonly ClientMessage["type"][];
/** A client-to-server message type. */
export type ClientMessageType = (typeof CLIENT_MESSAGE_TYPES)[number];

/**
 * The outcome of {@link parseClientMessage}: the message, or a protocol error with its fixed
 * `message` and a `detail` that says what was wrong (for logs and debugging; it only describes
 * the client's own payload).
 */
export type ParseClientMessageResult =
  | { readonly ok: true; readonly message: ClientMessage }
  | { readonly ok: false; readonly error: { readonly code: ProtocolErrorCode; readonly message: string; readonly detail: string } };

function refuse(code: ProtocolErrorCode, detail: string): ParseClientMessageResult {
  return { ok: false, error: { code, message: PROTOCOL_ERRORS[code].message, detail } };
}

/**
 * A command message's payload that {@link CommandMessage} accepts, as it would return it, or null
 * when the payload is anything else (then the schema decides, with its error). Only the keys
 * `type`, `id` and `command`; `id` a {@link CommandId}; `command` present.
 */
export function quickCommand(body: Readonly<Record<string, unknown>>): CommandMessage | null {
  for (const key in body) if (key !== "type" && key !== "id" && key !== "command") return null;
  const id = body.id;
  if (typeof id !== "string" || id.length < 1 || id.length > 64 || !NO_CONTROL_CHARACTERS.test(id)) return null;
  if (body.command === undefined) return null;
  return { type: "command", id, command: body.command };
}

/**
 * Checks a client message as Colyseus delivers it: the message `type` and the payload apart.
 * The payload must be a plain JSON object (see `toJsonData`) of at most MAX_MESSAGE_BYTES
 * characters; its own `type` field, if present, must equal the Colyseus type, and is otherwise
 * taken from it (so `room.send("ping", { t: 1 })` and `room.send("ping", { type: "ping", t: 1 })`
 * are the same message). The returned message is a fresh plain-JSON copy of the payload.
 * Errors: `message_too_large`; for a `chat` whose text is a string, `chat_empty` (nothing but
 * white space) or `chat_too_long` (over MAX_CHAT_LENGTH characters once trimmed); `bad_message`
 * for everything else. Never throws.
 */
export function parseClientMessage(type: string, payload: unknown): ParseClientMessageResult {
  try {
    if (typeof type !== "string" || !(CLIENT_MESSAGE_TYPES as readonly string[]).includes(type)) {
      return refuse("bad_message", `unknown message type ${typeof type === "string" ? JSON.stringify(type.slice(0, 64)) : typeof type}`);
    }
    const data = toJsonData(payload);
    if (!data.ok) return refuse(data.code, data.detail);
    const body = data.value;
    if (body === null || typeof body !== "object" || Array.isArray(body)) return refuse("bad_message", "the payload must be a JSON object");
    if (Object.hasOwn(body, "type") && (body as { type?: unknown }).type !== type) {
      return refuse("bad_message", `the payload's type field does not match the message type "${type}"`);
    }
    // The common case, a well-formed command, is checked here without zod (same result); anything
    // else, valid or not, is left to the schema.
    const quick = type === "command" ? quickCommand(body as Record<string, unknown>) : null;
    if (quick) return { ok: true, message: quick };
    if (type === "chat") {
      const text = (body as { text?: unknown }).text;
      if (typeof text === "string" && text.trim().length === 0) return refuse("chat_empty", "the chat text is empty");
      if (typeof text === "string" && text.trim().length > MAX_CHAT_LENGTH) return refuse("chat_too_long", `the chat text is longer than ${MAX_CHAT_LENGTH} characters`);
    }
    const parsed = ClientMessage.safeParse({ ...body, type });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : "";
      return refuse("bad_message", `${where}${issue?.message ?? "invalid message"}`);
    }
    return { ok: true, message: parsed.data };
  } catch {
    return refuse("bad_message", "the payload could not be read");
  }
}
