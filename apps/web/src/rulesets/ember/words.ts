/**
 * EMBER events and commands in words (English or Korean through the `table` namespace), for the
 * event log, the attack panel and the fallback list of legal commands.
 */
import type { TFunction } from "i18next";
import { board, catalog, type AttackKeyword, type CancelOption, type DieResult, type EmberCommand, type EmberEvent, type EmberView, type Face, type PartSlot } from "@fogwar/ember";
import { endReason } from "../../table/reason";
import type { SeatNamer } from "../../table/names";
import { localName, objectiveNumber, sampleName, scenarioOf, secondaryName, squareName, unitLabel, unitOf } from "./model";
import { refereeText } from "../../table/clock";
import "../../i18n/table-strings";

export { endReason };

export interface Words {
  readonly t: TFunction<"table">;
  readonly language: string;
  readonly view: EmberView;
  /** Names a seat by its player's name (../table/names.tsx). */
  readonly name: SeatNamer;
}

export function faceWords({ t }: Pick<Words, "t">, face: Face): string {
  let text = t(`face.${face.result}`);
  if (face.count === 2) text = t("face.double", { face: text });
  if (face.hollow) text = t("face.hollow", { face: text });
  return text;
}

export const dieWords = (w: Pick<Words, "t">, d: DieResult): string => `${w.t(`die.${d.die}`)}: ${faceWords(w, d.face)}`;
const diceWords = (w: Words, dice: readonly DieResult[]): string => dice.map((d) => faceWords(w, d.face)).join(", ") || "-";

/**
 * One way the defender may cancel (seed 000 1.2.1), in words: what its [evade]s and [defend]s take,
 * then what follows for the defender (penetration or none, link lost, a forced stance, chain damage).
 */
export function cancelWords(w: Pick<Words, "t">, option: CancelOption): string {
  const { t } = w;
  const results = (["heavy", "light", "eye", "lightning"] as const)
    .filter((r) => option.evade[r] > 0)
    .map((r) => t("decision.cancelResult", { count: option.evade[r], face: t(`face.${r}`) }));
  const parts = [
    ...(results.length > 0 ? [t("decision.cancelEvade", { results: results.join(", ") })] : []),
    ...(option.defend > 0 ? [t("decision.cancelDefend", { results: t("decision.cancelResult", { count: option.defend, face: t("face.light") }) })] : []),
  ];
  const outcome = [
    option.penetrated ? t("decision.outcome.penetration", { count: option.damage }) : t("decision.outcome.noPenetration"),
    ...(option.linkLoss > 0 ? [t("decision.outcome.link", { count: option.linkLoss })] : []),
    ...(option.suppress ? [t("decision.outcome.suppress")] : []),
    ...(option.chain ? [t("decision.outcome.chain", { heavy: option.chain.heavy, light: option.chain.light })] : []),
  ];
  return t("decision.cancelOption", { cancel: parts.length > 0 ? parts.join("; ") : t("decision.cancelNothing"), outcome: outcome.join(", ") });
}

/** The name of an action of a unit (a mech part's action, or a drone's command action). */
export function actionName(w: Words, unitId: string, part: PartSlot | null, actionId: string): string {
  const unit = unitOf(w.view, unitId);
  if (unit?.kind === "mech" && part) {
    const card = catalog.parts.get(unit.parts[part].partId);
    // The part's own action, its discarded card's, or a common action (seed 000 2, 11).
    const action =
      card?.actions.find((a) => a.id === actionId) ??
      card?.discarded?.actions.find((a) => a.id === actionId) ??
      catalog.commonActions.get(actionId)?.action;
    if (action) return localName(action.name, w.language);
  }
  if (unit?.kind === "drone") {
    const card = catalog.drones.get(unit.droneId);
    if (card && card.commandAction.id === actionId) return localName(card.commandAction.name, w.language);
    if (card?.automaton?.action.id === actionId) return localName(card.automaton.action.name, w.language);
  }
  return actionId;
}

/**
 * The name of a blast target that is vulnerable terrain (`terrain:<id>`, seed 000 1.5.2) in the
 * reader's language, or null for a unit id.
 */
export function terrainLabel(w: Pick<Words, "language" | "view">, id: string): string | null {
  const terrainId = board.terrainOfTarget(id);
  if (terrainId === null) return null;
  const piece = scenarioOf(w.view).terrain.find((p) => p.id === terrainId);
  return piece ? localName(piece.name, w.language) : terrainId;
}

/** The name of a projectile or installation card (seed 000 1.5). */
export function projectileName(w: Pick<Words, "language">, cardId: string): string {
  const card = catalog.projectiles.get(cardId);
  return card ? localName(card.name, w.language) : cardId;
}

/** The name of a mech part's passive action (seed 000 5.2 note). */
function passiveName(w: Words, unitId: string, part: PartSlot, passiveId: string): string {
  const unit = unitOf(w.view, unitId);
  const passive = unit?.kind === "mech" ? catalog.parts.get(unit.parts[part].partId)?.passives.find((p) => p.id === passiveId) : undefined;
  return passive ? localName(passive.name, w.language) : passiveId;
}

const dialWords = (w: Words, dials: Readonly<Record<string, string>>): string =>
  Object.entries(dials)
    .map(([id, timing]) => `${unitLabel(w.view, id, w.name, w.language)} ${w.t(`timing.${timing}`)}`)
    .join(", ");

/** One event in words, or null for events not worth a line. */
export function describeEvent(w: Words, event: EmberEvent): string | null {
  const { t } = w;
  const u = (id: string) => terrainLabel(w, id) ?? unitLabel(w.view, id, w.name, w.language);
  // A clock that ran out or a claim (entered by the server, outside the rules).
  const referee = refereeText(t as unknown as Parameters<typeof refereeText>[0], event, w.name);
  if (referee !== null) return referee;
  switch (event.type) {
    case "army_locked":
      return t(event.army ? "log.army_locked_own" : "log.army_locked", { seat: w.name(event.seat), army: sampleName("army", event.army?.name ?? "", w.language) });
    case "army_unlocked":
      return t("log.army_unlocked", { seat: w.name(event.seat) });
    case "armies_revealed":
      return t("log.armies_revealed", { armies: Object.entries(event.armies).map(([seat, army]) => `${w.name(seat)} ${sampleName("army", army.name, w.language)}`).join(", ") });
    case "first_player_roll":
      return t("log.first_player_roll", {
        lights: Object.entries(event.lights).map(([seat, count]) => t("log.lights", { seat: w.name(seat), count })).join(", "),
        winner: event.winner ? t("log.firstWinner", { seat: w.name(event.winner) }) : t("log.firstTie"),
      });
    case "side_chosen":
      return t("log.side_chosen", { seat: w.name(event.seat), side: t(`side.${event.side}`) });
    case "initiative_order":
      return t("log.initiative_order", { order: event.order.map(w.name).join(", ") });
    case "secondary_chosen":
      return event.secondary
        ? t("log.secondary_chosen_own", { seat: w.name(event.seat), secondary: secondaryName(w.view, event.secondary, w.language) })
        : t("log.secondary_chosen", { seat: w.name(event.seat) });
    case "secondaries_revealed":
      return t("log.secondaries_revealed", { choices: Object.entries(event.choices).map(([seat, m]) => `${w.name(seat)} ${secondaryName(w.view, m, w.language)}`).join(", ") });
    case "objective_placed":
      return t("log.objective_placed", { seat: w.name(event.seat), objective: objectiveNumber(event.objective), square: squareName(event.at) });
    case "unit_deployed":
      return t("log.unit_deployed", { unit: u(event.unit), square: squareName(event.at), facing: t(`facing.${event.facing}`), stance: t(`stance.${event.stance}`) });
    case "round_started":
      return t("log.round_started", { round: event.round });
    case "phase_started":
      return t("log.phase_started", { phase: t(`phase.${event.phase}`) });
    case "commands_generated":
      return t("log.commands_generated");
    case "drone_commanded":
      return t("log.drone_commanded", { mech: u(event.mech), drone: u(event.drone), order: t(`log.order.${event.order}`) });
    case "commands_ended":
      return t("log.commands_ended", { seat: w.name(event.seat) });
    case "unit_moved":
      // A manoeuvre that ends on its own square only changes the facing: a turn in place.
      if (squareName(event.from) === squareName(event.to)) return t("log.unit_turned", { unit: u(event.unit), at: squareName(event.to), facing: t(`facing.${event.facing}`) });
      return t("log.unit_moved", { unit: u(event.unit), from: squareName(event.from), to: squareName(event.to), facing: t(`facing.${event.facing}`) });
    case "plan_locked":
      return event.dials
        ? t("log.plan_locked_own", { seat: w.name(event.seat), dials: dialWords(w, event.dials) })
        : t("log.plan_locked", { seat: w.name(event.seat) });
    case "dials_revealed":
      return t("log.dials_revealed", { dials: dialWords(w, event.dials) });
    case "plan_opened":
      return t("log.plan_opened", { seat: w.name(event.seat) });
    case "timing_called":
      return t("log.timing_called", { timing: t(`timing.${event.timing}`) });
    case "activation_started":
      return t("log.activation_started", { unit: u(event.unit), timing: t(`timing.${event.timing}`) });
    case "activation_ended":
      return t("log.activation_ended", { unit: u(event.unit) });
    case "stance_changed":
      return t("log.stance_changed", { unit: u(event.unit), stance: t(`stance.${event.stance}`), why: event.reason === "choice" ? "" : t(`log.stanceReason.${event.reason}`) });
    case "rebooted":
      return t("log.rebooted", { unit: u(event.unit), link: event.link });
    case "action_taken":
      return t("log.action_taken", {
        unit: u(event.unit),
        action: actionName(w, event.unit, event.part, event.action),
        target: event.target ? t("log.onTarget", { unit: u(event.target) }) : "",
      });
    case "attack_declared": {
      const extra = [
        event.chain ? t("attack.chain") : null,
        event.rear ? t("attack.rear") : null,
        event.cover.terrain ? t("attack.coverTerrain") : null,
        event.cover.unit ? t("attack.coverUnit") : null,
      ].filter(Boolean);
      return t("log.attack_declared", { attacker: u(event.attacker), defender: u(event.defender), mode: t(`attack.mode.${event.mode}`), extra: extra.length ? `, ${extra.join(", ")}` : "" });
    }
    case "part_rolled":
      return t("log.part_rolled", { reroll: event.reroll ? t("log.rerollMark") : "", face: t(`partFace.${event.roll}`) });
    case "hit_part":
      return t("log.hit_part", { part: t(`slot.${event.part}`), how: t(`log.how.${event.how}`) });
    case "dice_rolled":
      return t("log.dice_rolled", { side: t(`log.side.${event.side}`), dice: diceWords(w, event.dice) });
    case "dice_rerolled":
      return t("log.dice_rerolled", { side: t(`log.side.${event.side}`), count: event.indices.length, dice: diceWords(w, event.dice) });
    case "dice_replaced":
      return t("log.dice_replaced", { from: faceWords(w, event.from), to: faceWords(w, event.to) });
    case "attack_resolved":
      return t("log.attack_resolved", { damage: event.damage, evaded: event.cancelledByEvade, defended: event.cancelledByDefend, pen: event.penetrated ? t("log.penetrationMark") : "" });
    case "part_damaged":
      return t("log.part_damaged", { unit: u(event.unit), part: event.part ? ` ${t(`slot.${event.part}`)}` : "" });
    case "part_destroyed":
      return t("log.part_destroyed", { unit: u(event.unit), part: t(`slot.${event.part}`) });
    case "unit_destroyed":
      return t("log.unit_destroyed", { unit: u(event.unit), reason: t(`log.destroyReason.${event.reason}`) });
    case "link_changed":
      return t("log.link_changed", { unit: u(event.unit), link: event.link, reason: t(`log.linkReason.${event.reason}`) });
    case "chain_damage":
      return t("log.chain_damage", { keyword: t(`keyword.${event.keyword}`), damage: event.damage, unit: u(event.target) });
    case "projectile_launched":
      return t("log.projectile_launched", { launcher: u(event.launcher), card: projectileName(w, event.card), square: squareName(event.to), fire: t(`log.fire.${event.fire}`) });
    case "drone_launched":
      return t("log.drone_launched", { launcher: u(event.launcher), unit: u(event.unit), square: squareName(event.to) });
    case "interception":
      return t("log.interception", { interceptor: u(event.interceptor), target: u(event.target), tokens: event.tokens });
    case "projectile_detonated":
      return t("log.projectile_detonated", { projectile: u(event.projectile), square: squareName(event.at), targets: event.targets.length ? `: ${event.targets.map(u).join(", ")}` : "" });
    case "terrain_attacked":
      return t("log.terrain_attacked", {
        projectile: u(event.projectile),
        terrain: u(board.terrainTargetKey(event.terrain)),
        attack: diceWords(w, event.attackDice),
        defence: diceWords(w, event.defenceDice),
        damage: event.damage,
        penetration: event.penetrated ? t("log.terrainPenetration") : "",
      });
    case "terrain_damaged":
      return t(event.destroyed ? "log.terrain_destroyed" : "log.terrain_damaged", { terrain: u(board.terrainTargetKey(event.terrain)) });
    case "projectile_removed":
      return t("log.projectile_removed", { projectile: u(event.projectile), reason: t(`log.removeReason.${event.reason}`) });
    case "smoke_placed":
      return t("log.smoke_placed", { seat: w.name(event.seat), squares: event.squares.map(squareName).join(", ") });
    case "smoke_removed":
      return t("log.smoke_removed", { seat: w.name(event.seat), square: squareName(event.at) });
    case "ew_roll":
      return t("log.ew_roll", {
        purpose: t(`log.ewPurpose.${event.purpose}`),
        caster: u(event.caster),
        casterLightning: event.casterLightning,
        casterLights: event.casterLights,
        casterDice: diceWords(w, event.casterDice),
        responder: u(event.responder),
        responderLightning: event.responderLightning,
        responderLights: event.responderLights,
        responderDice: diceWords(w, event.responderDice),
        winner: t(`log.ewWinner.${event.winner}`),
      });
    case "ew_rerolled":
      return t("log.ew_rerolled", { unit: u(event.unit), role: t(`decision.role.${event.side}`), count: event.indices.length, before: diceWords(w, event.before), dice: diceWords(w, event.dice) });
    case "designation_used":
      return t(event.used ? "log.designation_used" : "log.designation_unused", { unit: u(event.unit), ability: t(`ability.${event.ability}`) });
    case "passive_triggered":
      return t("log.passive_triggered", { unit: u(event.unit), passive: passiveName(w, event.unit, event.part, event.passive) });
    case "lo_token":
      return event.on ? t("log.lo_token_on", { unit: u(event.unit) }) : t("log.lo_token_off", { unit: u(event.unit), reason: t(`log.loReason.${event.reason}`) });
    case "camouflage_on":
      return t("log.camouflage_on", { unit: u(event.unit), concealment: event.concealment });
    case "concealment_set":
      return t("log.concealment_set", { unit: u(event.unit), square: squareName(event.at) });
    case "decloaked":
      return t("log.decloaked", { unit: u(event.unit), reason: t(`log.decloakReason.${event.reason}`), from: squareName(event.from), to: squareName(event.to) });
    case "attack_failed":
      return t("log.attack_failed", { unit: u(event.defender), reason: t(`log.failReason.${event.reason}`) });
    case "vp_scored":
      return t("log.vp_scored", { seat: w.name(event.seat), vp: event.vp, total: event.total, zones: event.zones.length ? t("log.zones", { zones: event.zones.join(", ") }) : "" });
    case "match_ended":
      return t("log.match_ended", { outcome: event.result.winner ? t("log.wins", { seat: w.name(event.result.winner) }) : t("log.draw"), reason: endReason(w, event.result.reason) });
    case "parry_declared":
      return event.part
        ? t(event.contested ? "log.parry_declared_contested" : "log.parry_declared", { unit: u(event.unit), part: t(`slot.${event.part}`) })
        : t("log.parry_declined", { unit: u(event.unit) });
    case "parry":
      return t("log.parry", { unit: u(event.unit), white: event.white });
    case "parry_succeeded":
      return t("log.parry_succeeded", { unit: u(event.unit) });
    case "dice_changed":
      return t("log.dice_changed", { by: t(`log.by.${event.by}`), change: event.change > 0 ? `+${event.change}` : String(event.change), die: t(`die.${event.die}`) });
    case "dice_set":
      return t("log.dice_set", { by: t(`log.by.${event.by}`), count: event.count, die: t(`die.${event.die}`), face: faceWords(w, event.face) });
    case "result_triggered":
      return t("log.result_triggered", { on: t(`face.${event.on}`), effect: t(`keyword.${event.effect}`), unit: u(event.unit) });
    case "part_discarded":
      return t("log.part_discarded", { unit: u(event.unit), part: t(`slot.${event.part}`) });
    case "part_charged":
      return t("log.part_charged", { unit: u(event.unit), action: actionName(w, event.unit, event.part, event.action) });
    case "charge_spent":
      return t("log.charge_spent", { unit: u(event.unit), action: actionName(w, event.unit, event.part, event.action) });
    case "ammo_spent":
      return t("log.ammo_spent", { unit: u(event.unit), action: actionName(w, event.unit, event.part, event.action), left: event.left });
    case "ammo_resupplied":
      return t("log.ammo_resupplied", { unit: u(event.unit), action: actionName(w, event.unit, event.part, event.action), restored: event.restored, left: event.left });
    case "command_tokens_spent":
      return t("log.command_tokens_spent", { unit: u(event.unit), spent: event.spent, left: event.left });
    case "coordination_granted":
      return t("log.coordination_granted", { unit: u(event.unit), count: event.commands });
    default:
      return null;
  }
}

/**
 * The attack keywords the log line of `event` names, in the line's order, each with the words that
 * name it there (seed 000 1.2.4 chain damage, 1.4 impact and suppress, snipe and kick used or not): for the log to explain them
 * (./KeywordTip.tsx). Empty for an event whose line names none.
 */
export function eventKeywords({ t }: Pick<Words, "t">, event: EmberEvent): { keyword: AttackKeyword; text: string }[] {
  switch (event.type) {
    case "chain_damage":
      return [{ keyword: event.keyword, text: t(`keyword.${event.keyword}`) }];
    case "result_triggered":
      return [{ keyword: event.effect, text: t(`keyword.${event.effect}`) }];
    case "link_changed":
      return event.reason === "impact" ? [{ keyword: "impact", text: t("log.linkReason.impact") }] : [];
    case "stance_changed":
      return event.reason === "suppress" ? [{ keyword: "suppress", text: t("log.stanceReason.suppress").trim() }] : [];
    case "designation_used":
      return event.ability === "shield" ? [] : [{ keyword: event.ability, text: t(`ability.${event.ability}`) }];
    default:
      return [];
  }
}

/** The extras of an `act` command in words: the part resupplied, a spent charge, an unarmed assist (seed 000 7, 8, 11). */
export function actVariant({ t }: Pick<Words, "t">, command: Extract<EmberCommand, { type: "act" }>): string {
  const parts: string[] = [];
  if (command.targetPart) parts.push(t("actions.targetPart", { part: t(`slot.${command.targetPart}`) }));
  if (command.useCharge) parts.push(t("actions.useCharge"));
  if (command.unarmed) parts.push(t("actions.unarmed", { part: t(`slot.${command.unarmed}`) }));
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

/** A readable label for any legal command. */
export function describeCommand(w: Words, command: EmberCommand): string {
  const { t } = w;
  const u = (id: string) => terrainLabel(w, id) ?? unitLabel(w.view, id, w.name, w.language);
  switch (command.type) {
    case "lock_army":
      return t("command.lock_army", { army: sampleName("army", command.army.name, w.language) });
    case "unlock_army":
      return t("command.unlock_army");
    case "choose_side":
      return t("command.choose_side", { side: t(`side.${command.side}`) });
    case "choose_secondary":
      return t("command.choose_secondary", { secondary: secondaryName(w.view, command.secondary, w.language) });
    case "place_objective":
      return t("command.place_objective", { square: squareName(command.at) });
    case "deploy":
      return (
        t("command.deploy", { unit: u(command.unit), square: squareName(command.at), facing: t(`facing.${command.facing}`), stance: command.stance ? `, ${t(`stance.${command.stance}`)}` : "" }) +
        (command.hidden ? ` · ${t("board.realSquare", { unit: u(command.unit) })}: ${squareName(command.hidden)}` : "")
      );
    case "command_drone":
      if (command.order.kind === "automaton") return t("command.command_drone_automaton", { mech: u(command.mech), drone: u(command.drone) });
      return command.order.kind === "move"
        ? t("command.command_drone_move", { mech: u(command.mech), drone: u(command.drone), square: squareName(command.order.to), facing: t(`facing.${command.order.facing}`) })
        : t("command.command_drone_action", { mech: u(command.mech), drone: u(command.drone), target: u(command.order.target) });
    case "end_commands":
      return t("command.end_commands");
    case "lock_plan":
      return t("command.lock_plan", { dials: dialWords(w, command.dials) });
    case "set_stance":
      return t("command.set_stance", { unit: u(command.unit), stance: t(`stance.${command.stance}`) });
    case "reboot":
      return t("command.reboot", { unit: u(command.unit), stance: t(`stance.${command.stance}`) });
    case "manoeuvre":
      return t("command.manoeuvre", { unit: u(command.unit), square: squareName(command.to), facing: t(`facing.${command.facing}`) });
    case "act": {
      let rest = command.target
        ? ` → ${u(command.target)}`
        : command.squares
          ? t("command.smokeOn", { squares: command.squares.map(squareName).join(", ") })
          : command.drops && command.to
            ? t("command.scatter", { square: squareName(command.to), facing: t(`facing.${command.facing ?? "N"}`), drops: command.drops.map(squareName).join(", ") })
            : command.to && !command.facing
              ? t("command.launchTo", { square: squareName(command.to) })
              : command.to
                ? ` → ${squareName(command.to)} (${t(`facing.${command.facing ?? "N"}`)})`
                : command.hidden
                  ? ` → ${t("board.realSquare", { unit: u(command.unit) })}: ${squareName(command.hidden)}`
                  : "";
      rest += actVariant(w, command);
      return t("command.act", { unit: u(command.unit), action: `${t(`slot.${command.part}`)}: ${actionName(w, command.unit, command.part, command.action)}`, rest });
    }
    case "end_activation":
      return t("command.end_activation", { unit: u(command.unit) });
    case "choose_hit_part":
      return t("command.choose_hit_part", { part: t(`slot.${command.part}`) });
    case "use_designation":
      return t(command.use ? "command.use_designation" : "command.skip_designation");
    case "choose_cancellation": {
      const option = w.view.pending?.kind === "choose_cancellation" ? w.view.pending.options.options.find((o) => o.defend === command.defend && JSON.stringify(o.evade) === JSON.stringify(command.evade)) : undefined;
      const e = command.evade;
      return option ? cancelWords(w, option) : t("command.choose_cancellation", { heavy: e.heavy, light: e.light, eye: e.eye, lightning: e.lightning, defend: command.defend });
    }
    case "reroll":
      return t("command.reroll", { dice: command.dice.length ? command.dice.map((i) => `#${i + 1}`).join(", ") : t("command.rerollNone") });
    case "choose_chain":
      return t("command.choose_chain", { keyword: t(`keyword.${command.keyword}`), target: u(command.target) });
    case "declare_parry":
      return command.part ? t("command.declare_parry", { part: t(`slot.${command.part}`) }) : t("command.decline_parry");
    case "choose_interceptor":
      return t("command.choose_interceptor", { unit: u(command.unit), action: `${t(`slot.${command.part}`)}: ${actionName(w, command.unit, command.part, command.action)}` });
    case "choose_blast_target":
      return t("command.choose_blast_target", { target: u(command.target) });
    case "remove_smoke":
      return t("command.remove_smoke", { square: squareName(command.at) });
    case "concede":
      return t("command.concede");
  }
}
