/**
 * Reviews of mustered matches (design.md "History"): the history the server builds with the
 * engine's `historyOf` for an EMBER match and an Age of Sigmar battle whose first seat locked a
 * list, unlocked it and locked another, then played until a concession. The review rebuilds each
 * from the history's checkpoint (the state after the reveal), verifies the dice seed, the
 * checkpoint and every later state hash, and never sees the unlocked list; a match conceded
 * during the muster shows its public log and result, not an error.
 */
import { deserialize, serialize } from "node:v8";
import { render, screen, within } from "@testing-library/react";
import { catalog as emberCatalog, ember, type EmberCommand } from "@fogwar/ember";
import { catalog as sigmarCatalog, sigmar, type SigmarCommand } from "@fogwar/sigmar";
import { Random, canonicalJson, historyOf, replayCommand, rngStateFromSeed, seedCommitment, stateHash, type Ruleset, type SeatId, type StoredEntry } from "@fogwar/engine";
import { ReviewPage } from "./ReviewPage";
import { rebuild, verify } from "./replay";
import { rebuildSigmar } from "../rulesets/sigmar/review";
import type { MatchHistory } from "../api";
import { inEnglish } from "../../test/english";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

inEnglish();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRules = Ruleset<any, any, any, any, any>;

/**
 * Plays `muster` then `battle` random legal commands (seeded), then the awaited seat concedes;
 * returns the history answer as the server builds it (through JSON, as over the network).
 */
function historyOfPlay(rules: AnyRules, setup: { seats: readonly SeatId[] }, seed: string, muster: [SeatId, unknown][], battle: number, extra: Record<string, unknown>): MatchHistory {
  let state = rules.setup(setup, seed).state;
  const entries: StoredEntry[] = [];
  const push = (seat: SeatId, command: unknown) => {
    const r = replayCommand(rules, state, command, seat, setup.seats);
    if (!r.ok) throw new Error(`refused: ${r.error.code}`);
    state = r.state;
    entries.push({ seq: entries.length + 1, seat, command, events: r.events, stateHash: stateHash(state) });
  };
  for (const [seat, command] of muster) push(seat, command);
  const rng = new Random(rngStateFromSeed(`${seed}:picks`, "picks"));
  for (let i = 0; i < battle && rules.result(state) === null; i++) {
    const seat = rules.awaiting(state)[0] as SeatId | undefined;
    if (seat === undefined) break;
    const legal = rules.legalCommands(state, seat).filter((c: { type: string }) => c.type !== "concede");
    if (legal.length === 0) break;
    push(seat, rng.pick(legal));
  }
  if (rules.result(state) === null) push((rules.awaiting(state)[0] ?? setup.seats[0]) as SeatId, { type: "concede" });
  const shown = historyOf({ ruleset: rules, publicCommand: (c) => (c as { type?: string } | null)?.type !== "lock_army", over: true, setup, seed, entries });
  const result = rules.result(state)!;
  const body = {
    match: {
      matchId: "muster00rev1",
      ruleset: rules.id,
      status: "finished",
      seats: setup.seats.map((seat, i) => ({ seat, name: ["Cy", "Ada"][i] })),
      createdAt: "2026-11-22T19:30:00.000Z",
      finishedAt: "2026-11-22T20:41:12.345Z",
      result: { winner: result.winner, reason: result.reason },
      ...extra,
    },
    rulesVersion: rules.rulesVersion,
    seedCommitment: seedCommitment(seed),
    ...shown,
  };
  return JSON.parse(JSON.stringify(body)) as MatchHistory;
}

const EMBER_SETUP = { scenario: "crossroads", seats: ["p1", "p2"], options: { progressiveReveal: false } };
const [E_A, E_B, E_C] = [0, 2, 4].map((i) => emberCatalog.data.armies[i]!);
const emberMuster: [SeatId, EmberCommand][] = [
  ["p1", { type: "lock_army", army: E_A! }],
  ["p1", { type: "unlock_army" }],
  ["p1", { type: "lock_army", army: E_B! }],
  ["p2", { type: "lock_army", army: E_C! }],
];
const [S_A, S_B, S_C] = sigmarCatalog.armies as [typeof sigmarCatalog.armies[number], typeof sigmarCatalog.armies[number], typeof sigmarCatalog.armies[number]];
const sigmarMuster: [SeatId, SigmarCommand][] = [
  ["p1", { type: "lock_army", army: S_A }],
  ["p1", { type: "unlock_army" }],
  ["p1", { type: "lock_army", army: S_B }],
  ["p2", { type: "lock_army", army: S_C }],
];

function serve(body: unknown) {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => body }) as Response) as unknown as typeof fetch;
}

describe("EMBER: a match whose draft was unlocked", () => {
  const history = historyOfPlay(ember as AnyRules, EMBER_SETUP, "review-muster-ember", emberMuster, 30, { scenario: "crossroads" });

  test("the history has a checkpoint and no trace of the unlocked list; the replay from it verifies the dice seed and every hash", () => {
    expect(history.checkpoint?.seq).toBe(4);
    expect(history.entries.length).toBeGreaterThan(20);
    expect(canonicalJson(history)).not.toContain(canonicalJson(E_A!.units));
    const replay = rebuild(history);
    expect(replay.problems).toEqual([]);
    expect(replay.complete).toBe(true);
    expect(replay.steps).toHaveLength(history.entries.length - 4 + 1);
    const v = verify(history, replay);
    expect(v.seedOk).toBe(true);
    expect(v.hashesMatched).toBe(v.hashesTotal);
    expect(v.hashesTotal).toBe(history.entries.length - 4 + 1);
    expect(v.ok).toBe(true);
  });

  test("a tampered checkpoint fails its hash", () => {
    const tampered = JSON.parse(JSON.stringify(history)) as MatchHistory;
    (tampered.checkpoint!.state as { round: number }).round += 1;
    expect(verify(tampered, rebuild(tampered)).ok).toBe(false);
  });

  test("ReviewPage shows the replay with the verification passed", async () => {
    serve(history);
    render(<ReviewPage matchId="muster00rev1" />);
    await screen.findByTestId("review-step");
    const panel = screen.getByTestId("review-verify");
    expect(within(panel).getByTestId("review-verified")).toBeTruthy();
    expect(screen.queryByTestId("review-error")).toBeNull();
  });

  test("a match conceded during the muster shows its public log and result, no list and no error", async () => {
    const conceded = historyOfPlay(ember as AnyRules, EMBER_SETUP, "review-muster-ember-2", [["p1", { type: "lock_army", army: E_A! }]], 0, { scenario: "crossroads" });
    expect(conceded.perspective).toBe("spectator");
    expect(canonicalJson(conceded)).not.toContain(canonicalJson(E_A!.units));
    serve(conceded);
    render(<ReviewPage matchId="muster00rev1" />);
    await screen.findByTestId("review-live-entries");
    expect(screen.queryByTestId("review-error")).toBeNull();
    expect(screen.getByText("This match ended during the muster")).toBeTruthy();
    expect(document.body.textContent).not.toContain(E_A!.name);
  });
});

describe("Age of Sigmar: a battle whose list was unlocked", () => {
  const history = historyOfPlay(sigmar as AnyRules, { seats: ["p1", "p2"] }, "review-muster-sigmar", sigmarMuster, 30, { scenario: "sundered_causeway" });

  test("the review rebuilds from the checkpoint and verifies the seed, both lists, the reserves and every hash; the unlocked list is nowhere", async () => {
    expect(history.checkpoint?.seq).toBe(4);
    expect(history.entries.length).toBeGreaterThan(20);
    expect(canonicalJson(history)).not.toContain(canonicalJson(S_A.units));
    const replay = rebuildSigmar(history);
    expect(replay.problems).toEqual([]);
    expect([replay.seedOk, replay.listsOk, replay.reservesOk, replay.hashesMatched === replay.hashesTotal, replay.ok]).toEqual([true, true, true, true, true]);
    serve(history);
    render(<ReviewPage matchId="muster00rev1" />);
    const review = await screen.findByTestId("sigmar-review");
    expect(review.querySelector('[data-ok="true"]')).toBeTruthy();
    expect(screen.queryByTestId("review-error")).toBeNull();
  });

  test("a battle conceded during the muster shows its public log, that it ended in the muster, and no list", async () => {
    const conceded = historyOfPlay(sigmar as AnyRules, { seats: ["p1", "p2"] }, "review-muster-sigmar-2", [["p1", { type: "lock_army", army: S_A }]], 0, { scenario: "sundered_causeway" });
    expect(conceded.perspective).toBe("spectator");
    serve(conceded);
    render(<ReviewPage matchId="muster00rev1" />);
    await screen.findByTestId("review-live-entries");
    expect(screen.queryByTestId("review-error")).toBeNull();
    expect(document.body.textContent).toContain("ended during the muster");
    expect(document.body.textContent).not.toContain(S_A.name);
  });
});
