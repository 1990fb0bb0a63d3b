/**
 * Helpers for Siege tests: standard setups, bot playouts, and a builder that brings a match to a
 * chosen point by commands (every state in the tests is reached through `apply`).
 */
import { autoplay, Match } from "@fogwar/engine";
import { siege, siegeBotPolicy, type SiegeCommand, type SiegeSetup, type SiegeState } from "../src";

/** One seat a team. */
export const SETUP_1V1: SiegeSetup = { mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } };
/** Two seats a team (seed 004 teams; 2 v 2). */
export const SETUP_2V2: SiegeSetup = { mission: "ledger", teams: { attack: ["a1", "a2"], defence: ["d1", "d2"] } };

/** A whole bot match. */
export function playout(seed: string, botSeed: string, setup: SiegeSetup = SETUP_1V1) {
  return autoplay(siege, setup, seed, botSeed, { policy: siegeBotPolicy, maxCommands: 20_000 });
}

/** Applies commands in order, failing loudly on a refusal. */
export function run(state: SiegeState, steps: [string, SiegeCommand][]): SiegeState {
  let s = state;
  for (const [seat, cmd] of steps) {
    const r = siege.apply(s, cmd, seat);
    if (!r.ok) throw new Error(`${seat} ${JSON.stringify(cmd)} refused: ${r.error.code}`);
    s = r.state;
  }
  return s;
}

/** Applies one command and returns the result (for tests of refusals and events). */
export const tryApply = (state: SiegeState, seat: string, cmd: SiegeCommand) => siege.apply(state, cmd, seat);

export const ATTACK_PICK: SiegeCommand = { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { breach_charge: 1, drone: 1, frag_grenade: 1, flashbang: 1, smoke_grenade: 1 } };
export const DEFENCE_PICK: SiegeCommand = { type: "pick", operators: ["fennel", "keel", "lattice", "quill", "rook"], inventory: { barbed_wire: 1, c4: 2, impact_grenade: 2 } };

/** A fresh 1 v 1 match after both picks. */
export function picked(seed = "test-seed"): SiegeState {
  const s = siege.setup(SETUP_1V1, seed).state;
  return run(s, [["a1", ATTACK_PICK], ["d1", DEFENCE_PICK]]);
}

export { Match };

/** A token placement for {@link ready}: the real token's place and watch, then the decoy's. */
export type TokenPlan = readonly [place: string, watch: { facing: "N" | "E" | "S" | "W" } | { ap: string }];

/** Tokens in the cold store and the galley, facing west: nothing of them is in sight of the north or east. */
export const QUIET = {
  fennel: [["1,4", { facing: "W" }], ["2,4", { facing: "W" }]],
  keel: [["1,5", { facing: "W" }], ["2,5", { facing: "W" }]],
  lattice: [["1,6", { facing: "W" }], ["2,6", { facing: "W" }]],
  quill: [["1,7", { facing: "W" }], ["2,7", { facing: "W" }]],
  rook: [["3,7", { facing: "W" }], ["4,7", { facing: "W" }]],
} as const;

/** Where each operator starts for {@link ready}. */
export interface Scenario {
  readonly seed?: string;
  /** Defence operator -> [real, decoy]; defaults spread the defence along the north-west. */
  readonly tokens?: Partial<Record<string, readonly [TokenPlan, TokenPlan]>>;
  /** Attack operator -> [place, facing or null]; defaults along the south edge (no sight inside). */
  readonly attack?: Partial<Record<string, readonly [string, "N" | "E" | "S" | "W" | null]>>;
  /** Where the barbed wire of the default defence pick goes. */
  readonly wire?: string;
  readonly attackPick?: SiegeCommand;
  readonly defencePick?: SiegeCommand;
  /** Where the other setup gadgets of a custom defence pick go (gadget id -> space). */
  readonly setupGadgets?: Readonly<Record<string, string>>;
}

const DEFAULT_TOKENS: Record<string, readonly [TokenPlan, TokenPlan]> = {
  fennel: [["1,1", { facing: "S" }], ["3,1", { facing: "S" }]],
  keel: [["4,1", { facing: "S" }], ["5,1", { facing: "S" }]],
  lattice: [["1,2", { facing: "E" }], ["3,2", { facing: "E" }]],
  quill: [["4,2", { facing: "S" }], ["5,2", { facing: "S" }]],
  rook: [["1,3", { facing: "E" }], ["3,3", { facing: "E" }]],
};
const DEFAULT_ATTACK: Record<string, readonly [string, "N" | "E" | "S" | "W" | null]> = {
  auger: ["0,9", null],
  bulwark: ["1,9", null],
  cinder: ["2,9", null],
  haze: ["3,9", null],
  lantern: ["5,9", null],
};

/**
 * A 1 v 1 match brought to round 1, attack phase 1, by commands: both picks, the barbed wire,
 * each defence operator's real token then its decoy, and the attack deployment.
 */
export function ready(sc: Scenario = {}): SiegeState {
  let s = siege.setup(SETUP_1V1, sc.seed ?? "scenario-seed").state;
  s = run(s, [["a1", sc.attackPick ?? ATTACK_PICK], ["d1", sc.defencePick ?? DEFENCE_PICK]]);
  if (s.setupGadgets.barbed_wire) s = run(s, [["d1", { type: "place_gadget", gadget: "barbed_wire", at: sc.wire ?? "1,8" }]]);
  for (const [gadget, at] of Object.entries(sc.setupGadgets ?? {})) s = run(s, [["d1", { type: "place_gadget", gadget, at }]]);
  const tokens = { ...DEFAULT_TOKENS, ...sc.tokens };
  for (const op of Object.keys(s.operators).filter((o) => s.operators[o]!.team === "defence")) {
    const [real, decoy] = tokens[op]!;
    s = run(s, [
      ["d1", { type: "place_token", operator: op, at: real[0], watch: real[1], real: true }],
      ["d1", { type: "place_token", operator: op, at: decoy[0], watch: decoy[1], real: false }],
    ]);
  }
  s = run(s, [["d1", { type: "end_setup" }]]);
  const attack = { ...DEFAULT_ATTACK, ...sc.attack };
  for (const op of Object.keys(s.operators).filter((o) => s.operators[o]!.team === "attack")) {
    const [at, facing] = attack[op]!;
    s = run(s, [["a1", { type: "deploy", operator: op, at, facing }]]);
  }
  return s;
}

/** The id of the token of `op` at `place`. */
export function tokenAt(s: SiegeState, op: string, place: string): string {
  const t = s.tokens.find((x) => x.operator === op && x.at === place);
  if (!t) throw new Error(`no token of ${op} at ${place}`);
  return t.id;
}

/** A copy of the state where every hidden operator's real token is swapped with its decoy. */
export function swapReal(s: SiegeState): SiegeState {
  const out = structuredClone(s);
  for (const [op, real] of Object.entries(out.hidden.real)) {
    const other = out.tokens.find((t) => t.operator === op && t.id !== real);
    if (other) out.hidden.real[op] = other.id;
  }
  return out;
}

/** Rook's real token in the roof loft holding the access point 1,1 (its decoy at 4,7); the other defence tokens {@link QUIET}. */
const ROOK_HOLDS = { ...QUIET, rook: [["up:loft", { ap: "1,1" }], ["4,7", { facing: "W" }]] } as const;

/**
 * Seed 004 "경계" 상층부: Haze climbs to the loft from the blue access point 11,5 (spotting Rook's
 * token there, so Rook is revealed) and watches 1,1, which Rook's token holds: the defence is asked
 * whether to contest (pending `contest`).
 */
export function hazeContestsRook(seed: string): SiegeState {
  return run(ready({ seed, tokens: ROOK_HOLDS, wire: "6,8", attack: { haze: ["11,5", null] } }), [
    ["a1", { type: "activate", operator: "haze" }],
    ["a1", { type: "step", operator: "haze", to: "up:loft" }],
    ["a1", { type: "watch", operator: "haze", watches: [{ ap: "1,1" }] }],
  ]);
}

/**
 * The other way round: in the defence's phase Haze holds 1,1 from the loft (set by hand, Rook's
 * loft token no longer watching it); the defence reveals Rook, which watches 1,1: the attack is
 * asked (pending `contest`).
 */
export function rookContestsHaze(seed: string): SiegeState {
  let s = run(ready({ seed, tokens: ROOK_HOLDS, wire: "6,8" }), [
    ["a1", { type: "activate", operator: "auger" }],
    ["a1", { type: "end_activation", operator: "auger" }],
    ["a1", { type: "end_phase" }],
  ]);
  s = structuredClone(s);
  s.operators.haze!.at = "up:loft";
  s.operators.haze!.watch = { ap: "1,1" };
  s.tokens.find((t) => t.at === "up:loft")!.watch = null;
  return run(s, [
    ["d1", { type: "activate", operator: "rook" }],
    ["d1", { type: "reveal", operator: "rook" }],
    ["d1", { type: "watch", operator: "rook", watches: [{ ap: "1,1" }] }],
  ]);
}
