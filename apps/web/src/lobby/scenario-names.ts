/**
 * Scenarios by name: what a ruleset's listing (`GET /api/rulesets`) offers to play (EMBER's and
 * the TRPG's scenarios, Siege's missions, Age of Sigmar's battleplans) and a scenario's name in the
 * reader's language, for every list that shows a match (the lobby's lists, open tables, profiles,
 * challenges, my games). A scenario the listings do not name (an older rules version's) reads as
 * words, never as its id.
 */
import { wordsOfId } from "./words-of-id";

/** A scenario, mission or battleplan a ruleset's listing offers (`{ id, name: { en, ko } }`). */
export interface ScenarioChoice {
  readonly id: string;
  readonly name: { readonly en: string; readonly ko: string } | string;
}

/** The scenarios of a `GET /api/rulesets` listing, whatever the ruleset calls them (scenarios, missions, battleplans). */
export function scenariosOf(listing: Record<string, unknown>): ScenarioChoice[] {
  const list = listing.scenarios ?? listing.missions ?? listing.battleplans;
  if (!Array.isArray(list)) return [];
  return list.flatMap((s: unknown) => {
    const item = s as { id?: unknown; name?: unknown };
    if (typeof item?.id !== "string") return [];
    const name = item.name && typeof item.name === "object" && typeof (item.name as { en?: unknown }).en === "string" ? (item.name as { en: string; ko: string }) : wordsOfId(item.id);
    return [{ id: item.id, name }];
  });
}

/** A scenario's name in `language` from the listings (its id read as words when unknown). */
export function scenarioLabel(listings: readonly Record<string, unknown>[], ruleset: string, scenario: string, language: string): string {
  const listing = listings.find((l) => l.id === ruleset);
  const found = listing ? scenariosOf(listing).find((s) => s.id === scenario) : undefined;
  if (!found) return wordsOfId(scenario);
  return typeof found.name === "string" ? found.name : language.startsWith("ko") ? found.name.ko : found.name.en;
}
