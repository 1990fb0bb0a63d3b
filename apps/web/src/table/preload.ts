/**
 * The rulesets' table chunks, and a way to start fetching the right one early. A table page
 * learns its match's ruleset from the room's welcome, after the connection is made; the match's
 * summary (`GET /api/matches/:id`, one round trip, asked as soon as the route is known) names it
 * sooner, so the ruleset's code downloads while the page connects. Only a hint: a failure
 * changes nothing (the welcome still decides), and no other ruleset's code is fetched.
 */

/** EMBER's table (its own chunk). */
export const loadEmberTable = () => import("../rulesets/ember/EmberConnected");
/** Siege's table (its own chunk). */
export const loadSiegeTable = () => import("../rulesets/siege/SiegeTable");
/** Age of Sigmar's table (its own chunk). */
export const loadSigmarTable = () => import("../rulesets/sigmar/SigmarTable");
/** The TRPG's table (its own chunk). */
export const loadTrpgTable = () => import("../rulesets/trpg/TrpgTable");

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
      if (body?.match?.ruleset === "siege") void loadSiegeTable();
      else if (body?.match?.ruleset === "sigmar") void loadSigmarTable();
      else if (body?.match?.ruleset === "trpg") void loadTrpgTable();
      else if (body?.match?.ruleset === "ember") void loadEmberTable();
    })
    .catch(() => undefined);
}
