/**
 * The operator's list of reports: `pnpm --filter @fogwar/server reports [limit]` opens the store
 * from the server's own settings (DATABASE_URL, else FOGWAR_DATA_DIR: the embedded store's folder
 * is locked by a running server, so stop it first) and prints the reports newest first: time,
 * match id, reporter's name, the reported chat line (audience, number and text) when given, and
 * the reason. `limit`: how many (default 200, at most 10,000).
 */
import { pathToFileURL } from "node:url";
import { configFromEnv } from "../config.js";
import { openStore, type ReportRecord } from "../store/index.js";

/** One line of text: control characters (a newline in a reason) shown as spaces. */
const oneLine = (text: string): string => text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");

/** The reports as the operator reads them: one block per report, newest first as given. */
export function formatReports(reports: readonly ReportRecord[]): string {
  if (reports.length === 0) return "No reports.";
  return reports
    .map((r) => {
      const lines = [`#${r.id} ${new Date(r.createdAt).toISOString()} match ${r.matchId} reported by ${oneLine(r.reporterName)}`];
      if (r.chatAudience !== null && r.chatNumber !== null) lines.push(`  chat ${r.chatAudience} #${r.chatNumber}: ${r.chatText === null ? "(no such line)" : oneLine(r.chatText)}`);
      lines.push(`  reason: ${oneLine(r.reason)}`);
      return lines.join("\n");
    })
    .join("\n");
}

/** Prints the newest `limit` reports of the store the server's settings name (`env`; default: this process's environment, as `configFromEnv` reads it). */
export async function printReports(env?: NodeJS.ProcessEnv, limit = 200): Promise<void> {
  const config = env ? configFromEnv(env) : configFromEnv();
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    console.log(formatReports(await store.social.listReports(limit)));
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const limit = Math.min(10_000, Math.max(1, Number(process.argv[2] ?? 200) || 200));
  printReports(undefined, limit).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
