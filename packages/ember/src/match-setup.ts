/**
 * Creating a match (seed 001 2-3): the units from the army lists, the starting state, the checks
 * of a setup (scenario, seats, 2 v 2 teams), and the first-player roll (seed 001 3.2) that leads
 * to the side choice.
 */
import { rngStateFromSeed, type SeatId, seedCommitment } from "@fogwar/engine";
import { validateArmy } from "./army";
import { droneCard } from "./query";
import { Ctx } from "./context";
import { catalog } from "./data";
import type { Face } from "./data/schema";
import { firstPlayerLights } from "./dice";
import { initialInterceptionTokens } from "./interception";
import { startingAmmo } from "./resources";
import type { DroneState, EmberSetup, EmberState, MechState, Side, UnitState } from "./types";
import { RULES_VERSION } from "./version";

/** The seed file of game flow, quoted in rules. */
const S001 = "001_f556d9be58b12b7c.txt";

/** A part as it enters play: undamaged, with one ammo token per ammo icon (seed 000 7). */
function partState(partId: string): MechState["parts"]["torso"] {
  const part = catalog.parts.get(partId);
  const ammo = part ? startingAmmo(part) : undefined;
  return { partId, damaged: false, destroyed: false, ...(ammo ? { ammo } : {}) };
}

/**
 * Builds units from the army lists. Mech ids are `<seat>-m<n>`, drone ids `<seat>-d<n>` (n from 1,
 * in list order); every pilot starts at full link (seed 000 4).
 */
function unitsFromArmies(setup: EmberSetup): UnitState[] {
  const units: UnitState[] = [];
  for (const seat of setup.seats) {
    const army = setup.armies?.[seat];
    if (!army) throw new Error(`no army for seat ${seat}`);
    let mechs = 0;
    let drones = 0;
    for (const unit of army.units) {
      if (unit.kind === "mech") {
        mechs++;
        const pilot = catalog.pilots.get(unit.pilot);
        if (!pilot) throw new Error(`unknown pilot ${unit.pilot}`);
        const mech: MechState = {
          kind: "mech",
          id: `${seat}-m${mechs}`,
          owner: seat,
          name: unit.name ?? `Mech ${mechs}`,
          pilotId: pilot.id,
          parts: {
            torso: partState(unit.parts.torso),
            chassis: partState(unit.parts.chassis),
            left_arm: partState(unit.parts.left_arm),
            right_arm: partState(unit.parts.right_arm),
          },
          link: pilot.linkMax,
          linkMax: pilot.linkMax,
          stance: "OFF",
          at: null,
          facing: "N",
          deployed: false,
          destroyed: false,
          commandTokens: 0,
        };
        units.push(mech);
      } else {
        drones++;
        const card = droneCard(unit.drone);
        const drone: DroneState = {
          kind: "drone",
          id: `${seat}-d${drones}`,
          owner: seat,
          name: card.name.en,
          droneId: card.id,
          damaged: false,
          at: null,
          facing: "N",
          deployed: false,
          destroyed: false,
          commanded: false,
        };
        units.push(drone);
      }
    }
  }
  return units;
}

/**
 * The state every EMBER match starts from before its first roll (seed 001 3): the checked
 * scenario, seats, teams and options, the secret seed, round 0, no plans, no victory points.
 * `fields` gives what differs between a match created with lists and one waiting for its muster:
 * the phase, each seat's faction and army name, the units, and the muster record.
 */
export function startingState(
  setup: Omit<EmberSetup, "armies">,
  checked: Pick<ReturnType<typeof checkSetup>, "scenario" | "seats" | "teams">,
  seed: string,
  fields: Pick<EmberState, "phase" | "factions" | "armyNames" | "units"> & Partial<Pick<EmberState, "muster">>,
): EmberState {
  const { scenario, seats, teams } = checked;
  return {
    ruleset: "ember",
    rulesVersion: RULES_VERSION,
    scenario: scenario.id,
    options: { progressiveReveal: setup.options?.progressiveReveal ?? false },
    seats,
    ...(teams ? { teams } : {}),
    ...(fields.muster ? { muster: fields.muster } : {}),
    factions: fields.factions,
    armyNames: fields.armyNames,
    secret: { seed, rng: { dice: rngStateFromSeed(seed, "dice") } },
    seedCommitment: seedCommitment(seed),
    phase: fields.phase,
    round: 0,
    firstPlayer: seats[0] as SeatId,
    sides: null,
    units: fields.units,
    turn: null,
    commandsDone: [],
    plans: Object.fromEntries(seats.map((s) => [s, { commitment: null, dials: null }])),
    revealed: {},
    calledTiming: 0,
    activated: [],
    activation: null,
    attack: null,
    pending: null,
    projectiles: [],
    smoke: [],
    interception: {},
    sequences: [],
    roundEnd: null,
    vp: Object.fromEntries(seats.map((s) => [s, 0])),
    result: null,
  };
}

/**
 * Creates a match: validates the setup, builds the units, commits to the dice seed, and rolls for
 * the first player: each seat rolls 2 yellow dice, more [light] results wins, ties are rerolled
 * (seed 001 3.2). The winner then chooses a side.
 * @throws Error when the scenario is unknown, the seats are not two distinct ids, or an army is
 *   invalid for the scenario's battle size (callers validate first and report problems properly).
 */
export function setupMatch(setup: EmberSetup, seed: string): ReturnType<Ctx["finish"]> {
  const { scenario, seats, teams, forces } = checkSetup(setup);
  if (!setup.armies) throw new Error("no army lists (a match without lists starts with the muster)");
  for (const seat of setup.seats) {
    const army = setup.armies[seat];
    if (!army) throw new Error(`no army for seat ${seat}`);
    const problems = validateArmy(army, scenario.battleSize);
    if (problems.length > 0) throw new Error(`invalid army for ${seat}: ${problems.map((p) => p.message).join(" ")}`);
  }
  const state = startingState(setup, { scenario, seats, teams }, seed, {
    phase: "side_choice",
    factions: Object.fromEntries(seats.map((s) => [s, setup.armies![s]!.faction])),
    armyNames: Object.fromEntries(seats.map((s) => [s, setup.armies![s]!.name])),
    units: unitsFromArmies(setup),
  });
  // Interception tokens are placed on the cards at deployment (seed 000 3).
  state.interception = initialInterceptionTokens(state.units);
  const ctx = new Ctx(state);
  const ranked = rollOff(ctx, seats, true, 0);
  const order = teams ? interleaveTeams(ranked, teams) : ranked;
  state.firstPlayer = order[0] as SeatId;
  if (seats.length > 2) {
    state.initiative = order;
    ctx.emit({ type: "initiative_order", order: [...order] });
  }
  state.turn = state.firstPlayer;
  state.pending = {
    seat: state.firstPlayer,
    kind: "choose_side",
    rule: `${S001} 3.2`,
    options: { sides: sidesOf(scenario.deployment, forces) },
  };
  return ctx.finish();
}

/**
 * Checks what a match is created from, lists aside: a known scenario, two to four distinct seats,
 * teams for 2 v 2 only, deployment zones for every side.
 * @throws Error naming the problem.
 */
export function checkSetup(setup: Omit<EmberSetup, "armies">) {
  const scenario = catalog.scenarios.get(setup.scenario);
  if (!scenario) throw new Error(`unknown scenario "${setup.scenario}"`);
  const seats = [...setup.seats];
  const [a, b] = seats;
  if (!a || !b || new Set(seats).size !== seats.length) throw new Error("a match needs two to four distinct seats");
  if (seats.length > 4) throw new Error("a match needs two to four distinct seats");
  const teams = setup.teams ? checkTeams(seats, setup.teams) : undefined;
  const forces = teams ? 2 : seats.length;
  if (forces > sidesOf(scenario.deployment, forces).length) {
    throw new Error(`scenario "${scenario.id}" has deployment zones for two sides only`);
  }
  return { scenario, seats, teams, forces };
}

/**
 * The sides a battle of `forces` sides may choose (seed 001 3.2): black and white for two sides;
 * for three or four, also the scenario's red and blue zones (project decision).
 */
export function sidesOf(deployment: { red?: unknown; blue?: unknown }, forces: number): Side[] {
  const sides: Side[] = ["black", "white"];
  if (forces > 2) {
    if (deployment.red) sides.push("red");
    if (deployment.blue) sides.push("blue");
  }
  return sides;
}

/**
 * Checks a 2 v 2 team map: four seats, each in one of exactly two teams of two (seed 001 6.1).
 * @throws Error naming the problem.
 */
function checkTeams(seats: readonly SeatId[], teams: Readonly<Record<SeatId, string>>): Record<SeatId, string> {
  const out: Record<SeatId, string> = {};
  for (const seat of seats) {
    const team = teams[seat];
    if (typeof team !== "string" || team.length === 0) throw new Error(`seat ${seat} has no team`);
    out[seat] = team;
  }
  const sizes = new Map<string, number>();
  for (const team of Object.values(out)) sizes.set(team, (sizes.get(team) ?? 0) + 1);
  if (seats.length !== 4 || sizes.size !== 2 || [...sizes.values()].some((n) => n !== 2)) {
    throw new Error("teams are for 2 v 2 battles: four seats in two teams of two");
  }
  if (Object.keys(teams).some((seat) => !seats.includes(seat))) throw new Error("a team names a seat that is not in the match");
  return out;
}

/**
 * The first-player roll (seed 001 3.2) extended to any number of seats: every seat of `group`
 * rolls 2 yellow dice; more [light] ranks higher; seats level with each other roll again among
 * themselves until they are ordered. With two seats this is the seed's roll, ties rolled again.
 * `first` marks the roll that decides the first player (its event names the winner).
 * @returns the seats, best first.
 */
function rollOff(ctx: Ctx, group: readonly SeatId[], first: boolean, depth: number): SeatId[] {
  if (depth > 1000) throw new Error("first-player roll did not settle");
  const yellow = catalog.data.dice.yellow;
  const rolls: Record<SeatId, Face[]> = {};
  const lights: Record<SeatId, number> = {};
  for (const seat of group) {
    rolls[seat] = [0, 1].map(() => ({ ...(yellow[ctx.dice.int(0, yellow.length - 1)] as Face) }));
    lights[seat] = firstPlayerLights(rolls[seat]!);
  }
  const levels = [...new Set(Object.values(lights))].sort((x, y) => y - x);
  const top = group.filter((s) => lights[s] === levels[0]);
  const winner = first && top.length === 1 ? (top[0] as SeatId) : null;
  ctx.emit({ type: "first_player_roll", rolls, lights, winner });
  if (levels.length === 1) return rollOff(ctx, group, first, depth + 1);
  const ranked: SeatId[] = [];
  levels.forEach((level, i) => {
    const tied = group.filter((s) => lights[s] === level);
    ranked.push(...(tied.length === 1 ? tied : rollOff(ctx, tied, first && i === 0, depth + 1)));
  });
  return ranked;
}

/**
 * The initiative order of a 2 v 2 battle (project decision, seed 001 6.1): the best roller's
 * team first, then the teams alternate, each time with its best-ranked seat not yet placed.
 */
function interleaveTeams(ranked: readonly SeatId[], teams: Readonly<Record<SeatId, string>>): SeatId[] {
  const order: SeatId[] = [];
  let team = teams[ranked[0] as SeatId];
  while (order.length < ranked.length) {
    const left = ranked.filter((s) => !order.includes(s));
    const next = (left.find((s) => teams[s] === team) ?? left[0]) as SeatId;
    order.push(next);
    team = Object.values(teams).find((t) => t !== teams[next]);
  }
  return order;
}
