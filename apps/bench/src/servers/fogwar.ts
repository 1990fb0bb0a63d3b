/**
 * Launcher of the fogwar server under test: `startServer` from @fogwar/server in this process,
 * on 127.0.0.1:BENCH_PORT, on PostgreSQL (BENCH_SERVER_DATABASE_URL) or on the embedded database
 * in BENCH_SERVER_DATA_DIR, with the per-address limits lifted (every benchmark client comes
 * from 127.0.0.1). Reports its figures through ./instrument.ts.
 */
import { startServer } from "@fogwar/server";
import { instrument } from "./instrument.js";

const port = Number(process.env.BENCH_PORT);
const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL || undefined;
const server = await startServer({
  port,
  host: "127.0.0.1",
  databaseUrl,
  dataDir: databaseUrl ? undefined : process.env.BENCH_SERVER_DATA_DIR,
  publicUrl: `http://127.0.0.1:${port}`,
  logLevel: "warn",
  webDir: undefined,
  backupIntervalMs: 0,
  limits: {
    createPerMinute: 1e9,
    createBurst: 1e9,
    maxConnectionsPerAddress: 1e9,
    joinFailures: 0,
    historyPerSecond: 1e9,
    historyBurst: 1e9,
    messagesPerSecond: 1e6,
    messageBurst: 1e6,
  },
});
instrument({ port: server.port }, {}, () => server.close());
