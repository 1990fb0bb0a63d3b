/**
 * What each viewer may know (design.md principle 4). EMBER's secrets while a match is live:
 * every unrevealed timing dial (known to its owner only, and in a 2 v 2 battle to the owner's
 * team), every unrevealed secondary mission (the same), and the dice seed and RNG state (known
 * to nobody; the seed is revealed when the match ends, the RNG state never, as it would predict
 * the rolls to come).
 */
import { canSee, clonePlain, musterView, omniscient, redactEvent, spectator, type EventEnvelope, type MusterView, type SeatId, type TeamOf, type Viewer } from "@fogwar/engine";
import { sideAudience } from "./context";
import type { ArmyList, Timing } from "./data/schema";
import type { EmberEvent, EmberState, UnitId } from "./types";

/** A seat's plan as a viewer sees it: whether it is locked, its commitment, and the dials if visible. */
export interface PlanView {
  readonly locked: boolean;
  readonly commitment: string | null;
  /** Present for the plan's own seat (and its team in 2 v 2) and omniscient viewers only. */
  readonly dials?: Readonly<Record<UnitId, Timing>>;
}

/**
 * A viewer's projection of the match: the state without its secrets. `concealed` holds only the
 * real squares of the viewer's own camouflaged units (with its team's in a 2 v 2 battle; all of
 * them for omniscient viewers and once the match is over, for history review); it is absent when
 * there is none to show.
 */
export type EmberView = Omit<EmberState, "secret" | "plans" | "muster"> & {
  readonly plans: Readonly<Record<SeatId, PlanView>>;
  /**
   * The muster (matches created without lists, seed 001 2): every seat's lock status and
   * commitment; a locked list only for its own side until the reveal, then every list with its salt.
   */
  readonly muster?: MusterView<ArmyList>;
  /** The dice seed, once the match has ended (for verification). */
  readonly seed?: string;
};

/** The team of a seat in a 2 v 2 battle, for team audiences (undefined otherwise). */
export const teamOfSeat = (state: Pick<EmberState, "teams">): TeamOf => (seat) => state.teams?.[seat];

/**
 * Whether `viewer` shares `seat`'s knowledge: the seat itself, its teammates and team viewer in a
 * 2 v 2 battle, and omniscient viewers (seed 001 5: secret from the opponent).
 */
export const knowsSeat = (state: Pick<EmberState, "teams">, seat: SeatId, viewer: Viewer): boolean =>
  canSee(sideAudience(state, seat), viewer, teamOfSeat(state));

/** The single definition of what `viewer` may know of `state` (a copy the caller may change). */
export function viewFor(state: EmberState, viewer: Viewer): EmberView {
  return clonePlain(sharedViewFor(state, viewer));
}

/**
 * {@link viewFor} without the copy (the engine's `sharedViewFor`): what the viewer sees unchanged
 * is `state`'s own objects; only the redacted parts (plans, hidden secondary missions, concealed
 * squares) are new. Read-only.
 */
export function sharedViewFor(state: EmberState, viewer: Viewer): EmberView {
  const { secret, plans, concealed, muster, ...open } = state;
  // Optical camouflage (seed 000 6.2): a real square reaches its owner's side only while the match is live.
  const finished = state.phase === "finished";
  const owners = new Map(state.units.map((u) => [u.id, u.owner]));
  const ownConcealed = Object.fromEntries(
    Object.entries(concealed ?? {}).filter(([id]) => finished || knowsSeat(state, owners.get(id) ?? "", viewer)),
  );
  const planViews: Record<SeatId, PlanView> = {};
  for (const seat of state.seats) {
    const plan = plans[seat];
    const visible = plan?.dials && knowsSeat(state, seat, viewer);
    planViews[seat] = {
      locked: Boolean(plan?.commitment),
      commitment: plan?.commitment ?? null,
      ...(visible ? { dials: plan.dials as Record<UnitId, Timing> } : {}),
    };
  }
  // Secondary missions (seed 001 3.3): the choice is the seat's side's until revealed.
  const prep = open.missionPrep;
  if (prep && !prep.revealed) {
    let secondaries = prep.secondaries;
    for (const seat of state.seats) {
      const secondary = secondaries[seat];
      if (secondary && secondary.choice !== null && !knowsSeat(state, seat, viewer)) secondaries = { ...secondaries, [seat]: { ...secondary, choice: null } };
    }
    if (secondaries !== prep.secondaries) open.missionPrep = { ...prep, secondaries };
  }
  return {
    ...open,
    ...(muster ? { muster: musterView(muster, (seat) => knowsSeat(state, seat, viewer)) } : {}),
    ...(Object.keys(ownConcealed).length > 0 ? { concealed: ownConcealed } : {}),
    plans: planViews,
    ...(state.phase === "finished" ? { seed: secret.seed } : {}),
  };
}

/**
 * What `viewer` sees of an event envelope. A 2 v 2 team's audience names its seats
 * (`sideAudience`), so teammates are recognised without the match state.
 */
export function redact(envelope: EventEnvelope<EmberEvent>, viewer: Viewer): EmberEvent | null {
  return redactEvent(envelope, viewer);
}

/**
 * Whether a secret of the `delayed` state is still a secret in the `live` match, fact by fact:
 * - a plan's dials while the live match holds the same plan (same commitment: its round is on);
 * - secondary missions until the live match has revealed them (seed 001 3.3);
 * - a unit's real square while the unit is still camouflaged in the live match (seed 000 6.2; a
 *   square from an earlier round may still be where the unit is).
 * Nothing of these is secret once the live match is over, but a mustered list is secret for ever
 * unless it is the one its seat played: the live muster revealed with the same commitment
 * (`listHidden`; a draft later unlocked, or a muster the match ended in, is never shown).
 */
const stillSecret = {
  plan: (live: EmberState, seat: SeatId, commitment: string | null | undefined): boolean =>
    live.phase !== "finished" && commitment != null && live.plans[seat]?.commitment === commitment,
  listHidden: (live: EmberState, seat: SeatId, commitment: string | null | undefined): boolean =>
    !(live.muster?.revealed === true && commitment != null && live.muster.seats[seat]?.commitment === commitment),
  secondaries: (live: EmberState): boolean => live.phase !== "finished" && live.missionPrep !== undefined && !live.missionPrep.revealed,
  square: (live: EmberState, unit: UnitId): boolean => live.phase !== "finished" && live.concealed?.[unit] !== undefined,
};

/**
 * The caster feed of a match with a spectator delay (design.md principle 4): the omniscient view
 * of the `delayed` state, less what is still secret in the `live` match ({@link stillSecret}). The
 * delay holds the feed a round or more behind, but secrets outlive their round: in round 0 the
 * feed equals the live state (secondary missions being chosen, camouflage just set), and a
 * camouflaged unit that has not moved since is still on its delayed real square. Shapes as
 * {@link viewFor}; the seed only once the match is over. Built like {@link sharedViewFor}: it shares
 * the delayed state's objects, so it is read-only.
 */
export function casterViewFor(delayed: EmberState, live: EmberState): EmberView {
  const full = sharedViewFor(delayed, omniscient);
  // A list the delayed muster holds is shown only when it is the one its seat played.
  const lists = full.muster && delayed.muster ? musterView(delayed.muster, (seat) => !stillSecret.listHidden(live, seat, delayed.muster!.seats[seat]?.commitment)) : full.muster;
  if (live.phase === "finished") return { ...full, ...(lists ? { muster: lists } : {}) };
  const plans: Record<SeatId, PlanView> = {};
  for (const [seat, plan] of Object.entries(full.plans)) {
    plans[seat] = stillSecret.plan(live, seat, plan.commitment) ? { locked: plan.locked, commitment: plan.commitment } : plan;
  }
  const concealed = Object.fromEntries(Object.entries(full.concealed ?? {}).filter(([unit]) => !stillSecret.square(live, unit)));
  const { concealed: _all, missionPrep, muster: _muster, ...rest } = full;
  const prep =
    missionPrep && stillSecret.secondaries(live)
      ? { ...missionPrep, secondaries: Object.fromEntries(Object.entries(missionPrep.secondaries).map(([seat, s]) => [seat, { ...s, choice: null }])) }
      : missionPrep;
  return {
    ...rest,
    ...(lists ? { muster: lists } : {}),
    ...(prep ? { missionPrep: prep } : {}),
    ...(Object.keys(concealed).length > 0 ? { concealed } : {}),
    plans,
  };
}

/**
 * A delayed entry's event on the caster feed, by the rule of {@link casterViewFor}: a plan's dials,
 * a secondary mission's choice and a camouflaged unit's real square only once the live match no
 * longer keeps them secret (else the event as spectators see it); public events as they are;
 * everything once the live match is over, but a locked list only when it is the one its seat
 * played (a draft later unlocked, or a muster the match ended in, is never shown).
 */
export function casterRedact(envelope: EventEnvelope<EmberEvent>, live: EmberState): EmberEvent | null {
  const full = redactEvent(envelope, omniscient);
  if (full?.type === "army_locked" && stillSecret.listHidden(live, full.seat, full.commitment)) return redactEvent(envelope, spectator);
  if (live.phase === "finished" || envelope.audience.kind === "everyone" || full === null) return full;
  const secret =
    (full.type === "plan_locked" && stillSecret.plan(live, full.seat, full.commitment)) ||
    (full.type === "secondary_chosen" && stillSecret.secondaries(live)) ||
    (full.type === "concealment_set" && stillSecret.square(live, full.unit));
  return secret ? redactEvent(envelope, spectator) : full;
}
