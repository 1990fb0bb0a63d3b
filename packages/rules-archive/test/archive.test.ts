/**
 * The archive keeps every published rules version replayable (design.md principle 9): each
 * version listed has its frozen build (unchanged since it was frozen) and its replay fixture; the
 * current version is frozen too, from exactly the current source, so a version bump (or a rules
 * change without one) cannot land without `pnpm freeze-rules`; each fixture replays to its final
 * state hash with its version's frozen build and through the loader; and after a version bump the
 * older version's matches still replay.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ember } from "@fogwar/ember";
import { CURRENT, PUBLISHED, UnknownRulesVersionError, createRulesLoader, currentVersion, replayFixture, rulesetFor, type FrozenBundle, type ReplayFixture } from "../src";
import { ARCHIVED_RULESETS, buildBundle } from "../scripts/build";
import { publishedSource, readArchive } from "../scripts/manifest";

const DIR = join(__dirname, "..");
const WORKSPACE = join(DIR, "..", "..");
const archive = readArchive(DIR);
const fixtureOf = (version: string): ReplayFixture => JSON.parse(readFileSync(join(DIR, "fixtures", `${version}.json`), "utf8")) as ReplayFixture;

describe("the archive's manifest", () => {
  it("lists every published version of EMBER, Siege, the TRPG and Age of Sigmar, each with its frozen build and its fixture", () => {
    const versions = archive.map((e) => e.version);
    // The versions published so far (git log -S RULES_VERSION -- packages/{ember,siege,trpg,sigmar}/src).
    expect(versions).toEqual(expect.arrayContaining(["ember-0.1.0", "ember-0.2.0", "ember-1.0.0", "ember-1.1.0", "ember-1.2.0", "ember-1.3.0", "siege-0.1.0", "siege-0.1.1", "siege-0.2.0", "siege-0.3.0", "siege-0.4.0", "trpg-0.1.0", "trpg-0.2.0", "trpg-0.3.0", "trpg-0.4.0", "trpg-0.5.0", "sigmar-0.1.0", "sigmar-0.2.0", "sigmar-0.3.0", "sigmar-0.4.0"]));
    for (const entry of archive) {
      const bundle = readFileSync(join(DIR, entry.bundle));
      expect({ version: entry.version, sha256: createHash("sha256").update(bundle).digest("hex"), bytes: bundle.length }).toEqual({ version: entry.version, sha256: entry.sha256, bytes: entry.bytes });
      expect(existsSync(join(DIR, entry.bundle.replace(/\.js$/, ".d.ts")))).toBe(true);
      expect(existsSync(join(DIR, entry.fixture))).toBe(true);
      expect(fixtureOf(entry.version)).toMatchObject({ ruleset: entry.ruleset, rulesVersion: entry.version });
    }
  });

  it("matches src/published.ts, which names each bundle's import", () => {
    expect(readFileSync(join(DIR, "src", "published.ts"), "utf8")).toBe(publishedSource(archive));
    expect(PUBLISHED.map((p) => [p.ruleset, p.version, p.from])).toEqual(archive.map((e) => [e.ruleset, e.version, e.from]));
  });

  it("loads the current package of every ruleset it freezes, and of no other", () => {
    expect(Object.keys(CURRENT).sort()).toEqual(Object.keys(ARCHIVED_RULESETS).sort());
  });

  it.each(Object.keys(ARCHIVED_RULESETS))("has the current version of %s frozen (a version bump needs `pnpm freeze-rules`)", async (id) => {
    const version = await currentVersion(id);
    const frozen = archive.filter((e) => e.ruleset === id).map((e) => e.version);
    if (!frozen.includes(version)) throw new Error(`${id}'s current rules version ${version} has no frozen build: run \`pnpm freeze-rules ${id}\` and commit what it writes`);
  });

  it.each(Object.keys(ARCHIVED_RULESETS) as (keyof typeof ARCHIVED_RULESETS)[])("has the current source of %s as its current version's frozen build", async (id) => {
    const version = await currentVersion(id);
    const entry = archive.find((e) => e.version === version);
    const built = await buildBundle(id, WORKSPACE, WORKSPACE);
    const sha256 = createHash("sha256").update(built.code).digest("hex");
    if (!entry) throw new Error(`${id}'s current rules version ${version} has no frozen build: run \`pnpm freeze-rules ${id}\``);
    if (sha256 !== entry.sha256) {
      throw new Error(
        `the source of ${id} is no longer the frozen build of ${version}. A change that can alter a replay needs a new RULES_VERSION, then \`pnpm freeze-rules ${id}\`; a change that cannot (a refactor) needs only \`pnpm freeze-rules ${id}\`, which freezes ${version} again once its fixture still replays`,
      );
    }
    expect(entry.libraries).toEqual(built.libraries);
  });
});

describe("replay fixtures", () => {
  it.each(archive.map((e) => e.version))("%s replays to its final state hash with its frozen build", async (version) => {
    const published = PUBLISHED.find((p) => p.version === version);
    const bundle = (await published?.load()) as FrozenBundle;
    expect(bundle.ruleset.rulesVersion).toBe(version);
    const fixture = fixtureOf(version);
    const replayed = replayFixture(bundle.ruleset, fixture);
    expect(replayed.problems).toEqual([]);
    expect(replayed.finalHash).toBe(fixture.finalHash);
    expect(fixture.entries.at(-1)?.stateHash).toBe(fixture.finalHash);
  });

  it.each(archive.map((e) => [e.ruleset, e.version]))("%s %s replays through rulesetFor", async (id, version) => {
    const rules = await rulesetFor(id, version);
    expect(rules).toMatchObject({ id, version, frozen: version !== (await currentVersion(id)) });
    const fixture = fixtureOf(version);
    expect(replayFixture(rules.ruleset, fixture)).toMatchObject({ problems: [], finalHash: fixture.finalHash });
  });

  it("does not replay an older version's match with the current rules (why frozen builds are needed)", () => {
    // ember-0.1.0 and ember-1.0.0 differ in rules a bot match meets: played by today's package,
    // the old log goes another way at some entry (events, hash or a refusal).
    const fixture = fixtureOf("ember-0.1.0");
    const replayed = replayFixture({ ...ember, rulesVersion: fixture.rulesVersion }, fixture);
    expect(replayed.problems.length).toBeGreaterThan(0);
    expect(replayed.finalHash).not.toBe(fixture.finalHash);
  });
});

describe("rulesetFor", () => {
  it("answers the current package for the current version, and frozen builds for the others", async () => {
    const current = await rulesetFor("ember", ember.rulesVersion);
    expect(current.frozen).toBe(false);
    expect(current.ruleset).toBe(ember);
    const old = await rulesetFor("ember", "ember-0.1.0");
    expect(old.frozen).toBe(true);
    expect(old.ruleset.rulesVersion).toBe("ember-0.1.0");
    // Loaded once.
    expect(await rulesetFor("ember", "ember-0.1.0")).toBe(old);
  });

  it("refuses clearly a version that has no build, and an unknown ruleset", async () => {
    await expect(rulesetFor("ember", "ember-9.9.9")).rejects.toThrow(UnknownRulesVersionError);
    await expect(rulesetFor("ember", "ember-9.9.9")).rejects.toThrow(/no build of ember rules version "ember-9\.9\.9" \(known: ember-0\.1\.0, /);
    await expect(rulesetFor("chess", "chess-1.0.0")).rejects.toThrow('unknown ruleset "chess"');
  });

  it.each(Object.keys(ARCHIVED_RULESETS))("keeps %s's matches replayable after a version bump", async (id) => {
    // Acts out the next bump: the current package becomes <id>-99.0.0, whose rules differ (here
    // every state it makes carries one more field, so its hashes differ).
    const current = await CURRENT[id]!();
    const version = current.ruleset.rulesVersion as string;
    const next = `${id}-99.0.0`;
    const bumped: FrozenBundle = {
      ...current,
      ruleset: {
        ...current.ruleset,
        rulesVersion: next,
        apply: (state, command, seat) => {
          const applied = current.ruleset.apply(state, command, seat);
          return applied.ok ? { ...applied, state: { ...applied.state, bumped: true } } : applied;
        },
      },
    };
    const loader = createRulesLoader({ current: { ...CURRENT, [id]: async () => bumped } });
    const fixture = fixtureOf(version);
    const now = await loader.rulesetFor(id, next);
    expect(now).toMatchObject({ frozen: false, version: next });
    // The bumped rules do not replay the match of the version before ...
    expect(replayFixture({ ...now.ruleset, rulesVersion: version }, fixture).problems.length).toBeGreaterThan(0);
    // ... its frozen build does, to the same final state.
    const old = await loader.rulesetFor(id, version);
    expect(old.frozen).toBe(true);
    const replayed = replayFixture(old.ruleset, fixture);
    expect(replayed.problems).toEqual([]);
    expect(replayed.finalHash).toBe(fixture.finalHash);
    // And so do the older ones.
    for (const p of loader.published(id)) expect(replayFixture((await loader.rulesetFor(id, p.version)).ruleset, fixtureOf(p.version)).problems).toEqual([]);
  });
});
