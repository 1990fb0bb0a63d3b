/**
 * Siege table test states and rendering, shared by the Siege table tests: both secret picks
 * (`picked`), the rules' combat example with every token placed and the attack deployed
 * (`facing`), and the table rendered for a seat (`show`). States are reached by commands through
 * the engine.
 */
import { act, render, type RenderResult } from "@testing-library/react";
import { seatViewer } from "@fogwar/engine";
import { legalCommandsInView, siege, type SiegeCommand, type SiegeEvent, type SiegeState, type SiegeView } from "@fogwar/siege";
import { SiegeTableView } from "../src/rulesets/siege/SiegeTableView";
import { OlderRulesVersion } from "../src/table/aids";
import { runSiege } from "./siege-play";

export const ATTACK_PICK: SiegeCommand = { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { breach_charge: 1, drone: 1, frag_grenade: 1, flashbang: 1, smoke_grenade: 1 } };
export const DEFENCE_PICK: SiegeCommand = { type: "pick", operators: ["fennel", "keel", "lattice", "quill", "rook"], inventory: { barbed_wire: 1, deployable_shield: 1, c4: 2, impact_grenade: 1 } };

/** Both secret picks locked: the defence's setup begins. */
export const picked = () => runSiege(siege.setup({ mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } }, "decisions").state, [["a1", ATTACK_PICK], ["d1", DEFENCE_PICK]]);

/** The defence's setup gadgets placed: its secret tokens come next. */
export const gadgetsPlaced = () => runSiege(picked(), [["d1", { type: "place_gadget", gadget: "barbed_wire", at: "6,8" }], ["d1", { type: "place_gadget", gadget: "deployable_shield", at: "6,7" }]]);

/** The defence's setup ended (Keel's real token at 8,1 facing north, the others facing west): the attack deploys. */
export function defenceReady(): SiegeState {
  let s = gadgetsPlaced();
  const tokens: Record<string, [string, string]> = { fennel: ["1,4", "2,4"], keel: ["8,1", "3,8"], lattice: ["1,6", "2,6"], quill: ["1,7", "2,7"], rook: ["3,7", "4,7"] };
  for (const [op, [real, decoy]] of Object.entries(tokens)) {
    s = runSiege(s, [
      ["d1", { type: "place_token", operator: op, at: real, watch: { facing: op === "keel" ? "N" : "W" }, real: true }],
      ["d1", { type: "place_token", operator: op, at: decoy, watch: { facing: "W" }, real: false }],
    ]);
  }
  return runSiege(s, [["d1", { type: "end_setup" }]]);
}

/** Keel revealed at 8,1 behind the open smokehouse window; Haze outside at 8,0 (the rules' combat example), round 1. */
export function facing(): SiegeState {
  let s = defenceReady();
  const attack: Record<string, string> = { auger: "0,9", bulwark: "1,9", cinder: "2,9", haze: "8,0", lantern: "9,9" };
  for (const [op, at] of Object.entries(attack)) s = runSiege(s, [["a1", { type: "deploy", operator: op, at, facing: null }]]);
  return s;
}

/** The table for `seat` (its own view and legal commands unless given), with a mock `onCommand`. */
export function show(state: SiegeState, seat: string, opts: { legal?: SiegeCommand[]; view?: SiegeView; events?: { seq: number; events: SiegeEvent[] }[]; older?: string; bots?: Readonly<Record<string, string>> } = {}): RenderResult & { view: SiegeView; legal: SiegeCommand[]; onCommand: jest.Mock } {
  const view = opts.view ?? siege.viewFor(state, seatViewer(seat));
  const legal = opts.legal ?? legalCommandsInView(view, seat);
  const onCommand = jest.fn();
  const utils = render(
    <OlderRulesVersion.Provider value={opts.older ?? null}>
      <SiegeTableView matchId="m" view={view} seat={seat} legal={legal} onCommand={onCommand} events={opts.events ?? []} bots={opts.bots} />
    </OlderRulesVersion.Provider>,
  );
  return { ...utils, view, legal, onCommand };
}

/**
 * What `seat`'s table brings into sight when a question's answers arrive after the view that asks
 * it (the table first renders `view` with no legal command, then with `legal`), a frame later:
 * `before`, the elements scrolled into view before the answers came, and `scrolled`, all of them.
 * jsdom lays nothing out, so `scrollIntoView` is recorded, then restored.
 */
export async function scrolledOnAsking(state: SiegeState, seat: string, view: SiegeView, legal: SiegeCommand[]): Promise<{ container: HTMLElement; before: Element[]; scrolled: Element[] }> {
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  try {
    const { container, rerender } = show(state, seat, { view, legal: [] });
    const before = [...scrolled];
    rerender(
      <OlderRulesVersion.Provider value={null}>
        <SiegeTableView matchId="m" view={view} seat={seat} legal={legal} onCommand={() => undefined} events={[]} />
      </OlderRulesVersion.Provider>,
    );
    await act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
    return { container, before, scrolled };
  } finally {
    Element.prototype.scrollIntoView = original;
  }
}
