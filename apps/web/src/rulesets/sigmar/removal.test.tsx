/**
 * Core C8 on the Age of Sigmar table (docs/rules/sigmar.md): the owner of a unit whose models were
 * slain sees the suggested models ringed on the map, may accept them with one button or click its
 * own models to mark others, and may keep a standing preference to always remove the suggested
 * models; the other seat sees what is awaited.
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { legalCommands, legalCommandsInView, sigmar, type SigmarCommand, type SigmarState } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";
import { withNames } from "../../../test/players";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

/** The test battle played until a `remove_models` decision is pending (../../../test/sigmar-play.ts). */
const untilRemoval = (seed = "web-removal"): SigmarState => playSigmar((s) => s.pending?.kind === "remove_models", seed).state;

describe("core C8 on the table: the owner picks the slain models", () => {
  const state = untilRemoval();
  const p = state.pending as Extract<SigmarState["pending"], { kind: "remove_models" }>;
  const owner = p.seat;
  const other = state.seats.find((s) => s !== owner)!;

  afterEach(() => globalThis.localStorage?.clear());

  test("core C8: the suggested models are ringed on the map and one button removes them", () => {
    const view = sigmar.viewFor(state, seatViewer(owner));
    const sent: SigmarCommand[] = [];
    const { container } = render(withNames(<SigmarTableView matchId="m" view={view} seat={owner} legal={legalCommandsInView(view, owner)} templates={[]} onCommand={(c) => sent.push(c)} events={[]} />));
    const ringed = [...container.querySelectorAll("circle.marked-removal")].map((c) => c.getAttribute("data-model-id"));
    expect(ringed.sort()).toEqual([...p.suggested].sort());
    fireEvent.click(screen.getByRole("button", { name: p.count === 1 ? "Remove the suggested model" : `Remove the ${p.count} suggested models` }));
    expect(sent).toEqual([{ type: "remove_models", models: [...p.suggested] }]);
    expect(container.querySelector(".action-bar")?.getAttribute("data-folded")).toBe("false");
  });

  test("core C8: a click on another model of the unit marks it (the earliest mark dropped), and the marked models are sent once the rules accept them", () => {
    const view = sigmar.viewFor(state, seatViewer(owner));
    const sent: SigmarCommand[] = [];
    const { container } = render(withNames(<SigmarTableView matchId="m" view={view} seat={owner} legal={legalCommandsInView(view, owner)} templates={[]} onCommand={(c) => sent.push(c)} events={[]} />));
    // An alternative the rules accept (the second legal answer) differs from the suggestion by one model.
    const alt = legalCommands(state, owner).find((c, i) => i > 0 && c.type === "remove_models") as Extract<SigmarCommand, { type: "remove_models" }>;
    const added = alt.models.find((id) => !p.suggested.includes(id))!;
    const dropped = p.suggested.find((id) => !alt.models.includes(id))!;
    // Unmark the dropped model, then mark the added one.
    fireEvent.click(container.querySelector(`circle[data-model-id="${dropped}"]`)!);
    fireEvent.click(container.querySelector(`circle[data-model-id="${added}"]`)!);
    const ringed = [...container.querySelectorAll("circle.marked-removal")].map((c) => c.getAttribute("data-model-id"));
    expect(ringed.sort()).toEqual([...alt.models].sort());
    fireEvent.click(screen.getByRole("button", { name: p.count === 1 ? "Remove the marked model" : `Remove the ${p.count} marked models` }));
    expect(sent).toHaveLength(1);
    expect([...(sent[0] as { models: readonly string[] }).models].sort()).toEqual([...alt.models].sort());
  });

  test("core C8: with the standing preference on, the table removes the suggested models by itself", () => {
    globalThis.localStorage.setItem("fogwar.sigmar.alwaysSuggestedRemoval", "1");
    const view = sigmar.viewFor(state, seatViewer(owner));
    const sent: SigmarCommand[] = [];
    render(withNames(<SigmarTableView matchId="m" view={view} seat={owner} legal={legalCommandsInView(view, owner)} templates={[]} onCommand={(c) => sent.push(c)} events={[]} />));
    expect(sent).toEqual([{ type: "remove_models", models: [...p.suggested] }]);
    expect((screen.getByRole("checkbox", { name: /Always remove the suggested models/ }) as HTMLInputElement).checked).toBe(true);
  });

  test("core C8: the other seat sees what is awaited and cannot pick", () => {
    const view = sigmar.viewFor(state, seatViewer(other));
    const { container } = render(withNames(<SigmarTableView matchId="m" view={view} seat={other} legal={legalCommandsInView(view, other)} templates={[]} onCommand={() => {}} events={[]} />));
    expect(container.textContent).toMatch(/are slain: choose which are removed/);
    expect(container.textContent).toMatch(/Waiting for .* to decide/);
    // On a phone its bar is folded (the map in sight) to the turn line and what it waits for.
    const bar = container.querySelector(".action-bar")!;
    expect(bar.getAttribute("data-folded")).toBe("true");
    expect(bar.querySelector(":scope > .pending.keep-folded")?.textContent).toMatch(/are slain: choose which are removed/);
    expect(screen.queryByTestId("removal-prompt")).toBeNull();
    expect(container.querySelector("circle.pickable-model")).toBeNull();
  });
});
