/**
 * A way to start fetching a table page's ruleset chunk early. A table page learns its match's
 * ruleset from the room's welcome, after the connection is made; the match's summary
 * (`GET /api/matches/:id`, one round trip, asked as soon as the route is known) names it sooner,
 * so the ruleset's table (its adapter's `loadTable`) downloads while the page connects. Only a
 * hint: a failure changes nothing (the welcome still decides), and no other ruleset's code is fetched.
 */
import { rulesetAdapter } from "../rulesets/registry";

/**
 * When `path` is a table route (`/play/:matchId` or `/watch/:matchId`), asks the match's summary
 * and starts loading its ruleset's table chunk. Never throws; returns at once.
 */
export function preloadRulesetTable(path: string): void {
  const match = /^\/(?:play|watch)\/([^/?#]+)/.exec(path);
  if (!match) return;
  fetch(`/api/matches/${match[1]}`)
    .then((r) => (r.ok ? (r.json() as Promise<{ match?: { ruleset?: unknown } }>) : null))
    .then((body) => {
      const ruleset = body?.match?.ruleset;
      if (typeof ruleset === "string") void rulesetAdapter(ruleset)?.loadTable();
    })
    .catch(() => undefined);
}
