/**
 * A match played under an older rules version than this site's (a review of an old match, a live
 * match the server kept across an update) runs with that version's own rules: its frozen build
 * from @fogwar/rules-archive, fetched (with the archive's loader) only when such a match is opened,
 * so that no page of a current match carries any of it.
 */
import { useEffect, useState } from "react";
import type { VersionedRuleset } from "@fogwar/rules-archive/frozen";

/** An older version's rules: loading, ready, or not available here (`detail` says why). */
export type OlderRules = { readonly status: "loading" } | { readonly status: "ready"; readonly rules: VersionedRuleset } | { readonly status: "failed"; readonly detail: string };

/**
 * The rules of ruleset `id` at `version` when that is not `current` (the version the page's own
 * package implements); null when it is, or while the version is unknown (no welcome yet): the
 * page then uses its own package.
 */
export function useOlderRules(id: string, version: string | undefined, current: string): OlderRules | null {
  const older = version !== undefined && version !== current ? version : null;
  const [state, setState] = useState<{ version: string; rules: OlderRules } | null>(null);
  useEffect(() => {
    if (older === null) return;
    let live = true;
    import("@fogwar/rules-archive/frozen")
      .then((archive) => archive.frozenRuleset(id, older))
      .then(
        (rules) => live && setState({ version: older, rules: { status: "ready", rules } }),
        (error: unknown) => live && setState({ version: older, rules: { status: "failed", detail: error instanceof Error ? error.message : String(error) } }),
      );
    return () => {
      live = false;
    };
  }, [id, older]);
  if (older === null) return null;
  return state?.version === older ? state.rules : { status: "loading" };
}
