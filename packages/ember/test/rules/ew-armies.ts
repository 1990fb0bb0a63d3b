/**
 * The armies of the electronic warfare and concealment tests (seed 000 5, 6): see ew.test.ts for
 * their EW values, and a helper that brings a chosen mech's action opportunity.
 */
import type { ArmyList, EmberState } from "../../src";
import { must, unit } from "../helpers";

export const RDL_EW: ArmyList = {
  name: "Test RDL EW",
  faction: "RDL",
  units: [
    { kind: "mech", name: "Howler", parts: { torso: "rdl-bastion-torso", chassis: "rdl-ironstep-chassis", left_arm: "rdl-pile-fist", right_arm: "rdl-howler-emitter" }, pilot: "rdl-han-dolseok" },
    { kind: "mech", name: "Smelter", parts: { torso: "rdl-crucible-torso", chassis: "rdl-ironstep-chassis", left_arm: "rdl-cinder-axe", right_arm: "rdl-rivet-repeater" }, pilot: "rdl-greta-marrow" },
    { kind: "drone", drone: "rdl-scrap-tortoise" },
  ],
};

export const UN_EW: ArmyList = {
  name: "Test UN EW",
  faction: "UN",
  units: [
    { kind: "mech", name: "Ghost", parts: { torso: "un-mirage-core", chassis: "un-gyro-striders", left_arm: "un-veil-projector", right_arm: "un-longbow-rail" }, pilot: "un-idris-vell" },
    { kind: "mech", name: "Picket", parts: { torso: "un-lattice-core", chassis: "un-gyro-striders", left_arm: "un-arc-baton", right_arm: "un-volley-carbine" }, pilot: "un-yoon-seoha" },
    { kind: "drone", drone: "un-skylark-spotter" },
  ],
};

export const EW_SETUP = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: RDL_EW, p2: UN_EW } };

/** Ends activations (each by its owner) until `id` has the action opportunity. */
export function until(state: EmberState, id: string): EmberState {
  while (state.activation && state.activation.unit !== id) {
    const active = state.activation.unit;
    state = must(state, unit(state, active).owner, { type: "end_activation", unit: active }).state;
  }
  expect(state.activation?.unit).toBe(id);
  return state;
}

