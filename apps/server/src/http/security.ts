/**
 * Response headers and the last error handler of the express app.
 * - helmet: a content security policy the web client works under (scripts, fonts and images
 *   from the server itself, no eval; style sheets from the server itself only, no inline <style>
 *   element or `style="..."` markup; network calls to itself and its WebSocket origin; no frames,
 *   no plugins), `X-Content-Type-Options: nosniff`, `frame-ancestors 'none'` and
 *   `X-Frame-Options: DENY`, no `X-Powered-By`;
 * - the last error handler: an error no route answered (a malformed path, a static file that
 *   cannot be read) becomes a JSON error; 4xx are client mistakes (warn, no stack, rate-limited),
 *   anything else a server fault (error, with stack).
 */
import type { Application, NextFunction, Request, Response } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import type { ClientLog } from "../client-log.js";
import { stampedAddress } from "../limits.js";

/** The WebSocket origin (`ws://host:port` or `wss://...`) of an http(s) URL. */
export function websocketOrigin(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol === "https:" ? "wss:" : "ws:"}//${parsed.host}`;
}

/** The Content-Security-Policy directives for `publicUrl` (helmet's shape). */
export function cspDirectives(publicUrl: string): Record<string, string[] | null> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    // The web client's styles are CSS files of the build; style properties React sets through
    // the DOM (element.style) are not governed by style-src.
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", websocketOrigin(publicUrl)],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "script-src-attr": ["'none'"],
    // Plain-HTTP deployments (a LAN, tests on 127.0.0.1) must keep working.
    "upgrade-insecure-requests": null,
  };
}

/** Mounts the security headers; call before any route. */
export function mountSecurityHeaders(app: Application, publicUrl: string): void {
  app.disable("x-powered-by");
  app.use(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(publicUrl) },
      frameguard: { action: "deny" },
      crossOriginEmbedderPolicy: false,
    }),
  );
}

/** Mounts the last error handler; call after every route. */
export function mountErrorHandler(app: Application, log: Logger, clients: ClientLog): void {
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      clients.mistake({ address: stampedAddress(req.headers), status, method: req.method }, "request refused");
      res.status(status === 404 ? 404 : 400).json({ error: status === 404 ? { code: "not_found", message: "There is no such file." } : { code: "bad_request", message: "The request is malformed." } });
      return;
    }
    log.error({ err: error, method: req.method }, "request failed");
    res.status(500).json({ error: { code: "server_error", message: "Something went wrong on the server." } });
  });
}
