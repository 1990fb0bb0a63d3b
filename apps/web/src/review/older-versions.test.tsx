/**
 * Matches of older rules versions in the browser (design.md principle 9): every published
 * version's replay fixture, turned into the history API's answer for a finished match, replays
 * and verifies (seed, commitments, every state hash) with that version's frozen build through the
 * review's own code, and its pages show it verified with the table drawn at every step and from
 * every perspective; a step the table cannot draw says so; a live table of an older match lists
 * its commands with that version's rules.
 *
 * Age of Sigmar has one version so far: this file acts out its next bump as the archive's test
 * does (the current package becomes sigmar-99.0.0, whose rules differ: every state it makes
 * carries one more field, and it lists no command or continuous choice from an older view), so
 * that sigmar-0.1.0 is an older version here, reviewed and played with its frozen build.
 */
import { deserialize, serialize } from "node:v8";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ember, type EmberView } from "@fogwar/ember";
import { omniscient, seatViewer, stateHash, type EventEnvelope } from "@fogwar/engine";
import { PUBLISHED, rulesetFor, type AnyRuleset, type ReplayFixture } from "@fogwar/rules-archive";
import { siege } from "@fogwar/siege";
import { sigmar, type SigmarCommand, type SigmarView } from "@fogwar/sigmar";
import { trpg } from "@fogwar/trpg";
import type { MatchHistory } from "../api";
import type { MatchConnection } from "../net/useMatch";
import { EmberConnected } from "../rulesets/ember/EmberConnected";
import { inEnglish } from "../../test/english";
import { ReviewPage } from "./ReviewPage";
import { TableBoundary } from "./older-rules";
import { rebuild, verify, type EmberRules } from "./replay";
import { rebuildSiege, type SiegeRules } from "../rulesets/siege/review";
import { rebuildTrpg, type TrpgRules } from "../rulesets/trpg/review";
import { rebuildSigmar, type SigmarRules } from "../rulesets/sigmar/review";
import { SigmarTable } from "../rulesets/sigmar/SigmarTable";

jest.mock("@fogwar/sigmar", () => {
  const actual = jest.requireActual<typeof import("@fogwar/sigmar")>("@fogwar/sigmar");
  const apply: typeof actual.sigmar.apply = (state, command, seat) => {
    const result = actual.sigmar.apply(state, command, seat);
    return result.ok ? { ...result, state: { ...result.state, bumped: true } } : result;
  };
  const none = () => [];
  return {
    ...actual,
    RULES_VERSION: "sigmar-99.0.0",
    sigmar: { ...actual.sigmar, rulesVersion: "sigmar-99.0.0", apply, legalCommandsInView: none, templatesInView: none },
    legalCommandsInView: none,
    templatesInView: none,
  };
});

// jsdom lacks structuredClone, which the engine uses (browsers and Node have it).
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

jest.setTimeout(120_000);

const FIXTURES = join(__dirname, "..", "..", "..", "..", "packages", "rules-archive", "fixtures");
const fixtures: ReplayFixture[] = readdirSync(FIXTURES).map((f) => JSON.parse(readFileSync(join(FIXTURES, f), "utf8")) as ReplayFixture);
const fixtureOf = (version: string): ReplayFixture => fixtures.find((f) => f.rulesVersion === version) as ReplayFixture;
const CURRENT_VERSION: Record<string, string> = { ember: ember.rulesVersion, siege: siege.rulesVersion, trpg: trpg.rulesVersion, sigmar: sigmar.rulesVersion };
const older = fixtures.filter((f) => f.rulesVersion !== CURRENT_VERSION[f.ruleset]);

/** The history API's answer for a finished match (apps/server/src/http/history.ts), from a fixture and its version's rules. */
function historyOf(fixture: ReplayFixture, ruleset: AnyRuleset): MatchHistory {
  const redact = (envelopes: readonly EventEnvelope<unknown>[]) => envelopes.map((e) => ruleset.redact(e, omniscient)).filter((e) => e !== null);
  const setup = fixture.setup as { scenario?: string; mission?: string };
  const body = {
    match: {
      matchId: "oldmatch0001",
      ruleset: fixture.ruleset,
      // Age of Sigmar's setup names no battleplan: the server lists its sample battleplan.
      scenario: setup.scenario ?? setup.mission ?? "sundered_causeway",
      status: "finished",
      seats: (ruleset.seatsOf(fixture.setup) as string[]).map((seat, i) => ({ seat, name: ["Ada", "Bo"][i] ?? seat })),
      createdAt: "2026-11-23T08:00:00.000Z",
      finishedAt: "2026-11-23T09:00:00.000Z",
      result: { winner: fixture.result.winner, reason: fixture.result.reason, ...(fixture.result.winners ? { winners: fixture.result.winners } : {}) },
    },
    perspective: "omniscient",
    rulesVersion: fixture.rulesVersion,
    setup: fixture.setup,
    seedCommitment: fixture.seedCommitment,
    seed: fixture.seed,
    setupEvents: redact(fixture.setupEvents),
    entries: fixture.entries.map((e) => ({ seq: e.seq, seat: e.seat, command: e.command, events: redact(e.events), stateHash: e.stateHash })),
  };
  return JSON.parse(JSON.stringify(body)) as MatchHistory;
}

/** A live connection to a two-seat match of `rulesVersion` holding `view` at `seq`, with its `send`. */
function connectionHolding(view: unknown, seq: number, rulesVersion: string, send: () => Promise<unknown>): MatchConnection {
  return {
    status: "open",
    error: null,
    welcome: { rulesVersion, spectatorDelay: 0 },
    seq,
    view,
    caster: null,
    connected: { p1: true, p2: true },
    spectators: 0,
    events: [],
    clock: null,
    send,
    claim: jest.fn(),
  } as unknown as MatchConnection;
}

function serve(history: MatchHistory) {
  globalThis.fetch = jest.fn(async (input: string) => {
    const body = String(input).endsWith("/history") ? history : { perspective: "review", read: [], lines: [] };
    return { ok: true, status: 200, json: async () => body } as Response;
  }) as unknown as typeof fetch;
}

inEnglish();

describe("the review's replay code", () => {
  it("has a fixture for every published version", () => {
    expect(fixtures.map((f) => f.rulesVersion).sort()).toEqual(PUBLISHED.map((p) => p.version).sort());
    expect(older.length).toBeGreaterThanOrEqual(3);
  });

  it.each(fixtures.filter((f) => f.ruleset === "ember").map((f) => [f.rulesVersion, f] as const))("rebuilds and verifies %s with its own rules", async (version, fixture) => {
    const rules = await rulesetFor("ember", version);
    const history = historyOf(fixture, rules.ruleset);
    const replay = rebuild(history, rules.ruleset as EmberRules);
    expect(replay.problems).toEqual([]);
    const verification = verify(history, replay);
    expect(verification).toMatchObject({ ok: true, seedOk: true, replayComplete: true, hashesMatched: fixture.entries.length, hashesTotal: fixture.entries.length });
    expect(verification.commitments.length).toBeGreaterThan(0);
    expect(stateHash(replay.stateAt(fixture.entries.length))).toBe(fixture.finalHash);
  });

  it.each(fixtures.filter((f) => f.ruleset === "siege").map((f) => [f.rulesVersion, f] as const))("rebuilds and verifies %s with its own rules", async (version, fixture) => {
    const rules = await rulesetFor("siege", version);
    const history = historyOf(fixture, rules.ruleset);
    const replay = rebuildSiege(history, { ruleset: rules.ruleset, pickSalt: rules.pickSalt } as SiegeRules);
    expect(replay.problems).toEqual([]);
    expect(replay).toMatchObject({ ok: true, seedOk: true, complete: true, hashesMatched: fixture.entries.length });
    expect(replay.picks.map((p) => p.ok)).toEqual([true, true]);
    expect(stateHash(replay.steps.at(-1)?.state)).toBe(fixture.finalHash);
  });

  it.each(fixtures.filter((f) => f.ruleset === "trpg").map((f) => [f.rulesVersion, f] as const))("rebuilds and verifies %s with its own rules", async (version, fixture) => {
    const rules = await rulesetFor("trpg", version);
    const history = historyOf(fixture, rules.ruleset);
    const replay = rebuildTrpg(history, rules.ruleset as TrpgRules);
    expect(replay.problems).toEqual([]);
    expect(replay.ok).toBe(true);
    expect(stateHash(replay.steps.at(-1)?.state)).toBe(fixture.finalHash);
  });

  it.each(fixtures.filter((f) => f.ruleset === "sigmar").map((f) => [f.rulesVersion, f] as const))("rebuilds and verifies %s with its own rules: seed, both lists, every reserve unit, every state hash", async (version, fixture) => {
    const rules = await rulesetFor("sigmar", version);
    expect(rules.frozen).toBe(true);
    const history = historyOf(fixture, rules.ruleset);
    const replay = rebuildSigmar(history, { ruleset: rules.ruleset, reserveSalt: rules.reserveSalt, reserveEntry: rules.reserveEntry } as SigmarRules);
    expect(replay.problems).toEqual([]);
    expect(replay).toMatchObject({ ok: true, seedOk: true, listsOk: true, reservesOk: true, hashesMatched: fixture.entries.length, hashesTotal: fixture.entries.length });
    // The battle had reserve units to verify.
    expect(history.entries.some((e) => (e.command as SigmarCommand).type === "set_up")).toBe(true);
    expect(stateHash(replay.steps.at(-1)?.state)).toBe(fixture.finalHash);
  });

  it.each(older.map((f) => [f.rulesVersion, f] as const))("does not verify %s with today's rules", async (version, fixture) => {
    const history = historyOf(fixture, (await rulesetFor(fixture.ruleset, version)).ruleset);
    const today: Record<string, () => boolean> = {
      ember: () => verify(history, rebuild(history)).ok,
      siege: () => rebuildSiege(history).ok,
      trpg: () => rebuildTrpg(history).ok,
      sigmar: () => rebuildSigmar(history).ok,
    };
    expect(today[fixture.ruleset]!()).toBe(false);
  });
});

/** Goes to every `every`-th step and the last, from each perspective in the page's select; `drawn` checks each. */
function walk(select: HTMLSelectElement, steps: number, every: number, drawn: () => void): number {
  const at = [...Array.from({ length: Math.ceil(steps / every) }, (_, i) => i * every), steps];
  let checked = 0;
  for (const option of [...select.options].map((o) => o.value)) {
    fireEvent.change(select, { target: { value: option } });
    for (const step of at) {
      fireEvent.change(screen.getByRole("slider"), { target: { value: String(step) } });
      drawn();
      checked++;
    }
  }
  return checked;
}

describe("the review page of an older version", () => {
  it.each(older.filter((f) => f.ruleset === "ember").map((f) => [f.rulesVersion, f] as const))("EMBER %s: verified, replayed with its own rules, the table drawn through the whole match from every perspective", async (version, fixture) => {
    serve(historyOf(fixture, (await rulesetFor("ember", version)).ruleset));
    render(<ReviewPage matchId="oldmatch0001" />);
    await screen.findByTestId("review-step", {}, { timeout: 20_000 });
    expect(screen.getByTestId("review-older-rules").textContent).toContain(version);
    expect(within(screen.getByTestId("review-verify")).getByTestId("review-verified")).toBeTruthy();
    expect(screen.queryByTestId("review-error")).toBeNull();
    const checked = walk(screen.getByTestId("review-perspective") as HTMLSelectElement, fixture.entries.length, 9, () => {
      expect(screen.queryByTestId("review-table-unavailable")).toBeNull();
      expect(screen.getByTestId("board")).toBeTruthy();
    });
    expect(checked).toBeGreaterThan(20);
  });

  /** Siege's and Age of Sigmar's review pages (test ids `<ruleset>-review`, `<ruleset>-review-perspective`): how many steps apart the walk checks, and the map drawn. */
  const PAGES: Record<string, { name: string; every: number; map: string }> = {
    siege: { name: "Siege", every: 25, map: 'svg[role="group"]' },
    sigmar: { name: "Age of Sigmar", every: 15, map: "svg.sigmar-map" },
  };

  it.each(older.filter((f) => f.ruleset in PAGES).map((f) => [PAGES[f.ruleset]!.name, f.rulesVersion, f] as const))("%s %s: verified, replayed with its own rules, the table drawn through the whole match from every perspective", async (_name, version, fixture) => {
    const page = PAGES[fixture.ruleset]!;
    serve(historyOf(fixture, (await rulesetFor(fixture.ruleset, version)).ruleset));
    render(<ReviewPage matchId="oldmatch0001" />);
    const review = await screen.findByTestId(`${fixture.ruleset}-review`, {}, { timeout: 20_000 });
    expect(screen.getByTestId("review-older-rules").textContent).toContain(version);
    expect(review.querySelector(".verify")?.getAttribute("data-ok")).toBe("true");
    const checked = walk(screen.getByTestId(`${fixture.ruleset}-review-perspective`) as HTMLSelectElement, fixture.entries.length, page.every, () => {
      expect(screen.queryByTestId("review-table-unavailable")).toBeNull();
      expect(review.querySelector(page.map)).not.toBeNull();
    });
    expect(checked).toBeGreaterThan(20);
  });

  it("says clearly when the site has no build of the match's rules version", async () => {
    const history = { ...historyOf(fixtureOf("ember-0.1.0"), (await rulesetFor("ember", "ember-0.1.0")).ruleset), rulesVersion: "ember-0.0.9" };
    serve(history);
    render(<ReviewPage matchId="oldmatch0001" />);
    const error = await screen.findByTestId("review-error", {}, { timeout: 20_000 });
    expect(error.textContent).toContain("This match was played under rules version ember-0.0.9, which this site cannot replay");
    expect(screen.queryByTestId("review-verified")).toBeNull();
  });
});

describe("a step the table cannot draw", () => {
  function Broken({ at }: { at: number }): never {
    throw new Error(`no such field at ${at}`);
  }

  it("shows a note instead of the table, and draws again at another step", () => {
    const quiet = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const { rerender } = render(
        <TableBoundary resetKey="3:omniscient" version="ember-0.1.0">
          <Broken at={3} />
        </TableBoundary>,
      );
      expect(screen.getByTestId("review-table-unavailable").textContent).toContain("This step of a match played under ember-0.1.0 cannot be drawn here");
      rerender(
        <TableBoundary resetKey="4:omniscient" version="ember-0.1.0">
          <p>the table at step 4</p>
        </TableBoundary>,
      );
      expect(screen.queryByTestId("review-table-unavailable")).toBeNull();
      expect(screen.getByText("the table at step 4")).toBeTruthy();
    } finally {
      quiet.mockRestore();
    }
  });
});

describe("a live table of an older version", () => {
  /** p1's view of ember-0.1.0's match after 22 entries (p1 acts, in a view today's `legalCommandsInView` cannot read) and a connection holding it. */
  async function oldTable(rulesVersion: string) {
    const fixture = fixtureOf("ember-0.1.0");
    const rules = await rulesetFor("ember", "ember-0.1.0");
    let state: unknown = rules.ruleset.setup(fixture.setup, fixture.seed).state;
    for (const e of fixture.entries.slice(0, 22)) {
      const applied = rules.ruleset.apply(state, e.command, e.seat);
      if (!applied.ok) throw new Error(applied.error.code);
      state = applied.state;
    }
    const view = rules.ruleset.viewFor(state, seatViewer("p1")) as EmberView;
    const legal = rules.ruleset.legalCommandsInView?.(view, "p1") as { type: string }[];
    const send = jest.fn(async () => ({ ok: true }));
    render(<EmberConnected matchId="oldmatch0001" seat="p1" match={connectionHolding(view, 22, rulesVersion, send)} banner={() => null} />);
    return { legal, send };
  }

  it("lists the seat's commands with that version's rules (today's cannot read its view)", async () => {
    const { legal, send } = await oldTable("ember-0.1.0");
    expect(legal.some((c) => c.type === "end_activation")).toBe(true);
    const end = await screen.findByRole("button", { name: /End activation/ }, { timeout: 20_000 });
    await act(async () => {
      fireEvent.click(end);
    });
    await waitFor(() => expect(send).toHaveBeenCalled());
    const sent = (send.mock.calls[0] as unknown[])[0];
    expect(legal).toContainEqual(sent);
  });

  it("says so when the site has no build of the match's rules version, and offers no command", async () => {
    const { send } = await oldTable("ember-0.0.9");
    await screen.findByText(/This match is played under rules version ember-0\.0\.9, which this site cannot run/, {}, { timeout: 20_000 });
    expect(screen.queryByRole("button", { name: /End activation/ })).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });
});

describe("a live Age of Sigmar table of an older version", () => {
  /**
   * The view of the seat about to make sigmar-0.1.0's battle's first move (a continuous choice),
   * by that version's rules, and a connection holding it under `rulesVersion`.
   */
  async function oldBattle(rulesVersion: string) {
    const fixture = fixtureOf("sigmar-0.1.0");
    const rules = await rulesetFor("sigmar", "sigmar-0.1.0");
    const at = fixture.entries.findIndex((e) => (e.command as SigmarCommand).type === "move");
    const seat = fixture.entries[at]!.seat;
    let state: unknown = rules.ruleset.setup(fixture.setup, fixture.seed).state;
    for (const e of fixture.entries.slice(0, at)) {
      const applied = rules.ruleset.apply(state, e.command, e.seat);
      if (!applied.ok) throw new Error(applied.error.code);
      state = applied.state;
    }
    const view = rules.ruleset.viewFor(state, seatViewer(seat)) as SigmarView;
    const legal = rules.ruleset.legalCommandsInView?.(view, seat) as SigmarCommand[];
    const templates = rules.ruleset.templatesInView?.(view, seat) ?? [];
    const send = jest.fn(async () => ({ ok: true }));
    const { container } = render(<SigmarTable matchId="oldmatch0001" seat={seat} match={connectionHolding(view, at, rulesVersion, send)} banner={null} />);
    return { legal, templates, send, container };
  }

  it("lists the seat's commands and continuous choices with that version's rules (today's list none from its view)", async () => {
    const { legal, templates, send, container } = await oldBattle("sigmar-0.1.0");
    expect(legal.some((c) => c.type === "end_phase")).toBe(true);
    expect(templates.length).toBeGreaterThan(0);
    const end = await waitFor(() => {
      const button = container.querySelector<HTMLButtonElement>("button.end-phase");
      if (!button) throw new Error("no end-phase button yet");
      return button;
    }, { timeout: 20_000 });
    // The units it may move (its templates) can be dragged.
    expect(container.querySelectorAll(".unit.draggable").length).toBeGreaterThan(0);
    await act(async () => {
      fireEvent.click(end);
    });
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(legal).toContainEqual((send.mock.calls[0] as unknown[])[0]);
  });

  it("says so when the site has no build of the match's rules version, and offers no command", async () => {
    const { send, container } = await oldBattle("sigmar-0.0.9");
    await screen.findByText(/This match is played under rules version sigmar-0\.0\.9, which this site cannot run/, {}, { timeout: 20_000 });
    expect(container.querySelector("button.end-phase")).toBeNull();
    expect(container.querySelectorAll(".unit.draggable")).toHaveLength(0);
    expect(send).not.toHaveBeenCalled();
  });
});
