/**
 * Code loaded on demand without React.lazy and Suspense, for the parts of a table page that
 * follow one another (the route, its body, the ruleset's table): React holds a Suspense
 * boundary's content back until 300 ms after that boundary's fallback was last shown or hidden
 * (react-dom's FALLBACK_THROTTLE_MS), and React.lazy suspends on its first render even when its
 * code is already loaded, so each lazy part of the chain could wait up to 300 ms for nothing. A
 * state update when the code arrives is not held back.
 */
import { useEffect, useState } from "react";

/** Where a load stands: under way, done with its value, or failed with its error. */
export type Loaded<T> = { readonly status: "loading" } | { readonly status: "ready"; readonly value: T } | { readonly status: "failed"; readonly error: Error };

const LOADING: Loaded<never> = { status: "loading" };

/**
 * Runs `load` in an effect (after the effects of the hooks called before this one: a table
 * starts its join first) and again whenever `key` changes; nothing while `key` is null.
 * @param key names what `load` loads (a module, a ruleset id): the load runs once per key.
 * @returns "loading" until the promise settles (and while `key` is null), then "ready" with its
 *   value or "failed" with its error (a chunk that could not be fetched, for example).
 */
export function useLoaded<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (value) => live && setState({ key, loaded: { status: "ready", value } }),
      (error: unknown) => live && setState({ key, loaded: { status: "failed", error: error instanceof Error ? error : new Error(String(error)) } }),
    );
    return () => {
      live = false;
    };
    // `key` stands for `load` (a new closure on every render).
  }, [key]);
  return state !== null && state.key === key ? state.loaded : LOADING;
}
