/**
 * Twin blessing (packages/sigmar/data/factions/verdant.json: up to 2 friendly units within 12")
 * is listed by the rules as every single unit and every ordered pair; the table offers it as one
 * form (./AbilityChoice.tsx): tick the units, then use it, sending a command the rules listed.
 */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { legalCommands, legalCommandsInView, sigmar, type SigmarCommand, type SigmarView } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";
import { withNames } from "../../../test/players";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const twin = (c: SigmarCommand) => c.type === "use_ability" && c.ability === "twin_blessing";

test("Twin blessing is one form: tick two units, use it; the command sent is one the rules listed with exactly those targets", () => {
  const { state } = playSigmar((s) => s.active === "p1" && legalCommands(s, "p1").filter(twin).length >= 4, "web-twin", 900);
  const view = sigmar.viewFor(state, seatViewer("p1")) as SigmarView;
  const legal = legalCommandsInView(view, "p1");
  const offered = legal.filter(twin) as Extract<SigmarCommand, { type: "use_ability" }>[];
  const sent: SigmarCommand[] = [];
  render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legal} templates={[]} onCommand={(c) => sent.push(c)} events={[]} />));
  const form = screen.getByRole("group", { name: /Twin blessing/ });
  // No button per combination: one "Use" button, a box per unit that may be picked.
  expect(screen.queryAllByRole("button", { name: /Twin blessing/ })).toHaveLength(1);
  const boxes = within(form).getAllByRole("checkbox");
  expect(boxes).toHaveLength(new Set(offered.flatMap((c) => c.targets)).size);
  const use = within(form).getByRole("button");
  expect(use).toHaveProperty("disabled", !offered.some((c) => c.targets.length === 0));
  fireEvent.click(boxes[0]!);
  fireEvent.click(boxes[1]!);
  // No third unit fits a two-unit blessing.
  for (const box of boxes.slice(2)) expect(box).toHaveProperty("disabled", true);
  fireEvent.click(use);
  expect(sent).toHaveLength(1);
  expect(offered).toContainEqual(sent[0]);
  expect((sent[0] as Extract<SigmarCommand, { type: "use_ability" }>).targets).toHaveLength(2);
});
