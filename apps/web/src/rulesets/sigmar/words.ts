/**
 * Age of Sigmar in words, for the table, the log and the review: unit, weapon, ability, card and
 * objective names in the reader's language (from the sample data), and one line per event. No
 * id ever reaches the page: a unit reads as its warscroll's name (numbered when its player has two)
 * and its player's name.
 */
import type { TFunction } from "i18next";
import { armyPoints, catalog, type ArmyList, type SigmarEvent, type SigmarView, type Words } from "@fogwar/sigmar";
import type { SeatNamer } from "../../table/names";
import { parseSigmarEndReason, sigmarEndReason } from "./end-reason";

/** What the words need: the `sigmar` namespace, the language, and the players' names. */
export interface SigmarWords {
  readonly t: TFunction;
  readonly language: string;
  readonly name: SeatNamer;
}

/** A data text in the reader's language. */
export const local = (w: Pick<SigmarWords, "language">, words: Words | undefined): string => (words ? (w.language.startsWith("ko") ? words.ko : words.en) : "");

/**
 * The count a weapon's Attacks characteristic takes for plural words ("1 attack", "2 attacks"): the
 * number when it is fixed; a random one (`D3`, `2D6+1`: seed 003 26) reads as several.
 */
export const attacksCount = (attacks: number | string): number => (typeof attacks === "number" ? attacks : 2);

/** Every ability, enhancement, card, terrain passive and core command by id. */
const NAMES = new Map<string, Words>();
for (const ws of catalog.warscrolls.values()) {
  for (const a of ws.abilities) NAMES.set(a.id, a.name);
  for (const weapon of ws.weapons) NAMES.set(weapon.id, weapon.name);
}
for (const e of catalog.enhancements.values()) NAMES.set(e.id, e.name);
for (const c of catalog.tactics.values()) NAMES.set(c.id, c.name);
for (const t of catalog.battleplan.terrain) if (t.passive) NAMES.set(t.passive.id, t.passive.name);

/** An ability's, weapon's, card's or passive's name; a core command's from the strings. */
export function abilityName(w: SigmarWords, id: string): string {
  const named = NAMES.get(id);
  if (named) return local(w, named);
  if (id === "press_forward" || id === "hold_firm") return w.t(`command.${id}`);
  if (id === "guarded_hero") return w.t("keyword.hero");
  if (id === "retreat") return w.t("controls.retreat");
  return w.t("unit.reserveUnit");
}

/** An army list's name: a sample list's in the reader's language, any other as its player wrote it. */
export const listName = (w: Pick<SigmarWords, "language">, name: string): string => local(w, catalog.armyLabels.get(name)) || name;

/** A warscroll's name. */
export const warscrollName = (w: SigmarWords, id: string): string => local(w, catalog.warscrolls.get(id)?.name);

/** A unit's name: "Briar Guard (Ana)", numbered when its player has two of that warscroll ("Briar Guard 2 (Ana)"). */
export function unitName(w: SigmarWords, view: Pick<SigmarView, "units">, id: string): string {
  const unit = view.units[id];
  if (!unit) return w.t("unit.reserveUnit");
  const same = Object.values(view.units)
    .filter((u) => u.owner === unit.owner && u.warscroll === unit.warscroll)
    .map((u) => u.id)
    .sort();
  const base = warscrollName(w, unit.warscroll) + (same.length > 1 ? ` ${same.indexOf(id) + 1}` : "");
  return w.t("unit.owned", { unit: base, name: w.name(unit.owner) });
}

/** An objective's name. */
export const objectiveName = (w: SigmarWords, id: string): string => w.t(`objective.${id}`);

/** A list of unit names. */
const units = (w: SigmarWords, view: Pick<SigmarView, "units">, ids: readonly string[]) => ids.map((id) => unitName(w, view, id)).join(", ");

/**
 * The reason a battle ended, in words, naming the player (read by ./end-reason.ts
 * `parseSigmarEndReason`, the same reading as the banner's); a referee's reason in the banner's words.
 */
export function endReason(w: SigmarWords, reason: string): string {
  const end = parseSigmarEndReason(reason);
  switch (end.kind) {
    case "lastRound":
      return `${w.t("end.lastRound")}${end.score ? ` (${w.t("vp", { n: end.score })})` : ""}`;
    case "conceded":
      return w.t("end.conceded", { seat: w.name(end.seat) });
    case "noUnits":
      return w.t("end.noUnits", { seat: w.name(end.seat) });
    case "both":
      return w.t("end.both");
    case "other":
      return sigmarEndReason(w.t, reason);
  }
}

/** One line for an event (null: nothing worth a line). `viewer` is the seat reading (null: a spectator or the review). */
export function describeEvent(w: SigmarWords, e: SigmarEvent, view: Pick<SigmarView, "units">, viewer: string | null): string | null {
  const t = w.t;
  const u = (id: string) => unitName(w, view, id);
  switch (e.type) {
    case "seed_committed":
      return t("log.seed_committed");
    case "army_locked":
      // Only the seat's own event carries its list (the other seat's holds the commitment alone).
      if (!e.army || e.seat !== viewer) return t("log.army_locked", { seat: w.name(e.seat) });
      return isSampleList(e.army) ? t("log.army_locked_own", { list: listName(w, e.army.name) }) : t("log.army_locked_edited", { list: listName(w, e.army.name), points: armyPoints(e.army) });
    case "army_unlocked":
      return t("log.army_unlocked", { seat: w.name(e.seat) });
    case "armies_revealed":
      return [
        t("log.armies_revealed"),
        ...Object.entries(e.armies).map(([seat, a]) => {
          const units = a.units.map((x) => warscrollName(w, x.warscroll)).join(", ");
          // A match of a rules version before sigmar-0.6.0 names each list.
          return a.name ? t("log.army_shown", { seat: w.name(seat), list: listName(w, a.name), units, count: a.reserves }) : t("log.army_shown_units", { seat: w.name(seat), units, count: a.reserves });
        }),
      ].join(" ");
    case "deployed":
      return t("log.deployed", { seat: w.name(e.seat), unit: u(e.unit) });
    case "cards_drawn":
      return e.cards ? t("log.cards_drawn_own", { cards: e.cards.map((c) => abilityName(w, c)).join(", ") }) : t("log.cards_drawn", { seat: w.name(e.seat), count: e.count });
    case "round_started":
      if (e.chooser) return t("log.round_chosen", { round: e.round, chooser: w.name(e.chooser), seat: w.name(e.first), rolls: Object.entries(e.rolls).map(([s, n]) => `${w.name(s)} ${n}`).join(", ") });
      return t("log.round_started", { round: e.round, seat: w.name(e.first), rolls: Object.entries(e.rolls).map(([s, n]) => `${w.name(s)} ${n}`).join(", ") });
    case "reserves_destroyed":
      return t("log.reserves_destroyed", { units: e.units.map((x) => `${warscrollName(w, x.warscroll)} (${w.name(view.units[x.id]?.owner ?? x.id.split("-")[0]!)})`).join(", ") });
    case "turn_started":
      return t("log.turn_started", { seat: w.name(e.seat) });
    case "phase_started":
      return t("log.phase_started", { phase: t(`phase.${e.phase}`) });
    case "neutral_order":
      return t("log.neutral_order", { seat: w.name(e.seat), order: e.order.map((id) => abilityName(w, id)).join(" → ") });
    case "moved":
      return t(e.kind === "run" ? "log.ran" : e.kind === "charge" ? "log.charged" : e.kind === "pile_in" ? "log.piled_in" : e.kind === "retreat" ? "log.retreated" : "log.moved", { unit: u(e.unit) });
    case "retreat_declared":
      return t("log.retreat_declared", { unit: u(e.unit), roll: e.roll });
    case "run_rolled":
      return t("log.run_rolled", { unit: u(e.unit), roll: e.roll });
    case "set_up":
      return t(e.replacementOf ? "log.set_up_replacement" : "log.set_up", { unit: u(e.unit) });
    case "charge_rolled":
      return t("log.charge_rolled", { unit: u(e.unit), target: u(e.target), dice: e.dice.join(" + "), roll: e.roll });
    case "charge_failed":
      return t("log.charge_failed", { unit: u(e.unit) });
    case "attacks": {
      const dealt = e.reports.reduce((n, r) => n + r.dealt, 0);
      const slain = e.reports.reduce((n, r) => n + r.slain, 0);
      return t(e.kind === "shoot" ? "log.attacks_shoot" : "log.attacks_fight", { unit: u(e.unit), target: u(e.target), dealt, slain });
    }
    case "mortal_damage":
      return t("log.mortal_damage", { unit: u(e.unit), amount: e.amount, source: abilityName(w, e.source), slain: e.slain });
    case "unit_destroyed":
      return t("log.unit_destroyed", { unit: u(e.unit) });
    case "models_removed":
      return e.chosen ? t("log.models_removed", { unit: u(e.unit), count: e.models.length }) : null;
    case "fight_picked":
      return t("log.fight_picked", { unit: u(e.unit) });
    case "fight_declined":
      return t("log.fight_declined", { unit: u(e.unit) });
    case "ability_used": {
      // A card's use is told by its card_played line.
      if (e.unit === null && catalog.tactics.has(e.ability)) return null;
      const user = e.unit ? u(e.unit) : w.name(e.seat);
      if (e.noEffect) return t("log.ability_used_none", { user, ability: abilityName(w, e.ability) });
      const on = e.targets.length && !(e.targets.length === 1 && e.targets[0] === e.unit) ? t("log.on", { targets: units(w, view, e.targets) }) : "";
      return t("log.ability_used", { user, ability: abilityName(w, e.ability), on });
    }
    case "ability_roll":
      return t("log.ability_roll", { ability: abilityName(w, e.ability), roll: e.roll, unit: u(e.unit), result: t(e.success ? "log.success" : "log.failure") });
    case "healed":
      return t("log.healed", { unit: u(e.unit), healed: e.healed, roll: e.roll });
    case "models_returned":
      return t("log.models_returned", { unit: u(e.unit), count: e.models.length });
    case "effect_added":
      return null;
    case "token_placed":
      return t("log.token_placed", { kind: t(`token.${e.kind}`), unit: u(e.unit) });
    case "token_removed":
      return t("log.token_removed");
    case "card_played":
      return t("log.card_played", { seat: w.name(e.seat), card: abilityName(w, e.card), on: e.targets.length ? t("log.on", { targets: units(w, view, e.targets) }) : "" });
    case "command_used":
      if (e.target) return t("log.command_used_at", { seat: w.name(e.seat), command: t(`command.${e.command}`), unit: u(e.unit), target: u(e.target) });
      return t("log.command_used", { seat: w.name(e.seat), command: t(`command.${e.command}`), unit: u(e.unit) });
    case "rallied":
      return t("log.rallied", { unit: u(e.unit), dice: e.dice.join(" "), points: e.points, count: e.points });
    case "effects_ordered":
      return t("log.effects_ordered", { seat: w.name(e.seat) });
    case "scored":
      if (e.objectives.length === 0) return t("log.scoredNone", { seat: w.name(e.seat), vp: e.vp });
      return t("log.scored", { seat: w.name(e.seat), objectives: e.objectives.map((o) => objectiveName(w, o)).join(", "), vp: e.vp });
    case "declined":
      // What was declined, in words (the pending decision's kind); a kind without its own words reads as a bare decline.
      return t([`log.declinedOf.${e.what}`, "log.declined"], { seat: w.name(e.seat) });
    case "conceded":
      return t("log.conceded", { seat: w.name(e.seat) });
    case "match_ended":
      return t("log.match_ended", { result: e.result.winner ? t("log.winner", { seat: w.name(e.result.winner) }) : t("log.draw") });
  }
}

/**
 * Whether `army` is the sample list of its name as it stands in the catalogue (the same faction and
 * the same units in the same order, each held in reserve or not and with the same enhancement): the
 * rules keep a sample list's name on a list edited from it (core C2, the muster), so the name alone
 * does not say the list is the sample's.
 */
export function isSampleList(army: ArmyList): boolean {
  const sample = catalog.armies.find((a) => a.name === army.name);
  const unit = (u: ArmyList["units"][number]) => `${u.warscroll}|${u.reserve ? "reserve" : ""}|${u.enhancement ?? ""}`;
  return !!sample && sample.faction === army.faction && sample.units.length === army.units.length && sample.units.every((u, i) => unit(u) === unit(army.units[i]!));
}
