/**
 * Korean (and English) completeness of the tables: every event kind and every decision of EMBER,
 * Siege, Age of Sigmar and the TRPG, from seeded random-bot matches through the rulesets (test/corpus.ts), rendered in
 * both languages. Fails on a raw id or placeholder on any page, a Latin word on a Korean page
 * outside the allow-list (test/readable.ts), a bare seat id (the pages are rendered with players'
 * names, as the table gets them from the welcome), a missing i18n key, and an event kind of a
 * ruleset's event union that no rendered page contained.
 */
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { ember, legalCommandsInView as emberLegal, type EmberEvent } from "@fogwar/ember";
import { siege, legalCommandsInView as siegeLegal, type SiegeEvent } from "@fogwar/siege";
import { sigmar, legalCommandsInView as sigmarLegal, templatesInView as sigmarTemplates, type SigmarEvent } from "@fogwar/sigmar";
import { SigmarTableView } from "../src/rulesets/sigmar/SigmarTableView";
import { trpg, legalCommandsInView as trpgLegal, type TrpgEvent, type TrpgState } from "@fogwar/trpg";
import { TrpgTableView } from "../src/rulesets/trpg/TrpgTableView";
import { setupI18n } from "../src/i18n";
import { resources } from "../src/i18n/bundled-resources";
import { TableView } from "../src/rulesets/ember/TableView";
import { EventLog } from "../src/rulesets/ember/EventLog";
import { SiegeTableView } from "../src/rulesets/siege/SiegeTableView";
import { ChatPanel } from "../src/table/ChatPanel";
import { MemoryRouter } from "react-router";
import { PlayBot } from "../src/lobby/PlayBot";
import { BotNote } from "../src/table/BotNote";
import { rulesetsBody } from "./fixtures";
import { emberCorpus, siegeCorpus, sigmarCorpus, trpgCorpus } from "./corpus";
import { SIEGE_SEAT_IDS, TRPG_SEAT_IDS, problems, readable } from "./readable";
import { NAMES, withNames } from "./players";
import { ClockPanel } from "../src/table/ClockPanel";
import { AbandonmentPanel } from "../src/table/Abandonment";
import type { ClockField, ClockInfo } from "../src/table/clock";

// About 100 s for EMBER alone on an idle 2-core machine (108 bot matches); more on a busy one.
jest.setTimeout(600_000);

/** Every kind of EMBER's event union (the type check fails when the union gains or loses one). */
const EMBER_KINDS = Object.keys({
  army_locked: 1, army_unlocked: 1, armies_revealed: 1, first_player_roll: 1, side_chosen: 1, initiative_order: 1, secondary_chosen: 1, secondaries_revealed: 1, objective_placed: 1, unit_deployed: 1, round_started: 1,
  phase_started: 1, projectile_launched: 1, drone_launched: 1, interception: 1, projectile_detonated: 1, projectile_removed: 1, smoke_placed: 1, smoke_removed: 1,
  commands_generated: 1, drone_commanded: 1, commands_ended: 1, unit_moved: 1, plan_locked: 1, dials_revealed: 1, plan_opened: 1, timing_called: 1,
  activation_started: 1, activation_ended: 1, stance_changed: 1, rebooted: 1, action_taken: 1, attack_declared: 1, hit_part: 1, part_rolled: 1, dice_rolled: 1,
  dice_rerolled: 1, dice_replaced: 1, attack_resolved: 1, part_damaged: 1, part_destroyed: 1, unit_destroyed: 1, link_changed: 1, ew_roll: 1,
  passive_triggered: 1, lo_token: 1, camouflage_on: 1, concealment_set: 1, decloaked: 1, attack_failed: 1, chain_damage: 1, vp_scored: 1, match_ended: 1,
  parry_declared: 1, parry: 1, parry_succeeded: 1, dice_changed: 1, dice_set: 1, result_triggered: 1, part_discarded: 1, part_charged: 1, charge_spent: 1,
  ammo_spent: 1, ammo_resupplied: 1, command_tokens_spent: 1, coordination_granted: 1, terrain_attacked: 1, terrain_damaged: 1, ew_rerolled: 1,
  designation_used: 1,
} satisfies Record<EmberEvent["type"], 1>);

/** Every kind of Siege's event union. */
const SIEGE_KINDS = Object.keys({
  match_started: 1, picks_locked: 1, picks_revealed: 1, component_edited: 1, gadget_placed: 1, token_placed: 1, setup_ended: 1, deployed: 1, round_started: 1,
  phase_started: 1, activated: 1, moved: 1, leaned: 1, stood: 1, ran: 1, watching: 1, watch_ended: 1, revealed: 1, shot: 1, rerolled: 1, damaged: 1,
  token_hit: 1, died: 1, pinged: 1, stunned: 1, breached: 1, gadget_used: 1, exploded: 1, overlay_placed: 1, scanned: 1, reinforced: 1, contest_started: 1,
  contest_yielded: 1, activation_ended: 1, phase_ended: 1, upkeep: 1, match_ended: 1,
} satisfies Record<SiegeEvent["type"], 1>);

/** Every kind of Age of Sigmar's event union. */
const SIGMAR_KINDS = Object.keys({
  seed_committed: 1, army_locked: 1, army_unlocked: 1, armies_revealed: 1, deployed: 1, cards_drawn: 1, round_started: 1, reserves_destroyed: 1, turn_started: 1,
  phase_started: 1, neutral_order: 1, moved: 1, run_rolled: 1, set_up: 1, charge_rolled: 1, charge_failed: 1, attacks: 1, mortal_damage: 1, unit_destroyed: 1, models_removed: 1, retreat_declared: 1,
  fight_picked: 1, fight_declined: 1, ability_used: 1, ability_roll: 1, healed: 1, models_returned: 1, effect_added: 1, token_placed: 1, token_removed: 1,
  card_played: 1, command_used: 1, effects_ordered: 1, scored: 1, declined: 1, conceded: 1, match_ended: 1, rallied: 1,
} satisfies Record<SigmarEvent["type"], 1>);

const LANGS = ["en", "ko"] as const;
const missing: string[] = [];

beforeAll(() => {
  setupI18n("en");
  i18next.options.saveMissing = true;
  i18next.options.missingKeyHandler = (lngs, ns, key) => void missing.push(`${lngs.join(",")}:${ns}:${key}`);
});
afterEach(cleanup);

/** Collects the problems of every page `draw` renders, in both languages, under `label`. */
async function check(label: string, draw: () => ReturnType<typeof render>, found: Map<string, string[]>, seatIds?: RegExp): Promise<void> {
  const page = { seatIds, names: Object.values(NAMES) };
  for (const language of LANGS) {
    await act(async () => {
      await i18next.changeLanguage(language);
    });
    missing.length = 0;
    const { container, unmount } = draw();
    const list = [...problems(readable(container), language, page), ...missing.map((k) => ({ what: `missing key ${k}`, context: "" }))];
    unmount();
    for (const p of list) {
      const key = `${language} ${p.what}`;
      if (!found.has(key)) found.set(key, [`${label}: "${p.context}"`]);
    }
  }
}

function report(found: Map<string, string[]>): string[] {
  return [...found.entries()].map(([p, where]) => `${p}  (${where.join("; ")})`);
}

test("key sets: every English key has a Korean string and the other way round", () => {
  const keys = (o: unknown, prefix = ""): string[] =>
    o && typeof o === "object" ? Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];
  const en = Object.entries(resources.en ?? {}).flatMap(([ns, r]) => keys(r).map((k) => `${ns}:${k}`));
  const ko = Object.entries(resources.ko ?? {}).flatMap(([ns, r]) => keys(r).map((k) => `${ns}:${k}`));
  // Plural forms differ by language (Korean has only "_other").
  const base = (k: string) => k.replace(/_(one|other|zero|two|few|many)$/, "");
  expect([...new Set(en.map(base))].filter((k) => !ko.map(base).includes(k))).toEqual([]);
  expect([...new Set(ko.map(base))].filter((k) => !en.map(base).includes(k))).toEqual([]);
});

test("EMBER: every event kind and every decision, in English and Korean, with no raw id and no English on the Korean page", async () => {
  const corpus = emberCorpus(5);
  const found = new Map<string, string[]>();
  const rendered = new Set<string>();
  for (const match of corpus.matches) {
    for (const [seat, entries] of Object.entries(match.seen)) {
      const view = ember.viewFor(match.state, seatViewer(seat));
      await check(`${match.label} log for ${seat}`, () => render(withNames(<EventLog view={view} events={entries} />)), found);
      for (const e of entries) for (const ev of e.events) rendered.add(ev.type);
    }
    // The end of the match (result, scores, every army's name) once per scenario and armies.
    if (!match.label.endsWith("-0")) continue;
    const view = ember.viewFor(match.state, seatViewer("p1"));
    await check(`${match.label} end`, () => render(withNames(<TableView matchId="m" view={view} seat="p1" legal={[]} onCommand={() => {}} events={[]} />)), found);
  }
  for (const decision of corpus.decisions.values()) {
    const view = ember.viewFor(decision.state, seatViewer(decision.seat));
    const legal = emberLegal(view, decision.seat);
    await check(`decision ${decision.type}`, () => render(withNames(<TableView matchId="m" view={view} seat={decision.seat} legal={legal} onCommand={() => {}} events={[]} />)), found);
  }
  // A seat unlocking its list to change it (seed 001 2; bots never do), as the other seat reads it.
  const musterStart = ember.setup({ scenario: "crossroads", seats: ["p1", "p2"] }, "muster-unlock").state;
  const lockedP1 = ember.apply(musterStart, ember.legalCommands(musterStart, "p1")[0]!, "p1");
  const unlockedP1 = lockedP1.ok ? ember.apply(lockedP1.state, { type: "unlock_army" }, "p1") : lockedP1;
  if (!lockedP1.ok || !unlockedP1.ok) throw new Error("the muster commands were refused");
  const unlockLog = [lockedP1, unlockedP1].map((r, i) => ({ seq: i + 1, events: r.events.map((e) => ember.redact(e, seatViewer("p2"))).filter((e): e is EmberEvent => e !== null) }));
  await check("muster unlock log", () => render(<EventLog view={ember.viewFor(unlockedP1.state, seatViewer("p2"))} events={unlockLog} />), found);
  for (const e of unlockLog) for (const ev of e.events) rendered.add(ev.type);
  expect(EMBER_KINDS.filter((k) => !rendered.has(k))).toEqual([]);
  expect(report(found)).toEqual([]);
});

test("EMBER muster (seed 001 2): the builder with its lock button, a locked seat waiting with unlock, another seat's and a spectator's view, in English and Korean", async () => {
  const found = new Map<string, string[]>();
  const start = ember.setup({ scenario: "crossroads", seats: ["p1", "p2"] }, "muster-completeness").state;
  const [army] = ember.legalCommands(start, "p1");
  const locked = ember.apply(start, army!, "p1");
  if (!locked.ok) throw new Error("the sample list was refused");
  const cases = [
    { label: "muster builder", state: start, seat: "p1" },
    { label: "muster waiting", state: locked.state, seat: "p1" },
    { label: "muster other seat", state: locked.state, seat: "p2" },
    { label: "muster spectator", state: locked.state, seat: null },
    { label: "muster review (omniscient)", state: locked.state, seat: null, omniscient: true },
  ];
  const events = [{ seq: 1, events: locked.events.map((e) => e.event) }];
  for (const c of cases) {
    const view = ember.viewFor(c.state, c.seat ? seatViewer(c.seat) : "omniscient" in c ? { kind: "omniscient" } : { kind: "spectator" });
    if ("omniscient" in c) expect(view.muster?.seats.p1?.list).toBeDefined();
    const legal = c.seat ? emberLegal(view, c.seat) : [];
    await check(c.label, () => render(<TableView matchId="m" view={view} seat={c.seat} legal={legal} onCommand={() => {}} events={events} />), found);
  }
  // The controls are there: the builder's lock button, the waiting seat's unlock button.
  await act(async () => {
    await i18next.changeLanguage("en");
  });
  const builder = render(<TableView matchId="m" view={ember.viewFor(start, seatViewer("p1"))} seat="p1" legal={[]} onCommand={() => {}} events={[]} />);
  expect(builder.getByRole("button", { name: /Lock my list/ })).toBeTruthy();
  builder.unmount();
  const waiting = render(<TableView matchId="m" view={ember.viewFor(locked.state, seatViewer("p1"))} seat="p1" legal={[]} onCommand={() => {}} events={[]} />);
  expect(waiting.getByRole("button", { name: "Unlock to change it" })).toBeTruthy();
  waiting.unmount();
  // A locked list shows as locked, not as its commitment hash (checked in the review's verification).
  const commitment = ember.viewFor(locked.state, seatViewer("p2")).muster!.seats.p1!.commitment!;
  expect(commitment).toMatch(/^[0-9a-f]{16,}$/);
  const other = render(<TableView matchId="m" view={ember.viewFor(locked.state, seatViewer("p2"))} seat="p2" legal={[]} onCommand={() => {}} events={[]} />);
  expect(other.container.textContent).toContain("✓ list locked");
  expect(other.container.textContent).not.toContain(commitment.slice(0, 8));
  other.unmount();
  expect(report(found)).toEqual([]);
});

test("Siege: every event kind and every decision, in English and Korean, with no raw id and no English on the Korean page", async () => {
  const corpus = siegeCorpus(6);
  const found = new Map<string, string[]>();
  const rendered = new Set<string>();
  for (const match of corpus.matches) {
    // One seat of each team (teammates see the same events).
    for (const [seat, entries] of Object.entries(match.seen).filter(([s]) => s === "a1" || s === "d1")) {
      const view = siege.viewFor(match.state, seatViewer(seat));
      // A contest at an access point (an exchange of fire random play never reached): typed
      // samples with the match's own operators and a place from its log.
      const ops = Object.keys(match.state.operators);
      const place = entries.flatMap((e) => e.events).find((e): e is Extract<SiegeEvent, { type: "deployed" }> => e.type === "deployed")?.at;
      const samples: SiegeEvent[] =
        place && ops.length >= 2
          ? [
              { type: "contest_started", ap: place, challenger: ops[0]!, holder: ops.at(-1)! },
              { type: "contest_yielded", ap: place },
            ]
          : [];
      const events = [...entries, { seq: 1e6, events: samples }];
      await check(`${match.label} for ${seat}`, () => render(withNames(<SiegeTableView matchId="m" view={view} seat={seat} legal={[]} onCommand={() => {}} events={events} />)), found, SIEGE_SEAT_IDS);
      for (const e of events) for (const ev of e.events) rendered.add(ev.type);
    }
  }
  for (const decision of corpus.decisions.values()) {
    const view = siege.viewFor(decision.state, seatViewer(decision.seat));
    const legal = siegeLegal(view, decision.seat);
    await check(`decision ${decision.type}`, () => render(withNames(<SiegeTableView matchId="m" view={view} seat={decision.seat} legal={legal} onCommand={() => {}} events={[]} />)), found, SIEGE_SEAT_IDS);
  }
  expect(SIEGE_KINDS.filter((k) => !rendered.has(k))).toEqual([]);
  expect(report(found)).toEqual([]);
});

test("Age of Sigmar: every event kind, every decision, the muster, the attack stages and the review's views, in English and Korean, with no raw id and no English on the Korean page", async () => {
  const corpus = sigmarCorpus(5);
  const found = new Map<string, string[]>();
  const rendered = new Set<string>();
  for (const match of corpus.matches) {
    for (const [seat, entries] of Object.entries(match.seen)) {
      const view = sigmar.viewFor(match.state, seatViewer(seat));
      // Events random play rarely or never reaches, typed with the battle's own units.
      const mine = Object.values(view.units).find((u) => u.owner === seat)!;
      const samples: SigmarEvent[] = [
        { type: "army_unlocked", seat },
        { type: "reserves_destroyed", units: [{ id: mine.id, warscroll: mine.warscroll, salt: "ab".repeat(32) }] },
        { type: "models_returned", unit: mine.id, rolled: 2, models: [{ x: 100, y: 100 }] },
        { type: "effects_ordered", seat, order: [`${mine.id}:sap_feast`] },
        { type: "declined", seat, what: "riposte" },
        { type: "conceded", seat },
        { type: "set_up", unit: mine.id, warscroll: mine.warscroll, models: [], replacementOf: mine.id },
        { type: "ability_used", unit: mine.id, seat, ability: "oathbond", targets: [], noEffect: true },
      ];
      const events = [...entries, { seq: 1e6, events: samples }];
      await check(`${match.label} for ${seat}`, () => render(withNames(<SigmarTableView matchId="m" view={view} seat={seat} legal={[]} templates={[]} onCommand={() => {}} events={events} />)), found);
      for (const e of events) for (const ev of e.events) rendered.add(ev.type);
    }
    const spectatorView = sigmar.viewFor(match.state, { kind: "spectator" });
    await check(`${match.label} review as a spectator`, () => render(withNames(<SigmarTableView matchId="m" view={spectatorView} seat={null} legal={[]} templates={[]} onCommand={() => {}} events={match.seen.p1 ?? []} readOnly />)), found);
  }
  for (const decision of corpus.decisions.values()) {
    const view = sigmar.viewFor(decision.state, seatViewer(decision.seat));
    const legal = sigmarLegal(view, decision.seat);
    const templates = sigmarTemplates(view, decision.seat);
    await check(`decision ${decision.type}`, () => render(withNames(<SigmarTableView matchId="m" view={view} seat={decision.seat} legal={legal} templates={templates} onCommand={() => {}} events={[]} />)), found);
  }
  expect(SIGMAR_KINDS.filter((k) => !rendered.has(k))).toEqual([]);
  expect(report(found)).toEqual([]);
});

/** Every kind of the TRPG's event union. */
const TRPG_KINDS = Object.keys({
  match_started: 1, initiative: 1, round_started: 1, turn_started: 1, turn_ended: 1, waits_unseen: 1, delayed: 1, moved: 1, prone: 1, disengaged: 1, braced: 1, peeking: 1, swapped: 1,
  overwatch_set: 1, overwatch_ended: 1, concealed: 1, spotting: 1, reactive_spot: 1, revealed: 1, unseen_attacker: 1, attack: 1, dodge: 1, penetration: 1, damaged: 1, incapacitated: 1,
  died: 1, death_save: 1, stabilised: 1, healed: 1, suppressing: 1, dropped: 1, shove: 1, decided: 1, contact: 1, hazard: 1, check: 1, stats_revealed: 1, chilled: 1, surprise_over: 1,
  round_step: 1, round_ended: 1, delayed_stopped: 1, conceded: 1, match_ended: 1,
} satisfies Record<TrpgEvent["type"], 1>);

test("TRPG: every event kind, every decision, the round-end step and the master's console, in English and Korean, with no raw id and no English on the Korean page", async () => {
  const corpus = trpgCorpus(2);
  const found = new Map<string, string[]>();
  const rendered = new Set<string>();
  for (const match of corpus.matches) {
    const other = match.state.mode === "gm" ? "gm" : "e1";
    for (const [seat, entries] of Object.entries(match.seen).filter(([s]) => s === "p1" || s === other)) {
      const view = trpg.viewFor(match.state, seatViewer(seat));
      // Events random play rarely reaches, typed with the match's own characters.
      const ids = Object.keys(match.state.characters).sort();
      const [a, b] = [ids[0]!, ids.at(-1)!];
      const samples: TrpgEvent[] = [
        { type: "contact", mover: a, hidden: b },
        { type: "stats_revealed", character: b, archetype: "raider" },
        { type: "chilled", character: a },
        { type: "check", character: a, stat: "COG", kind: "skill", die: 3, mods: [{ source: "COG", value: 4 }], total: 7, need: 7, success: true, study: b },
        { type: "check", character: a, stat: "TGH", kind: "resist", die: 2, mods: [{ source: "master", value: -1 }], total: 1, need: 3, success: false, cold: true },
        { type: "delayed_stopped", actor: b, index: 1, code: "unreachable", heardBy: "enemies" },
        { type: "conceded", seat: "p2" },
        { type: "shove", attacker: a, target: b, die: 6, need: 5, success: true },
        { type: "stabilised", character: a, by: b, die: 4, need: 3, success: true },
        { type: "healed", character: a, by: b, item: "repair_kit", die: 2, need: 3, success: false },
        { type: "delayed", character: a, after: b },
        { type: "dropped", character: b },
        { type: "hazard", character: a, die: 1, wounded: true },
        { type: "death_save", character: a, die: 5, success: false, fails: 1 },
        { type: "reactive_spot", observer: a, target: b, cause: "respot", success: false },
        { type: "revealed", character: b, at: { x: 3, y: 4 }, cause: "contact", by: a },
        { type: "revealed", character: b, at: { x: 3, y: 4 }, cause: "fallen" },
      ];
      const events = [...entries, { seq: 1e6, events: samples }];
      await check(`${match.label} for ${seat}`, () => render(withNames(<TrpgTableView matchId="m" view={view} seat={seat} legal={[]} onCommand={() => {}} events={events} />)), found, TRPG_SEAT_IDS);
      for (const e of events) for (const ev of e.events) rendered.add(ev.type);
    }
  }
  for (const decision of corpus.decisions.values()) {
    const view = trpg.viewFor(decision.state, seatViewer(decision.seat));
    const legal = trpgLegal(view, decision.seat);
    await check(`decision ${decision.type}`, () => render(withNames(<TrpgTableView matchId="m" view={view} seat={decision.seat} legal={legal} onCommand={() => {}} events={[]} />)), found, TRPG_SEAT_IDS);
  }
  // Every decision kind the rules ask (a pending question), as its seat sees it.
  const pendings = new Map<string, { state: TrpgState; seat: string }>();
  for (const d of corpus.decisions.values()) if (d.state.pending && !pendings.has(d.state.pending.kind)) pendings.set(d.state.pending.kind, { state: d.state, seat: d.seat });
  for (const [kind, p] of pendings) {
    const view = trpg.viewFor(p.state, seatViewer(p.seat));
    await check(`pending ${kind}`, () => render(withNames(<TrpgTableView matchId="m" view={view} seat={p.seat} legal={trpgLegal(view, p.seat)} onCommand={() => {}} events={[]} />)), found, TRPG_SEAT_IDS);
  }
  expect([...pendings.keys()].sort()).toEqual(expect.arrayContaining(["dodge", "overwatch"]));
  expect(TRPG_KINDS.filter((k) => !rendered.has(k))).toEqual([]);
  expect(report(found)).toEqual([]);
});

test("clocks and abandonment claims: the clock panel in every state and the referee's events, in English and Korean", async () => {
  const found = new Map<string, string[]>();
  const now = () => 1_000_000;
  const field = (over: Partial<ClockField>): ClockInfo => ({
    receivedAt: 1_000_000,
    field: {
      at: 5_000,
      kind: "total",
      clocks: [
        { clock: "p1", seats: ["p1"], remainingMs: 754_000, activationMs: 0, running: true },
        { clock: "p2", seats: ["p2"], remainingMs: 12_000, activationMs: 0, running: false },
      ],
      imposed: null,
      claimDelayMs: 60_000,
      claims: [],
      ...over,
    },
  });
  const panels: [string, ClockInfo][] = [
    ["total clocks", field({})],
    ["bank clocks", field({ kind: "bank", clocks: [{ clock: "attack", seats: ["a1"], remainingMs: 650_000, activationMs: 50_000, running: true }, { clock: "defence", seats: ["d1"], remainingMs: 20_000, activationMs: 0, running: false }] })],
    ["claim countdown", field({ claims: [{ absent: "p2", since: 0, allowedAt: 60_000 }] })],
    ["claim allowed", field({ claims: [{ absent: "p2", since: 0, allowedAt: 5_000 }] })],
    ["lost on time", field({ imposed: { winner: "p1", reason: "time" } })],
    ["claimed win", field({ imposed: { winner: "p1", reason: "abandoned" } })],
    ["claimed draw", field({ imposed: { winner: null, reason: "abandoned_draw" } })],
    ["conceded (the referee's concession)", field({ imposed: { winner: "p1", reason: "conceded" } })],
  ];
  for (const [label, info] of panels) {
    // Siege's clocks are its teams', named as the Siege table names them.
    const nameOf = (s: string) => (s === "attack" || s === "defence" ? i18next.t(`team.${s}`, { ns: "siege" }) : (NAMES[s] ?? s));
    await check(label, () => render(<ClockPanel info={info} nameOf={nameOf} now={now} />), found);
    await check(`${label}: leaving the match`, () => render(<AbandonmentPanel info={info} seat="p1" over={false} nameOf={nameOf} sideOf={(s) => s} onClaim={async () => ({ ok: true })} onConcede={async () => ({ ok: true })} now={now} />), found);
  }
  // Concede's question and a refusal, the same words in every ruleset's table.
  await check("concede question and refusal", () => {
    const page = render(<AbandonmentPanel info={null} seat="p1" over={false} nameOf={(s) => NAMES[s] ?? s} sideOf={(s) => s} onConcede={async () => ({ ok: false, error: { message: "x" } })} />);
    fireEvent.click(page.getByRole("button", { name: i18next.t("abandon.concede", { ns: "table" }) }));
    return page;
  }, found);
  const emberCorpusOne = emberCorpus(1).matches[0]!;
  const emberView = ember.viewFor(emberCorpusOne.state, seatViewer("p1"));
  const emberReferee = [
    { type: "time_out", clock: "p2", seat: "p2", result: { winner: "p1", reason: "time", scores: {} } },
    { type: "claimed", by: "p1", absent: "p2", outcome: "win", result: { winner: "p1", reason: "abandoned", scores: {} } },
    { type: "claimed", by: "p1", absent: "p2", outcome: "draw", result: { winner: null, reason: "abandoned_draw", scores: {} } },
    { type: "concession", seat: "p2", result: { winner: "p1", reason: "conceded", scores: {} } },
  ] as unknown as EmberEvent[];
  await check("EMBER referee events", () => render(<EventLog view={emberView} events={[{ seq: 1, events: emberReferee }]} />), found);
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  const shown = render(withNames(<EventLog view={emberView} events={[{ seq: 1, events: emberReferee }]} />));
  expect(shown.container.textContent).toContain(`${NAMES.p2}의 시간이 다 되었습니다.`);
  expect(shown.container.textContent).toContain(`${NAMES.p1}가 무승부를 청구했습니다`);
  shown.unmount();
  const siegeMatch = siegeCorpus(1).matches[0]!;
  const siegeView = siege.viewFor(siegeMatch.state, seatViewer("a1"));
  const siegeReferee = [
    { type: "time_out", clock: "defence", seat: "d1", result: null },
    { type: "claimed", by: "a1", absent: "d1", outcome: "win", result: { winner: "a1", reason: "abandoned", scores: {} } },
  ] as unknown as SiegeEvent[];
  await check("Siege referee events", () => render(<SiegeTableView matchId="m" view={siegeView} seat="a1" legal={[]} onCommand={() => {}} events={[{ seq: 1, events: siegeReferee }]} />), found);
  const siegeShown = render(<SiegeTableView matchId="m" view={siegeView} seat="a1" legal={[]} onCommand={() => {}} events={[{ seq: 1, events: siegeReferee }]} />);
  expect(siegeShown.container.textContent).toContain("활성화가 패스로 끝납니다");
  siegeShown.unmount();
  expect(report(found)).toEqual([]);
});

test("the table chat: every tab, note, prompt and refusal, in English and Korean", async () => {
  const found = new Map<string, string[]>();
  const at = Date.UTC(2026, 10, 25, 15, 0);
  const lines = [
    { id: "players:1", n: 1, audience: "players", team: null, seat: "a1", name: "하나", text: "잘 부탁해요", seq: 0, at },
    { id: "team:attack:1", n: 1, audience: "team", team: "attack", seat: "a2", name: "두리", text: "동쪽 벽", seq: 3, at },
    { id: "spectators:1", n: 1, audience: "spectators", team: null, seat: null, name: null, text: "재밌다", seq: 3, at },
  ] as const;
  const audiences = ["players", "team", "spectators"] as const;
  const errors = ["chat_empty", "chat_too_long", "chat_audience_closed", "chat_rate_limited", "server_error", null];
  for (const open of audiences) {
    for (const error of errors) {
      // A player's table (players and team), a spectator's (players read-only, spectators), the review (all, read-only).
      const views = [
        { read: ["players", "team"], write: ["players", "team"] },
        { read: ["players", "spectators"], write: ["spectators"] },
      ] as const;
      for (const view of views) {
        if (!(view.read as readonly string[]).includes(open)) continue;
        const read = [open, ...view.read.filter((a) => a !== open)];
        await check(`chat ${open} ${error ?? "ok"}`, () => render(<ChatPanel chat={{ read, write: view.write, lines, error }} onSend={() => true} />), found);
        await check(`chat ${open} empty`, () => render(<ChatPanel chat={{ read, write: view.write, lines: [], error }} onSend={() => true} />), found);
      }
    }
  }
  await check("chat review", () => render(<ChatPanel chat={{ read: audiences, write: [], lines, error: null }} title={i18next.t("common:chat.review")} />), found);
  expect(report(found)).toEqual([]);
});

test("Play against the bot: the lobby's form (EMBER and Siege) and the tables' bot note, in English and Korean", async () => {
  const found = new Map<string, string[]>();
  const api = { createMatch: jest.fn() } as unknown as Parameters<typeof PlayBot>[0]["api"];
  const ember = rulesetsBody.rulesets[0] as unknown as Parameters<typeof PlayBot>[0]["ember"];
  const siegeListing = { id: "siege" as const, rulesVersion: "siege-0.1.0", missions: [{ id: "ledger", name: { en: "Seize the ledger", ko: "장부 확보" }, map: "saltmarsh_cannery", rounds: 5 }], maps: [], teamSizes: [1] };
  await check("play against the bot (EMBER)", () => render(<MemoryRouter><PlayBot api={api} ember={ember} siege={siegeListing} /></MemoryRouter>), found);
  await check("play against the bot (Siege)", () => render(<MemoryRouter><PlayBot api={api} ember={undefined} siege={siegeListing} /></MemoryRouter>), found);
  await check("bot note, thinking", () => render(<BotNote bots={{ p2: "normal" }} waiting={["p2"]} />), found);
  await check("bot note, waiting", () => render(<BotNote bots={{ d1: "easy" }} waiting={["a1"]} />), found);
  expect(report(found)).toEqual([]);
});
