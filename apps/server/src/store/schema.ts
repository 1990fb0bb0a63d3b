/**
 * The database schema of the match store (drizzle pg-core), shared by both drivers: PostgreSQL
 * through node-postgres and the embedded PGlite. `drizzle-kit generate` (config:
 * apps/server/drizzle.config.ts) turns changes here into SQL migrations in the top-level
 * `migrations/` folder, which `openStore` applies at start. Never edit an applied migration:
 * change this file and generate a new one.
 *
 * A match is its setup plus an append-only log (design.md principle 7):
 * - `matches`: one row per match: ruleset and rules version, scenario, setup, the dice seed (secret
 *   until the match is over) and its commitment, options, status and result;
 * - `seats`: the seats of a match in their order, with the player's name and the hash of the seat's
 *   invite token (compared in SQL, never read back);
 * - `entries`: the accepted commands of a match with the events they produced, numbered 1, 2, ...
 *   without gaps (primary key (match_id, seq));
 * - `chat_lines`: the match's table chat, every audience (see `chatLines`);
 * - `accounts`, `account_sessions`, `passkeys`, `auth_challenges`, `password_resets`: the players'
 *   accounts (guests too) and what signs them in (see ../accounts/). Passwords are argon2id hashes;
 *   session and reset tokens are stored as hashes only.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, customType, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * A `jsonb` column whose values round-trip exactly. drizzle's own `jsonb` re-parses a value the
 * driver already parsed when it is a string (a stored `"42"` would come back as the number 42);
 * this one writes `JSON.stringify(value)` and returns what the driver decoded, unchanged. A JS
 * `null` is written as SQL NULL by drizzle; the store writes JSON null itself where a column is
 * NOT NULL (see `jsonOf` in store.ts).
 */
export const jsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});

/** The statuses a match can have: `live` until it is `finished` (a result) or `abandoned`. */
export const MATCH_STATUSES = ["live", "finished", "abandoned"] as const;

/** One row per match. `seed` is secret while the match is live; only `getSeed` reads it. */
export const matches = pgTable(
  "matches",
  {
    id: text("id").primaryKey(),
    ruleset: text("ruleset").notNull(),
    rulesVersion: text("rules_version").notNull(),
    scenario: text("scenario").notNull(),
    status: text("status", { enum: MATCH_STATUSES }).notNull().default("live"),
    setup: jsonb("setup").notNull(),
    seed: text("seed").notNull(),
    seedCommitment: text("seed_commitment").notNull(),
    options: jsonb("options").notNull(),
    result: jsonb("result"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Creation order, breaking ties between equal `created_at` (PGlite's clock counts milliseconds). */
    createdOrder: bigint("created_order", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The creating request's `Idempotency-Key`, scoped to its requester (a hash; unique), when it had one. */
    idempotencyKey: text("idempotency_key"),
    /** A hash of that request's body, so the same key with another body is told apart. */
    requestHash: text("request_hash"),
    /**
     * The per-match secret the invite codes and the host token are derived from (HMAC), and the
     * seat tokens together with their claim keys, which only the claiming clients hold. Secret:
     * read back only by `findIdempotent`, `hostAccess` and the claim, never shown.
     */
    tokenSecret: text("token_secret"),
    /** The hash of the match's host token (the host link); null for matches created before host links. */
    hostTokenHash: text("host_token_hash"),
  },
  (t) => [
    uniqueIndex("matches_idempotency_key_idx").on(t.idempotencyKey),
    check("matches_status_check", sql`${t.status} in ('live', 'finished', 'abandoned')`),
    // Listing: newest first, optionally by status or ruleset.
    index("matches_created_at_idx").on(t.createdAt, t.createdOrder),
    index("matches_status_created_at_idx").on(t.status, t.createdAt, t.createdOrder),
    index("matches_ruleset_created_at_idx").on(t.ruleset, t.createdAt, t.createdOrder),
  ],
);

/**
 * The seats of a match; `position` keeps the order they were created in. `token_hash` is unique
 * per match and only ever compared in SQL.
 */
export const seats = pgTable(
  "seats",
  {
    matchId: text("match_id")
      .notNull()
      .references(() => matches.id),
    seat: text("seat").notNull(),
    position: integer("position").notNull(),
    playerName: text("player_name").notNull(),
    /**
     * `playerName` case-folded by the store (JS `toLowerCase`) for the player filter: SQL lower()
     * depends on the database's locale (ASCII only under "C").
     */
    playerNameFolded: text("player_name_folded").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** How many times the host re-issued this seat's invite (0: the first token). */
    tokenGeneration: integer("token_generation").notNull().default(0),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /**
     * The hash of the claim key the seat's current invite was claimed with (null: the invite is
     * not claimed yet, and `token_hash` matches no token anyone holds). "bot" for a seat the
     * server's bot plays; "legacy" for seats stored before invites were claimed.
     */
    claimKeyHash: text("claim_key_hash"),
    /**
     * The account the seat belongs to (a guest's too), when its invite was claimed by a signed-in
     * player: that player opens the seat from any device by signing in. Null for a seat claimed
     * without an account, a bot's seat, or an unclaimed invite; cleared when the invite is re-issued.
     */
    accountId: text("account_id").references(() => accounts.id),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.seat] }),
    uniqueIndex("seats_match_token_hash_idx").on(t.matchId, t.tokenHash),
    index("seats_account_idx").on(t.accountId),
  ],
);

/** The append-only log of accepted commands, `seq` = 1, 2, ... per match. */
export const entries = pgTable(
  "entries",
  {
    matchId: text("match_id")
      .notNull()
      .references(() => matches.id),
    seq: integer("seq").notNull(),
    seat: text("seat").notNull(),
    command: jsonb("command").notNull(),
    events: jsonb("events").notNull(),
    /** The engine state hash after the command; null for an entry stored without one (see ../state-hash.ts). */
    stateHash: text("state_hash"),
    /** The client's idempotency id for the command (protocol `command.id`), unique per seat. */
    commandId: text("command_id"),
    /** When the server accepted the command (ms since the epoch): the match clocks' time, as data. Null for older entries. */
    acceptedAt: bigint("accepted_at", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.seq] }),
    check("entries_seq_positive", sql`${t.seq} > 0`),
    uniqueIndex("entries_match_seat_command_id_idx").on(t.matchId, t.seat, t.commandId),
  ],
);

/**
 * Table chat, stored with its match: one row per line, numbered by `id` (increasing, shared by
 * all matches: a match's lines in `id` order are in the order they were said; never shown to
 * anyone) and by `number`, its place in its audience within the match (per team for `team`
 * lines; 1, 2, 3 ... unique with the match, audience and team: the number listeners see, which
 * counts no line of an audience they do not hear). `audience` is `players`, `team` or
 * `spectators`; `team` names the team of a `team` line; `seat` is the speaker's seat (null for a
 * spectator); `log_seq` the log sequence number the speaker's board showed when the line was said.
 */
export const chatLines = pgTable(
  "chat_lines",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    matchId: text("match_id")
      .notNull()
      .references(() => matches.id),
    audience: text("audience", { enum: ["players", "team", "spectators"] }).notNull(),
    team: text("team"),
    seat: text("seat"),
    name: text("name"),
    text: text("text").notNull(),
    logSeq: integer("log_seq").notNull(),
    number: integer("number").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_lines_match_id_idx").on(t.matchId, t.id),
    unique("chat_lines_audience_number_key").on(t.matchId, t.audience, t.team, t.number).nullsNotDistinct(),
    check("chat_lines_number_positive", sql`${t.number} > 0`),
    check("chat_lines_audience_check", sql`${t.audience} in ('players', 'team', 'spectators')`),
    check("chat_lines_team_check", sql`(${t.audience} = 'team') = (${t.team} is not null)`),
  ],
);

/** What an account is: a `guest` (no way to sign in but its session), a `member`, or `deleted`. */
export const ACCOUNT_KINDS = ["guest", "member", "deleted"] as const;

/**
 * One row per player account. `id` is random (never a counter: it would tell how many players
 * came before). `name` is the public name, unique ignoring case (`name_folded`); `email` is
 * stored case-folded, never shown to anyone but its owner. `seat_secret` is the account's own
 * secret the claim keys of its seats are derived from (../accounts/seats.ts); never shown.
 */
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ACCOUNT_KINDS }).notNull(),
    name: text("name").notNull(),
    nameFolded: text("name_folded").notNull(),
    email: text("email"),
    passwordHash: text("password_hash"),
    seatSecret: text("seat_secret").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("accounts_name_folded_idx").on(t.nameFolded),
    uniqueIndex("accounts_email_idx").on(t.email),
    check("accounts_kind_check", sql`${t.kind} in ('guest', 'member', 'deleted')`),
  ],
);

/** A signed-in browser: the hash of its session cookie's token, its account and when it expires. */
export const accountSessions = pgTable(
  "account_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("account_sessions_account_idx").on(t.accountId)],
);

/** A WebAuthn credential (passkey) of an account: its id and public key (base64url), signature counter and transports. */
export const passkeys = pgTable(
  "passkeys",
  {
    credentialId: text("credential_id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull(),
    transports: jsonb("transports").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("passkeys_account_idx").on(t.accountId)],
);

/** A WebAuthn challenge waiting for its answer (single use, short-lived): any process can check it. */
export const authChallenges = pgTable("auth_challenges", {
  id: text("id").primaryKey(),
  challenge: text("challenge").notNull(),
  /** `register` (adding a passkey to `account_id`) or `sign-in`. */
  purpose: text("purpose").notNull(),
  accountId: text("account_id"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** A password reset sent by e-mail: the hash of its token, single use, short-lived. */
export const passwordResets = pgTable("password_resets", {
  tokenHash: text("token_hash").primaryKey(),
  accountId: text("account_id")
    .notNull()
    .references(() => accounts.id),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Quick pairing (../lobby/seeks.ts): a player's seek for a game of a ruleset and format, with
 * the rating range they accept. Paired seeks are deleted in the transaction that pairs them.
 */
export const seeks = pgTable(
  "seeks",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    ruleset: text("ruleset").notNull(),
    format: text("format").notNull(),
    /** The seeker's rating for the ruleset and format when they seek. */
    rating: integer("rating").notNull(),
    minRating: integer("min_rating").notNull(),
    maxRating: integer("max_rating").notNull(),
    rated: boolean("rated").notNull(),
    /** The match the seek was paired into (set on both seeks, kept a little for the seekers to find it); null while waiting. */
    matchId: text("match_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("seeks_pool_idx").on(t.ruleset, t.format, t.createdAt), uniqueIndex("seeks_account_pool_idx").on(t.accountId, t.ruleset, t.format)],
);

/** A challenge to a named player (or a rematch offer): the match settings, until accepted, declined or withdrawn. */
export const challenges = pgTable(
  "challenges",
  {
    id: text("id").primaryKey(),
    fromAccount: text("from_account")
      .notNull()
      .references(() => accounts.id),
    toAccount: text("to_account")
      .notNull()
      .references(() => accounts.id),
    /** The match settings (a create request without players' names and claim): ruleset, scenario, options, armies... */
    settings: jsonb("settings").notNull(),
    /** For a rematch: the finished match it follows. */
    rematchOf: text("rematch_of"),
    /** `open`, `accepted`, `declined` or `withdrawn`. */
    status: text("status").notNull(),
    matchId: text("match_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("challenges_to_idx").on(t.toAccount, t.status), index("challenges_from_idx").on(t.fromAccount, t.status)],
);

/** A player's block of another: never paired, no challenge, no seat at the blocker's table. */
export const blocks = pgTable(
  "blocks",
  {
    blocker: text("blocker")
      .notNull()
      .references(() => accounts.id),
    blocked: text("blocked")
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blocker, t.blocked] }), index("blocks_blocked_idx").on(t.blocked)],
);

/** A report of a match or of a chat line, kept for an operator. */
export const reports = pgTable("reports", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  reporter: text("reporter")
    .notNull()
    .references(() => accounts.id),
  matchId: text("match_id")
    .notNull()
    .references(() => matches.id),
  /** The chat line's number in its audience (with `chat_audience`), when a line is reported. */
  chatNumber: integer("chat_number"),
  chatAudience: text("chat_audience"),
  reason: text("reason").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A player's Glicko-2 rating per ruleset and format (../ratings/). */
export const ratings = pgTable(
  "ratings",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    ruleset: text("ruleset").notNull(),
    format: text("format").notNull(),
    rating: doublePrecision("rating").notNull(),
    deviation: doublePrecision("deviation").notNull(),
    volatility: doublePrecision("volatility").notNull(),
    games: integer("games").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.ruleset, t.format] }), index("ratings_board_idx").on(t.ruleset, t.format, t.rating)],
);

/** What a rated match did to each player's rating: one row per match and account (a match is rated once). */
export const ratingChanges = pgTable(
  "rating_changes",
  {
    matchId: text("match_id")
      .notNull()
      .references(() => matches.id),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    ruleset: text("ruleset").notNull(),
    format: text("format").notNull(),
    before: doublePrecision("before").notNull(),
    after: doublePrecision("after").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.accountId] }), index("rating_changes_account_idx").on(t.accountId, t.createdAt)],
);

/**
 * Notifications owed to an account (../notify/): written in the transaction of the log entry (or
 * challenge) that causes them, then delivered once by whichever process claims them. `dedupe_key`
 * makes owing idempotent (an append retried after a lost answer owes nothing twice). A process
 * claims a row by setting `claimed_by` and `claimed_until`; a claim whose lease ran out (its
 * process died) is claimed again. `done_at` and `outcome` (`sent`, `stale`, `skipped`, `failed`)
 * close it; `due_at` defers it (quiet hours, digests).
 */
export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** `your_move`, `opponent_joined`, `match_over`, `challenge_received` or `time_running_out`. */
    kind: text("kind").notNull(),
    matchId: text("match_id").references(() => matches.id, { onDelete: "cascade" }),
    /** The sequence number of the log entry that caused it (null: not caused by an entry). */
    causeSeq: integer("cause_seq"),
    dedupeKey: text("dedupe_key").notNull(),
    /** What the recipient is told: built from the recipient's own view only. */
    payload: jsonb("payload").notNull(),
    owedAt: timestamp("owed_at", { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text("claimed_by"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** How it ended, per channel: `{ outcome, channels: { push?: ..., email?: ... } }`. */
    outcome: jsonb("outcome"),
  },
  (t) => [uniqueIndex("notification_outbox_dedupe_idx").on(t.dedupeKey), index("notification_outbox_due_idx").on(t.doneAt, t.dueAt), index("notification_outbox_account_idx").on(t.accountId, t.doneAt)],
);

/** An account's notification settings (kinds x channels, quiet hours, digest, "not while on the page"), as JSON. */
export const notificationSettings = pgTable("notification_settings", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  settings: jsonb("settings").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A browser's Web Push subscription (one per device): its endpoint and keys (base64url). Deleted when the push service says it is gone. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    /** SHA-256 of the endpoint (base64url). */
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** A short label of the device for the settings page (from its user agent). */
    device: text("device").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_account_idx").on(t.accountId)],
);

/**
 * The server's own long-lived keys, made at first start and shared by every process (the first
 * insert wins): the VAPID key pair of Web Push, the secret of e-mail unsubscribe links.
 */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
