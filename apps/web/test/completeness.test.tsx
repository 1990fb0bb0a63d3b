/**
 * Korean (and English) completeness of the tables: every event kind and every decision of EMBER
 * and Siege, from seeded random-bot matches through the rulesets (test/corpus.ts), rendered in
 * both languages. Fails on a raw id or placeholder on any page, a Latin word on a Korean page
 * outside the allow-list (test/readable.ts), a missing i18n key, and an event kind of a
 * ruleset's event union that no rendered page contained.
 */
import { act, cleanup, render } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { ember, legalCommandsInView as emberLegal, type EmberEvent } from "@fogwar/ember";
import { siege, legalCommandsInView as siegeLegal, type SiegeEvent } from "@fogwar/siege";
import { setupI18n } from "../src/i18n";
import { resources } from "../src/i18n/bundled-resources";
import { TableView } from "../src/ember/TableView";
import { EventLog } from "../src/ember/EventLog";
import { SiegeTableView } from "../src/siege/SiegeTableView";
import { MemoryRouter } from "react-router";
import { PlayBot } from "../src/lobby/PlayBot";
import { BotNote } from "../src/table/BotNote";
import { rulesetsBody } from "./fixtures";
import { emberCorpus, siegeCorpus } from "./corpus";
import { problems, readable } from "./readable";

// About 100 s for EMBER alone on an idle 2-core machine (108 bot matches); more on a busy one.
jest.setTimeout(600_000);

/** Every kind of EMBER's event union (the type check fails when the union gains or loses one). */
const EMBER_KINDS = Object.keys({
  first_player_roll: 1, side_chosen: 1, initiative_order: 1, secondary_chosen: 1, secondaries_revealed: 1, objective_placed: 1, unit_deployed: 1, round_started: 1,
  phase_started: 1, projectile_launched: 1, drone_launched: 1, interception: 1, projectile_detonated: 1, projectile_removed: 1, smoke_placed: 1, smoke_removed: 1,
  commands_generated: 1, drone_commanded: 1, commands_ended: 1, unit_moved: 1, plan_locked: 1, dials_revealed: 1, plan_opened: 1, timing_called: 1,
  activation_started: 1, activation_ended: 1, stance_changed: 1, rebooted: 1, action_taken: 1, attack_declared: 1, hit_part: 1, part_rolled: 1, dice_rolled: 1,
  dice_rerolled: 1, dice_replaced: 1, attack_resolved: 1, part_damaged: 1, part_destroyed: 1, unit_destroyed: 1, link_changed: 1, ew_roll: 1,
  passive_triggered: 1, lo_token: 1, camouflage_on: 1, concealment_set: 1, decloaked: 1, attack_failed: 1, chain_damage: 1, vp_scored: 1, match_ended: 1,
  parry_declared: 1, parry: 1, parry_succeeded: 1, dice_changed: 1, dice_set: 1, result_triggered: 1, part_discarded: 1, part_charged: 1, charge_spent: 1,
  ammo_spent: 1, ammo_resupplied: 1, command_tokens_spent: 1, coordination_granted: 1, terrain_attacked: 1, terrain_damaged: 1,
} satisfies Record<EmberEvent["type"], 1>);

/** Every kind of Siege's event union. */
const SIEGE_KINDS = Object.keys({
  match_started: 1, picks_locked: 1, picks_revealed: 1, component_edited: 1, gadget_placed: 1, token_placed: 1, setup_ended: 1, deployed: 1, round_started: 1,
  phase_started: 1, activated: 1, moved: 1, leaned: 1, stood: 1, ran: 1, watching: 1, watch_ended: 1, revealed: 1, shot: 1, rerolled: 1, damaged: 1,
  token_hit: 1, died: 1, pinged: 1, stunned: 1, breached: 1, gadget_used: 1, exploded: 1, overlay_placed: 1, scanned: 1, reinforced: 1, contest_started: 1,
  contest_yielded: 1, activation_ended: 1, phase_ended: 1, upkeep: 1, match_ended: 1,
} satisfies Record<SiegeEvent["type"], 1>);

const LANGS = ["en", "ko"] as const;
const missing: string[] = [];

beforeAll(() => {
  setupI18n("en");
  i18next.options.saveMissing = true;
  i18next.options.missingKeyHandler = (lngs, ns, key) => void missing.push(`${lngs.join(",")}:${ns}:${key}`);
});
afterEach(cleanup);

/** Collects the problems of every page `draw` renders, in both languages, under `label`. */
async function check(label: string, draw: () => ReturnType<typeof render>, found: Map<string, string[]>): Promise<void> {
  for (const language of LANGS) {
    await act(async () => {
      await i18next.changeLanguage(language);
    });
    missing.length = 0;
    const { container, unmount } = draw();
    const list = [...problems(readable(container), language), ...missing.map((k) => ({ what: `missing key ${k}`, context: "" }))];
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
  const corpus = emberCorpus(4);
  const found = new Map<string, string[]>();
  const rendered = new Set<string>();
  for (const match of corpus.matches) {
    for (const [seat, entries] of Object.entries(match.seen)) {
      const view = ember.viewFor(match.state, seatViewer(seat));
      await check(`${match.label} log for ${seat}`, () => render(<EventLog view={view} events={entries} />), found);
      for (const e of entries) for (const ev of e.events) rendered.add(ev.type);
    }
    // The end of the match (result, scores, every army's name) once per scenario and armies.
    if (!match.label.endsWith("-0")) continue;
    const view = ember.viewFor(match.state, seatViewer("p1"));
    await check(`${match.label} end`, () => render(<TableView matchId="m" view={view} seat="p1" legal={[]} onCommand={() => {}} events={[]} />), found);
  }
  for (const decision of corpus.decisions.values()) {
    const view = ember.viewFor(decision.state, seatViewer(decision.seat));
    const legal = emberLegal(view, decision.seat);
    await check(`decision ${decision.type}`, () => render(<TableView matchId="m" view={view} seat={decision.seat} legal={legal} onCommand={() => {}} events={[]} />), found);
  }
  expect(EMBER_KINDS.filter((k) => !rendered.has(k))).toEqual([]);
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
      await check(`${match.label} for ${seat}`, () => render(<SiegeTableView matchId="m" view={view} seat={seat} legal={[]} onCommand={() => {}} events={events} />), found);
      for (const e of events) for (const ev of e.events) rendered.add(ev.type);
    }
  }
  for (const decision of corpus.decisions.values()) {
    const view = siege.viewFor(decision.state, seatViewer(decision.seat));
    const legal = siegeLegal(view, decision.seat);
    await check(`decision ${decision.type}`, () => render(<SiegeTableView matchId="m" view={view} seat={decision.seat} legal={legal} onCommand={() => {}} events={[]} />), found);
  }
  expect(SIEGE_KINDS.filter((k) => !rendered.has(k))).toEqual([]);
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
