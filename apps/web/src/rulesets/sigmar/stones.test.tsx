/**
 * The standing stones' order (seed 003 30: the active player orders neutral passives; 29: the
 * later one stands) is explained where it is asked: each stone's effect on the units wholly within
 * its ring, from the battleplan's data, and what the order decides, in English and Korean.
 */
import { act, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { catalog, legalCommandsInView, sigmar, type SigmarView } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";
import { withNames } from "../../../test/players";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const state = playSigmar((s) => s.pending?.kind === "order_neutral" && s.pending.seat === "p1", "web-stones", 900).state;
const view = sigmar.viewFor(state, seatViewer("p1")) as SigmarView;
const stones = catalog.battleplan.terrain.filter((x) => x.passive);
const table = () => render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} templates={[]} onCommand={() => {}} events={[]} />));

test("seed 003 30: the order decision says what each stone does and that the last one put wins", () => {
  table();
  const note = screen.getByRole("note");
  for (const s of stones) {
    expect(note.textContent).toContain(`${s.name.en} (${s.passive!.name.en}): a unit wholly within ${s.passive!.distance}" of it has Move ${s.passive!.value}".`);
  }
  expect(note.textContent).toMatch(/put last/);
  expect(screen.getAllByRole("button", { name: /^In this order: / })).toHaveLength(2);
});

test("in Korean too, with the stones' Korean names", async () => {
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  table();
  const note = screen.getByRole("note");
  for (const s of stones) expect(note.textContent).toContain(`${s.name.ko}(${s.passive!.name.ko}): 이 선돌에서 ${s.passive!.distance}" 이내에 완전히 들어온 유닛 → 이동 ${s.passive!.value}".`);
  expect(note.textContent).toMatch(/마지막에 둔 효과/);
  expect(note.textContent).not.toMatch(/[A-Za-z]{3,}/);
});
