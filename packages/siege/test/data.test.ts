/**
 * Siege's sample data (packages/siege/data) is validated at load; the dice keep the seed's
 * averages (seed 004 "능력": yellow about 1, orange about 1.5, red about 2).
 */
import { buildCatalog, catalog, DataError } from "../src";

const raw = () => structuredClone(catalog.data) as unknown as Record<string, unknown> & typeof catalog.data;

describe("seed 004 sample data: validated at load", () => {
  test("seed 004 능력: the damage dice average 1 (yellow), 1.5 (orange) and 2 (red)", () => {
    const avg = (faces: readonly number[]) => faces.reduce((a, b) => a + b, 0) / faces.length;
    expect(avg(catalog.data.dice.yellow)).toBe(1);
    expect(avg(catalog.data.dice.orange)).toBe(1.5);
    expect(avg(catalog.data.dice.red)).toBe(2);
  });

  test("seed 004 팀 준비: at least five attack and five defence sample operators, each with a special gadget, one mission on one map", () => {
    expect(catalog.data.operators.filter((o) => o.team === "attack").length).toBeGreaterThanOrEqual(5);
    expect(catalog.data.operators.filter((o) => o.team === "defence").length).toBeGreaterThanOrEqual(5);
    expect(catalog.missions.get("ledger")!.map).toBe("saltmarsh_cannery");
    expect(catalog.data.gadgets.map((g) => g.id).sort()).toEqual(
      ["barbed_wire", "breach_charge", "bulletproof_camera", "c4", "camera", "claymore", "deployable_shield", "drone", "flashbang", "frag_grenade", "impact_grenade", "smoke_grenade"],
    );
  });

  test("a malformed file or a broken reference is refused with DataError naming it", () => {
    const badDie = raw();
    badDie.dice = { ...badDie.dice, red: [1, 2, 3] };
    expect(() => buildCatalog(badDie)).toThrow(DataError);
    const badRoom = raw();
    badRoom.missions = [{ ...badRoom.missions[0]!, objectiveRoom: "attic" }];
    expect(() => buildCatalog(badRoom)).toThrow(/unknown room "attic"/);
    const fewOps = raw();
    fewOps.operators = fewOps.operators.filter((o) => o.team === "defence" || o.id === "auger");
    expect(() => buildCatalog(fewOps)).toThrow(/only 1 attack operators/);
    const badFloor = raw();
    badFloor.maps = [{ ...badFloor.maps[0]!, floor: badFloor.maps[0]!.floor.map((r, i) => (i === 3 ? r.replace("a", "z") : r)) }];
    expect(() => buildCatalog(badFloor)).toThrow(/floor letter "z"/);
  });
});
