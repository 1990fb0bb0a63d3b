/**
 * What a seat may send now: the finite commands (`legalCommands`) and the continuous choices
 * (`templates`: every position a move, a deployment, a set-up or a pile-in may take, within
 * bounds, checked exactly by `apply`). The finite list holds, for each continuous choice, a few
 * positions the rules accept (toward the nearest objective and the nearest enemy, formations at
 * fixed anchors), so bots always have legal moves. Both read only what the seat knows, so they are
 * the same on the seat's projection (`legalCommandsInView`, `templatesInView`).
 */
import { canUnlock, type CommandTemplate, type SeatId, type TemplateConstraint } from "@fogwar/engine";
import { catalog, type Ability } from "./data";
import { BATTLEFIELD, abilitiesOf, combatRange, discs, edgeBox, fieldUnits, inCombat, onField, otherSeat, radiusOf, territory, unitsWithin, ws } from "./query";
import { inches, type Box, type Pt } from "./geometry";
import { abilityProblem, candidates, spent } from "./abilities";
import { critOptions, canShootAt, weaponsFor } from "./attack";
import { pickable, picker } from "./combat";
import { checkPlacement, centreOf, formation, furthestToward, reservePlacement, type Placement } from "./moves";
import { suggestFor } from "./suggest";
import { moveOf, permitted } from "./modifiers";
import { moveProblem } from "./actions";
import { returnProblem } from "./answers";
import { COMMANDS } from "./command-actions";
import { undeployed } from "./flow";
import { reactionUses } from "./reactions";
import { alternatives } from "./removal";
import { retreatMoves, retreatPlacement, retreatProblem } from "./retreat";
import { stateFromView, type SigmarView } from "./view";
import type { CommandId, CritKind, SigmarCommand, SigmarState, UnitState } from "./types";

/** Seats the match waits for. */
export function awaiting(s: SigmarState): SeatId[] {
  if (s.phase === "finished") return [];
  if (s.phase === "muster") return s.seats.filter((seat) => s.muster.seats[seat]?.commitment === null);
  if (s.pending) return [s.pending.seat];
  if (s.phase === "deployment") return s.deploying ? [s.deploying] : [];
  if (s.step === "combat") {
    const p = picker(s);
    return p ? [p] : [];
  }
  return s.active ? [s.active] : [];
}

const permutations = (n: number): number[][] => (n <= 1 ? [[0]] : permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)])));

/** Every crit choice for a unit's weapons that have several crit abilities (seed 003 20). */
function critChoices(s: SigmarState, unit: UnitState, kind: "shoot" | "fight", engaged: boolean): (Record<string, CritKind> | undefined)[] {
  let out: Record<string, CritKind>[] = [{}];
  for (const w of weaponsFor(unit, kind, engaged)) {
    const options = critOptions(s, unit, w);
    if (options.length > 1) out = out.flatMap((c) => options.map((o) => ({ ...c, [w.id]: o })));
  }
  return out.map((c) => (Object.keys(c).length ? c : undefined));
}

/** Picks for an ability's targets: each candidate alone, and (up to its count) groups in order and reversed. */
function targetSets(ids: readonly string[], count: number): string[][] {
  const out: string[][] = ids.map((id) => [id]);
  if (count >= 2) for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) out.push([ids[i]!, ids[j]!], [ids[j]!, ids[i]!]);
  if (count >= 3 && ids.length >= 3) out.push([...ids.slice(0, 3)], [...ids.slice(0, 3)].reverse());
  return out;
}

/** Formation anchors (inches) in a box, every 8" across its middle. */
function anchors(box: Box): Pt[] {
  const y = Math.round((box.y0 + box.y1) / 2);
  const out: Pt[] = [];
  for (let x = box.x0 + inches(6); x < box.x1 - inches(2); x += inches(8)) out.push({ x, y });
  return out;
}

/** Formations of `unit` in `areas` that `how` accepts (at most `max`). */
function formations(s: SigmarState, unit: UnitState, areas: readonly Box[], how: Placement, max: number): Pt[][] {
  const out: Pt[][] = [];
  const r = radiusOf(unit);
  for (const area of areas) {
    for (const at of anchors(area)) {
      const to = formation(unit.size, r, at);
      if (checkPlacement(s, unit, to, how) === null) out.push(to);
      if (out.length >= max) return out;
    }
  }
  return out;
}

/** Where a unit heads: the nearest objective and the nearest enemy unit. */
function goals(s: SigmarState, unit: UnitState): Pt[] {
  const c = centreOf(unit.models);
  const d2 = (p: Pt) => (p.x - c.x) ** 2 + (p.y - c.y) ** 2;
  const objectives = catalog.battleplan.objectives.map((o) => ({ x: inches(o.x), y: inches(o.y) })).sort((a, b) => d2(a) - d2(b));
  const enemies = fieldUnits(s, otherSeat(s, unit.owner)).map((e) => centreOf(e.models)).sort((a, b) => d2(a) - d2(b));
  return [objectives[0], enemies[0]].filter((p): p is Pt => p !== undefined);
}

/** Translations of the unit toward its goals that `how` accepts (distinct). */
function canonicalMoves(s: SigmarState, unit: UnitState, max: number, how: Placement): Pt[][] {
  const out = new Map<string, Pt[]>();
  for (const g of goals(s, unit)) {
    const to = furthestToward(s, unit, g, max, how);
    if (to) out.set(JSON.stringify(to), to);
  }
  return [...out.values()];
}

const here = (unit: UnitState): Pt[] => unit.models.map((m) => ({ x: m.x, y: m.y }));

/** Twelve directions, as thousandths (integers, so every engine computes the same positions). */
const CLOCK: readonly (readonly [number, number])[] = [[1000, 0], [866, 500], [500, 866], [0, 1000], [-500, 866], [-866, 500], [-1000, 0], [-866, -500], [-500, -866], [0, -1000], [500, -866], [866, -500]];

/** Models to return to a unit, one at a time beside its earlier models (seed 003 22), as many as fit up to `count`. */
export function greedyReturn(s: SigmarState, unit: UnitState, count: number): Pt[] {
  const r = radiusOf(unit);
  const placed: Pt[] = [];
  const step = 2 * r + inches(0.2);
  for (let k = 0; k < count; k++) {
    let found: Pt | null = null;
    for (const m of unit.models) {
      for (const [cx, cy] of CLOCK) {
        if (found) break;
        const p = { x: m.x + Math.trunc((step * cx) / 1000), y: m.y + Math.trunc((step * cy) / 1000) };
        if (returnProblem(s, unit, [...placed, p], count) === null) found = p;
      }
      if (found) break;
    }
    if (!found) break;
    placed.push(found);
  }
  return placed;
}

/** Ability uses open to `seat` now (activated 'can' abilities of its units whose timing fits). */
function abilityUses(s: SigmarState, seat: SeatId): SigmarCommand[] {
  const out: SigmarCommand[] = [];
  for (const unit of fieldUnits(s, seat)) {
    for (const a of abilitiesOf(unit) as Ability[]) {
      if (a.kind !== "activated" || a.mode !== "can") continue;
      const sets = !a.targets || a.targets.side === "self" ? [[]] : targetSets(candidates(s, seat, unit, a.targets), a.targets.count ?? 1);
      for (const targets of sets) if (abilityProblem(s, seat, unit.id, a.id, targets, false) === null) out.push({ type: "use_ability", unit: unit.id, ability: a.id, targets });
    }
  }
  return out;
}

/** Cards `seat` may play (its turn, one per turn) and core commands it may use (while it is awaited). */
function cardsAndCommands(s: SigmarState, seat: SeatId): SigmarCommand[] {
  const out: SigmarCommand[] = [];
  if (s.active === seat && !spent(s, { id: "tactic", once: { per: "turn" } }, seat, null)) {
    for (const card of new Set(s.hands[seat] ?? [])) {
      const def = catalog.tactics.get(card)!;
      for (const id of candidates(s, seat, null, def.targets)) out.push({ type: "play_card", card, targets: [id] });
    }
  }
  if ((s.cp[seat] ?? 0) >= 1) {
    for (const command of Object.keys(COMMANDS) as CommandId[]) {
      if (spent(s, { id: command, once: { per: "phase", army: true } }, seat, null)) continue;
      for (const unit of fieldUnits(s, seat)) out.push({ type: "command", command, unit: unit.id });
    }
  }
  return out;
}

/** Fights a unit may make now: each enemy in combat range (no pile-in), and after a pile-in toward each enemy near it. */
function fights(s: SigmarState, unit: UnitState): SigmarCommand[] {
  const out: SigmarCommand[] = [];
  for (const target of fieldUnits(s, otherSeat(s, unit.owner))) {
    const crits = critChoices(s, unit, "fight", true);
    if (unitsWithin(unit, target, combatRange())) for (const c of crits) out.push({ type: "fight", unit: unit.id, target: target.id, ...(c ? { crits: c } : {}) });
    else if (unitsWithin(unit, target, combatRange() + inches(catalog.rules.pileIn))) {
      const to = furthestToward(s, unit, centreOf(target.models), inches(catalog.rules.pileIn), { kind: "pile_in", max: inches(catalog.rules.pileIn) });
      if (to && to.some((p) => discs(target).some((t) => (p.x - t.x) ** 2 + (p.y - t.y) ** 2 <= (combatRange() + radiusOf(unit) + t.r) ** 2))) {
        for (const c of crits) out.push({ type: "fight", unit: unit.id, target: target.id, models: to, ...(c ? { crits: c } : {}) });
      }
    }
  }
  return out;
}

/**
 * The lists already computed for a state (states are never changed once made: `apply` works on a
 * copy), so `templates` and repeated asks for the same state cost one computation.
 */
const computed = new WeakMap<SigmarState, Map<SeatId, SigmarCommand[]>>();

/** Every command `seat` may send now (see the module comment). Treat the list as read-only. */
export function legalCommands(s: SigmarState, seat: SeatId): SigmarCommand[] {
  let byState = computed.get(s);
  if (!byState) computed.set(s, (byState = new Map()));
  let list = byState.get(seat);
  if (!list) byState.set(seat, (list = computeLegal(s, seat)));
  return list;
}

function computeLegal(s: SigmarState, seat: SeatId): SigmarCommand[] {
  if (s.phase === "finished" || !s.seats.includes(seat)) return [];
  if (s.phase === "muster") {
    const mine = s.muster.seats[seat];
    if (!mine) return [];
    if (mine.commitment === null) return catalog.armies.map((army) => ({ type: "lock_army", army }));
    return s.seats.some((x) => s.muster.seats[x]?.commitment === null) && canUnlock(mine, s.muster.revealed) ? [{ type: "unlock_army" }] : [];
  }
  if (!awaiting(s).includes(seat)) return [];
  const p = s.pending;
  if (p) {
    const unit = "unit" in p ? s.units[p.unit] : undefined;
    switch (p.kind) {
      case "run_move": {
        const max = moveOf(s, unit!) + inches(p.roll);
        const how = { kind: "run" as const, max };
        const stay = checkPlacement(s, unit!, here(unit!), how) === null ? [here(unit!)] : [];
        return [...[...stay, ...canonicalMoves(s, unit!, max, how)].map((models) => ({ type: "place" as const, models })), { type: "decline" }];
      }
      case "charge_move": {
        const target = s.units[p.target]!;
        const to = suggestFor(s, unit!, { kind: "charge", max: inches(p.roll), target: p.target }, centreOf(target.models));
        return [...(to ? [{ type: "place" as const, models: to }] : []), { type: "decline" }];
      }
      case "place_models": {
        const to = greedyReturn(s, unit!, p.count);
        return [...(to.length ? [{ type: "place" as const, models: to }] : []), { type: "decline" }];
      }
      case "replacement": {
        const fresh = { ...unit!, id: `${unit!.id}x`, size: p.count, models: [], where: "reserve" as const };
        const how = replacementPlacement(unit!);
        return [...formations(s, fresh, [edgeBox(seat, how.depth)], how, 2).map((models) => ({ type: "place" as const, models })), { type: "decline" }];
      }
      case "riposte":
        return [...fights(s, unit!).filter((c) => c.type === "fight" && c.unit === p.unit && !c.models), { type: "decline" }];
      case "must_target":
        return p.options.map((id) => ({ type: "use_ability", unit: p.unit, ability: p.ability, targets: [id] }));
      case "order_neutral":
      case "order_effects":
        return permutations(p.items.length).map((order) => ({ type: "order", order }));
      case "priority":
        return [{ type: "order", order: [0, 1] }, { type: "order", order: [1, 0] }];
      case "phase_window":
        return [...abilityUses(s, seat), ...reactionUses(s, seat), { type: "decline" }];
      case "rally": {
        const to = greedyReturn(s, unit!, p.returnable);
        return [...(to.length ? [{ type: "place" as const, models: to }] : []), { type: "decline" }];
      }
      case "retreat_move": {
        const how = retreatPlacement(s, unit!);
        const stay = checkPlacement(s, unit!, here(unit!), how) === null ? [here(unit!)] : [];
        return [...[...stay, ...retreatMoves(s, unit!)].map((models) => ({ type: "place" as const, models })), { type: "decline" }];
      }
      case "remove_models": {
        // Core C8: the suggestion first (the default), then choices differing from it by one model.
        const hold = s.removals.find((r) => r.unit === p.unit);
        const picks = hold ? [[...p.suggested], ...alternatives(s, hold, 4)] : [[...p.suggested]];
        return picks.map((models) => ({ type: "remove_models" as const, models }));
      }
    }
  }
  if (s.phase === "deployment") {
    return undeployed(s, seat).flatMap((u) => formations(s, u, [territory(seat)], { kind: "deploy" }, 3).map((models) => ({ type: "deploy" as const, unit: u.id, models })));
  }
  const out: SigmarCommand[] = [...abilityUses(s, seat), ...cardsAndCommands(s, seat)];
  const mine = fieldUnits(s, seat);
  switch (s.step) {
    case "movement":
      for (const u of mine) {
        // Core C5: a unit in combat may retreat instead.
        if (retreatProblem(s, u) === null) out.push({ type: "retreat", unit: u.id });
        if (moveProblem(s, u) !== null) continue;
        for (const models of canonicalMoves(s, u, moveOf(s, u), { kind: "move", max: moveOf(s, u) })) out.push({ type: "move", unit: u.id, models });
        if (permitted(s, u, "run")) out.push({ type: "run", unit: u.id });
      }
      for (const u of Object.values(s.units).filter((x) => x.owner === seat && x.where === "reserve").sort((a, b) => (a.id < b.id ? -1 : 1))) {
        for (const models of formations(s, u, reserveAreas(), reservePlacement(), 2)) out.push({ type: "set_up", unit: u.id, models });
      }
      break;
    case "shooting":
      for (const u of mine) {
        if (u.did.shot || u.did.retreated || !permitted(s, u, "shoot")) continue;
        const engaged = inCombat(s, u);
        if (weaponsFor(u, "shoot", engaged).length === 0) continue;
        for (const t of fieldUnits(s, otherSeat(s, seat))) {
          if (canShootAt(s, u, t, engaged) !== "ok") continue;
          for (const c of critChoices(s, u, "shoot", engaged)) out.push({ type: "shoot", unit: u.id, target: t.id, ...(c ? { crits: c } : {}) });
        }
      }
      break;
    case "charge":
      for (const u of mine) {
        if (u.did.charged || u.did.triedCharge || u.did.retreated || inCombat(s, u) || !permitted(s, u, "charge")) continue;
        for (const t of fieldUnits(s, otherSeat(s, seat))) if (unitsWithin(u, t, inches(catalog.rules.chargeReach))) out.push({ type: "charge", unit: u.id, target: t.id });
      }
      break;
    case "combat":
      for (const u of pickable(s, seat)) {
        out.push(...fights(s, u));
        out.push({ type: "pass_fight", unit: u.id });
      }
      return out;
  }
  out.push({ type: "end_phase" });
  return out;
}

const reserveAreas = (): Box[] => {
  const d = inches(catalog.rules.reserveEdge);
  return [edgeBox("p1", d), edgeBox("p2", d)];
};
const replacementPlacement = (unit: UnitState): Extract<Placement, { kind: "set_up" }> => {
  const e = ws(unit).abilities.find((a) => a.trigger === "destroyed")?.effects.find((x) => x.kind === "replacement");
  return { kind: "set_up", edge: "own", depth: inches(e?.kind === "replacement" ? e.edge : 6), away: inches(catalog.rules.reserveEnemyDistance) };
};

/** The constraints `apply` enforces on a placement, described for clients. */
function constraintsOf(how: Placement): TemplateConstraint[] {
  const c: TemplateConstraint[] = [
    { kind: "coherency", inches: catalog.rules.coherency, large: catalog.rules.coherencyLarge },
    { kind: "no_overlap" },
  ];
  if ("max" in how) c.push({ kind: "max_move", units: how.max });
  if (how.kind === "move" || how.kind === "run" || how.kind === "retreat") c.push({ kind: "outside_combat_range", inches: catalog.rules.combatRange });
  if (how.kind === "charge") c.push({ kind: "end_within", inches: 1, of: how.target });
  if (how.kind === "pile_in") c.push({ kind: "no_farther_from_nearest_enemy" });
  if (how.kind === "set_up") c.push({ kind: "wholly_within_edge", inches: how.depth / 100, edge: how.edge }, { kind: "away_from_enemies", inches: how.away / 100 });
  return c;
}

const clampBox = (b: Box): Box => ({ x0: Math.max(BATTLEFIELD.x0, b.x0), y0: Math.max(BATTLEFIELD.y0, b.y0), x1: Math.min(BATTLEFIELD.x1, b.x1), y1: Math.min(BATTLEFIELD.y1, b.y1) });

/** A template over `points` at `path` (each model in `boxOf(i)`), with `command` as its default. */
function template(command: SigmarCommand, path: string, count: number, boxOf: (i: number) => Box, how: Placement, rule: string): CommandTemplate<SigmarCommand> {
  return {
    // Its own object: a template's default is never one of the listed commands by identity.
    command: { ...command },
    params: Array.from({ length: count }, (_, i) => {
      const b = clampBox(boxOf(i));
      return { path: [path, i], kind: "point" as const, min: { x: b.x0, y: b.y0 }, max: { x: b.x1, y: b.y1 } };
    }),
    constraints: constraintsOf(how),
    rule,
  };
}

const around = (p: Pt, d: number): Box => ({ x0: p.x - d, y0: p.y - d, x1: p.x + d, y1: p.y + d });

/** The continuous choices of `seat` now, each with a default the rules accept. */
export function templates(s: SigmarState, seat: SeatId): CommandTemplate<SigmarCommand>[] {
  if (s.phase === "finished" || s.phase === "muster" || !awaiting(s).includes(seat)) return [];
  const out: CommandTemplate<SigmarCommand>[] = [];
  const legal = legalCommands(s, seat);
  const p = s.pending;
  if (p) {
    const first = legal.find((c) => c.type === "place");
    if (!first || first.type !== "place") return [];
    if (!("unit" in p)) return [];
    const unit = s.units[p.unit]!;
    if (p.kind === "retreat_move") return [template(first, "models", first.models.length, (i) => around(unit.models[i]!, p.max), retreatPlacement(s, unit), "core C5")];
    if (p.kind === "run_move") return [template(first, "models", first.models.length, (i) => around(unit.models[i]!, moveOf(s, unit) + inches(p.roll)), { kind: "run", max: moveOf(s, unit) + inches(p.roll) }, "core C5")];
    if (p.kind === "charge_move") return [template(first, "models", first.models.length, (i) => around(unit.models[i]!, inches(p.roll)), { kind: "charge", max: inches(p.roll), target: p.target }, "core C6")];
    if (p.kind === "place_models" || p.kind === "rally") return [template(first, "models", first.models.length, () => BATTLEFIELD, reservePlacement(), "003_3dcb36e83a2444ba.txt 22")];
    if (p.kind === "replacement") return [template(first, "models", first.models.length, () => BATTLEFIELD, replacementPlacement(unit), "003_3dcb36e83a2444ba.txt 24.2")];
    return [];
  }
  const seen = new Set<string>();
  for (const c of legal) {
    if (c.type === "deploy" && !seen.has(c.unit)) {
      seen.add(c.unit);
      out.push(template(c, "models", c.models.length, () => territory(seat), { kind: "deploy" }, "core C3"));
    }
    if (c.type === "set_up" && !seen.has(c.unit)) {
      seen.add(c.unit);
      out.push(template(c, "models", c.models.length, () => BATTLEFIELD, reservePlacement(), "003_3dcb36e83a2444ba.txt 24"));
    }
    if (c.type === "move" && !seen.has(c.unit)) {
      seen.add(c.unit);
      const unit = s.units[c.unit]!;
      out.push(template(c, "models", c.models.length, (i) => around(unit.models[i]!, moveOf(s, unit)), { kind: "move", max: moveOf(s, unit) }, "core C5"));
    }
    if (c.type === "fight" && !seen.has(`${c.unit}>${c.target}`)) {
      // A pile-in (up to 3") before fighting: any positions the rules accept, whether or not the target is in range yet.
      seen.add(`${c.unit}>${c.target}`);
      const unit = s.units[c.unit]!;
      const how = { kind: "pile_in" as const, max: inches(catalog.rules.pileIn) };
      const base = c.models ? c : checkPlacement(s, unit, here(unit), how) === null ? { ...c, models: here(unit) } : null;
      if (base) out.push(template(base, "models", unit.models.length, (i) => around(unit.models[i]!, how.max), how, "core C7"));
    }
  }
  return out;
}

/** `legalCommands` from a seat's own projection. */
export const legalCommandsInView = (view: SigmarView, seat: SeatId): SigmarCommand[] => legalCommands(stateFromView(view), seat);
/** `templates` from a seat's own projection. */
export const templatesInView = (view: SigmarView, seat: SeatId): CommandTemplate<SigmarCommand>[] => templates(stateFromView(view), seat);

export { onField };
