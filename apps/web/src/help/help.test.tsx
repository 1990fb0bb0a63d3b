/**
 * Rules help in context: a term explains itself on hover (its title) and on tap (a "?" button
 * opening a popover that Escape closes); the how-to-play pages of EMBER, Siege, the TRPG and Age
 * of Sigmar render in both languages with no raw id, and on the Korean page no English; Age of
 * Sigmar's guide quotes its rules' numbers from their data. (Age of Sigmar's table: sigmar/tips.test.tsx.)
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { RuleTip } from "./RuleTip";
import { HowToPlayPage } from "./HowToPlay";
import { LobbyPage } from "../lobby/LobbyPage";
import { inEnglish } from "../../test/english";
import { problems, readable } from "../../test/readable";
import { SIGMAR_NUMBERS, SIGMAR_TERMS } from "../rulesets/sigmar/tips";
import { guides } from "../rulesets/guide-discovery";

inEnglish();

test("a term shows its explanation on hover and in a popover on tap; Escape closes it", () => {
  render(
    <RuleTip term="Quick" help="Dial 1, acts first.">
      1 Quick
    </RuleTip>,
  );
  const button = screen.getByRole("button", { name: "What is Quick?" });
  expect(button.closest(".rule-tip")?.getAttribute("title")).toBe("Dial 1, acts first.");
  const note = document.getElementById(button.getAttribute("aria-controls")!)!;
  expect(note.hidden).toBe(true);
  fireEvent.click(button);
  expect(button.getAttribute("aria-expanded")).toBe("true");
  expect(note.hidden).toBe(false);
  expect(note.textContent).toBe("Dial 1, acts first.");
  fireEvent.keyDown(button, { key: "Escape" });
  expect(note.hidden).toBe(true);
});

const page = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/how-to-play/:ruleset" element={<HowToPlayPage />} />
      </Routes>
    </MemoryRouter>,
  );

test.each(["ember", "siege", "trpg", "sigmar"])("the %s how-to-play page reads in English and Korean with no raw id and no English on the Korean page", async (ruleset) => {
  for (const language of ["en", "ko"]) {
    await act(async () => {
      await i18next.changeLanguage(language);
    });
    const { container, unmount } = page(`/how-to-play/${ruleset}`);
    expect(container.querySelector("h1")?.textContent).toBe(i18next.t(`guide:${ruleset}.title`));
    // Sections of steps and a quick reference of the terms the table explains.
    expect(container.querySelectorAll("section li").length).toBeGreaterThan(8);
    expect(container.querySelectorAll(".reference dd").length).toBeGreaterThan(10);
    expect(problems(readable(container), language)).toEqual([]);
    // The other games' guides are named apart, not run together.
    const others = container.querySelector("article > p:last-child")!;
    expect(others.textContent).toMatch(new RegExp(`: ${guides.map((g) => g.id).filter((id) => id !== ruleset).map((id) => i18next.t(`guide:${id}.title`).replace(/[()]/g, "\\$&")).join(" · ")} · `));
    unmount();
  }
});

test("Age of Sigmar's guide covers the battle from the muster to winning, with the rules' numbers from their data, and lists every term the table explains", () => {
  const { container } = page("/how-to-play/sigmar");
  expect([...container.querySelectorAll("section h2")].map((h) => h.textContent)).toEqual([
    "Before the battle",
    "Each battle round",
    "Moving with the ruler",
    "Attacks, stage by stage",
    "Abilities, the order of effects and the hand of tactics",
    "Winning",
    "Quick reference",
  ]);
  const text = container.textContent ?? "";
  expect(text).toContain(`${SIGMAR_NUMBERS.width} by ${SIGMAR_NUMBERS.height} inches`);
  expect(text).toContain(`The battle lasts ${SIGMAR_NUMBERS.rounds} rounds.`);
  expect(text).toContain(`enemy combat ranges (${SIGMAR_NUMBERS.combatRange}")`);
  expect(container.querySelectorAll(".reference dd").length).toBe(Object.keys(SIGMAR_TERMS).length);
  expect(screen.getByText("Crit (2 hits)")).toBeTruthy();
  expect(screen.getByRole("link", { name: "How to play Siege" }).getAttribute("href")).toBe("/how-to-play/siege");
});

test("an unknown ruleset has no guide", () => {
  page("/how-to-play/chess");
  expect(screen.getByText(/There is no such page/)).toBeTruthy();
});

test("the lobby links to every guide", () => {
  const api = { listings: () => new Promise<never>(() => {}), siege: () => Promise.resolve(null) } as unknown as Parameters<typeof LobbyPage>[0]["api"];
  render(
    <MemoryRouter>
      <LobbyPage api={api} />
    </MemoryRouter>,
  );
  expect(screen.getByRole("link", { name: "How to play EMBER" }).getAttribute("href")).toBe("/how-to-play/ember");
  expect(screen.getByRole("link", { name: "How to play Siege" }).getAttribute("href")).toBe("/how-to-play/siege");
  expect(screen.getByRole("link", { name: "How to play the tactical TRPG" }).getAttribute("href")).toBe("/how-to-play/trpg");
  expect(screen.getByRole("link", { name: "How to play Age of Sigmar" }).getAttribute("href")).toBe("/how-to-play/sigmar");
});
