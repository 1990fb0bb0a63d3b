/**
 * History review of a 2 v 2 EMBER match (seed 001 6.1): the match rebuilt in the browser with
 * the shared engine verifies every state hash and commitment with four seats, the match line
 * groups each team's players, and the perspectives include each team's shared knowledge.
 */
import { deserialize, serialize } from "node:v8";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { catalog, ember, emberBotPolicy, type EmberEvent, type EmberSetup } from "@fogwar/ember";
import { autoplay, omniscient, seedCommitment, stateHash, teamViewer, type EventEnvelope } from "@fogwar/engine";
import { ReviewPage } from "./ReviewPage";
import { rebuild, verify, viewerOf } from "./replay";
import type { MatchHistory } from "../api";
import { inEnglish } from "../../test/english";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const MATCH_ID = "m2v2review01";
const SEED = "review-2v2-seed";
const TEAMS = { p1: "alpha", p2: "bravo", p3: "alpha", p4: "bravo" };
const SETUP: EmberSetup = {
  scenario: "crossroads",
  seats: ["p1", "p2", "p3", "p4"],
  teams: TEAMS,
  armies: { p1: catalog.data.armies[0]!, p2: catalog.data.armies[2]!, p3: catalog.data.armies[4]!, p4: catalog.data.armies[0]! },
};

function history(): MatchHistory {
  const hashes: string[] = [];
  const match = autoplay(ember, SETUP, SEED, "review-2v2-bots", { policy: emberBotPolicy, onCommand: (m) => hashes.push(stateHash(m.state)) });
  const log = match.toLog();
  const result = ember.result(match.state);
  const redact = (envelopes: readonly EventEnvelope<EmberEvent>[]) => envelopes.map((e) => ember.redact(e, omniscient)).filter((e) => e !== null);
  const names = ["Cy", "Ada", "Di", "Bo"];
  const body = {
    match: {
      matchId: MATCH_ID,
      ruleset: "ember",
      scenario: SETUP.scenario,
      status: "finished",
      seats: SETUP.seats.map((seat, i) => ({ seat, name: names[i], team: TEAMS[seat as keyof typeof TEAMS] })),
      createdAt: "2026-11-22T19:30:00.000Z",
      finishedAt: "2026-11-22T20:41:12.345Z",
      result: result ? { winner: result.winner, ...(result.winners ? { winners: [...result.winners] } : {}), reason: result.reason } : null,
    },
    perspective: "omniscient",
    rulesVersion: log.rulesVersion,
    setup: log.setup,
    seedCommitment: seedCommitment(SEED),
    seed: SEED,
    setupEvents: redact(log.setupEvents),
    entries: log.entries.map((e, i) => ({ seq: e.seq, seat: e.seat, command: e.command, events: redact(e.events), stateHash: hashes[i] as string })),
  };
  return JSON.parse(JSON.stringify(body)) as MatchHistory;
}

const HISTORY = history();

inEnglish();

describe("review of a 2 v 2 (seed 001 6.1)", () => {
  test("the rebuilt match verifies every state hash and every plan commitment of four seats", () => {
    const replay = rebuild(HISTORY);
    expect(replay.problems).toEqual([]);
    const v = verify(HISTORY, replay);
    expect(v.hashesMatched).toBe(HISTORY.entries.length);
    expect(v.commitments.length).toBeGreaterThan(4);
    expect(v.ok).toBe(true);
    expect(viewerOf("team:alpha")).toEqual(teamViewer("alpha"));
  });

  test("the match line groups each team; the perspectives offer each seat, each team and the spectator", async () => {
    globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => HISTORY }) as Response) as unknown as typeof fetch;
    render(<ReviewPage matchId={MATCH_ID} />);
    await screen.findByTestId("review-step");
    expect(screen.getByText(/Cy \+ Di vs Ada \+ Bo/)).toBeTruthy();
    const select = screen.getByTestId("review-perspective") as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(["omniscient", "p1", "p2", "p3", "p4", "team:alpha", "team:bravo", "spectator"]);
    fireEvent.change(select, { target: { value: "team:alpha" } });
    expect(within(screen.getByTestId("review-perspective-note")).getByText(/What team alpha knew/)).toBeTruthy();
  });
});
