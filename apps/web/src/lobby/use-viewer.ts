/**
 * `useViewer()`: who looks at a page that needs an account: `me` (GET /api/me, undefined while
 * loading), the {@link Viewer} for the lobby's rating checks (my name and duel ratings per ruleset,
 * from my public profile), and `setMe` after signing in (a guest started inline).
 */
import { useCallback, useEffect, useState } from "react";
import type { MeResponse } from "@fogwar/protocol";
import { accountApi, type AccountApi } from "../account/account-api";
import { playApi, type PlayApi } from "./play-api";
import type { Viewer } from "./open-tables";

/** The signed-in state and my ratings; `error` when `GET /api/me` failed. */
export function useViewer(api: AccountApi = accountApi, play: PlayApi = playApi) {
  const [me, setMe] = useState<MeResponse | undefined>(undefined);
  const [ratings, setRatings] = useState<Record<string, number>>({});
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  useEffect(() => {
    let live = true;
    api.me().then(
      (answer) => live && setMe(answer),
      (e: { code?: string; message?: string }) => live && setError({ code: e.code ?? "network_error", message: e.message ?? "" }),
    );
    return () => {
      live = false;
    };
  }, [api]);
  const name = me?.account?.name;
  useEffect(() => {
    if (!name) return;
    let live = true;
    play.profile(name).then(
      (profile) => live && setRatings(Object.fromEntries(profile.ratings.filter((r) => r.format === "duel").map((r) => [r.ruleset, r.rating]))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [play, name]);
  const viewer: Viewer = name ? { name, ratings } : null;
  const signedIn = useCallback((answer: MeResponse) => setMe(answer), []);
  return { me, viewer, error, setMe: signedIn };
}
