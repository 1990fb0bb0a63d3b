/**
 * Walking to a square (seed 004 "이동"): the rules move one square per `step` command, so a tap on a
 * square further away sends the walk the rules' `reachableSquares` found as successive steps, each
 * only once the one before it is applied (the view shows the walker on its square and the feed has
 * its event). The walk stops at once when anything but the move happened (a reaction asked of the
 * other team or of this one, barbed wire, a camera's ping, an enemy spotted, a claymore, the
 * activation ending), when a step is refused (the table's notice), when the next step is no longer
 * among the seat's legal commands, or when the player presses Stop. A walk that stopped by itself
 * (not by Stop, not refused) says where it stopped and what happened there, until the next move or
 * activation, or its walker going down.
 */
import { useEffect, useState } from "react";
import { canonicalJson } from "@fogwar/engine";
import type { SiegeCommand, SiegeEvent, SiegeView, StepCommand } from "@fogwar/siege";
import type { EventBatch } from "../../table/view-props";

/** A walk under way: its steps, how many are sent, and the feed's last batch when the last one was sent. */
interface Walk {
  readonly path: readonly StepCommand[];
  readonly sent: number;
  readonly seq: number;
}

/** A walk that stopped on its way: where it was going, where it stopped, and what stopped it. */
export interface WalkStop {
  readonly operator: string;
  /** The square the walk was going to, and the square its walker stands on. */
  readonly to: string;
  readonly at: string | null | undefined;
  /** The steps applied, of the walk's length. */
  readonly n: number;
  readonly total: number;
  /** The events of the last step's batch other than the move itself (a ping, a reveal, a reaction asked...). */
  readonly events: readonly SiegeEvent[];
  /** The feed's batch it stopped at. */
  readonly seq: number;
}

/** Where the walker of `step` stands in `view`: its model's square, or its token's. */
const standing = (view: SiegeView, step: StepCommand) => (step.token !== undefined ? view.tokens.find((t) => t.id === step.token)?.at : view.operators[step.operator]?.at);

/** Whether a batch of events is the step's move alone (its watch ending with it). */
const onlyMoved = (events: readonly SiegeEvent[], step: StepCommand) =>
  events.length > 0 && events.every((e) => (e.type === "moved" || e.type === "watch_ended") && e.operator === step.operator);

/** The walk in progress and how to start and stop one. */
export interface Walking {
  /** The step being sent or applied (1-based) and the walk's length; null when no walk is under way. */
  readonly progress: { readonly n: number; readonly total: number } | null;
  /** Sends the walk's first step. */
  readonly start: (path: readonly StepCommand[]) => void;
  /** Sends no more steps (one already sent may still be applied). */
  readonly stop: () => void;
  /** The last walk that stopped on its way, until a later batch moves or activates an operator; else null. */
  readonly stopped: WalkStop | null;
}

/** Whether a batch moves or activates an operator, or takes down `walker` (a walk's stop is old news after it). */
const movesOn = (events: readonly SiegeEvent[], walker: string) => events.some((e) => e.type === "moved" || e.type === "activated" || (e.type === "died" && e.operator === walker));

/** Drives a walk on the table of `view` (see the module comment). */
export function useWalk(view: SiegeView, legal: readonly SiegeCommand[], events: readonly EventBatch<SiegeEvent>[], notice: string | null | undefined, onCommand: (c: SiegeCommand) => void): Walking {
  const [walk, setWalk] = useState<Walk | null>(null);
  const [stop, setStop] = useState<WalkStop | null>(null);
  const last = events[events.length - 1];
  const seq = last?.seq ?? -1;
  /** Ends the walk `w` after `n` applied steps because of the last batch's other events. */
  const interrupted = (w: Walk, n: number) => {
    const step = w.path[w.sent - 1]!;
    const others = (last?.events ?? []).filter((e) => !((e.type === "moved" || e.type === "watch_ended") && e.operator === step.operator));
    setWalk(null);
    setStop({ operator: step.operator, to: w.path[w.path.length - 1]!.to, at: standing(view, step), n, total: w.path.length, events: others, seq });
  };
  useEffect(() => {
    if (!walk) return;
    if (notice) return setWalk(null);
    const step = walk.path[walk.sent - 1]!;
    // Not applied yet: the feed has no new batch, or the view does not show the walker there yet.
    if (seq === walk.seq || standing(view, step) !== step.to) {
      if (seq !== walk.seq && !onlyMoved(last?.events ?? [], step)) interrupted(walk, walk.sent - 1);
      return;
    }
    const next = walk.path[walk.sent];
    if (!next) return setWalk(null);
    const quiet = onlyMoved(last?.events ?? [], step) && view.pending === null && view.activation?.operator === step.operator;
    if (!quiet || !legal.some((c) => canonicalJson(c) === canonicalJson(next))) return interrupted(walk, walk.sent);
    setWalk({ path: walk.path, sent: walk.sent + 1, seq });
    onCommand(next);
  }, [walk, seq, last, notice, view, legal, onCommand]);
  return {
    progress: walk ? { n: walk.sent, total: walk.path.length } : null,
    start: (path) => {
      if (path.length === 0) return;
      setStop(null);
      setWalk({ path, sent: 1, seq });
      onCommand(path[0]!);
    },
    stop: () => setWalk(null),
    stopped: stop && !walk && !events.some((b) => b.seq > stop.seq && movesOn(b.events, stop.operator)) ? stop : null,
  };
}
