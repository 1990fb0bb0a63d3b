/**
 * `npm start`: the fogwar server, configured from the environment (see ./config.ts).
 * SIGINT/SIGTERM shut it down gracefully: clients are disconnected, rooms disposed, the store
 * closed; every accepted command is already stored. A server that cannot start (a bad setting,
 * a data folder that is locked, read-only, full or broken, an unreachable database) prints one
 * line saying why and exits with status 1.
 */
import { configFromEnv } from "./config.js";
import { startServer, type RunningServer } from "./server.js";

let server: RunningServer;
try {
  server = await startServer(configFromEnv());
} catch (error) {
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  process.stderr.write(`fogwar: cannot start: ${message}\n`);
  process.exit(1);
}
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, "shutting down");
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        server.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      });
  });
}
