/**
 * Plain-English lines for Age of Sigmar events, for the terminal battle log: every roll of an
 * attack sequence, stage by stage, with its modifiers in the order they applied.
 */
import { catalog, type AttackReport, type SigmarEvent, type SigmarState, type StageReport } from "@fogwar/sigmar";

const inch = (n: number) => (n / 100).toFixed(1);
const where = (ps: readonly { x: number; y: number }[]) => (ps[0] ? `(${inch(ps[0].x)}", ${inch(ps[0].y)}")` : "");

/** A unit's name: "Briar Guard (p1-u2)"; a unit the viewer does not know by id only. */
export function unitName(state: SigmarState, id: string): string {
  const u = state.units[id];
  return u ? `${catalog.warscrolls.get(u.warscroll)?.name.en ?? u.warscroll} (${id})` : id;
}

const mods = (s: StageReport) => (s.mods.length ? ` [${s.mods.map((m) => `${m.source} ${m.value > 0 ? "+" : ""}${m.value}`).join(", ")}]` : "");
const rolls = (s: StageReport) => s.rolls.join(" ") || "-";

/** The lines of one weapon's attacks. */
export function attackLines(r: AttackReport): string[] {
  const weapon = [...catalog.warscrolls.values()].flatMap((w) => w.weapons).find((w) => w.id === r.weapon)?.name.en ?? r.weapon;
  return [
    `    ${weapon}: ${r.models} model(s), ${r.attacks} attack(s)${r.attackRolls.length ? ` (rolled ${r.attackRolls.join(" ")})` : ""}${r.crit ? `, crit ${r.crit}` : ""}`,
    `      hit ${r.hit.need}+${mods(r.hit)}: ${rolls(r.hit)} -> ${r.hit.passed} hit(s), ${r.hit.crits} critical`,
    `      wound ${r.wound.need}+${mods(r.wound)}: ${rolls(r.wound)} -> ${r.wound.passed} wound(s)${r.wound.auto ? ` (${r.wound.auto} automatic)` : ""}`,
    `      save ${r.save.need}+ against rend ${r.rend}${mods(r.save)}: ${rolls(r.save)} -> ${r.save.passed} saved`,
    `      damage${r.damageRolls.length ? ` (rolled ${r.damageRolls.join(" ")})` : ""}${r.mortal ? `, ${r.mortal} mortal` : ""}${r.ward ? `, ward ${r.ward.need}+: ${rolls(r.ward)}` : ""} -> ${r.dealt} dealt, ${r.slain} slain`,
  ];
}

/** The line(s) for an event, or null for events not worth a line. */
export function describe(event: SigmarEvent, state: SigmarState): string | null {
  const u = (id: string) => unitName(state, id);
  switch (event.type) {
    case "seed_committed":
      return `Dice seed committed: ${event.commitment.slice(0, 12)}...`;
    case "army_locked":
      return event.army ? `${event.seat} locks ${event.army.name}: ${event.army.units.map((x) => `${x.warscroll}${x.reserve ? " (reserve)" : ""}`).join(", ")}` : `${event.seat} locks a list (commitment ${event.commitment.slice(0, 12)}...)`;
    case "army_unlocked":
      return `${event.seat} unlocks its list`;
    case "armies_revealed":
      return Object.entries(event.armies).map(([seat, a]) => `${seat} reveals ${a.name ? `${a.name} ` : ""}(${a.faction}): ${a.units.map((x) => x.warscroll).join(", ")}; ${a.reserves} unit(s) in reserve`).join("\n");
    case "deployed":
      return `  ${event.seat} deploys ${u(event.unit)} at ${where(event.models)}`;
    case "cards_drawn":
      return event.cards ? `  ${event.seat} draws ${event.cards.join(", ")}` : `  ${event.seat} draws ${event.count} card(s)`;
    case "round_started":
      return `\n=== Battle round ${event.round} === priority ${Object.entries(event.rolls).map(([s, n]) => `${s} ${n}`).join(", ")}: ${event.first} goes first`;
    case "reserves_destroyed":
      return `Reserves not set up are destroyed: ${event.units.map((x) => `${x.warscroll} (${x.id})`).join(", ")}`;
    case "turn_started":
      return `-- Turn ${event.turn}: ${event.seat}`;
    case "phase_started":
      return `   ${event.phase} phase`;
    case "neutral_order":
      return `   ${event.seat} orders the standing stones: ${event.order.join(", ")}`;
    case "moved":
      return `    ${u(event.unit)} ${event.kind === "pile_in" ? "piles in" : event.kind === "charge" ? "charges" : event.kind === "run" ? "runs" : event.kind === "retreat" ? "retreats" : "moves"} to ${where(event.models)}`;
    case "retreat_declared":
      return `    ${u(event.unit)} retreats from combat: ${event.roll} mortal damage (D3)`;
    case "run_rolled":
      return `    ${u(event.unit)} runs: +${event.roll}"`;
    case "set_up":
      return `    ${u(event.unit)} is set up at ${where(event.models)}${event.replacementOf ? ` replacing ${event.replacementOf}` : event.salt ? " from reserve" : ""}`;
    case "charge_rolled":
      return `    ${u(event.unit)} charges ${u(event.target)}: ${event.dice.join("+")} = ${event.roll}"`;
    case "charge_failed":
      return `    ${u(event.unit)}'s charge fails`;
    case "attacks":
      return [`    ${u(event.unit)} ${event.kind === "shoot" ? "shoots" : "fights"} ${u(event.target)}`, ...event.reports.flatMap(attackLines)].join("\n");
    case "mortal_damage":
      return `    ${u(event.unit)} suffers ${event.amount} mortal damage (${event.source})${event.ward ? `, ward ${event.ward.rolls.join(" ")}` : ""}: ${event.dealt} dealt, ${event.slain} slain`;
    case "unit_destroyed":
      return `    ${u(event.unit)} is destroyed`;
    case "models_removed":
      return `    ${u(event.unit)} removes ${event.models.length} slain model(s)${event.chosen ? ", chosen by its owner" : ""}: ${event.models.join(", ")}`;
    case "fight_picked":
      return null;
    case "fight_declined":
      return `    ${u(event.unit)} does not fight`;
    case "ability_used":
      // A card's use is reported by its card_played line.
      if (event.unit === null && catalog.tactics.has(event.ability)) return null;
      return `    ${event.unit ? u(event.unit) : event.seat} uses ${event.ability}${event.targets.length ? ` on ${event.targets.map(u).join(", ")}` : ""}${event.noEffect ? " (no effect)" : ""}`;
    case "ability_roll":
      return `      roll for ${u(event.unit)}: ${event.roll} (${event.success ? "success" : "no effect"})`;
    case "healed":
      return `      ${u(event.unit)} heals ${event.healed} (rolled ${event.roll})`;
    case "models_returned":
      return `      ${event.models.length} model(s) return to ${u(event.unit)}`;
    case "effect_added":
      return null;
    case "token_placed":
      return `      a ${event.kind} token is placed on ${u(event.unit)}`;
    case "token_removed":
      return null;
    case "card_played":
      return `    ${event.seat} plays ${event.card}${event.targets.length ? ` on ${event.targets.map(u).join(", ")}` : ""}`;
    case "command_used":
      return `    ${event.seat} uses ${event.command} on ${u(event.unit)}${event.target ? ` at ${u(event.target)}` : ""}`;
    case "rallied":
      return `      ${u(event.unit)} rallies: ${event.dice.join(" ")}: ${event.points} point(s)`;
    case "effects_ordered":
      return `    ${event.seat} orders: ${event.order.join(", ")}`;
    case "scored":
      return `   ${event.seat} holds ${event.objectives.join(", ") || "no objective"}: ${event.vp} VP`;
    case "declined":
      return `    ${event.seat} declines (${event.what})`;
    case "conceded":
      return `${event.seat} concedes`;
    case "match_ended":
      return `\nThe battle is over: ${event.result.winner ? `${event.result.winner} wins` : "a draw"} (${event.result.reason})`;
  }
}
