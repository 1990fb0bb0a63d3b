/**
 * What every ruleset's review shares: the rules to replay a match with (the page's own package,
 * or the frozen build of the older rules version the match was played under, fetched first, with a
 * note while it loads or when this site has none), and stepping through a replay from a
 * perspective (everything, a seat, a spectator).
 */
import { useMemo, useState, type ReactNode } from "react";
import { omniscient, seatViewer, spectator, type Viewer } from "@fogwar/engine";
import type { VersionedRuleset } from "@fogwar/rules-archive/frozen";
import type { MatchHistory } from "../api";
import { Loading } from "../ui";
import { useOlderRules } from "../table/rules-version";
import { OlderRulesNote } from "./older-rules";

/** The engine's viewer for a perspective: "omniscient", "spectator", or a seat id. */
export const perspectiveViewer = (p: string): Viewer => (p === "omniscient" ? omniscient : p === "spectator" ? spectator : seatViewer(p));

export interface WithRulesProps<R> {
  /** The ruleset id (for the frozen build). */
  readonly id: string;
  /** The version the page's own package implements. */
  readonly rulesVersion: string;
  readonly history: MatchHistory;
  /** The rules of the page's own package. */
  readonly current: R;
  /** The rules out of an older version's frozen build. */
  readonly fromFrozen: (frozen: VersionedRuleset) => R;
  /** The review, given the rules and whether they are an older version's. */
  readonly children: (rules: R, older: boolean) => ReactNode;
}

/** Shows `children` with the rules of the match's version (a loading note, or why they cannot be had). */
export function WithRules<R>({ id, rulesVersion, history, current, fromFrozen, children }: WithRulesProps<R>) {
  const older = useOlderRules(id, history.rulesVersion, rulesVersion);
  // The builders are the ruleset's own, fixed for the page's life.
  const rules = useMemo(() => (older?.status === "ready" ? fromFrozen(older.rules) : current), [older]);
  if (older?.status === "loading") return <Loading />;
  if (older?.status === "failed") return <OlderRulesNote version={history.rulesVersion} failed={older.detail} />;
  return <>{children(rules, older !== null)}</>;
}

/** The step shown (the last at first) and the perspective chosen (everything at first) of a replay's `steps`. */
export function useReplayStep<S>(steps: readonly S[]) {
  const [index, setIndex] = useState(() => Math.max(0, steps.length - 1));
  const [perspective, setPerspective] = useState("omniscient");
  const last = steps.length - 1;
  return { step: steps[Math.min(index, last)], last, setIndex, perspective, setPerspective, viewer: perspectiveViewer(perspective) };
}
