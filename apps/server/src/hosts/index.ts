/**
 * The registry of hosted rulesets: the built-in hostings (one file each in this folder, the
 * contract in ./contract.ts), and what the server finds through them. New matches use each
 * ruleset's current rules version; a stored match is hosted under the rules version it was created
 * with (`hostFor`): the current one, or an older version's frozen build (@fogwar/rules-archive).
 *
 * A ruleset joins the built-in list by adding its host file and its line in `BUILT_IN_HOSTS`.
 * Another program (a test server hosting a fixture ruleset, say) hosts more without editing any
 * shared file: `hostRulesets([...])` (or the testing entry's `startServer({ hosts })`) adds hosts to
 * this process's registry before the server starts. The bot worker thread
 * (../bots/worker.ts) reads the built-in list only: a bot plays an added ruleset only when its host
 * is also added in the worker (not done today), so added rulesets are for human seats.
 */
import { spectator } from "@fogwar/engine";
import { rulesetFor as archivedRuleset, type VersionedRuleset } from "@fogwar/rules-archive";
import type { HostedRuleset } from "./contract.js";
import { emberHost } from "./ember.js";
import { siegeHost } from "./siege.js";
import { sigmarHost } from "./sigmar.js";
import { trpgHost } from "./trpg.js";

export { emberHost, siegeHost, sigmarHost, trpgHost };
export type { AnyRuleset, Brain, BotCommand, HostedBot, HostedRuleset, SetupProblem, SetupRequest } from "./contract.js";

/** The rulesets every server hosts, in listing order. */
export const BUILT_IN_HOSTS: readonly HostedRuleset[] = [emberHost, siegeHost, sigmarHost, trpgHost];

const registry = new Map<string, HostedRuleset>(BUILT_IN_HOSTS.map((host) => [host.ruleset.id, host]));

/** Hosted rulesets by id (the built-in ones, then any added by `hostRulesets`). */
export const RULESETS: ReadonlyMap<string, HostedRuleset> = registry;

/**
 * Adds `hosts` to this process's registry (keyed by `host.ruleset.id`), for servers that host
 * more than the built-in rulesets (tests' fixture rulesets). Adding the same host object again is
 * a no-op.
 * @throws Error when another host already has the id (a built-in ruleset cannot be replaced).
 */
export function hostRulesets(hosts: readonly HostedRuleset[]): void {
  for (const host of hosts) {
    const id = host.ruleset.id;
    const present = registry.get(id);
    if (present === host) continue;
    if (present) throw new Error(`a ruleset "${id}" is already hosted`);
    registry.set(id, host);
  }
}

/** How the server finds a ruleset at a rules version (tests give another one to act out a version bump). */
export type RulesLoader = (id: string, version: string) => Promise<VersionedRuleset>;

/**
 * The hosting of an older rules version: the current hosting of its ruleset with the frozen
 * build's `Ruleset` in its place. What the server adds around the rules (rounds, clocks, teams,
 * which commands are public) reads the setup and the state in the fields every version shares;
 * the caster feed uses the version's own caster functions, and a version that had none feeds the
 * public (spectator) view of the delayed state, which hides what is still secret live. It never
 * creates a match: new matches use the current rules.
 */
export function frozenHost(current: HostedRuleset, rules: VersionedRuleset): HostedRuleset {
  const { casterViewFor, casterRedact } = rules;
  return {
    ...current,
    ruleset: rules.ruleset,
    makeSetup: () => ({ ok: false, problem: { code: "bad_request", message: `New matches use the current rules, ${current.ruleset.rulesVersion}.` } }),
    casterView: casterViewFor ? (delayed, live) => casterViewFor(delayed, live) : (delayed) => rules.ruleset.viewFor(delayed, spectator),
    casterEvent: casterRedact ? (envelope, live) => casterRedact(envelope, live) : (envelope) => rules.ruleset.redact(envelope, spectator),
  };
}

/**
 * The hosting of a stored match's ruleset `id` at its `version`: the current hosting for the
 * current version, else the frozen build's (`frozenHost`; the archive loads each build once).
 * @throws Error (rejects) for a ruleset not hosted here or a version with no build
 *   (@fogwar/rules-archive's `UnknownRulesVersionError`).
 */
export async function hostFor(id: string, version: string, load: RulesLoader = archivedRuleset): Promise<HostedRuleset> {
  const current = RULESETS.get(id);
  if (!current) throw new Error(`unknown ruleset ${id}`);
  if (version === current.ruleset.rulesVersion) return current;
  return frozenHost(current, await load(id, version));
}
