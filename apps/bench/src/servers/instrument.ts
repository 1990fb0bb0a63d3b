/**
 * What every server under test reports to the orchestrator, measured inside its own process:
 * CPU time of the whole process (`process.cpuUsage()`: getrusage of the process, every thread
 * counted, worker threads included), the event loop's delay (p99 and max since the last reset,
 * `monitorEventLoopDelay` at 10 ms resolution), and memory after a full collection on request.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { serve, type Request } from "../ipc.js";

/** A server's figures at one moment. */
export interface ServerStats {
  /** CPU time of the process since it started, user + system, in µs (all threads). */
  readonly cpuMicros: number;
  /** Event-loop delay since the last `reset`: p99 and max, in ms. */
  readonly loopP99Ms: number;
  readonly loopMaxMs: number;
  /** `process.memoryUsage()`, bytes. */
  readonly heapUsed: number;
  readonly rss: number;
  readonly arrayBuffers: number;
  readonly external: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * Starts the delay monitor and answers `stats`, `reset` (the delay histogram), `gc` (three full
 * collections, then the stats) and the server's own `handlers`; sends `ready` with `info`.
 * SIGTERM runs `close` and exits.
 */
export function instrument(info: Record<string, unknown>, handlers: Record<string, (request: Request) => unknown> = {}, close: () => Promise<void> = async () => undefined): void {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const stats = (): ServerStats => {
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    return {
      cpuMicros: cpu.user + cpu.system,
      loopP99Ms: loop.percentile(99) / 1e6,
      loopMaxMs: loop.max / 1e6,
      heapUsed: memory.heapUsed,
      rss: memory.rss,
      arrayBuffers: memory.arrayBuffers,
      external: memory.external,
    };
  };
  serve(
    {
      stats,
      reset: () => {
        loop.reset();
        return stats();
      },
      gc: async () => {
        for (let i = 0; i < 3; i++) {
          gc?.();
          await new Promise((r) => setTimeout(r, 100));
        }
        return stats();
      },
      ...handlers,
    },
    info,
  );
  process.once("SIGTERM", () => {
    const timer = setTimeout(() => process.exit(0), 3000);
    close()
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        process.exit(0);
      });
  });
}
