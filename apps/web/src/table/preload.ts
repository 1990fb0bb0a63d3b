/**
 * Starting a table page's ruleset chunk early. A table page learns its match's ruleset from the
 * room's welcome, after the connection is made. Sooner:
 * - the page's HTML, as the server writes it for `/play/:id` and `/watch/:id`, names the ruleset
 *   in `<meta name="fogwar-ruleset">` and already preloads its chunks (apps/server/src/http/table-page.ts):
 *   the table route evaluates them once its session has started joining (`rulesetHint`), so the
 *   join's round trips overlap that work rather than wait for it;
 * - otherwise (a page served without it, such as Vite's dev server) the match's summary
 *   (`GET /api/matches/:id`, one round trip, asked as soon as the route is known) names it, and
 *   the ruleset's table (its adapter's `loadTable`) downloads while the page connects.
 * Only a hint: a failure changes nothing (the welcome still decides), and no other ruleset's code
 * is fetched.
 */
import { rulesetAdapter } from "../rulesets/registry";

/** The ruleset the page's HTML names (`<meta name="fogwar-ruleset">`), or undefined. */
export function rulesetHint(): string | undefined {
  return globalThis.document?.querySelector<HTMLMetaElement>('meta[name="fogwar-ruleset"]')?.content || undefined;
}

/**
 * When `path` is a table route (`/play/:matchId` or `/watch/:matchId`) and the page's HTML does
 * not name its ruleset, asks the match's summary and starts loading its ruleset's table chunk.
 * Never throws; returns at once.
 */
export function preloadRulesetTable(path: string): void {
  const match = /^\/(?:play|watch)\/([^/?#]+)/.exec(path);
  if (!match || rulesetHint() !== undefined) return;
  fetch(`/api/matches/${match[1]}`)
    .then((r) => (r.ok ? (r.json() as Promise<{ match?: { ruleset?: unknown } }>) : null))
    .then((body) => {
      const ruleset = body?.match?.ruleset;
      if (typeof ruleset === "string") void rulesetAdapter(ruleset)?.loadTable();
    })
    .catch(() => undefined);
}
