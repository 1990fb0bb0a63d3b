/**
 * Army lists (seed 001 2).
 */
import { armyPoints, catalog, unitPoints, validateArmy, type ArmyList } from "../../src";
import { RDL, UN } from "../helpers";

describe("seed 001 2 army lists", () => {
  test("a mech costs its four parts plus its pilot; a drone its card", () => {
    const bulwark = RDL.units[0]!;
    if (bulwark.kind !== "mech") throw new Error("expected a mech");
    const expected =
      Object.values(bulwark.parts).reduce((n, id) => n + catalog.parts.get(id)!.points, 0) + catalog.pilots.get(bulwark.pilot)!.points;
    expect(unitPoints(bulwark)).toBe(expected);
    expect(armyPoints(RDL)).toBe(RDL.units.reduce((n, u) => n + unitPoints(u), 0));
  });

  test("the sample armies and the test armies are valid skirmish armies", () => {
    expect(validateArmy(RDL, "skirmish")).toEqual([]);
    expect(validateArmy(UN, "skirmish")).toEqual([]);
    for (const army of catalog.data.armies) {
      const size = armyPoints(army) <= 600 ? "skirmish" : "standard";
      expect(validateArmy(army, size)).toEqual([]);
    }
  });

  test("point limits: skirmish 600, standard 900, large 1200", () => {
    expect(catalog.data.rules.pointLimits).toEqual({ skirmish: 600, standard: 900, large: 1200 });
    const big: ArmyList = { ...RDL, units: [...RDL.units, ...Array(5).fill({ kind: "drone", drone: "rdl-scrap-tortoise" })] };
    expect(validateArmy(big, "skirmish").map((p) => p.code)).toEqual(["over_points"]);
    expect(validateArmy(big, "standard")).toEqual([]);
  });

  test("a single faction: a part, pilot or drone of another faction is rejected with the reason", () => {
    const mixed: ArmyList = {
      ...RDL,
      units: [
        { kind: "mech", parts: { torso: "rdl-bastion-torso", chassis: "un-gyro-striders", left_arm: "rdl-slab-shield", right_arm: "rdl-breaker-cannon" }, pilot: "un-yoon-seoha" },
        { kind: "drone", drone: "gof-wasp" },
      ],
    };
    const problems = validateArmy(mixed, "skirmish");
    expect(problems.map((p) => p.code)).toEqual(["wrong_faction", "wrong_faction", "wrong_faction"]);
    expect(problems[0]?.message).toMatch(/UN, the army is RDL/);
    expect(problems.every((p) => p.rule === "001_f556d9be58b12b7c.txt 2")).toBe(true);
  });

  test("pilots are unique within an army", () => {
    const twice: ArmyList = { ...RDL, units: [RDL.units[0]!, { ...(RDL.units[1] as Extract<ArmyList["units"][number], { kind: "mech" }>), pilot: "rdl-han-dolseok" }] };
    expect(validateArmy(twice, "skirmish").map((p) => p.code)).toEqual(["duplicate_pilot"]);
  });

  test("unknown ids, parts in the wrong slot and an army without mechs are rejected", () => {
    const bad: ArmyList = {
      ...RDL,
      units: [
        { kind: "mech", parts: { torso: "rdl-crawler-chassis", chassis: "rdl-crawler-chassis", left_arm: "nope", right_arm: "rdl-breaker-cannon" }, pilot: "ghost" },
      ],
    };
    expect(validateArmy(bad, "skirmish").map((p) => p.code).sort()).toEqual(["unknown_part", "unknown_pilot", "wrong_slot"]);
    expect(validateArmy({ ...RDL, units: [{ kind: "drone", drone: "rdl-scrap-tortoise" }] }, "skirmish").map((p) => p.code)).toEqual(["no_mech"]);
  });
});
