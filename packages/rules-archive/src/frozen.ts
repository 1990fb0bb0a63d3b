/**
 * The frozen builds alone (no current package): what a page that already runs the current rules
 * loads for a match of an older version. Importing this module pulls no ruleset into a bundle; each
 * build is its own chunk, fetched when asked for.
 */
import { PUBLISHED } from "./published.js";
import type { PublishedVersion, VersionedRuleset } from "./types.js";

export type { VersionedRuleset } from "./types.js";

/** Thrown for a ruleset the archive does not know, or a version that is neither current nor frozen. */
export class UnknownRulesVersionError extends Error {
  constructor(
    readonly ruleset: string,
    readonly version: string,
    /** The versions that can be loaded. */
    readonly known: readonly string[],
  ) {
    super(known.length === 0 ? `unknown ruleset "${ruleset}"` : `no build of ${ruleset} rules version "${version}" (known: ${known.join(", ")})`);
    this.name = "UnknownRulesVersionError";
  }
}

/**
 * Loads the frozen build of ruleset `id` at `version` from `published`.
 * @throws UnknownRulesVersionError (rejects) when `published` has no such build, listing those it has
 *   and `also` (the current version, for the message).
 */
export async function loadFrozen(published: readonly PublishedVersion[], id: string, version: string, also: readonly string[] = []): Promise<VersionedRuleset> {
  const entry = published.find((p) => p.ruleset === id && p.version === version);
  if (!entry) {
    const known = [...published.filter((p) => p.ruleset === id).map((p) => p.version), ...also].filter((v, i, all) => all.indexOf(v) === i);
    throw new UnknownRulesVersionError(id, version, known);
  }
  const bundle = await entry.load();
  if (bundle.ruleset.id !== id || bundle.ruleset.rulesVersion !== version) throw new Error(`the frozen build of ${version} holds ${bundle.ruleset.id} ${bundle.ruleset.rulesVersion}`);
  return { ...bundle, id, version, frozen: true };
}

const loaded = new Map<string, Promise<VersionedRuleset>>();

/**
 * The frozen build of ruleset `id` at `version`, loaded once (a failed load is tried again next
 * time). @throws UnknownRulesVersionError (rejects) for a version with no frozen build.
 */
export function frozenRuleset(id: string, version: string): Promise<VersionedRuleset> {
  const key = `${id}\u0000${version}`;
  let promise = loaded.get(key);
  if (!promise) {
    promise = loadFrozen(PUBLISHED, id, version);
    promise.catch(() => loaded.delete(key));
    loaded.set(key, promise);
  }
  return promise;
}
