/**
 * The server's settings schema (src/config.ts): defaults, ranges and errors naming the variable,
 * and the operator docs' table of settings, which must equal the table generated from the schema.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { configFromEnv, parseSettings, SETTINGS, settingsTable } from "../src/config";
import { DEFAULT_LIMITS } from "../src/limits";
import { DEFAULT_BACKUP_INTERVAL_MS, DEFAULT_IDLE_TTL_MS, DEFAULT_UNJOINED_TTL_MS } from "../src/lifecycle";
import { DEFAULT_BOT_DELAY_MS } from "../src/bots/host";

const ROOT = resolve(__dirname, "../../..");

/** The Markdown files that may hold the settings table: the README and everything under docs/. */
function docFiles(dir = join(ROOT, "docs")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return docFiles(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

/** Every settings table in the docs (a table whose header is `| variable | default | meaning |`), with its file. */
function documentedTables(): { file: string; table: string }[] {
  const found: { file: string; table: string }[] = [];
  for (const file of [join(ROOT, "README.md"), ...docFiles()]) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      if (line.trim() !== "| variable | default | meaning |") return;
      let end = i;
      while (end < lines.length && lines[end]!.startsWith("|")) end++;
      found.push({ file, table: lines.slice(i, end).join("\n") });
    });
  }
  return found;
}

test("the docs' table of settings is the one generated from the schema (print it with `pnpm --filter @fogwar/server settings-table`)", () => {
  const tables = documentedTables();
  expect(tables.map((t) => t.file)).toHaveLength(1);
  expect(tables[0]!.table).toBe(settingsTable());
});

test("an empty environment gives every default", () => {
  const config = configFromEnv({});
  expect(config).toMatchObject({ port: 2567, host: "0.0.0.0", dataDir: "data", publicUrl: "http://localhost:2567", logLevel: "info", databaseUrl: undefined, botDelayMs: 700 });
  expect(config).toMatchObject({ unjoinedTtlMs: 24 * 3600_000, idleTtlMs: 14 * 24 * 3600_000, backupIntervalMs: 600_000 });
  expect(config.limits).toEqual({ ...DEFAULT_LIMITS, corsOrigins: ["http://localhost:2567"] });
  // The run-time modules' own defaults (used when a server is started without configFromEnv).
  expect([DEFAULT_UNJOINED_TTL_MS, DEFAULT_IDLE_TTL_MS, DEFAULT_BACKUP_INTERVAL_MS, DEFAULT_BOT_DELAY_MS]).toEqual([config.unjoinedTtlMs, config.idleTtlMs, config.backupIntervalMs, config.botDelayMs]);
});

test("values are read in their units and blank ones take the default", () => {
  const config = configFromEnv({ PORT: "8080", FOGWAR_IDLE_TTL_DAYS: "0.5", FOGWAR_BACKUP_INTERVAL_MINUTES: "0", FOGWAR_JOIN_BLOCK_MS: "1500", LOG_LEVEL: "warn", HOST: " ", PUBLIC_URL: "https://play.example/" });
  expect(config).toMatchObject({ port: 8080, idleTtlMs: 12 * 3600_000, backupIntervalMs: 0, logLevel: "warn", host: "0.0.0.0", publicUrl: "https://play.example" });
  expect(config.limits).toMatchObject({ joinBlockMs: 1500, corsOrigins: ["https://play.example"] });
});

test.each([
  ["PORT", "70000", /PORT must be a port number, not "70000"/],
  ["PORT", "http", /PORT must be a port number/],
  ["FOGWAR_BOT_DELAY_MS", "1.5", /FOGWAR_BOT_DELAY_MS must be a whole number of ms from 0 to 60000/],
  ["FOGWAR_BOT_DELAY_MS", "60001", /FOGWAR_BOT_DELAY_MS/],
  ["FOGWAR_IDLE_TTL_DAYS", "0", /FOGWAR_IDLE_TTL_DAYS must be a positive number of days/],
  ["FOGWAR_BACKUP_INTERVAL_MINUTES", "-1", /FOGWAR_BACKUP_INTERVAL_MINUTES/],
  ["FOGWAR_HISTORY_BURST", "-3", /FOGWAR_HISTORY_BURST must be a non-negative number, not "-3"/],
  ["LOG_LEVEL", "loud", /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud"/],
  ["REDIS_URL", "localhost:6379", /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
  ["FOGWAR_PUSH_HOSTS", "push.example.org,ftp://files.example.org", /FOGWAR_PUSH_HOSTS must be comma-separated origins .*not "ftp:\/\/files.example.org"/],
  ["FOGWAR_PUSH_HOSTS", "https://push.example.org/path", /FOGWAR_PUSH_HOSTS must be comma-separated origins/],
  ["FOGWAR_VAPID_SUBJECT", "http://example.org", /FOGWAR_VAPID_SUBJECT must be a mailto: address or an https: URL/],
])("a malformed %s (%s) fails with a message naming it", (name, value, message) => {
  expect(() => configFromEnv({ [name]: value })).toThrow(message);
});

test("Web Push: allowed push services as origins (a bare host:port is https) and the VAPID subject", () => {
  expect(configFromEnv({}).pushHosts).toEqual([]);
  const config = configFromEnv({ FOGWAR_PUSH_HOSTS: " push.example.org:8443 , http://127.0.0.1:9000,https://PUSH.example.net:443 ", FOGWAR_VAPID_SUBJECT: "mailto:ops@example.org" });
  expect(config.pushHosts).toEqual(["https://push.example.org:8443", "http://127.0.0.1:9000", "https://push.example.net"]);
  expect(config.vapidSubject).toBe("mailto:ops@example.org");
});

test("every malformed variable is named at once", () => {
  expect(() => parseSettings({ PORT: "-1", FOGWAR_CREATE_BURST: "many" })).toThrow(/PORT must be .*; FOGWAR_CREATE_BURST must be/);
});

test("the schema covers every variable the server reads", () => {
  // Every FOGWAR_* variable named in the server's source is a setting (no setting read by hand).
  const read = (dir: string): [string, string][] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? read(path) : name.endsWith(".ts") ? [[path, readFileSync(path, "utf8")] as [string, string]] : [];
    });
  const files = read(join(ROOT, "apps/server/src"));
  const named = new Set(files.flatMap(([, text]) => [...text.matchAll(/\bFOGWAR_[A-Z_]+\b/g)].map((m) => m[0])));
  expect([...named].filter((name) => !(name in SETTINGS))).toEqual([]);
  // Only the schema's file reads the environment.
  expect(files.filter(([path, text]) => /process\.env\b/.test(text) && !path.endsWith("config.ts")).map(([path]) => path)).toEqual([]);
});
