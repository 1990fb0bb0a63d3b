/**
 * Age of Sigmar's rules help in context: on a battle's table the round, the phase, the points,
 * the hand, the map's legend, the selected unit's characteristics, keywords and weapon abilities,
 * and the last attack's stages each carry a "?" that opens its explanation on tap (and the same
 * text on hover), with the rules' own numbers, in English and Korean.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { catalog, sigmar, type SigmarEvent, type SigmarState } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { SIGMAR_NUMBERS, SIGMAR_TERMS, tipText, type SigmarTip } from "./tips";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";
import { NAMES, withNames } from "../../../test/players";
import { problems, readable } from "../../../test/readable";

inEnglish();
// A whole table rendered six times, each of its tips opened and closed.
jest.setTimeout(60_000);

/** The test battle played until the first attack (../../../test/sigmar-play.ts): the state and that attack. */
function battleToFirstAttack(): { state: SigmarState; attacks: SigmarEvent[] } {
  const { state, events } = playSigmar((_, last) => last.some((e) => e.type === "attacks"), "tips", 400);
  return { state, attacks: events.filter((e) => e.type === "attacks") };
}

const { state, attacks } = battleToFirstAttack();
const view = sigmar.viewFor(state, seatViewer("p1"));
const unitOf = (warscroll: string) => Object.values(view.units).find((u) => u.warscroll === warscroll && u.where === "field")!.id;

/** The table as p1 sees it, with the first attack in its panel opened at every stage and `unit` selected. */
async function table(language: string, unit: string) {
  await act(async () => {
    await i18next.changeLanguage(language);
  });
  const rendered = render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={[]} templates={[]} onCommand={() => {}} events={[{ seq: 1, events: attacks }]} />));
  fireEvent.click(rendered.container.querySelector(`[data-unit="${unit}"]`)!);
  fireEvent.click(screen.getByRole("button", { name: i18next.t("sigmar:attack.all") }));
  return rendered;
}

/** Tips whose term the table shows as it is (the weapon abilities but Anti-X, which names its keyword). */
const NAMED = new Set<SigmarTip>(["charge", "companion", "shootInCombat", "crit2hits", "critAutowound", "critMortal"]);

const whatIs = (tip: SigmarTip) => i18next.t("help:whatIs", { term: tipText(i18next.t, tip).term });

test.each([
  ["Briar Guard", "briar_guard", ["anti", "crit2hits"]],
  ["the Kiln Engine (seen by the other player)", "kiln_engine", ["anti", "companion", "random"]],
  ["the Covenant Herald", "covenant_herald", ["guarded"]],
] as const)("the table explains its terms with %s selected: each '?' opens its explanation on tap, with the rules' numbers, in English and Korean", async (_label, warscroll, unitTips) => {
  const tips: SigmarTip[] = ["round", `phase.${state.step}` as SigmarTip, "vp", "cp", "tactics", "territory", "objective", "combatRange", "ruin", "stone", "token", "move", "save", "health", "weapon", "hit", "wound", "damage", ...unitTips];
  for (const language of ["en", "ko"]) {
    const { container, unmount } = await table(language, unitOf(warscroll));
    for (const tip of tips) {
      // The selected unit's card first (a weapon ability's name), else the first place the term is shown.
      const all = screen.getAllByRole("button", { name: whatIs(tip) });
      const button = all.find((b) => b.closest(".unit-card")) ?? all[0];
      const { help } = tipText(i18next.t, tip);
      expect([tip, button!.closest(".rule-tip")?.getAttribute("title")]).toEqual([tip, help]);
      const note = document.getElementById(button!.getAttribute("aria-controls")!)!;
      expect([tip, note.hidden]).toEqual([tip, true]);
      fireEvent.click(button!);
      expect([tip, note.hidden, note.textContent]).toEqual([tip, false, help]);
      // A weapon ability reads as its name ("Crit (2 hits)", never its id).
      if (NAMED.has(tip)) expect(button!.closest(".rule-tip")!.textContent!.startsWith(tipText(i18next.t, tip).term)).toBe(true);
      fireEvent.click(button!);
    }
    // Anti-charge reads as its condition in both languages ("Anti-charge", "대돌격").
    if (warscroll === "briar_guard") expect(container.textContent).toContain(i18next.t("sigmar:weaponAbility.anti", { keyword: i18next.t("sigmar:keyword.charge") }));
    // The numbers come from the rules' data, never a placeholder; no raw id, no English on the Korean page.
    const combat = tipText(i18next.t, "combatRange").help;
    expect(combat).toContain(`${catalog.rules.combatRange}"`);
    expect(problems(readable(container), language, { names: Object.values(NAMES) })).toEqual([]);
    unmount();
  }
});

test("every term's explanation exists in both languages with every number it names filled in", async () => {
  for (const language of ["en", "ko"]) {
    await act(async () => {
      await i18next.changeLanguage(language);
    });
    for (const tip of Object.keys(SIGMAR_TERMS) as SigmarTip[]) {
      const { term, help } = tipText(i18next.t, tip);
      expect([tip, i18next.exists(`sigmarHelp:${tip}`)]).toEqual([tip, true]);
      expect([tip, term.length > 0, /\{\{|sigmar[.:]/.test(`${term} ${help}`)]).toEqual([tip, true, false]);
    }
  }
  // A number taken from the data, not written into the text: the coherency rule quotes both of its numbers.
  expect(tipText(i18next.t, "coherency").help).toContain(`${SIGMAR_NUMBERS.coherency}"`);
  expect(tipText(i18next.t, "coherency").help).toContain(`${SIGMAR_NUMBERS.coherencyLarge}`);
});

test("a decision's prompt explains the rule behind it (the standing stones' order)", async () => {
  const ordering = { ...view, pending: { kind: "order_neutral" as const, seat: "p1", items: ["mire_grip", "gale_step"] } };
  render(withNames(<SigmarTableView matchId="m" view={ordering} seat="p1" legal={[]} templates={[]} onCommand={() => {}} events={[]} />));
  const pending = document.querySelector(".pending")!;
  const button = pending.querySelector<HTMLButtonElement>(".rule-tip-button")!;
  expect(button.getAttribute("aria-label")).toBe(whatIs("stone"));
  fireEvent.click(button);
  expect(pending.querySelector(".rule-pop")!.textContent).toBe(tipText(i18next.t, "stone").help);
});
