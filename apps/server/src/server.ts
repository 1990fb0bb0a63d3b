/**
 * Boots the fogwar server: the store (PostgreSQL with DATABASE_URL, else embedded PGlite), the
 * Colyseus server with one room type, the REST API on the same port, and the rooms of every live
 * match rebuilt from their logs (so players reconnect to exactly the state they left).
 *
 * Several processes (REDIS_URL, with PostgreSQL and a public address per process): Colyseus's
 * Redis presence and driver route joins between them, and ./hosting.ts keeps one host per match.
 * Such a process rebuilds nothing at start (the others host their matches): a match's room is
 * rebuilt from its log on the process that receives a join for it while no live process hosts it
 * (the gate's `openRoom`, ./rooms.ts `ensureMatchRoom`).
 */
import { CloseCode, matchMaker, Server, type Presence } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import { SpreadPingTransport } from "./transport.js";
import { Redis } from "ioredis";
import { MatchPathParams } from "@fogwar/protocol";
import { pino, type DestinationStream, type Logger } from "pino";
import { clientLog, colyseusLogger } from "./client-log.js";
import { mountApi, mountWeb } from "./http.js";
import { defineLobbyRooms } from "./lobby/index.js";
import { createHttpServer, installGate, type Readiness } from "./http/gate.js";
import { mountErrorHandler, mountSecurityHeaders } from "./http/security.js";
import { DEFAULT_IDLE_TTL_MS, DEFAULT_UNJOINED_TTL_MS, expireIdle, expireUnjoined, folderSafety, startExpiry } from "./lifecycle.js";
import { DEFAULT_SIGN_IN_RATE } from "./accounts/limits.js";
import { AddressRate } from "./address-limits.js";
import { createMailer } from "./mail/index.js";
import { timeNow } from "./live.js";
import { PushChannel, preparePush } from "./notify/push.js";
import { createLimits, resolveLimits, type LimitSettings } from "./limits.js";
import { MatchRoom, provideRoomServices, roomPresence } from "./room.js";
import { BotHost, DEFAULT_BOT_DELAY_MS } from "./bots/host.js";
import { openStore, type MatchStore } from "./store/index.js";
import { rateMissedMatches } from "./ratings/rate.js";
import { localHosting, RedisHosting, type Hosting } from "./hosting.js";
import { Deliverer, type DelivererSettings } from "./notify/deliver.js";
import { emailChannel } from "./notify/email.js";
import { shareOnPage } from "./notify/on-page.js";
import type { Channel } from "./notify/channel.js";
import { currentHosting, ensureMatchRoom, HostUnavailableError, openMatchRoom, RESTORE_LISTINGS, useHosting } from "./rooms.js";

/** Server settings; ./config.ts `configFromEnv` reads them from the environment. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** PostgreSQL connection string; without it an embedded database lives in `dataDir`. */
  readonly databaseUrl?: string;
  /** The embedded database's folder; undefined = in memory (tests). */
  readonly dataDir?: string;
  /** The address players open, for invite links. */
  readonly publicUrl: string;
  readonly logLevel: string;
  /** The built web client (apps/web/dist); served when it holds an index.html. Undefined: not served. */
  readonly webDir?: string;
  /** Per-client limits, timeouts and CORS origins (./limits.ts); unset ones take their defaults. */
  readonly limits?: Partial<LimitSettings>;
  /** Where log lines go (default: stdout); tests capture them. */
  readonly logDestination?: DestinationStream;
  /**
   * An already opened store to use instead of opening one from `databaseUrl`/`dataDir` (tests wrap
   * a store to inject faults). The server closes it at `close()`.
   */
  readonly store?: MatchStore;
  /** How long (ms) a match no seat ever joined stays live before it is abandoned (default 24 h). */
  readonly unjoinedTtlMs?: number;
  /** How long (ms) a live match nobody touches stays live before it is abandoned (default 14 days). */
  readonly idleTtlMs?: number;
  /** Milliseconds between backups of the embedded data folder (default 10 min; 0: none). */
  readonly backupIntervalMs?: number;
  /**
   * Several processes: the Redis URL they share (with `databaseUrl` and `publicAddress`). Without
   * it the process hosts every match alone (Colyseus's local presence and driver).
   */
  readonly redisUrl?: string;
  /**
   * With `redisUrl`: where clients reach this very process, as `host:port` or `host:port/path`
   * without a scheme (Colyseus's `publicAddress`; seat reservations name it).
   */
  readonly publicAddress?: string;
  /** With `redisUrl`: the process lease in ms (./hosting.ts; default 5,000). */
  readonly hostLeaseMs?: number;
  /**
   * Sign-in attempts (password, passkey, registrations, new guests) per address, and password
   * sign-ins and reset e-mails per e-mail: `perSecond` on average, bursts of `burst` (default
   * 6 a minute with bursts of 30 per address (FOGWAR_SIGN_IN_PER_MINUTE, FOGWAR_SIGN_IN_BURST),
   * one a minute with bursts of 10 per e-mail). Shared through Redis with several processes.
   */
  readonly signInRates?: { readonly perAddress?: Rate; readonly perEmail?: Rate };
  /** The bot seats' pace: a bot moves at least this many ms after its turn began (default 700; 0 in tests). */
  readonly botDelayMs?: number;
  /**
   * The SMTP server for outgoing e-mail (`smtp://user:pass@host:587` or `smtps://...`; ./mail);
   * without it password reset by e-mail is unavailable. Holds a password: never logged.
   */
  readonly smtpUrl?: string;
  /** The sender of outgoing e-mail (default `fogwar <no-reply@localhost>`). */
  readonly mailFrom?: string;
  /**
   * Web Push: origins of push services allowed beside the public ones (./notify/push-services.ts;
   * `https://host[:port]` or `http://host[:port]`). Default: none.
   */
  readonly pushHosts?: readonly string[];
  /** Web Push: the VAPID subject (`mailto:` or `https:`); default `publicUrl` when https, else `mailto:` the sender's address. */
  readonly vapidSubject?: string;
  /** The notification deliverer's poll, lease and digest window (./notify/deliver.ts; defaults there). */
  readonly notifications?: Partial<DelivererSettings>;
}

/** A rate: `perSecond` on average, bursts of `burst`. */
export interface Rate {
  readonly perSecond: number;
  readonly burst: number;
}

/** A running server. */
export interface RunningServer {
  readonly port: number;
  readonly store: MatchStore;
  readonly log: Logger;
  /** The bot seats this process plays (./bots/host.ts). */
  readonly bots: BotHost;
  /** This process's notification deliverer (./notify/deliver.ts). */
  readonly deliverer: Deliverer;
  /** Disconnects clients, disposes rooms, closes the store and the port. */
  close(): Promise<void>;
}

/** Starts a server. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const log = pino({ level: config.logLevel, base: { service: "fogwar" } }, config.logDestination ?? pino.destination(1));
  const store = config.store ?? (await openStore({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, ...folderSafety(log, config) }));
  // With Redis the per-address counters are shared by the processes.
  const counters = config.redisUrl ? redisClient(config.redisUrl, log, "limits") : undefined;
  const limits = createLimits(resolveLimits(config.limits, config.publicUrl), { redis: counters });
  const clients = clientLog(log, limits.settings.clientLogPerSecond);
  provideRoomServices({ store, log, limits, clients });

  if (config.redisUrl && !config.databaseUrl && !config.store) throw new Error("several processes (a Redis URL) need a shared PostgreSQL database");
  const transport = new SpreadPingTransport({ maxPayload: 64 * 1024, server: createHttpServer(limits.settings) });
  const shared = config.redisUrl ? { presence: new RedisPresence(config.redisUrl) as Presence, driver: new RedisDriver(redisClient(config.redisUrl, log, "driver")), publicAddress: config.publicAddress } : {};
  const server = new Server({
    transport,
    greet: false,
    gracefullyShutdown: false,
    logger: colyseusLogger(log, clients),
    ...shared,
    // Rooms are created where they are asked for: the creation grant never leaves the process.
    selectProcessIdToCreateRoom: async () => matchMaker.processId,
  });
  const bots = new BotHost(log, config.botDelayMs ?? DEFAULT_BOT_DELAY_MS);
  server
    .define("match", MatchRoom)
    .on("create", (room: { roomId: string }) => {
      bots.matchOpened(store, room.roomId).catch((error: unknown) => log.error({ err: error, matchId: room.roomId }, "could not attach a match's bot seats"));
    })
    .on("dispose", (room: { roomId: string }) => {
      bots.matchClosed(room.roomId);
      void currentHosting().release(room.roomId);
    });
  defineLobbyRooms(server);
  await matchMaker.onReady;
  const hosting: Hosting = config.redisUrl ? await startHosting(config.redisUrl, config.hostLeaseMs, log) : localHosting;
  useHosting(hosting);
  if (hosting.shared) {
    await matchMaker.presence.subscribe(RESTORE_LISTINGS, () => {
      matchMaker.restoreMissingRoomCaches().catch((error: unknown) => log.warn({ err: error }, "could not restore room listings"));
    });
  }
  const app = transport.getExpressApp();
  mountSecurityHeaders(app, config.publicUrl);
  const readiness: Readiness = { ready: false };
  // Web Push: the VAPID key pair is made at first start and kept in the store (every process gets the same).
  const push = await preparePush(store, config);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, log);
  const rates = {
    perAddress: { perSecond: DEFAULT_SIGN_IN_RATE.perMinute / 60, burst: DEFAULT_SIGN_IN_RATE.burst, ...config.signInRates?.perAddress },
    perEmail: { perSecond: 1 / 60, burst: 10, ...config.signInRates?.perEmail },
  };
  const authLimits = {
    perAddress: new AddressRate({ redis: counters }, "sign-in", rates.perAddress.perSecond, rates.perAddress.burst),
    perEmail: new AddressRate({ redis: counters }, "sign-in-email", rates.perEmail.perSecond, rates.perEmail.burst),
  };
  mountApi(app, { store, log, publicUrl: config.publicUrl, presence: (matchId) => roomPresence.get(matchId), limits, clients, readiness, mailer, authLimits, push });
  const servingWeb = mountWeb(app, config.webDir, async (matchId) => (MatchPathParams.safeParse({ id: matchId }).success ? (await store.getMatch(matchId))?.ruleset : undefined));
  mountErrorHandler(app, log, clients);

  await server.listen(config.port, config.host);
  const isLive = async (matchId: string) => MatchPathParams.safeParse({ id: matchId }).success && (await store.getMatch(matchId))?.status === "live";
  const openRoom = hosting.shared
    ? (matchId: string) =>
        ensureMatchRoom(matchId, isLive).catch((error: unknown) => {
          if (error instanceof HostUnavailableError) log.info({ matchId, host: error.processId }, "join deferred: the match's host does not answer and its lease has not lapsed yet");
          else log.warn({ err: error, matchId }, "could not open a match's room for a join");
          throw error;
        })
    : undefined;
  installGate(transport.server as NonNullable<typeof transport.server>, limits, clients, readiness, openRoom, (req) => bots.carriesKey(req.headers));
  const address = transport.server?.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // Bot seats connect to this very process, as clients do.
  bots.start(`ws://${config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`);

  // Abandon matches nobody joined in time (so they are not rebuilt), then sweep periodically.
  const ttl = config.unjoinedTtlMs ?? DEFAULT_UNJOINED_TTL_MS;
  const idle = config.idleTtlMs ?? DEFAULT_IDLE_TTL_MS;
  await expireUnjoined(store, log, ttl).catch((error: unknown) => log.warn({ err: error }, "could not expire unjoined matches"));
  await expireIdle(store, log, idle).catch((error: unknown) => log.warn({ err: error }, "could not expire idle matches"));
  const expiry = startExpiry(store, log, ttl, idle);
  // Rebuild the rooms of live matches from their logs (alone; several processes open them on demand).
  const live = hosting.shared ? [] : await store.liveMatchIds();
  for (const matchId of live) {
    try {
      await openMatchRoom(matchId);
    } catch (error) {
      log.error({ err: error, matchId }, "could not rebuild a live match");
    }
  }
  // Notifications (./notify): owed in the store with what causes them, delivered by every process.
  const stopOnPage = hosting.shared ? shareOnPage() : () => undefined;
  const channels: Channel[] = [emailChannel({ mailer, store, publicUrl: config.publicUrl, log }), new PushChannel({ push: store.push, setup: push, log, now: timeNow })];
  const deliverer = new Deliverer({ store, log, channels }, config.notifications);
  deliverer.start();
  // Rate the rated matches that finished without their ratings (a stop between the two), in the background.
  void rateMissedMatches(store, log).catch((error: unknown) => log.error({ err: error }, "could not rate the finished matches left unrated"));
  readiness.ready = true;
  log.info(
    { port, database: config.databaseUrl ? "postgresql" : (config.dataDir ?? "memory"), liveMatches: live.length, web: servingWeb ? config.webDir : null, ...(hosting.shared ? { processId: matchMaker.processId, publicAddress: config.publicAddress } : {}) },
    "fogwar server listening",
  );

  let closed = false;
  return {
    port,
    store,
    log,
    bots,
    deliverer,
    async close() {
      if (closed) return;
      closed = true;
      try {
        expiry.stop();
        await deliverer.close();
        stopOnPage();
        await bots.close();
        await server.gracefullyShutdown(false);
        await hosting.close();
        counters?.disconnect();
        mailer.close();
      } finally {
        // Whatever failed above, the store is closed (and a data folder's lock released).
        useHosting(localHosting);
        await store.close();
      }
    },
  };
}

/** A Redis client whose connection errors are logged (as warnings: it reconnects by itself). */
function redisClient(url: string, log: Logger, role: string): Redis {
  const client = new Redis(url);
  client.on("error", (error: Error) => log.warn({ err: error }, `redis (${role}) connection error`));
  return client;
}

/** A Redis URL without its credentials, for messages. */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "(malformed URL)";
  }
}

/**
 * Starts the Redis hosting of this process; a match it loses has its room closed here.
 * @throws Error naming the Redis address when Redis cannot be reached.
 */
async function startHosting(redisUrl: string, leaseMs: number | undefined, log: Logger): Promise<Hosting> {
  return RedisHosting.start({
    url: redisUrl,
    processId: matchMaker.processId,
    log,
    ...(leaseMs !== undefined ? { leaseMs } : {}),
    onLost: (matchId) => {
      const room = matchMaker.getLocalRoomById(matchId);
      // Its clients are told to join again (4010: retried), which brings them to the new host.
      // Disposing removes the room's listing, which now names the new host: it restores it.
      if (room) void room.disconnect(CloseCode.MAY_TRY_RECONNECT).finally(() => matchMaker.presence.publish(RESTORE_LISTINGS, matchId));
    },
  }).catch((error: unknown) => {
    throw new Error(`cannot reach Redis at ${redisAddress(redisUrl)} (REDIS_URL): ${error instanceof Error ? error.message : String(error)}`);
  });
}
