/**
 * Know why and where (seed 002 3-1 접전, 3-3): the free strike's question and the waiting line say
 * that the one struck is leaving engagement with its striker, and the log says it of the strike
 * made; a move's squares say what cover they give against each enemy the party sees, never the
 * concealed lookout. All from the seat's own views.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { redactEvent, seatViewer } from "@fogwar/engine";
import { legalCommandsInView, trpg, type TrpgEvent, type TrpgState } from "@fogwar/trpg";
import { TrpgTableView } from "./TrpgTableView";
import { GM, leavingEngagementFrom, until } from "../../../test/trpg-play";
import { trpgTableTests } from "../../../test/trpg-jsdom";

trpgTableTests();

const props = (state: TrpgState, seat: string, events: { seq: number; events: TrpgEvent[] }[] = []) => {
  const view = trpg.viewFor(state, seatViewer(seat));
  return { matchId: "m-why", view, seat, legal: legalCommandsInView(view, seat), onCommand: jest.fn(), events };
};

const start = trpg.setup(GM, "web-why").state;

test("seed 002 3-1: the master is asked for a free strike because Vale is leaving engagement with the raider; the party's waiting line says so, in English and Korean", async () => {
  const { before, after } = leavingEngagementFrom(start);
  const master = render(<TrpgTableView {...props(before, "gm")} />);
  master.rerender(<TrpgTableView {...props(after, "gm")} />);
  expect(screen.getByRole("region", { name: "Free strike" }).textContent).toContain("Ines Vale leaves the engagement with Yard raider without disengaging. Strike once at no cost?");
  master.unmount();
  const party = render(<TrpgTableView {...props(before, "p1")} />);
  party.rerender(<TrpgTableView {...props(after, "p1")} />);
  expect(document.querySelector(".waiting-for")?.textContent).toContain("whether Yard raider takes a free strike at Ines Vale, who is leaving engagement with Yard raider");
  party.unmount();
  // In Korean, one subject to the clause (the waiting line already names the seat deciding), its particles chosen.
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  const ko = render(<TrpgTableView {...props(before, "p1")} />);
  ko.rerender(<TrpgTableView {...props(after, "p1")} />);
  expect(document.querySelector(".waiting-for")?.textContent).toContain("훈련장 약탈자와의 접전에서 벗어나는 이네스 베일에게 훈련장 약탈자가 무료 근접 공격을 가할지");
  ko.unmount();
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});

test("seed 002 3-1 (trpg-0.7.0): a shot while engaged is asked as firing, even on a page opened on the question (no view before to compare)", () => {
  const s = structuredClone(until(start, (x) => x.turn?.actor === "vale"));
  s.characters["raider-1"]!.at = { x: s.characters.vale!.at!.x + 1, y: s.characters.vale!.at!.y };
  const shot = legalCommandsInView(trpg.viewFor(s, seatViewer("p1")), "p1").find((c) => c.type === "shoot" && c.targets.includes("raider-1"));
  expect(shot).toBeDefined();
  const r = trpg.apply(s, shot!, "p1");
  if (!r.ok) throw new Error(r.error.code);
  expect(r.state.pending).toMatchObject({ kind: "free_strike", seat: "gm", cause: "firing" });
  const master = render(<TrpgTableView {...props(r.state, "gm")} />);
  expect(screen.getByRole("region", { name: "Free strike" }).textContent).toContain("Ines Vale fires a weapon other than a pistol while engaged with Yard raider. Strike once at no cost?");
  master.unmount();
  render(<TrpgTableView {...props(r.state, "p1")} />);
  expect(document.querySelector(".waiting-for")?.textContent).toContain("whether Yard raider takes a free strike at Ines Vale, who fires while engaged with Yard raider");
});

test("seed 002 3-1: the party's and the master's logs say why the free strike was made (the one struck moved on)", () => {
  const { after } = leavingEngagementFrom(start);
  const r = trpg.apply(after, { type: "decide", choice: "strike" }, "gm");
  if (!r.ok) throw new Error(r.error.code);
  for (const seat of ["p1", "gm"]) {
    // Each seat's log as it heard it (the party a copy of the roll without the raider's hidden stat block).
    const heard = r.events.map((e) => redactEvent(e, seatViewer(seat), (s) => (r.state.seats.party.includes(s) ? "party" : "enemies"))).filter((e): e is TrpgEvent => e !== null);
    const { unmount } = render(<TrpgTableView {...props(r.state, seat, [{ seq: 1, events: heard }])} />);
    const strike = [...document.querySelectorAll(".dice-log li.ev-attack")].find((li) => li.textContent!.includes("a free strike"));
    expect([seat, strike?.textContent]).toEqual([seat, expect.stringContaining("Ines Vale was leaving engagement with Yard raider")]);
    unmount();
  }
});

test("seed 002 3-3: choosing a move, each square says its cover against the raider in sight, the squares with cover are marked, and the concealed lookout is named nowhere", () => {
  const s = structuredClone(until(start, (x) => x.turn?.actor === "vale"));
  s.characters["raider-1"]!.at = { x: 5, y: 2 };
  s.characters.vale!.at = { x: 1, y: 5 };
  expect(s.characters.lookout!.concealed).toBe(true);
  const { container } = render(<TrpgTableView {...props(s, "p1")} />);
  fireEvent.click(screen.getByRole("radio", { name: /^Move/ }));
  const square = container.querySelector('.trpg-map [data-pick="1,2"], .trpg-map rect.target[aria-label^="Move to B3"]');
  expect(square?.getAttribute("aria-label")).toMatch(/^Move to B3.*half cover against Yard raider/);
  const open = container.querySelector('.trpg-map rect.target[aria-label^="Move to C6"]');
  expect(open?.getAttribute("aria-label")).toContain("no cover against Yard raider");
  // Each square's mark agrees with its words: ● cover against every enemy named, ◐ against some, none without cover.
  const marks = [...container.querySelectorAll(".trpg-map rect.target")].map((rect) => {
    const label = rect.getAttribute("aria-label")!;
    const mark = rect.parentElement!.querySelector(".cover-mark")?.textContent ?? "";
    const covered = label.replace(/no cover against/g, "").includes("cover against");
    return mark === (covered ? (label.includes("no cover against") ? "◐" : "●") : "");
  });
  expect(marks.length).toBeGreaterThan(10);
  expect(marks.every(Boolean)).toBe(true);
  expect(container.querySelectorAll(".trpg-map .cover-mark").length).toBeGreaterThan(0);
  // The map's legend says what the marks mean (not the action bar, which must leave the board in sight on a phone).
  const legend = screen.getByRole("list", { name: "Map legend" }).textContent!;
  expect(legend).toContain("● cover against every enemy in sight");
  expect(legend).toContain("◐ cover against some enemies in sight");
  expect(screen.getAllByRole("option").some((o) => /B3.*half cover against Yard raider/.test(o.textContent!))).toBe(true);
  for (const secret of ["Lookout", "lookout"]) expect(container.innerHTML).not.toContain(secret);
});
