/**
 * What a frozen bundle holds, and what the loader answers for any (ruleset, rules version): the
 * `Ruleset` contract object of that version with the pieces around it that the server's hosting,
 * the review and the fixtures need. Typed loosely on purpose: an old version's state, commands,
 * events and views are its own (an older shape than the current package's types describe).
 */
import type { BotPolicy, EventEnvelope, MatchLog, Ruleset } from "@fogwar/engine";

// A frozen ruleset is handled through the engine contract only; its type parameters are its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRuleset = Ruleset<any, any, any, any, any>;

/** A bot that picks among legal commands (the engine's `RandomBot` of the bundle's source). */
export interface FrozenRandomBot {
  choose(commands: readonly { readonly type: string }[]): { readonly type: string } | null;
}

/** A match played by `autoplay`: its final state and log. */
export interface FrozenMatch {
  readonly state: unknown;
  toLog(): MatchLog<unknown, { readonly type: string }, unknown>;
}

/**
 * The single export (`bundle`) of a frozen bundle (`frozen/<version>.js`), built by
 * `pnpm freeze-rules` from the ruleset's source at the commit of that version.
 * - `ruleset`: the version's `Ruleset` object (setup, apply, legalCommands, viewFor, redact, ...);
 * - `botPolicy`, `RandomBot`, `autoplay`: that version's own bot, as its tests and bots played it;
 * - `catalogData`: its sample data (the JSON its catalog was built from), e.g. to build setups;
 * - `casterViewFor`, `casterRedact`: its caster-feed projection (delayed state, live state) and
 *   event filter, when that version had them (older ones did not: see the server's hosting);
 * - `pickSalt` (Siege, `(seed, team) -> salt`): the salt of a team's pick commitment;
 * - `reserveSalt` (Age of Sigmar, `(seed, seat, n) -> salt`) and `reserveEntry` (a list's unit ->
 *   what is committed): the salt and content of a seat's n-th reserve unit's commitment.
 */
export interface FrozenBundle {
  readonly ruleset: AnyRuleset;
  readonly botPolicy: BotPolicy<{ readonly type: string }>;
  readonly RandomBot: new (seed: string, policy?: BotPolicy<{ readonly type: string }>) => FrozenRandomBot;
  readonly autoplay: (
    ruleset: AnyRuleset,
    setup: unknown,
    seed: string,
    botSeed: string,
    options?: { readonly maxCommands?: number; readonly policy?: BotPolicy<{ readonly type: string }> },
  ) => FrozenMatch;
  readonly catalogData: unknown;
  readonly casterViewFor?: (delayed: unknown, live: unknown) => unknown;
  readonly casterRedact?: (envelope: EventEnvelope<unknown>, live: unknown) => unknown;
  readonly pickSalt?: (seed: string, team: string) => string;
  readonly reserveSalt?: (seed: string, seat: string, n: number) => string;
  readonly reserveEntry?: (unit: { readonly warscroll: string; readonly enhancement?: string }) => unknown;
}

/** What the loader answers: a version's bundle, and whether it is the current package or a frozen build. */
export interface VersionedRuleset extends FrozenBundle {
  /** The ruleset id (`ember`, `siege`). */
  readonly id: string;
  /** The rules version, equal to `ruleset.rulesVersion`. */
  readonly version: string;
  /** False for the workspace's current package, true for a frozen build of an older version. */
  readonly frozen: boolean;
}

/** One published version in the archive: where its frozen build comes from, and how to load it. */
export interface PublishedVersion {
  readonly ruleset: string;
  readonly version: string;
  /** The commit its source was frozen from (`working tree at <commit>` when frozen from uncommitted sources). */
  readonly from: string;
  /** Imports the frozen bundle (its own chunk in the web build). */
  readonly load: () => Promise<FrozenBundle>;
}
