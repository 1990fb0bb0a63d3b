/**
 * Logging of client mistakes (malformed requests and messages, refused joins, limits reached):
 * at `warn`, as one line of fields without a stack, and rate-limited process-wide so a flood of
 * bad requests cannot fill the disk. Lines over the rate are counted; the next line let through
 * carries `suppressed: <count>`. Server faults are not client mistakes: they stay at `error`,
 * with their stack, through the logger itself.
 */
import type { Logger } from "pino";
import { RateLimiter } from "./rate-limit.js";

/** The logger for client mistakes. */
export interface ClientLog {
  /**
   * Logs a client mistake at warn (fields: e.g. `{ address, code, path }`; never an error
   * object, so no stack), unless over the rate.
   */
  mistake(fields: Record<string, unknown>, message: string): void;
}

/** A ClientLog writing to `log` at most `perSecond` lines per second (bursts of twice that). */
export function clientLog(log: Logger, perSecond: number, now?: () => number): ClientLog {
  const bucket = new RateLimiter(perSecond, Math.max(1, perSecond * 2), now);
  let suppressed = 0;
  return {
    mistake(fields, message) {
      if (!log.isLevelEnabled("warn")) return;
      if (!bucket.take("all")) {
        suppressed += 1;
        return;
      }
      const line = suppressed > 0 ? { ...fields, suppressed } : fields;
      suppressed = 0;
      log.warn(line, message);
    },
  };
}

/** The methods Colyseus calls on its logger (`setLogger` in @colyseus/core's Logger.ts). */
export interface ColyseusLogger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  trace(...args: unknown[]): void;
}

/**
 * Whether a line Colyseus logs at error level was caused by a client, not by the server: a frame
 * it could not decode (its msgpack, its WebSocket framing, or an empty frame). Colyseus logs these
 * with the decoder's stack and then closes the client's connection.
 */
export function isClientFrameError(text: string): boolean {
  return text.includes("couldn't decode message") || /msgpackr[\\/]unpack|ws[\\/]lib[\\/]receiver/.test(text);
}

/**
 * The logger given to Colyseus: its lines go to `log` at their own level, except undecodable
 * client frames (see {@link isClientFrameError}), which are client mistakes: one line at warn
 * with the error's first line and no stack, rate-limited through `clients`. Without this any
 * client could write a stack trace at error level per frame it sends.
 */
export function colyseusLogger(log: Logger, clients: ClientLog): ColyseusLogger {
  const text = (args: unknown[]) => args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : typeof a === "string" ? a : JSON.stringify(a))).join(" ");
  return {
    debug: (...args) => log.debug(text(args)),
    info: (...args) => log.info(text(args)),
    warn: (...args) => log.warn(text(args)),
    trace: (...args) => log.trace(text(args)),
    error: (...args) => {
      const line = text(args);
      if (isClientFrameError(line)) clients.mistake({ source: "colyseus" }, `frame refused: ${(line.split("\n")[0] ?? "").slice(0, 200)}`);
      else log.error(line);
    },
  };
}
