/**
 * The history review from a real finished match: played by the engine's bots (EMBER's bot
 * policy) with sample armies, turned into the `GET /api/matches/:id/history` answer the way the
 * server builds it for a finished match, and served by a mocked fetch.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18next from "i18next";
import { catalog, ember, emberBotPolicy, validateArmy, type EmberEvent, type EmberSetup } from "@fogwar/ember";
import { autoplay, omniscient, seedCommitment, stateHash, type EventEnvelope } from "@fogwar/engine";
import { ReviewPage } from "./ReviewPage";
import { checkCommitments, rebuild, verify } from "./replay";
import type { MatchHistory } from "../api";
import { inEnglish } from "../../test/english";
import { rulesetsBody } from "../../test/fixtures";

// jsdom lacks structuredClone, which the engine uses (browsers and Node have it).
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const MATCH_ID = "t3vq8n2hc6pe";
const SEED = "review-seed-1";

/** A scenario with two sample armies that fit its battle size. */
function pickSetup(): EmberSetup {
  for (const scenario of catalog.scenarios.values()) {
    const fitting = catalog.data.armies.filter((a) => validateArmy(a, scenario.battleSize).length === 0);
    if (fitting.length >= 1) {
      const [a, b] = [fitting[0], fitting[1] ?? fitting[0]];
      // Progressive reveal: after both plans are locked, the dials open timing by timing, so the
      // log has steps where a seat's plan is locked but not yet revealed.
      return { scenario: scenario.id, seats: ["p1", "p2"], armies: { p1: a!, p2: b! }, options: { progressiveReveal: true } };
    }
  }
  throw new Error("no sample army fits any scenario");
}

const SETUP = pickSetup();

/** The history answer of a finished match, as apps/server/src/http.ts builds it. */
function finishedHistory(seed = SEED, botSeed = "review-bots"): MatchHistory {
  const hashes: string[] = [];
  const match = autoplay(ember, SETUP, seed, botSeed, { policy: emberBotPolicy, onCommand: (m) => hashes.push(stateHash(m.state)) });
  const log = match.toLog();
  const result = ember.result(match.state);
  const redact = (envelopes: readonly EventEnvelope<EmberEvent>[]) => envelopes.map((e) => ember.redact(e, omniscient)).filter((e) => e !== null);
  const body = {
    match: {
      matchId: MATCH_ID,
      ruleset: "ember",
      scenario: SETUP.scenario,
      status: "finished",
      seats: [
        { seat: "p1", name: "Cy" },
        { seat: "p2", name: "Ada" },
      ],
      createdAt: "2026-11-22T19:30:00.000Z",
      finishedAt: "2026-11-22T20:41:12.345Z",
      result: result ? { winner: result.winner, reason: result.reason } : null,
    },
    perspective: "omniscient",
    rulesVersion: log.rulesVersion,
    setup: log.setup,
    seedCommitment: seedCommitment(seed),
    seed,
    setupEvents: redact(log.setupEvents),
    entries: log.entries.map((e, i) => ({ seq: e.seq, seat: e.seat, command: e.command, events: redact(e.events), stateHash: hashes[i] as string })),
  };
  // Through JSON, as over the network.
  return JSON.parse(JSON.stringify(body)) as MatchHistory;
}

const HISTORY = finishedHistory();
const clone = (h: MatchHistory): MatchHistory => JSON.parse(JSON.stringify(h)) as MatchHistory;

function serve(body: unknown, status = 200) {
  const fetchMock = jest.fn(async (input: string, _init?: RequestInit) =>
    String(input).endsWith("/api/rulesets") ? ({ ok: true, status: 200, json: async () => rulesetsBody }) as Response : ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response,
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

async function open(body: unknown = HISTORY, status = 200) {
  const fetchMock = serve(body, status);
  const utils = render(<ReviewPage matchId={MATCH_ID} />);
  return { ...utils, fetchMock };
}

const stepText = () => screen.getByTestId("review-step").textContent;
const roundText = () => screen.getByTestId("review-round").textContent;

/** Goes to a step with the slider. */
function goTo(index: number) {
  fireEvent.change(screen.getByRole("slider"), { target: { value: String(index) } });
}

inEnglish();

describe("the replay model", () => {
  test("the played match is long enough to review and replays cleanly with every check passing", () => {
    expect(HISTORY.entries.length).toBeGreaterThan(20);
    const replay = rebuild(HISTORY);
    expect(replay.problems).toEqual([]);
    expect(replay.complete).toBe(true);
    expect(replay.steps).toHaveLength(HISTORY.entries.length + 1);
    const v = verify(HISTORY, replay);
    expect(v.seedOk).toBe(true);
    expect(v.commitments.length).toBeGreaterThan(0);
    expect(v.commitments.every((c) => c.ok)).toBe(true);
    expect(v.hashesMatched).toBe(HISTORY.entries.length);
    expect(v.ok).toBe(true);
    // States between checkpoints are recomputed exactly.
    for (const index of [0, 1, 17, 33, replay.steps.length - 2, 5]) {
      expect(stateHash(replay.stateAt(index))).toBe(index === 0 ? stateHash(ember.setup(SETUP, SEED).state) : HISTORY.entries[index - 1]?.stateHash);
    }
  });

  test("a plan opened with other dials than it locked fails its commitment", () => {
    const tampered = clone(HISTORY);
    const entry = tampered.entries.find((e) => e.events.some((ev) => (ev as EmberEvent).type === "plan_opened"));
    const opened = entry?.events.find((ev) => (ev as EmberEvent).type === "plan_opened") as Extract<EmberEvent, { type: "plan_opened" }>;
    opened.salt = "00".repeat(32);
    const checks = checkCommitments(tampered);
    expect(checks.some((c) => !c.ok)).toBe(true);
  });
});

describe("ReviewPage", () => {
  test("shows loading, then the replay at step 0 with the verification passed", async () => {
    const { fetchMock } = await open();
    expect(screen.getByTestId("review-page")).toBeTruthy();
    expect(screen.getByTestId("review-loading")).toBeTruthy();
    await screen.findByTestId("review-step");
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/matches/${MATCH_ID}/history`);
    // Titled by the game's and the scenario's names, not the match id.
    const scenarioEn = catalog.scenarios.get(SETUP.scenario)!.name.en;
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(`Review: EMBER: Obsidian Protocol · ${scenarioEn}`));
    expect(stepText()).toBe(`0 / ${HISTORY.entries.length}`);
    const panel = screen.getByTestId("review-verify");
    expect(within(panel).getByTestId("review-verified")).toBeTruthy();
    expect(within(panel).queryAllByText(/FAILED/)).toHaveLength(0);
    expect(within(panel).getByText(new RegExp(`${HISTORY.entries.length} / ${HISTORY.entries.length}`))).toBeTruthy();
    expect(screen.queryByTestId("review-error")).toBeNull();
    // The table is read-only: no controls, no legal squares.
    expect(document.querySelector(".controls")).toBeNull();
    expect(document.querySelector(".choice-square")).toBeNull();
  });

  test("buttons and keys step forward and back; the round follows", async () => {
    await open();
    await screen.findByTestId("review-step");
    const total = HISTORY.entries.length;
    expect(roundText()).toBe("Setup");
    fireEvent.click(screen.getByTestId("review-next"));
    expect(stepText()).toBe(`1 / ${total}`);
    fireEvent.click(screen.getByTestId("review-next"));
    expect(stepText()).toBe(`2 / ${total}`);
    fireEvent.click(screen.getByTestId("review-prev"));
    expect(stepText()).toBe(`1 / ${total}`);
    fireEvent.keyDown(window, { key: "ArrowRight" });
    fireEvent.keyDown(window, { key: "ArrowRight" });
    expect(stepText()).toBe(`3 / ${total}`);
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    expect(stepText()).toBe(`2 / ${total}`);
    fireEvent.keyDown(window, { key: "End" });
    expect(stepText()).toBe(`${total} / ${total}`);
    const finalRound = rebuild(HISTORY).stateAt(total).round;
    expect(roundText()).toBe(`Round ${finalRound}`);
    expect(screen.getByTestId<HTMLButtonElement>("review-next").disabled).toBe(true);
    fireEvent.keyDown(window, { key: "ArrowRight" });
    expect(stepText()).toBe(`${total} / ${total}`);
    fireEvent.keyDown(window, { key: "Home" });
    expect(stepText()).toBe(`0 / ${total}`);
    expect(roundText()).toBe("Setup");
    fireEvent.click(screen.getByTestId("review-last"));
    expect(stepText()).toBe(`${total} / ${total}`);
    fireEvent.click(screen.getByTestId("review-first"));
    expect(stepText()).toBe(`0 / ${total}`);
    // On the perspective select, ArrowLeft/ArrowRight still step (ArrowUp/ArrowDown are the select's).
    const select = screen.getByTestId<HTMLSelectElement>("review-perspective");
    select.focus();
    fireEvent.keyDown(select, { key: "ArrowRight" });
    expect(stepText()).toBe(`1 / ${total}`);
    expect(select.value).toBe("omniscient");
    fireEvent.keyDown(select, { key: "ArrowDown" });
    expect(stepText()).toBe(`1 / ${total}`);
    // The slider's own keys are not stepped twice.
    fireEvent.keyDown(screen.getByRole("slider"), { key: "ArrowRight" });
    expect(stepText()).toBe(`1 / ${total}`);
  });

  test("the round list jumps to each round's start", async () => {
    await open();
    await screen.findByTestId("review-step");
    const replay = rebuild(HISTORY);
    const round2 = replay.steps.find((s) => s.envelopes.some((e) => e.event.type === "round_started" && e.event.round === 2));
    expect(round2).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Round 2" }));
    expect(stepText()).toBe(`${round2!.index} / ${HISTORY.entries.length}`);
    expect(roundText()).toBe("Round 2");
    fireEvent.click(screen.getByRole("button", { name: "Round 1" }));
    expect(roundText()).toBe("Round 1");
  });

  test("p1 does not see p2's locked dials before the reveal; omniscient does", async () => {
    await open();
    await screen.findByTestId("review-step");
    const replay = rebuild(HISTORY);
    // A step right after p2 locked its plan, with a p2 dial not revealed yet.
    const target = replay.steps.find((s) => {
      if (s.seat !== "p2" || s.command?.type !== "lock_plan") return false;
      const state = replay.stateAt(s.index);
      return Object.keys(state.plans.p2?.dials ?? {}).some((id) => state.revealed[id] === undefined);
    });
    expect(target).toBeDefined();
    const state = replay.stateAt(target!.index);
    const hiddenUnit = Object.keys(state.plans.p2?.dials ?? {}).find((id) => state.revealed[id] === undefined) as string;
    goTo(target!.index);
    expect(stepText()).toBe(`${target!.index} / ${HISTORY.entries.length}`);

    const p2Row = () => document.querySelector('[data-plan-seat="p2"]') as HTMLElement;
    // Omniscient (the default): p2's dials are shown.
    const dialsText = p2Row().querySelector(".own-dials")?.textContent ?? "";
    expect(dialsText.length).toBeGreaterThan(5);
    expect(within(screen.getByTestId("review-step-info")).getByText(/Ada locks a plan: /)).toBeTruthy();

    const select = screen.getByTestId<HTMLSelectElement>("review-perspective");
    expect([...select.options].map((o) => o.value)).toEqual(["omniscient", "p1", "p2", "spectator"]);
    for (const viewer of ["p1", "spectator"]) {
      fireEvent.change(select, { target: { value: viewer } });
      expect(screen.getByTestId("review-page").querySelector(`[data-perspective="${viewer}"]`)).toBeTruthy();
      expect(p2Row().querySelector(".own-dials")).toBeNull();
      expect(p2Row().querySelector(".hidden-dials")).toBeTruthy();
      expect(document.body.textContent).not.toContain(dialsText.trim());
      expect(document.querySelector(`[data-revealed="${hiddenUnit}"]`)).toBeNull();
      const info = screen.getByTestId("review-step-info");
      expect(within(info).queryByText(/Ada locks a plan: /)).toBeNull();
      expect(within(info).getByText(/a command this perspective could not see/)).toBeTruthy();
    }
    // p2 itself knew its dials.
    fireEvent.change(select, { target: { value: "p2" } });
    expect(p2Row().querySelector(".own-dials")?.textContent).toBe(dialsText);
    fireEvent.change(select, { target: { value: "omniscient" } });
    expect(p2Row().querySelector(".own-dials")?.textContent).toBe(dialsText);
  });

  test("a changed state hash is reported and the verification fails", async () => {
    const tampered = clone(HISTORY);
    const entry = tampered.entries[7]!;
    entry.stateHash = "0".repeat(64);
    await open(tampered);
    await screen.findByTestId("review-step");
    const error = screen.getByTestId("review-error");
    expect(error.textContent).toContain(`Step ${entry.seq}: the replayed state does not match the stored state hash.`);
    const panel = screen.getByTestId("review-verify");
    expect(within(panel).queryByTestId("review-verified")).toBeNull();
    expect(within(panel).getByTestId("review-verify-failed")).toBeTruthy();
    expect(panel.querySelector('[data-check="hashes"] [data-ok="false"]')).toBeTruthy();
    expect(panel.querySelector('[data-check="seed"] [data-ok="true"]')).toBeTruthy();
    goTo(entry.seq);
    expect(within(screen.getByTestId("review-step-info")).getByText(/does NOT match/)).toBeTruthy();
  });

  test("a wrong seed fails the seed check and the replay", async () => {
    const tampered = clone(HISTORY);
    tampered.seed = "not-the-seed";
    await open(tampered);
    await screen.findByTestId("review-verify");
    expect(screen.getByTestId("review-error")).toBeTruthy();
    const panel = screen.getByTestId("review-verify");
    expect(within(panel).queryByTestId("review-verified")).toBeNull();
    expect(panel.querySelector('[data-check="seed"] [data-ok="false"]')).toBeTruthy();
  });

  test("a command that does not replay stops the replay with a clear error", async () => {
    const tampered = clone(HISTORY);
    const index = 10;
    tampered.entries[index]!.seat = tampered.entries[index]!.seat === "p1" ? "p2" : "p1";
    await open(tampered);
    await screen.findByTestId("review-step");
    const seq = tampered.entries[index]!.seq;
    expect(screen.getByTestId("review-error").textContent).toContain(`Step ${seq} does not replay`);
    expect(screen.getByTestId("review-verify").querySelector('[data-check="replay"] [data-ok="false"]')).toBeTruthy();
    fireEvent.keyDown(window, { key: "End" });
    expect(stepText()).toBe(`${seq - 1} / ${tampered.entries.length}`);
  });

  test("a live match says the full review opens at the end and lists the public entries", async () => {
    const live = {
      ...clone(HISTORY),
      match: { ...HISTORY.match, status: "live", finishedAt: null, result: null },
      perspective: "spectator",
      setup: null,
      seed: null,
      setupEvents: [],
      entries: [
        { seq: 1, seat: "p1", command: { type: "choose_side", side: "black" }, events: [{ type: "side_chosen", seat: "p1", side: "black" }], stateHash: null },
        { seq: 2, seat: "p1", command: null, events: [{ type: "plan_locked", seat: "p1", commitment: "9b1e0c7d4f2a00112233" }], stateHash: null },
      ],
    };
    await open(live);
    await screen.findByText("This match is still being played");
    expect(screen.getByText(/opens when the match is over/)).toBeTruthy();
    const list = screen.getByTestId("review-live-entries");
    expect(list.querySelectorAll(":scope > li")).toHaveLength(2);
    expect(within(list).getByText(/command hidden until the match is over/)).toBeTruthy();
    expect(screen.queryByTestId("review-step")).toBeNull();
  });

  test("an unknown match shows the error", async () => {
    await open({ error: { code: "not_found", message: "There is no such match." } }, 404);
    const error = await screen.findByTestId("review-error");
    expect(error.textContent).toContain("There is no such match.");
  });

  test("speaks Korean", async () => {
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    await open();
    await screen.findByTestId("review-step");
    // Titled by the game's and the scenario's Korean names, not the match id.
    const scenarioKo = catalog.scenarios.get(SETUP.scenario)!.name.ko;
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(`리뷰: 엠버: 옵시디언 프로토콜 · ${scenarioKo}`));
    expect(screen.getByRole("heading", { level: 1 }).textContent).not.toContain(MATCH_ID);
    expect(within(screen.getByTestId("review-verify")).getByTestId("review-verified").textContent).toContain("검증 완료");
    await waitFor(() => expect(screen.getByRole("option", { name: "전체 (전지적 시점)" })).toBeTruthy());
  });
});
