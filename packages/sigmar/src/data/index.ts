/**
 * Loads and validates the sample data once at import: a malformed file or a broken reference
 * throws {@link DataError} naming it.
 */
import rules from "../../data/rules.json";
import battleplan from "../../data/battleplan.json";
import tactics from "../../data/tactics.json";
import armies from "../../data/armies.json";
import verdant from "../../data/factions/verdant.json";
import ashen from "../../data/factions/ashen.json";
import { z } from "zod";
import { DataError } from "@fogwar/engine";
import { ArmyList, Battleplan, CoreRules, Faction, TacticCard, Words, type Ability, type Warscroll } from "./schema";

export * from "./schema";

/** A sample-data file that does not match its schema or refers to something missing (the engine's). */
export { DataError };

/** The validated data with indexes by id. */
export interface SigmarCatalog {
  readonly rules: CoreRules;
  readonly battleplan: Battleplan;
  readonly factions: ReadonlyMap<string, Faction>;
  readonly warscrolls: ReadonlyMap<string, Warscroll & { faction: string }>;
  readonly enhancements: ReadonlyMap<string, Ability & { faction: string }>;
  readonly tactics: ReadonlyMap<string, TacticCard>;
  readonly armies: readonly ArmyList[];
  /** The sample lists' names in both languages (a list's own name is its player's text). */
  readonly armyLabels: ReadonlyMap<string, Words>;
  /** The raw files it was built from (a frozen build's sample data, for its replay fixture). */
  readonly data: RawData;
}

/** The raw files the catalog is built from (tests pass broken copies). */
export interface RawData {
  readonly rules: unknown;
  readonly battleplan: unknown;
  readonly tactics: unknown;
  readonly armies: unknown;
  readonly factions: readonly unknown[];
}

function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new DataError(`${what}: ${r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return r.data;
}

/** Validates raw data files into a catalog. @throws DataError on a malformed file or a broken reference. */
export function buildCatalog(raw: RawData): SigmarCatalog {
  const coreRules = parse(CoreRules, raw.rules, "rules.json");
  const plan = parse(Battleplan, raw.battleplan, "battleplan.json");
  const factions = new Map<string, Faction>();
  const warscrolls = new Map<string, Warscroll & { faction: string }>();
  const enhancements = new Map<string, Ability & { faction: string }>();
  const abilityIds = new Set<string>();
  for (const [i, f] of raw.factions.entries()) {
    const faction = parse(Faction, f, `faction file #${i}`);
    if (factions.has(faction.id)) throw new DataError(`duplicate faction "${faction.id}"`);
    factions.set(faction.id, faction);
    for (const w of faction.warscrolls) {
      if (warscrolls.has(w.id)) throw new DataError(`duplicate warscroll "${w.id}"`);
      if (new Set(w.weapons.map((x) => x.id)).size !== w.weapons.length) throw new DataError(`warscroll ${w.id}: duplicate weapon id`);
      for (const weapon of w.weapons) if (weapon.kind === "ranged" && weapon.range === undefined) throw new DataError(`warscroll ${w.id}: ranged weapon ${weapon.id} has no range`);
      for (const a of w.abilities) {
        if (abilityIds.has(a.id)) throw new DataError(`duplicate ability "${a.id}"`);
        abilityIds.add(a.id);
      }
      warscrolls.set(w.id, { ...w, faction: faction.id });
    }
    for (const e of faction.enhancements) enhancements.set(e.id, { ...e, faction: faction.id });
  }
  const tacticCards = new Map<string, TacticCard>();
  for (const card of parse(TacticCard.array(), (raw.tactics as { cards?: unknown }).cards, "tactics.json")) tacticCards.set(card.id, card);
  const lists = parse(ArmyList.array(), (raw.armies as { armies?: unknown }).armies, "armies.json");
  for (const list of lists) {
    for (const u of list.units) if (warscrolls.get(u.warscroll)?.faction !== list.faction) throw new DataError(`army ${list.name}: "${u.warscroll}" is not a ${list.faction} warscroll`);
  }
  const labels = new Map(Object.entries(parse(z.record(z.string(), Words), (raw.armies as { labels?: unknown }).labels ?? {}, "armies.json labels")));
  return { rules: coreRules, battleplan: plan, factions, warscrolls, enhancements, tactics: tacticCards, armies: lists, armyLabels: labels, data: raw };
}

/** The sample data, validated at import. */
export const catalog: SigmarCatalog = buildCatalog({ rules, battleplan, tactics, armies, factions: [verdant, ashen] });
