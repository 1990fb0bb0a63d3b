/**
 * A rolled charge too short to reach (core rule C6: it must end within 1" of the target): its
 * prompt says so at once, with the gap between the nearest models, the least the charge needs and
 * what it rolled, and that it can only fail; not "drag it within 1"", when no drag can place it
 * (the unit is not draggable then). A charge that can reach still asks for the drag. In English and
 * in Korean.
 */
import { act, render } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { catalog, geometry, moves, sigmar, type SigmarView } from "@fogwar/sigmar";
import { chargingState } from "./charge-fixture";
import { Pending } from "./Pending";
import { inEnglish } from "../../../test/english";
import type { SigmarWords } from "./words";

inEnglish();

/** Briar Guard of p1 with a pending charge of `roll` inches at Cinder Zealots of p2, their nearest bases `apart` (map units, 100 an inch) apart. */
function charging(roll: number, apart: number): SigmarView {
  const formation = (warscroll: string) => {
    const w = catalog.warscrolls.get(warscroll)!;
    const r = geometry.baseRadius(w.baseMm);
    return moves.formation(w.models, r, { x: 3000, y: 0 }).map((p) => ({ low: p.y - r, high: p.y + r }));
  };
  // The Briar Guard's front edge (their formation round y = 1200) and the Zealots' back edge (round y = 0).
  const front = 1200 + Math.max(...formation("briar_guard").map((b) => b.high));
  const back = Math.min(...formation("cinder_zealots").map((b) => b.low));
  return sigmar.viewFor(chargingState(roll, front + apart - back), seatViewer("p1")) as SigmarView;
}

const words = (): SigmarWords => ({ t: i18next.getFixedT(null, "sigmar"), language: i18next.language, name: (s: string) => s });
const prompt = (view: SigmarView) => render(<Pending w={words()} view={view} seat="p1" />).container.querySelector(".pending")!.textContent!;

test("core C6: a charge rolled shorter than the gap less 1\" says it cannot reach and can only fail, with the distances; a reachable one asks for the drag", async () => {
  await act(async () => {
    await i18next.changeLanguage("en");
  });
  // 9.2" between the nearest bases: the charge needs 8.2"; a 4" roll cannot reach.
  const short = prompt(charging(4, 920));
  expect(short).toContain('Briar Guard (p1) rolled 4" to charge Cinder Zealots (p2), but the nearest models are 9.2" apart: it needs at least 8.2" to end within 1", so it cannot reach. Let the charge fail.');
  expect(short).not.toContain("drag it");
  // 3" apart: a 5" roll reaches, and the prompt asks for the drag.
  expect(prompt(charging(5, 300))).toContain('Briar Guard (p1) rolled 5" to charge Cinder Zealots (p2): drag it within 1" of the target, or let the charge fail.');
});

test("in Korean the short charge's prompt says the same, with its particles chosen for the words", async () => {
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  const short = prompt(charging(4, 920));
  expect(short).toMatch(/돌격하며 4"를 굴렸지만, 가장 가까운 모델끼리 9\.2" 떨어져 있어 1" 이내로 끝나려면 최소 8\.2"가 필요합니다: 닿을 수 없으니 돌격을 실패로 두세요\./);
  expect(short).not.toContain("(가)");
  expect(prompt(charging(5, 300))).toContain("대상의 1\" 이내로 끌어 오거나");
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});
