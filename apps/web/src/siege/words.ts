/**
 * Siege in words (namespace `siege`, English and Korean): names of operators, gadgets, rooms and
 * places from the catalog, events and commands as sentences. Pure functions of a translator, so
 * the table, the event log and the review page say the same thing.
 */
import type { TFunction } from "i18next";
import { board, catalog, type SiegeCommand, type SiegeEvent, type SiegeView, type Team } from "@fogwar/siege";

/** What the word functions need: the translator (namespace `siege`) and the language. */
export interface SiegeWords {
  readonly t: TFunction;
  readonly language: string;
}

const pick = (name: { en: string; ko: string } | undefined, language: string, fallback: string): string => (name ? (language.startsWith("ko") ? name.ko : name.en) : fallback);

/** An operator's display name (its catalog name, else the id). */
export const opName = (w: SiegeWords, id: string): string => pick(catalog.operators.get(id)?.name, w.language, id);

/** A tactical or special gadget's display name. */
export function gadgetName(w: SiegeWords, id: string): string {
  const tactical = catalog.gadgets.get(id);
  if (tactical) return pick(tactical.name, w.language, id);
  for (const op of catalog.data.operators) if (op.special.id === id) return pick(op.special.name, w.language, id);
  return id;
}

/** A team's name. */
export const teamName = (w: SiegeWords, team: Team | string): string => w.t(`team.${team}`);

/**
 * A place in words: a lower-floor square as column letter + row number (`C4` is x 2, y 3) with
 * its room, or an upper-floor area.
 */
export function placeName(w: SiegeWords, place: string | null | undefined, mapId = catalog.missions.values().next().value?.map ?? ""): string {
  if (!place) return "—";
  if (board.isUpper(place)) {
    const area = board.areaOf(place);
    const found = catalog.maps.get(mapId)?.upper.find((u) => u.id === area);
    return w.t("upper", { area: pick(found?.name, w.language, area) });
  }
  const { x, y } = board.coords(place);
  return `${String.fromCharCode(65 + x)}${y + 1}`;
}

/** Dice in words: "yellow 1, red 2". */
export const diceWords = (w: SiegeWords, dice: readonly { colour: string; value: number }[]): string =>
  dice.map((d) => w.t("dice.die", { colour: w.t(`colour.${d.colour}`), value: d.value })).join(", ") || "—";

/** An event in words; null for events not worth a line. */
export function describeEvent(w: SiegeWords, e: SiegeEvent, view?: Pick<SiegeView, "map">): string | null {
  const t = w.t;
  const op = (id: string) => opName(w, id);
  const at = (p: string | null | undefined) => placeName(w, p, view?.map);
  switch (e.type) {
    case "match_started":
      return t("ev.match_started", { mission: pick(catalog.missions.get(e.mission)?.name, w.language, e.mission) });
    case "picks_locked":
      return t("ev.picks_locked", { team: teamName(w, e.team) });
    case "picks_revealed":
      return t("ev.picks_revealed", { attack: e.picks.attack.operators.map(op).join(", "), defence: e.picks.defence.operators.map(op).join(", ") });
    case "component_edited":
      return e.to === null ? t("ev.component_removed", { component: e.component }) : t("ev.component_edited", { component: e.component, to: at(e.to) });
    case "gadget_placed":
      return t("ev.gadget_placed", { gadget: gadgetName(w, e.gadget.kind), at: at(e.gadget.at) });
    case "token_placed":
      if (!e.token) return t("ev.token_placed_secret", { op: op(e.operator) });
      return t("ev.token_placed", { op: op(e.operator), kind: t(`values.${String(e.real ?? false)}`), at: at(e.token.at) });
    case "setup_ended":
      return t("ev.setup_ended", { team: teamName(w, e.team) });
    case "deployed":
      return t("ev.deployed", { op: op(e.operator), at: at(e.at) });
    case "round_started":
      return t("ev.round_started", { round: e.round });
    case "phase_started":
      return t("ev.phase_started", { team: teamName(w, e.team) });
    case "activated":
      return t("ev.activated", { op: op(e.operator) });
    case "moved":
      return t("ev.moved", { op: op(e.operator), from: at(e.from), to: at(e.to), cost: e.cost });
    case "leaned":
      return t("ev.leaned", { op: op(e.operator), to: at(e.to) });
    case "stood":
      return t("ev.stood", { op: op(e.operator) });
    case "ran":
      return t("ev.ran", { op: op(e.operator), gained: e.gained });
    case "watching":
      return t("ev.watching", { op: op(e.operator) });
    case "watch_ended":
      return t("ev.watch_ended", { op: op(e.operator) });
    case "revealed":
      return t("ev.revealed", { op: op(e.operator), at: at(e.at), cause: t(`cause.${e.cause}`) });
    case "shot":
      return t("ev.shot", { shooter: op(e.shooter), target: op(e.target), kind: t(`kind.${e.kind}`), distance: e.distance, protection: e.protection, dice: diceWords(w, e.dice), damage: e.damage });
    case "rerolled":
      return t("ev.rerolled", { team: teamName(w, e.team), dice: diceWords(w, e.dice) });
    case "damaged":
      return t("ev.damaged", { op: op(e.operator), amount: e.amount, source: sourceName(w, e.source) });
    case "token_hit":
      return t("ev.token_hit", { source: sourceName(w, e.source) });
    case "died":
      return t("ev.died", { op: op(e.operator) });
    case "pinged":
      return t("ev.pinged", { op: op(e.operator), source: sourceName(w, e.source) });
    case "stunned":
      return t("ev.stunned", { op: op(e.operator) });
    case "breached":
      return t("ev.breached", { by: sourceName(w, e.by), list: [...e.partitions, ...e.gadgets].join(", ") || "—" });
    case "gadget_used":
      return t("ev.gadget_used", { op: op(e.operator), gadget: gadgetName(w, e.gadget), at: at(e.at) });
    case "exploded":
      return t("ev.exploded", { gadget: sourceName(w, e.gadget), at: at(e.at) });
    case "overlay_placed":
      return t("ev.overlay_placed", { count: e.spaces.length });
    case "scanned":
      return t("ev.scanned", { op: op(e.operator), room: roomName(w, e.room, view?.map) });
    case "reinforced":
      return t("ev.reinforced", { partition: e.partition });
    case "contest_started":
      return t("ev.contest_started", { challenger: op(e.challenger), holder: op(e.holder), ap: at(e.ap) });
    case "contest_yielded":
      return t("ev.contest_yielded", { ap: at(e.ap) });
    case "activation_ended":
      return t("ev.activation_ended", { op: op(e.operator) });
    case "phase_ended":
      return t("ev.phase_ended", { team: teamName(w, e.team) });
    case "upkeep":
      return t("ev.upkeep", { round: e.round });
    case "match_ended":
      return t("ev.match_ended", { winner: e.result.winner ?? t("result.draw"), reason: e.result.reason });
  }
}

/** An event source (an operator, a gadget, or a free word) in words. */
function sourceName(w: SiegeWords, source: string): string {
  if (catalog.operators.has(source)) return opName(w, source);
  const gadget = gadgetName(w, source);
  return gadget !== source ? gadget : source.replace(/_/g, " ");
}

/** A room's display name. */
export function roomName(w: SiegeWords, room: string, mapId?: string): string {
  for (const map of catalog.maps.values()) {
    if (mapId && map.id !== mapId) continue;
    const found = map.rooms.find((r) => r.id === room);
    if (found) return pick(found.name, w.language, room);
  }
  return room;
}

/** A command in words, e.g. "Shoot · Fennel · target Rook". */
export function describeCommand(w: SiegeWords, c: SiegeCommand, view?: Pick<SiegeView, "map">): string {
  const parts: string[] = [w.t(`cmd.${c.type}`)];
  for (const [key, value] of Object.entries(c)) {
    if (key === "type") continue;
    parts.push(`${w.t(`fields.${key}`)} ${valueWords(w, key, value, view)}`);
  }
  return parts.join(" · ");
}

/** One field value of a command in words. */
export function valueWords(w: SiegeWords, key: string, value: unknown, view?: Pick<SiegeView, "map">): string {
  if (value === null || value === undefined) return w.t("values.none");
  if (key === "operator" || key === "target") {
    const s = String(value);
    if (catalog.operators.has(s)) return opName(w, s);
    if (/^\d+,\d+$/.test(s) || s.startsWith("up:")) return placeName(w, s, view?.map);
    return s;
  }
  if (key === "at" || key === "to" || key === "via" || key === "aim") return placeName(w, String(value), view?.map);
  if (key === "real") return w.t(`values.${String(value)}`);
  if (key === "fight") return w.t(value ? "values.fightTrue" : "values.fightFalse");
  if (key === "gadget") return gadgetName(w, String(value));
  if (key === "operators" && Array.isArray(value)) return value.map((o) => opName(w, String(o))).join(", ");
  if (key === "inventory" && typeof value === "object") return Object.entries(value as Record<string, number>).map(([g, n]) => `${gadgetName(w, g)} ×${n}`).join(", ");
  if (key === "watch" && typeof value === "object") {
    const v = value as { facing?: string; ap?: string };
    return v.facing ? w.t("watch", { dir: v.facing }) : w.t("watchAp", { ap: placeName(w, v.ap, view?.map) });
  }
  if (key === "watches" && Array.isArray(value)) return value.map((o: { token?: string; facing?: string; ap?: string }) => (o.facing ? o.facing : placeName(w, o.ap, view?.map))).join(" / ");
  if (key === "dice" && Array.isArray(value)) return value.map((d) => `#${Number(d) + 1}`).join(" ");
  return String(value);
}
