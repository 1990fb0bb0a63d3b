/**
 * `npm start`: the fogwar server, configured from the environment (see `configFromEnv`).
 * SIGINT/SIGTERM shut it down gracefully: clients are disconnected, rooms disposed, the store
 * closed; every accepted command is already stored.
 */
import { configFromEnv, startServer } from "./server.js";

const server = await startServer(configFromEnv());
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
