/**
 * The server's settings from the environment: one zod schema holding every variable, its
 * default, its range and its error. The operator's table of settings (the "Server settings"
 * table of the docs) is `settingsTable()`'s output (`pnpm --filter @fogwar/server settings-table`
 * prints it); a test keeps the two equal.
 *
 * A malformed value fails `configFromEnv` with an Error naming the variable, the value and what
 * it must be (the server prints it and exits with status 1).
 */
import { join } from "node:path";
import { z } from "zod";
import { findWorkspaceRoot } from "./workspace.js";
import { DEFAULT_SIGN_IN_RATE } from "./accounts/limits.js";
import { DEFAULT_LIMITS, type LimitSettings } from "./limits.js";
import { DEFAULT_MAIL_FROM, isSmtpUrl } from "./mail/settings.js";
import { pushOrigin } from "./notify/push-services.js";
import type { ServerConfig } from "./server.js";

/** One setting: its variable's schema (raw text in, value out) and the docs' default and meaning. */
interface Setting<T> {
  /** Parses the variable's raw text (undefined when unset or blank) into the value. */
  readonly schema: z.ZodType<T, string | undefined>;
  /** The default as the docs show it (Markdown). */
  readonly shown: string;
  /** What the setting does (Markdown, one line). */
  readonly meaning: string;
}

const HOUR_MS = 3_600_000;

/**
 * Defaults of the settings whose run-time modules are heavy (rooms, bots, the deliverer): equal to
 * ./lifecycle.ts `DEFAULT_*_MS`, ./bots/host.ts `DEFAULT_BOT_DELAY_MS` and ./notify/deliver.ts
 * `DEFAULT_DELIVERER_SETTINGS` (a test checks).
 */
export const DEFAULTS = { unjoinedTtlHours: 24, idleTtlDays: 14, backupIntervalMinutes: 10, botDelayMs: 700, signInPerMinute: DEFAULT_SIGN_IN_RATE.perMinute, signInBurst: DEFAULT_SIGN_IN_RATE.burst, notifyPollMs: 5_000, notifyLeaseMs: 60_000, notifyDigestMinutes: 10 } as const;

/** pino's levels. */
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** Unset or blank text as undefined, the rest trimmed. */
const text = z.string().optional().transform((raw) => (raw === undefined || raw.trim() === "" ? undefined : raw.trim()));

/**
 * A number read from text (`fallback` when unset), times `scale` (a unit into ms); `valid` says
 * whether it may be used; `expected` says what it must be
 * (the error: `NAME must be <expected>, not "<raw>"`, the name added by `parseSettings`).
 */
function numeric(fallback: number, expected: string, valid: (n: number) => boolean, scale = 1): z.ZodType<number, string | undefined> {
  return text.transform((raw, ctx) => {
    if (raw === undefined) return fallback * scale;
    const value = Number(raw);
    if (Number.isFinite(value) && valid(value)) return value * scale;
    ctx.addIssue({ code: "custom", message: `must be ${expected}, not "${raw}"` });
    return z.NEVER;
  });
}

/** A limit: a non-negative number (the limits' shared rule). */
const limit = (key: keyof typeof DEFAULT_LIMITS, meaning: string, shown = `\`${DEFAULT_LIMITS[key]}\``): Setting<number> => ({
  schema: numeric(DEFAULT_LIMITS[key], "a non-negative number", (n) => n >= 0),
  shown,
  meaning,
});

/** A string with a default (`undefined`: none). */
const plain = <T extends string | undefined>(fallback: T, shown: string, meaning: string): Setting<string | T> => ({ schema: text.transform((raw) => raw ?? fallback), shown, meaning });

/** Every setting, in the docs' order, by variable name. */
export const SETTINGS = {
  PORT: { schema: numeric(2567, "a port number", (n) => Number.isInteger(n) && n >= 0 && n <= 65535), shown: "`2567`", meaning: "HTTP and WebSocket port" },
  HOST: plain("0.0.0.0", "`0.0.0.0`", "interface to listen on"),
  DATABASE_URL: plain(undefined, "(none)", "PostgreSQL connection string; without it the embedded database is used"),
  FOGWAR_DATA_DIR: plain("data", "`./data`", "the embedded database's folder"),
  PUBLIC_URL: plain(undefined, "`http://localhost:PORT`", "the address put in invite and spectator links"),
  LOG_LEVEL: {
    schema: text.transform((raw) => raw ?? "info").refine((level) => LOG_LEVELS.includes(level), { error: (issue) => `must be one of ${LOG_LEVELS.join(", ")}, not "${String(issue.input)}"` }),
    shown: "`info`",
    meaning: "pino log level (`debug`, `warn`, `silent`, ...)",
  },
  FOGWAR_UNJOINED_TTL_HOURS: {
    schema: numeric(DEFAULTS.unjoinedTtlHours, "a positive number of hours", (n) => n > 0, HOUR_MS),
    shown: "`24`",
    meaning: "a match none of whose seats was ever joined is marked `abandoned` after this many hours (fractions allowed) and its room closed",
  },
  FOGWAR_IDLE_TTL_DAYS: {
    schema: numeric(DEFAULTS.idleTtlDays, "a positive number of days", (n) => n > 0, 24 * HOUR_MS),
    shown: "`14`",
    meaning: "a live match nobody touched (no command, timeout or claim) for this many days (fractions allowed) is marked `abandoned` and its room closed; a correspondence match is left to its clock",
  },
  FOGWAR_BACKUP_INTERVAL_MINUTES: {
    schema: numeric(DEFAULTS.backupIntervalMinutes, "a number of minutes (0: no backups)", (n) => n >= 0, 60_000),
    shown: "`10`",
    meaning: "embedded database only: minutes between backups of the data folder into `<folder>.backup/` (a full base at start, then increments from the match log; they never stop play); `0` turns backups off",
  },
  FOGWAR_BOT_DELAY_MS: {
    schema: numeric(DEFAULTS.botDelayMs, "a whole number of ms from 0 to 60000", (n) => Number.isInteger(n) && n >= 0 && n <= 60_000),
    shown: "`700`",
    meaning: "the bot seats' pace: a bot moves no sooner than this many milliseconds after its turn began (0 to 60000; think time included)",
  },
  FOGWAR_WEB_DIR: plain(undefined, "`apps/web/dist`", "the built web client the server serves (only when the folder holds an `index.html`; without it `GET /` answers a short text)"),
  FOGWAR_TRUST_PROXY: limit("trustProxy", "proxy hops whose `X-Forwarded-For` is trusted for the client address (0: the header is ignored; 1: one reverse proxy in front)"),
  FOGWAR_CORS_ORIGINS: {
    schema: text.transform((raw) => (raw ?? "").split(",").map((o) => o.trim()).filter((o) => o !== "")),
    shown: "`PUBLIC_URL`'s origin",
    meaning: "comma-separated origins allowed to call the API and matchmaking from another origin",
  },
  FOGWAR_CREATE_PER_MINUTE: limit("createPerMinute", "matches one address may create per minute on average (429 past it)"),
  FOGWAR_CREATE_BURST: limit("createBurst", "matches one address may create in a burst"),
  FOGWAR_MAX_CONNECTIONS_PER_ADDRESS: limit("maxConnectionsPerAddress", "WebSocket connections one address may hold at once (the server's own bot seats, which all connect from 127.0.0.1, are not counted)"),
  FOGWAR_JOIN_FAILURES: limit("joinFailures", "failed joins (bad token or options, unknown room, failed reconnection, wrong invite code or host token) after which an address is refused joins"),
  FOGWAR_JOIN_BLOCK_MS: limit("joinBlockMs", "how long (ms) such an address is refused joins"),
  FOGWAR_MAX_SPECTATORS: limit("maxSpectators", "spectators one match admits at once"),
  FOGWAR_MESSAGES_PER_SECOND: limit("messagesPerSecond", "room messages one connection may send per second on average (more are dropped with `rate_limited`)"),
  FOGWAR_MESSAGE_BURST: limit("messageBurst", "room messages one connection may send in a burst"),
  FOGWAR_SIGN_IN_PER_MINUTE: {
    schema: numeric(DEFAULTS.signInPerMinute, "a positive number", (n) => n > 0),
    shown: `\`${DEFAULTS.signInPerMinute}\``,
    meaning: "sign-in attempts (password, passkey), registrations and new guests one address may make per minute on average (429 past it; password sign-ins are also held to 10, then one a minute, per e-mail)",
  },
  FOGWAR_SIGN_IN_BURST: {
    schema: numeric(DEFAULTS.signInBurst, "a whole number of at least 1", (n) => Number.isInteger(n) && n >= 1),
    shown: `\`${DEFAULTS.signInBurst}\``,
    meaning: "such attempts one address may make in a burst",
  },
  FOGWAR_HISTORY_PER_SECOND: limit("historyPerSecond", "history reads per second per address on average"),
  FOGWAR_HISTORY_BURST: limit("historyBurst", "history reads per address in a burst"),
  FOGWAR_HISTORY_CACHE_BYTES: limit("historyCacheBytes", "memory (about bytes of JSON) the history cache may hold; least recently read answers go first"),
  FOGWAR_CLIENT_LOG_PER_SECOND: limit("clientLogPerSecond", "log lines per second for client mistakes (warn, no stack); the rest are counted in the next line's `suppressed`"),
  FOGWAR_REQUEST_TIMEOUT_MS: limit("requestTimeoutMs", "time (ms) a request may take to arrive whole"),
  FOGWAR_HEADERS_TIMEOUT_MS: limit("headersTimeoutMs", "time (ms) a request's headers may take"),
  FOGWAR_KEEPALIVE_TIMEOUT_MS: limit("keepAliveTimeoutMs", "time (ms) an idle keep-alive connection stays open"),
  REDIS_URL: {
    schema: text.refine((url) => url === undefined || /^rediss?:\/\//.test(url), { error: (issue) => `must be a redis:// or rediss:// URL, not "${String(issue.input)}"` }),
    shown: "(none)",
    meaning: "several processes: the Redis they share (`redis://host:port[/db]`); needs `DATABASE_URL` and `FOGWAR_PUBLIC_ADDRESS` (see [Several processes](#several-processes))",
  },
  FOGWAR_PUBLIC_ADDRESS: {
    schema: text
      .transform((address) => address?.replace(/\/+$/, "") || undefined)
      .refine((address) => address === undefined || !(/^[a-z]+:\/\//i.test(address) || /\s/.test(address)), { error: (issue) => `is host:port[/path] without a scheme, not "${String(issue.input)}"` }),
    shown: "(none)",
    meaning: "with `REDIS_URL`: where clients reach this very process, `host:port[/path]` without a scheme, different for every process",
  },
  SMTP_URL: {
    // The URL may hold the SMTP password: its error never repeats the value.
    schema: text.refine((url) => url === undefined || isSmtpUrl(url), { error: "must be an smtp:// or smtps:// URL with a host (its value is not repeated: it may hold a password)" }),
    shown: "(none)",
    meaning: "the SMTP server for outgoing e-mail (password reset, notifications), `smtp://user:pass@host:587` or `smtps://user:pass@host:465`; without it password reset and notifications by e-mail are unavailable (see [E-mail](#e-mail)). Holds a password: never logged",
  },
  MAIL_FROM: plain(DEFAULT_MAIL_FROM, `\`${DEFAULT_MAIL_FROM}\``, "the sender of outgoing e-mail (`From`)"),
  FOGWAR_PUSH_HOSTS: {
    schema: text.transform((raw, ctx) => {
      const entries = (raw ?? "").split(",").map((e) => e.trim()).filter((e) => e !== "");
      const origins = entries.map(pushOrigin);
      const bad = entries.find((_, i) => origins[i] === null);
      if (bad === undefined) return origins as string[];
      ctx.addIssue({ code: "custom", message: `must be comma-separated origins (https://host[:port], http://host[:port] or host[:port] for https), not "${bad}"` });
      return z.NEVER;
    }),
    shown: "(none)",
    meaning: "Web Push: push services allowed beside the public ones (FCM, Mozilla, Apple, Windows), comma-separated origins (`https://push.example.org`, `http://127.0.0.1:9000`; a bare `host:port` is https); any other subscription is refused (see [Web Push](#web-push))",
  },
  FOGWAR_VAPID_SUBJECT: {
    schema: text.refine((subject) => subject === undefined || /^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+\S*)$/.test(subject), { error: (issue) => `must be a mailto: address or an https: URL, not "${String(issue.input)}"` }),
    shown: "`PUBLIC_URL` when https, else `mailto:` the `MAIL_FROM` address",
    meaning: "Web Push: the contact push services see in the server's VAPID signature",
  },
  FOGWAR_NOTIFY_POLL_MS: {
    schema: numeric(DEFAULTS.notifyPollMs, "a whole number of ms from 100 to 3600000", (n) => Number.isInteger(n) && n >= 100 && n <= 3_600_000),
    shown: `\`${DEFAULTS.notifyPollMs}\``,
    meaning: "how often (ms) each process looks for notifications that fell due (deferred ones, other processes' after a crash); a notification owed in the process is looked at at once (see [Notifications](#notifications))",
  },
  FOGWAR_NOTIFY_LEASE_MS: {
    schema: numeric(DEFAULTS.notifyLeaseMs, "a whole number of ms from 1000 to 3600000", (n) => Number.isInteger(n) && n >= 1000 && n <= 3_600_000),
    shown: `\`${DEFAULTS.notifyLeaseMs}\``,
    meaning: "how long (ms) a process holds the notifications it claimed: those of a process that died are sent by another after this long; keep it well above the SMTP timeouts (30 s)",
  },
  FOGWAR_NOTIFY_DIGEST_MINUTES: {
    schema: numeric(DEFAULTS.notifyDigestMinutes, "a number of minutes from 0 to 1440", (n) => n >= 0 && n <= 1440, 60_000),
    shown: `\`${DEFAULTS.notifyDigestMinutes}\``,
    meaning: "for players with the digest on (the default): notifications wait this many minutes after the last one sent to them, then go as one e-mail (or push) listing them all",
  },
} satisfies Record<string, Setting<unknown>>;

/** A variable's name. */
export type SettingName = keyof typeof SETTINGS;

/** The parsed values, by variable name. */
export type Settings = { readonly [K in SettingName]: z.output<(typeof SETTINGS)[K]["schema"]> };

/** The limits' variables, by `LimitSettings` key (CORS apart: a list). */
const LIMIT_VARIABLES = {
  trustProxy: "FOGWAR_TRUST_PROXY",
  createPerMinute: "FOGWAR_CREATE_PER_MINUTE",
  createBurst: "FOGWAR_CREATE_BURST",
  maxConnectionsPerAddress: "FOGWAR_MAX_CONNECTIONS_PER_ADDRESS",
  joinFailures: "FOGWAR_JOIN_FAILURES",
  joinBlockMs: "FOGWAR_JOIN_BLOCK_MS",
  maxSpectators: "FOGWAR_MAX_SPECTATORS",
  messagesPerSecond: "FOGWAR_MESSAGES_PER_SECOND",
  messageBurst: "FOGWAR_MESSAGE_BURST",
  historyPerSecond: "FOGWAR_HISTORY_PER_SECOND",
  historyBurst: "FOGWAR_HISTORY_BURST",
  historyCacheBytes: "FOGWAR_HISTORY_CACHE_BYTES",
  clientLogPerSecond: "FOGWAR_CLIENT_LOG_PER_SECOND",
  requestTimeoutMs: "FOGWAR_REQUEST_TIMEOUT_MS",
  headersTimeoutMs: "FOGWAR_HEADERS_TIMEOUT_MS",
  keepAliveTimeoutMs: "FOGWAR_KEEPALIVE_TIMEOUT_MS",
} as const satisfies Record<keyof typeof DEFAULT_LIMITS, SettingName>;

const schema = z.object(Object.fromEntries(Object.entries(SETTINGS).map(([name, setting]) => [name, setting.schema])) as { [K in SettingName]: (typeof SETTINGS)[K]["schema"] });

/**
 * Every setting from `env`, defaults filled in (durations in ms).
 * @throws Error naming each malformed variable: `NAME must be ..., not "value"`.
 */
export function parseSettings(env: NodeJS.ProcessEnv): Settings {
  const parsed = schema.safeParse(Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, env[name]])));
  if (parsed.success) return parsed.data as Settings;
  throw new Error(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; "));
}

/**
 * The several-processes rule over parsed settings: REDIS_URL and FOGWAR_PUBLIC_ADDRESS both or
 * neither, and REDIS_URL only with DATABASE_URL (an embedded database cannot be shared).
 * @throws Error naming the missing variable.
 */
function scaleOut(settings: Settings): Pick<ServerConfig, "redisUrl" | "publicAddress"> {
  const { REDIS_URL: redisUrl, FOGWAR_PUBLIC_ADDRESS: publicAddress } = settings;
  if (!redisUrl) {
    if (publicAddress) throw new Error("FOGWAR_PUBLIC_ADDRESS is for several processes: set REDIS_URL too");
    return {};
  }
  if (!settings.DATABASE_URL) throw new Error("REDIS_URL (several processes) needs DATABASE_URL: the processes share one PostgreSQL database");
  if (!publicAddress) throw new Error("REDIS_URL (several processes) needs FOGWAR_PUBLIC_ADDRESS: where clients reach this process, e.g. game1.example.org:2567");
  return { redisUrl, publicAddress };
}

/** The limits of parsed settings (CORS: the given origins, else `publicUrl`'s origin). */
function limitsOf(settings: Settings, publicUrl: string): LimitSettings {
  const values = Object.fromEntries(Object.entries(LIMIT_VARIABLES).map(([key, name]) => [key, settings[name]])) as Omit<LimitSettings, "corsOrigins">;
  const origins = settings.FOGWAR_CORS_ORIGINS;
  return { ...values, corsOrigins: origins.length > 0 ? origins : [new URL(publicUrl).origin] };
}

/**
 * The server's settings from the environment (every variable in {@link SETTINGS}).
 * @throws Error naming the variable when a setting is malformed or a needed one is missing.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const settings = parseSettings(env);
  const port = settings.PORT;
  const publicUrl = (settings.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  return {
    port,
    limits: limitsOf(settings, publicUrl),
    host: settings.HOST,
    databaseUrl: settings.DATABASE_URL,
    dataDir: settings.FOGWAR_DATA_DIR,
    publicUrl,
    logLevel: settings.LOG_LEVEL,
    webDir: settings.FOGWAR_WEB_DIR ?? defaultWebDir(),
    unjoinedTtlMs: settings.FOGWAR_UNJOINED_TTL_HOURS,
    idleTtlMs: settings.FOGWAR_IDLE_TTL_DAYS,
    backupIntervalMs: settings.FOGWAR_BACKUP_INTERVAL_MINUTES,
    botDelayMs: settings.FOGWAR_BOT_DELAY_MS,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    pushHosts: settings.FOGWAR_PUSH_HOSTS,
    ...(settings.FOGWAR_VAPID_SUBJECT ? { vapidSubject: settings.FOGWAR_VAPID_SUBJECT } : {}),
    notifications: { pollMs: settings.FOGWAR_NOTIFY_POLL_MS, leaseMs: settings.FOGWAR_NOTIFY_LEASE_MS, digestWindowMs: settings.FOGWAR_NOTIFY_DIGEST_MINUTES },
    signInRates: { perAddress: { perSecond: settings.FOGWAR_SIGN_IN_PER_MINUTE / 60, burst: settings.FOGWAR_SIGN_IN_BURST } },
    ...scaleOut(settings),
  };
}

/** The limits' settings from `env` (CORS defaults to `publicUrl`'s origin). @throws as `configFromEnv`. */
export const limitsFromEnv = (env: NodeJS.ProcessEnv, publicUrl: string): LimitSettings => limitsOf(parseSettings(env), publicUrl);

/** The several-processes settings from `env`: `{}` without REDIS_URL. @throws as `configFromEnv`. */
export const scaleOutFromEnv = (env: NodeJS.ProcessEnv): Pick<ServerConfig, "redisUrl" | "publicAddress"> => scaleOut(parseSettings(env));

/** FOGWAR_UNJOINED_TTL_HOURS's raw text in ms (default 24 h). @throws as `configFromEnv`. */
export const unjoinedTtlFromEnv = (raw: string | undefined): number => parseSettings({ FOGWAR_UNJOINED_TTL_HOURS: raw }).FOGWAR_UNJOINED_TTL_HOURS;

/** The docs' table of settings (Markdown: variable, default, meaning), generated from {@link SETTINGS}. */
export function settingsTable(): string {
  const rows = Object.entries(SETTINGS).map(([name, setting]) => `| \`${name}\` | ${setting.shown} | ${setting.meaning} |`);
  return ["| variable | default | meaning |", "|---|---|---|", ...rows].join("\n");
}

/** The workspace's apps/web/dist (./workspace.ts finds the workspace), or undefined outside one. */
export function defaultWebDir(): string | undefined {
  const root = findWorkspaceRoot();
  return root ? join(root, "apps", "web", "dist") : undefined;
}
