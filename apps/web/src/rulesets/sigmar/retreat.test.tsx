/**
 * Core C5 on the Age of Sigmar table (docs/rules/sigmar.md): a unit in combat has a Retreat
 * action in its movement phase, with its cost in words ("suffers D3 mortal damage, cannot shoot or
 * charge this turn"); the retreat move then uses the move tools (drag, suggest).
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { catalog, legalCommands, legalCommandsInView, setupBattle, sigmar, type SigmarCommand, type SigmarState } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { inEnglish } from "../../../test/english";
import { withNames } from "../../../test/players";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

/** p1's Moss archers in combat with p2's Cinder zealots, p1's movement phase. */
function engaged(): SigmarState {
  const s = setupBattle();
  const unit = (id: string, owner: string, warscroll: string, y: number) => {
    const n = catalog.warscrolls.get(warscroll)!.models;
    return { id, owner, warscroll, size: n, models: Array.from({ length: Math.min(n, 5) }, (_, i) => ({ id: `${id}-m${i + 1}`, x: 3400 + i * 120, y })), damage: 0, where: "field" as const, did: {}, next: 6 };
  };
  s.units = { archers: unit("archers", "p1", "moss_archers", 1000), zeal: unit("zeal", "p2", "cinder_zealots", 1300) };
  Object.assign(s, { phase: "battle", step: "movement", active: "p1", first: "p1", round: 1, turn: 1, pending: null });
  return s;
}

describe("core C5 on the table: retreat", () => {
  test("core C5: a unit in combat shows Retreat with its cost, and the button sends the retreat", () => {
    const state = engaged();
    const view = sigmar.viewFor(state, seatViewer("p1"));
    const sent: SigmarCommand[] = [];
    const { container } = render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} templates={[]} onCommand={(c) => sent.push(c)} events={[]} />));
    expect(container.textContent).toMatch(/Retreat: suffers D3 mortal damage, cannot shoot or charge this turn/);
    fireEvent.click(screen.getByRole("button", { name: "Retreat" }));
    expect(sent).toEqual([{ type: "retreat", unit: "archers" }]);
  });

  test("core C5: the retreat move is asked with the move tools (suggest a placement), and a suggested place is accepted", () => {
    let state = engaged();
    const r = sigmar.apply(state, { type: "retreat", unit: "archers" }, "p1");
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    if (state.pending?.kind === "remove_models") {
      const a = sigmar.apply(state, legalCommands(state, "p1")[0]!, "p1");
      if (!a.ok) throw new Error(a.error.code);
      state = a.state;
    }
    expect(state.pending?.kind).toBe("retreat_move");
    const view = sigmar.viewFor(state, seatViewer("p1"));
    const sent: SigmarCommand[] = [];
    const { container } = render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} templates={sigmar.templates!(state, "p1")} onCommand={(c) => sent.push(c)} events={[]} />));
    expect(container.textContent).toMatch(/retreats: drag it up to/);
    fireEvent.click(screen.getByRole("button", { name: "Suggest the best placement" }));
    // The suggested placement is a plan the rules accept: its confirm button stands in the ruler line.
    const place = container.querySelector<HTMLButtonElement>(".ruler-line.legal button.primary");
    expect(place).not.toBeNull();
    fireEvent.click(place!);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.type).toBe("place");
    expect(sigmar.apply(state, sent[0]!, "p1").ok).toBe(true);
  });
});
