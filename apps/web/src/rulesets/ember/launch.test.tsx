/**
 * The EMBER table with launches, interception and smoke (seed 000 1.5, 3, 10): Ashfall matches
 * played by the engine's random bots with the sample launch armies, projected for one viewer.
 */
import { deserialize, serialize } from "node:v8";
import { cleanup, fireEvent, render } from "@testing-library/react";
import { catalog, ember, emberBotPolicy, legalCommandsInView, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState, type EmberView } from "@fogwar/ember";
import { Match, RandomBot, seatViewer } from "@fogwar/engine";
import { TableView } from "./TableView";
import { commandKey } from "./model";
import { inEnglish } from "../../../test/english";
import { withNames } from "../../../test/players";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const army = (name: string) => catalog.data.armies.find((a) => a.name === name)!;
const SETUPS: EmberSetup[] = [
  { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Ashfall Sappers"), p2: army("Aegis Beacon Cell") } },
  { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Hornet Nest"), p2: army("Ashfall Sappers") } },
  { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Aegis Beacon Cell"), p2: army("Hornet Nest") } },
];
type EmberMatch = Match<EmberSetup, EmberState, EmberCommand, EmberEvent, EmberView>;

/** Plays bot matches on Ashfall until `pred` holds, over several seeds and setups. */
function find(pred: (s: EmberState) => boolean): EmberMatch {
  for (let i = 0; i < 36; i++) {
    const setup = SETUPS[i % SETUPS.length] as EmberSetup;
    const seed = `web-launch-${i}`;
    const match = new Match(ember, setup, seed) as unknown as EmberMatch;
    const bots = { p1: new RandomBot<EmberCommand>(`${seed}:p1`, emberBotPolicy), p2: new RandomBot<EmberCommand>(`${seed}:p2`, emberBotPolicy) };
    for (let n = 0; n < 3000 && match.state.phase !== "finished"; n++) {
      if (pred(match.state)) return match;
      const seat = ember.awaiting(match.state)[0] as "p1" | "p2";
      const command = bots[seat].choose(ember.legalCommands(match.state, seat));
      if (!command) break;
      if (!match.submit(seat, command).ok) break;
    }
  }
  throw new Error("no seed reached the state");
}

/** Applies a command that must be accepted. */
function apply(state: EmberState, seat: string, command: EmberCommand): EmberState {
  const r = ember.apply(state, command, seat);
  if (!r.ok) throw new Error(`${seat} ${JSON.stringify(command)}: ${r.error.code}`);
  return r.state;
}

/**
 * GOF's Hornet Nest (p1) against UN's Aegis Beacon Cell (p2) on Ashfall, played by commands: both
 * sides deploy, skip the command phase, and p1's Nest Mother (5,10) alone acts on 'launch'. UN's
 * Flak Picket is camouflaged (its marker at (6,7), its real square (7,9): set by hand) and p2 has no
 * interception tokens; the Hornet Missile (EW 1) fired onto (5,7) selects it and rolls to detect it
 * first (seed 000 6.2 with 1.5.3): p2 is asked for its link reroll.
 */
function hornetDetection(): EmberState {
  const setup: EmberSetup = { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Hornet Nest"), p2: army("Aegis Beacon Cell") } };
  let state = ember.setup(setup, "web-hornet").state;
  state = { ...state, firstPlayer: "p1", turn: "p1", pending: { ...state.pending!, seat: "p1" } } as EmberState;
  state = apply(state, "p1", { type: "choose_side", side: "white" });
  const x = { p1: 0, p2: 0 };
  while (state.phase === "deployment") {
    const seat = state.turn as "p1" | "p2";
    const unit = state.units.find((u) => u.owner === seat && !u.deployed)!;
    const at = { x: x[seat]++ * 2, y: seat === "p1" ? 11 : 0 };
    state = apply(state, seat, unit.kind === "mech" ? { type: "deploy", unit: unit.id, at, facing: seat === "p1" ? "N" : "S", stance: "OFF" } : { type: "deploy", unit: unit.id, at, facing: seat === "p1" ? "N" : "S" });
  }
  while (state.phase === "command") state = apply(state, state.turn as string, { type: "end_commands" });
  const place = structuredClone(state);
  const put = (id: string, at: { x: number; y: number }, facing?: "N" | "S") => {
    const u = place.units.find((v) => v.id === id)!;
    u.at = at;
    if (facing) u.facing = facing;
  };
  put("p1-m1", { x: 5, y: 10 }, "N");
  put("p2-m1", { x: 0, y: 0 });
  put("p2-m2", { x: 6, y: 7 }, "S");
  state = place;
  for (const seat of ["p1", "p2"]) {
    const dials: Record<string, "launch" | "tactical"> = {};
    for (const u of state.units) if (u.kind === "mech" && u.owner === seat) dials[u.id] = u.id === "p1-m1" ? "launch" : "tactical";
    state = apply(state, seat, { type: "lock_plan", dials });
  }
  const cloaked = structuredClone(state);
  for (const key of Object.keys(cloaked.interception)) if (key.startsWith("p2-")) cloaked.interception[key] = 0;
  cloaked.units.find((u) => u.id === "p2-m2")!.camouflage = { concealment: 2, part: "left_arm" };
  cloaked.concealed = { "p2-m2": { x: 7, y: 9 } };
  return apply(cloaked, "p1", { type: "act", unit: "p1-m1", part: "right_arm", action: "hornet-salvo", to: { x: 5, y: 7 } });
}

function renderFor(match: EmberMatch, seat: string) {
  const view = ember.viewFor(match.state, seatViewer(seat));
  const legal = legalCommandsInView(view, seat);
  const onCommand = jest.fn();
  const utils = render(withNames(<TableView matchId="m-launch" view={view} seat={seat} legal={legal} onCommand={onCommand} events={[]} />));
  return { ...utils, view, legal, onCommand };
}

const sent = (onCommand: jest.Mock) => onCommand.mock.calls[0]?.[0] as EmberCommand;

inEnglish();

describe("the table with launches, interception and smoke", () => {
  test("seed 000 1.5, 10: smoke cards and projectiles or installations on the board are drawn with their owner", () => {
    const match = find((s) => s.smoke.length > 0 && s.projectiles.some((p) => !p.destroyed && p.at !== null));
    const { container, view } = renderFor(match, "p1");
    const smoke = [...container.querySelectorAll("[data-smoke]")].map((e) => e.getAttribute("data-smoke"));
    expect(new Set(smoke)).toEqual(new Set(view.smoke.map((c) => `${c.owner}:${c.at.x},${c.at.y}`)));
    const shown = [...container.querySelectorAll("[data-projectile]")].map((e) => e.getAttribute("data-projectile"));
    expect(new Set(shown)).toEqual(new Set(view.projectiles.filter((p) => !p.destroyed && p.at).map((p) => p.id)));
    const title = container.querySelector("[data-projectile] title")?.textContent ?? "";
    expect(title).toMatch(/\((Ada|민준)\)$/);
  });

  test("seed 000 1.5.1: choosing a fired launch highlights exactly its legal drop points; a click sends that legal command", () => {
    const match = find(
      (s) => s.phase === "action" && !s.pending && ember.legalCommands(s, "p1").some((c) => c.type === "act" && c.to !== undefined && c.facing === undefined),
    );
    const { container, legal, onCommand } = renderFor(match, "p1");
    const launch = legal.find((c): c is Extract<EmberCommand, { type: "act" }> => c.type === "act" && c.to !== undefined && c.facing === undefined)!;
    const drops = legal.filter((c) => c.type === "act" && c.part === launch.part && c.action === launch.action).map((c) => `${(c as { to: { x: number; y: number } }).to.x},${(c as { to: { x: number; y: number } }).to.y}`);
    const buttons = [...container.querySelectorAll(".act-group button")] as HTMLButtonElement[];
    const name = catalog.parts.get((match.state.units.find((u) => u.id === launch.unit) as { parts: Record<string, { partId: string }> }).parts[launch.part]!.partId)!.actions.find((a) => a.id === launch.action)!.name.en;
    const button = buttons.find((b) => b.textContent?.includes(name))!;
    fireEvent.click(button);
    const shown = new Set([...container.querySelectorAll("[data-square]")].map((e) => e.getAttribute("data-square")));
    expect(shown).toEqual(new Set(drops));
    fireEvent.click(container.querySelector("[data-square]") as Element);
    expect(legal.map(commandKey)).toContain(commandKey(sent(onCommand)));
    expect(sent(onCommand)).toMatchObject({ type: "act", part: launch.part, action: launch.action });
  });

  test("seed 000 10: a smoke action: a click on a highlighted square offers the placements through it; each button sends a legal placement", () => {
    const match = find((s) => s.phase === "action" && !s.pending && ember.legalCommands(s, "p1").some((c) => c.type === "act" && (c.squares?.length ?? 0) > 1));
    const { container, legal, onCommand } = renderFor(match, "p1");
    const smoke = legal.find((c): c is Extract<EmberCommand, { type: "act" }> => c.type === "act" && (c.squares?.length ?? 0) > 1)!;
    const name = catalog.parts.get((match.state.units.find((u) => u.id === smoke.unit) as { parts: Record<string, { partId: string }> }).parts[smoke.part]!.partId)!.actions.find((a) => a.id === smoke.action)!.name.en;
    fireEvent.click(([...container.querySelectorAll(".act-group button")] as HTMLButtonElement[]).find((b) => b.textContent?.includes(name))!);
    const first = smoke.squares![0]!;
    fireEvent.click(container.querySelector(`[data-square="${first.x},${first.y}"]`) as Element);
    const through = legal.filter((c) => c.type === "act" && c.action === smoke.action && c.part === smoke.part && c.squares?.some((q) => q.x === first.x && q.y === first.y));
    const options = [...container.querySelectorAll(".smoke-options button")] as HTMLButtonElement[];
    expect(options).toHaveLength(through.length);
    fireEvent.click(options[0] as HTMLButtonElement);
    expect(through.map(commandKey)).toContain(commandKey(sent(onCommand)));
  });

  test("seed 000 1.5.2, 3, 10: the launch decisions (blast target, interception order, smoke removal) are offered as buttons that send the legal answers", () => {
    for (const kind of ["choose_blast_target", "remove_smoke"] as const) {
      const match = find((s) => s.pending?.kind === kind);
      const seat = match.state.pending!.seat;
      const { container, legal, onCommand } = renderFor(match, seat);
      const section = container.querySelector(`[data-decision="${kind}"]`) as HTMLElement;
      expect(section).not.toBeNull();
      const buttons = [...section.querySelectorAll("button")];
      expect(buttons).toHaveLength(legal.length);
      expect(buttons.every((b) => !b.textContent?.includes(kind))).toBe(true);
      fireEvent.click(buttons[0] as HTMLButtonElement);
      expect(legal.map(commandKey)).toContain(commandKey(sent(onCommand)));
      cleanup();
    }
  });
  test("seed 000 6.2 with 1.5.3: a projectile's detection roll before its targeted blast: the camouflaged unit's owner is asked for its link reroll, with the missile's EW dice named by its card; the launcher's player reads the roll waiting", () => {
    const state = hornetDetection();
    const match = { state } as EmberMatch;
    const roll = state.ewRoll!;
    const missile = state.projectiles.find((p) => p.id === roll.caster)!;
    const card = catalog.projectiles.get(missile.projectileId)!;
    expect(card.ew).toBeGreaterThanOrEqual(1);
    const seat = state.pending!.seat;
    const mine = renderFor(match, seat);
    const section = mine.container.querySelector('[data-decision="ew_reroll"]') as HTMLElement;
    expect(section).not.toBeNull();
    expect(section.textContent).toContain("spend 1 link to reroll any of your EW dice?");
    const rows = [...section.querySelectorAll(".dice-row")].map((r) => r.getAttribute("aria-label"));
    expect(rows[0]).toMatch(new RegExp(`^${card.name.en} \\(.*\\), caster$`));
    expect(rows[1]).toMatch(/, responder$/);
    // Every button sends a legal answer; the first (the default) declines.
    const buttons = [...section.querySelectorAll("button")];
    expect(buttons).toHaveLength(mine.legal.length);
    fireEvent.click(buttons[0]!);
    expect(mine.legal.map(commandKey)).toContain(commandKey(sent(mine.onCommand)));
    expect(sent(mine.onCommand)).toEqual({ type: "reroll", dice: [] });
    cleanup();
    const theirs = renderFor(match, seat === "p1" ? "p2" : "p1");
    const ew = theirs.container.querySelector(".ew-current") as HTMLElement;
    expect(ew.textContent).toContain(`EW roll (detection before the attack): ${card.name.en}`);
    expect(theirs.container.querySelector('[data-decision="waiting"]')).not.toBeNull();
  });
});
