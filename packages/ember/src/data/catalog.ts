/**
 * The catalog of EMBER's sample data: the data indexed by id, with the references and
 * combinations between files checked (what the schema, ./schema.ts, cannot see).
 */
import { z } from "zod";
import { DataError, indexById } from "@fogwar/engine";
import { EmberData, type Action, type CommonAction, type Drone, type Part, type Pilot, type ProjectileCard, type Scenario } from "./schema";

/**
 * Indexes over the validated data, by id.
 */
export interface EmberCatalog {
  readonly data: EmberData;
  readonly parts: ReadonlyMap<string, Part>;
  readonly pilots: ReadonlyMap<string, Pilot>;
  readonly drones: ReadonlyMap<string, Drone>;
  /** Projectile and installation cards (seed 000 1.5). */
  readonly projectiles: ReadonlyMap<string, ProjectileCard>;
  readonly scenarios: ReadonlyMap<string, Scenario>;
  /** The common actions of every mech, by action id (seed 000 2). */
  readonly commonActions: ReadonlyMap<string, CommonAction>;
}

/**
 * Validates raw data (the shape of ./sources.ts `authoredData()`) and builds the catalog.
 * @throws DataError listing the first problems found.
 */
export function buildCatalog(raw: unknown): EmberCatalog {
  const parsed = EmberData.safeParse(raw);
  if (!parsed.success) throw new DataError(`invalid EMBER data: ${z.prettifyError(parsed.error)}`);
  return indexCatalog(parsed.data);
}

/**
 * Builds the catalog of data the schema has read already: indexes it by id and checks the
 * references and combinations the schema cannot see.
 * @throws DataError naming the first broken reference.
 */
export function indexCatalog(data: EmberData): EmberCatalog {
  const parts = indexById(data.parts, "part");
  const pilots = indexById(data.pilots, "pilot");
  const drones = indexById(data.drones, "drone");
  const scenarios = indexById(data.scenarios, "scenario");
  const projectiles = indexById(data.projectiles, "projectile");
  indexById(data.loadouts, "loadout");
  const commonActions = new Map(data.commonActions.map((c) => [c.action.id, c] as const));
  if (commonActions.size !== data.commonActions.length) throw new DataError("duplicate common action id");
  for (const card of data.projectiles) {
    const d = card.detonation;
    if (d.seek === "none" && d.blast === "target") {
      throw new DataError(`projectile ${card.id}: a blast on one target needs a seek rule (seed 000 1.5.2)`);
    }
  }
  for (const part of data.parts) {
    const actionIds = new Set<string>();
    for (const action of [...part.actions, ...(part.discarded?.actions ?? [])]) {
      if (commonActions.has(action.id)) throw new DataError(`part ${part.id}: action "${action.id}" has the id of a common action`);
      if (action.charge && action.effect.kind !== "attack") throw new DataError(`part ${part.id}: only attack actions carry a charge`);
    }
    for (const action of part.actions) {
      if (actionIds.has(action.id)) throw new DataError(`part ${part.id}: duplicate action "${action.id}"`);
      actionIds.add(action.id);
      checkAction(`part ${part.id}`, action, drones, projectiles);
    }
    for (const action of part.actions) {
      // A camouflage action without the silent keyword would end itself at once (seed 000 6.3).
      if (action.effect.kind === "camouflage" && !action.silent) throw new DataError(`part ${part.id}: camouflage action "${action.id}" must be silent`);
    }
    if (part.slot === "chassis" && part.mobility === undefined) {
      throw new DataError(`chassis part ${part.id} needs a mobility`);
    }
  }
  // A resupply names an ammo kind some action uses (seed 000 7).
  const ammoKinds = new Set(
    [...data.parts.flatMap((p) => [...p.actions, ...(p.discarded?.actions ?? [])]), ...data.drones.map((d) => d.commandAction)].flatMap((a) => (a.ammo ? [a.ammo.kind] : [])),
  );
  for (const part of data.parts) {
    for (const action of [...part.actions, ...(part.discarded?.actions ?? [])]) {
      if (action.effect.kind === "resupply" && !ammoKinds.has(action.effect.ammo)) {
        throw new DataError(`part ${part.id}: action "${action.id}" resupplies unknown ammo "${action.effect.ammo}"`);
      }
    }
  }
  for (const loadout of data.loadouts) {
    for (const [slot, partId] of Object.entries(loadout.parts)) {
      const part = parts.get(partId);
      if (!part) throw new DataError(`loadout ${loadout.id}: unknown part "${partId}"`);
      if (part.slot !== slot) throw new DataError(`loadout ${loadout.id}: part ${partId} is a ${part.slot}, not a ${slot}`);
      if (part.faction !== loadout.faction) throw new DataError(`loadout ${loadout.id}: part ${partId} is ${part.faction}`);
    }
  }
  for (const scenario of data.scenarios) {
    const { width, height } = scenario.board;
    const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height;
    for (const [side, rect] of Object.entries(scenario.deployment)) {
      if (!inside(rect.x0, rect.y0) || !inside(rect.x1, rect.y1) || rect.x0 > rect.x1 || rect.y0 > rect.y1) {
        throw new DataError(`scenario ${scenario.id}: ${side} deployment zone is off the board`);
      }
    }
    for (const piece of scenario.terrain) {
      for (const [x, y] of piece.squares) {
        if (!inside(x, y)) throw new DataError(`scenario ${scenario.id}: terrain ${piece.id} square ${x},${y} is off the board`);
      }
    }
  }
  for (const drone of data.drones) {
    checkAction(`drone ${drone.id}`, drone.commandAction, drones, projectiles);
    // An automaton action (seed 000 1.2.1) is told apart from the command action by its id.
    if (drone.automaton && drone.automaton.action.id === drone.commandAction.id) {
      throw new DataError(`drone ${drone.id}: the automaton action needs an id of its own`);
    }
  }
  return { data, parts, pilots, drones, projectiles, scenarios, commonActions };
}

/**
 * Checks an action's references and combinations: a launch names exactly one projectile or
 * drone that exists; installs and scatters place installations; interception belongs to shooting
 * actions (seed 000 1.5, 3).
 * @throws DataError naming the action.
 */
function checkAction(
  where: string,
  action: Action,
  drones: ReadonlyMap<string, Drone>,
  projectiles: ReadonlyMap<string, ProjectileCard>,
): void {
  const effect = action.effect;
  if (effect.kind === "attack") {
    if ((effect.interception !== undefined || effect.interceptOnly) && effect.attack !== "shoot") {
      throw new DataError(`${where}: action ${action.id}: interception is a shooting action (seed 000 3)`);
    }
    if (effect.interceptOnly && effect.interception === undefined) {
      throw new DataError(`${where}: action ${action.id}: an interception-only action needs interception X`);
    }
  }
  if (effect.kind !== "launch") return;
  if ((effect.projectile === undefined) === (effect.drone === undefined)) {
    throw new DataError(`${where}: launch ${action.id} names exactly one projectile or drone`);
  }
  if (effect.drone !== undefined && !drones.has(effect.drone)) {
    throw new DataError(`${where}: launch ${action.id}: unknown drone "${effect.drone}"`);
  }
  if (effect.projectile !== undefined) {
    const card = projectiles.get(effect.projectile);
    if (!card) throw new DataError(`${where}: launch ${action.id}: unknown projectile "${effect.projectile}"`);
    const placed = effect.fire === "install" || effect.fire === "scatter";
    if (placed !== (card.kind === "installation")) {
      throw new DataError(`${where}: launch ${action.id}: installs and scatters place installations, fire launches projectiles`);
    }
  }
  if (effect.drone !== undefined && (effect.fire === "install" || effect.fire === "scatter")) {
    throw new DataError(`${where}: launch ${action.id}: a drone is launched by direct or indirect fire`);
  }
}

