/**
 * Every ruleset's part of its how-to-play page: each `./<id>/guide.ts` (its `guide` export),
 * found by Vite when it builds, so that a ruleset's guide needs its file alone. Imported by the
 * guide page only (its own chunk), never with the registry. Jest swaps this module for
 * test/ruleset-guide-discovery.cjs.
 */
import type { RulesetGuide } from "./adapter";
import { exportsOf } from "./exports-of";

/** The guides found, in folder order. */
export const guides: readonly RulesetGuide[] = exportsOf<RulesetGuide>(import.meta.glob("./*/guide.ts", { eager: true }), "guide");
