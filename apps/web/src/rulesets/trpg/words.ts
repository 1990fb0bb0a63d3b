/**
 * The TRPG table in words (seed 002): characters by name, squares by column letter and row number
 * ("C4" is `{ x: 2, y: 3 }`), roll modifiers, and every event as a sentence in the page's language.
 * No id reaches the page: a character the viewer cannot name is "someone unseen".
 */
import type { TFunction } from "i18next";
import type { Square } from "@fogwar/engine";
import { catalog, type ConcealmentAgainst, type Mod, type Name, type SpotCheck, type TrpgEvent, type TrpgView } from "@fogwar/trpg";
import type { SeatNamer } from "../../table/names";

/** What the words need: the namespace's `t`, the page's language, the seats' names and the view (for characters' names). */
export interface TrpgWords {
  readonly t: TFunction;
  readonly language: string;
  readonly name: SeatNamer;
  readonly view: TrpgView;
}

/** A name in the page's language. */
export const inLanguage = (w: Pick<TrpgWords, "language">, name: Name): string => (w.language.startsWith("ko") ? name.ko : name.en);

/** A square's code: its column letter (A from the west) and row number (1 from the north). */
export const squareCode = (s: Square): string => `${String.fromCharCode(65 + s.x)}${s.y + 1}`;

/** A character's name as the viewer knows it. */
export function charName(w: TrpgWords, id: string | undefined | null): string {
  const c = id ? w.view.characters[id] : undefined;
  return c ? inLanguage(w, c.name) : w.t("unseenSomeone");
}

/** A roll modifier in words: "half cover -1". */
export const modText = (w: TrpgWords, m: Mod): string => `${w.t(`mod.${m.source}`)} ${m.value > 0 ? "+" : ""}${m.value}`;

const mods = (w: TrpgWords, list: readonly Mod[] | undefined) => (list && list.length > 0 ? ` (${list.map((m) => modText(w, m)).join(", ")})` : "");
/** The number a roll needed; a hidden one (null: a stat block the viewer does not know) is said to be hidden. */
const need = (w: TrpgWords, n: number | null | undefined) => (n === undefined ? "" : n === null ? ` ${w.t("roll.unknown")}` : ` ${w.t("roll.over", { n })}`);

/** Said of a roll whose number is shown while modifiers of a stat block the viewer does not know may apply. */
const partial = (w: TrpgWords, unknown: true | undefined) => (unknown ? ` ${w.t("roll.partial")}` : "");

/**
 * The terms of a hit check as the odds before it name them (Odds.tsx): the attacker's stat (PRC
 * for shots, BRT for a melee weapon's attack, a free strike's too; seed 002 3-4: the number is 6 - the stat - the modifiers, so a shown
 * number gives the stat back) and every modifier. Just the modifiers when the number is hidden.
 */
export function hitTerms(e: Extract<TrpgEvent, { type: "attack" }>): Mod[] {
  if (e.need === null) return [...e.mods];
  const stat = 6 - e.need - e.mods.reduce((n, m) => n + m.value, 0);
  // The weapon decides, as in the rules (a free strike is a melee attack too).
  const melee = ((e.weapon ? catalog.weapons.get(e.weapon)?.kind : undefined) ?? (e.via === "melee" || e.via === "free_strike" ? "melee" : "")) === "melee";
  return [{ source: melee ? "BRT" : "PRC", value: stat }, ...e.mods];
}

/**
 * A concealment as an observer met it (seed 002 3-3), in words: "concealment 6, within 5 squares -3:
 * 3 needed". The numbers are the rules' own (`ConcealmentAgainst`), none computed here.
 */
export function concealmentText(w: TrpgWords, k: ConcealmentAgainst): string {
  // A value the party may not know (an enemy's stat block the master keeps) comes as null.
  const parts = [k.value === null ? w.t("spot.valueUnknown") : w.t("spot.value", { value: k.value }), ...k.mods.map((m) => modText(w, m))];
  return k.need === null ? w.t("spot.concealmentUnknown", { parts: parts.join(", ") }) : w.t("spot.concealment", { parts: parts.join(", "), need: k.need });
}

/** How a spotting roll found one character, in words: its cover, its total with the cover, and the concealment it met. */
export function spotCheckText(w: TrpgWords, k: SpotCheck): string {
  const cover = k.cover.length > 0 ? k.cover.map((m) => modText(w, m)).join(", ") : w.t("spot.noCover");
  return w.t("spot.check", { target: charName(w, k.character), total: k.total ?? "?", cover, concealment: concealmentText(w, k.concealment) });
}

/** Who hears an event, for the dice log: its side only, the game master only, or everyone (null). */
export function audienceOf(w: TrpgWords, e: TrpgEvent): string | null {
  if (e.heardBy === "master") return w.t("heard.master");
  if (e.heardBy === "party" || e.heardBy === "enemies") return w.t(e.inPart ? "heard.part" : "heard.side", { side: w.t(`side.${e.heardBy}`) });
  return null;
}

/** One event as a sentence. */
export function describeEvent(w: TrpgWords, e: TrpgEvent): string {
  const { t } = w;
  const c = (id: string) => charName(w, id);
  switch (e.type) {
    case "match_started":
      return t("event.match_started", { mode: t(`mode.${e.mode}`) });
    case "initiative":
      return t("event.initiative", { who: c(e.character), value: e.value });
    case "round_started":
      return t("event.round_started", { round: e.round });
    case "turn_started":
      return t(e.delayed ? "event.turn_started_delayed" : "event.turn_started", { who: c(e.character) });
    case "turn_ended":
      return t("event.turn_ended", { who: c(e.character) });
    case "waits_unseen":
      return t("event.waits_unseen", { who: c(e.character) });
    case "delayed":
      return t("event.delayed", { who: c(e.character), after: c(e.after) });
    case "moved":
      return t(`event.moved_${e.mode}`, { who: c(e.character), to: squareCode(e.path[e.path.length - 1]!), ap: e.ap });
    case "prone":
      return t(e.prone ? "event.prone" : "event.stood", { who: c(e.character) });
    case "disengaged":
      return t("event.disengaged", { who: c(e.character) });
    case "braced":
      return t(e.braced ? "event.braced" : "event.unbraced", { who: c(e.character) });
    case "peeking":
      return t(e.peeking ? "event.peeking" : "event.unpeeked", { who: c(e.character) });
    case "swapped":
      return e.weapon ? t("event.swapped", { who: c(e.character), weapon: t(`weapon.${e.weapon}`) }) : t("event.swappedUnknown", { who: c(e.character) });
    case "overwatch_set":
      return t("event.overwatch_set", { who: c(e.character), dir: t(`dir.${e.overwatch?.dir ?? 0}`), radius: e.overwatch?.radius ?? 0 });
    case "overwatch_ended":
      return t("event.overwatch_ended", { who: c(e.character) });
    case "concealed":
      return e.success ? (e.value !== undefined ? t("event.concealed_value", { who: c(e.character), die: e.die, value: e.value }) : t("event.concealed", { who: c(e.character) })) : t("event.conceal_failed", { who: c(e.character), die: e.die ?? "?" });
    case "spotting":
      return (
        t(e.found.length > 0 ? "event.spotting_found" : "event.spotting_none", { who: c(e.observer), die: e.die, total: e.total ?? "?", found: e.found.map(c).join(", ") }) +
        mods(w, e.mods) +
        (e.checks ?? []).map((k) => ` ${spotCheckText(w, k)}`).join("")
      );
    case "reactive_spot":
      return (
        t(e.success ? `event.${e.cause}_found` : `event.${e.cause}_missed`, { who: c(e.observer), target: c(e.target), die: e.die ?? "?", total: e.total ?? "?", need: e.need ?? "?" }) +
        (e.mods && e.mods.length > 0 ? ` ${t("spot.rollMods", { mods: e.mods.map((m) => modText(w, m)).join(", ") })}` : "") +
        (e.concealment ? ` ${concealmentText(w, e.concealment)}` : "")
      );
    case "revealed":
      return t(`event.revealed_${e.cause}`, { who: c(e.character), at: squareCode(e.at), by: e.by ? c(e.by) : t("unseenSomeone") });
    case "unseen_attacker":
      return t("event.unseen_attacker", { who: c(e.character), target: c(e.target) });
    case "attack":
      return t(e.hit ? "event.attack_hit" : "event.attack_miss", { who: c(e.attacker), target: c(e.target), via: t(`via.${e.via}`), weapon: e.weapon ? t(`weapon.${e.weapon}`) : t("weaponUnknown"), die: e.die }) + need(w, e.need) + mods(w, hitTerms(e)) + partial(w, e.unknownMods) + (e.called ? ` · ${t("calledShot")}` : "");
    case "dodge":
      return t(e.success ? "event.dodged" : "event.dodge_failed", { who: c(e.character), die: e.die }) + need(w, e.need) + mods(w, e.mods) + partial(w, e.unknownMods);
    case "penetration":
      return t(e.success ? "event.pen_through" : "event.pen_stopped", { target: c(e.target), die: e.die }) + need(w, e.need) + (e.cover ? ` · ${t("coverToughness", { n: e.cover })}` : "");
    case "damaged":
      return e.wounds !== null && e.wounds >= 0 ? t("event.damaged", { who: c(e.character), count: e.amount, wounds: e.wounds }) : t("event.damagedUnknown", { who: c(e.character), count: e.amount });
    case "incapacitated":
      return t("event.incapacitated", { who: c(e.character) });
    case "died":
      return t("event.died", { who: c(e.character) });
    case "death_save":
      // What passes and how many failures kill come from the rules data (seed 002 3-6).
      return t(e.success ? "event.death_save_ok" : "event.death_save_failed", { who: c(e.character), die: e.die, count: e.fails, need: catalog.rules.deathSaves.successAtMost, max: catalog.rules.deathSaves.failuresToDie });
    case "stabilised":
      return t(e.success ? "event.stabilised" : "event.stabilise_failed", { who: c(e.character), by: c(e.by), die: e.die, need: e.need ?? "?" });
    case "healed":
      return t(e.success ? "event.healed" : "event.heal_failed", { who: c(e.character), by: c(e.by), item: t(`item.${e.item}`), die: e.die, need: e.need ?? "?" });
    case "suppressing":
      return t("event.suppressing", { who: c(e.shooter), at: squareCode(e.at), targets: e.targets.map(c).join(", ") });
    case "dropped":
      return t("event.dropped", { who: c(e.character) });
    case "shove":
      return t(e.success ? "event.shove_down" : "event.shove_failed", { who: c(e.attacker), target: c(e.target), die: e.die }) + need(w, e.need);
    case "decided":
      return t("event.decided", { kind: t(`decision.${e.kind}.title`), choice: t(`choice.${e.choice}`, { defaultValue: e.choice }) });
    case "contact":
      return t("event.contact", { who: c(e.mover), hidden: c(e.hidden) });
    case "hazard":
      return t(e.wounded ? "event.hazard_hurt" : "event.hazard_safe", { who: c(e.character), die: e.die });
    case "check":
      return t(e.success ? `event.check_${e.kind}_ok` : `event.check_${e.kind}_failed`, { who: c(e.character), stat: t(`stat.${e.stat}`), die: e.die, total: e.total, need: e.need }) + mods(w, e.mods) + (e.study ? ` · ${t("studying", { who: c(e.study) })}` : "");
    case "stats_revealed":
      return t("event.stats_revealed", { who: c(e.character), archetype: t(`archetype.${e.archetype}`) });
    case "chilled":
      return t("event.chilled", { who: c(e.character) });
    case "surprise_over":
      return t("event.surprise_over", { side: t(`side.${e.side}`) });
    case "round_step":
      return t("event.round_step", { seat: w.name(e.seat) });
    case "round_ended":
      return t("event.round_ended", { round: e.round });
    case "delayed_stopped":
      return t("event.delayed_stopped", { who: c(e.actor), n: e.index + 1 });
    case "conceded":
      return t("event.conceded", { seat: w.name(e.seat) });
    case "match_ended":
      return e.result.winner === null ? t("event.draw") : t("event.won", { seats: (e.result.winners ?? [e.result.winner]).map(w.name).join(", ") });
    default:
      return refereeEvent(w, e as unknown as { type: string; by?: string; absent?: string; outcome?: string });
  }
}

/** An event the server's referee adds to the log (an abandonment claim), not the rules'. */
function refereeEvent(w: TrpgWords, e: { type: string; by?: string; absent?: string; outcome?: string }): string {
  if (e.type === "claimed" && e.by && e.absent) return w.t(e.outcome === "draw" ? "event.claimed_draw" : "event.claimed_win", { by: w.name(e.by), absent: w.name(e.absent) });
  return w.t("event.other");
}

/**
 * A weapon with the numbers a shot or a blow uses (seed 002 3-1 슈팅 액션, 3-4: range in squares,
 * rate of fire, penetration, damage; catalog data, the same for everyone): "carbine (range 24
 * squares, 2 shots a burst, penetration 1, damage 1)".
 */
export function weaponText(w: TrpgWords, id: string): string {
  const weapon = catalog.weapons.get(id);
  const name = w.t(`weapon.${id}`);
  if (!weapon) return name;
  const numbers = { weapon: name, range: weapon.range, rate: weapon.rateOfFire, penetration: weapon.penetration, damage: weapon.damage };
  return w.t(weapon.kind === "melee" ? "roster.melee" : weapon.rateOfFire > 1 ? "roster.rangedBurst" : "roster.ranged", numbers);
}
