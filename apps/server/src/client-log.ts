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
