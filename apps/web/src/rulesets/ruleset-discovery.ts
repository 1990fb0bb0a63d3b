/**
 * Every ruleset adapter of the web app: each `./<id>/index.ts` (its `adapter` export), found by
 * Vite when it builds, so that a ruleset joins by adding its folder alone. Jest has no
 * `import.meta.glob`: its config swaps this module for test/ruleset-discovery.cjs, which reads the
 * same folders from disk.
 */
import type { RulesetAdapter } from "./adapter";
import { exportsOf } from "./exports-of";

/** The adapters found, in folder order. */
export const discovered: readonly RulesetAdapter[] = exportsOf<RulesetAdapter>(import.meta.glob("./*/index.ts", { eager: true }), "adapter");
