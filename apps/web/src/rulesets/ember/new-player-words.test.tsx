/**
 * What new players asked the EMBER table to say, each from the rules' own verdicts: why a drone
 * has no attack order (seed 001 4.2; seed 000 1.3-1.4), how many hits get through as the dice lie
 * at a reroll prompt (seed 000 1.2.1) and the link a link reroll may spend (seed 000 4), each terrain kind of the board in the legend (seed 000
 * 1.3.1, 1.5.2, 10), each attack keyword and a resupply explained (seed 000 1.2.1, 1.2.4, 7), and
 * the stance on a token in the page's language, what each stance does (seed 000 1.1), how far an action reaches (1.3)
 * and the odds of a thrown attack (11), of an attack spending a charge (8) and of a two-handed one with an assist (11).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, render } from "@testing-library/react";
import i18next from "i18next";
import { attackStanding, catalog, ember, emberBotPolicy, legalCommandsInView, unavailableActions, validateArmy, type EmberCommand, type EmberEvent, type EmberState, type UnitState } from "@fogwar/ember";
import { chebyshev, Match, RandomBot, seatViewer } from "@fogwar/engine";
import { TableView } from "./TableView";
import { inEnglish } from "../../../test/english";
import { withNames } from "../../../test/players";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const army = (name: string) => catalog.data.armies.find((a) => a.name === name)!;
/** The RDL vanguard (Bulwark's breach shell has impact; a scrap tortoise drone) against the UN picket. */
const SETUP = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: army("Ironclad Vanguard"), p2: army("Network Picket Team") } };

function must(state: EmberState, seat: string, command: EmberCommand): EmberState {
  const r = ember.apply(state, command, seat);
  if (!r.ok) throw new Error(`${command.type}: ${r.error.code}`);
  return r.state;
}

/** Both sides deployed along their edges (p1 at the bottom, facing north), the command phase begun with p1 to command. */
function deployed(setup: typeof SETUP | (Omit<typeof SETUP, "scenario"> & { scenario: string }) = SETUP): EmberState {
  let state = ember.setup(setup, "words-seed").state;
  state = { ...state, firstPlayer: "p1", turn: "p1", pending: { ...state.pending!, seat: "p1" } } as EmberState;
  state = must(state, "p1", { type: "choose_side", side: "white" });
  const x = { p1: 0, p2: 0 };
  while (state.phase === "deployment") {
    const seat = state.turn as "p1" | "p2";
    const unit = state.units.find((u) => u.owner === seat && !u.deployed) as UnitState;
    const at = { x: x[seat]++ * 2, y: seat === "p1" ? 11 : 0 };
    state = must(state, seat, unit.kind === "mech" ? { type: "deploy", unit: unit.id, at, facing: seat === "p1" ? "N" : "S", stance: "OFF" } : { type: "deploy", unit: unit.id, at, facing: seat === "p1" ? "N" : "S" });
  }
  return state;
}

function table(state: EmberState, seat: "p1" | "p2") {
  const view = ember.viewFor(state, seatViewer(seat));
  return { view, ...render(withNames(<TableView matchId="m" view={view} seat={seat} legal={legalCommandsInView(view, seat)} onCommand={jest.fn()} events={[]} />)) };
}

type EmberMatch = Match<typeof SETUP, EmberState, EmberCommand, EmberEvent, never>;

/** A bot match played until `pred` holds, trying seeds in turn. */
function find(pred: (s: EmberState) => boolean, seeds = 80, armies?: { p1: string; p2: string }): EmberState {
  const fitting = catalog.data.armies.filter((a) => validateArmy(a, "skirmish").length === 0);
  const setup = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: armies ? { p1: army(armies.p1), p2: army(armies.p2) } : { p1: fitting[0]!, p2: fitting[1] ?? fitting[0]! } };
  for (let i = 0; i < seeds; i++) {
    const match = new Match(ember, setup, `words-${i}`) as unknown as EmberMatch;
    const bots = { p1: new RandomBot<EmberCommand>(`w${i}:p1`, emberBotPolicy), p2: new RandomBot<EmberCommand>(`w${i}:p2`, emberBotPolicy) };
    for (let n = 0; n < 3000 && match.state.phase !== "finished"; n++) {
      if (pred(match.state)) return match.state;
      const seat = ember.awaiting(match.state)[0] as "p1" | "p2";
      if (!match.submit(seat, bots[seat].choose(ember.legalCommands(match.state, seat))!).ok) break;
    }
  }
  throw new Error("no seed reached the state");
}

inEnglish();

test("seed 001 4.2, seed 000 1.3: a drone with no attack order is told why: each enemy out of range, named", () => {
  const state = deployed();
  expect(state.phase).toBe("command");
  const { container } = table(state, "p1");
  const line = container.querySelector('[data-why-drone="p1-d1:action"]');
  expect(line?.getAttribute("data-code")).toBe("no_target");
  expect(line?.textContent).toMatch(/^.+: command action \(attack\): no target — .+: out of range/);
  expect(container.querySelector("[data-why-drones] summary")?.textContent).toBe("1 drone attack not available now, and why");
  // Facing away from an enemy within range: not in the front arc.
  const behind = structuredClone(state);
  const drone = behind.units.find((u) => u.id === "p1-d1")!;
  const enemy = behind.units.find((u) => u.id === "p2-m1")!;
  drone.at = { x: 5, y: 8 };
  drone.facing = "S";
  enemy.at = { x: 5, y: 6 };
  const arc = table(behind, "p1").container.querySelectorAll('[data-why-drone="p1-d1:action"]');
  expect(arc[arc.length - 1]?.textContent).toMatch(/not in the front arc/);
});

test("seed 001 6.3: a mech that has made an attack this activation is told so, instead of the attack vanishing", () => {
  const isAttack = (s: EmberState, key: string) => {
    const mech = s.units.find((u) => u.id === s.activation?.unit);
    if (mech?.kind !== "mech") return false;
    const [part, action] = key.split(":") as [keyof typeof mech.parts, string];
    const card = catalog.parts.get(mech.parts[part]?.partId ?? "");
    return (card?.actions.find((a) => a.id === action) ?? catalog.commonActions.get(action)?.action)?.effect.kind === "attack";
  };
  const state = find((s) => s.phase === "action" && !s.pending && !s.attack && !!s.activation && s.activation.actionsTaken.some((k) => isAttack(s, k)), 120);
  const seat = state.units.find((u) => u.id === state.activation!.unit)!.owner as "p1" | "p2";
  const { container } = table(state, seat);
  const used = container.querySelector('.why-not li[data-code="action_already_used"]');
  expect(used?.textContent).toMatch(/: already used this activation$/);
});

test("seed 000 1.2.1: the reroll prompts say how many hits get through as the dice lie, from the rules' own count", () => {
  for (const kind of ["attack_reroll", "defence_reroll"] as const) {
    const state = find((s) => s.pending?.kind === kind && (s.attack?.defenceDice.length ?? 0) > 0, 160);
    const seat = state.pending!.seat as "p1" | "p2";
    const { container, view, unmount } = table(state, seat);
    const standing = attackStanding(view)!;
    const line = container.querySelector(`.decision[data-decision="${kind}"] .standing`);
    expect(line?.getAttribute("data-standing")).toBe(`${standing.hits}:${standing.blocked}:${standing.through}`);
    expect(line?.textContent).toMatch(/^As the dice lie now: \d+ hits?, \d+ blocked: (none gets through|\d+ gets? through \(a penetration\))/);
    unmount();
  }
});

test("seed 000 4: a link reroll prompt says how much link the rerolling mech has, and that the last one is never spent, in English and Korean", async () => {
  for (const kind of ["attack_reroll", "defence_reroll", "part_reroll"] as const) {
    const state = find((s) => s.pending?.kind === kind, 160);
    const seat = state.pending!.seat as "p1" | "p2";
    const { container, view, unmount } = table(state, seat);
    const mech = view.units.find((u) => u.id === (kind === "defence_reroll" ? view.attack!.defender : view.attack!.attacker));
    if (mech?.kind !== "mech") throw new Error("a link reroll is a mech's");
    const line = () => container.querySelector(`.decision[data-decision="${kind}"] [data-testid="link-left"]`)?.textContent;
    expect(line()).toMatch(new RegExp(`^.+ \\(.+\\) has ${mech.link} of ${mech.linkMax} link now; a link reroll never spends the last one\\.$`));
    await act(async () => void (await i18next.changeLanguage("ko")));
    expect(line()).toMatch(new RegExp(`의 현재 링크: ${mech.link}/${mech.linkMax}\\. 링크 리롤로 마지막 1은 소모할 수 없습니다\\.$`));
    await act(async () => void (await i18next.changeLanguage("en")));
    unmount();
  }
}, 60_000);

test("seed 000 1.3.1, 1.5.2, 10: the legend names each terrain kind on the board, its pieces and what it does", () => {
  const { container } = table(deployed(), "p1");
  const kinds = [...container.querySelectorAll("[data-legend-terrain]")].map((li) => li.getAttribute("data-legend-terrain"));
  expect(kinds).toEqual(["blocking", "cover"]);
  expect(container.querySelector('[data-legend-terrain="blocking"]')?.textContent).toMatch(/blocks line of sight; ground units cannot enter it/);
  expect(container.querySelector('[data-legend-terrain="cover"]')?.textContent).toMatch(/terrain cover, \+2 white dice/);
  // Ashfall: a vulnerable bowser, 1-inch slag too low for cover; destroyed, the bowser is rubble; smoke once laid.
  const ash = deployed({ ...SETUP, scenario: "ashfall" });
  const ashKinds = (s: EmberState) => [...table(s, "p1").container.querySelectorAll(".legend")].at(-1)!.querySelectorAll("[data-legend-terrain]");
  expect([...ashKinds(ash)].map((li) => li.getAttribute("data-legend-terrain"))).toEqual(["blocking", "cover", "low", "vulnerable"]);
  expect([...ashKinds(ash)].find((li) => li.getAttribute("data-legend-terrain") === "low")?.textContent).toMatch(/^ Dotted: low terrain under 2″ \(Slag Heap\): units may enter it and see across it; too low to give cover$/);
  const ruined = { ...structuredClone(ash), terrainDamage: { "fuel-bowser": "destroyed" as const }, smoke: [{ owner: "p2", at: { x: 4, y: 4 } }] } as EmberState;
  const after = [...ashKinds(ruined)];
  expect(after.map((li) => li.getAttribute("data-legend-terrain"))).toEqual(["blocking", "cover", "low", "rubble", "smoke"]);
  expect(after.find((li) => li.getAttribute("data-legend-terrain") === "rubble")?.textContent).toContain("Fuel Bowser");
});

test("seed 000 1.2.1, 1.2.4, 7: each attack keyword and a resupply explain themselves on hover and on tap, in English and Korean", async () => {
  const state = deployed();
  const { container } = table(state, "p1");
  // Bulwark (p1-m1): the breach shell has impact.
  fireEvent.click([...container.querySelectorAll(".roster button")].find((b) => b.textContent?.includes("Bulwark One"))!);
  const impact = container.querySelector('[data-keyword="impact"]')!.closest(".rule-tip")!;
  expect(impact.getAttribute("title")).toMatch(/^Impact: a hit costs the target mech 1 link/);
  fireEvent.click(impact.querySelector("button")!);
  expect(impact.querySelector('[role="note"]')?.hasAttribute("hidden")).toBe(false);
  // Smelter (p1-m2): rupture on its rivets, cleave on its axe, the Feed Belt resupplies the rivets.
  fireEvent.click([...container.querySelectorAll(".roster button")].find((b) => b.textContent?.includes("Smelter Two"))!);
  for (const k of ["rupture", "cleave"]) expect(container.querySelector(`[data-keyword="${k}"]`)?.closest(".rule-tip")?.getAttribute("title")).toMatch(/after a penetration, the damage that got through hits/);
  const feed = container.querySelector('[data-resupply="rivets"]')!;
  expect(feed.textContent).toBe("resupplies 2 ammo for Rivet Hail, range 1");
  expect(feed.closest(".rule-tip")?.getAttribute("title")).toMatch(/^Resupply: on one part of a friendly mech within 1 squares/);
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  expect(container.querySelector('[data-keyword="rupture"]')?.closest(".rule-tip")?.getAttribute("title")).toMatch(/^파열: 관통하면/);
});

test("a mech's token shows its stance in the page's language: OFF in English, 공격 in Korean", async () => {
  const { container } = table(deployed(), "p1");
  const stance = () => container.querySelector('g.unit[data-unit="p1-m1"] [data-stance]')?.textContent;
  expect(stance()).toBe("OFF");
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  expect(stance()).toBe("공격");
  expect(container.querySelector('g.unit[data-unit="p2-m1"] [data-stance]')?.textContent).toBe("공격");
});

test("the plan form puts each timing dial on its own line and \"Lock plan\" on a line under them, never beside a dial's label (the table's own styles)", () => {
  // The table's stylesheet, as the page loads it (the test build stubs CSS imports).
  const style = document.createElement("style");
  style.textContent = readFileSync(join(__dirname, "table.css"), "utf8");
  document.head.appendChild(style);
  try {
    const state = must(deployed(), "p1", { type: "end_commands" });
    const planning = state.phase === "plan" ? state : must(state, "p2", { type: "end_commands" });
    expect(planning.phase).toBe("plan");
    const { container } = table(planning, "p1");
    const labels = [...container.querySelectorAll(".plan-form label.dial")];
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect(getComputedStyle(label).display).toBe("flex");
    const lock = container.querySelector(".plan-form button[type=submit]")!;
    expect(lock.textContent).toBe("Lock plan");
    expect(getComputedStyle(lock).display).toBe("block");
  } finally {
    style.remove();
  }
});

test("seed 000 2.2.1: a mech that cannot shoot under a lock-on is not told to crawl out of it (a crawl cannot leave a lock-on), in English and Korean", async () => {
  for (const lng of ["en", "ko"]) {
    await act(async () => void (await i18next.changeLanguage(lng)));
    const words = i18next.t("why.lockedOn", { ns: "table", units: "Bo" });
    expect(words).toMatch(lng === "en" ? /manoeuvre out of its arc/ : /기동으로 그 호를 벗어나세요/);
    expect(words).toMatch(lng === "en" ? /a crawl cannot leave a lock-on/ : /기어가기로는 락온에서 벗어날 수 없습니다/);
  }
  await act(async () => void (await i18next.changeLanguage("en")));
});

test("seed 000 1.2.4: the chain damage choice says what each keyword it offers does", () => {
  const base = deployed();
  const [a, b] = base.units.filter((u) => u.owner === "p2");
  const state = { ...base, pending: { seat: "p1", kind: "choose_chain", rule: "000_200ff4b7b5d3d570.txt 1.2.4", options: { options: [{ keyword: "shotgun", target: a!.id }, { keyword: "shotgun", target: b!.id }, { keyword: "cleave", target: a!.id }] } } } as EmberState;
  const { container } = table(state, "p1");
  const note = container.querySelector(".decision-note")!;
  expect(note.textContent).toContain(i18next.t("keywordHelp.shotgun", { ns: "table" }));
  expect(note.textContent).toContain(i18next.t("keywordHelp.cleave", { ns: "table" }));
  expect(note.textContent).not.toContain(i18next.t("keywordHelp.rupture", { ns: "table" }));
});

test("seed 000 1.3: an action with no target in range says how far it reaches and how far each enemy stands", () => {
  const outOfRange = (s: EmberState) => {
    if (s.phase !== "action" || s.pending || s.attack || !s.activation) return false;
    const seat = s.units.find((u) => u.id === s.activation!.unit)!.owner;
    return unavailableActions(ember.viewFor(s, seatViewer(seat)), seat).some((w) => w.code === "no_target" && w.targets?.some((x) => x.code === "out_of_range"));
  };
  const state = find(outOfRange, 120);
  const mech = state.units.find((u) => u.id === state.activation!.unit)!;
  const { container, view } = table(state, mech.owner as "p1" | "p2");
  const why = unavailableActions(view, mech.owner).find((w) => w.code === "no_target" && w.targets?.some((x) => x.code === "out_of_range"))!;
  const far = why.targets!.find((x) => x.code === "out_of_range")!;
  const enemy = view.units.find((u) => u.id === far.unit)!;
  const distance = chebyshev(mech.at!, enemy.at!);
  const line = container.querySelector(`.why-not li[data-why~="${why.part}:${why.action}"]`)?.textContent ?? "";
  expect(line).toMatch(new RegExp(`out of range \\(the action reaches \\d+ squares; it stands ${distance} squares? away\\)`));
});

test("seed 000 1.3: actions held back for the same reason share one line naming them all, not one line each", () => {
  const repeated = (s: EmberState) => {
    if (s.phase !== "action" || s.pending || s.attack || !s.activation) return false;
    const seat = s.units.find((u) => u.id === s.activation!.unit)!.owner;
    const codes = unavailableActions(ember.viewFor(s, seatViewer(seat)), seat).map((w) => w.code).filter((c) => c !== "no_target" && c !== "locked_on" && c !== "action_already_used");
    return codes.length > new Set(codes).size;
  };
  const state = find(repeated, 120);
  const mech = state.units.find((u) => u.id === state.activation!.unit)!;
  const { container, view } = table(state, mech.owner as "p1" | "p2");
  const missing = unavailableActions(view, mech.owner).filter((w) => w.code !== "action_already_used");
  const lines = [...container.querySelectorAll(".why-not li")];
  const shared = lines.find((li) => (li.getAttribute("data-why") ?? "").split(" ").length > 1)!;
  expect(shared).toBeTruthy();
  // Every action of the shared line is named in it, once, before the one reason.
  const keys = shared.getAttribute("data-why")!.split(" ");
  const names = shared.querySelector("strong")!.textContent!;
  expect(names.split(", ")).toHaveLength(keys.length);
  expect(lines.length).toBeLessThan(missing.length);
  // Each action still has its line (no action is dropped), and the reasons differ from line to line.
  expect(lines.flatMap((li) => li.getAttribute("data-why")!.split(" ")).sort()).toEqual(missing.map((w) => `${w.part}:${w.action}`).sort());
  const reasons = lines.map((li) => li.textContent!.slice(li.querySelector("strong")!.textContent!.length));
  expect(new Set(reasons).size).toBe(reasons.length);
});

test("seed 000 1.1: the stance to deploy in says what it does, and so does each stance button of an activation, in English and Korean", () => {
  let state = ember.setup(SETUP, "words-seed").state;
  state = { ...state, firstPlayer: "p1", turn: "p1", pending: { ...state.pending!, seat: "p1" } } as EmberState;
  state = must(state, "p1", { type: "choose_side", side: "white" });
  const seat = state.turn as "p1" | "p2";
  const { container, unmount } = table(state, seat);
  const effect = () => container.querySelector("[data-stance-effect]")?.textContent ?? "";
  fireEvent.click(container.querySelectorAll("input[name=deploy-stance]")[1] as Element);
  expect(effect()).toBe("Mobility: the manoeuvre is doubled and you add blue dice (your total evasion) to your defence.");
  fireEvent.click(container.querySelectorAll("input[name=deploy-stance]")[0] as Element);
  expect(effect()).toBe("Defence: hollow white faces count when you are attacked.");
  unmount();
  const active = find((s) => s.phase === "action" && !s.pending && !s.attack && !!s.activation && ember.legalCommands(s, s.units.find((u) => u.id === s.activation!.unit)!.owner).some((c) => c.type === "set_stance" && c.stance === "OFF"), 120);
  const owner = active.units.find((u) => u.id === active.activation!.unit)!.owner as "p1" | "p2";
  const off = table(active, owner).container.querySelector('button[aria-label="What is Stance OFF (offence)?"]')?.closest(".rule-tip");
  expect(off?.getAttribute("title")).toBe("Offence: hollow yellow and red faces count in your attacks and electronic warfare.");
  act(() => void i18next.changeLanguage("ko"));
  try {
    expect(table(active, owner).container.querySelector(".rule-tip[title^='공격 스탠스: 공격과 전자전에서']")).not.toBeNull();
  } finally {
    act(() => void i18next.changeLanguage("en"));
  }
});

test("seed 000 11: a thrown attack, which needs an unarmed part's assist and gains no dice from it, shows its odds before the roll", () => {
  const thrownCommand = (s: EmberState) => {
    const mech = s.units.find((u) => u.id === s.activation?.unit);
    if (s.phase !== "action" || s.pending || s.attack || mech?.kind !== "mech") return undefined;
    const thrown = (c: Extract<EmberCommand, { type: "act" }>) => {
      const effect = catalog.parts.get(mech.parts[c.part].partId)?.actions.find((a) => a.id === c.action)?.effect;
      return effect?.kind === "attack" && effect.thrown && !effect.twoHanded;
    };
    return ember.legalCommands(s, mech.owner).find((c): c is Extract<EmberCommand, { type: "act" }> => c.type === "act" && c.unarmed !== undefined && c.target !== undefined && thrown(c));
  };
  const thrownAssist = (s: EmberState) => thrownCommand(s) !== undefined;
  const state = find(thrownAssist, 120, { p1: "Freedom Raiders", p2: "Ironclad Vanguard" });
  const mech = state.units.find((u) => u.id === state.activation!.unit)!;
  const seat = mech.owner as "p1" | "p2";
  const assisted = thrownCommand(state)!;
  if (mech.kind !== "mech") throw new Error("a mech acts");
  const card = catalog.parts.get(mech.parts[assisted.part].partId)!.actions.find((a) => a.id === assisted.action)!;
  expect(card.effect.kind === "attack" && card.effect.thrown && !card.effect.twoHanded).toBe(true);
  const { container } = table(state, seat);
  const button = [...container.querySelectorAll("button.act-button")].find((b) => b.textContent?.includes(card.name.en))!;
  fireEvent.click(button);
  const choice = [...container.querySelectorAll(".target-choice")].find((c) => c.textContent?.includes("(assisted by the"));
  expect(choice?.querySelector(`details.odds[data-odds="${assisted.target}"] summary`)?.textContent).toMatch(/^\d+% to hit · \d+% to deal damage · [\d.]+ damage expected$/);
});

/** A state where the active mech has a legal attack with `action` on an enemy, edited by `edit` (a charge put on, an arm emptied). */
function attackReady(action: string, armies: { p1: string; p2: string }, edit: (mech: Extract<UnitState, { kind: "mech" }>, part: string) => void) {
  const attack = (s: EmberState) => {
    const mech = s.units.find((u) => u.id === s.activation?.unit);
    if (s.phase !== "action" || s.pending || s.attack || mech?.kind !== "mech") return undefined;
    return ember.legalCommands(s, mech.owner).find((c): c is Extract<EmberCommand, { type: "act" }> => c.type === "act" && c.action === action && c.target !== undefined && s.units.find((u) => u.id === c.target)?.owner !== mech.owner);
  };
  const found = structuredClone(find((s) => attack(s) !== undefined, 120, armies));
  const command = attack(found)!;
  const mech = found.units.find((u) => u.id === command.unit) as Extract<UnitState, { kind: "mech" }>;
  edit(mech, command.part);
  return { state: found, seat: mech.owner as "p1" | "p2", command };
}

/** The odds lines of the target choices of `action`'s button (by its card name), each with its choice's words. */
function oddsChoices(state: EmberState, seat: "p1" | "p2", name: string) {
  const { container } = table(state, seat);
  fireEvent.click([...container.querySelectorAll("button.act-button")].find((b) => b.textContent?.includes(name))!);
  return [...container.querySelectorAll(".target-choice")].map((c) => ({ words: c.querySelector("button")?.textContent ?? "", odds: [...c.querySelectorAll("details.odds li")].map((li) => li.textContent) }));
}

test("seed 000 8: a target choice that spends the action's charge shows the odds with the charge's dice, the plain choice without them", () => {
  const { state, seat } = attackReady("snap-burst", { p1: "Freedom Raiders", p2: "Ironclad Vanguard" }, (mech, part) => {
    (mech.parts as Record<string, { charged?: string[] }>)[part]!.charged = ["snap-burst"];
  });
  const choices = oddsChoices(state, seat, "Snap Burst");
  const spent = choices.filter((c) => c.words.includes("spend the charge"));
  const plain = choices.filter((c) => !c.words.includes("spend the charge"));
  expect(spent.length).toBeGreaterThan(0);
  expect(plain.length).toBe(spent.length);
  for (const c of spent) expect(c.odds).toContain("Attack · +1 yellow: the spent charge");
  for (const c of plain) expect(c.odds.some((line) => line?.includes("spent charge"))).toBe(false);
});

test("seed 000 11: a target choice with an unarmed part assisting a two-handed action shows the odds with the assist's dice", () => {
  const { state, seat } = attackReady("rivet-hail", { p1: "Ironclad Vanguard", p2: "Network Picket Team" }, (mech) => {
    mech.parts.left_arm.discarded = true;
  });
  const choices = oddsChoices(state, seat, "Rivet Hail");
  // The part's name mid-sentence in lower case (written for headings: "Left arm").
  const assisted = choices.filter((c) => c.words.includes("(assisted by the left arm)"));
  expect(assisted.length).toBeGreaterThan(0);
  for (const c of assisted) expect(c.odds).toContain("Attack · +1 red: the left arm assisting (two-handed)");
});
