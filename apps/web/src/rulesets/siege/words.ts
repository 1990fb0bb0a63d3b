/**
 * Siege in words (namespace `siege`, English and Korean): names of operators, gadgets, rooms and
 * places from the catalog, events and commands as sentences. Pure functions of a translator, so
 * the table, the event log and the review page say the same thing.
 */
import type { TFunction } from "i18next";
import { board, catalog, type GadgetState, type SiegeEvent, type SiegeView, type Team } from "@fogwar/siege";
import { refereeText } from "../../table/clock";
import { parseSiegeEndReason, siegeEndReason } from "./end-reason";

/** What the word functions need: the translator (namespace `siege`) and the language. */
export interface SiegeWords {
  readonly t: TFunction;
  readonly language: string;
  /** Players' names by seat (../table/names.tsx); without it a seat reads as its team. */
  readonly name?: (seat: string) => string;
}

const pick = (name: { en: string; ko: string } | undefined, language: string, fallback: string): string => (name ? (language.startsWith("ko") ? name.ko : name.en) : fallback);

/** A catalog name (an operator's weapon, its special gadget...) in the reader's language. */
export const localName = (w: SiegeWords, name: { en: string; ko: string }): string => pick(name, w.language, name.en);

/** An operator's display name (its catalog name, else the id). */
export const opName = (w: SiegeWords, id: string): string => pick(catalog.operators.get(id)?.name, w.language, id);

/** Operator ids in the order of their displayed names in the reader's language (a Korean reader's list by 가나다, not by the English ids). */
export const byName = (w: SiegeWords, ids: readonly string[]): string[] => [...ids].sort((a, b) => opName(w, a).localeCompare(opName(w, b), w.language));

/** The operators of `view`, the attack's then the defence's, each team by displayed name ({@link byName}): the order the roster and the legend list them in. */
export const rosterOrder = (w: SiegeWords, view: Pick<SiegeView, "operators">): string[] =>
  (["attack", "defence"] as const).flatMap((team) => byName(w, Object.values(view.operators).filter((o) => o.team === team).map((o) => o.id)));

/**
 * The mark of `id` among `order` (a fixed catalog order): the first of `candidates(id)` that no
 * earlier key of `order` has taken as its own mark, else its first candidate's first character and
 * a count, so that no two keys share a mark. Fixed by the catalog, never by what a seat sees.
 */
export function uniqueMark(order: Iterable<string>, id: string, candidates: (key: string) => readonly string[]): string {
  const taken = new Set<string>();
  const markOf = (key: string): string => {
    const all = candidates(key);
    return all.find((m) => !taken.has(m)) ?? `${[...(all[0] ?? "?")][0] ?? "?"}${taken.size}`;
  };
  for (const key of order) {
    const mark = markOf(key);
    if (key === id) return mark;
    taken.add(mark);
  }
  return markOf(id);
}

/**
 * The short mark an operator's model and secret tokens carry on the map (seed 004 "오퍼레이터"),
 * in the reader's language: in Korean its name's first syllable, else its name's first two letters;
 * where an earlier operator of the catalog has that mark, its first letter (syllable) and a later
 * one, so that no two operators share a mark. A Korean mark of one syllable fits the token beside
 * its ★, · or ? (two syllables were clipped: "?래티"). Fixed by the catalog, never by what a seat sees.
 */
export function operatorMark(w: SiegeWords, id: string): string {
  const korean = w.language.startsWith("ko");
  return uniqueMark(catalog.operators.keys(), id, (op) => {
    const name = [...opName(w, op).replace(/\s+/g, "").toUpperCase()];
    const first = name[0] ?? "?";
    return [korean ? first : name.slice(0, 2).join(""), ...name.slice(1).map((c) => first + c)];
  });
}

/** A tactical or special gadget's display name. */
export function gadgetName(w: SiegeWords, id: string): string {
  const tactical = catalog.gadgets.get(id);
  if (tactical) return pick(tactical.name, w.language, id);
  for (const op of catalog.data.operators) if (op.special.id === id || (op.special.kind === id && id === "snare")) return pick(op.special.name, w.language, id);
  return w.t(`gadgetKind.${id}`, { defaultValue: w.t("thing.gadget") });
}

/**
 * What a tactical gadget does, in words, from the rules' data (`catalog.gadgets`, seed 004 "전술
 * 도구", "도구 특성"): its effect by kind, its traits (a throw's range, setup, bulletproof...), its
 * breach strength, its damage dice on its space and the adjacent ones, and what breaches it.
 * Empty for an id that is no tactical gadget.
 */
export function gadgetEffect(w: SiegeWords, id: string): string {
  const g = catalog.gadgets.get(id);
  if (!g) return "";
  const rules = catalog.data.rules;
  const dice = (colours: readonly string[]) => colours.map((c) => w.t(`colour.${c}`)).join(" + ");
  const parts = [w.t(`gadgetInfo.kind.${g.kind}`, { moves: rules.droneMovement })];
  for (const trait of g.traits) parts.push(w.t(`gadgetInfo.trait.${trait}`, { range: rules.throwRange }));
  if (g.breach) parts.push(w.t("gadgetInfo.breach", { colour: w.t(`colour.${g.breach}`) }));
  if (g.damage) parts.push(w.t("gadgetInfo.damage", { centre: dice(g.damage.centre), adjacent: dice(g.damage.adjacent) }));
  if (g.durability) parts.push(w.t("gadgetInfo.durability", { colour: w.t(`colour.${g.durability}`) }));
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** A tactical gadget's limit in words (seed 004 "팀 준비": one use per inventory cube; the data's most cubes on one gadget). */
export const gadgetLimit = (w: SiegeWords): string => w.t("gadgetInfo.limit", { count: catalog.data.rules.maxCubesPerGadget });

/** A team's name. */
export const teamName = (w: SiegeWords, team: Team | string): string => w.t(`team.${team}`);

/** A lower-floor square's coordinates as drawn on the map's edges: column letter + row number (`C4` is x 2, y 3). */
export function squareCode(place: string): string {
  const { x, y } = board.coords(place);
  return `${String.fromCharCode(65 + x)}${y + 1}`;
}

/**
 * A place in words with its coordinates: a lower-floor square as its room (or the outside area)
 * and its coordinates ("Net loft C4", "outside A1"), or an upper-floor area ("upper floor: Roof loft").
 */
export function placeName(w: SiegeWords, place: string | null | undefined, mapId = catalog.missions.values().next().value?.map ?? ""): string {
  if (!place) return "—";
  if (board.isUpper(place)) {
    const area = board.areaOf(place);
    const found = catalog.maps.get(mapId)?.upper.find((u) => u.id === area);
    return w.t("upper", { area: pick(found?.name, w.language, area) });
  }
  if (!/^\d+,\d+$/.test(place)) return place;
  const geo = catalog.maps.has(mapId) ? board.geometry(mapId) : null;
  const room = geo?.roomOf.get(place);
  return room ? w.t("square.inRoom", { room: roomName(w, room, mapId), square: squareCode(place) }) : w.t("square.outside", { square: squareCode(place) });
}

/** What the word functions may read of the view to name things (the map at least). */
export type NamingView = Pick<SiegeView, "map"> & Partial<Pick<SiegeView, "gadgets" | "tokens" | "hidden" | "partitions" | "operators" | "pending">>;

/**
 * A wall, door or window in words from the map data, with the squares it lies between: "west door
 * of Cold store (between A6 and B6)", "thin wall between Net loft and Smokehouse (between E2 and
 * F2)" (seed 004 "지형": walls lie on the squares' edges). `kind` is its current kind
 * (a thin wall reinforced in play says so), else the map's.
 */
export function partitionName(w: SiegeWords, id: string, view: NamingView): string {
  const geo = catalog.maps.has(view.map) ? board.geometry(view.map) : null;
  const def = geo?.partitions.get(id);
  if (!geo || !def) return w.t("thing.partition");
  const kind = w.t(`legend.${view.partitions?.[id]?.kind ?? def.initial.kind}`);
  const [a, b] = (def.edges[0] ?? "").split("|") as [string, string];
  const ra = geo.roomOf.get(a);
  const rb = geo.roomOf.get(b);
  // The squares it lies between, in words ("between F3 and G3"), never the map's "F3|G3".
  const codes = w.t("partition.edges", { list: def.edges.map((e) => e.split("|").map(squareCode)).map(([sa, sb]) => w.t("partition.edge", { a: sa, b: sb })).join(", ") });
  let name: string;
  if (ra && rb && ra !== rb) name = w.t("partition.between", { kind, a: roomName(w, ra, view.map), b: roomName(w, rb, view.map) });
  else if (ra || rb) {
    const room = (ra ?? rb) as string;
    const pa = board.coords(a);
    const pb = board.coords(b);
    const across = pa.y === pb.y;
    // The partition lies on the room's side that faces the other square.
    const side = ra ? (across ? "E" : "S") : across ? "W" : "N";
    name = ra && rb ? w.t("partition.inside", { kind, room: roomName(w, room, view.map) }) : w.t("partition.side", { kind, side: w.t(`side.${side}`), room: roomName(w, room, view.map) });
  } else name = w.t("partition.outside", { kind });
  // Korean writes the squares right after the name, so a particle follows the name ("창문(C1과 C2 사이)을").
  return w.t("partition.named", { name, codes });
}

/** A gadget or map component on the map in words: "Barbed wire at Packing floor H6". */
function gadgetOnMap(w: SiegeWords, id: string, view: NamingView): string | null {
  const placed = view.gadgets?.find((g) => g.id === id);
  if (placed) return w.t("thing.gadgetAt", { gadget: gadgetName(w, placed.kind), at: placeName(w, placed.at, view.map) });
  const component = catalog.maps.get(view.map)?.components.find((c) => c.id === id);
  if (component) return w.t("thing.gadgetAt", { gadget: gadgetName(w, component.kind), at: placeName(w, board.sq(component.at[0], component.at[1]), view.map) });
  return null;
}

/**
 * The naming view of the event log: `view` with the gadgets that have left the board (a breached
 * camera, a cleared wire; seed 004 "파괴": a destroyed gadget goes back to the box) still known, at
 * their last place from the events (placed, or moved in the defence's setup), so a past line keeps
 * naming the gadget it was about ("Breach by Lantern: Bulletproof camera at Packing floor H5", not
 * "a gadget"). Only what the events already told the viewer.
 */
export function withGoneGadgets(view: SiegeView, events: readonly { readonly events: readonly SiegeEvent[] }[]): SiegeView {
  const components = catalog.maps.get(view.map)?.components ?? [];
  const known = new Map<string, GadgetState>(components.map((c) => [c.id, { id: c.id, kind: c.kind, team: "defence", at: board.sq(c.at[0], c.at[1]) }]));
  for (const e of events.flatMap((entry) => entry.events)) {
    if (e.type === "gadget_placed") known.set(e.gadget.id, e.gadget);
    const moved = e.type === "component_edited" && e.to !== null ? known.get(e.component) : undefined;
    if (moved && e.type === "component_edited") known.set(moved.id, { ...moved, at: e.to ?? moved.at });
  }
  const onBoard = new Set(view.gadgets.map((g) => g.id));
  const gone = [...known.values()].filter((g) => !onBoard.has(g.id));
  return gone.length === 0 ? view : { ...view, gadgets: [...view.gadgets, ...gone] };
}

/**
 * A secret token in words: "Rook's token at Net loft C4", with "real" or "decoy" when the view
 * says which token is real (the defence's); never its id.
 */
export function tokenName(w: SiegeWords, id: string, view: NamingView): string {
  const token = view.tokens?.find((t) => t.id === id);
  if (!token) return w.t("thing.token");
  const real = view.hidden?.real?.[token.operator];
  const kind = real === undefined ? "secret" : real === id ? "real" : "decoy";
  return w.t(`tokenAt.${kind}`, { op: opName(w, token.operator), at: placeName(w, token.at, view.map) });
}

/**
 * Anything a command or an event names by id, in words: an operator, a place, a wall, door or
 * window, a gadget or component on the map, a secret token. Never the raw id: an id the view
 * cannot name becomes a generic word ("a gadget").
 */
export function thingName(w: SiegeWords, id: string, view: NamingView): string {
  if (catalog.operators.has(id)) return opName(w, id);
  if (/^\d+,\d+$/.test(id) || board.isUpper(id)) return placeName(w, id, view.map);
  if (catalog.maps.has(view.map) && board.geometry(view.map).partitions.has(id)) return partitionName(w, id, view);
  const gadget = gadgetOnMap(w, id, view);
  if (gadget) return gadget;
  if (view.tokens?.some((t) => t.id === id)) return tokenName(w, id, view);
  if (catalog.gadgets.has(id)) return gadgetName(w, id);
  return w.t("thing.gadget");
}

/**
 * A component the defence moves or removes in its setup (seed 004 요원 배치, 방어팀 1), in words: a
 * gadget component by its kind (its place changes with the edit), a barricade as the barricade on
 * its door or window ("Barricade on door between Ledger room and Galley (between F7 and F8)"), never a bare
 * door that seems to move.
 */
export function componentName(w: SiegeWords, id: string, view: NamingView): string {
  const kind = view.gadgets?.find((g) => g.id === id)?.kind ?? catalog.maps.get(view.map)?.components.find((c) => c.id === id)?.kind;
  if (kind) return gadgetName(w, kind);
  const barricade = catalog.maps.has(view.map) && board.geometry(view.map).partitions.has(id);
  return barricade ? w.t("ev.barricadeOn", { partition: thingName(w, id, view) }) : thingName(w, id, view);
}

/** A facing in words ("north"). */
export const facingName = (w: SiegeWords, f: string): string => w.t(`facing.${f}`, { defaultValue: f });

/**
 * Why a match ended, in the table's words (the rules' reason "defence: ledger_room held" and the
 * like, parsed by ./end-reason.ts, the one parser of it): the objective room by name; a
 * referee's reason (`time`, `abandoned`...) in this namespace's words, else the match-end banner's.
 */
export function reasonWords(w: SiegeWords, reason: string, mapId?: string): string {
  const parsed = parseSiegeEndReason(reason);
  switch (parsed.kind) {
    case "attackersDown":
      return w.t("reason.attackersDead");
    case "defendersDown":
      return w.t("reason.defendersDead");
    case "conceded":
      return w.t("reason.conceded", { team: teamName(w, parsed.loser) });
    case "secured":
    case "held":
      return w.t(`reason.${parsed.kind}`, { room: roomName(w, parsed.room, mapId) });
    case "referee":
      return w.t(`reason.${parsed.cause}`, { defaultValue: siegeEndReason(w.t, reason) });
    case "other":
      return parsed.text;
  }
}

/** Dice in words: "yellow 1, red 2". */
export const diceWords = (w: SiegeWords, dice: readonly { colour: string; value: number }[]): string =>
  dice.map((d) => w.t("dice.die", { colour: w.t(`colour.${d.colour}`), value: d.value })).join(", ") || "—";

/** An event in words; null for events not worth a line. */
export function describeEvent(w: SiegeWords, e: SiegeEvent, view?: NamingView): string | null {
  const t = w.t;
  const op = (id: string) => opName(w, id);
  const at = (p: string | null | undefined) => placeName(w, p, view?.map);
  const named: NamingView = view ?? { map: catalog.missions.values().next().value?.map ?? "" };
  const thing = (id: string) => thingName(w, id, named);
  // A clock that ran out (a team's bank) or a claim (entered by the server, outside the rules).
  const who = (x: string) => (x === "attack" || x === "defence" ? teamName(w, x) : (w.name?.(x) ?? teamName(w, x.startsWith("a") ? "attack" : "defence")));
  const referee = refereeText(t as unknown as Parameters<typeof refereeText>[0], e, who);
  if (referee !== null) return referee;
  switch (e.type) {
    case "match_started":
      return t("ev.match_started", { mission: pick(catalog.missions.get(e.mission)?.name, w.language, e.mission) });
    case "picks_locked":
      return t("ev.picks_locked", { team: teamName(w, e.team) });
    case "picks_revealed":
      return t("ev.picks_revealed", { attack: e.picks.attack.operators.map(op).join(", "), defence: e.picks.defence.operators.map(op).join(", ") });
    case "component_edited": {
      const component = componentName(w, e.component, named);
      return e.to === null ? t("ev.component_removed", { component }) : t("ev.component_edited", { component, to: thing(e.to) });
    }
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
      // A gadget's blast (a frag grenade, a charge, a claymore: seed 004 "전술 도구", no protection)
      // comes as a shot from the gadget: it is said as a blast, without a distance or a kind.
      if (!catalog.operators.has(e.shooter)) return t("ev.blast", { source: sourceName(w, e.shooter, view), target: op(e.target), dice: diceWords(w, e.dice), damage: e.damage });
      return t("ev.shot", { shooter: sourceName(w, e.shooter, view), target: op(e.target), kind: t(`kind.${e.kind}`), distance: e.distance, protection: e.protection, dice: diceWords(w, e.dice), damage: e.damage });
    case "rerolled":
      return t("ev.rerolled", { team: teamName(w, e.team), dice: diceWords(w, e.dice) });
    case "damaged":
      return t("ev.damaged", { op: op(e.operator), amount: e.amount, source: sourceName(w, e.source, view) });
    case "token_hit":
      return t("ev.token_hit", { source: sourceName(w, e.source, view), token: thing(e.token) });
    case "died":
      return t("ev.died", { op: op(e.operator) });
    case "pinged":
      return t("ev.pinged", { op: op(e.operator), source: sourceName(w, e.source, view) });
    case "stunned":
      // A secret token's stun marker (seed 004 "섬광탄"): public, the same for a real token and a decoy.
      return e.token ? t("ev.tokenStunned", { token: thing(e.token) }) : t("ev.stunned", { op: op(e.operator) });
    case "breached":
      return t("ev.breached", { by: sourceName(w, e.by, view), list: [...e.partitions, ...e.gadgets].map(thing).join(", ") || "—" });
    case "gadget_used":
      // A gadget used on a wall, door or window names it; on a square, the square.
      return t("ev.gadget_used", { op: op(e.operator), gadget: gadgetName(w, e.gadget), at: e.at && !/^\d+,\d+$/.test(e.at) && !board.isUpper(e.at) ? thing(e.at) : at(e.at) });
    case "exploded":
      return t("ev.exploded", { gadget: sourceName(w, e.gadget, view), at: at(e.at) });
    case "overlay_placed":
      return t("ev.overlay_placed", { count: e.spaces.length });
    case "scanned":
      return t("ev.scanned", { op: op(e.operator), room: roomName(w, e.room, view?.map) });
    case "reinforced":
      return t("ev.reinforced", { partition: thing(e.partition) });
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
      return t("ev.match_ended", { winner: e.result.winner === null ? t("result.draw") : t("result.winner", { team: teamName(w, e.result.reason.startsWith("defence") ? "defence" : "attack") }), reason: reasonWords(w, e.result.reason, view?.map) });
  }
}

/** Whether an id is a gadget kind of the catalog (a tactical gadget or an operator's special). */
const isGadgetKind = (id: string): boolean => catalog.gadgets.has(id) || catalog.data.operators.some((op) => op.special.id === id || op.special.kind === id);

/** An event source (an operator, a gadget kind, a gadget on the map, a scan) in words, never its id. */
export function sourceName(w: SiegeWords, source: string, view?: NamingView): string {
  if (catalog.operators.has(source)) return opName(w, source);
  if (isGadgetKind(source)) return gadgetName(w, source);
  if (source === "scan") return w.t("source.scan");
  return thingName(w, source, view ?? { map: catalog.missions.values().next().value?.map ?? "" });
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

/** One field value of a command in words (names, never ids). */
export function valueWords(w: SiegeWords, key: string, value: unknown, view?: NamingView): string {
  const named: NamingView = view ?? { map: catalog.missions.values().next().value?.map ?? "" };
  // A component moved to nowhere is taken off the map (seed 004 세팅 1).
  if (value === null && key === "to") return w.t("values.removeComponent");
  // A deployment without a facing starts without a watch (seed 004 공격팀 배치: operators and their watch tokens).
  if (value === null && key === "facing") return w.t("values.noWatch");
  if (value === null || value === undefined) return w.t("values.none");
  if (key === "component") return componentName(w, String(value), named);
  if (key === "operator" || key === "target" || key === "token") return thingName(w, String(value), named);
  if (key === "at" || key === "to" || key === "via" || key === "aim") return thingName(w, String(value), named);
  if (key === "real") return w.t(`values.${String(value)}`);
  if (key === "fight") return w.t(value ? "values.fightTrue" : "values.fightFalse");
  if (key === "fire") return w.t(value ? "values.fireTrue" : "values.fireFalse");
  if (key === "gadget") return gadgetName(w, String(value));
  if (key === "facing") return facingName(w, String(value));
  if (key === "operators" && Array.isArray(value)) return value.map((o) => opName(w, String(o))).join(", ");
  if (key === "inventory" && typeof value === "object") return Object.entries(value as Record<string, number>).map(([g, n]) => `${gadgetName(w, g)} ×${n}`).join(", ");
  // A watch is named by its direction alone ("north"), as the field's label already says "watch".
  const where = (o: { facing?: string; ap?: string }) => (o.facing ? facingName(w, o.facing) : w.t("say.accessPoint", { ap: placeName(w, o.ap, named.map) }));
  if (key === "watch" && typeof value === "object") return where(value as { facing?: string; ap?: string });
  if (key === "watches" && Array.isArray(value)) {
    return value.map((o: { token?: string; facing?: string; ap?: string }) => (o.token ? w.t("say.fromToken", { token: tokenName(w, o.token, named), where: where(o) }) : where(o))).join(w.t("say.and"));
  }
  if (key === "dice" && Array.isArray(value)) {
    const p = named.pending;
    return value
      .map((i) => {
        const d = p?.kind === "reroll" ? p.dice[Number(i)] : undefined;
        return d ? w.t("say.dieOf", { n: Number(i) + 1, colour: w.t(`colour.${d.colour}`), value: d.value }) : w.t("say.die", { n: Number(i) + 1 });
      })
      .join(", ");
  }
  return String(value);
}
