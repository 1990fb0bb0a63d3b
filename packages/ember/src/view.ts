/**
 * What each viewer may know (design.md principle 4). EMBER's secrets while a match is live:
 * every unrevealed timing dial (known to its owner only) and the dice seed and RNG state (known
 * to nobody; the seed is revealed when the match ends, the RNG state never, as it would predict
 * the rolls to come).
 */
import { canSee, onlySeats, redactEvent, type EventEnvelope, type SeatId, type Viewer } from "@fogwar/engine";
import type { Timing } from "./data/schema";
import type { EmberEvent, EmberState, UnitId } from "./types";

/** A seat's plan as a viewer sees it: whether it is locked, its commitment, and the dials if visible. */
export interface PlanView {
  readonly locked: boolean;
  readonly commitment: string | null;
  /** Present for the plan's own seat and omniscient viewers only. */
  readonly dials?: Readonly<Record<UnitId, Timing>>;
}

/** A viewer's projection of the match: the state without its secrets. */
export type EmberView = Omit<EmberState, "secret" | "plans"> & {
  readonly plans: Readonly<Record<SeatId, PlanView>>;
  /** The dice seed, once the match has ended (for verification). */
  readonly seed?: string;
};

/** The single definition of what `viewer` may know of `state`. */
export function viewFor(state: EmberState, viewer: Viewer): EmberView {
  const { secret, plans, ...open } = structuredClone(state);
  const planViews: Record<SeatId, PlanView> = {};
  for (const seat of state.seats) {
    const plan = plans[seat];
    const visible = plan?.dials && canSee(onlySeats(seat), viewer);
    planViews[seat] = {
      locked: Boolean(plan?.commitment),
      commitment: plan?.commitment ?? null,
      ...(visible ? { dials: plan.dials as Record<UnitId, Timing> } : {}),
    };
  }
  return {
    ...open,
    plans: planViews,
    ...(state.phase === "finished" ? { seed: secret.seed } : {}),
  };
}

/** What `viewer` sees of an event envelope. */
export function redact(envelope: EventEnvelope<EmberEvent>, viewer: Viewer): EmberEvent | null {
  return redactEvent(envelope, viewer);
}
