/**
 * The TRPG's part of the lobby's "play against the bot" form (./bot.tsx): picking an encounter
 * says what it is, the chosen scenario's summary from the listing, in the page's language.
 */
import { useState } from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { setupI18n } from "../../i18n";
import { bot } from "./bot";
import type { TrpgRulesetInfo } from "./listing";

const scenario = (id: string, en: string, ko: string, summary: { en: string; ko: string }) => ({ id, name: { en, ko }, summary, field: "clear", night: 0, rounds: 10, width: 12, height: 10, commander: null, party: [] });
const listing: TrpgRulesetInfo = {
  id: "trpg",
  rulesVersion: "trpg-0.6.0",
  modes: ["gm", "versus"],
  partyPlayers: [1, 4],
  scenarios: [scenario("proving_ground", "Proving Ground", "훈련장", { en: "Two operatives against the raiders of a drill yard.", ko: "훈련장에서 두 요원이 약탈자들과 맞선다." }), scenario("quarry", "Greywater Quarry", "채석장", { en: "At dusk the crew crosses a quarry.", ko: "해 질 녘 일행이 채석장을 건넌다." })],
  fields: [],
};

function Form() {
  const [state, setState] = useState(bot.initial(listing));
  const Options = bot.Options!;
  return <Options id="pb" listing={listing} state={state} onChange={setState} />;
}

beforeAll(async () => {
  setupI18n("en");
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});

test("the encounter picker says what the chosen encounter is (its summary), and follows the choice and the language", async () => {
  render(<Form />);
  const select = screen.getByLabelText("Battlefield");
  expect(select.getAttribute("aria-describedby")).toBe("pb-trpg-summary");
  expect(document.getElementById("pb-trpg-summary")?.textContent).toBe("Two operatives against the raiders of a drill yard.");
  fireEvent.change(select, { target: { value: "quarry" } });
  expect(document.getElementById("pb-trpg-summary")?.textContent).toBe("At dusk the crew crosses a quarry.");
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  try {
    expect(document.getElementById("pb-trpg-summary")?.textContent).toBe("해 질 녘 일행이 채석장을 건넌다.");
  } finally {
    await act(async () => {
      await i18next.changeLanguage("en");
    });
  }
});
