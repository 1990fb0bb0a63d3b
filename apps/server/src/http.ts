/**
 * The REST side of the server: lobby (create a match, list matches), match history, health.
 * Bodies and queries are validated with the protocol's zod schemas; every error is
 * `{ error: { code, message, details? } }` with a 4xx/5xx status, and changes nothing.
 * Answers of 1 KB and more are compressed (brotli or gzip, as the client accepts), with
 * `Vary: Accept-Encoding`; the web client's files are compressed once, at build time (`mountWeb`).
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import compression from "compression";
import express, { type Application, type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import { CREATOR_KEY_HEADER, ListMatchesQuery, MatchPathParams, PROTOCOL_ERRORS, PROTOCOL_VERSION, type MatchSummary } from "@fogwar/protocol";
import type { Logger } from "pino";
import { meRoutes, profileRoutes } from "./accounts/me.js";
import { lobbyRoutes } from "./lobby/index.js";
import { blockRoutes } from "./social/blocks.js";
import { challengeRoutes, rematchRoutes } from "./social/challenges.js";
import { reportRoutes } from "./social/reports.js";
import { notificationRoutes } from "./notify/routes.js";
import type { PushSetup } from "./notify/push.js";
import { authRoutes, type AuthLimits } from "./accounts/routes.js";
import { refuseCrossSite, sessionOf } from "./accounts/session.js";
import { ApiError } from "./api-error.js";
import type { Mailer } from "./mail/index.js";
import { claimRoutes } from "./claim.js";
import { hostRoutes } from "./host.js";
import { botSeatsOf } from "./bots/seats.js";
import type { ClientLog } from "./client-log.js";
import { createMatch } from "./create.js";
import { HistoryCache, historyRoute } from "./http/history.js";
import { tablePages, type RulesetOf } from "./http/table-page.js";
import { chatRoute } from "./http/chat.js";
import { throttle } from "./http/throttle.js";
import { stampedAddress, type Limits } from "./limits.js";
import { LiveMatch } from "./live.js";
import { leaderboardRoutes } from "./ratings/routes.js";
import { unsubscribeRoutes } from "./notify/unsubscribe.js";
import { RULESETS } from "./hosts/index.js";
import { isStoreUnavailable, type MatchRecord, type MatchStore } from "./store/index.js";

export interface ApiServices {
  readonly store: MatchStore;
  readonly log: Logger;
  /** The address players open, for invite links (e.g. http://localhost:2567). */
  readonly publicUrl: string;
  /** Whether a live match has a connected client on a seat (from the rooms). */
  readonly presence?: (matchId: string) => Record<string, boolean> | undefined;
  /** Per-address limits (./limits.ts) and the logger of client mistakes (./client-log.ts). */
  readonly limits: Limits;
  readonly clients: ClientLog;
  /**
   * Whether the server has rebuilt its live matches' rooms; until then `/api/health` answers 503
   * with `starting: true`. Default: ready.
   */
  readonly readiness?: { readonly ready: boolean };
  /** Outgoing e-mail (password reset); unavailable without an SMTP server. */
  readonly mailer: Mailer;
  /** The rates sign-ins are held to (./accounts/routes.ts). */
  readonly authLimits: AuthLimits;
  /** Web Push: the VAPID keys and the push services allowed (./notify/push.ts `preparePush`). */
  readonly push: PushSetup;
}

export { newMatchId } from "./create.js";

/** The cookie that scopes a browser's `Idempotency-Key`s to it (HttpOnly, only sent to `POST /api/matches`). */
const CREATOR_COOKIE = "fogwar_creator";
/** A creator key (header or cookie): 22 to 128 letters, digits, `_` or `-`. */
const CREATOR_KEY = /^[A-Za-z0-9_-]{22,128}$/;

/**
 * Who is creating (the scope of an `Idempotency-Key`): the `X-Creator-Key` header, else the
 * `fogwar_creator` cookie; without either (or with a malformed one), a new random key, set as
 * that cookie on the response (a day, HttpOnly, SameSite=Strict, path /api/matches).
 */
function creatorOf(req: Request, res: Response): string {
  const header = req.get(CREATOR_KEY_HEADER);
  if (header !== undefined && CREATOR_KEY.test(header)) return `header:${header}`;
  const cookie = (req.headers.cookie ?? "")
    .split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${CREATOR_COOKIE}=`))
    ?.slice(CREATOR_COOKIE.length + 1);
  if (cookie !== undefined && CREATOR_KEY.test(cookie)) return `cookie:${cookie}`;
  const fresh = randomBytes(18).toString("base64url");
  const secure = req.protocol === "https" ? "; Secure" : "";
  res.setHeader("Set-Cookie", `${CREATOR_COOKIE}=${fresh}; Max-Age=86400; Path=/api/matches; HttpOnly; SameSite=Strict${secure}`);
  return `cookie:${fresh}`;
}

function summary(record: MatchRecord, presence?: Record<string, boolean>): MatchSummary {
  const result = record.result as { winner: string | null; winners?: string[]; reason: string } | null;
  const teams = RULESETS.get(record.ruleset)?.teamsOf?.(record.setup);
  const bots = botSeatsOf(record.options);
  return {
    matchId: record.id,
    ruleset: record.ruleset,
    scenario: record.scenario,
    status: record.status as MatchSummary["status"],
    seats: record.seats.map((s) => ({
      seat: s.seat,
      name: s.playerName,
      ...(teams?.[s.seat] ? { team: teams[s.seat] } : {}),
      ...(bots[s.seat] ? { bot: bots[s.seat] } : {}),
      ...(presence ? { connected: presence[s.seat] ?? false } : {}),
    })),
    createdAt: record.createdAt.toISOString(),
    finishedAt: record.finishedAt ? record.finishedAt.toISOString() : null,
    result: result ? { winner: result.winner, ...(result.winners ? { winners: [...result.winners] } : {}), reason: result.reason } : null,
  };
}

/** Mounts the API under /api on an express app. */
export function mountApi(app: Application, services: ApiServices): void {
  const api = express.Router();
  // Per request (the answers are dynamic), from 1 KB: listings and histories shrink several-fold.
  api.use(compression());
  api.use(express.json({ limit: "64kb" }));
  // Requests carrying the session cookie that change something must come from this site (CSRF).
  api.use(refuseCrossSite(services.publicUrl));
  api.post("/matches", throttle(services.limits.creates, services.clients, "create"));

  api.get("/health", async (_req, res) => {
    const live = await services.store.liveMatchIds().catch(() => null);
    const starting = services.readiness?.ready === false;
    if (live === null) res.status(503).json({ ok: false, protocol: PROTOCOL_VERSION, database: "down", ...(starting ? { starting } : {}) });
    else if (starting) res.status(503).json({ ok: false, protocol: PROTOCOL_VERSION, database: "up", starting, liveMatches: live.length });
    else res.json({ ok: true, protocol: PROTOCOL_VERSION, database: "up", liveMatches: live.length });
  });

  api.get("/rulesets", (_req, res) => {
    res.json({
      rulesets: [...RULESETS.values()].map((h) => ({
        id: h.ruleset.id,
        rulesVersion: h.ruleset.rulesVersion,
        ...h.listing(),
      })),
    });
  });

  api.post("/matches", async (req, res) => {
    const key = req.get("Idempotency-Key");
    const requester = key === undefined ? "" : creatorOf(req, res);
    const created = await createMatch(services, req.body, key, requester, await sessionOf(req, services.store.accounts));
    if (created.replayed) res.setHeader("Idempotent-Replayed", "true");
    res.status(201).json(created.body);
  });

  api.get("/matches", async (req, res) => {
    const parsed = ListMatchesQuery.safeParse(req.query);
    if (!parsed.success) throw new ApiError(400, "bad_request", "The listing query is malformed.", parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
    const records = await services.store.listMatches(parsed.data);
    res.json({ matches: records.map((r) => summary(r, r.status === "live" ? services.presence?.(r.id) : undefined)) });
  });

  api.get("/matches/:id", async (req, res) => {
    const params = MatchPathParams.safeParse(req.params);
    if (!params.success) throw new ApiError(400, "bad_request", "The match id is malformed.");
    const record = await services.store.getMatch(params.data.id);
    if (!record) throw new ApiError(404, "not_found", "There is no such match.");
    res.json({ match: summary(record, record.status === "live" ? services.presence?.(record.id) : undefined), seedCommitment: record.seedCommitment, options: record.options });
  });

  // The host routes (./host.ts): seats' states, unclaimed invite links and re-issues, behind the host token.
  api.use("/matches", hostRoutes({ store: services.store, publicUrl: services.publicUrl, limits: services.limits, clients: services.clients }));
  // Claiming a seat's invite for its token (./claim.ts).
  api.use("/matches", claimRoutes({ store: services.store, limits: services.limits, clients: services.clients, log: services.log }));
  // Accounts: signing in (./accounts/routes.ts), my games and profiles (./accounts/me.ts).
  api.use("/auth", authRoutes({ store: services.store, publicUrl: services.publicUrl, mailer: services.mailer, limits: services.authLimits, log: services.log }));
  // Challenges, rematches, blocks and reports (./social/).
  api.use("/me/blocks", blockRoutes(services.store));
  api.use("/challenges", challengeRoutes(services));
  api.use("/matches", rematchRoutes(services));
  api.use("/reports", reportRoutes(services.store));
  api.use("/me", meRoutes({ store: services.store, publicUrl: services.publicUrl, mailer: services.mailer }));
  api.use("/me", notificationRoutes(services));
  api.use("/players", profileRoutes(services.store));
  api.use("/lobby", lobbyRoutes(services));
  api.use("/leaderboard", leaderboardRoutes(services.store));
  // E-mail unsubscribe links (./notify/unsubscribe.ts).
  api.use("/notifications", unsubscribeRoutes(services));

  /** A match's log as the requester may see it (./http/history.ts: cached, rate-limited). */
  const cache = new HistoryCache(services.limits.settings.historyCacheBytes);
  api.get("/matches/:id/history", historyRoute({ store: services.store, limits: services.limits, cache, clients: services.clients, summary: (r) => summary(r) }));
  /** A match's table chat as the requester may hear it (./http/chat.ts). */
  api.get("/matches/:id/chat", chatRoute({ store: services.store, limits: services.limits, clients: services.clients }));

  api.use((_req, _res) => {
    throw new ApiError(404, "not_found", "There is no such API endpoint.");
  });

  api.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof ApiError && error.status < 500) services.clients.mistake({ address: stampedAddress(req.headers), code: error.code, path: req.path }, "request refused");
    if (error instanceof ApiError) {
      res.status(error.status).json({ error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } });
      return;
    }
    const status = (error as { status?: number; type?: string }).status;
    if (status && status >= 400 && status < 500) {
      services.clients.mistake({ address: stampedAddress(req.headers), status, path: req.path }, "request refused");
      res.status(status).json({ error: { code: "bad_request", message: "The request could not be read (malformed or too large JSON)." } });
      return;
    }
    services.log.error({ err: error }, "api error");
    if (isStoreUnavailable(error)) {
      res.status(503).json({ error: { code: "service_unavailable", message: PROTOCOL_ERRORS.service_unavailable.message } });
      return;
    }
    res.status(500).json({ error: { code: "server_error", message: "Something went wrong on the server." } });
  });

  app.use("/api", api);
}

/** The client-side routes of the web client, answered with its index.html. */
export const SPA_ROUTES = ["/", "/play/{*rest}", "/watch/{*rest}", "/review/{*rest}", "/host/{*rest}", "/how-to-play/{*rest}", "/account", "/account/{*rest}", "/games", "/players/{*rest}", "/leaderboard", "/leaderboard/{*rest}"];

/** Where a build's precompressed twins are looked for: brotli first, then gzip. */
const PRECOMPRESSED = { enableBrotli: true, orderPreference: ["br", "gzip"], index: false as const };

/**
 * Serves the built web client from `webDir` (apps/web/dist) when that folder has an index.html:
 * hashed files under /assets/ with a year-long immutable cache, other files with revalidation
 * (`no-cache`: an ETag round trip), and index.html (also `no-cache`, so a new build is picked up
 * at once) for the client's routes `/`, `/play/*`, `/watch/*`, `/review/*`, `/host/*`, `/how-to-play/*`,
 * `/account`, `/account/*`, `/games`, `/players/*` and `/leaderboard`. Each file is sent
 * as the build's `.br` or `.gz` twin when one exists and the client accepts it
 * (`Content-Encoding`, `Vary: Accept-Encoding`), else as it is: nothing is compressed per request.
 * The build writes no source maps, and the gate (./http/gate.ts) refuses `*.map` anyway. Without a built client,
 * `GET /` answers a short text. Mount after the API, so /api keeps its JSON answers (404s too).
 * A table page (`/play/:matchId`, `/watch/:matchId`) names the scripts its first screen needs,
 * for the match's ruleset (`rulesetOf`), when the build lists them (./http/table-page.ts).
 * @returns whether the client is served.
 */
export function mountWeb(app: Application, webDir: string | undefined, rulesetOf: RulesetOf = async () => undefined): boolean {
  const dir = webDir ? resolve(webDir) : undefined;
  const index = dir ? join(dir, "index.html") : undefined;
  if (!dir || !index || !existsSync(index)) {
    app.get("/", (_req, res) => {
      res.type("text/plain").send(`fogwar server (protocol ${PROTOCOL_VERSION}). The API is under /api: /api/health, /api/rulesets, /api/matches. See docs/protocol.md.\n`);
    });
    return false;
  }
  const revalidated = { index: false, maxAge: 0, setHeaders: (res: ServerResponse) => res.setHeader("Cache-Control", "no-cache") } as const;
  app.use("/assets", expressStaticGzip(join(dir, "assets"), { ...PRECOMPRESSED, serveStatic: { immutable: true, maxAge: "365d", index: false, fallthrough: true } }));
  const files = expressStaticGzip(dir, { ...PRECOMPRESSED, serveStatic: revalidated });
  const tablePage = tablePages(dir, rulesetOf);
  if (tablePage) {
    app.get(["/play/:matchId", "/watch/:matchId"], (req, res, next) => {
      tablePage(req, res).catch(next);
    });
  }
  app.get(SPA_ROUTES, (req, res, next) => {
    const url = req.url;
    req.url = "/index.html";
    files(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  });
  app.use(files);
  return true;
}

/** Opens a finished or live match for the history page: the stored log rebuilt in memory. */
export const loadMatch = LiveMatch.load;
