/**
 * Non-interference of mustered army lists (seed 001 2, design.md principle 8), run by the engine
 * kit over seeded bot matches created without lists, every viewer, every step: a locked list is
 * known to its seat (and in 2 v 2 to its team) until the reveal. Another list behind the same
 * commitment changes nothing another seat or a spectator sees, is awaited for, may do or is
 * refused; locking another list tells the others the same (its commitment aside); no list's
 * name reaches a viewer not entitled before the reveal. The matches then play to their end, so the
 * kit's replay and legal-command checks cover mustered matches too.
 */
import { allViewers, sha256Hex, viewerLabel, type SeatId, type Viewer } from "@fogwar/engine";
import { runKit, type KitReport } from "@fogwar/engine/testing";
import { ERRORS, ember, emberBotPolicy, type ArmyList, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState, type EmberView } from "../src";
import { presetArmies } from "../src/muster";
import { diceSecret, entitled, type EmberSecret } from "./secrets";

interface Case {
  readonly seed: string;
  readonly botSeed: string;
  readonly setup: EmberSetup;
  readonly label: string;
}

const SCENARIOS = ["crossroads", "foundry", "ashfall"] as const;

/** 18 matches of two seats (both seat orders, so each seat locks first), 6 of 2 v 2. */
function cases(): Case[] {
  const out: Case[] = [];
  for (let i = 0; i < 24; i++) {
    const scenario = SCENARIOS[i % 3]!;
    const teamGame = i >= 18;
    const seats = teamGame ? ["p1", "p2", "p3", "p4"] : i % 2 === 0 ? ["p1", "p2"] : ["p2", "p1"];
    const seed = `muster-${i}-${sha256Hex(`muster-${i}`).slice(0, 32)}`;
    const setup: EmberSetup = {
      scenario,
      seats,
      ...(teamGame ? { teams: { p1: "alpha", p2: "bravo", p3: "alpha", p4: "bravo" } } : {}),
      options: { progressiveReveal: i % 4 < 2 },
    };
    out.push({ seed, botSeed: `muster-bot-${i}`, setup, label: `muster match #${i} (seed "${seed}", ${scenario}, seats ${seats.join(" ")})` });
  }
  return out;
}

const CASES = cases();
const VIEWERS = (setup: EmberSetup): Viewer[] => [
  ...allViewers(setup.seats),
  ...(setup.teams ? [{ kind: "team" as const, team: "alpha" }, { kind: "team" as const, team: "bravo" }] : []),
];

const locked = (state: EmberState, seat: SeatId) => state.phase === "muster" && state.muster?.revealed === false && state.muster.seats[seat]?.list != null;

/** Another sample list than `army`, valid in `state`'s battle. */
function otherList(state: EmberState, army: ArmyList): ArmyList {
  const presets = presetArmies(state).filter((a) => a.name !== army.name);
  return presets[army.units.length % presets.length]!;
}

/** Whether another seat locked the same list as `seat`. */
const sharedList = (state: EmberState, seat: SeatId): boolean => {
  const text = JSON.stringify(state.muster?.seats[seat]?.list);
  return Object.entries(state.muster?.seats ?? {}).some(([s, e]) => s !== seat && JSON.stringify(e.list) === text);
};

const seen = { varied: 0, choices: 0, leaksChecked: 0 };

/** `hider`'s locked list before the reveal. */
const listSecret = (hider: SeatId): EmberSecret => ({
  name: "lists",
  entitled: (state, viewer) => entitled(state, viewer, hider),
  vary: (state) => {
    if (!locked(state, hider)) return [];
    seen.varied++;
    const variant = structuredClone(state);
    variant.muster!.seats[hider]!.list = otherList(state, state.muster!.seats[hider]!.list!);
    return [variant];
  },
  probes: (ctx, seat) => {
    const own = ctx.state.muster?.seats[seat];
    const hidden = ctx.state.muster?.seats[hider]?.list;
    const probes: { seat: string; command: unknown; refuse: true }[] = [
      { seat, command: { type: "lock_army", army: { ...(hidden ?? presetArmies(ctx.state)[0]!), units: [] } }, refuse: true },
      { seat, command: { type: "lock_army", army: { name: "x", faction: "RDL", units: [{ kind: "drone", drone: "nope" }] } }, refuse: true },
      { seat, command: { type: "lock_army" }, refuse: true },
      { seat, command: { type: "choose_side", side: "black" }, refuse: true },
      { seat, command: { type: "peek", seat: hider }, refuse: true },
    ];
    if (own?.commitment === null) probes.push({ seat, command: { type: "unlock_army" }, refuse: true });
    if (own?.commitment && hidden) probes.push({ seat, command: { type: "lock_army", army: hidden }, refuse: true });
    return probes;
  },
  revealedBy: (events) => events.some((e) => e.event.type === "armies_revealed"),
  choices: (state, seat, command) => (seat === hider && command.type === "lock_army" && state.phase === "muster" ? [{ ...command, army: otherList(state, command.army) }] : []),
  // A list's units as text (unless another seat locked the same sample list: then anyone may hold that text).
  mentions: (state) => (locked(state, hider) && !sharedList(state, hider) ? [JSON.stringify(state.muster!.seats[hider]!.list!.units)] : []),
  maskKeys: ["commitment"],
  onCompared: (channel) => {
    if (channel === "choices") seen.choices++;
  },
});

let report: KitReport<EmberSetup, EmberState, EmberCommand, EmberEvent, EmberView>;

beforeAll(() => {
  report = runKit({
    ruleset: ember,
    cases: CASES,
    policy: emberBotPolicy,
    viewers: VIEWERS,
    errors: ERRORS,
    legal: { every: 5 },
    replay: { twice: false },
    secrets: [diceSecret("secret", { every: { view: 5, awaiting: 5, legal: 10, probes: 0, next: 0, choices: 0, mentions: 0 } }), ...["p1", "p2", "p3", "p4"].map(listSecret)],
    onStep: (ctx) => {
      // Before the reveal no viewer outside a seat's side reads that seat's list in its view.
      if (ctx.state.phase !== "muster") return;
      for (const viewer of ctx.viewers) {
        for (const [seat, entry] of Object.entries(ctx.state.muster!.seats)) {
          if (entry.list === null || entitled(ctx.state, viewer, seat) || sharedList(ctx.state, seat)) continue;
          seen.leaksChecked++;
          if (ctx.viewJson(viewer).includes(JSON.stringify(entry.list.units))) ctx.problems.add("lists", `${ctx.at} viewer ${viewerLabel(viewer)} sees ${seat}'s list`);
        }
      }
    },
  });
}, 240_000);

describe("seed 001 2, design.md principle 8: mustered lists over seeded bot matches, every viewer, every step", () => {
  test("every mustered match musters, reveals and plays to its end; its log replays to the same state", () => {
    report.problems.expectNone("termination");
    report.problems.expectNone("replay");
    expect(report.counters.get("matches")).toBe(CASES.length);
    for (const played of report.played) {
      const types = played.log.entries.flatMap((e) => e.events.map((x) => x.event.type));
      expect([played.label, types.filter((t) => t === "army_locked").length]).toEqual([played.label, played.case.setup.seats.length]);
      expect([played.label, types.includes("armies_revealed")]).toEqual([played.label, true]);
    }
  });

  test("legalCommands lists what apply accepts during the muster too (the sample lists, unlock)", () => {
    report.problems.expectNone("listed");
    report.problems.expectNone("unlisted");
    report.problems.expectNone("errors");
  });

  test("non-interference: another list behind the same commitment, or locking another list, changes nothing the other seats, the other team or the spectator see, may do or are refused", () => {
    report.problems.expectNone("lists");
    report.problems.expectNone("secret");
    expect(seen.varied).toBeGreaterThan(30);
    expect(seen.choices).toBeGreaterThan(30);
    expect(report.counters.get("lists:probes")).toBeGreaterThan(100);
    expect(seen.leaksChecked).toBeGreaterThan(100);
  });
});
