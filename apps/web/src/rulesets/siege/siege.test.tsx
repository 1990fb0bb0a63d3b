/**
 * The Siege table's components rendered from real states (seed 004_cb264102299fbb71.txt):
 * matches played by the engine's random bots with Siege's bot policy, projected for one viewer
 * with `viewFor`. The secret operator tokens (seed 004 "비밀 오퍼레이터") are checked in the
 * rendered HTML and accessible text for the defence, the attack and spectators.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { Match, RandomBot, canonicalJson, seatViewer, seedCommitment, spectator, stateHash, type Viewer } from "@fogwar/engine";
import { casterRedact, casterViewFor, legalCommandsInView, siege, siegeBotPolicy, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState, type SiegeView } from "@fogwar/siege";
import { SiegeTableView } from "./SiegeTableView";
import { CreateSiegeMatch } from "./CreateSiegeMatch";
import { SiegeReview } from "./SiegeReview";
import { rebuildSiege } from "./review";
import { ReviewPage } from "../../review/ReviewPage";
import { SiegeTable } from "./SiegeTable";
import type { MatchConnection } from "../../net/useMatch";
import { inEnglish } from "../../../test/english";

jest.setTimeout(30_000);

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const SETUP: SiegeSetup = { mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } };
type SiegeMatch = Match<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, SiegeView>;

/** Plays bot commands until `pred` holds. */
function playUntil(pred: (s: SiegeState) => boolean, seed = "web-siege", max = 3000): SiegeMatch {
  const match = new Match(siege, SETUP, seed) as unknown as SiegeMatch;
  const bots = new Map(["a1", "d1"].map((s) => [s, new RandomBot<SiegeCommand>(`${seed}:${s}`, siegeBotPolicy)]));
  for (let n = 0; n < max && !pred(match.state); n++) {
    if (match.state.result) break;
    const seat = siege.awaiting(match.state)[0] as string;
    const command = bots.get(seat)!.choose(siege.legalCommands(match.state, seat));
    if (!command) throw new Error("no legal command");
    const r = match.submit(seat, command);
    if (!r.ok) throw new Error(r.error.code);
  }
  if (!pred(match.state)) throw new Error("state not reached");
  return match;
}

function eventsFor(match: SiegeMatch, viewer: Viewer) {
  const log = match.toLog();
  const redact = (envs: readonly unknown[]) => envs.map((e) => siege.redact(e as Parameters<typeof siege.redact>[0], viewer)).filter((e): e is SiegeEvent => e !== null);
  return [{ seq: 0, events: redact(log.setupEvents) }, ...log.entries.map((e) => ({ seq: e.seq, events: redact(e.events) }))];
}

function renderFor(match: SiegeMatch, seat: string | null, onCommand = jest.fn()) {
  const viewer = seat ? seatViewer(seat) : spectator;
  const view = siege.viewFor(match.state, viewer);
  const legal = seat ? legalCommandsInView(view, seat) : [];
  const utils = render(<SiegeTableView matchId="m-siege" view={view} seat={seat} legal={legal} onCommand={onCommand} events={eventsFor(match, viewer)} />);
  return { ...utils, view, legal, onCommand };
}

/** A token's markup without its position: what tells two tokens apart besides where they are. */
const withoutPosition = (el: Element) => el.outerHTML.replace(/\s(x|y|cx|cy|transform|style)="[^"]*"/g, "");

inEnglish();

// One match reaching the action phase with hidden operators (the defence's tokens are down).
let action: SiegeMatch;
beforeAll(() => {
  action = playUntil((s) => s.phase === "action" && Object.keys(s.hidden.real).length > 0 && !s.pending && s.step % 2 === 0);
});

describe("seed 004 비밀 오퍼레이터: secret operator tokens on the table", () => {
  test("the defence sees which token is real (★) and which is the decoy; one of each per hidden operator", () => {
    const { container, view } = renderFor(action, "d1");
    const hidden = Object.keys(view.hidden.real);
    expect(hidden.length).toBeGreaterThan(0);
    const real = container.querySelectorAll("svg .token-real");
    const decoy = container.querySelectorAll("svg .token-decoy");
    const upperReal = view.tokens.filter((t) => t.at.startsWith("up:") && view.hidden.real[t.operator] === t.id).length;
    expect(real.length + upperReal).toBe(hidden.length);
    expect(container.querySelectorAll(".token-secret")).toHaveLength(0);
    expect(real[0]?.getAttribute("aria-label")).toMatch(/real token ★/);
    expect(decoy.length).toBeGreaterThan(0);
  });

  test.each(["a1", null])("viewer %s: the two tokens of each hidden operator are identical (HTML without position, accessible name); no real or decoy anywhere", (seat) => {
    const { container, view } = renderFor(action, seat);
    expect(view.hidden.real).toEqual({});
    expect(container.querySelectorAll(".token-real, .token-decoy")).toHaveLength(0);
    const tokens = [...container.querySelectorAll("svg .token-secret")];
    const lower = view.tokens.filter((t) => !t.at.startsWith("up:"));
    expect(tokens).toHaveLength(lower.length);
    const byOperator = new Map<string, string[]>();
    lower.forEach((t, i) => byOperator.set(t.operator, [...(byOperator.get(t.operator) ?? []), withoutPosition(tokens[i]!)]));
    for (const [, markups] of byOperator) {
      expect(new Set(markups).size).toBe(1);
    }
    expect(container.textContent).not.toMatch(/real token|decoy/i);
    expect(container.innerHTML).not.toMatch(/token-real|token-decoy|★/);
  });
});

describe("seed 004 map, operators and controls", () => {
  test("seed 004 지형: the map draws walls by type, doors and windows with barricades, obstacles and access points", () => {
    const { container } = renderFor(action, null);
    for (const kind of ["thick", "reinforced", "thin", "holed", "door", "window"]) expect(container.querySelectorAll(`.wall-${kind}`).length).toBeGreaterThan(0);
    expect(container.querySelectorAll(".wall-barricaded").length).toBeGreaterThan(0);
    expect(container.querySelectorAll(".obstacle")).toHaveLength(4);
    expect(container.querySelectorAll(".access-point")).toHaveLength(3);
    expect(container.querySelectorAll(".cell.outside").length).toBeGreaterThan(0);
    expect(screen.getByRole("region", { name: "Upper floor" })).toBeTruthy();
  });

  test("seed 004 행동 페이즈: the attack's controls are its legal commands; clicking a highlighted square sends exactly that legal command", () => {
    const moving = playUntil((st) => st.phase === "action" && !st.pending && st.activation !== null && st.step % 2 === 0 && siege.legalCommands(st, "a1").some((c) => c.type === "step"), "web-siege-move");
    const { container, legal, onCommand } = renderFor(moving, "a1");
    expect(legal.length).toBeGreaterThan(0);
    const controls = screen.getByRole("region", { name: "Your commands" });
    const kinds = [...controls.querySelectorAll("[data-kind]")].map((b) => b.getAttribute("data-kind"));
    expect(new Set(kinds)).toEqual(new Set(legal.map((c) => c.type)));
    // Every command kind with a place: its squares are highlighted; a click sends a legal command.
    const placed = legal.find((c) => c.type === "step");
    expect(placed).toBeDefined();
    if (placed) {
      fireEvent.click(within(controls).getByRole("button", { name: new RegExp(`^${i18next.t(`siege:cmd.${placed.type}`)}$`) }));
      const target = container.querySelector(".cell.target");
      expect(target).not.toBeNull();
      fireEvent.click(target!);
      const sent = onCommand.mock.calls.at(-1)[0] as SiegeCommand;
      expect(legal.map((c) => canonicalJson(c))).toContain(canonicalJson(sent));
    }
    // A single-command kind (end the activation) is a button that sends that command.
    onCommand.mockClear();
    fireEvent.click(within(controls).getByRole("button", { name: "End activation" }));
    expect(onCommand.mock.calls[0][0]).toEqual(legal.find((c) => c.type === "end_activation"));
  });

  test("spectators get no controls; operators show health and status", () => {
    const { container } = renderFor(action, null);
    expect(screen.queryByRole("region", { name: "Your commands" })).toBeNull();
    expect(container.querySelectorAll(".operators li").length).toBe(10);
    expect(screen.getAllByText(/health/).length).toBeGreaterThan(0);
  });

  test("seed 004 팀 준비: the pick form sends a legal pick only", () => {
    const start = new Match(siege, SETUP, "pick-seed") as unknown as SiegeMatch;
    const { legal, onCommand } = renderFor(start, "a1");
    expect(legal.every((c) => c.type === "pick")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Lock the pick (secret)" }));
    expect(onCommand).toHaveBeenCalledTimes(1);
    expect(legal.map((c) => canonicalJson(c))).toContain(canonicalJson(onCommand.mock.calls[0][0]));
    // Unticking an operator makes the pick illegal: the button is disabled and says why.
    const box = screen.getAllByRole("checkbox").find((b) => (b as HTMLInputElement).checked) as HTMLInputElement;
    fireEvent.click(box);
    expect((screen.getByRole("button", { name: "Lock the pick (secret)" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("alert").textContent).toMatch(/not allowed/);
    // Before any operator is on the roster, no empty roster and no empty gadget line.
    expect(screen.queryByRole("region", { name: "Operators" })).toBeNull();
    expect(screen.queryByText(/Gadgets left/)).toBeNull();
  });
});

describe("event log and result in words", () => {
  test("a whole bot match: the log has a line per shown event in English and Korean; the result names the winning team (the review link is the match-end banner's)", async () => {
    const done = playUntil((s) => s.result !== null, "web-siege-end", 5000);
    const { container } = renderFor(done, "a1");
    expect(screen.getByText(/Event log/)).toBeTruthy();
    const lines = container.querySelectorAll(".log-lines li");
    expect(lines.length).toBeGreaterThan(50);
    expect(container.textContent).toMatch(/The match begins: Seize the ledger\./);
    expect(container.querySelector(".result")?.textContent).toMatch(/(Attack|Defence) wins/);
    // The review link is the match-end banner's (table/MatchEnd.tsx), once for every table.
    expect(container.querySelector('a[href="/review/m-siege"]')).toBeNull();
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    expect(container.textContent).toMatch(/경기 시작: 장부 확보\./);
    expect(container.querySelector(".result")?.textContent).toMatch(/(공격팀|방어팀) 승리/);
  });
});

describe("the Siege lobby form", () => {
  test("seed 004 팀 준비: 2 v 2 with teams; creates a request with a team per player and no army", async () => {
    const createMatch = jest.fn().mockResolvedValue({ matchId: "m", roomId: "m", seats: [], spectatorUrl: "/watch/m" });
    const onCreated = jest.fn();
    const listing = { id: "siege" as const, rulesVersion: "siege-0.1.0", missions: [{ id: "ledger", name: { en: "Seize the ledger", ko: "장부 확보" }, map: "saltmarsh_cannery", rounds: 5 }], maps: [{ id: "saltmarsh_cannery", name: { en: "Saltmarsh Cannery", ko: "솔트마시 통조림 공장" }, width: 12, height: 10 }], teamSizes: [1, 2] };
    render(<CreateSiegeMatch api={{ createMatch }} listing={listing} onCreated={onCreated} />);
    fireEvent.change(screen.getByLabelText("Players"), { target: { value: "2" } });
    const names = screen.getAllByLabelText("Name");
    expect(names).toHaveLength(4);
    names.forEach((n, i) => fireEvent.change(n, { target: { value: `P${i + 1}` } }));
    const teams = screen.getAllByLabelText("Team");
    fireEvent.change(teams[1]!, { target: { value: "attack" } });
    expect((screen.getByRole("button", { name: "Create Siege match" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("status").textContent).toMatch(/2 player/);
    fireEvent.change(teams[1]!, { target: { value: "defence" } });
    // The claim delay: below its floor it is held at 10 s.
    const claimDelay = screen.getByLabelText("Claim after (seconds away)") as HTMLInputElement;
    expect(claimDelay.value).toBe("60");
    fireEvent.change(claimDelay, { target: { value: "5" } });
    expect(claimDelay.value).toBe("10");
    fireEvent.change(claimDelay, { target: { value: "30" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Create Siege match" }));
    });
    expect(createMatch).toHaveBeenCalledWith({
      ruleset: "siege",
      scenario: "ledger",
      players: [
        { name: "P1", team: "attack" },
        { name: "P2", team: "defence" },
        { name: "P3", team: "attack" },
        { name: "P4", team: "defence" },
      ],
      options: { spectatorDelay: 0, reconnectGrace: 120, claimDelay: 30 },
    });
    expect(onCreated).toHaveBeenCalled();
  });
});

describe("the Siege review", () => {
  /** The history the server would serve for a finished bot match (omniscient perspective). */
  function historyOf(match: SiegeMatch, seed: string) {
    const log = match.toLog();
    const omni = (envs: readonly unknown[]) => envs.map((e) => siege.redact(e as Parameters<typeof siege.redact>[0], { kind: "omniscient" })).filter((e) => e !== null);
    let state = siege.setup(SETUP, seed).state;
    const entries = log.entries.map((e) => {
      const r = siege.apply(state, e.command, e.seat);
      if (!r.ok) throw new Error("replay");
      state = r.state;
      return { seq: e.seq, seat: e.seat, command: e.command, events: omni(e.events), stateHash: stateHash(state) };
    });
    return {
      match: { matchId: "m-siege", ruleset: "siege", scenario: "ledger", status: "finished" as const, seats: [{ seat: "a1", name: "A" }, { seat: "d1", name: "D" }], createdAt: "2026-11-23T08:00:00.000Z", finishedAt: "2026-11-23T09:00:00.000Z", result: state.result },
      perspective: "omniscient" as const,
      rulesVersion: siege.rulesVersion,
      setup: SETUP,
      seedCommitment: seedCommitment(seed),
      seed,
      setupEvents: omni(log.setupEvents),
      entries,
    };
  }

  test("seed 004 팀 준비: a finished match rebuilds; seed, both pick commitments and every state hash verify; a tampered pick fails", () => {
    const done = playUntil((s) => s.result !== null, "web-siege-end", 5000);
    const history = historyOf(done, "web-siege-end");
    const replay = rebuildSiege(history as never);
    expect(replay.problems).toEqual([]);
    expect(replay.picks.map((p) => [p.team, p.ok])).toEqual([
      ["attack", true],
      ["defence", true],
    ]);
    expect(replay.hashesMatched).toBe(history.entries.length);
    expect(replay.ok).toBe(true);
    const { container } = render(<SiegeReview matchId="m-siege" history={history as never} />);
    expect(container.querySelector(".verify")?.getAttribute("data-ok")).toBe("true");
    expect(container.textContent).toMatch(/Every check: ✓ OK/);
    // A review is no live table: nobody is "spectating" it.
    expect(container.querySelector(".siege-table header")?.textContent ?? "").not.toMatch(/spectating/);
    // The attack's perspective at a step after the defence setup shows identical secret tokens.
    fireEvent.change(screen.getByTestId("siege-review-perspective"), { target: { value: "a1" } });
    const afterSetup = replay.steps.find((s) => s.state.phase === "attack_setup")!.index;
    fireEvent.change(screen.getByRole("slider"), { target: { value: String(afterSetup) } });
    expect(container.querySelectorAll(".token-secret").length).toBeGreaterThan(0);
    expect(container.querySelectorAll(".token-real, .token-decoy")).toHaveLength(0);
    fireEvent.change(screen.getByTestId("siege-review-perspective"), { target: { value: "d1" } });
    expect(container.querySelectorAll(".token-real").length).toBeGreaterThan(0);

    // Tampering: a revealed pick that does not open its commitment.
    const tampered = structuredClone(history);
    for (const entry of tampered.entries) {
      for (const e of entry.events as SiegeEvent[]) if (e.type === "picks_revealed") (e.picks.attack as unknown as { operators: string[] }).operators = [...e.picks.attack.operators].reverse();
    }
    const bad = rebuildSiege(tampered as never);
    expect(bad.picks.find((p) => p.team === "attack")?.ok).toBe(false);
    expect(bad.ok).toBe(false);
  });

  test("a match conceded during the picks (project decision) rebuilds and verifies: the one locked pick was never revealed, so there is none to open; the step names the player", () => {
    const match = new Match(siege, SETUP, "web-siege-conceded") as unknown as SiegeMatch;
    const pick = siege.legalCommands(match.state, "a1").find((c) => c.type === "pick")!;
    expect(match.submit("a1", pick).ok).toBe(true);
    expect(match.submit("d1", { type: "concede" }).ok).toBe(true);
    const history = historyOf(match, "web-siege-conceded");
    const replay = rebuildSiege(history as never);
    expect(replay.picks).toEqual([]);
    expect(replay.ok).toBe(true);
    const { container } = render(<SiegeReview matchId="m-siege" history={history as never} />);
    expect(container.querySelector(".verify")?.getAttribute("data-ok")).toBe("true");
    expect(container.querySelector(".step-info")?.textContent).toBe("Step 2 · D: Concede");
    expect(container.querySelector(".result")?.textContent).toContain("Defence conceded");
    // The board comes first, the verification below it.
    const board = container.querySelector(".siege-table")!;
    const verify = container.querySelector(".verify")!;
    expect(board.compareDocumentPosition(verify) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test("the step controls: the window's keys step (not the slider's, not with Ctrl), the ends disable their buttons, the counter and step follow", () => {
    const match = new Match(siege, SETUP, "web-siege-keys") as unknown as SiegeMatch;
    const pick = siege.legalCommands(match.state, "a1").find((c) => c.type === "pick")!;
    expect(match.submit("a1", pick).ok).toBe(true);
    expect(match.submit("d1", { type: "concede" }).ok).toBe(true);
    const { container } = render(<SiegeReview matchId="m-siege" history={historyOf(match, "web-siege-keys") as never} />);
    const stepText = () => screen.getByTestId("siege-review-step").textContent;
    const disabled = (id: string) => screen.getByTestId<HTMLButtonElement>(id).disabled;
    const info = () => container.querySelector(".step-info")?.textContent;
    // The review opens at the last step: forward is disabled there, back is not.
    expect(stepText()).toBe("2 / 2");
    expect(screen.getByTestId("siege-review-step").closest("[role=status]")?.textContent).toBe("Step 2 / 2");
    expect([disabled("review-first"), disabled("review-prev"), disabled("review-next"), disabled("review-last")]).toEqual([false, false, true, true]);
    expect(screen.getByTestId("review-next").getAttribute("aria-label")).toBe("Next step (→)");
    fireEvent.keyDown(window, { key: "ArrowRight" });
    expect(stepText()).toBe("2 / 2");
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    expect(stepText()).toBe("1 / 2");
    expect(info()).toMatch(/^Step 1 · A: Pick \S.* with \S/);
    expect(screen.getByRole("slider").getAttribute("aria-valuetext")).toBe("1 / 2");
    fireEvent.keyDown(window, { key: "Home" });
    expect(stepText()).toBe("0 / 2");
    expect(info()).toBe("Setup");
    expect([disabled("review-first"), disabled("review-prev"), disabled("review-next"), disabled("review-last")]).toEqual([true, true, false, false]);
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    expect(stepText()).toBe("0 / 2");
    fireEvent.keyDown(window, { key: "ArrowRight", ctrlKey: true });
    expect(stepText()).toBe("0 / 2");
    fireEvent.keyDown(screen.getByRole("slider"), { key: "ArrowRight" });
    expect(stepText()).toBe("0 / 2");
    // On the perspective list the arrows still step the replay.
    fireEvent.keyDown(screen.getByTestId("siege-review-perspective"), { key: "ArrowRight" });
    expect(stepText()).toBe("1 / 2");
    fireEvent.keyDown(window, { key: "End" });
    expect(stepText()).toBe("2 / 2");
    fireEvent.click(screen.getByTestId("review-first"));
    expect(stepText()).toBe("0 / 2");
    fireEvent.click(screen.getByTestId("review-next"));
    expect(stepText()).toBe("1 / 2");
    fireEvent.click(screen.getByTestId("review-last"));
    expect(info()).toBe("Step 2 · D: Concede");
  });

  test("the review page's match line names the players, the winner and why in words, with no raw reason", async () => {
    const match = new Match(siege, SETUP, "web-siege-line") as unknown as SiegeMatch;
    expect(match.submit("d1", { type: "concede" }).ok).toBe(true);
    const history = historyOf(match, "web-siege-line");
    globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => history }) as Response) as unknown as typeof fetch;
    const { container } = render(<ReviewPage matchId="m-siege" />);
    await screen.findByTestId("siege-review");
    expect(container.querySelector(".meta")?.textContent).toBe("A vs D · Result: A won (the defence conceded)");
  });
});

describe("seed 004 비밀 오퍼레이터: the caster feed of a match with a spectator delay", () => {
  /**
   * A bot match at a live step where an operator revealed live is still hidden in the state the
   * caster feed holds (one round behind, apps/server/src/live.ts), and the connection a spectator
   * of that match would have: the live public view, the caster feed and both event feeds.
   */
  function delayedConnection(seat: string | null) {
    const match = new Match(siege, SETUP, "web-siege-caster") as unknown as SiegeMatch;
    const bots = new Map(["a1", "d1"].map((s) => [s, new RandomBot<SiegeCommand>(`web-siege-caster:${s}`, siegeBotPolicy)]));
    const states: SiegeState[] = [match.state];
    const delayedAt = (i: number) => {
      const horizon = Math.max(0, states[i]!.round - 1);
      let d = 0;
      while (d < i && states[d + 1]!.round <= horizon) d++;
      return d;
    };
    const revealedSince = (i: number) => Object.keys(states[delayedAt(i)]!.hidden.real).filter((op) => !states[i]!.operators[op]!.hidden);
    while (!match.state.result && !(states.length > 1 && revealedSince(states.length - 1).length > 0)) {
      const who = siege.awaiting(match.state)[0] as string;
      const r = match.submit(who, bots.get(who)!.choose(siege.legalCommands(match.state, who))!);
      if (!r.ok) throw new Error(r.error.code);
      states.push(match.state);
    }
    const i = states.length - 1;
    const live = states[i]!;
    expect(live.result).toBeNull();
    const d = delayedAt(i);
    const entries = match.toLog().entries;
    const connection = {
      status: "open",
      error: null,
      welcome: { spectatorDelay: 1 },
      seq: i,
      view: siege.viewFor(live, seat ? seatViewer(seat) : spectator),
      caster: seat ? null : { seq: d, view: casterViewFor(states[d]!, live) },
      connected: { a1: true, d1: true },
      spectators: 1,
      events: [
        ...entries.map((e) => ({ seq: e.seq, seat: e.seat, feed: "live" as const, events: e.events.map((x) => siege.redact(x, seat ? seatViewer(seat) : spectator)).filter((x) => x !== null) })),
        ...(seat ? [] : entries.slice(0, d).map((e) => ({ seq: e.seq, seat: e.seat, feed: "caster" as const, events: e.events.map((x) => casterRedact(x, live)).filter((x) => x !== null) }))),
      ],
      send: jest.fn(),
    } as unknown as MatchConnection;
    return { connection, live, delayed: states[d]!, revealed: revealedSince(i) };
  }

  test("a spectator sees the caster feed first (one round behind, the real tokens of operators revealed since), and switches to the live public view and back", () => {
    const { connection, live, delayed, revealed } = delayedConnection(null);
    const { container } = render(<SiegeTable matchId="m-caster" seat={null} match={connection} banner={<p>banner</p>} />);
    const behind = Math.max(1, live.round - delayed.round);
    expect(screen.getByText(`Caster feed: ${behind} round${behind === 1 ? "" : "s"} behind the live match`)).toBeTruthy();
    expect(container.textContent).toContain("the real secret tokens are shown only for operators already revealed in the live match");
    // The delayed state: each operator revealed since shows its real token and its decoy; the
    // operators still hidden live show two identical secret tokens.
    const feed = casterViewFor(delayed, live);
    expect(Object.keys(feed.hidden.real).sort()).toEqual([...revealed].sort());
    const lowerOf = (ops: readonly string[]) => feed.tokens.filter((t) => ops.includes(t.operator) && !t.at.startsWith("up:")).length;
    expect(container.querySelectorAll("svg .token-real, svg .token-decoy")).toHaveLength(lowerOf(revealed));
    expect(lowerOf(revealed)).toBeGreaterThan(0);
    expect(container.querySelectorAll("svg .token-real")).toHaveLength(feed.tokens.filter((t) => feed.hidden.real[t.operator] === t.id && !t.at.startsWith("up:")).length);
    expect(container.querySelector("svg .token-real")?.getAttribute("aria-label")).toMatch(/real token ★/);
    const stillHidden = Object.keys(delayed.hidden.real).filter((op) => !revealed.includes(op));
    expect(container.querySelectorAll("svg .token-secret")).toHaveLength(lowerOf(stillHidden));
    fireEvent.click(screen.getByRole("button", { name: "Show the live public view" }));
    expect(container.querySelectorAll(".token-real, .token-decoy")).toHaveLength(0);
    expect(container.innerHTML).not.toMatch(/★/);
    expect(container.querySelectorAll("svg .token-secret")).toHaveLength(live.tokens.filter((t) => !t.at.startsWith("up:")).length);
    fireEvent.click(screen.getByRole("button", { name: "Show the delayed full view" }));
    expect(container.querySelectorAll("svg .token-real, svg .token-decoy")).toHaveLength(lowerOf(revealed));
  });

  test("a seat of a delayed match gets no caster switch (it has no caster feed) and plays from its own live view", () => {
    const { connection } = delayedConnection("a1");
    render(<SiegeTable matchId="m-caster" seat="a1" match={connection} banner={<p>banner</p>} />);
    expect(screen.queryByRole("button", { name: /Show the (live public|delayed full) view/ })).toBeNull();
    expect(screen.queryByText(/Caster feed/)).toBeNull();
  });
});
