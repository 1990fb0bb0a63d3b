/**
 * Who can shoot or fight now (./ready.tsx): in the shooting and combat phases the action bar lists
 * the seat's units that the rules' legal commands let shoot or fight now, each a button selecting
 * it, and the seat's other units on the battlefield with why they cannot (./why.ts).
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { legalCommands, legalCommandsInView, sigmar, type SigmarState, type SigmarView } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";
import { withNames } from "../../../test/players";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const p1 = seatViewer("p1");
const at = (until: (s: SigmarState) => boolean): SigmarView => sigmar.viewFor(playSigmar(until, "web-ready", 900).state, p1) as SigmarView;
const table = (view: SigmarView) => render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} templates={[]} onCommand={() => {}} events={[]} />));
const ownOnField = (view: SigmarView) => Object.values(view.units).filter((u) => u.owner === "p1" && u.where === "field").length;

test.each([
  ["shoot", "shooting", "Can shoot now"],
  ["fight", "combat", "Can fight now"],
] as const)("the %s phase lists exactly the units the rules let act, each selecting it; the others say why", (kind, step, title) => {
  const view = at((s) => s.phase === "battle" && s.step === step && s.active === "p1" && !s.pending && legalCommands(s, "p1").some((c) => c.type === kind));
  const legal = legalCommandsInView(view, "p1");
  const ready = [...new Set(legal.flatMap((c) => (c.type === kind ? [c.unit] : [])))];
  const { container } = table(view);
  const list = screen.getByRole("region", { name: title });
  expect(list.querySelectorAll(".ready-units button")).toHaveLength(ready.length);
  expect(list.querySelectorAll(".held-units li")).toHaveLength(ownOnField(view) - ready.length);
  // Each ready unit's button selects it: its own commands appear, the button pressed.
  fireEvent.click(list.querySelector(".ready-units button")!);
  expect(list.querySelector(".ready-units button")!.getAttribute("aria-pressed")).toBe("true");
  expect(container.querySelectorAll(".unit-commands button").length).toBeGreaterThan(0);
  // A unit that cannot act says why, in words.
  const held = [...list.querySelectorAll(".held-units li")];
  expect(held.length).toBeGreaterThan(0);
  for (const li of held) expect(li.textContent).toMatch(/ · [A-Z]/);
});

test("no list in the movement phase", () => {
  const view = at((s) => s.phase === "battle" && s.step === "movement" && s.active === "p1" && !s.pending);
  table(view);
  expect(screen.queryByRole("region", { name: /Can (shoot|fight) now/ })).toBeNull();
});
