/**
 * @fogwar/rules-archive: every published rules version of every ruleset stays playable and
 * replayable exactly (design.md principle 9, "Versioned contracts"). A match stores the
 * `rulesVersion` it was created under; `rulesetFor(id, version)` answers the workspace's current
 * package when that is the current version, and otherwise the version's frozen build: a
 * self-contained bundle of the ruleset (engine and libraries inlined) built from the source of
 * that version by `pnpm freeze-rules` (scripts/freeze.ts). Bundles are imported only when asked
 * for (each is its own chunk in the web build). A page that runs the current rules itself imports
 * `@fogwar/rules-archive/frozen` instead, which pulls in no ruleset. Pure: no Node built-ins.
 */
import { RandomBot, autoplay } from "@fogwar/engine";
import { UnknownRulesVersionError, loadFrozen } from "./frozen.js";
import { PUBLISHED } from "./published.js";
import type { FrozenBundle, PublishedVersion, VersionedRuleset } from "./types.js";

export type { AnyRuleset, FrozenBundle, FrozenMatch, FrozenRandomBot, PublishedVersion, VersionedRuleset } from "./types.js";
export { replayFixture, type FixtureEntry, type FixtureReplay, type ReplayFixture } from "./fixtures.js";
export { PUBLISHED } from "./published.js";
export { UnknownRulesVersionError, frozenRuleset } from "./frozen.js";

/** Loads a ruleset's current package, as a bundle. */
export type CurrentLoader = () => Promise<FrozenBundle>;

/** The workspace's current packages. */
export const CURRENT: Readonly<Record<string, CurrentLoader>> = {
  ember: () =>
    import("@fogwar/ember").then((m) => ({ ruleset: m.ember, botPolicy: m.emberBotPolicy, RandomBot, autoplay, catalogData: m.catalog.data, casterViewFor: m.casterViewFor, casterRedact: m.casterRedact }) as FrozenBundle),
  siege: () =>
    import("@fogwar/siege").then(
      (m) => ({ ruleset: m.siege, botPolicy: m.siegeBotPolicy, RandomBot, autoplay, catalogData: m.catalog.data, casterViewFor: m.casterViewFor, casterRedact: m.casterRedact, pickSalt: m.pickSalt }) as FrozenBundle,
    ),
  trpg: () =>
    import("@fogwar/trpg").then((m) => ({ ruleset: m.trpg, botPolicy: m.trpgBotPolicy, RandomBot, autoplay, catalogData: m.catalog.data, casterViewFor: m.casterViewFor, casterRedact: m.casterRedact }) as FrozenBundle),
  sigmar: () =>
    import("@fogwar/sigmar").then(
      (m) => ({ ruleset: m.sigmar, botPolicy: m.sigmarBotPolicy, RandomBot, autoplay, catalogData: m.catalog.data, reserveSalt: m.reserveSalt, reserveEntry: m.reserveEntry }) as FrozenBundle,
    ),
};

/** Finds rulesets by (id, version). */
export interface RulesLoader {
  /**
   * The ruleset `id` at rules version `version`: the current package when `version` is its
   * version, else the version's frozen build.
   * @throws UnknownRulesVersionError for an unknown ruleset or a version with no build.
   */
  rulesetFor(id: string, version: string): Promise<VersionedRuleset>;
  /** The current package's rules version of `id`. @throws UnknownRulesVersionError for an unknown ruleset. */
  currentVersion(id: string): Promise<string>;
  /** The published versions with a frozen build, oldest first (of `id` only when given). */
  published(id?: string): readonly PublishedVersion[];
}

/**
 * A loader over given current packages and frozen builds (tests give another current package to
 * act out a version bump); `rulesetFor` below uses the workspace's own.
 */
export function createRulesLoader(options: { readonly current?: Readonly<Record<string, CurrentLoader>>; readonly published?: readonly PublishedVersion[] } = {}): RulesLoader {
  const current = options.current ?? CURRENT;
  const published = options.published ?? PUBLISHED;
  const loaded = new Map<string, Promise<VersionedRuleset>>();
  const currentOf = (id: string): Promise<FrozenBundle> => {
    const load = Object.hasOwn(current, id) ? current[id] : undefined;
    if (!load) return Promise.reject(new UnknownRulesVersionError(id, "", []));
    return load();
  };
  const load = async (id: string, version: string): Promise<VersionedRuleset> => {
    const now = await currentOf(id);
    if (now.ruleset.rulesVersion === version) return { ...now, id, version, frozen: false };
    return loadFrozen(published, id, version, [now.ruleset.rulesVersion]);
  };
  return {
    rulesetFor(id, version) {
      const key = `${id}\u0000${version}`;
      let promise = loaded.get(key);
      if (!promise) {
        promise = load(id, version);
        // A failed load is not kept: a later call tries again.
        promise.catch(() => loaded.delete(key));
        loaded.set(key, promise);
      }
      return promise;
    },
    currentVersion: async (id) => (await currentOf(id)).ruleset.rulesVersion,
    published: (id) => (id === undefined ? published : published.filter((p) => p.ruleset === id)),
  };
}

const workspace = createRulesLoader();

/** {@link RulesLoader.rulesetFor} over the workspace's current packages and the archive's frozen builds. */
export const rulesetFor = (id: string, version: string): Promise<VersionedRuleset> => workspace.rulesetFor(id, version);

/** {@link RulesLoader.currentVersion} of the workspace. */
export const currentVersion = (id: string): Promise<string> => workspace.currentVersion(id);
