/**
 * Walking to a square on the Siege table (seed 004_cb264102299fbb71.txt "이동": one square per
 * step command). The map marks the squares the active operator reaches this activation
 * (`reachableSquares` of the seat's view); a tap on one sends the walk as successive steps, each
 * only after the one before it is applied, with "Moving… (n of N)" and Stop; the walk stops at
 * a refusal, at anything but the move in the feed, and at Stop; a one-square tap still sends one
 * step. The action bar's Where list offers the same walks (keyboard and screen-reader path). A harness plays the server: it applies a command when the test acknowledges it.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { seatViewer } from "@fogwar/engine";
import { legalCommandsInView, reachableSquares, siege, type SiegeCommand, type SiegeEvent, type SiegeState } from "@fogwar/siege";
import { SiegeTableView } from "./SiegeTableView";
import { inEnglish } from "../../../test/english";
import { runSiege } from "../../../test/siege-play";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(30_000);
inEnglish();

/** Round 1, the defence's tokens in the west rooms facing west; Lantern (at 5,9) activated. */
function activated(): SiegeState {
  let s = runSiege(siege.setup({ mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } }, "walk").state, [
    ["a1", { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { breach_charge: 1, drone: 1, frag_grenade: 1, flashbang: 1, smoke_grenade: 1 } }],
    ["d1", { type: "pick", operators: ["fennel", "keel", "lattice", "quill", "rook"], inventory: { barbed_wire: 1, c4: 2, impact_grenade: 2 } }],
    ["d1", { type: "place_gadget", gadget: "barbed_wire", at: "6,8" }],
  ]);
  const tokens: Record<string, [string, string]> = { fennel: ["1,4", "2,4"], keel: ["1,5", "2,5"], lattice: ["1,6", "2,6"], quill: ["1,7", "2,7"], rook: ["3,7", "4,7"] };
  for (const [op, [real, decoy]] of Object.entries(tokens)) {
    s = runSiege(s, [
      ["d1", { type: "place_token", operator: op, at: real, watch: { facing: "W" }, real: true }],
      ["d1", { type: "place_token", operator: op, at: decoy, watch: { facing: "W" }, real: false }],
    ]);
  }
  s = runSiege(s, [["d1", { type: "end_setup" }]]);
  const attack: Record<string, string> = { auger: "0,9", bulwark: "1,9", cinder: "2,9", haze: "11,5", lantern: "5,9" };
  for (const [op, at] of Object.entries(attack)) s = runSiege(s, [["a1", { type: "deploy", operator: op, at, facing: null }]]);
  return runSiege(s, [["a1", { type: "activate", operator: "lantern" }]]);
}

/** A walk of at least three steps whose every step moves Lantern and nothing else (checked through the reducer). */
function quietWalk(s: SiegeState) {
  for (const r of reachableSquares(s, "a1")) {
    if (r.path.length < 3) continue;
    let t = s;
    const quiet = r.path.every((step) => {
      const out = siege.apply(t, step, "a1");
      if (!out.ok) return false;
      t = out.state;
      return out.events.every((e) => e.event.type === "moved") && t.pending === null;
    });
    if (quiet) return r;
  }
  throw new Error("no quiet walk");
}

interface Server {
  /** Commands the table sent, in order. */
  readonly sent: SiegeCommand[];
  /** Applies the oldest command not applied yet (the server's acknowledgement); `extra` adds an event to its batch, `refuse` refuses it. */
  ack: (opts?: { extra?: SiegeEvent; refuse?: boolean }) => void;
  /** A batch of events no command of this seat made (another seat's, a reaction). */
  push: (events: SiegeEvent[]) => void;
}

/** The table for a1, fed by a server that applies each command when the test acknowledges it. */
function table(start: SiegeState): Server {
  const server: Server = { sent: [], ack: () => undefined, push: () => undefined };
  let applied = 0;
  function Harness() {
    const [s, setS] = useState(start);
    const [events, setEvents] = useState<{ seq: number; events: SiegeEvent[] }[]>([]);
    const [notice, setNotice] = useState<string | null>(null);
    server.ack = (opts = {}) => {
      const command = server.sent[applied++]!;
      if (opts.refuse) return setNotice("refused");
      const r = siege.apply(s, command, "a1");
      if (!r.ok) return setNotice(r.error.code);
      const batch = r.events.map((e) => e.event);
      setS(r.state);
      setEvents((old) => [...old, { seq: old.length + 1, events: opts.extra ? [...batch, opts.extra] : batch }]);
    };
    server.push = (batch) => setEvents((old) => [...old, { seq: old.length + 1, events: batch }]);
    const view = siege.viewFor(s, seatViewer("a1"));
    return (
      <SiegeTableView
        matchId="m"
        view={view}
        seat="a1"
        legal={legalCommandsInView(view, "a1")}
        onCommand={(c) => {
          setNotice(null);
          server.sent.push(c);
        }}
        events={events}
        notice={notice}
      />
    );
  }
  render(<Harness />);
  return server;
}

const cell = (place: string) => document.querySelector(`rect.cell[data-place="${place}"]`)!;

beforeEach(() => localStorage.clear());

describe("seed 004 이동: walking to a square, one step command at a time", () => {
  const start = activated();
  const walk = quietWalk(start);

  test("the map marks the squares a walk reaches, and a tap sends each step once the one before is applied", () => {
    const server = table(start);
    const marked = [...document.querySelectorAll("rect.cell.reachable")].map((c) => c.getAttribute("data-place"));
    expect(marked).toContain(walk.to);
    expect(cell(walk.to).getAttribute("aria-label")).toMatch(/reachable this activation/);
    fireEvent.click(cell(walk.to));
    expect(server.sent).toEqual([walk.path[0]]);
    expect(document.querySelector(".walking")!.textContent).toContain(`Moving… (1 of ${walk.path.length})`);
    for (let i = 1; i < walk.path.length; i++) {
      act(() => server.ack());
      expect(server.sent).toEqual(walk.path.slice(0, i + 1));
      expect(document.querySelector(".walking")!.textContent).toContain(`Moving… (${i + 1} of ${walk.path.length})`);
    }
    act(() => server.ack());
    expect(server.sent).toHaveLength(walk.path.length);
    expect(document.querySelector(".walking")).toBeNull();
  });

  test("Stop sends no more steps", () => {
    const server = table(start);
    fireEvent.click(cell(walk.to));
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    act(() => server.ack());
    expect(server.sent).toEqual([walk.path[0]]);
    expect(document.querySelector(".walking")).toBeNull();
  });

  test("a refused step ends the walk", () => {
    const server = table(start);
    fireEvent.click(cell(walk.to));
    act(() => server.ack({ refuse: true }));
    expect(server.sent).toEqual([walk.path[0]]);
    expect(document.querySelector(".walking")).toBeNull();
  });

  test("anything but the move in the step's events (a camera's ping, an enemy spotted...) ends the walk", () => {
    const server = table(start);
    fireEvent.click(cell(walk.to));
    act(() => server.ack({ extra: { type: "pinged", operator: "lantern", source: "cam_smokehouse" } }));
    expect(server.sent).toEqual([walk.path[0]]);
    expect(document.querySelector(".walking")).toBeNull();
  });

  test("a walk that stops on its way says where it was going, where it stopped and what happened there, until the next move", () => {
    const server = table(start);
    fireEvent.click(cell(walk.to));
    act(() => server.ack({ extra: { type: "pinged", operator: "lantern", source: "cam_smokehouse" } }));
    const stopped = document.querySelector(".walk-stopped")!;
    expect(stopped.getAttribute("role")).toBe("status");
    expect(stopped.textContent).toMatch(new RegExp(`^The walk to \\S.* stopped at \\S.* \\(1 of ${walk.path.length} steps\\)\\. Lantern is red-pinged \\(.+\\): it counts as seen by the other team until the next upkeep\\.`));
    // Old news once an operator moves on: a one-square step from where it stopped.
    const after = siege.apply(start, walk.path[0]!, "a1");
    if (!after.ok) throw new Error(after.error.code);
    const next = legalCommandsInView(siege.viewFor(after.state, seatViewer("a1")), "a1").find((c): c is Extract<SiegeCommand, { type: "step" }> => c.type === "step")!;
    fireEvent.click(cell(next.to));
    act(() => server.ack());
    expect(document.querySelector(".walk-stopped")).toBeNull();
  });

  test("a walk's stop is old news once its walker is down (shot by a reaction): the note goes", () => {
    const server = table(start);
    fireEvent.click(cell(walk.to));
    act(() => server.ack({ extra: { type: "pinged", operator: "lantern", source: "cam_smokehouse" } }));
    expect(document.querySelector(".walk-stopped")).not.toBeNull();
    act(() => server.push([{ type: "died", operator: "auger" }]));
    expect(document.querySelector(".walk-stopped")).not.toBeNull();
    act(() => server.push([{ type: "died", operator: "lantern" }]));
    expect(document.querySelector(".walk-stopped")).toBeNull();
  });

  test("a walk that arrives says nothing more", () => {
    const server = table(start);
    fireEvent.click(cell(walk.to));
    for (let i = 0; i < walk.path.length; i++) act(() => server.ack());
    expect(document.querySelector(".walk-stopped")).toBeNull();
  });

  test("the Where list (keyboard, screen readers) offers the walk destinations too, and its button sends the same walk as a tap", () => {
    const server = table(start);
    const where = document.querySelector<HTMLSelectElement>('select[data-field="to"]')!;
    const walkOption = [...where.options].find((o) => o.value === JSON.stringify(walk.to))!;
    expect(walkOption).toBeDefined();
    expect(walkOption.textContent).toMatch(new RegExp(`a walk of ${walk.path.length} steps, ${walk.cost} movement`));
    // The one-step squares stay in the list, each once.
    expect([...where.options].filter((o) => o.value === JSON.stringify(walk.path[0]!.to))).toHaveLength(1);
    fireEvent.change(where, { target: { value: JSON.stringify(walk.to) } });
    expect(server.sent).toEqual([]);
    const go = screen.getByRole("button", { name: new RegExp(`${walk.path.length} steps, ${walk.cost} movement, one at a time`) });
    fireEvent.click(go);
    expect(server.sent).toEqual([walk.path[0]]);
    expect(document.querySelector(".walking")!.textContent).toContain(`Moving… (1 of ${walk.path.length})`);
    for (let i = 1; i < walk.path.length; i++) act(() => server.ack());
    expect(server.sent).toEqual(walk.path);
    act(() => server.ack());
    expect(document.querySelector(".walking")).toBeNull();
  });

  test("a tap on a square one step away sends that one step, as before", () => {
    const server = table(start);
    const next = walk.path[0]!.to;
    expect(cell(next).classList.contains("reachable")).toBe(false);
    fireEvent.click(cell(next));
    act(() => server.ack());
    expect(server.sent).toEqual([walk.path[0]]);
    expect(document.querySelector(".walking")).toBeNull();
  });
});
