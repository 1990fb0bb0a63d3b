/**
 * The seat's commands in words, and the plans made on the map: a command with every model's
 * position, checked with the shared rules (`apply` on the seat's own projection: the same code the
 * server runs) before it is sent.
 */
import type { CommandTemplate } from "@fogwar/engine";
import { apply, catalog, geometry, moveOf, moves, paths, query, stateFromView, type Pt, type SigmarCommand, type SigmarView } from "@fogwar/sigmar";
import type { MapPlan } from "./SigmarMap";
import { abilityName, unitName, type SigmarWords } from "./words";

/**
 * The pending decisions whose "decline" has words of its own, saying what declining does there
 * (the charge fails, the run or retreat stays put, no replacement unit is set up: the texts of
 * `pending.<kind>`), instead of a bare "Decline".
 */
const DECLINE_SAYS: ReadonlySet<string> = new Set(["run_move", "charge_move", "place_models", "replacement", "riposte", "retreat_move"]);

/** A command in words (a button's label). */
export function commandText(w: SigmarWords, view: SigmarView, c: SigmarCommand): string {
  const t = w.t;
  const u = (id: string) => unitName(w, view, id);
  const crit = "crits" in c && c.crits ? ` (${Object.values(c.crits).map((k) => t("controls.crit", { crit: t(`crit.${k}`) })).join(", ")})` : "";
  switch (c.type) {
    case "end_phase":
      return t("controls.endPhase", { phase: t(`phase.${view.step}`) });
    case "move":
      return `${t("controls.move")}: ${u(c.unit)}`;
    case "run":
      return `${t("controls.run")}: ${u(c.unit)}`;
    case "shoot":
      return `${u(c.unit)}: ${t("controls.shoot", { target: u(c.target) })}${crit}`;
    case "charge":
      return `${u(c.unit)}: ${t("controls.charge", { target: u(c.target) })}`;
    case "fight":
      return `${u(c.unit)}: ${t(c.models ? "controls.fightPileIn" : "controls.fight", { target: u(c.target) })}${crit}`;
    case "pass_fight":
      return t("controls.pass", { unit: u(c.unit) });
    case "decline":
      return t(view.pending?.kind === "phase_window" ? "controls.passWindow" : view.pending?.kind === "rally" ? "controls.rallyHeal" : view.pending && DECLINE_SAYS.has(view.pending.kind) ? `controls.declineOf.${view.pending.kind}` : "controls.decline");
    case "place":
      return t("controls.place");
    case "set_up":
      return t("controls.setUp", { unit: u(c.unit) });
    case "deploy":
      return u(c.unit);
    case "use_ability":
      return c.targets.length && !(c.targets.length === 1 && c.targets[0] === c.unit)
        ? `${u(c.unit)}: ${t("controls.useOn", { ability: abilityName(w, c.ability), targets: c.targets.map(u).join(" → ") })}`
        : `${u(c.unit)}: ${t("controls.use", { ability: abilityName(w, c.ability) })}`;
    case "play_card":
      return t("controls.play", { card: abilityName(w, c.card), target: c.targets.map(u).join(", ") });
    case "command":
      if (c.target) return t("controls.counterCharge", { command: t(`command.${c.command}`), unit: u(c.unit), target: u(c.target) });
      return t("controls.command", { command: t(`command.${c.command}`), unit: u(c.unit) });
    case "order": {
      const p = view.pending;
      if (p?.kind === "priority") return t("controls.goesFirst", { seat: w.name(p.items[c.order[0]!] ?? "") });
      const items = p && (p.kind === "order_neutral" || p.kind === "order_effects") ? p.items : [];
      return t("controls.order", { order: c.order.map((i) => { const item = items[i]; return typeof item === "string" ? abilityName(w, item) : item ? `${abilityName(w, item.ability)} (${u(item.unit)})` : ""; }).join(" → ") });
    }
    case "lock_army":
      return t("muster.lock");
    case "unlock_army":
      return t("muster.unlock");
    case "concede":
      return t("controls.concede");
    case "retreat":
      return `${t("controls.retreat")}: ${u(c.unit)}`;
    case "remove_models":
      return t("removal.marked", { count: c.models.length });
  }
}

/** Whether `apply` accepts `command` from `seat` on the seat's own projection (null), else the error code. */
export function check(view: SigmarView, seat: string, command: SigmarCommand): string | null {
  try {
    const r = apply(stateFromView(view), command, seat);
    return r.ok ? null : r.error.code;
  } catch {
    // The server decides; a check that cannot run on the seat's projection lets the seat try.
    return null;
  }
}

/** The template that moves `unit` (a pending run, charge or replacement first; then a move, a pile-in, a set-up). */
export function templateFor(templates: readonly CommandTemplate<SigmarCommand>[], unit: string, target?: string): CommandTemplate<SigmarCommand> | undefined {
  const ofUnit = templates.filter((x) => ("unit" in x.command && x.command.unit === unit) || x.command.type === "place");
  return ofUnit.find((x) => x.command.type === "fight" && x.command.target === target) ?? ofUnit[0];
}

/** A plan: the command with `positions`, checked. */
export function planOf(w: SigmarWords, view: SigmarView, seat: string, base: SigmarCommand, unit: string, positions: Pt[], origin?: Pt[]): { plan: MapPlan; command: SigmarCommand } {
  const command = { ...base, models: positions } as SigmarCommand;
  const code = check(view, seat, command);
  const u = view.units[unit];
  const radius = u ? query.radiusOf(u) : 50;
  const walked = origin ? pathsOf(view, base, unit, origin, positions) : undefined;
  return { plan: { unit, positions, ...(origin ? { origin } : {}), ...(walked ?? {}), problem: code ? w.t(`errors.${code}`) : null, radius }, command };
}

/** The kind of move a command makes of its unit's models (core C5-C7), from the pending step first; null: none (a set-up, a deployment). */
export function moveKindOf(view: SigmarView, command: SigmarCommand): moves.MoveKind | null {
  const p = view.pending;
  if (p?.kind === "run_move") return "run";
  if (p?.kind === "charge_move") return "charge";
  if (p?.kind === "retreat_move") return "retreat";
  if (command.type === "fight") return "pile_in";
  if (command.type === "move") return "move";
  return null;
}

/** Far enough for any path on the battlefield (fine units): the ruler shows a path too long as well. */
const ANY_LENGTH = 1e7;

/**
 * The path each model walks from `origin[i]` to `positions[i]` (fine units), as the rules measure
 * it (core C5, packages/sigmar/src/paths.ts): straight when clear, else the shortest path round
 * terrain and the bases it may not cross, on the seat's own projection; a straight line when no
 * path exists (the plan is refused then, and says why). `moved` is the longest (fine units).
 * Undefined when the command moves no models along paths.
 */
export function pathsOf(view: SigmarView, command: SigmarCommand, unit: string, origin: readonly Pt[], positions: readonly Pt[]): { paths: Pt[][]; moved: number } | undefined {
  const kind = moveKindOf(view, command);
  if (!kind) return undefined;
  try {
    const state = stateFromView(view);
    const u = state.units[unit];
    if (!u) return undefined;
    const p = view.pending;
    const how = kind === "charge" && p?.kind === "charge_move" ? { kind, max: ANY_LENGTH, target: p.target } : { kind, max: ANY_LENGTH };
    const o = moves.obstaclesFor(moves.boardOf(state, u, how as moves.Placement), kind);
    const r = query.radiusOf(u);
    let moved = 0;
    const walked = positions.map((to, i) => {
      const from = origin[i];
      if (!from) return [to];
      const straight = Math.hypot(to.x - from.x, to.y - from.y);
      const path = straight === 0 || paths.legClear(from, to, r, o) ? null : paths.shortestPath(from, to, r, o, ANY_LENGTH);
      moved = Math.max(moved, path ? path.length : straight);
      return path ? [...path.points] : [from, to];
    });
    return { paths: walked, moved };
  } catch {
    // A projection the check cannot rebuild: the straight lines stand.
    return undefined;
  }
}

/** A formation of `count` models of `unit` around `at`. */
export const formationAt = (view: SigmarView, unit: string, count: number, at: Pt): Pt[] => moves.formation(count, query.radiusOf(view.units[unit]!), at);

/**
 * The ruler's readout, one sentence: for a move, the farthest model's distance moved (along its
 * path, as the rules measure it, inches) and what is left of `max` (fine units, 1/100 inch), then
 * whether the plan is allowed ("2.0" moved, 4.0" left — allowed"); for a set-up (no origin: a
 * deployment, a reserve arriving) whether the placement is allowed; a refused plan says why.
 */
export function rulerText(w: SigmarWords, plan: MapPlan, max?: number): string {
  const verdict = plan.origin ? (plan.problem ? w.t("ruler.illegal", { reason: plan.problem }) : w.t("ruler.legal")) : plan.problem ? w.t("ruler.placementIllegal", { reason: plan.problem }) : w.t("ruler.placementLegal");
  if (!plan.origin) return verdict;
  const moved = plan.moved !== undefined ? plan.moved / 100 : Math.max(...plan.positions.map((p, i) => geometry.lengthInches(plan.origin![i]!, p)));
  return w.t("ruler.line", { moved: w.t("ruler.moved", { moved: moved.toFixed(1), left: max === undefined ? "-" : Math.max(0, max / 100 - moved).toFixed(1) }), verdict });
}

/** The longest move a plan's command allows (fine units), for the ruler. */
export function maxFor(view: SigmarView, command: SigmarCommand, unit: string): number | undefined {
  const u = view.units[unit];
  if (!u) return undefined;
  const state = stateFromView(view);
  const p = view.pending;
  if (p?.kind === "run_move") return moveOf(state, state.units[unit]!) + p.roll * 100;
  if (p?.kind === "charge_move") return p.roll * 100;
  if (p?.kind === "retreat_move") return p.max;
  if (command.type === "fight") return catalog.rules.pileIn * 100;
  if (command.type === "move") return moveOf(state, state.units[unit]!);
  return undefined;
}
