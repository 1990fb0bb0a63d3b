/**
 * The Siege table helps a player decide (seed 004_cb264102299fbb71.txt): the pick shows each
 * operator's abilities, each gadget's effect and limit, and the cube limits; placing a gadget asks
 * which gadget; a choice not sent yet can be taken back (Cancel, Escape); a breach asks for a
 * confirmation; the odds of a shot are shown before it is rolled; a missing action says why;
 * standing reaction preferences answer prompts (with a note); commands read as sentences; the
 * map's legend explains the gadget letters; and on a phone a decision keeps the bar compact.
 * States are reached by commands through the engine.
 */
import { deserialize, serialize } from "node:v8";
import { fireEvent, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { awaiting, catalog, legalCommandsInView, siege, type SiegeCommand, type SiegeEvent } from "@fogwar/siege";
import { gadgetLetter } from "./map-marks";
import { describeCommand } from "./sentences";
import { gadgetEffect, gadgetName } from "./words";
import { autoAnswer, loadPrefs, NO_PREFS } from "./prefs";
import { inEnglish } from "../../../test/english";
import { runSiege } from "../../../test/siege-play";
import { facing, picked, show } from "../../../test/siege-table";
import { scrollsAtMoment } from "../../../test/board-layout";
import { SiegeTableView } from "./SiegeTableView";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(30_000);
inEnglish();

beforeEach(() => localStorage.clear());

describe("the Siege table helps a player decide", () => {
  test("seed 004 팀 준비: the pick shows each operator's health, run, breach, weapon bands and special gadget, and the cube limits", () => {
    const s = siege.setup({ mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } }, "decisions").state;
    const { container } = show(s, "a1");
    const form = container.querySelector(".pick-form")!;
    const auger = [...form.querySelectorAll(".op-choice")].find((l) => l.textContent?.includes("Auger"))!;
    expect(auger.textContent).toMatch(/4 health · runs \+2 · breach orange/);
    expect(auger.textContent).toMatch(/Carbine: 1-2 squares: orange \+ orange \+ yellow⚡/);
    expect(auger.textContent).toMatch(/Ram charge \(2 uses\): breaches an adjacent space/);
    // One use in the singular; a passive special without a count of uses.
    const choice = (name: string) => [...form.querySelectorAll(".op-choice")].find((l) => l.textContent?.includes(name))!.textContent;
    expect(choice("Skylark")).toMatch(/Drop charge \(1 use\): drops a charge/);
    expect(choice("Bulwark")).toMatch(/Brace: always on, no action/);
    expect(choice("Bulwark")).not.toMatch(/uses\)/);
    expect([...form.querySelectorAll("legend")].map((l) => l.textContent)).toEqual(["Operators", "Gadgets"]);
    expect(form.textContent).toMatch(/of 5 cubes spent; at most 2 on one gadget/);
    expect(form.querySelector<HTMLInputElement>("input[type=number]")!.max).toBe("2");
  });

  test("seed 004 전술 도구: the pick shows each gadget's effect and limit in words, from the rules' data, in both languages", async () => {
    const s = siege.setup({ mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } }, "decisions").state;
    const rules = catalog.data.rules;
    const card = (c: HTMLElement, id: string) => c.querySelector(`.pick-form .gadget-choice[data-gadget="${id}"] .gadget-card`)?.textContent ?? "";
    const attack = show(s, "a1");
    const choices = [...attack.container.querySelectorAll(".pick-form .gadget-choice")];
    expect(choices.length).toBeGreaterThan(0);
    // Every gadget says what it does and its limit.
    for (const choice of choices) expect(choice.querySelector(".gadget-effect")?.textContent).toMatch(/\w{4}/);
    for (const choice of choices) expect(choice.querySelector(".gadget-limit")?.textContent).toBe(`Limit: one use per cube, at most ${rules.maxCubesPerGadget} cubes`);
    expect(card(attack.container, "frag_grenade")).toMatch(new RegExp(`Goes off where it lands; thrown up to ${rules.throwRange} spaces in sight; breaches with yellow strength; damage yellow \\+ yellow on its space, yellow on each adjacent one\\.`));
    expect(card(attack.container, "drone")).toMatch(new RegExp(`Moves up to ${rules.droneMovement} spaces .* scans the room`));
    expect(card(attack.container, "claymore")).toMatch(/explodes when an operator enters.*breached only from an adjacent space.*damage red \+ red/);
    // A special that throws a tactical gadget says what that gadget does.
    expect([...attack.container.querySelectorAll(".op-choice")].find((l) => l.textContent?.includes("Cinder"))?.textContent).toMatch(/Scatter flash \(2 uses\): throws a gadget .*\(Flashbang: Stuns every operator/);
    attack.unmount();
    const defence = show(s, "d1");
    expect(card(defence.container, "barbed_wire")).toMatch(/ends its activation at once.*placed during setup.*destroyed by yellow breach strength or more/);
    defence.unmount();
    await i18next.changeLanguage("ko");
    try {
      const ko = show(s, "d1");
      expect(card(ko.container, "barbed_wire")).toMatch(/즉시 활성화가 끝나고.*준비 단계에 배치.*노랑 이상의 파괴력으로 부서짐/);
      expect(card(ko.container, "barbed_wire")).toContain(`큐브 최대 ${rules.maxCubesPerGadget}개`);
      for (const choice of ko.container.querySelectorAll(".pick-form .gadget-card")) expect(choice.textContent?.replace(/C4/g, "")).not.toMatch(/[A-Za-z]/);
    } finally {
      await i18next.changeLanguage("en");
    }
  });

  test("the operators panel counts a special's uses left in words, and calls a passive one always on", () => {
    const { container } = show(picked(), "d1");
    const line = (id: string) => container.querySelector(`[data-operator="${id}"]`)?.textContent ?? "";
    const own = [...container.querySelectorAll("[data-operator]")].map((li) => li.getAttribute("data-operator")!);
    expect(own.length).toBeGreaterThan(0);
    for (const id of own) expect(line(id)).not.toMatch(/\b(0|1) uses\b/);
    // DEFENCE_PICK has Keel (Hold fast, passive) and Rook (Shock pulse, one use).
    expect(line("keel")).toMatch(/Hold fast: always on/);
    expect(line("rook")).toMatch(/Shock pulse: 1 use left/);
  });

  test("placing a gadget asks which gadget (no silent default), then where", () => {
    const { container, onCommand } = show(picked(), "d1");
    fireEvent.click(within(container.querySelector(".siege-controls") as HTMLElement).getByRole("button", { name: "Place a gadget" }));
    const ask = screen.getByRole("group", { name: "Which gadget?" });
    const answers = within(ask).getAllByRole("button");
    expect(answers.map((b) => b.textContent)).toEqual(["Barbed wire (1 left)", "Deployable shield (1 left)"]);
    expect(container.querySelector("[data-command=place_gadget]")).toBeNull();
    expect(container.querySelector(".setup-help")?.textContent).toMatch(/Barbed wire: An attacker entering its space ends its activation at once/);
    fireEvent.click(answers[1]!);
    expect(screen.queryByRole("group", { name: "Which gadget?" })).toBeNull();
    expect(container.querySelector(".field.waiting")?.textContent).toMatch(/Where/);
    expect(onCommand).not.toHaveBeenCalled();
  });

  test.each(["en", "ko"])("seed 004 세팅: the setup hint (%s) names each setup gadget picked and still to place, with what it does, from the rules' data", async (language) => {
    await i18next.changeLanguage(language);
    try {
      const { container } = show(picked(), "d1");
      fireEvent.click(container.querySelector("[data-kind=place_gadget]")!);
      const help = container.querySelector(".setup-help") as HTMLElement;
      const w = { t: i18next.getFixedT(language, "siege"), language };
      // DEFENCE_PICK: barbed wire and a deployable shield; the defence's other setup gadgets (cameras) are not picked.
      const lines = [...help.querySelectorAll("li[data-gadget]")];
      expect(lines.map((li) => li.getAttribute("data-gadget"))).toEqual(["barbed_wire", "deployable_shield"]);
      for (const li of lines) {
        const id = li.getAttribute("data-gadget")!;
        expect(catalog.gadgets.get(id)!.traits).toContain("setup");
        expect(li.textContent).toBe(`${gadgetName(w, id)}: ${gadgetEffect(w, id)}`);
        expect(li.textContent).toContain(language === "ko" ? catalog.gadgets.get(id)!.name.ko : catalog.gadgets.get(id)!.name.en);
      }
      expect(help.textContent).not.toMatch(language === "ko" ? /카메라/ : /camera/i);
      // Once placed, a gadget is no longer listed.
      const placed = runSiege(picked(), [["d1", { type: "place_gadget", gadget: "barbed_wire", at: "6,8" }]]);
      const again = show(placed, "d1");
      fireEvent.click(again.container.querySelector("[data-kind=place_gadget]")!);
      expect([...again.container.querySelectorAll(".setup-help li[data-gadget]")].map((li) => li.getAttribute("data-gadget"))).toEqual(["deployable_shield"]);
    } finally {
      await i18next.changeLanguage("en");
    }
  });

  test("a chosen gadget, then the gadget mode, can be taken back with Cancel or Escape before anything is sent", () => {
    const { container, onCommand } = show(picked(), "d1");
    const controls = container.querySelector(".siege-controls") as HTMLElement;
    const pressed = () => controls.querySelector(".kinds [aria-pressed=true]")?.getAttribute("data-kind");
    const preselected = pressed();
    // Nothing chosen yet: nothing to cancel.
    expect(within(controls).queryByRole("button", { name: "Cancel" })).toBeNull();
    fireEvent.click(within(controls).getByRole("button", { name: "Place a gadget" }));
    expect(pressed()).toBe("place_gadget");
    fireEvent.click(within(screen.getByRole("group", { name: "Which gadget?" })).getAllByRole("button")[1]!);
    expect(container.querySelector(".field.waiting")?.textContent).toMatch(/Where/);
    // Cancel: back to the gadget question, the mode kept.
    fireEvent.click(within(controls).getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("group", { name: "Which gadget?" })).toBeTruthy();
    expect(pressed()).toBe("place_gadget");
    // Escape: back to the mode preselected before, and nothing left to cancel.
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(screen.queryByRole("group", { name: "Which gadget?" })).toBeNull();
    expect(pressed()).toBe(preselected);
    expect(within(controls).queryByRole("button", { name: "Cancel" })).toBeNull();
    expect(onCommand).not.toHaveBeenCalled();
  });

  test("a picked operator can be taken back with Cancel before anything is sent (seed 004 공격팀 배치)", () => {
    let s = picked();
    s = runSiege(s, [["d1", { type: "place_gadget", gadget: "barbed_wire", at: "6,8" }], ["d1", { type: "place_gadget", gadget: "deployable_shield", at: "6,7" }]]);
    const tokens: Record<string, [string, string]> = { fennel: ["1,4", "2,4"], keel: ["8,1", "3,8"], lattice: ["1,6", "2,6"], quill: ["1,7", "2,7"], rook: ["3,7", "4,7"] };
    for (const [op, [real, decoy]] of Object.entries(tokens)) {
      s = runSiege(s, [
        ["d1", { type: "place_token", operator: op, at: real, watch: { facing: "W" }, real: true }],
        ["d1", { type: "place_token", operator: op, at: decoy, watch: { facing: "W" }, real: false }],
      ]);
    }
    s = runSiege(s, [["d1", { type: "end_setup" }]]);
    const { container, onCommand } = show(s, "a1");
    const controls = container.querySelector(".siege-controls") as HTMLElement;
    const select = () => controls.querySelector<HTMLSelectElement>("select[data-field=operator]")!;
    const first = select().value;
    const other = [...select().options].map((o) => o.value).find((v) => v !== first)!;
    fireEvent.change(select(), { target: { value: other } });
    expect(select().value).toBe(other);
    fireEvent.click(within(controls).getByRole("button", { name: "Cancel" }));
    expect(select().value).toBe(first);
    expect(within(controls).queryByRole("button", { name: "Cancel" })).toBeNull();
    expect(onCommand).not.toHaveBeenCalled();
  });

  test("seed 004 파괴: a breach asks for a confirmation before it is sent, and can be cancelled", () => {
    const s = runSiege(facing(), [["a1", { type: "activate", operator: "haze" }]]);
    const partition = Object.keys(s.partitions)[0]!;
    const legal: SiegeCommand[] = [{ type: "end_activation", operator: "haze" }, { type: "breach", operator: "haze", target: partition }];
    const { container, onCommand } = show(s, "a1", { legal });
    fireEvent.click(container.querySelector("[data-kind=breach]")!);
    expect(onCommand).not.toHaveBeenCalled();
    const dialog = screen.getByRole("alertdialog");
    expect(dialog.textContent).toMatch(/^Haze breaches the .+cannot be undone/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    fireEvent.click(container.querySelector("[data-kind=breach]")!);
    fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Yes, do it" }));
    expect(onCommand).toHaveBeenCalledWith(legal[1]);
  });

  test("seed 004 파괴: a breach of a gadget asks first and says the gadget is destroyed for good, not a wall, door or window, in English and Korean", async () => {
    const s = runSiege(facing(), [["a1", { type: "activate", operator: "haze" }]]);
    const view = siege.viewFor(s, seatViewer("a1"));
    const gadget = view.gadgets[0]!;
    const legal: SiegeCommand[] = [{ type: "end_activation", operator: "haze" }, { type: "breach", operator: "haze", target: gadget.id }];
    const { container, onCommand, unmount } = show(s, "a1", { legal });
    fireEvent.click(container.querySelector("[data-kind=breach]")!);
    expect(onCommand).not.toHaveBeenCalled();
    const hint = () => screen.getByRole("alertdialog").querySelector(".hint")?.textContent;
    expect(hint()).toBe("A breached gadget is destroyed for good: it cannot be undone.");
    unmount();
    await i18next.changeLanguage("ko");
    try {
      const ko = show(s, "a1", { legal });
      fireEvent.click(ko.container.querySelector("[data-kind=breach]")!);
      expect(hint()).toBe("파괴한 도구는 되돌릴 수 없습니다.");
      expect(hint()).not.toMatch(/벽|문|창문/);
    } finally {
      await i18next.changeLanguage("en");
    }
  });

  test("seed 004 사격: the odds of a shot are shown before it is rolled: the number to beat, the dice and their source, protection, the chance to hurt and the expected damage", () => {
    const s = runSiege(facing(), [["a1", { type: "activate", operator: "haze" }]]);
    expect(s.operators.keel).toMatchObject({ hidden: false, at: "8,1" });
    const { container } = show(s, "a1");
    fireEvent.click(within(container.querySelector(".siege-controls") as HTMLElement).getByRole("button", { name: "Shoot" }));
    const odds = screen.getByRole("region", { name: "Odds before you roll" });
    expect(odds.textContent).toMatch(/Haze → Keel: the dice must total more than 2 to hurt/);
    expect(odds.textContent).toMatch(/at 1 square rolls orange, orange/);
    expect(odds.textContent).toMatch(/Protection 2 \(the target's shield/);
    expect(odds.textContent).toMatch(/\d+% chance to hurt · [\d.]+ damage expected · 5 health left · \d+% chance to kill/);
    expect(container.querySelector("[data-command=shoot]")?.textContent).toBe("Haze shoots at Keel");
  });

  test("seed 004 사격: a match the server plays under an older rules version shows no odds (they are computed with today's rules); the shot is still offered", () => {
    const s = runSiege(facing(), [["a1", { type: "activate", operator: "haze" }]]);
    const { container } = show(s, "a1", { older: "siege-0.3.0" });
    fireEvent.click(within(container.querySelector(".siege-controls") as HTMLElement).getByRole("button", { name: "Shoot" }));
    expect(screen.queryByRole("region", { name: "Odds before you roll" })).toBeNull();
    expect(container.querySelector("[data-command=shoot]")?.textContent).toBe("Haze shoots at Keel");
  });

  test("a missing action says why (an action already taken, both actions used)", () => {
    const s = structuredClone(runSiege(facing(), [["a1", { type: "activate", operator: "haze" }]]));
    s.activation!.actions.push("shoot");
    const { container } = show(s, "a1", { legal: [{ type: "end_activation", operator: "haze" }] });
    const why = container.querySelector(".why-not")!;
    expect(why.querySelector("[data-why=shoot]")?.textContent).toBe("Shoot: Haze has already taken this action in this activation.");
    s.activation!.actions.push("run");
    const again = show(s, "a1", { legal: [{ type: "end_activation", operator: "haze" }] });
    expect(again.container.querySelector("[data-why=breach]")?.textContent).toBe("Breach: Haze has used both of its 2 actions.");
  });

  test("standing reaction preferences: after a move, 'don't react to moves' answers 'Hold fire' with a note and a way to change it; without it the player is asked", () => {
    const s = facing();
    const view = structuredClone(siege.viewFor(s, seatViewer("d1")));
    view.pending = { kind: "reaction", team: "defence", target: "haze", watchers: ["quill"] };
    const legal: SiegeCommand[] = [{ type: "react", operator: "quill" }, { type: "hold" }];
    const events = [{ seq: 7, events: [{ type: "moved", operator: "haze", from: "8,0", to: "9,0", cost: 1 }] as SiegeEvent[] }];
    const asked = show(s, "d1", { view, legal, events });
    expect(asked.onCommand).not.toHaveBeenCalled();
    expect(asked.container.querySelector(".pending")?.textContent).toMatch(/Defence may shoot at Haze \(Quill\)/);
    asked.unmount();
    localStorage.setItem("fogwar.siege.reactionPrefs", JSON.stringify({ skipMoves: true }));
    const auto = show(s, "d1", { view, legal, events });
    expect(auto.onCommand).toHaveBeenCalledWith({ type: "hold" });
    const note = auto.container.querySelector(".auto-note")!;
    expect(note.textContent).toMatch(/Answered 'Hold fire' for you \(you don't react to moves\): Reaction: Defence may shoot at Haze/);
    fireEvent.click(within(note as HTMLElement).getByRole("button", { name: "Change preferences" }));
    expect(auto.container.querySelector<HTMLDetailsElement>(".reaction-prefs")?.open).toBe(true);
  });

  test("no preference reads the defence's secrets (an answer sent at once would tell the attack by its timing): a prompt no real watcher can fire on, or stored preferences of older pages, are still asked", () => {
    const view = structuredClone(siege.viewFor(facing(), seatViewer("d1")));
    view.pending = { kind: "reaction", team: "defence", target: "haze", watchers: ["quill"] };
    // Only a decoy token sees Haze: the defence may only hold.
    expect(autoAnswer(view, [{ type: "hold" }], NO_PREFS, [])).toBeNull();
    localStorage.setItem("fogwar.siege.reactionPrefs", JSON.stringify({ skipUncovered: true, never: ["quill"] }));
    expect(loadPrefs()).toEqual(NO_PREFS);
    expect(autoAnswer(view, [{ type: "hold" }], loadPrefs(), [])).toBeNull();
    expect(autoAnswer(view, [{ type: "react", operator: "quill" }, { type: "hold" }], loadPrefs(), [])).toBeNull();
    // The one preference depends on the enemy's last action, which the attack sees as well.
    const moved = [{ type: "moved", operator: "haze", from: "8,0", to: "9,0", cost: 1 }] as const;
    expect(autoAnswer(view, [{ type: "hold" }], { skipMoves: true }, moved)?.reason).toBe("moves");
    expect(autoAnswer(view, [{ type: "react", operator: "quill" }, { type: "hold" }], { skipMoves: true }, moved)?.reason).toBe("moves");
    expect(autoAnswer(view, [{ type: "hold" }], { skipMoves: true }, [])).toBeNull();
  });

  test("a decision of mine makes the action bar compact (the map stays in sight on a phone)", () => {
    const s = facing();
    const view = structuredClone(siege.viewFor(s, seatViewer("d1")));
    view.pending = { kind: "reaction", team: "defence", target: "haze", watchers: ["quill"] };
    const { container } = show(s, "d1", { view, legal: [{ type: "react", operator: "quill" }, { type: "hold" }] });
    expect(container.querySelector(".action-bar")?.classList.contains("compact")).toBe(true);
    expect(container.querySelector(".action-bar .turn-alerts")).toBeNull();
    expect(container.querySelector("[data-testid=board-viewport]")).toBeTruthy();
  });

  test("seed 004, the reroll tokens: a reroll is first offered on the dice below their colour's average, never on a good die first", () => {
    const s = facing();
    const view = structuredClone(siege.viewFor(s, seatViewer("a1")));
    const dice = (...rolled: [("yellow" | "orange" | "red"), number][]) => rolled.map(([colour, value]) => ({ colour, face: 0, value }));
    const ask = (rolled: ReturnType<typeof dice>) => {
      view.pending = { kind: "reroll", team: "attack", shooter: "haze", target: "keel", distance: 1, protection: 2, dice: rolled };
      const idx = rolled.map((_, i) => i);
      const legal: SiegeCommand[] = [{ type: "keep" }, ...idx.map((i) => ({ type: "reroll" as const, dice: [i] })), ...(idx.length > 1 ? [{ type: "reroll" as const, dice: idx }] : [])];
      const shown = show(s, "a1", { view, legal });
      const label = within(shown.container).getByRole("button", { name: /^Reroll die/ }).textContent;
      shown.unmount();
      return label;
    };
    // The helper's roll: orange 2 (a good orange) and yellow 0; the yellow is the one to reroll.
    expect(ask(dice(["orange", 2], ["yellow", 0]))).toBe("Reroll die 2 (yellow 0)");
    // Both low: both are offered.
    expect(ask(dice(["orange", 0], ["yellow", 0]))).toBe("Reroll die 1 (orange 0), die 2 (yellow 0)");
  });

  test("seed 004 임무: the objective room is named on the map and in its legend, for both teams", () => {
    for (const seat of ["a1", "d1"]) {
      const { container, unmount } = show(facing(), seat);
      const label = container.querySelector(".siege-map .objective-label");
      expect(label?.textContent).toMatch(/^⚑ objective: \S/);
      expect(container.querySelector(".map-legend .legend-objective")?.textContent).toMatch(/objective room: .+ \(the attack must secure it; the defence holds it\)/);
      unmount();
    }
  });

  test("the map's legend names each gadget letter drawn on the map, from the seat's own view only, in both languages", async () => {
    const drawn = (c: HTMLElement) => [...c.querySelectorAll(".siege-map svg g.gadget text")].map((t) => t.textContent);
    const legend = (c: HTMLElement) => [...c.querySelectorAll(".map-legend .legend-gadget .legend-text")].map((li) => li.textContent);
    for (const seat of ["a1", "d1"]) {
      const { container, unmount } = show(facing(), seat);
      // The map's own camera and reinforced hatch, and the gadgets the defence placed.
      expect(legend(container)).toEqual(["C: Camera (Defence)", "B: Barbed wire (Defence)", "R: Reinforced hatch (Defence)", "D: Deployable shield (Defence)"]);
      // Every letter on the map is in the legend.
      for (const letter of drawn(container)) expect(legend(container).some((l) => l?.startsWith(`${letter}: `))).toBe(true);
      unmount();
    }
    // No two gadget kinds share a mark, in either language.
    for (const language of ["en", "ko"]) {
      const w = { t: i18next.getFixedT(language, "siege"), language };
      const kinds = [...catalog.gadgets.keys(), "reinforced_access", "snare", ...catalog.data.operators.map((op) => op.special.id)];
      const marks = kinds.map((k) => gadgetLetter(w, k));
      expect(new Set(marks).size).toBe(kinds.length);
    }
    // A gadget not in the seat's view is never listed.
    const view = structuredClone(siege.viewFor(facing(), seatViewer("a1")));
    view.gadgets = view.gadgets.filter((g) => g.kind === "barbed_wire");
    const only = show(facing(), "a1", { view, legal: [] });
    expect(legend(only.container)).toEqual(["B: Barbed wire (Defence)"]);
    only.unmount();
    await i18next.changeLanguage("ko");
    try {
      const ko = show(facing(), "a1");
      expect(legend(ko.container)).toContain("철: 철조망 (방어팀)");
      expect(legend(ko.container)).toContain("이: 이동식 방패 (방어팀)");
      expect(legend(ko.container).join(" ")).not.toMatch(/[A-Za-z]/);
      for (const letter of drawn(ko.container)) expect(legend(ko.container).some((l) => l?.startsWith(`${letter}: `))).toBe(true);
    } finally {
      await i18next.changeLanguage("en");
    }
  });

  test("commands read as sentences, in both languages", async () => {
    const w = () => ({ t: i18next.getFixedT(null, "siege"), language: i18next.language });
    const view = siege.viewFor(facing(), seatViewer("a1"));
    expect(describeCommand(w(), { type: "watch", operator: "quill", watches: [{ facing: "N" }] }, view)).toBe("Quill watches north");
    expect(describeCommand(w(), { type: "shoot", operator: "haze", target: "keel" }, view)).toBe("Haze shoots at Keel");
    const reroll = { ...view, pending: { kind: "reroll" as const, team: "attack" as const, shooter: "haze", target: "keel", distance: 1, protection: 2, dice: [{ colour: "orange" as const, face: 0, value: 1 }] } };
    expect(describeCommand(w(), { type: "reroll", dice: [0] }, reroll)).toBe("Reroll die 1 (orange 1)");
    await i18next.changeLanguage("ko");
    try {
      expect(describeCommand(w(), { type: "shoot", operator: "haze", target: "keel" }, view)).toMatch(/^헤이즈.*킬에게 사격$/);
    } finally {
      await i18next.changeLanguage("en");
    }
  });
});

describe("on a phone the Siege action bar keeps the map in sight while a seat waits", () => {
  test("seed 004 행동 페이즈: the seat the match waits for has its bar open; the other's is folded to its turn line (whom it waits for), opens on Show actions and folds again on Hide actions", () => {
    const s = facing();
    const turn = awaiting(s)[0]!;
    const waits = turn === "a1" ? "d1" : "a1";
    const acting = show(s, turn);
    expect(acting.container.querySelector(".action-bar")?.getAttribute("data-folded")).toBe("false");
    acting.unmount();
    const { container } = show(s, waits);
    const bar = container.querySelector(".action-bar")!;
    expect(bar.getAttribute("data-folded")).toBe("true");
    expect(bar.querySelector(".bar-head .turn-line")?.textContent).toMatch(/^Waiting for: /);
    fireEvent.click(screen.getByRole("button", { name: "Show actions ▴" }));
    expect(bar.getAttribute("data-folded")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Hide actions ▾" }));
    expect(bar.getAttribute("data-folded")).toBe("true");
  });
});

test("seed 004 오퍼레이터 활성화: the operator whose activation begins is brought into sight: a page scrolled far from the map scrolls back to it (on a phone it may stand under the bar)", () => {
  // Lantern, deployed at J10 on the map's bottom row, activated.
  const s = runSiege(facing(), [["a1", { type: "activate", operator: "lantern" }]]);
  const view = siege.viewFor(s, seatViewer("a1"));
  const table = (legal: SiegeCommand[]) => <SiegeTableView matchId="m" view={view} seat="a1" legal={legal} onCommand={jest.fn()} events={[]} />;
  // The page open before the activation is the viewer's to play (no legal command yet), then the activation.
  const scrolls = scrollsAtMoment({ box: { top: 1500, height: 500, width: 390 } }, table([]), table(legalCommandsInView(view, "a1")));
  expect(scrolls).toHaveLength(1);
  // J10 is near the map's bottom: the point lies in the frame's lower part, below 1,900 px.
  expect(scrolls[0]!.top).toBeGreaterThan(1900 - 384);
});
