/**
 * The odds before a roll name who attacks whom in natural Korean (seed 003 20, the attack
 * sequence): the selected unit first, as the subject, then its target with the particle of a
 * shot ("에 사격") or a fight ("과/와 전투"), each particle chosen for the word it follows, as
 * the log says it; the summary read "엘크 기수대 (봇) 사격", the target alone before the verb,
 * as if the target shot.
 */
import { act, render } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { legalCommandsInView, sigmar, type SigmarView } from "@fogwar/sigmar";
import { Odds } from "./Odds";
import { unitName, type SigmarWords } from "./words";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";

inEnglish();
jest.setTimeout(60_000);

const shooting = playSigmar((s) => s.phase === "battle" && s.step === "shooting" && s.active === "p1" && !s.pending && legalCommandsInView(sigmar.viewFor(s, seatViewer("p1")) as SigmarView, "p1").some((c) => c.type === "shoot"), "web-table", 600).state;

test("seed 003 20: in Korean the odds' summary says the shooter, then the target it shoots at, with particles chosen for the names", async () => {
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  const view = sigmar.viewFor(shooting, seatViewer("p1")) as SigmarView;
  const legal = legalCommandsInView(view, "p1");
  const shot = legal.find((c) => c.type === "shoot")!;
  if (shot.type !== "shoot") throw new Error("no shot");
  const w: SigmarWords = { t: i18next.getFixedT("ko", "sigmar"), language: "ko", name: (s: string) => (s === "p1" ? "아나" : "봇") };
  const { container } = render(<Odds w={w} view={view} legal={legal} unit={shot.unit} />);
  const summary = container.querySelector("summary")!.textContent!;
  const shooter = unitName(w, view, shot.unit);
  const target = unitName(w, view, shot.target);
  // "숲의 선견자 (아나)가 불씨 투석병 (봇)에 사격: 예상 피해 약 0.7 (대상의 남은 체력 5)"
  expect(summary.startsWith(`${shooter}가 ${target}에 사격: 예상 피해 약 `)).toBe(true);
  expect(summary).toMatch(/\(대상의 남은 체력 \d+\)$/);
  expect(summary).not.toMatch(/\((이|가|을|를|과|와)\)/);
});

test("seed 003 20: in Korean the odds name the wound roll 상처, the seed's word, as the attack panel and the warscrolls do", async () => {
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  const t = i18next.getFixedT("ko", "sigmar");
  expect(t("odds.wound")).toBe("상처");
  expect(t("odds.note")).toContain("명중·상처·세이브");
  expect(t("odds.note")).not.toContain("부상");
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});
