/**
 * What the history of an ended battle reveals (docs/rules/sigmar.md core C2, design.md
 * "History"): a list never played stays its player's secret for ever. A concession during the
 * muster reveals no list and nothing shown opens its commitment; a list locked then unlocked is
 * absent from the finished history, which a review rebuilds from the checkpoint after the reveal;
 * an unlock after the cap of locks is refused, so lock/unlock cannot grow the log without bound.
 * The kit's adversary ends seeded random battles at every phase, in every way.
 */
import { MAX_LOCKS, canonicalJson, historyOf, replayCommand, stateHash, verifySeed, type EventEnvelope, type HistoryBody, type SeatId, type StoredEntry } from "@fogwar/engine";
import { checkEndedHistories, opensDraft, randomMatch, storedEntries, type AdversaryReport, type AdversarySpec } from "@fogwar/engine/testing";
import { catalog, sigmar, type ArmyList, type SigmarCommand, type SigmarEvent, type SigmarSetup, type SigmarState } from "../src";

const SETUP: SigmarSetup = { seats: ["p1", "p2"] };
const SEED = "sigmar-history-secrets-7e21";
const publicCommand = (command: unknown) => (command as SigmarCommand | null)?.type !== "lock_army";
const SAMPLES = catalog.armies;
const [LIST_A, LIST_B, LIST_C] = SAMPLES as [ArmyList, ArmyList, ArmyList];

/** Plays `commands` from the muster, each accepted, into stored entries. */
function play(commands: readonly [SeatId, SigmarCommand][]): { entries: StoredEntry[]; state: SigmarState } {
  const played = storedEntries(sigmar, SETUP, SEED, commands.map(([seat, command]) => ({ seat, command })));
  if (!played) throw new Error("a command was refused");
  return { entries: played.entries, state: played.states.at(-1) as SigmarState };
}

const history = (entries: StoredEntry[]): HistoryBody => historyOf({ ruleset: sigmar, publicCommand, over: true, setup: SETUP, seed: SEED, entries });

/** Whether any string `text` shows, as a seed, a muster key or a salt, opens `commitment` with a sample list. */
function opensWithSample(text: string, seat: SeatId, commitment: string): boolean {
  const shown = [...new Set(text.match(/[0-9a-f]{64}|[\w-]{8,}/g) ?? [])];
  return SAMPLES.some((list) => opensDraft(shown, list, seat, 4, (c) => c === commitment));
}

const lockedCommitment = (entry: StoredEntry): string => (entry.events.find((e) => (e.event as { type: string }).type === "army_locked")!.event as { commitment: string }).commitment;

describe("docs/rules/sigmar.md core C2: an early end or the history reveals no list never played", () => {
  test("conceded during the muster: the history shows no list and nothing in it opens the locked list's commitment against the sample lists", () => {
    const { entries, state } = play([
      ["p1", { type: "lock_army", army: LIST_A }],
      ["p2", { type: "concede" }],
    ]);
    expect(state.result?.winner).toBe("p1");
    const shown = history(entries);
    const text = canonicalJson(shown);
    expect(shown.perspective).toBe("spectator");
    expect(shown.seed).toBeNull();
    expect(text).not.toContain(canonicalJson(LIST_A.units));
    expect(text).not.toContain(SEED);
    expect(text).toContain(lockedCommitment(entries[0]!));
    expect(opensWithSample(text, "p1", lockedCommitment(entries[0]!))).toBe(false);
    // Nor does the end tell the opponent or a spectator: the final event and views keep the list.
    for (const viewer of [{ kind: "seat", seat: "p2" }, { kind: "spectator" }] as const) {
      expect(canonicalJson(sigmar.viewFor(state, viewer))).not.toContain(canonicalJson(LIST_A.units));
      expect(canonicalJson(entries[1]!.events.map((e) => sigmar.redact(e as EventEnvelope<SigmarEvent>, viewer)))).not.toContain(canonicalJson(LIST_A.units));
    }
  });

  test("a list locked then unlocked is absent from the finished history; the review starts from the checkpoint after the reveal, its hash the log's", () => {
    const { entries, state } = play([
      ["p1", { type: "lock_army", army: LIST_A }],
      ["p1", { type: "unlock_army" }],
      ["p1", { type: "lock_army", army: LIST_B }],
      ["p2", { type: "lock_army", army: LIST_C }],
      ["p1", { type: "concede" }],
    ]);
    expect(state.phase).toBe("finished");
    const shown = history(entries);
    const text = canonicalJson(shown);
    expect(shown.perspective).toBe("omniscient");
    expect(text).not.toContain(canonicalJson(LIST_A.units));
    expect(text).not.toContain(SEED);
    expect(opensWithSample(text, "p1", lockedCommitment(entries[0]!))).toBe(false);
    expect(shown.checkpoint?.seq).toBe(4);
    expect(stateHash(shown.checkpoint!.state)).toBe(entries[3]!.stateHash);
    expect(shown.entries.slice(0, 4).map((e) => e.command)).toEqual([null, { type: "unlock_army" }, null, null]);
    expect(verifySeed(state.seedCommitment, shown.seed!)).toBe(true);
    const after = replayCommand(sigmar, shown.checkpoint!.state, entries[4]!.command, "p1", SETUP.seats);
    expect(after.ok && stateHash(after.state)).toBe(entries[4]!.stateHash);
  });

  test("after MAX_LOCKS (16) locks a seat's unlock is refused with too_many_locks and changes nothing, so lock_army/unlock_army cannot grow the log without bound", () => {
    expect(MAX_LOCKS).toBe(16);
    const toggles: [SeatId, SigmarCommand][] = [];
    for (let i = 0; i < MAX_LOCKS - 1; i++) toggles.push(["p1", { type: "lock_army", army: SAMPLES[i % 2]! }], ["p1", { type: "unlock_army" }]);
    toggles.push(["p1", { type: "lock_army", army: LIST_A }]);
    const { entries, state } = play(toggles);
    expect(entries).toHaveLength(2 * MAX_LOCKS - 1);
    const refused = sigmar.apply(state, { type: "unlock_army" }, "p1");
    expect(refused.ok ? null : refused.error.code).toBe("too_many_locks");
    expect(sigmar.legalCommands(state, "p1").some((c) => c.type === "unlock_army")).toBe(false);
    expect(sigmar.legalCommandsInView!(sigmar.viewFor(state, { kind: "seat", seat: "p1" }), "p1").some((c) => c.type === "unlock_army")).toBe(false);
    const locked = sigmar.apply(state, { type: "lock_army", army: LIST_C }, "p2");
    expect(locked.ok && locked.state.muster.revealed).toBe(true);
  });
});

const spec: AdversarySpec<SigmarSetup, SigmarState, SigmarCommand> = {
  ruleset: sigmar,
  publicCommand,
  concede: () => ({ type: "concede" }),
  draftOf: (command) => (command.type === "lock_army" ? command.army : null),
  otherDraft: (command) => {
    if (command.type !== "lock_army") return null;
    const other = SAMPLES.find((a) => a.name !== command.army.name);
    return other ? { type: "lock_army", army: other } : null;
  },
};

describe("the kit's adversary over ended battles", () => {
  test("the kit's adversary: seeded random battles ended at every phase (conceded, claimed, timed out, abandoned) show no history that is a function of a list never played", () => {
    const report: AdversaryReport = { problems: [], endings: 0, revealed: 0, drafts: 0 };
    for (let i = 0; i < 3; i++) {
      const match = randomMatch(spec, `adversary battle #${i}`, SETUP, `sigmar-adversary-${i}`, `sigmar-adversary-pick-${i}`, 16);
      checkEndedHistories(spec, match, report, 6);
    }
    expect(report.problems).toEqual([]);
    expect(report.endings).toBeGreaterThan(20);
    expect(report.drafts).toBeGreaterThan(0);
    // Some matches ended after the reveal (the checkpoint), some during the muster.
    expect(report.revealed).toBeGreaterThan(0);
    expect(report.revealed).toBeLessThan(report.endings);
  }, 240_000);
});
