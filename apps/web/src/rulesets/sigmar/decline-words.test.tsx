/**
 * A pending decision's "decline" button says what declining does there (./commands.ts): a rolled
 * charge the player gives up reads "Let the charge fail" (the pending line's own words), not a bare
 * "Decline" a new player must guess at; sending it sends the rules' `decline`. Beside it, in the
 * action bar, the prompt offers the best placement (MoveTools.tsx `SuggestPlacement`).
 */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { legalCommands, sigmar, templates, type SigmarCommand, type SigmarState, type SigmarView } from "@fogwar/sigmar";
import { chargingState } from "./charge-fixture";
import { SigmarTableView } from "./SigmarTableView";
import { commandText } from "./commands";
import { inEnglish } from "../../../test/english";
import { withNames } from "../../../test/players";

inEnglish();
jest.setTimeout(60_000);

/** Briar Guard of p1 with a pending 5" charge at Cinder Zealots of p2. */
const charging = (): SigmarState => chargingState(5, 1550);

test("a rolled charge's decline reads 'Let the charge fail' and sends decline; in Korean it says the same", async () => {
  const state = charging();
  expect(legalCommands(state, "p1")).toContainEqual({ type: "decline" });
  const view = sigmar.viewFor(state, seatViewer("p1")) as SigmarView;
  const sent: SigmarCommand[] = [];
  render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legalCommands(state, "p1")} templates={templates(state, "p1")} onCommand={(c) => sent.push(c)} events={[]} />));
  expect(screen.queryByRole("button", { name: "Decline" })).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Let the charge fail" }));
  expect(sent).toEqual([{ type: "decline" }]);
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  expect(commandText({ t: i18next.getFixedT(null, "sigmar"), language: "ko", name: (s) => s }, view, { type: "decline" })).toBe("돌격을 실패로 두기");
});

test("each decision that can be declined has its own words, in English and Korean", () => {
  for (const lang of ["en", "ko"]) {
    const t = i18next.getFixedT(lang, "sigmar");
    for (const kind of ["run_move", "charge_move", "place_models", "replacement", "riposte", "retreat_move"]) {
      const view = { pending: { kind } } as unknown as SigmarView;
      const text = commandText({ t, language: lang, name: (s) => s }, view, { type: "decline" });
      expect([lang, kind, text === t("controls.decline") || text.includes("declineOf")]).toEqual([lang, kind, false]);
    }
  }
});

test("a rolled charge's prompt offers 'Suggest the best placement' in the action bar beside 'Let the charge fail' (not only above the map): it makes the plan, confirmed as any plan", () => {
  const state = charging();
  const view = sigmar.viewFor(state, seatViewer("p1")) as SigmarView;
  const sent: SigmarCommand[] = [];
  render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legalCommands(state, "p1")} templates={templates(state, "p1")} onCommand={(c) => sent.push(c)} events={[]} />));
  const bar = screen.getByRole("region", { name: "Actions" });
  const suggest = within(bar).getByRole("button", { name: "Suggest the best placement" });
  expect(within(bar).getByRole("button", { name: "Let the charge fail" })).toBeTruthy();
  fireEvent.click(suggest);
  fireEvent.click(screen.getByRole("button", { name: "Confirm positions" }));
  expect(sent).toHaveLength(1);
  expect(sent[0]!.type).toBe("place");
  expect(sigmar.apply(state, sent[0]!, "p1").ok).toBe(true);
});
