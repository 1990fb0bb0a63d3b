/**
 * A player's own reserve (seed 003 24.1): the seat's line over the map names the units it holds in
 * reserve from the deployment on (the other seat's line only counts them, secret), so a player
 * knows what is still to arrive; and once one is picked to arrive in the movement phase the action
 * bar says where it may be set up (wholly within 6" of a battlefield edge, more than 9" from every
 * enemy unit) instead of the move's "drag a base" hint, which told of a drag from nowhere. In
 * English and in Korean.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { catalog, legalCommands, sigmar, templates, type SigmarView } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";
import { withNames } from "../../../test/players";

inEnglish();
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(60_000);

// The Grove vanguard with its Elk Riders held in reserve, against the Kiln warband.
const grove = catalog.armies[0]!;
const armies = { p1: { ...grove, units: grove.units.map((u) => (u.warscroll === "elk_riders" ? { ...u, reserve: true } : u)) }, p2: catalog.armies[3]! };
const play = (until: Parameters<typeof playSigmar>[0]) => playSigmar(until, "web-reserve-words", 900, armies).state;

const table = (state: ReturnType<typeof play>) =>
  render(withNames(<SigmarTableView matchId="m" view={sigmar.viewFor(state, seatViewer("p1")) as SigmarView} seat="p1" legal={legalCommands(state, "p1")} templates={templates(state, "p1")} onCommand={() => undefined} events={[]} />));

afterEach(async () => {
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});

test("seed 003 24.1: the seat's own line names its units in reserve (the other seat's only counts its own), in English and in Korean", async () => {
  expect(armies.p1.units.some((u) => u.reserve)).toBe(true);
  const deploying = play((s) => s.phase === "deployment");
  let shown = table(deploying);
  const own = () => shown.container.querySelector(".sides .side-p1")!.textContent;
  expect(own()).toContain("In reserve: Elk Riders");
  expect(shown.container.querySelector(".sides .side-p2")!.textContent).not.toContain("Elk Riders");
  shown.unmount();
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  shown = table(deploying);
  expect(own()).toContain("예비 전력: 엘크 기수대");
  shown.unmount();
});

test("seed 003 24.1: a reserve picked to arrive gets a prompt saying where it may be set up, not the move's drag hint, in English and in Korean", async () => {
  const arriving = play((s) => s.phase === "battle" && legalCommands(s, "p1").some((c) => c.type === "set_up"));
  const pick = (name: RegExp) => {
    const shown = table(arriving);
    fireEvent.click(screen.getByRole("button", { name }));
    return shown;
  };
  let shown = pick(/^Set up Elk Riders .* from reserve$/);
  const prompt = () => shown.container.querySelector(".controls .set-up-prompt")?.textContent ?? "";
  expect(prompt()).toMatch(/^Set up Elk Riders .*: click the map wholly within 6" of a battlefield edge and more than 9" from every enemy unit, or take a suggested place; then confirm\. It cannot move this phase\./);
  expect(shown.container.querySelector(".controls")!.textContent).not.toContain("Drag a base to move the whole unit");
  shown.unmount();
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  shown = pick(/^예비 전력 엘크 기수대 .* 배치$/);
  expect(prompt()).toMatch(/엘크 기수대 .* 배치: 지도에서 전장 가장자리로부터 6" 이내에 완전히 들어가고 모든 적 유닛에게서 9"보다 먼 곳을 누르거나, 제안된 위치를 고른 뒤 확정하세요\./);
  shown.unmount();
});
