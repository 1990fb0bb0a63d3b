/**
 * What the history of an ended EMBER match reveals (docs/rules/ember.md "Muster", design.md
 * "History"): a list never played stays its player's secret for ever. A concession during the
 * muster ends the match without revealing the lists, and nothing the history shows opens their
 * commitments against the sample lists; a draft locked then unlocked is absent from a finished
 * history, which a review rebuilds from the checkpoint after the reveal; locking past the cap is
 * refused, so the log stays bounded. The kit's adversary ends seeded random matches at every
 * phase, in every way, and finds no history that depends on a draft never played.
 */
import { MAX_LOCKS, canonicalJson, historyOf, replayCommand, stateHash, verifySeed, type EventEnvelope, type HistoryBody, type SeatId, type StoredEntry } from "@fogwar/engine";
import { checkEndedHistories, opensDraft, randomMatch, storedEntries, type AdversaryReport, type AdversarySpec } from "@fogwar/engine/testing";
import { casterRedact, casterViewFor, ember, type ArmyList, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState } from "../src";
import { presetArmies } from "../src/muster";

const SETUP: EmberSetup = { scenario: "crossroads", seats: ["p1", "p2"], options: { progressiveReveal: false } };
const SEED = "history-secrets-seed-5f1d2c";
const publicCommand = (command: unknown) => (command as EmberCommand | null)?.type !== "lock_army";

/** Plays `commands` from the muster, each accepted, into stored entries. */
function play(commands: readonly [SeatId, EmberCommand][]): { entries: StoredEntry[]; state: EmberState } {
  const played = storedEntries(ember, SETUP, SEED, commands.map(([seat, command]) => ({ seat, command })));
  if (!played) throw new Error("a command was refused");
  return { entries: played.entries, state: played.states.at(-1) as EmberState };
}

const history = (entries: StoredEntry[]): HistoryBody => historyOf({ ruleset: ember, publicCommand, over: true, setup: SETUP, seed: SEED, entries });
const SAMPLES = presetArmies(ember.setup(SETUP, SEED).state);
const [LIST_A, LIST_B, LIST_C] = SAMPLES as [ArmyList, ArmyList, ArmyList];

/** Whether any string `text` shows, as a seed, a muster key or a salt, opens `commitment` with a sample list. */
function opensWithSample(text: string, seat: SeatId, commitment: string): boolean {
  const shown = [...new Set(text.match(/[0-9a-f]{64}|[\w-]{8,}/g) ?? [])];
  return SAMPLES.some((list) => opensDraft(shown, list, seat, 4, (c) => c === commitment));
}

describe("docs/rules/ember.md Muster: an early end or the history reveals no list never played", () => {
  test("conceded during the muster: the history shows no list and nothing in it opens the locked list's commitment against the sample lists", () => {
    expect(LIST_A.name).not.toBe(LIST_B.name);
    const { entries, state } = play([
      ["p1", { type: "lock_army", army: LIST_A }],
      ["p2", { type: "concede" }],
    ]);
    expect(state.result?.winner).toBe("p1");
    const commitment = state.muster!.seats.p1!.commitment!;
    const shown = history(entries);
    const text = canonicalJson(shown);
    expect(shown.perspective).toBe("spectator");
    expect(shown.seed).toBeNull();
    expect(text).not.toContain(canonicalJson(LIST_A.units));
    expect(text).not.toContain(LIST_A.name);
    expect(text).not.toContain(SEED);
    // The commitment itself is public (it was shown during the muster) but opens with nothing shown.
    expect(text).toContain(commitment);
    expect(opensWithSample(text, "p1", commitment)).toBe(false);
  });

  test("a draft locked then unlocked is absent from the finished history; the review starts from the checkpoint after the reveal, its hash the log's", () => {
    const { entries, state } = play([
      ["p1", { type: "lock_army", army: LIST_A }],
      ["p1", { type: "unlock_army" }],
      ["p1", { type: "lock_army", army: LIST_B }],
      ["p2", { type: "lock_army", army: LIST_C }],
      ["p2", { type: "concede" }],
    ]);
    expect(state.phase).toBe("finished");
    const draftCommitment = (entries[0]!.events[0]!.event as { commitment: string }).commitment;
    const shown = history(entries);
    const text = canonicalJson(shown);
    expect(shown.perspective).toBe("omniscient");
    expect(text).not.toContain(LIST_A.name);
    expect(text).not.toContain(canonicalJson(LIST_A.units));
    expect(text).not.toContain(SEED);
    expect(opensWithSample(text, "p1", draftCommitment)).toBe(false);
    // The played lists are shown (revealed at the reveal) and the checkpoint is the log's state.
    expect(text).toContain(LIST_B.name);
    expect(shown.checkpoint?.seq).toBe(4);
    expect(stateHash(shown.checkpoint!.state)).toBe(entries[3]!.stateHash);
    expect(entries.slice(0, 4).map((e) => shown.entries[e.seq - 1]!.command)).toEqual([null, { type: "unlock_army" }, null, null]);
    // The dice seed opens the seed commitment and replays the rest of the match.
    expect(verifySeed(state.seedCommitment, shown.seed!)).toBe(true);
    const after = replayCommand(ember, shown.checkpoint!.state, entries[4]!.command, "p2", SETUP.seats);
    expect(after.ok && stateHash(after.state)).toBe(entries[4]!.stateHash);
  });

  test("design.md principle 4: the delayed caster feed never shows a draft never played: not one later unlocked (after the reveal, after the end), not one locked when the match ended in the muster", () => {
    const { entries, state } = play([
      ["p1", { type: "lock_army", army: LIST_A }],
      ["p1", { type: "unlock_army" }],
      ["p1", { type: "lock_army", army: LIST_B }],
      ["p2", { type: "lock_army", army: LIST_C }],
      ["p2", { type: "concede" }],
    ]);
    const first = play([["p1", { type: "lock_army", army: LIST_A }]]).state;
    const revealed = play(entries.slice(0, 4).map((e) => [e.seat, e.command as EmberCommand])).state;
    for (const live of [revealed, state]) {
      expect(canonicalJson(casterViewFor(first, live))).not.toContain(canonicalJson(LIST_A.units));
      expect(canonicalJson(casterRedact(entries[0]!.events[0] as EventEnvelope<EmberEvent>, live))).not.toContain(canonicalJson(LIST_A.units));
      // The lists played are shown once revealed.
      expect(casterViewFor(revealed, live).muster?.seats.p1?.list).toEqual(LIST_B);
      expect(casterRedact(entries[2]!.events[0] as EventEnvelope<EmberEvent>, live)).toMatchObject({ army: LIST_B });
    }
    const conceded = play([
      ["p1", { type: "lock_army", army: LIST_A }],
      ["p2", { type: "concede" }],
    ]);
    expect(canonicalJson(casterViewFor(first, conceded.state))).not.toContain(canonicalJson(LIST_A.units));
    expect(canonicalJson(casterViewFor(conceded.state, conceded.state))).not.toContain(canonicalJson(LIST_A.units));
    expect(canonicalJson(casterRedact(conceded.entries[0]!.events[0] as EventEnvelope<EmberEvent>, conceded.state))).not.toContain(canonicalJson(LIST_A.units));
  });

  test("after MAX_LOCKS (16) locks a seat's unlock is refused with too_many_locks and changes nothing: its last lock stands, so the log stays bounded", () => {
    expect(MAX_LOCKS).toBe(16);
    const toggles: [SeatId, EmberCommand][] = [];
    for (let i = 0; i < MAX_LOCKS - 1; i++) toggles.push(["p1", { type: "lock_army", army: SAMPLES[i % 2]! }], ["p1", { type: "unlock_army" }]);
    toggles.push(["p1", { type: "lock_army", army: LIST_A }]);
    const { entries, state } = play(toggles);
    expect(entries).toHaveLength(2 * MAX_LOCKS - 1);
    const refused = ember.apply(state, { type: "unlock_army" }, "p1");
    expect(refused.ok ? null : refused.error.code).toBe("too_many_locks");
    expect(ember.legalCommands(state, "p1")).toEqual([]);
    expect(ember.legalCommandsInView!(ember.viewFor(state, { kind: "seat", seat: "p1" }), "p1")).toEqual([]);
    // The other seat still musters, the battle begins with the last lock, and the match can still end.
    const locked = ember.apply(state, { type: "lock_army", army: LIST_C }, "p2");
    expect(locked.ok && locked.state.muster?.revealed).toBe(true);
    expect(ember.apply(state, { type: "concede" }, "p1").ok).toBe(true);
  });
});

const spec: AdversarySpec<EmberSetup, EmberState, EmberCommand> = {
  ruleset: ember,
  publicCommand,
  concede: () => ({ type: "concede" }),
  draftOf: (command) => (command.type === "lock_army" ? command.army : null),
  otherDraft: (command, state) => {
    if (command.type !== "lock_army") return null;
    const other = presetArmies(state).find((a) => a.name !== command.army.name);
    return other ? { type: "lock_army", army: other } : null;
  },
};

describe("the kit's adversary over ended matches", () => {
  test("the kit's adversary: seeded random matches ended at every phase (conceded, claimed, timed out, abandoned) show no history that is a function of a draft never played", () => {
    const report: AdversaryReport = { problems: [], endings: 0, revealed: 0, drafts: 0 };
    for (let i = 0; i < 3; i++) {
      const match = randomMatch(spec, `adversary match #${i}`, SETUP, `adversary-${i}`, `adversary-pick-${i}`, 24);
      checkEndedHistories(spec, match, report, 8);
    }
    expect(report.problems).toEqual([]);
    expect(report.endings).toBeGreaterThan(20);
    expect(report.drafts).toBeGreaterThan(0);
    // Some matches ended after the reveal (the checkpoint), some during the muster.
    expect(report.revealed).toBeGreaterThan(0);
    expect(report.revealed).toBeLessThan(report.endings);
  }, 240_000);
});
