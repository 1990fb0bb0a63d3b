/**
 * The sample data of EMBER (packages/ember/data): it loads, it is playable under the seeds' rules
 * (seed 000, seed 001), and the loader rejects broken copies of it.
 */
import {
  buildCatalog,
  catalog,
  DataError,
  PART_SLOTS,
  TIMINGS,
  type Action,
  type ArmyList,
  type EmberData,
  type Faction,
  type Part,
  type Rect,
  type Scenario,
} from "../src/data";
import { authoredData } from "../src/data/sources";
import validated from "../src/data/validated.json";

const FACTIONS: readonly Faction[] = ["RDL", "UN", "GOF"];
const KEYWORDS = ["snipe", "suppress", "impact", "rupture", "shotgun", "cleave"] as const;

/** A deep, mutable copy of the validated data, to break one thing in (the data is plain JSON). */
function copy(): EmberData {
  return JSON.parse(JSON.stringify(catalog.data)) as EmberData;
}

function part(id: string): Part {
  const found = catalog.parts.get(id);
  if (!found) throw new Error(`no part ${id}`);
  return found;
}

function loadoutParts(faction: Faction): Array<{ id: string; parts: Part[] }> {
  return catalog.data.loadouts
    .filter((l) => l.faction === faction)
    .map((l) => ({ id: l.id, parts: PART_SLOTS.map((slot) => part(l.parts[slot])) }));
}

/** Every action printed on a part or a drone. */
function allActions(): Action[] {
  return [...catalog.data.parts.flatMap((p) => p.actions), ...catalog.data.drones.map((d) => d.commandAction)];
}

/** Army points: each mech is its four parts plus its pilot, each drone its card (seed 001 2). */
function armyPoints(army: ArmyList): number {
  let total = 0;
  for (const unit of army.units) {
    if (unit.kind === "mech") {
      for (const slot of PART_SLOTS) total += part(unit.parts[slot]).points;
      const pilot = catalog.pilots.get(unit.pilot);
      if (!pilot) throw new Error(`no pilot ${unit.pilot}`);
      total += pilot.points;
    } else {
      const drone = catalog.drones.get(unit.drone);
      if (!drone) throw new Error(`no drone ${unit.drone}`);
      total += drone.points;
    }
  }
  return total;
}

function inRect(rect: Rect, x: number, y: number): boolean {
  return x >= rect.x0 && x <= rect.x1 && y >= rect.y0 && y <= rect.y1;
}

function scenario(id: string): Scenario {
  const found = catalog.scenarios.get(id);
  if (!found) throw new Error(`no scenario ${id}`);
  return found;
}

describe("EMBER sample data", () => {
  it("loads and indexes every file", () => {
    expect(catalog.parts.size).toBe(catalog.data.parts.length);
    expect(catalog.pilots.size).toBe(6);
    expect([...catalog.scenarios.keys()].sort()).toEqual(["ashfall", "crossroads", "foundry", "relay-field"]);
    expect(catalog.data.armies).toHaveLength(9);
    // A clean copy of the data builds again: the broken-copy tests below fail for their own reason.
    expect(() => buildCatalog(copy())).not.toThrow();
  });

  it("the bundled data (src/data/validated.json) is the data files as the schema reads them: after editing packages/ember/data, run `pnpm data`", () => {
    // The files through the schema and the reference checks (buildCatalog throws on either).
    const fromFiles = buildCatalog(authoredData()).data;
    // Compared as JSON, as the file holds it: a field the schema leaves out is absent from both.
    expect(validated).toEqual(JSON.parse(JSON.stringify(fromFiles)));
    expect(catalog.data).toEqual(validated);
  });

  it("seed 001 2: each faction has at least 3 loadouts, exactly 2 pilots and at least 1 drone", () => {
    for (const faction of FACTIONS) {
      expect(catalog.data.loadouts.filter((l) => l.faction === faction).length).toBeGreaterThanOrEqual(3);
      expect(catalog.data.pilots.filter((p) => p.faction === faction)).toHaveLength(2);
      expect(catalog.data.drones.filter((d) => d.faction === faction).length).toBeGreaterThanOrEqual(1);
    }
    expect(catalog.data.drones.filter((d) => d.faction === "GOF")).toHaveLength(2);
  });

  it("seed 000 1.2.3: each faction has at least 8 parts with 2 torsos, 2 chassis and 4 arms", () => {
    for (const faction of FACTIONS) {
      const parts = catalog.data.parts.filter((p) => p.faction === faction);
      expect(parts.length).toBeGreaterThanOrEqual(8);
      expect(parts.filter((p) => p.slot === "torso").length).toBeGreaterThanOrEqual(2);
      expect(parts.filter((p) => p.slot === "chassis").length).toBeGreaterThanOrEqual(2);
      expect(parts.filter((p) => p.slot === "left_arm" || p.slot === "right_arm").length).toBeGreaterThanOrEqual(4);
      expect(parts.some((p) => (p.slot === "left_arm" || p.slot === "right_arm") && p.abilities.includes("shield"))).toBe(
        true,
      );
    }
  });

  it("seed 000 1.2.2, seed 001 6.3: part stats stay in the sample ranges; only chassis have mobility", () => {
    for (const p of catalog.data.parts) {
      expect(p.armour).toBeGreaterThanOrEqual(2);
      expect(p.armour).toBeLessThanOrEqual(5);
      expect(p.evasion).toBeLessThanOrEqual(2);
      if (p.ew !== null) expect(p.ew).toBeLessThanOrEqual(2);
      if (p.structure !== undefined) expect(p.structure).toBeLessThanOrEqual(4);
      if (p.slot === "chassis") {
        expect(p.mobility).toBeGreaterThanOrEqual(2);
        expect(p.mobility).toBeLessThanOrEqual(4);
      } else {
        expect(p.mobility).toBeUndefined();
      }
    }
    // A torso with structure survives its first penetration; most torsos have it.
    const torsos = catalog.data.parts.filter((p) => p.slot === "torso");
    expect(torsos.filter((p) => p.structure !== undefined).length).toBeGreaterThan(torsos.length / 2);
  });

  it("seed 001 6.1: pilots have a link maximum of 3-5 and one initiative 1-9 per timing, distinct per faction", () => {
    for (const pilot of catalog.data.pilots) {
      expect(pilot.linkMax).toBeGreaterThanOrEqual(3);
      expect(pilot.linkMax).toBeLessThanOrEqual(5);
      expect(pilot.initiative).toHaveLength(TIMINGS.length);
      for (const value of pilot.initiative) {
        expect(value).toBeGreaterThanOrEqual(1);
        expect(value).toBeLessThanOrEqual(9);
      }
    }
    for (const faction of FACTIONS) {
      const [a, b] = catalog.data.pilots.filter((p) => p.faction === faction);
      expect(a?.initiative).not.toEqual(b?.initiative);
    }
  });

  it("seed 001 4.2: drones are small, in a fixed stance, and command a short shooting attack", () => {
    for (const drone of catalog.data.drones) {
      expect(drone.large).toBe(false);
      expect(["DEF", "MOB", "OFF"]).toContain(drone.stance);
      expect(drone.armour).toBeGreaterThanOrEqual(1);
      expect(drone.armour).toBeLessThanOrEqual(3);
      expect(drone.structure === undefined || drone.structure === 1).toBe(true);
      expect(drone.ew === null || drone.ew === 0).toBe(true);
      expect(drone.movement.squares).toBeGreaterThanOrEqual(3);
      expect(drone.movement.squares).toBeLessThanOrEqual(6);
      const effect = drone.commandAction.effect;
      expect(effect.kind).toBe("attack");
      if (effect.kind !== "attack") continue;
      expect(effect.attack).toBe("shoot");
      expect(effect.range).toBeGreaterThanOrEqual(3);
      expect(effect.range).toBeLessThanOrEqual(5);
      expect(effect.dice.yellow + effect.dice.red).toBeGreaterThanOrEqual(1);
      expect(effect.dice.yellow + effect.dice.red).toBeLessThanOrEqual(2);
    }
    const modes = new Set(catalog.data.drones.map((d) => d.movement.mode));
    expect([...modes].sort()).toEqual(["flying", "ground", "high_altitude"]);
  });

  it("seed 001 6.3: every loadout has a shoot, a melee and a move action over at least 4 timings", () => {
    for (const faction of FACTIONS) {
      for (const { id, parts } of loadoutParts(faction)) {
        const actions = parts.flatMap((p) => p.actions);
        const effects = actions.map((a) => a.effect);
        expect({ id, shoot: effects.some((e) => e.kind === "attack" && e.attack === "shoot") }).toEqual({ id, shoot: true });
        expect({ id, melee: effects.some((e) => e.kind === "attack" && e.attack === "melee") }).toEqual({ id, melee: true });
        expect({ id, move: effects.some((e) => e.kind === "move") }).toEqual({ id, move: true });
        expect(new Set(actions.map((a) => a.timing)).size).toBeGreaterThanOrEqual(4);
        for (const p of parts) expect(p.faction).toBe(faction);
      }
    }
  });

  it("seed 000 1.5, 3, 10: every faction has launch actions, interception and smoke; every fired, installed and scattered kind appears", () => {
    for (const faction of FACTIONS) {
      const actions = catalog.data.parts.filter((p) => p.faction === faction).flatMap((p) => p.actions);
      expect({ faction, launch: actions.some((a) => a.timing === "launch" && a.effect.kind === "launch") }).toEqual({ faction, launch: true });
      expect({ faction, smoke: actions.some((a) => a.effect.kind === "smoke") }).toEqual({ faction, smoke: true });
    }
    const launches = allActions().flatMap((a) => (a.effect.kind === "launch" ? [a.effect] : []));
    expect(new Set(launches.map((e) => e.fire))).toEqual(new Set(["direct", "indirect", "install", "scatter"]));
    expect(launches.some((e) => e.drone !== undefined)).toBe(true);
    const triggers = new Set(catalog.data.projectiles.map((p) => p.trigger));
    expect(triggers).toEqual(new Set(["instant", "delay", "passive"]));
    const interceptions = allActions().flatMap((a) => (a.effect.kind === "attack" && a.effect.interception !== undefined ? [a.effect] : []));
    expect(interceptions.some((e) => e.interceptOnly)).toBe(true);
    expect(interceptions.some((e) => !e.interceptOnly)).toBe(true);
  });

  it("seed 000 1.3, 1.4: attacks roll 2-5 dice, shooting reaches 3-8 squares, melee 1-2; action ids are unique per part", () => {
    for (const p of catalog.data.parts) {
      expect(new Set(p.actions.map((a) => a.id)).size).toBe(p.actions.length);
      for (const action of p.actions) {
        const e = action.effect;
        if (e.kind !== "attack") continue;
        const dice = e.dice.yellow + e.dice.red;
        if (action.timing === "quick") {
          expect(e.attack).toBe("shoot");
          expect(e.range).toBe(3);
          expect(dice).toBeLessThanOrEqual(2);
          continue;
        }
        expect(dice).toBeGreaterThanOrEqual(2);
        expect(dice).toBeLessThanOrEqual(5);
        if (e.attack === "shoot") {
          expect(action.timing).toBe("shoot");
          expect(e.range).toBeGreaterThanOrEqual(3);
          expect(e.range).toBeLessThanOrEqual(8);
        } else {
          expect(action.timing).toBe("melee");
          expect([1, 2]).toContain(e.range);
        }
      }
    }
  });

  it("seed 000 1.2.1, 1.2.4: every attack keyword and a result replacement appear in the data", () => {
    const attacks = allActions().flatMap((a) => (a.effect.kind === "attack" ? [a.effect] : []));
    const used = new Set(attacks.flatMap((e) => e.keywords));
    for (const keyword of KEYWORDS) expect(used.has(keyword)).toBe(true);
    expect(attacks.some((e) => e.replace.length > 0)).toBe(true);
  });

  it("seed 001 2: every sample mech with its pilot costs 180-280 points", () => {
    for (const faction of FACTIONS) {
      const pilots = catalog.data.pilots.filter((p) => p.faction === faction);
      for (const { id, parts } of loadoutParts(faction)) {
        const body = parts.reduce((sum, p) => sum + p.points, 0);
        for (const pilot of pilots) {
          expect({ id, pilot: pilot.id, ok: body + pilot.points >= 180 && body + pilot.points <= 280 }).toEqual({
            id,
            pilot: pilot.id,
            ok: true,
          });
        }
      }
    }
  });

  it("seed 001 2: every sample army is single-faction, has unique pilots and is within its point limit", () => {
    const limits = catalog.data.rules.pointLimits;
    expect(limits.skirmish).toBe(600);
    expect(limits.standard).toBe(900);
    const sizes: Record<string, number> = {};
    for (const army of catalog.data.armies) {
      const mechs = army.units.flatMap((u) => (u.kind === "mech" ? [u] : []));
      const drones = army.units.flatMap((u) => (u.kind === "drone" ? [u] : []));
      for (const mech of mechs) {
        for (const slot of PART_SLOTS) {
          expect(part(mech.parts[slot]).slot).toBe(slot);
          expect(part(mech.parts[slot]).faction).toBe(army.faction);
        }
        expect(catalog.pilots.get(mech.pilot)?.faction).toBe(army.faction);
      }
      for (const d of drones) expect(catalog.drones.get(d.drone)?.faction).toBe(army.faction);
      const pilots = mechs.map((m) => m.pilot);
      expect(new Set(pilots).size).toBe(pilots.length);

      // Skirmish: 2 mechs and 1 drone; standard: 2 mechs and 2-3 drones.
      const size = drones.length === 1 ? "skirmish" : "standard";
      expect(mechs).toHaveLength(2);
      if (size === "standard") expect(drones.length).toBeLessThanOrEqual(3);
      expect({ army: army.name, points: armyPoints(army) <= limits[size] }).toEqual({ army: army.name, points: true });
      sizes[`${army.faction}/${size}`] = (sizes[`${army.faction}/${size}`] ?? 0) + 1;
    }
    for (const faction of FACTIONS) {
      // One skirmish army for Crossroads and one for Ashfall, which uses launches and smoke.
      expect(sizes[`${faction}/skirmish`]).toBe(2);
      expect(sizes[`${faction}/standard`]).toBe(1);
    }
  });

  it("armyPoints sums parts, pilots and drones", () => {
    const army: ArmyList = {
      name: "probe",
      faction: "RDL",
      units: [
        {
          kind: "mech",
          parts: {
            torso: "rdl-bastion-torso",
            chassis: "rdl-crawler-chassis",
            left_arm: "rdl-slab-shield",
            right_arm: "rdl-breaker-cannon",
          },
          pilot: "rdl-han-dolseok",
        },
        { kind: "drone", drone: "rdl-scrap-tortoise" },
      ],
    };
    // 60 + 45 + 40 + 60 parts, 45 pilot, 60 drone.
    expect(armyPoints(army)).toBe(310);
  });

  it("seed 001 3.1: scenarios are 12 x 12 with nine valued zones, and deployment zones hold no terrain", () => {
    for (const s of catalog.data.scenarios) {
      expect(s.board).toEqual({ width: 12, height: 12, squareMm: 75 });
      expect(Object.keys(s.mission.zoneValues).sort()).toEqual(["A", "B", "C", "D", "E", "F", "G", "H", "I"]);
      expect(s.terrain.length).toBeGreaterThanOrEqual(4);
      const seen = new Set<string>();
      for (const piece of s.terrain) {
        for (const [x, y] of piece.squares) {
          expect({ piece: piece.id, x, y, black: inRect(s.deployment.black, x, y) }).toEqual({ piece: piece.id, x, y, black: false });
          expect({ piece: piece.id, x, y, white: inRect(s.deployment.white, x, y) }).toEqual({ piece: piece.id, x, y, white: false });
          // No two pieces share a square.
          expect(seen.has(`${x},${y}`)).toBe(false);
          seen.add(`${x},${y}`);
        }
      }
    }
    expect(scenario("crossroads").battleSize).toBe("skirmish");
    expect(scenario("crossroads").deployment).toEqual({
      black: { x0: 0, y0: 0, x1: 11, y1: 1 },
      white: { x0: 0, y0: 10, x1: 11, y1: 11 },
    });
    expect(scenario("crossroads").mission.zoneValues.E).toBe(3);
    expect(scenario("foundry").battleSize).toBe("standard");
    expect(scenario("foundry").deployment).toEqual({
      black: { x0: 0, y0: 0, x1: 1, y1: 11 },
      white: { x0: 10, y0: 0, x1: 11, y1: 11 },
    });
    expect(scenario("foundry").mission.zoneValues).not.toEqual(scenario("crossroads").mission.zoneValues);
  });

  it("crossroads terrain is point-symmetric about the board centre", () => {
    const s = scenario("crossroads");
    const key = (p: { blocking: boolean; impassable: boolean; heightInches: number }, squares: Array<[number, number]>) =>
      `${p.blocking}/${p.impassable}/${p.heightInches}:` +
      squares
        .map(([x, y]) => `${x},${y}`)
        .sort()
        .join(" ");
    const pieces = new Set(s.terrain.map((t) => key(t, t.squares)));
    for (const t of s.terrain) {
      const mirrored = t.squares.map(([x, y]) => [s.board.width - 1 - x, s.board.height - 1 - y] as [number, number]);
      expect({ piece: t.id, mirrored: pieces.has(key(t, mirrored)) }).toEqual({ piece: t.id, mirrored: true });
    }
    expect(s.terrain.some((t) => t.blocking && t.impassable && t.heightInches === 4)).toBe(true);
    expect(s.terrain.some((t) => !t.blocking && !t.impassable && t.heightInches >= catalog.data.rules.coverHeightInches)).toBe(
      true,
    );
  });

  describe("buildCatalog rejects broken data with a DataError", () => {
    it("a loadout naming a missing part", () => {
      const broken = copy();
      broken.loadouts[0]!.parts.torso = "no-such-torso";
      expect(() => buildCatalog(broken)).toThrow(DataError);
      expect(() => buildCatalog(broken)).toThrow(/unknown part "no-such-torso"/);
    });

    it("a chassis without mobility", () => {
      const broken = copy();
      const chassis = broken.parts.find((p) => p.slot === "chassis")!;
      delete chassis.mobility;
      expect(() => buildCatalog(broken)).toThrow(DataError);
      expect(() => buildCatalog(broken)).toThrow(new RegExp(`chassis part ${chassis.id} needs a mobility`));
    });

    it("a duplicate part id", () => {
      const broken = copy();
      const first = broken.parts[0]!;
      broken.parts.push({ ...first, name: { en: "Twin", ko: "쌍둥이" } });
      expect(() => buildCatalog(broken)).toThrow(DataError);
      expect(() => buildCatalog(broken)).toThrow(new RegExp(`duplicate part id "${first.id}"`));
    });

    it("a part failing its schema", () => {
      const broken = copy() as unknown as { parts: Array<Record<string, unknown>> };
      broken.parts[0]!.slot = "tail";
      expect(() => buildCatalog(broken)).toThrow(DataError);
    });

    it("seed 000 1.2.1: an automaton action sharing its drone's command action id, or one that is not an attack", () => {
      const sameId = copy();
      const wasp = sameId.drones.find((d) => d.automaton)!;
      wasp.automaton!.action.id = wasp.commandAction.id;
      expect(() => buildCatalog(sameId)).toThrow(/the automaton action needs an id of its own/);
      const notAttack = copy();
      notAttack.drones.find((d) => d.automaton)!.automaton!.action.effect = { kind: "recover_link", amount: 1 };
      expect(() => buildCatalog(notAttack)).toThrow(DataError);
    });

    it("seed 000 1.5.2: vulnerable terrain without armour fails its schema", () => {
      const broken = copy() as unknown as { scenarios: Array<{ terrain: Array<Record<string, unknown>> }> };
      const piece = broken.scenarios.flatMap((s) => s.terrain).find((t) => t.vulnerable)!;
      piece.vulnerable = { structure: 2 };
      expect(() => buildCatalog(broken as unknown as EmberData)).toThrow(DataError);
    });
  });

  it("seed 000 1.2.1, 1.5.2: the sample data has an automaton drone (the GOF Wasp) and vulnerable terrain on the Ashfall launch map", () => {
    const wasp = catalog.drones.get("gof-wasp")!;
    expect(wasp.automaton).toMatchObject({ action: { id: "sting-reflex", effect: { kind: "attack", attack: "shoot", range: 2 } }, targeting: { pick: "nearest", prefer: "drone" } });
    const bowser = scenario("ashfall").terrain.find((t) => t.id === "fuel-bowser")!;
    expect(bowser).toMatchObject({ squares: [[11, 5], [11, 6]], blocking: true, impassable: true, vulnerable: { armour: 2, structure: 2, rubbleHeightInches: 2 } });
  });
});

describe("sample data of the melee, resource and command rules (seed 000 1.2.1, 1.4.2, 2, 4, 7-9, 11)", () => {
  const parts = catalog.data.parts;
  const actions = parts.flatMap((p) => [...p.actions, ...(p.discarded?.actions ?? [])].map((a) => ({ part: p, action: a })));
  const attacks = actions.flatMap(({ part, action }) => (action.effect.kind === "attack" ? [{ part, action, effect: action.effect }] : []));
  const factionsWith = (list: readonly { part: { faction: string } }[]) => new Set(list.map((x) => x.part.faction));

  it("seed 000 2: the common actions are punch and kick, crawl, system stabilisation, detect, decloak, discard and charge, with the seed's timings and lengths", () => {
    const common = Object.fromEntries(catalog.data.commonActions.map((c) => [c.action.id, [c.action.timing, c.action.length, [...c.slots].sort()]]));
    expect(common).toEqual({
      discard: ["quick", "S", ["chassis", "left_arm", "right_arm", "torso"]],
      "punch-kick": ["melee", "M", ["chassis", "left_arm", "right_arm"]],
      crawl: ["move", "M", ["chassis", "left_arm", "right_arm"]],
      stabilise: ["tactical", "S", ["torso"]],
      charge: ["quick", "S", ["chassis", "left_arm", "right_arm", "torso"]],
      detect: ["tactical", "S", ["torso"]],
      decloak: ["tactical", "S", ["torso"]],
    });
  });

  it("seed 000 1.4.2, 11: every faction has a part with a parry value and an armed part with a discarded card; a drone has parry and lock-on", () => {
    for (const faction of FACTIONS) {
      expect([faction, parts.some((p) => p.faction === faction && p.parry !== undefined)]).toEqual([faction, true]);
      expect([faction, parts.some((p) => p.faction === faction && p.discarded !== undefined)]).toEqual([faction, true]);
    }
    expect(catalog.data.drones.some((d) => d.parry !== undefined && d.lockOn)).toBe(true);
    expect(parts.some((p) => p.unarmed)).toBe(true);
    expect(attacks.some((a) => a.effect.thrown)).toBe(true);
    expect(factionsWith(attacks.filter((a) => a.effect.twoHanded))).toEqual(new Set(FACTIONS));
  });

  it("seed 000 4, 7, 8, 9: link costs, ammo with a resupply, charge, command generation, coordination and command costs appear on sample cards", () => {
    expect(actions.some(({ action }) => action.linkCost !== undefined)).toBe(true);
    const ammo = actions.filter(({ action }) => action.ammo);
    expect(ammo.length).toBeGreaterThan(0);
    const resupplied = new Set(actions.flatMap(({ action }) => (action.effect.kind === "resupply" ? [action.effect.ammo] : [])));
    expect(ammo.some(({ action }) => resupplied.has(action.ammo!.kind))).toBe(true);
    expect(factionsWith(actions.filter(({ action }) => action.charge))).toEqual(new Set(["RDL", "GOF"]));
    const gof = parts.filter((p) => p.faction === "GOF");
    expect(gof.some((p) => (p.commandGeneration ?? 0) > 1)).toBe(true);
    expect(gof.some((p) => p.actions.some((a) => a.coordination !== undefined))).toBe(true);
    expect(gof.some((p) => p.actions.some((a) => a.commandCost !== undefined))).toBe(true);
  });

  it("seed 000 1.2.1: dice abilities that add, remove and set dice, results that deal damage and results that trigger effects appear on sample cards", () => {
    const abilities = [...parts.map((p) => p.diceAbilities), ...attacks.map((a) => a.effect.diceAbilities)].filter((d) => d !== undefined);
    expect(abilities.some((d) => [...d.attack, ...d.defence].some((c) => c.change < 0))).toBe(true);
    expect(abilities.some((d) => [...d.attack, ...d.defence].some((c) => c.change > 0))).toBe(true);
    expect(abilities.some((d) => d.setAttack.length > 0)).toBe(true);
    expect(abilities.some((d) => d.setDefence.length > 0)).toBe(true);
    expect(abilities.some((d) => d.replaceDefence.length > 0)).toBe(true);
    expect(attacks.some((a) => a.effect.damageResults.length > 0)).toBe(true);
    expect(attacks.some((a) => a.effect.triggers.length > 0)).toBe(true);
  });

  it("seed 000 7: a resupply naming an ammo kind that no action uses is rejected at load", () => {
    const broken = copy();
    const action = broken.parts.flatMap((p) => p.actions).find((a) => a.effect.kind === "resupply")!;
    (action.effect as { ammo: string }).ammo = "no-such-ammo";
    expect(() => buildCatalog(broken)).toThrow(DataError);
    expect(() => buildCatalog(broken)).toThrow(/resupplies unknown ammo "no-such-ammo"/);
  });
});
