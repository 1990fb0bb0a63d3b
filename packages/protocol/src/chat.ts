/**
 * Table chat: the audiences, the client's `chat` message and the server's `chat` and
 * `chat_backlog` messages. Who may hear a line is decided on the server by one function
 * (apps/server/src/chat/audience.ts); this module only fixes the shapes and the limits.
 */
import { z } from "zod";

/** No control characters (as `NO_CONTROL_CHARACTERS` in ./client.ts, which imports this module). */
const NO_CONTROL = /^[^\p{Cc}]*$/u;

/**
 * A chat audience:
 * - `players`: every seat of the match; spectators may read it (it is public speech);
 * - `team`: the seats of the speaker's team, in team games only (never the other team, never spectators);
 * - `spectators`: spectators only; no player's connection ever receives it (a spectator watching
 *   a delayed caster feed could otherwise tell a player a secret).
 */
export const ChatAudience = z.enum(["players", "team", "spectators"]);
/** See {@link ChatAudience}. */
export type ChatAudience = z.output<typeof ChatAudience>;
/** Every chat audience, in tab order. */
export const CHAT_AUDIENCES = ChatAudience.options;

/** The longest chat line, in characters (UTF-16 code units) after trimming: 500. */
export const MAX_CHAT_LENGTH = 500;

/**
 * Chat lines a client may post: a burst of `CHAT_BURST`, then one every `1000 / CHAT_PER_SECOND`
 * ms on average (a token bucket per seat, or per address for spectators). More is refused with
 * `chat_rate_limited`.
 */
export const CHAT_BURST = 5;
/** See {@link CHAT_BURST}: 0.5 lines per second on average (one every 2 s). */
export const CHAT_PER_SECOND = 0.5;

/**
 * `{ type: "chat", audience: ChatAudience, text: string }`: a line of chat. `text` is trimmed;
 * then it must hold 1 to MAX_CHAT_LENGTH characters and no control characters (no line breaks).
 * Answered only when refused (an `error` message: `chat_empty`, `chat_too_long`,
 * `chat_audience_closed`, `chat_rate_limited`, `bad_message`, `server_error`); an accepted line
 * comes back to its speaker as a `chat` message like to every other listener.
 */
export const ChatMessage = z.strictObject({
  type: z.literal("chat"),
  audience: ChatAudience,
  text: z.string().regex(NO_CONTROL, "control characters are not allowed").trim().min(1).max(MAX_CHAT_LENGTH),
});
/** See the {@link ChatMessage} schema. */
export type ChatMessage = z.output<typeof ChatMessage>;

/**
 * The id of a chat line: its audience's key and its number in that audience,
 * `players:<n>`, `spectators:<n>` or `team:<team>:<n>` (each team its own count). Unique within
 * a match. Lines are numbered per audience (per team for team lines) so that a listener's ids
 * count only lines it hears: no gap shows that another audience spoke.
 * @param n the line's number in its audience (integer >= 1).
 */
export function chatLineId(audience: ChatAudience, team: string | null, n: number): string {
  return audience === "team" ? `team:${team ?? ""}:${n}` : `${audience}:${n}`;
}

/**
 * A chat line as the server sends it:
 * - `id`: unique within the match, `<audience>:<n>` or `team:<team>:<n>` ({@link chatLineId});
 * - `n`: its number within its audience (within its team for a `team` line): 1, 2, 3 ... without
 *   gaps, so a listener's numbers count only lines of audiences it hears (never lines of the other
 *   team, of spectators, or players' lines a spectator delay still holds back);
 * - `audience`; `team`: the team of a `team` line, else null;
 * - `seat`: the speaker's seat, or null for a spectator; `name`: the speaker's name (a seat's
 *   player name, a spectator's join name) or null (an unnamed spectator);
 * - `text`; `seq`: the log sequence number the speaker's board showed when it was said (the
 *   match's last one for a seat; for a spectator of a delayed caster feed, the feed's; 0 before
 *   the first command); `at`: when it was stored (ms since the epoch).
 * Lines travel in the order they were said (a delayed spectator's held players' lines arrive
 * later, in their own order).
 */
export const ChatLine = z.object({
  id: z.string().regex(/^(players|spectators|team:.+):[1-9][0-9]*$/, "a chat line id is <audience>:<n> or team:<team>:<n>"),
  n: z.int().min(1),
  audience: ChatAudience,
  team: z.string().min(1).nullable(),
  seat: z.string().min(1).nullable(),
  name: z.string().nullable(),
  text: z.string(),
  seq: z.int().min(0),
  at: z.number(),
}).refine((line) => line.id === chatLineId(line.audience, line.team, line.n), { message: "a chat line's id is its audience (its team for a team line) and its number n", path: ["id"] });
/** See the {@link ChatLine} schema. */
export type ChatLine = z.output<typeof ChatLine>;

/** `{ type: "chat", line: ChatLine }`: a line this connection may hear, sent once it is stored. */
export const ChatLineMessage = z.object({
  type: z.literal("chat"),
  line: ChatLine,
});
/** See the {@link ChatLineMessage} schema. */
export type ChatLineMessage = z.output<typeof ChatLineMessage>;

/**
 * `{ type: "chat_backlog", read, write, lines }`, sent after every `welcome`: the audiences this
 * connection hears (`read`) and may post to (`write`), and the most recent lines it may hear
 * (in the order they were said; the last CHAT_BACKLOG_LINES). A client replaces what it held
 * with it.
 */
export const ChatBacklogMessage = z.object({
  type: z.literal("chat_backlog"),
  read: z.array(ChatAudience),
  write: z.array(ChatAudience),
  lines: z.array(ChatLine),
});
/** See the {@link ChatBacklogMessage} schema. */
export type ChatBacklogMessage = z.output<typeof ChatBacklogMessage>;

/** The most lines a `chat_backlog` carries: 100. */
export const CHAT_BACKLOG_LINES = 100;

/**
 * The answer of `GET /api/matches/:id/chat`: the audiences the requester may read and the lines
 * it may hear (in the order they were said). `perspective`: `review` once the match is over (every audience),
 * else `seat` (with an `X-Seat-Token` header: that seat's audiences) or `spectator`.
 */
export const ChatHistory = z.object({
  perspective: z.enum(["review", "seat", "spectator"]),
  read: z.array(ChatAudience),
  lines: z.array(ChatLine),
});
/** See the {@link ChatHistory} schema. */
export type ChatHistory = z.output<typeof ChatHistory>;
