/**
 * The sample data (original to the project; seed 002 gives no characters, weapons or maps) is
 * validated at load: a malformed file or a broken reference is refused with a DataError naming it.
 */
import rules from "../data/rules.json";
import weapons from "../data/weapons.json";
import equipment from "../data/equipment.json";
import characters from "../data/characters.json";
import fields from "../data/fields.json";
import provingGround from "../data/scenarios/proving_ground.json";
import encounterFile from "../data/encounters/proving_ground.json";
import { buildCatalog, catalog, DataError } from "../src";
import { buildEncounters, encounters } from "../src/encounters";

const raw = () => structuredClone({ rules, weapons, equipment, characters, fields, scenarios: [provingGround] as unknown[] });

describe("seed 002 sample data: validated at load", () => {
  test("seed 002 3-1, 3-7: the sample data holds characters with the six stats and W, weapons of the four kinds, slotted equipment, every field-effect row and three scenarios", () => {
    expect([...catalog.archetypes.values()].every((a) => ["PRC", "BRT", "COG", "TGH", "GRC", "SPD", "W"].every((k) => k in a.stats))).toBe(true);
    expect(new Set([...catalog.weapons.values()].map((w) => w.kind))).toEqual(new Set(["pistol", "rifle", "heavy", "melee"]));
    expect(new Set([...catalog.equipment.values()].map((e) => e.kind))).toEqual(new Set(["supercharger", "repair", "medical", "lamp", "bonus"]));
    expect([...catalog.fields.keys()]).toEqual(["clear", "storm", "extreme_storm", "rough", "extreme_ruins"]);
    expect([...catalog.scenarios.keys()]).toEqual(["proving_ground", "quarry", "pumphouse"]);
  });

  test("a malformed file or a broken reference is refused with DataError naming it", () => {
    const broken: [string, (d: ReturnType<typeof raw>) => void, RegExp][] = [
      ["a weapon without damage", (d) => delete (d.weapons.weapons[0] as Record<string, unknown>).damage, /weapons\.json/],
      ["an unknown weapon", (d) => (d.characters.characters[0]!.weapons = ["raygun"]), /unknown weapon "raygun"/],
      ["an unknown item", (d) => (d.characters.characters[0]!.equipment = ["jetpack"]), /unknown equipment "jetpack"/],
      ["a character on a wall square", (d) => ((d.scenarios[0] as typeof provingGround).party[0]!.at = [5, 5]), /does not stand on an open square/],
      ["two characters on one square", (d) => ((d.scenarios[0] as typeof provingGround).party[1]!.at = [1, 9]), /two characters/],
      ["a hidden party character", (d) => ((d.scenarios[0] as typeof provingGround).party[0] as Record<string, unknown>).hidden = 6, /cannot start hidden/],
      ["an unknown field", (d) => ((d.scenarios[0] as typeof provingGround).field = "acid_rain"), /unknown field/],
      ["a short map row", (d) => ((d.scenarios[0] as typeof provingGround).map.rows[0] = "..."), /not 12 wide/],
    ];
    for (const [what, breakIt, message] of broken) {
      const d = raw();
      breakIt(d);
      expect([what, () => buildCatalog(d)]).toEqual([what, expect.any(Function)]);
      expect(() => buildCatalog(d)).toThrow(DataError);
      expect(() => buildCatalog(d)).toThrow(message);
    }
  });

  test("the encounters (the game master's, read by the server only) fit their scenarios; one whose enemies are all hidden, off the map or on a party character's square is refused", () => {
    expect([...encounters.keys()].sort()).toEqual([...catalog.scenarios.keys()].sort());
    const broken: [(e: typeof encounterFile) => void, RegExp][] = [
      [(e) => e.enemies.forEach((p) => Object.assign(p, { hidden: 6 })), /every enemy starts hidden/],
      [(e) => (e.enemies[0]!.at = [1, 9]), /two characters on 1,9/],
      [(e) => (e.enemies[0]!.at = [5, 5]), /does not stand on an open square/],
      [(e) => (e.scenario = "moon"), /unknown scenario "moon"/],
    ];
    for (const [breakIt, message] of broken) {
      const e = structuredClone(encounterFile);
      breakIt(e);
      expect(() => buildEncounters([e])).toThrow(message);
    }
  });
});
