/**
 * The sample data (docs/rules/sigmar.md "Data decisions"): validated at load, original, and
 * exercising every seed section.
 */
import { buildCatalog, catalog, DataError } from "../src";
import rules from "../data/rules.json";
import battleplan from "../data/battleplan.json";
import tactics from "../data/tactics.json";
import armies from "../data/armies.json";
import verdant from "../data/factions/verdant.json";
import ashen from "../data/factions/ashen.json";

const raw = () => structuredClone({ rules, battleplan, tactics, armies, factions: [verdant, ashen] as unknown[] });

describe("sample data: validated at load", () => {
  test("a malformed file or a broken reference is refused with DataError naming it", () => {
    const bad = raw();
    (bad.factions[0] as { warscrolls: { move: unknown }[] }).warscrolls[0]!.move = "fast";
    expect(() => buildCatalog(bad)).toThrow(DataError);
    expect(() => buildCatalog(bad)).toThrow(/faction file #0/);
    const list = raw();
    (list.armies as { armies: { units: { warscroll: string }[] }[] }).armies[0]!.units[0]!.warscroll = "pyre_tyrant";
    expect(() => buildCatalog(list)).toThrow(/not a verdant warscroll/);
    const twice = raw();
    twice.factions.push(verdant);
    expect(() => buildCatalog(twice)).toThrow(/duplicate faction/);
  });

  test("two factions of at least five warscrolls each; every seed section's ability or weapon ability appears in some warscroll, card or terrain", () => {
    expect(catalog.factions.size).toBe(2);
    for (const f of catalog.factions.values()) expect(f.warscrolls.length).toBeGreaterThanOrEqual(5);
    const text = JSON.stringify([...catalog.factions.values(), ...catalog.tactics.values(), catalog.battleplan]);
    for (const needle of ['"strike_first"', '"strike_last"', '"fight_now"', "anti:", '"charge"', '"companion"', "crit:2hits", "crit:autowound", "crit:mortal", "shoot_in_combat", '"heal"', '"return_models"', '"token"', '"replacement"', '"hero"', '"D3"', '"div"', '"set"', '"must"', '"army":true', '"overrides"', '"forbid"', '"after_fights"', '"fought_against"']) {
      expect([needle, text.replace(/\s/g, "").includes(needle)]).toEqual([needle, true]);
    }
  });
});
