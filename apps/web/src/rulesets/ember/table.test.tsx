/**
 * The EMBER table's components rendered from real states: matches played by the engine's random
 * bots (EMBER's bot policy) with the sample armies, projected for one viewer with `viewFor`.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { board, catalog, ember, emberBotPolicy, legalCommandsInView, TIMINGS, validateArmy, type EmberCommand, type EmberEvent, type EmberState, type EmberView, type MechState } from "@fogwar/ember";
import { Match, RandomBot, seatViewer, spectator, type Viewer } from "@fogwar/engine";
import { TableView } from "./TableView";
import { EventLog } from "./EventLog";
import { AttackPanel } from "./AttackPanel";
import { UnitPanel } from "./UnitPanel";
import { commandKey } from "./model";
import { inEnglish } from "../../../test/english";
import { scrollsAtMoment } from "../../../test/board-layout";
import { NAMES, withNames } from "../../../test/players";

// jsdom lacks structuredClone, which the engine uses (browsers and Node have it).
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

// Two sample armies that fit the Crossroads skirmish limit (else the standard-size Foundry).
const fitting = catalog.data.armies.filter((a) => validateArmy(a, "skirmish").length === 0);
const [armyA, armyB] = fitting.length >= 2 ? fitting : catalog.data.armies;
const SETUP = { scenario: fitting.length >= 2 ? "crossroads" : "foundry", seats: ["p1", "p2"] as const, armies: { p1: armyA!, p2: armyB! } };
type EmberMatch = Match<typeof SETUP, EmberState, EmberCommand, EmberEvent, EmberView>;

/** Plays bot commands until `pred` holds (or throws after `max`). */
function playUntil(pred: (s: EmberState) => boolean, seed = "web-table", max = 4000): EmberMatch {
  const match = new Match(ember, SETUP, seed) as unknown as EmberMatch;
  const bots = { p1: new RandomBot<EmberCommand>(`${seed}:p1`, emberBotPolicy), p2: new RandomBot<EmberCommand>(`${seed}:p2`, emberBotPolicy) };
  for (let n = 0; n < max && !pred(match.state); n++) {
    if (match.state.phase === "finished") break;
    const seat = ember.awaiting(match.state)[0] as "p1" | "p2";
    const command = bots[seat].choose(ember.legalCommands(match.state, seat));
    if (!command) throw new Error("no legal command");
    const r = match.submit(seat, command);
    if (!r.ok) throw new Error(r.error.code);
  }
  if (!pred(match.state)) throw new Error("state not reached");
  return match;
}

/** Tries several seeds until one reaches the state. */
function find(pred: (s: EmberState) => boolean): EmberMatch {
  for (let i = 0; i < 120; i++) {
    try {
      return playUntil(pred, `web-${i}`);
    } catch {
      // next seed
    }
  }
  throw new Error("no seed reached the state");
}

function eventsFor(match: EmberMatch, viewer: Viewer) {
  const log = match.toLog();
  const redact = (envs: readonly { audience: unknown; event: EmberEvent }[]) =>
    envs.map((e) => ember.redact(e as Parameters<typeof ember.redact>[0], viewer)).filter((e): e is EmberEvent => e !== null);
  return [{ seq: 0, events: redact(log.setupEvents as never) }, ...log.entries.map((e) => ({ seq: e.seq, events: redact(e.events as never) }))];
}

function renderFor(match: EmberMatch, seat: string | null, onCommand = jest.fn()) {
  const viewer = seat ? seatViewer(seat) : spectator;
  const view = ember.viewFor(match.state, viewer);
  const legal = seat ? legalCommandsInView(view, seat) : [];
  const utils = render(withNames(<TableView matchId="m-test" view={view} seat={seat} legal={legal} onCommand={onCommand} events={eventsFor(match, viewer)} />));
  return { ...utils, view, legal, onCommand };
}

const squaresShown = (container: HTMLElement) => new Set([...container.querySelectorAll("[data-square]")].map((e) => e.getAttribute("data-square")));
const keysOf = (squares: { x: number; y: number }[]) => new Set(squares.map((s) => `${s.x},${s.y}`));

inEnglish();

describe("board and highlights from the legal commands", () => {
  test("deployment: the highlighted squares are exactly the legal deploy squares of the chosen unit, facing and stance; a click sends that legal command", () => {
    const match = find((s) => s.phase === "deployment" && s.turn === "p1");
    const { container, legal, onCommand, view } = renderFor(match, "p1");
    const deploys = legal.filter((c): c is Extract<EmberCommand, { type: "deploy" }> => c.type === "deploy");
    const unit = deploys[0]!.unit;
    const facing = view.sides?.p1 === "white" ? "N" : "S";
    const isMech = view.units.find((u) => u.id === unit)?.kind === "mech";
    const expected = deploys.filter((c) => c.unit === unit && c.facing === facing && (!isMech || c.stance === "OFF"));
    expect(expected.length).toBeGreaterThan(0);
    expect(squaresShown(container)).toEqual(keysOf(expected.map((c) => c.at)));
    expect(squaresShown(container)).toEqual(keysOf(deploys.filter((c) => c.unit === unit).map((c) => c.at)));
    const first = container.querySelector("[data-square]") as Element;
    fireEvent.click(first);
    expect(onCommand).toHaveBeenCalledTimes(1);
    const sent = onCommand.mock.calls[0][0] as EmberCommand;
    expect(legal.map(commandKey)).toContain(commandKey(sent));
    expect(sent).toMatchObject({ type: "deploy", unit, facing });
  });

  test("activation: manoeuvre squares equal the legal manoeuvres for the chosen facing; another facing shows its own legal squares; keyboard Enter sends", () => {
    const match = find((s) => s.phase === "action" && !s.pending && s.activation !== null && s.units.find((u) => u.id === s.activation!.unit)?.owner === "p1" && ember.legalCommands(s, "p1").some((c) => c.type === "manoeuvre"));
    const { container, legal, onCommand, view } = renderFor(match, "p1");
    const man = legal.filter((c): c is Extract<EmberCommand, { type: "manoeuvre" }> => c.type === "manoeuvre");
    const unit = view.units.find((u) => u.id === view.activation!.unit)!;
    expect(squaresShown(container)).toEqual(keysOf(man.filter((c) => c.facing === unit.facing).map((c) => c.to)));
    const other = (["N", "E", "S", "W"] as const).find((f) => f !== unit.facing)!;
    const radio = container.querySelector(`input[name="facing"][value="${other}"]`) as HTMLInputElement;
    fireEvent.click(radio);
    expect(squaresShown(container)).toEqual(keysOf(man.filter((c) => c.facing === other).map((c) => c.to)));
    const square = container.querySelector("[data-square]") as Element;
    fireEvent.keyDown(square, { key: "Enter" });
    const sent = onCommand.mock.calls[0][0] as EmberCommand;
    expect(legal.map(commandKey)).toContain(commandKey(sent));
    expect(sent).toMatchObject({ type: "manoeuvre", facing: other });
    // the active unit is marked on the board
    expect(container.querySelector(`[data-unit="${unit.id}"]`)).not.toBeNull();
  });

  test("activation: the unit whose activation begins is brought into sight: a page scrolled far from the board scrolls back to it as the activation begins (on a phone the unit may stand under the bar)", () => {
    const match = find((s) => s.phase === "action" && !s.pending && s.activation !== null && s.units.find((u) => u.id === s.activation!.unit)?.owner === "p1" && ember.legalCommands(s, "p1").length > 0);
    // The board's frame is given a 458 px box whose top stands 1,500 px below the window's top.
    const view = ember.viewFor(match.state, seatViewer("p1"));
    const table = (legal: EmberCommand[]) => withNames(<TableView matchId="m-test" view={view} seat="p1" legal={legal} onCommand={jest.fn()} events={[]} />);
    // The page open before the activation is the viewer's to play (no legal command yet), then the activation.
    const scrolls = scrollsAtMoment({ box: { top: 1500, height: 458, width: 390 } }, table([]), table(legalCommandsInView(view, "p1")));
    expect(scrolls).toHaveLength(1);
    expect(scrolls[0]!.top).toBeGreaterThan(1000);
  });

  test("attack: choosing an attack action highlights exactly its legal targets, draws lines of sight, and clicking a target sends the legal act", () => {
    // An attack action (shooting or melee), not an electronic attack or detection, which need no sight.
    const isAttack = (s: EmberState, c: EmberCommand): c is Extract<EmberCommand, { type: "act" }> =>
      c.type === "act" && c.target !== undefined && board.mechAction(s.units.find((u) => u.id === c.unit) as MechState, c.part, c.action)?.effect.kind === "attack";
    const match = find((s) => s.phase === "action" && !s.pending && s.activation !== null && ember.legalCommands(s, "p1").some((c) => isAttack(s, c)));
    const { container, legal, onCommand } = renderFor(match, "p1");
    const attack = legal.find((c): c is Extract<EmberCommand, { type: "act" }> => isAttack(match.state, c))!;
    const targets = new Set(legal.filter((c) => c.type === "act" && c.part === attack.part && c.action === attack.action && c.target).map((c) => (c as { target: string }).target));
    // pick the action group whose targets are those of `attack`
    const groupButtons = [...container.querySelectorAll(".act-group")].map((g) => g.querySelector("button") as HTMLButtonElement);
    let clicked = false;
    for (const b of groupButtons) {
      fireEvent.click(b);
      const shown = new Set([...container.querySelectorAll("[data-target]")].map((e) => e.getAttribute("data-unit")));
      if (shown.size > 0 && [...shown].every((id) => targets.has(id as string)) && shown.size === targets.size) {
        clicked = true;
        break;
      }
    }
    expect(clicked).toBe(true);
    expect(container.querySelectorAll("[data-sight]").length).toBeGreaterThan(0);
    const target = container.querySelector("[data-target]") as Element;
    fireEvent.click(target);
    const sent = onCommand.mock.calls[0][0] as EmberCommand;
    expect(legal.map(commandKey)).toContain(commandKey(sent));
    expect(sent.type).toBe("act");
  });

  test("spectators get the same board read-only: no controls, no highlighted squares", () => {
    const match = find((s) => s.phase === "action" && s.activation !== null);
    const { container } = renderFor(match, null);
    expect(container.querySelector(".controls")).toBeNull();
    expect(container.querySelectorAll("[data-square]").length).toBe(0);
    expect(container.querySelectorAll("[data-unit]").length).toBeGreaterThan(0);
  });
});

describe("plan phase: secret timing dials", () => {
  function p2LockedOnly(): EmberMatch {
    const match = find((s) => s.phase === "plan" && !s.plans.p1?.commitment && !s.plans.p2?.commitment);
    const p2Plans = ember.legalCommands(match.state, "p2");
    const r = match.submit("p2", p2Plans[p2Plans.length - 1]!);
    if (!r.ok) throw new Error(r.error.code);
    expect(match.state.plans.p2?.commitment).toBeTruthy();
    expect(match.state.plans.p1?.commitment).toBeFalsy();
    return match;
  }

  test("the dial selectors send a lock_plan that is in the legal list", () => {
    const match = p2LockedOnly();
    const { container, legal, onCommand } = renderFor(match, "p1");
    const selects = [...container.querySelectorAll("select[data-dial-select]")] as HTMLSelectElement[];
    expect(selects.length).toBe(Object.keys((legal[0] as { dials: object }).dials).length);
    const lock = screen.getByRole("button", { name: "Lock plan" });
    expect((lock as HTMLButtonElement).disabled).toBe(true);
    selects.forEach((s, i) => fireEvent.change(s, { target: { value: TIMINGS[(i * 2 + 3) % 6] } }));
    expect((lock as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(lock);
    const sent = onCommand.mock.calls[0][0] as EmberCommand;
    expect(sent.type).toBe("lock_plan");
    expect(legal.map(commandKey)).toContain(commandKey(sent));
  });

  test("the opponent's dials never reach the page before the reveal (player and spectator); the lock is shown, not its commitment hash", () => {
    const match = p2LockedOnly();
    const secret = match.state.plans.p2!.dials!;
    for (const seat of ["p1", null]) {
      const { container, view, unmount } = renderFor(match, seat);
      expect(view.plans.p2?.dials).toBeUndefined();
      const html = container.innerHTML;
      expect(html).not.toContain('"dials"');
      for (const id of Object.keys(secret)) expect(container.querySelector(`[data-dial="${id}"]`)).toBeNull();
      const p2 = container.querySelector('[data-plan-seat="p2"]') as HTMLElement;
      expect(p2.textContent).toContain("locked");
      expect(container.textContent).not.toContain(match.state.plans.p2!.commitment!.slice(0, 8));
      expect(p2.textContent).toContain("dials hidden until the reveal");
      for (const timing of TIMINGS) expect(p2.textContent).not.toContain(i18next.t(`timing.${timing}`, { ns: "table" }));
      // the unit panel of an opponent mech says hidden
      for (const id of Object.keys(secret)) {
        fireEvent.click(screen.getAllByRole("button").find((b) => b.closest(".roster") && b.textContent?.includes(`(${NAMES.p2})`) && b.textContent.includes(view.units.find((u) => u.id === id)!.name))!);
        const panel = container.querySelector(`[data-unit-panel="${id}"]`) as HTMLElement;
        expect(panel.textContent).toContain("hidden");
      }
      unmount();
    }
  });
});

describe("the plan line after the reveal", () => {
  test("seed 001 5-6: once the opponent's dials come out, their line says how many are revealed instead of 'hidden'", () => {
    const match = find((s) => s.phase === "action" && Object.keys(s.revealed).some((id) => s.units.find((u) => u.id === id)?.owner === "p2"));
    const { container, view } = renderFor(match, "p1");
    const count = Object.keys(view.revealed).filter((id) => view.units.find((u) => u.id === id)?.owner === "p2").length;
    const mechs = view.units.filter((u) => u.kind === "mech" && u.owner === "p2" && !u.destroyed).length;
    const line = (container.querySelector('[data-plan-seat="p2"]') as HTMLElement).textContent ?? "";
    expect(line).not.toContain("dials hidden until the reveal");
    expect(line).toContain(count >= mechs ? "all dials revealed" : `${count} revealed, the rest hidden until their turn`);
  });
});

describe("pending decisions", () => {
  test("seed 001 3.2: the side choice is asked of the first player only, says a side decides only where the force deploys; the other seat sees whom the match waits for", () => {
    const match = new Match(ember, SETUP, "web-side") as unknown as EmberMatch;
    const asked = match.state.pending!.seat;
    const other = asked === "p1" ? "p2" : "p1";
    const mine = renderFor(match, asked);
    const prompt = mine.container.querySelector('[data-decision="choose_side"]') as HTMLElement;
    expect(prompt).not.toBeNull();
    // Each side says where it deploys (seed 001 3.4), and the prompt says that is all a side decides (3.2).
    expect(prompt.textContent).toContain("A side only decides the edge of the map your force deploys on; the first turn stays yours either way.");
    expect(within(prompt).getAllByRole("button").map((b) => b.textContent)).toEqual(expect.arrayContaining([expect.stringMatching(/^Black side: deploy in [a-l]\d+–[a-l]\d+$/), expect.stringMatching(/^White side: deploy in [a-l]\d+–[a-l]\d+$/)]));
    fireEvent.click(within(prompt).getAllByRole("button")[0]!);
    expect(mine.legal.map(commandKey)).toContain(commandKey(mine.onCommand.mock.calls[0][0]));
    mine.unmount();
    const theirs = renderFor(match, other);
    expect(theirs.container.querySelector('[data-decision="choose_side"]')).toBeNull();
    expect(theirs.container.querySelector('[data-decision="waiting"]')?.textContent).toContain(`Waiting for ${NAMES[asked]}`);
  });

  test("an attack decision (link reroll, hit part, ...) appears only for the seat asked, with one button per legal answer", () => {
    const match = find((s) => s.phase === "action" && s.pending !== null && s.attack !== null);
    const pending = match.state.pending!;
    const other = pending.seat === "p1" ? "p2" : "p1";
    const mine = renderFor(match, pending.seat);
    const prompt = mine.container.querySelector(`[data-decision="${pending.kind}"]`) as HTMLElement;
    expect(prompt).not.toBeNull();
    expect(within(prompt).getAllByRole("button")).toHaveLength(mine.legal.length);
    fireEvent.click(within(prompt).getAllByRole("button")[0]!);
    expect(mine.legal.map(commandKey)).toContain(commandKey(mine.onCommand.mock.calls[0][0]));
    mine.unmount();
    for (const seat of [other, null]) {
      const view = renderFor(match, seat);
      expect(view.container.querySelector(`[data-decision="${pending.kind}"]`)).toBeNull();
      expect(view.container.querySelector('[data-decision="waiting"]')?.textContent).toContain(NAMES[pending.seat]);
      view.unmount();
    }
  });
});

describe("attacks, unit panel, log and result", () => {
  test("a resolved attack shows its pools as die pictures and its damage", () => {
    const match = find((s) => s.phase === "action" && s.attack === null && s.units.some((u) => (u.kind === "mech" ? Object.values(u.parts).some((p) => p.damaged || p.destroyed) : u.damaged)));
    const events = eventsFor(match, seatViewer("p1")).flatMap((e) => e.events);
    const { container } = render(withNames(<AttackPanel view={ember.viewFor(match.state, seatViewer("p1"))} events={events} />));
    expect(container.querySelectorAll("svg[data-face]").length).toBeGreaterThan(0);
    expect(container.querySelector('[data-resolved="true"]')?.textContent).toMatch(/damage/);
  });

  test("the unit panel lists a mech's four parts with their stats and the pilot's six initiative numbers", () => {
    const match = find((s) => s.phase === "command");
    const view = ember.viewFor(match.state, seatViewer("p1"));
    const mech = view.units.find((u) => u.kind === "mech" && u.owner === "p1")!;
    const { container } = render(withNames(<UnitPanel view={view} unit={mech} />));
    expect(container.querySelectorAll("tr[data-part]")).toHaveLength(4);
    expect(container.querySelectorAll("table.initiative td")).toHaveLength(6);
    expect(container.textContent).toContain("Armour");
    expect(container.textContent).toMatch(/Link\s*\d+ \/ \d+/);
  });

  test("a whole match: every event has words in both languages, and the result screen says who won (the review link is the match-end banner's)", async () => {
    const match = playUntil((s) => s.phase === "finished", "web-full", 20000);
    const events = eventsFor(match, seatViewer("p1"));
    const view = ember.viewFor(match.state, seatViewer("p1"));
    for (const language of ["en", "ko"]) {
      await act(async () => {
        await i18next.changeLanguage(language);
      });
      const { container, unmount } = render(withNames(<EventLog view={view} events={events} />));
      const text = container.textContent ?? "";
      expect(text).not.toMatch(/log\.|\{\{|stance\.|timing\.|slot\./);
      expect(container.querySelectorAll("li").length).toBeGreaterThan(20);
      unmount();
    }
    await act(async () => {
      await i18next.changeLanguage("en");
    });
    const { container } = renderFor(match, "p1");
    // The review link is the match-end banner's (table/MatchEnd.tsx), once for every table.
    expect(container.querySelector('a[href="/review/m-test"]')).toBeNull();
    expect(container.querySelector("[data-result]")).not.toBeNull();
  });

  test("the table renders in Korean with the seeds' rule terms", async () => {
    const match = find((s) => s.phase === "plan" && !s.plans.p1?.commitment);
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    const { container } = renderFor(match, "p1");
    const text = container.textContent ?? "";
    expect(text).toContain("타이밍 다이얼");
    expect(text).toContain("플랜 페이즈");
    expect(text).toContain("라운드");
    expect(screen.getByRole("button", { name: "플랜 잠그기" })).not.toBeNull();
    expect(text).not.toMatch(/\b(plan|actions|board|panel)\.[a-z]/);
  });
});

describe("melee details, common actions and resources (seed 000 1.4.2, 2, 7-11)", () => {
  test("seed 000 1.4.2: a parry offer shows the defender one button per parry part and a no-parry button", () => {
    const match = find((s) => s.pending?.kind === "declare_parry");
    const pending = match.state.pending as Extract<EmberState["pending"], { kind: "declare_parry" }>;
    const mine = renderFor(match, pending.seat);
    const prompt = mine.container.querySelector('[data-decision="declare_parry"]') as HTMLElement;
    expect(prompt.textContent).toMatch(/parry/i);
    const buttons = within(prompt).getAllByRole("button").map((b) => b.textContent);
    expect(buttons).toHaveLength(pending.options.parts.length + 1);
    expect(buttons).toContain("No parry");
    fireEvent.click(within(prompt).getAllByRole("button")[0]!);
    expect(mine.onCommand.mock.calls[0][0]).toEqual({ type: "declare_parry", part: pending.options.parts[0] });
  });

  test("seed 000 2: the common actions appear among the part actions by name; choosing punch and kick lists its targets", () => {
    const match = find((s) => s.phase === "action" && !s.pending && s.activation !== null && ember.legalCommands(s, s.turn ?? "").some((c) => c.type === "act" && c.action === "punch-kick"));
    const seat = match.state.turn!;
    const { container, legal, onCommand } = renderFor(match, seat);
    const punch = legal.find((c): c is Extract<EmberCommand, { type: "act" }> => c.type === "act" && c.action === "punch-kick")!;
    const button = [...container.querySelectorAll(".act-group button")].find((b) => b.textContent?.includes("Punch and Kick")) as HTMLElement;
    expect(button).toBeDefined();
    fireEvent.click(button);
    const target = [...container.querySelectorAll(".act-group .targets button")][0] as HTMLElement;
    fireEvent.click(target);
    const sent = onCommand.mock.calls[0][0] as EmberCommand;
    expect(sent).toMatchObject({ type: "act", action: "punch-kick", part: punch.part });
    expect(legal.map(commandKey)).toContain(commandKey(sent));
  });

  test("seed 000 7-11: the log has words for parries, dice abilities, ammo, charge, discards and command tokens", () => {
    const match = find((s) => s.phase === "action");
    const view = ember.viewFor(match.state, seatViewer("p1"));
    const mech = view.units.find((u) => u.kind === "mech")!.id;
    const events: EmberEvent[] = [
      { type: "parry_declared", unit: mech, part: "left_arm", contested: true },
      { type: "parry_declared", unit: mech, part: null, contested: false },
      { type: "parry", unit: mech, part: "left_arm", white: 1 },
      { type: "parry_succeeded", unit: mech, part: "left_arm" },
      { type: "dice_changed", side: "defence", by: "attacker", die: "white", change: -1 },
      { type: "dice_set", side: "attack", by: "attacker", die: "yellow", count: 1, face: { result: "light", count: 1, hollow: false } },
      { type: "result_triggered", unit: mech, on: "eye", effect: "impact" },
      { type: "part_discarded", unit: mech, part: "left_arm", kept: [], removed: [] },
      { type: "part_charged", unit: mech, part: "left_arm", action: "charge" },
      { type: "charge_spent", unit: mech, part: "left_arm", action: "charge" },
      { type: "ammo_spent", unit: mech, part: "right_arm", action: "discard", spent: 1, left: 2 },
      { type: "ammo_resupplied", unit: mech, part: "right_arm", action: "discard", restored: 1, left: 3 },
      { type: "command_tokens_spent", unit: mech, spent: 1, left: 0 },
      { type: "coordination_granted", unit: mech, commands: 2 },
      { type: "link_changed", unit: mech, link: 2, reason: "stabilise" },
    ];
    const { container } = render(withNames(<EventLog view={view} events={[{ seq: 1, events }]} />));
    const text = container.textContent ?? "";
    expect(text).not.toMatch(/log\.|\{\{|slot\.|keyword\.|die\.|face\./);
    expect(container.querySelectorAll("li")).toHaveLength(events.length);
    expect(text).toContain("Parry success");
    expect(text).toContain("Charge");
  });
});
