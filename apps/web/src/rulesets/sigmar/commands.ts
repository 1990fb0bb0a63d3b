/**
 * The seat's commands in words, and the plans made on the map: a command with every model's
 * position, checked with the shared rules (`apply` on the seat's own projection: the same code the
 * server runs) before it is sent.
 */
import type { CommandTemplate } from "@fogwar/engine";
import { apply, catalog, geometry, moveOf, moves, query, stateFromView, type Pt, type SigmarCommand, type SigmarView } from "@fogwar/sigmar";
import type { MapPlan } from "./SigmarMap";
import { abilityName, unitName, type SigmarWords } from "./words";

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
      return t(view.pending?.kind === "phase_window" ? "controls.passWindow" : view.pending?.kind === "rally" ? "controls.rallyHeal" : "controls.decline");
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
  return { plan: { unit, positions, ...(origin ? { origin } : {}), problem: code ? w.t(`errors.${code}`) : null, radius }, command };
}

/** A formation of `count` models of `unit` around `at`. */
export const formationAt = (view: SigmarView, unit: string, count: number, at: Pt): Pt[] => moves.formation(count, query.radiusOf(view.units[unit]!), at);

/** The ruler's words: the farthest model's distance moved and what is left of `max` (inches). */
export function rulerText(w: SigmarWords, plan: MapPlan, max?: number): string {
  if (!plan.origin) return "";
  const moved = Math.max(...plan.positions.map((p, i) => geometry.lengthInches(plan.origin![i]!, p)));
  return w.t("ruler.moved", { moved: moved.toFixed(1), left: max === undefined ? "-" : Math.max(0, max / 100 - moved).toFixed(1) });
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
