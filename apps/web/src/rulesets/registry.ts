/**
 * The web app's ruleset registry: the shells (table route, review page, lobby) find a ruleset's
 * table, review, create form and words here by the id the server names, and compare no id
 * themselves.
 *
 * Adding a ruleset: create `src/rulesets/<id>/index.ts` exporting `adapter` (a
 * {@link RulesetAdapter}); nothing shared changes. Vite finds it (./ruleset-discovery.ts), and so
 * does Jest (test/ruleset-discovery.cjs reads the same folders). Keep `index.ts` small (ids,
 * loaders `() => import("./Table")`, small words): every page loads it. Optionally
 * `src/rulesets/<id>/bot.tsx` exporting `bot` (a `BotFormPart`) joins the lobby's
 * play-against-the-bot form (./bot-discovery.ts). The lobby offers a ruleset only
 * when the server hosts it too (`GET /api/rulesets` lists it), so an adapter the production server
 * does not host (a test fixture) is never offered to players; its table and review still open for
 * a match a test server hosts. A test may also add an adapter at run time with
 * {@link registerRuleset} (for example from a test-only entry module).
 */
import type { RulesetAdapter } from "./adapter";
import { discovered } from "./ruleset-discovery";

const registry = new Map<string, RulesetAdapter>(discovered.map((a) => [a.id, a]));

/** The adapter of ruleset `id`, or undefined when this web app has none. */
export function rulesetAdapter(id: string | undefined): RulesetAdapter | undefined {
  return id === undefined ? undefined : registry.get(id);
}

/** Every adapter, in registration order (folder order first). */
export function rulesetAdapters(): readonly RulesetAdapter[] {
  return [...registry.values()];
}

/**
 * Adds (or replaces) an adapter at run time.
 * @throws Error when `adapter.id` is empty.
 */
export function registerRuleset(adapter: RulesetAdapter): void {
  if (!adapter.id) throw new Error("registerRuleset: an adapter needs an id");
  registry.set(adapter.id, adapter);
}
