/**
 * The protocol's own errors: a closed set of codes, each with a fixed English sentence.
 *
 * These are wire-level problems (a malformed message, a bad seat token, too many messages). Rule
 * errors from a ruleset (EMBER's `not_your_turn`, `out_of_range`, ...: the ruleset's own closed
 * set, see packages/ember/src/errors.ts) never use these codes' channel: they travel in a
 * `rejected` answer to the command (see {@link RejectedMessage} in ./server.ts).
 *
 * The KEY ORDER IS PART OF THE PROTOCOL: a join refused in the room's `onAuth` carries the number
 * `PROTOCOL_ERROR_NUMBER_BASE + index` (4000 + the code's position below; see
 * {@link protocolErrorNumber}). Add new codes at the end only, never reorder or remove one
 * within a protocol version.
 */

/** Where a protocol error code can reach a client. */
export type ProtocolErrorChannel =
  /** The join is refused: `joinById` rejects with an error whose `code` is the code's number. */
  | "join"
  /** An `error` message on an open room connection. */
  | "message"
  /** The `error.code` of a REST error body ({@link ApiErrorBody} in ./rest.ts). */
  | "rest";

/** What the protocol says about one error code. */
export interface ProtocolErrorInfo {
  /** The fixed sentence sent on the wire with the code. Never carries match data. */
  readonly message: string;
  /** When the server answers with the code and what a client should do (documentation only). */
  readonly meaning: string;
  /** Where the code can reach a client. */
  readonly channels: readonly ProtocolErrorChannel[];
}

/**
 * Every protocol error code (a closed set) -> `{ message, meaning, channels }`.
 * Key order is stable: the code at index i has the number `4000 + i` (see the module comment).
 */
export const PROTOCOL_ERRORS = {
  bad_message: {
    message: "The message or the join options are malformed or of an unknown type.",
    meaning:
      "The payload failed the protocol's shape check (unknown `type`, a payload `type` that differs from the message type, unknown keys, wrong types, not plain JSON, nested too deep), or the join options are invalid. Fix the client; resending the same data fails again.",
    channels: ["join", "message"],
  },
  message_too_large: {
    message: "The message is larger than the protocol allows.",
    meaning: "The payload's JSON text is longer than MAX_MESSAGE_BYTES characters. The message was dropped.",
    channels: ["message"],
  },
  rate_limited: {
    message: "Too many messages: slow down.",
    meaning: "The connection sent more than 20 messages per second on average (bursts of 40 allowed). The message was dropped; wait, then resend (commands are idempotent by id).",
    channels: ["message"],
  },
  unsupported_protocol: {
    message: "The server does not speak this protocol version.",
    meaning: "The join options' `protocol` is not the server's PROTOCOL_VERSION. Update the client.",
    channels: ["join"],
  },
  invalid_token: {
    message: "The seat token does not open a seat of this match.",
    meaning:
      "The join options' `token` (or the `X-Seat-Token` header of `GET /api/matches/:id/chat`: REST status 403) is not the token of any seat of this match. Use the invite link of a seat of this match, or join as a spectator.",
    channels: ["join", "rest"],
  },
  spectators_cannot_act: {
    message: "Spectators cannot send commands.",
    meaning: "A spectator connection sent a `command`. Only seats (players who joined with their token) act.",
    channels: ["message"],
  },
  match_over: {
    message: "The match is over.",
    meaning:
      "A `command` arrived after the match finished, or a join was attempted on a finished match whose room is still open (its clients have not all left; once they have, the room closes and a join fails with Colyseus's code 522). Nothing more can be played; read the match's history instead.",
    channels: ["join", "message"],
  },
  server_error: {
    message: "Something went wrong on the server.",
    meaning: "The server could not handle the message (for a command: it could not be stored, so it was NOT applied). Resend later with the same id.",
    channels: ["message", "rest"],
  },
  not_found: {
    message: "There is no such match.",
    meaning: "The match (or the API endpoint) does not exist. Over REST it is a 404; joining an unknown room id fails with Colyseus's own matchmaking error instead (code 522).",
    channels: ["rest"],
  },
  service_unavailable: {
    message: "The server cannot reach its database right now: try again shortly.",
    meaning:
      "The match store is unreachable (an outage or a restart of the database). Nothing was changed. Joins are refused with this code and REST answers 503 with it; `GET /api/health` says what is down. Retry with backoff (a command: resend with the same id).",
    channels: ["join", "message", "rest"],
  },
  spectators_full: {
    message: "This match has as many spectators as it admits.",
    meaning: "The match's spectator cap (a server setting) is reached. Try again later, or open the match's history.",
    channels: ["join"],
  },
  too_many_requests: {
    message: "Too many requests from this address: slow down.",
    meaning:
      "This address created too many matches, opened too many connections or failed too many joins in a short time. REST answers 429 with a `Retry-After` header; a join is refused with this code. Wait, then retry.",
    channels: ["join", "rest"],
  },
  idempotency_conflict: {
    message: "This idempotency key was already used for a different request.",
    meaning: "`POST /api/matches` was sent with an `Idempotency-Key` that an earlier, different request used. REST status 409. Use a new key for a new request.",
    channels: ["rest"],
  },
  forbidden: {
    message: "This route is not open to clients.",
    meaning: "Only the server creates rooms: the matchmaking routes that would create or join a room from client options are refused (REST status 403). Join a match's room by its id with `joinById`.",
    channels: ["rest"],
  },
  host_token_required: {
    message: "This route needs the match's host token in the X-Host-Token header.",
    meaning: "A host route (`/api/matches/:id/host...`) was called without an `X-Host-Token` header, or with one that is not 32 lowercase hex characters. REST status 401. The host token comes with the host link shown once when the match is created; it never goes in a query string.",
    channels: ["rest"],
  },
  invalid_host_token: {
    message: "The host token does not open this match.",
    meaning: "The `X-Host-Token` header is well formed but is not this match's host token (or the match has no host link). REST status 403. Use the host link of this match.",
    channels: ["rest"],
  },
  unknown_seat: {
    message: "This match has no such seat.",
    meaning: "A host route named a seat the match does not have. REST status 404. The seats are listed by `GET /api/matches/:id/host`.",
    channels: ["rest"],
  },
  reissue_conflict: {
    message: "Another re-issue of this seat came first: load the seats again.",
    meaning: "Two re-issues of the same seat's invite raced; the other one won and its link is the seat's invite now. REST status 409. Load `GET /api/matches/:id/host` again.",
    channels: ["rest"],
  },
  chat_empty: {
    message: "The chat line is empty.",
    meaning: "A `chat` message whose text is empty or only white space. Nothing was stored or sent.",
    channels: ["message"],
  },
  chat_too_long: {
    message: "The chat line is too long.",
    meaning: "A `chat` message whose text, trimmed, is longer than MAX_CHAT_LENGTH (500) characters. Nothing was stored or sent; shorten it.",
    channels: ["message"],
  },
  chat_audience_closed: {
    message: "This connection cannot post to that chat audience.",
    meaning:
      "A `chat` message to an audience the connection may not post to: a spectator to `players` or `team`, a player to `spectators`, or `team` in a match without teams of two or more (see `chat_backlog.write`). Nothing was stored or sent.",
    channels: ["message"],
  },
  chat_rate_limited: {
    message: "Too many chat lines: wait a moment.",
    meaning: "The seat (or, for a spectator, the address) posted more than CHAT_BURST (5) lines at once or more than one every 2 s on average. The line was dropped; post it again later.",
    channels: ["message"],
  },
  invalid_invite: {
    message: "The invite code does not open this seat.",
    meaning:
      "`POST /api/matches/:id/seats/:seat/claim` was sent with an invite code that is not the seat's current invite (a wrong code, or one the host has re-issued since). REST status 403; it counts as a failed join of the address. Ask the host for the seat's current invite link.",
    channels: ["rest"],
  },
  invite_claimed: {
    message: "This invite was already claimed.",
    meaning:
      "The seat's invite was claimed before with another claim key: a player holds the seat's token and nothing was changed. REST status 409; it counts as a failed join of the address. A client whose own claim's answer was lost retries with the same claim key and gets its token again; anyone else asks the host to re-issue the seat (which every seat of the match is told of).",
    channels: ["rest"],
  },
  bot_seat: {
    message: "The server's bot plays this seat: it has no invite.",
    meaning: "A claim or a host's re-issue named a seat the server's bot plays. REST status 409; nothing was changed.",
    channels: ["rest"],
  },
  invalid_name: {
    message: "A name may not hold control, formatting, direction or other invisible characters.",
    meaning:
      "A player's name in `POST /api/matches` (REST status 400) or the `name` of join options held a character names refuse (PlayerName: bidirectional controls, zero-width and other format characters, control characters, line separators, private-use characters, Hangul fillers). Nothing was created or joined. Remove the character and send the name again.",
    channels: ["join", "rest"],
  },
  not_signed_in: {
    message: "Sign in first.",
    meaning: "The request needs a signed-in player (a guest's session counts) and carried no valid session cookie (REST 401). Sign in, or start as a guest, and send it again.",
    channels: ["rest"],
  },
  bad_credentials: {
    message: "The e-mail or the password is wrong.",
    meaning: "A password sign-in (REST 401) named no account with that e-mail and password. It does not say which was wrong. Repeated failures from one address or for one e-mail are limited (`too_many_requests`).",
    channels: ["rest"],
  },
  name_taken: {
    message: "That name is taken.",
    meaning: "Another account has this public name, ignoring case (REST 409). Choose another.",
    channels: ["rest"],
  },
  email_taken: {
    message: "That e-mail already has an account.",
    meaning: "Registering, or changing the e-mail, named an e-mail another account uses (REST 409). Sign in to that account instead, or reset its password.",
    channels: ["rest"],
  },
  weak_password: {
    message: "A password needs at least 10 characters.",
    meaning: "A new password was shorter than 10 or longer than 200 characters (REST 400). Nothing changed.",
    channels: ["rest"],
  },
  passkey_failed: {
    message: "The passkey could not be verified.",
    meaning: "A passkey registration or sign-in answer did not verify: an unknown, expired or used challenge, another origin, an unknown credential, or a bad signature (REST 400). Start the ceremony again.",
    channels: ["rest"],
  },
  reset_unavailable: {
    message: "Password reset by e-mail is not available on this server.",
    meaning: "The server has no SMTP server configured (REST 503), so it cannot send a reset link. Sign in with a passkey instead.",
    channels: ["rest"],
  },
  invalid_reset: {
    message: "The reset link is unknown, used or expired.",
    meaning: "Completing a password reset named a token that is not a live reset (REST 400). Ask for a new link.",
    channels: ["rest"],
  },
  cross_site: {
    message: "The request came from another site.",
    meaning: "A request that changes something carried the session cookie but came from another origin (its `Origin` or `Sec-Fetch-Site` header; REST 403): refused as a cross-site request forgery.",
    channels: ["rest"],
  },
  table_unavailable: {
    message: "This table is no longer open.",
    meaning: "The open table is gone (taken, closed by its owner, or its owner left) or cannot be taken by this player (REST 404). Nothing changed. Pick another table.",
    channels: ["rest"],
  },
  rating_out_of_range: {
    message: "Your rating is outside the range this table accepts.",
    meaning: "Taking a table whose owner set a rating range (`minRating`, `maxRating`) that the taker's rating for the ruleset is outside of (REST 403). Nothing changed.",
    channels: ["rest"],
  },
  own_table: {
    message: "This is your own table.",
    meaning: "A player tried to take a table they opened themselves (REST 409). Wait for an opponent, or close the table.",
    channels: ["rest"],
  },
  too_many_tables: {
    message: "You have too many open tables.",
    meaning: "An account may keep at most 3 open tables at once (REST 429). Close one, or wait for one to be taken.",
    channels: ["rest"],
  },
  player_unavailable: {
    message: "That player cannot be challenged.",
    meaning: "The named player does not exist, deleted their account, or cannot play this player (REST 404). Nothing is said of why. Challenge someone else.",
    channels: ["rest"],
  },
  challenge_closed: {
    message: "This challenge was already answered.",
    meaning: "The challenge was accepted, declined or withdrawn before this answer (REST 409): of several answers at once exactly one wins. Nothing changed.",
    channels: ["rest"],
  },
  not_your_challenge: {
    message: "This challenge is not yours to answer.",
    meaning: "Only the challenged player accepts or declines a challenge, and only its sender withdraws it (REST 403). Nothing changed.",
    channels: ["rest"],
  },
  no_rematch: {
    message: "This match cannot be played again.",
    meaning: "A rematch follows a finished match of two seats that both belong to accounts (REST 409). Start a new challenge instead.",
    channels: ["rest"],
  },
  too_many_challenges: {
    message: "You have too many open challenges.",
    meaning: "An account may have at most 20 challenges waiting for an answer (REST 429). Withdraw one, or wait for answers.",
    channels: ["rest"],
  },
  too_many_reports: {
    message: "You have sent too many reports today.",
    meaning: "An account may send at most 20 reports in 24 hours (REST 429). Wait and report again later.",
    channels: ["rest"],
  },
  too_many_blocks: {
    message: "You block too many players.",
    meaning: "An account may block at most 500 players (REST 409). Lift a block first.",
    channels: ["rest"],
  },
  correspondence_refused: {
    message: "The proposal to play by correspondence was refused.",
    meaning:
      "A `correspondence` message the room cannot take: the sender is a spectator, the match is over or already played by correspondence, there is no proposal to decline, or the switch could not be entered. Nothing changed; the room state's `clock.proposal` shows the proposal as it stands.",
    channels: ["message"],
  },
  push_service_refused: {
    message: "This server does not send to that push service.",
    meaning: "A push subscription's endpoint is not https at a known push service (FCM, Mozilla, Apple, Windows) nor at one the operator allows (REST 400). Nothing was stored. Use a browser with one of those services.",
    channels: ["rest"],
  },
  server_starting: {
    message: "The server is starting: try again in a moment.",
    meaning:
      "The server has just (re)started and is still rebuilding its live matches' rooms; the database is fine. A join is refused with this code (HTTP 503 with a `Retry-After` header, in seconds, usually 1). Nothing was changed. Retry after that many seconds.",
    channels: ["join"],
  },
} as const satisfies Readonly<Record<string, ProtocolErrorInfo>>;

/** A protocol error code: `"bad_message" | "message_too_large" | ...` (the keys of {@link PROTOCOL_ERRORS}). */
export type ProtocolErrorCode = keyof typeof PROTOCOL_ERRORS;

/** Every protocol error code, in the stable order of {@link PROTOCOL_ERRORS}. */
export const PROTOCOL_ERROR_CODES = Object.keys(PROTOCOL_ERRORS) as [ProtocolErrorCode, ...ProtocolErrorCode[]];

/** The number of the first protocol error code (`bad_message`): 4000. */
export const PROTOCOL_ERROR_NUMBER_BASE = 4000;

/**
 * The number a refused join carries for a code: `4000 + its index in PROTOCOL_ERRORS`
 * (`bad_message` 4000, `message_too_large` 4001, ...). This is the `code` of the error
 * `joinById` rejects with (a Colyseus ERROR frame before the socket closes), not a WebSocket
 * close code.
 */
export function protocolErrorNumber(code: ProtocolErrorCode): number {
  return PROTOCOL_ERROR_NUMBER_BASE + PROTOCOL_ERROR_CODES.indexOf(code);
}

/** The code for a number from {@link protocolErrorNumber}, or null for any other number. */
export function protocolErrorFromNumber(value: number): ProtocolErrorCode | null {
  return PROTOCOL_ERROR_CODES[value - PROTOCOL_ERROR_NUMBER_BASE] ?? null;
}

/** Whether a string is a protocol error code. */
export function isProtocolErrorCode(value: unknown): value is ProtocolErrorCode {
  return typeof value === "string" && Object.hasOwn(PROTOCOL_ERRORS, value);
}
