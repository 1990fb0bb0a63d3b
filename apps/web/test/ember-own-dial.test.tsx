/**
 * The EMBER unit panel's timing dial (seed 001 5: each side sets its mechs' dials in secret in the
 * plan phase): before its plan is locked, the viewer's own mech's dial is "not set yet"; an
 * opponent's mech's dial is "hidden". The own mech's said "hidden", as if kept from its owner.
 */
import { act, fireEvent, render } from "@testing-library/react";
import i18next from "i18next";
import { ember, legalCommandsInView } from "@fogwar/ember";
import { seatViewer } from "@fogwar/engine";
import { TableView } from "../src/rulesets/ember/TableView";
import { unitName } from "../src/rulesets/ember/model";
import { emberStateWhere } from "./ember-find";
import { inEnglish } from "./english";
import { NAMES, withNames } from "./players";

inEnglish();

test("seed 001 5: in the plan phase, the unit panel says the own mech's dial is not set yet and the opponent's is hidden, in English and Korean", async () => {
  const state = emberStateWhere((s) => s.phase === "plan" && Object.values(s.plans).every((p) => !p.commitment), "own-dial");
  const view = ember.viewFor(state, seatViewer("p1"));
  const { container } = render(withNames(<TableView matchId="m" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} onCommand={jest.fn()} events={[]} />));
  /** The panel's dial line for the first mech of `seat`, picked in the roster by its name in the page's language. */
  const dialOf = (seat: "p1" | "p2") => {
    const mech = view.units.find((u) => u.owner === seat && u.kind === "mech" && u.deployed && !u.destroyed)!;
    const button = [...container.querySelectorAll<HTMLButtonElement>(".roster button")].find((b) => b.textContent?.includes(`(${NAMES[seat]})`) && b.textContent.includes(unitName(mech)));
    fireEvent.click(button!);
    const panel = container.querySelector(`[data-unit-panel="${mech.id}"]`)!;
    const term = [...panel.querySelectorAll("dt")].find((dt) => dt.textContent === i18next.t("panel.dial", { ns: "table" }));
    return term?.nextElementSibling?.textContent;
  };
  expect([dialOf("p1"), dialOf("p2")]).toEqual(["not set yet", "hidden"]);
  await act(async () => void (await i18next.changeLanguage("ko")));
  expect([dialOf("p1"), dialOf("p2")]).toEqual(["아직 정하지 않음", "비공개"]);
}, 60_000);
