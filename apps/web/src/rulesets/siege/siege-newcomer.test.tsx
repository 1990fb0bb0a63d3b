/**
 * What a person new to Siege (seed 004_cb264102299fbb71.txt) trips over, in both languages: the
 * pick says what the dice colours and the lightning mark mean and names a one-square band as one
 * square; the defence's token setup says what a real and a decoy token are; the deployment's
 * facing says it is a watch; the defence's moved barricades read as barricades, not as doors that
 * moved; the special gadget is named as the operator's profile names it; and a reaction offers
 * its answers side by side, each in words, before the bot's line in the bar. States are reached by commands through the engine.
 */
import { deserialize, serialize } from "node:v8";
import { fireEvent, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { board, catalog, siege, type SiegeCommand } from "@fogwar/siege";
import { describeEvent, valueWords } from "./words";
import { describeCommand } from "./sentences";
import { inEnglish } from "../../../test/english";
import { runSiege } from "../../../test/siege-play";
import { defenceReady, facing, gadgetsPlaced, picked, scrolledOnAsking, show } from "../../../test/siege-table";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(30_000);
inEnglish();

const fresh = () => siege.setup({ mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } }, "newcomer").state;
const choice = (form: Element, name: string) => [...form.querySelectorAll(".op-choice")].find((l) => l.textContent?.includes(name))!.textContent!;
const wordsIn = (language: string) => ({ t: i18next.getFixedT(language, "siege"), language });

beforeEach(() => localStorage.clear());
afterEach(() => i18next.changeLanguage("en"));

describe("Siege for a new player", () => {
  test("seed 004 능력: the pick says what each dice colour deals on average and what ⚡ means, from the rules' dice", () => {
    const { container } = show(fresh(), "a1");
    const key = container.querySelector(".pick-form .dice-key")!;
    const { yellow, orange, red } = catalog.data.dice;
    const mean = (f: readonly number[]) => String(Math.round((f.reduce((a, n) => a + n, 0) / f.length) * 10) / 10);
    expect(key.textContent).toBe(`Damage dice: yellow deals about ${mean(yellow)} damage a die, orange about ${mean(orange)}, red about ${mean(red)}; a die marked ⚡ is not rolled against a target with protection.`);
  });

  test("a weapon band of one distance reads '1 square', not '1-1 squares', in both languages", async () => {
    const { container, unmount } = show(fresh(), "a1");
    expect(choice(container.querySelector(".pick-form")!, "Cinder")).toMatch(/Shotgun: 1 square: red \+ red⚡; 2-3 squares/);
    expect(container.querySelector(".pick-form")!.textContent).not.toMatch(/1-1 squares/);
    unmount();
    await i18next.changeLanguage("ko");
    const ko = show(fresh(), "d1");
    const form = ko.container.querySelector(".pick-form")!;
    expect(choice(form, "펜넬")).toMatch(/산탄총: 1칸: 빨강 \+ 빨강⚡; 2-3칸/);
    expect(form.textContent).not.toMatch(/1-1칸/);
  });

  test("seed 004 요원 배치 4: placing a secret token says what the real and the decoy token are and that every token watches", () => {
    const { container } = show(gadgetsPlaced(), "d1");
    const controls = container.querySelector(".siege-controls")!;
    fireEvent.click(within(controls as HTMLElement).getByRole("button", { name: "Place a secret token" }));
    expect(controls.querySelector(".setup-help")?.textContent).toMatch(/two secret tokens, one real and one decoy: the attack sees two identical tokens.*Every token starts on watch/);
  });

  test("seed 004 공격팀 배치: the deployment's facing is a watch ('watch toward'), and no facing reads 'no watch', not 'none'", async () => {
    const s = defenceReady();
    const { container, unmount } = show(s, "a1");
    const facingSelect = container.querySelector<HTMLSelectElement>('select[data-field="facing"]')!;
    expect(facingSelect.closest("label")!.textContent).toMatch(/^Watch toward/);
    expect([...facingSelect.options].map((o) => o.textContent)).toEqual(["No watch", "North", "East", "South", "West"]);
    unmount();
    await i18next.changeLanguage("ko");
    const ko = show(s, "a1");
    const select = ko.container.querySelector<HTMLSelectElement>('select[data-field="facing"]')!;
    expect(select.closest("label")!.textContent).toMatch(/^경계 방향/);
    expect(select.options[0]!.textContent).toBe("경계 안 함");
  });

  test("seed 004 요원 배치 1: a barricade the defence moves reads as the barricade on its door, in the log and in the command, in both languages", () => {
    const map = catalog.maps.get(catalog.missions.get("ledger")!.map)!;
    const edit = siege.legalCommands(picked(), "d1").find((c): c is Extract<SiegeCommand, { type: "edit_component" }> => c.type === "edit_component" && board.geometry(map.id).partitions.has(c.component) && c.to !== null)!;
    const r = siege.apply(picked(), edit, "d1");
    if (!r.ok) throw new Error(r.error.code);
    const event = r.events.map((e) => e.event).find((e) => e.type === "component_edited")!;
    const view = siege.viewFor(r.state, seatViewer("a1"));
    const en = wordsIn("en");
    expect(describeEvent(en, event, view)).toMatch(/^Barricade on .+ \(.+\) moved to .+ \(the defence's setup\)\.$/);
    expect(describeEvent(en, event, view)).not.toMatch(/^Component/);
    expect(describeCommand(en, edit, view)).toMatch(/^Move Barricade on /);
    expect(valueWords(en, "component", edit.component, view)).toMatch(/^Barricade on /);
    const ko = wordsIn("ko");
    expect(describeEvent(ko, event, view)).toMatch(/^방어팀 세팅: .+의 바리케이드를 .+ 옮겼습니다\.$/);
    expect(describeEvent(ko, event, view)).not.toMatch(/구성물|\(를\)|\(으\)/);
  });

  test("seed 004 능력: the special gadget's command is named as the operator's profile names it", async () => {
    const s = runSiege(facing(), [["a1", { type: "activate", operator: "auger" }]]);
    const legal: SiegeCommand[] = [{ type: "end_activation", operator: "auger" }, { type: "special", operator: "auger", target: "1,8" }, { type: "special", operator: "auger", target: "0,8" }];
    const { container, unmount } = show(s, "a1", { legal });
    expect(container.querySelector('.kinds button[data-kind="special"]')!.textContent).toBe("Ram charge (special gadget)");
    unmount();
    await i18next.changeLanguage("ko");
    const ko = show(s, "a1", { legal });
    expect(ko.container.querySelector('.kinds button[data-kind="special"]')!.textContent).toBe(`${catalog.operators.get("auger")!.special.name.ko} (특수 도구)`);
  });

  test("seed 004 반응 액션: a reaction offers its answers side by side, each in words, and one tap sends it", () => {
    const s = facing();
    const view = structuredClone(siege.viewFor(s, seatViewer("d1")));
    view.pending = { kind: "reaction", team: "defence", target: "haze", watchers: ["quill", "keel"] };
    const legal: SiegeCommand[] = [{ type: "react", operator: "quill" }, { type: "react", operator: "keel" }, { type: "hold" }];
    const { container, onCommand } = show(s, "d1", { view, legal });
    const answers = container.querySelector(".siege-controls .kinds")!;
    expect([...answers.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Quill fires a reaction shot", "Keel fires a reaction shot", "Hold fire"]);
    expect(container.querySelector(".siege-controls .command-list")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Keel fires a reaction shot" }));
    expect(onCommand).toHaveBeenCalledWith({ type: "react", operator: "keel" });
  });

  test("on a phone a reaction's answers come before the bot's line in the bar (they stay above its 'more below' edge); while the seat only plays, the bot's line stays on top", () => {
    const s = facing();
    const view = structuredClone(siege.viewFor(s, seatViewer("d1")));
    view.pending = { kind: "reaction", team: "defence", target: "haze", watchers: ["quill"] };
    const asked = show(s, "d1", { view, legal: [{ type: "react", operator: "quill" }, { type: "hold" }], bots: { a1: "normal" } });
    const note = asked.container.querySelector(".action-bar .bot-note")!;
    const answers = asked.container.querySelector(".action-bar .siege-controls")!;
    expect(answers.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    asked.unmount();
    const playing = show(runSiege(s, [["a1", { type: "activate", operator: "haze" }]]), "a1", { bots: { d1: "normal" } });
    const top = playing.container.querySelector(".action-bar .bot-note")!;
    expect(top.compareDocumentPosition(playing.container.querySelector(".action-bar .siege-controls")!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test("a reaction asked brings its answers into the bar's sight (on a phone the bar scrolls, its 'more below' edge covering its end)", async () => {
    const s = facing();
    const view = structuredClone(siege.viewFor(s, seatViewer("d1")));
    view.pending = { kind: "reaction", team: "defence", target: "haze", watchers: ["quill"] };
    // The legal answers may come after the view that asks (the table first renders with none).
    const { container, before, scrolled } = await scrolledOnAsking(s, "d1", view, [{ type: "react", operator: "quill" }, { type: "hold" }]);
    expect(before).toEqual([]);
    expect(scrolled).toContain(container.querySelector(".siege-controls .kinds.answers"));
  });
});
