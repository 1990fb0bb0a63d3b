/**
 * The HTTP server's gate: runs before express and before Colyseus's own router, on every request
 * and WebSocket upgrade.
 * - stamps the client's address (see ../limits.ts) on the request headers;
 * - refuses the matchmaking routes that would create or join a room from client options
 *   (`POST /matchmake/create|join|joinOrCreate/...`: 403 `forbidden`): only the server creates
 *   rooms; `joinById` and `reconnect` stay open (the SDK uses them), and so does `joinOrCreate`
 *   of the open lobby's listing room (`lobby`, ../lobby), which clients join as Colyseus's
 *   LobbyRoom is joined;
 * - refuses `joinById` from an address that holds too many connections (429 `too_many_requests`
 *   with Retry-After), and counts a `joinById` to an unknown room as a failed join (an address
 *   that failed too many joins is refused by the room's `onAuth`, with the join code 4011);
 * - counts a failed `reconnect` (an unknown room, an invalid or expired reconnection token) as a
 *   failed join, and refuses `reconnect` from an address blocked for failed joins (429);
 * - a `joinById` of an open table's room (../lobby/table-room.ts: its id is never a match's)
 *   goes on as it is (the table's room checks its owner), counted as a failed join when no
 *   such table is open;
 * - with several processes (Redis), holds a `joinById` until its match's room is open on a live
 *   process (`openRoom`: rebuilt here from the log when its host is gone), answering 503
 *   `service_unavailable` when that cannot be done now;
 * - refuses source maps (`*.map`: 404);
 * - counts WebSocket connections per address (across processes with Redis: ../connection-counts.ts)
 *   and refuses an upgrade beyond the cap with 429;
 *   the process's own bot seats (../bots) are exempt: they carry the process's bot connection
 *   key, and all come from this host's loopback address;
 * - limits CORS to the allowed origins: Colyseus answers CORS for every route itself
 *   (`matchMaker.controller`), so its headers are replaced here.
 */
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { matchMaker } from "@colyseus/core";
import { PROTOCOL_ERRORS, type ProtocolErrorCode } from "@fogwar/protocol";
import { CLIENT_ADDRESS_HEADER, clientAddress, type Limits } from "../limits.js";
import type { ClientLog } from "../client-log.js";
import { isTableId } from "../lobby/ids.js";

/** The matchmaking methods clients may call; every other one is refused with 403. */
export const OPEN_MATCHMAKE_METHODS: readonly string[] = ["joinById", "reconnect"];

/** The one room clients may `joinOrCreate`: the open lobby's listing (../lobby/lobby-room.ts). */
export const LOBBY_ROOM = "lobby";

const allowedOrigins = new Set<string>();

/**
 * Replaces Colyseus's CORS answer (which echoes any Origin, with credentials) by one that names
 * only allowed origins. Process-wide: every server started in this process adds its origins.
 */
export function limitColyseusCors(origins: readonly string[]): void {
  for (const origin of origins) allowedOrigins.add(origin);
  const controller = matchMaker.controller as unknown as {
    DEFAULT_CORS_HEADERS: Record<string, string>;
    getCorsHeaders: (headers: Headers) => Record<string, string>;
    exposedMethods: string[];
  };
  controller.DEFAULT_CORS_HEADERS = {
    "Access-Control-Allow-Headers": "Origin, X-Requested-With, Content-Type, Accept, Authorization, Idempotency-Key, X-Creator-Key",
    "Access-Control-Allow-Methods": "GET,HEAD,POST",
    "Access-Control-Max-Age": "600",
    Vary: "Origin",
  };
  controller.getCorsHeaders = (headers: Headers): Record<string, string> => {
    const origin = headers.get("origin");
    return origin && allowedOrigins.has(origin) ? { "Access-Control-Allow-Origin": origin } : {};
  };
  // Defence in depth: even a request past the gate cannot call them.
  controller.exposedMethods = [...OPEN_MATCHMAKE_METHODS, "joinOrCreate"];
}

/**
 * Writes a JSON error `{ error: { code, message } }` in the API's shape; with `sdk`, also a
 * top-level `message` ("code: sentence"), which the Colyseus SDK shows as its error's message.
 */
export function sendError(res: ServerResponse, status: number, code: ProtocolErrorCode | "bad_request", retryAfterMs?: number, sdk = false): void {
  const message = code === "bad_request" ? "The request is malformed." : code === "not_found" ? "There is no such file." : PROTOCOL_ERRORS[code].message;
  const body = JSON.stringify({ error: { code, message }, ...(sdk ? { message: `${code}: ${message}` } : {}) });
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(body)), "x-content-type-options": "nosniff" };
  if (retryAfterMs !== undefined) headers["retry-after"] = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  res.writeHead(status, headers);
  res.end(body);
}

function pathOf(url: string | undefined): string {
  const raw = (url ?? "/").split("?")[0] ?? "/";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** When a join refused while the server starts should be retried (`Retry-After`, ms). */
export const STARTING_RETRY_MS = 1000;

/** Whether the server has rebuilt the rooms of its live matches (false while it starts). */
export interface Readiness {
  ready: boolean;
}

/**
 * Makes sure the room of the match a `joinById` asks for is open somewhere before Colyseus looks
 * it up (see `ensureMatchRoom` in ../rooms.ts). @returns whether it is (false: no live match of
 * that id). @throws when that cannot be known or done now.
 */
export type RoomOpener = (roomId: string) => Promise<boolean>;

/**
 * Installs the gate on a listening server (call after `server.listen`, when Colyseus has bound its
 * routes). `log` receives the refusals (client mistakes, rate-limited). While `readiness.ready`
 * is false (the server is rebuilding its live matches' rooms), a `joinById` or `reconnect` is
 * answered 503 `server_starting` with `Retry-After: 1` and not counted as a failed join: the room
 * it asks for may simply not be rebuilt yet. With `openRoom` (several processes), a `joinById` goes on
 * once `openRoom` has made sure its room is open on a live process (a failed join when there is
 * no such live match), or is answered 503 `service_unavailable` when `openRoom` fails.
 */
export function installGate(server: HttpServer, limits: Limits, log: ClientLog, readiness: Readiness = { ready: true }, openRoom?: RoomOpener, exempt: (req: IncomingMessage) => boolean = () => false): void {
  const { settings } = limits;
  limitColyseusCors(settings.corsOrigins);
  const listeners = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const address = clientAddress(req, settings.trustProxy);
    req.headers[CLIENT_ADDRESS_HEADER] = address;
    // Colyseus's own routes (matchmaking) bypass express and helmet.
    res.setHeader("X-Content-Type-Options", "nosniff");
    const admitted = admit(req, res, address, readiness, exempt(req), log);
    const pass = () => {
      for (const listener of listeners) listener.call(server, req, res);
    };
    if (admitted === true) return pass();
    if (admitted === false) return;
    if ("reconnect" in admitted) return void reconnect(req, res, address, limits, log).then((go) => go && pass(), () => sendError(res, 503, "service_unavailable", 1000, true));
    const join = async (): Promise<void> => {
      if (admitted.capped && (await limits.connections.of(address)) >= settings.maxConnectionsPerAddress) {
        log.mistake({ address, reason: "connections" }, "join refused: too many connections");
        return sendError(res, 429, "too_many_requests", 5000, true);
      }
      if (admitted.joinRoom === null) return pass();
      if (isTableId(admitted.joinRoom)) {
        if ((await matchMaker.query({ roomId: admitted.joinRoom })).length === 0) await limits.joinFailures.fail(address);
        return pass();
      }
      if (!openRoom) {
        if (!matchMaker.getLocalRoomById(admitted.joinRoom)) void limits.joinFailures.fail(address);
        return pass();
      }
      if (!(await openRoom(admitted.joinRoom))) await limits.joinFailures.fail(address);
      pass();
    };
    // The opener logs its own faults (they are the server's, not the client's).
    join().catch(() => sendError(res, 503, "service_unavailable", 1000, true));
  });

  const upgrades = server.listeners("upgrade") as ((req: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners("upgrade");
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const address = clientAddress(req, settings.trustProxy);
    req.headers[CLIENT_ADDRESS_HEADER] = address;
    if (exempt(req)) {
      for (const listener of upgrades) listener.call(server, req, socket, head);
      return;
    }
    void limits.connections.open(address, settings.maxConnectionsPerAddress).then((release) => {
      if (!release) {
        log.mistake({ address, reason: "connections" }, "websocket refused: too many connections");
        const body = JSON.stringify({ error: { code: "too_many_requests", message: PROTOCOL_ERRORS.too_many_requests.message } });
        socket.end(`HTTP/1.1 429 Too Many Requests\r\nRetry-After: 5\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
        return;
      }
      if (socket.destroyed) return release();
      socket.once("close", release);
      for (const listener of upgrades) listener.call(server, req, socket, head);
    });
  });
}

/**
 * Whether a `reconnect` may go on: not from an address blocked for failed joins (answered 429);
 * a failed one (an unknown room, an invalid or expired reconnection token) is a failed join.
 */
async function reconnect(req: IncomingMessage, res: ServerResponse, address: string, limits: Limits, log: ClientLog): Promise<boolean> {
  const blocked = await limits.joinFailures.blockedFor(address);
  if (blocked > 0) {
    log.mistake({ address, method: "reconnect" }, "reconnection refused: too many failed joins");
    sendError(res, 429, "too_many_requests", blocked, true);
    return false;
  }
  res.once("finish", () => {
    if (res.statusCode >= 400) void limits.joinFailures.fail(address);
  });
  return true;
}

/** Whether a request may go on (a `joinById`: once its room is checked; a `reconnect`: once its address is checked); answers it when not. */
function admit(req: IncomingMessage, res: ServerResponse, address: string, readiness: Readiness, uncapped: boolean, log: ClientLog): boolean | { joinRoom: string | null; capped: boolean } | { reconnect: true } {
  const path = pathOf(req.url);
  if (path.endsWith(".map")) {
    sendError(res, 404, "not_found");
    return false;
  }
  const matchmake = /^\/matchmake\/([^/]+)\/(.*)$/.exec(path);
  if (!matchmake || req.method !== "POST") return true;
  const method = matchmake[1] as string;
  // The lobby's listing: joined or created (there is one per process at most), capped as joins are.
  if (method === "joinOrCreate" && matchmake[2] === LOBBY_ROOM) return { joinRoom: null, capped: !uncapped };
  if (!OPEN_MATCHMAKE_METHODS.includes(method)) {
    log.mistake({ address, method }, "matchmaking route refused");
    sendError(res, 403, "forbidden", undefined, true);
    return false;
  }
  if (method !== "reconnect" && method !== "joinById") return true;
  if (!readiness.ready) {
    // Starting: the rooms of live matches are being rebuilt (the database is fine): say so, and when to retry.
    sendError(res, 503, "server_starting", STARTING_RETRY_MS, true);
    return false;
  }
  if (method === "reconnect") return { reconnect: true };
  return { joinRoom: matchmake[2] as string, capped: !uncapped };
}

/**
 * The HTTP server with the settings' timeouts: a request must arrive whole within
 * `requestTimeoutMs` and its headers within `headersTimeoutMs` (at most the former), an idle
 * keep-alive connection closes after `keepAliveTimeoutMs`; Node checks them every second (or
 * more often for shorter timeouts), so a slow client is cut off shortly after its deadline.
 */
export function createHttpServer(settings: Pick<Limits["settings"], "requestTimeoutMs" | "headersTimeoutMs" | "keepAliveTimeoutMs">): HttpServer {
  const headersTimeout = Math.min(settings.headersTimeoutMs, settings.requestTimeoutMs || settings.headersTimeoutMs);
  const check = Math.max(100, Math.min(1000, Math.floor(Math.min(headersTimeout, settings.requestTimeoutMs || headersTimeout) / 4)));
  return createServer({
    requestTimeout: settings.requestTimeoutMs,
    headersTimeout,
    keepAliveTimeout: settings.keepAliveTimeoutMs,
    connectionsCheckingInterval: check,
  });
}
