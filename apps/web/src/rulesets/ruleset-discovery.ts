/**
 * Every ruleset adapter of the web app: each `./<id>/index.ts` (its `adapter` export), found by
 * Vite when it builds, so that a ruleset joins by adding its folder alone. Jest has no
 * `import.meta.glob`: its config swaps this module for test/ruleset-discovery.cjs, which reads the
 * same folders from disk.
 */
import type { RulesetAdapter } from "./adapter";

const modules = import.meta.glob<{ adapter?: RulesetAdapter }>("./*/index.ts", { eager: true });

/** The adapters found, in folder order. */
export const discovered: readonly RulesetAdapter[] = Object.keys(modules)
  .sort()
  .flatMap((path) => {
    const adapter = modules[path]?.adapter;
    return adapter ? [adapter] : [];
  });
