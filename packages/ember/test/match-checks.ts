/**
 * EMBER's rules checks over a seeded bot match (properties.test.ts): the counters that show they
 * were not vacuous, rules helpers written from the seeds (so they do not share the code under
 * test), the commands a seat that is not awaited might send, and the per-match checker.
 */
import { canonicalJson, inBounds, verifyCommitment, verifySeed, type Match, type Random, type SeatId } from "@fogwar/engine";
import type { Problems } from "@fogwar/engine/testing";
import { TIMINGS, catalog, ember, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState, type EmberView, type MechState, type Timing } from "../src";
import type { EmberStep } from "./secrets";

type EmberMatch = Match<EmberSetup, EmberState, EmberCommand, EmberEvent, EmberView>;

/** Counters that show the checks were not vacuous. */
export const seen = {
  commands: 0,
  activations: 0,
  linkRerolls: 0,
  destroyedUnits: 0,
  openedPlans: 0,
  roundsOrdered: 0,
  tiedGroups: 0,
  /** Common actions (seed 000 2) the bots took, by id. */
  commonActions: new Set<string>(),
  parryOffers: 0,
  /** Designation abilities used and left unused (seed 000 1.2.1). */
  designationsUsed: 0,
  designationsUnused: 0,
  /** Cancellations chosen among several ways (seed 000 1.2.1). */
  cancellationsChosen: 0,
  /** EW dice rerolled with link (seed 000 4, 5.2). */
  ewRerolls: 0,
  linkSpends: 0,
  launches: 0,
  interceptions: 0,
  blasts: 0,
  smokePlaced: 0,
  smokeRemoved: 0,
  /** Automaton actions taken (seed 000 1.2.1) and blasts on vulnerable terrain (seed 000 1.5.2). */
  automatons: 0,
  terrainBlasts: 0,
  terrainDamaged: 0,
};

// ---------------------------------------------------------------------------------------------
// Rules helpers, written here from the seeds so they do not share the code under test.

const timingNumber = (t: Timing) => TIMINGS.indexOf(t) + 1;

export function initiative(state: EmberState, unitId: string, timing: Timing): number {
  const unit = state.units.find((u) => u.id === unitId) as MechState;
  const pilot = catalog.pilots.get(unit.pilotId);
  if (!pilot) throw new Error(`no pilot ${unit.pilotId}`);
  return pilot.initiative[timingNumber(timing) - 1] as number;
}

/**
 * The full activation order of a round from every dial (seed 001 6.1): timing 1 first, then the
 * pilot's initiative for that timing (lower first), then the first player's mech and alternately;
 * one seat's mechs equal in both keep their army-list order (flow.ts, activationOrder).
 */
function expectedOrder(state: EmberState, plans: EmberState["plans"]): { order: string[]; tied: number } {
  const entries: { id: string; owner: SeatId; t: number; ini: number; list: number }[] = [];
  state.units.forEach((u, list) => {
    const dial = u.kind === "mech" ? plans[u.owner]?.dials?.[u.id] : undefined;
    if (dial) entries.push({ id: u.id, owner: u.owner, t: timingNumber(dial), ini: initiative(state, u.id, dial), list });
  });
  const keys = [...new Set(entries.map((e) => e.t * 1000 + e.ini))].sort((a, b) => a - b);
  const order: string[] = [];
  let tied = 0;
  const other = state.seats[0] === state.firstPlayer ? state.seats[1] : state.seats[0];
  for (const key of keys) {
    const group = entries.filter((e) => e.t * 1000 + e.ini === key);
    if (group.length > 1) tied++;
    const first = group.filter((e) => e.owner === state.firstPlayer).sort((a, b) => a.list - b.list);
    const second = group.filter((e) => e.owner === other).sort((a, b) => a.list - b.list);
    while (first.length > 0 || second.length > 0) {
      const a = first.shift();
      if (a) order.push(a.id);
      const b = second.shift();
      if (b) order.push(b.id);
    }
  }
  return { order, tied };
}

/** Whether `sub` appears in `full` in the same relative order. */
function isSubsequence(sub: readonly string[], full: readonly string[]): boolean {
  let i = 0;
  for (const x of full) if (i < sub.length && sub[i] === x) i++;
  return i === sub.length;
}

/** Squares of impassable terrain still standing: destroyed vulnerable terrain is rubble, open to units (seed 000 1.5.2). */
function impassable(state: EmberState): Set<string> {
  const scenario = catalog.scenarios.get(state.scenario);
  if (!scenario) throw new Error(`unknown scenario ${state.scenario}`);
  const standing = scenario.terrain.filter((t) => t.impassable && state.terrainDamage?.[t.id] !== "destroyed");
  return new Set(standing.flatMap((t) => t.squares.map(([x, y]) => `${x},${y}`)));
}

/**
 * Commands a seat that is not awaited might send about its own units or the awaited seat's: all
 * must be rejected (concession excepted, which is always allowed).
 */
export function strangerCommands(state: EmberState, seat: SeatId, awaited: SeatId, pick: Random, listed: readonly EmberCommand[]): EmberCommand[] {
  const out: EmberCommand[] = [{ type: "end_commands" }, { type: "reroll", dice: [] }, { type: "choose_hit_part", part: "torso" }];
  for (let i = 0; i < 3 && listed.length > 0; i++) out.push(pick.pick(listed));
  const mine = state.units.filter((u) => u.owner === seat && !u.destroyed);
  const mechs = mine.filter((u): u is MechState => u.kind === "mech");
  out.push({ type: "lock_plan", dials: Object.fromEntries(mechs.filter((m) => m.deployed).map((m) => [m.id, "tactical" as Timing])) });
  for (const m of mechs) {
    out.push({ type: "end_activation", unit: m.id }, { type: "set_stance", unit: m.id, stance: m.stance === "MOB" ? "DEF" : "MOB" });
    if (m.at) out.push({ type: "manoeuvre", unit: m.id, to: m.at, facing: m.facing === "N" ? "S" : "N" });
    out.push({ type: "reboot", unit: m.id, stance: "DEF" });
    out.push({ type: "act", unit: m.id, part: "torso", action: "recover" });
  }
  for (const u of mine.filter((x) => !x.deployed)) out.push({ type: "deploy", unit: u.id, at: { x: 5, y: 5 }, facing: "N" });
  const drone = mine.find((u) => u.kind === "drone" && u.at);
  if (mechs[0] && drone?.at) {
    out.push({ type: "command_drone", mech: mechs[0].id, drone: drone.id, order: { kind: "move", to: drone.at, facing: "N" } });
  }
  return out.map((c) => JSON.parse(JSON.stringify(c)) as EmberCommand);
}

// ---------------------------------------------------------------------------------------------
// One match, checked after every command.

interface RoundRecord {
  round: number;
  activations: { unit: string; timing: Timing; step: number }[];
  plans: EmberState["plans"] | null;
  state: EmberState | null;
  ended: boolean;
  /** Units destroyed when the round ended. */
  gone: Set<string>;
}

/**
 * The rules checks of one match, fed step by step: events in order, the state after each
 * command, and per round (once the match is over) the activation order and the opened plans.
 * Problems go to `problems` by kind (end, destroyed, part, link, ammo, board, tokens, vp, pending,
 * once, order, ties, commitment, launch, smoke, terrain).
 */
export function matchChecker(c: { readonly label: string; readonly setup: EmberSetup; readonly seed: string }, initial: EmberState, problems: Problems) {
  const problem = (kind: string, text: string) => problems.add(kind, text);
  const rounds: RoundRecord[] = [];
  let roundRec: RoundRecord = { round: 0, activations: [], plans: null, state: null, ended: false, gone: new Set() };
  let prev = initial;
  const commitments = new Map<string, string>();
  const opened = new Set<string>();
  const lockedCommands = new Map<string, EmberCommand>();
  const board = catalog.scenarios.get(c.setup.scenario)!.board;
  const rounds0 = catalog.scenarios.get(c.setup.scenario)!.mission.rounds;
  const onCommand = (ctx: EmberStep) => {
    const { step, state } = ctx;
    const seat = ctx.seat!;
    const command = ctx.command!;
    seen.commands++;
    const at = `${c.label} step ${step} (${seat} ${JSON.stringify(command)})`;
    const events = ctx.events.map((e) => e.event);
    if (command.type === "lock_plan") lockedCommands.set(`${state.round}:${seat}`, command);
    if (command.type === "choose_cancellation") seen.cancellationsChosen++;

    // Events in order: destroyed units and parts never act again; link rerolls keep link >= 1.
    const gone = new Set(prev.units.filter((u) => u.destroyed).map((u) => u.id));
    const broken = new Set(
      prev.units.flatMap((u) => (u.kind === "mech" ? Object.entries(u.parts).filter(([, p]) => p.destroyed).map(([s]) => `${u.id}:${s}`) : [])),
    );
    let round = prev.round;
    for (const event of events) {
      if (event.type === "projectile_launched" || event.type === "drone_launched") seen.launches++;
      if (event.type === "interception") seen.interceptions++;
      if (event.type === "attack_declared" && event.mode === "blast") seen.blasts++;
      if (event.type === "smoke_placed") seen.smokePlaced++;
      if (event.type === "smoke_removed") seen.smokeRemoved++;
      if (event.type === "drone_commanded" && event.order === "automaton") seen.automatons++;
      if (event.type === "terrain_attacked") seen.terrainBlasts++;
      if (event.type === "terrain_damaged") seen.terrainDamaged++;
      switch (event.type) {
        case "round_started":
          roundRec.ended = true;
          roundRec.gone = new Set(gone);
          rounds.push(roundRec);
          round = event.round;
          roundRec = { round, activations: [], plans: null, state: null, ended: false, gone: new Set() };
          break;
        case "unit_destroyed":
          gone.add(event.unit);
          seen.destroyedUnits++;
          break;
        case "part_destroyed":
          broken.add(`${event.unit}:${event.part}`);
          break;
        case "action_taken":
          if (catalog.commonActions.has(event.action)) seen.commonActions.add(event.action);
          if (gone.has(event.unit)) problem("destroyed", `${at}: destroyed ${event.unit} takes action ${event.action}`);
          if (event.part !== null && broken.has(`${event.unit}:${event.part}`)) {
            problem("part", `${at}: ${event.unit} uses ${event.action} of its destroyed ${event.part}`);
          }
          break;
        case "unit_moved":
          if (gone.has(event.unit)) problem("destroyed", `${at}: destroyed ${event.unit} moves`);
          break;
        case "activation_started":
          seen.activations++;
          if (gone.has(event.unit)) problem("destroyed", `${at}: destroyed ${event.unit} activates`);
          if (roundRec.activations.some((a) => a.unit === event.unit)) {
            problem("once", `${at}: ${event.unit} activates a second time in round ${round}`);
          }
          roundRec.activations.push({ unit: event.unit, timing: event.timing, step });
          break;
        case "link_changed": {
          const unit = state.units.find((u) => u.id === event.unit) as MechState;
          if (event.link < 0 || event.link > unit.linkMax) problem("link", `${at}: link_changed to ${event.link} (max ${unit.linkMax})`);
          if (event.reason === "reroll") {
            seen.linkRerolls++;
            if (event.link < 1) problem("link", `${at}: a link reroll spends ${event.unit}'s link to ${event.link} (seed 000 4)`);
          }
          if (event.reason === "spend") {
            seen.linkSpends++;
            if (event.link < 1) problem("link", `${at}: an action spends ${event.unit}'s link to ${event.link} (seed 000 4)`);
          }
          break;
        }
        case "parry_declared":
          seen.parryOffers++;
          break;
        case "designation_used":
          if (event.used) seen.designationsUsed++;
          else seen.designationsUnused++;
          break;
        case "ew_rerolled":
          seen.ewRerolls++;
          break;
        case "ammo_spent":
          if (event.left < 0) problem("ammo", `${at}: ${event.unit} ${event.action} has ${event.left} ammo (seed 000 7)`);
          break;
        case "plan_locked":
          commitments.set(`${round}:${event.seat}`, event.commitment);
          break;
        case "plan_opened": {
          const key = `${round}:${event.seat}`;
          const commitment = commitments.get(key);
          seen.openedPlans++;
          opened.add(key);
          if (!commitment) problem("commitment", `${at}: plan_opened for ${key} without a plan_locked`);
          else if (!verifyCommitment(commitment, event.dials, event.salt)) problem("commitment", `${at}: plan_opened ${key} does not open its commitment`);
          const sent = lockedCommands.get(key);
          if (sent?.type === "lock_plan" && canonicalJson(sent.dials) !== canonicalJson(event.dials)) {
            problem("commitment", `${at}: plan_opened ${key} shows ${JSON.stringify(event.dials)}, the seat locked ${JSON.stringify(sent.dials)}`);
          }
          break;
        }
        case "match_ended":
          if (event.seed !== c.seed || !verifySeed(state.seedCommitment, event.seed)) {
            problem("commitment", `${at}: the match_ended seed does not open the seed commitment`);
          }
          break;
      }
    }
    if (state.phase === "action" && state.round === roundRec.round && !roundRec.plans) {
      roundRec.plans = structuredClone(state.plans);
      roundRec.state = state;
    }
    for (const a of roundRec.activations) {
      const owner = state.units.find((u) => u.id === a.unit)?.owner as SeatId;
      const dial = roundRec.plans?.[owner]?.dials?.[a.unit];
      if (a.step === step && dial !== a.timing) problem("once", `${at}: ${a.unit} activates at ${a.timing}, its dial says ${dial}`);
    }

    // The state after the command.
    if (state.round > rounds0) problem("end", `${at}: round ${state.round} beyond the mission's ${rounds0}`);
    const squares = new Set<string>();
    for (const u of state.units) {
      if (u.destroyed && u.at !== null) problem("destroyed", `${at}: destroyed ${u.id} still stands at ${JSON.stringify(u.at)}`);
      if (u.kind === "mech") {
        if (!Number.isInteger(u.link) || u.link < 0 || u.link > u.linkMax) problem("link", `${at}: ${u.id} link ${u.link} outside [0, ${u.linkMax}]`);
        if (u.link === 0 && u.stance !== "SHUTDOWN") problem("link", `${at}: ${u.id} has link 0 in stance ${u.stance} (seed 000 1.2.3, 4)`);
        if (u.commandTokens < 0) problem("tokens", `${at}: ${u.id} has ${u.commandTokens} command tokens`);
      }
      if (!u.deployed || u.destroyed) continue;
      if (!u.at) {
        problem("board", `${at}: ${u.id} is in play without a square`);
        continue;
      }
      const key = `${u.at.x},${u.at.y}`;
      if (!inBounds(board, u.at)) problem("board", `${at}: ${u.id} off the board at ${key}`);
      if (impassable(state).has(key)) problem("board", `${at}: ${u.id} on impassable terrain at ${key}`);
      if (squares.has(key)) problem("board", `${at}: two units share ${key}`);
      squares.add(key);
    }
    // Projectiles, installations, interception tokens and smoke (seed 000 1.2.3, 1.5, 3, 10).
    const dropPoints = new Set<string>();
    for (const p of state.projectiles) {
      if (p.destroyed !== (p.at === null)) problem("launch", `${at}: projectile ${p.id} destroyed ${p.destroyed} at ${JSON.stringify(p.at)}`);
      if (!p.at) continue;
      const key = `${p.at.x},${p.at.y}`;
      if (!inBounds(board, p.at)) problem("launch", `${at}: projectile ${p.id} off the board at ${key}`);
      if (dropPoints.has(key)) problem("launch", `${at}: two projectiles or installations share ${key}`);
      dropPoints.add(key);
    }
    for (const [key, tokens] of Object.entries(state.interception)) {
      if (!Number.isInteger(tokens) || tokens < 0 || tokens > (prev.interception[key] ?? tokens)) problem("launch", `${at}: interception tokens of ${key} go from ${prev.interception[key]} to ${tokens}`);
    }
    // Vulnerable terrain only goes intact -> damaged -> destroyed, and only vulnerable pieces (seed 000 1.5.2).
    const grade = (d: string | undefined) => (d === "destroyed" ? 2 : d === "damaged" ? 1 : 0);
    for (const [id, damage] of Object.entries(state.terrainDamage ?? {})) {
      const piece = catalog.scenarios.get(state.scenario)?.terrain.find((t) => t.id === id);
      if (!piece?.vulnerable) problem("terrain", `${at}: terrain ${id} is not vulnerable but is ${damage}`);
      if (grade(damage) < grade(prev.terrainDamage?.[id])) problem("terrain", `${at}: terrain ${id} goes from ${prev.terrainDamage?.[id]} back to ${damage}`);
    }
    if (!ember.pending(state) && (state.sequences.length > 0 || state.attack !== null)) problem("launch", `${at}: a launch sequence or an attack is left open with no decision pending`);
    const smokeKeys = new Set<string>();
    for (const card of state.smoke) {
      const key = `${card.owner}:${card.at.x},${card.at.y}`;
      if (smokeKeys.has(key) || !inBounds(board, card.at)) problem("smoke", `${at}: smoke card ${key} doubled or off the board`);
      smokeKeys.add(key);
    }
    for (const s of state.seats) {
      if ((state.vp[s] ?? 0) < (prev.vp[s] ?? 0)) problem("vp", `${at}: ${s}'s victory points fall from ${prev.vp[s]} to ${state.vp[s]}`);
    }
    const awaited = ember.awaiting(state);
    const pending = ember.pending(state);
    if (pending && !(awaited.length === 1 && awaited[0] === pending.seat)) {
      problem("pending", `${at}: pending ${pending.kind} for ${pending.seat} but awaiting ${JSON.stringify(awaited)}`);
    }
    if (state.phase !== "finished" && awaited.length === 0) problem("pending", `${at}: nobody is awaited`);
    if (new Set(state.activated).size !== state.activated.length) problem("once", `${at}: activated lists a mech twice: ${state.activated}`);
    if ((state.phase === "finished") !== (ember.result(state) !== null)) problem("end", `${at}: phase ${state.phase} with result ${JSON.stringify(state.result)}`);

    prev = state;
  };


  /** The per-round checks, once the match is over. */
  const finish = (match: EmberMatch) => {
    roundRec.ended = match.state.result?.reason.startsWith("round_limit") ?? false;
    roundRec.gone = new Set(match.state.units.filter((u) => u.destroyed).map((u) => u.id));
    rounds.push(roundRec);

    // Per round: seed 001 6.1 order, every mech with a dial activates (or is destroyed), plans opened.
    for (const r of rounds) {
      if (r.round === 0 || !r.plans || !r.state) continue;
      const where = `${c.label} round ${r.round}`;
      seen.roundsOrdered++;
      for (let i = 1; i < r.activations.length; i++) {
        const a = r.activations[i - 1]!;
        const b = r.activations[i]!;
        const ta = timingNumber(a.timing);
        const tb = timingNumber(b.timing);
        if (tb < ta) problem("order", `${where} step ${b.step}: ${b.unit} (${b.timing}) activates after ${a.unit} (${a.timing})`);
        else if (ta === tb && initiative(r.state, b.unit, b.timing) < initiative(r.state, a.unit, a.timing)) {
          problem(
            "order",
            `${where} step ${b.step}: at ${b.timing}, ${b.unit} (initiative ${initiative(r.state, b.unit, b.timing)}) ` +
              `activates after ${a.unit} (initiative ${initiative(r.state, a.unit, a.timing)})`,
          );
        }
      }
      const expected = expectedOrder(r.state, r.plans);
      seen.tiedGroups += expected.tied;
      const actual = r.activations.map((a) => a.unit);
      if (!isSubsequence(actual, expected.order)) {
        problem("ties", `${where}: activations ${actual.join(", ")} do not follow ${expected.order.join(", ")} (first player ${r.state.firstPlayer})`);
      }
      if (r.ended) {
        for (const id of expected.order) {
          if (!actual.includes(id) && !r.gone.has(id)) problem("ties", `${where}: ${id} had a dial but never activated`);
        }
        for (const s of c.setup.seats) if (!opened.has(`${r.round}:${s}`)) problem("commitment", `${where}: ${s}'s plan was never opened`);
      }
    }
  };
  return { onCommand, finish };
}
