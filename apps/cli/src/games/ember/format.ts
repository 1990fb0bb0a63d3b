/**
 * Plain-English lines for EMBER events, for the terminal match log.
 */
import type { EmberEvent, DieResult, EmberState, Face } from "@fogwar/ember";
import { catalog } from "@fogwar/ember";

const faceText = (f: Face): string => `${f.hollow ? "hollow " : ""}${f.count === 2 ? "double " : ""}${f.result}`;
const dice = (ds: readonly DieResult[]): string => ds.map((d) => `${d.die}:${faceText(d.face)}`).join(", ") || "none";
const sq = (s: { x: number; y: number }) => `${"ABCDEFGHIJKL"[s.x]}${s.y + 1}`;

/** A unit's display name: "p1 Ironclad Bulwark (p1-m1)". */
export function unitName(state: EmberState, id: string): string {
  const unit = state.units.find((u) => u.id === id);
  return unit ? `${unit.name} (${id})` : id;
}

/** One line for an event, or null for events not worth a line. */
export function describe(event: EmberEvent, state: EmberState): string | null {
  const u = (id: string) => unitName(state, id);
  switch (event.type) {
    case "first_player_roll":
      return `First-player roll: ${Object.entries(event.lights).map(([s, n]) => `${s} ${n} light`).join(", ")}${event.winner ? ` -> ${event.winner} goes first` : " -> tie, roll again"}`;
    case "side_chosen":
      return `${event.seat} takes the ${event.side} side`;
    case "initiative_order":
      return `Initiative order: ${event.order.join(", ")}`;
    case "secondary_chosen":
      return `${event.seat} chooses a secondary mission${event.secondary ? ` (${event.secondary})` : ""}`;
    case "secondaries_revealed":
      return `Secondary missions revealed: ${Object.entries(event.choices).map(([s, m]) => `${s} ${m}`).join(", ")}`;
    case "objective_placed":
      return `${event.seat} places objective ${event.objective} at ${sq(event.at)}`;
    case "unit_deployed":
      return `  ${u(event.unit)} deploys at ${sq(event.at)} facing ${event.facing}, stance ${event.stance}`;
    case "round_started":
      return `\n=== Round ${event.round} ===`;
    case "phase_started":
      return `-- ${event.phase} phase`;
    case "commands_generated":
      return null;
    case "drone_commanded":
      return `  ${u(event.mech)} commands ${u(event.drone)} to ${event.order === "move" ? "move" : "act"}`;
    case "commands_ended":
      return `  ${event.seat} gives no more commands`;
    case "unit_moved":
      return `  ${u(event.unit)} moves ${sq(event.from)} -> ${sq(event.to)}, facing ${event.facing}`;
    case "plan_locked":
      return event.dials
        ? `  ${event.seat} locks a plan: ${Object.entries(event.dials).map(([id, t]) => `${id}=${t}`).join(", ")} (commitment ${event.commitment.slice(0, 12)}...)`
        : `  ${event.seat} locks a plan (commitment ${event.commitment.slice(0, 12)}...)`;
    case "dials_revealed":
      return `  Dials revealed: ${Object.entries(event.dials).map(([id, t]) => `${u(id)}=${t}`).join(", ")}`;
    case "plan_opened":
      return `  ${event.seat}'s plan opened with its salt (checkable against the commitment)`;
    case "timing_called":
      return `- timing ${event.timing}`;
    case "activation_started":
      return `  > ${u(event.unit)} activates (${event.timing})`;
    case "activation_ended":
      return null;
    case "stance_changed":
      return `    ${u(event.unit)} stance ${event.stance}${event.reason === "choice" ? "" : ` (${event.reason.replace("_", " ")})`}`;
    case "rebooted":
      return `    ${u(event.unit)} reboots, link ${event.link}`;
    case "action_taken": {
      const unit = state.units.find((x) => x.id === event.unit);
      let name = event.action;
      if (unit?.kind === "mech" && event.part) {
        const part = catalog.parts.get(unit.parts[event.part].partId);
        name = part?.actions.find((a) => a.id === event.action)?.name.en ?? part?.discarded?.actions.find((a) => a.id === event.action)?.name.en ?? catalog.commonActions.get(event.action)?.action.name.en ?? event.action;
      }
      return `    ${u(event.unit)} uses ${name}${event.target ? ` on ${u(event.target)}` : ""}`;
    }
    case "attack_declared":
      return `    ${event.chain ? "chain " : ""}${event.mode} attack${event.rear ? " from the rear" : ""}${event.cover.terrain ? ", terrain cover" : ""}${event.cover.unit ? ", unit cover" : ""}`;
    case "part_rolled":
      return `    part die${event.reroll ? " (reroll)" : ""}: ${event.roll}`;
    case "hit_part":
      return `    hit part: ${event.part} (${event.how.replace("_", " ")})`;
    case "dice_rolled":
      return `    ${event.side} dice: ${dice(event.dice)}`;
    case "dice_rerolled":
      return `    ${event.side} reroll of ${event.indices.length} dice: ${dice(event.dice)}`;
    case "dice_replaced":
      return `    ${faceText(event.from)} replaced by ${faceText(event.to)}`;
    case "attack_resolved":
      return `    ${event.damage} damage (${event.cancelledByEvade} evaded, ${event.cancelledByDefend} defended)${event.penetrated ? ", PENETRATION" : ""}`;
    case "part_damaged":
      return `    ${u(event.unit)} ${event.part ?? "unit"} takes a damage token`;
    case "part_destroyed":
      return `    ${u(event.unit)} ${event.part} DESTROYED`;
    case "unit_destroyed":
      return `    ${u(event.unit)} is destroyed (${event.reason.replace("_", " ")})`;
    case "link_changed":
      return `    ${u(event.unit)} link ${event.link} (${event.reason.replace("_", " ")})`;
    case "chain_damage":
      return `    chain damage (${event.keyword}) of ${event.damage} to ${u(event.target)}`;
    case "projectile_launched":
      return `    ${u(event.launcher)} ${event.fire === "install" || event.fire === "scatter" ? "places" : "launches"} ${event.card} (${event.projectile}) at ${sq(event.to)}`;
    case "drone_launched":
      return `    ${u(event.launcher)} launches drone ${u(event.unit)} to ${sq(event.to)}`;
    case "interception":
      return `    ${u(event.interceptor)} intercepts ${u(event.target)} (${event.tokens} tokens left)`;
    case "projectile_detonated":
      return `    ${event.projectile} detonates at ${sq(event.at)}${event.targets.length ? `: ${event.targets.map(u).join(", ")}` : ""}`;
    case "projectile_removed":
      return `    ${event.projectile} removed (${event.reason.replace("_", " ")})`;
    case "smoke_placed":
      return `    ${event.seat} lays smoke on ${event.squares.map(sq).join(", ")}`;
    case "smoke_removed":
      return `  ${event.seat} removes a smoke card at ${sq(event.at)}`;
    case "ew_roll":
      return `    EW roll (${event.purpose.replace(/_/g, " ")}): ${u(event.caster)} ${event.casterLightning} lightning ${event.casterLights} light [${dice(event.casterDice)}] v ${u(event.responder)} ${event.responderLightning} lightning ${event.responderLights} light [${dice(event.responderDice)}] -> ${event.winner} wins`;
    case "ew_rerolled":
      return `    ${u(event.unit)} (${event.side}) spends 1 link to reroll ${event.indices.length} EW dice: [${dice(event.before)}] -> [${dice(event.dice)}]`;
    case "designation_used":
      return `    ${u(event.unit)} ${event.used ? "uses" : "does not use"} ${event.ability === "shield" ? "its shield" : event.ability} to designate the hit part`;
    case "passive_triggered":
      return `    ${u(event.unit)} passive ${event.passive} (on EW success)`;
    case "lo_token":
      return `    ${u(event.unit)} ${event.on ? "gains" : "loses"} a low-observable token (${event.reason.replace("_", " ")})`;
    case "camouflage_on":
      return `    ${u(event.unit)} turns optical camouflage on (concealment ${event.concealment})`;
    case "concealment_set":
      return `    (secret) ${u(event.unit)} is really at ${sq(event.at)}`;
    case "decloaked":
      return `    ${u(event.unit)} decloaks (${event.reason.replace("_", " ")}): marker ${sq(event.from)} -> appears at ${sq(event.to)}`;
    case "attack_failed":
      return `    the attack on ${u(event.defender)} fails (${event.reason.replace("_", " ")})`;
    case "vp_scored":
      return `  ${event.seat} scores ${event.vp} VP${event.zones.length ? ` (zones ${event.zones.join(", ")})` : ""}, total ${event.total}`;
    case "parry_declared":
      return `    ${u(event.unit)} ${event.part ? `declares a parry with ${event.part}${event.contested ? " (if the part die shows it)" : ""}` : "declines to parry"}`;
    case "parry":
      return `    ${u(event.unit)} parries${event.part ? ` with ${event.part}` : ""}: +${event.white} white`;
    case "parry_succeeded":
      return `    parry success`;
    case "dice_changed":
      return `    ${event.by}'s ability: ${event.change > 0 ? "+" : ""}${event.change} ${event.die}`;
    case "dice_set":
      return `    ${event.by}'s ability sets ${event.count} ${event.die} to ${faceText(event.face)}`;
    case "result_triggered":
      return `    uncancelled ${event.on} triggers ${event.effect} on ${u(event.unit)}`;
    case "part_discarded":
      return `    ${u(event.unit)} discards the weapon of its ${event.part}${event.removed.length ? ` (tokens removed: ${event.removed.join(", ")})` : ""}`;
    case "part_charged":
      return `    ${u(event.unit)} charges ${event.action} (${event.part})`;
    case "charge_spent":
      return `    ${u(event.unit)} spends the charge of ${event.action}`;
    case "ammo_spent":
      return `    ${u(event.unit)} ${event.action}: ${event.spent} ammo spent, ${event.left} left`;
    case "ammo_resupplied":
      return `    ${u(event.unit)} ${event.action}: ${event.restored} ammo resupplied, ${event.left} left`;
    case "command_tokens_spent":
      return `    ${u(event.unit)} spends ${event.spent} command token(s), ${event.left} left`;
    case "coordination_granted":
      return `    ${u(event.unit)} may give ${event.commands} coordinated command(s)`;
    case "terrain_attacked":
      return `    ${event.projectile} blasts terrain ${event.terrain}: attack ${dice(event.attackDice)}, defence ${dice(event.defenceDice)}; ${event.damage} damage${event.penetrated ? ", PENETRATION" : ""}`;
    case "army_locked":
      return `${event.seat} locks ${event.army ? `the army list "${event.army.name}"` : "a secret army list"} (commitment ${event.commitment.slice(0, 12)}...)`;
    case "army_unlocked":
      return `${event.seat} unlocks its army list`;
    case "armies_revealed":
      return `Armies revealed: ${Object.entries(event.armies).map(([s, a]) => `${s} "${a.name}"`).join(", ")}`;
    case "terrain_damaged":
      return `    terrain ${event.terrain} ${event.destroyed ? "DESTROYED: rubble" : "takes a damage token"}`;
    case "match_ended":
      return `\n*** ${event.result.winner ? `${event.result.winner} wins` : "Draw"} (${event.result.reason}); VP ${Object.entries(event.result.scores).map(([s, v]) => `${s} ${v}`).join(", ")}\n*** dice seed revealed: ${event.seed}`;
  }
}
