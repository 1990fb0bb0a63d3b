/**
 * Seed 002 3-6 (incapacitation and death saves) in the TRPG's dice log: a death save says what it
 * rolled, what passes (the rules data's `deathSaves.successAtMost` or less) and how many failures
 * there are of the number that kill (`deathSaves.failuresToDie`), in English and Korean; a single
 * failure was "1 failures" and the log never said what the roll needed.
 */
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { catalog, trpg, type TrpgEvent } from "@fogwar/trpg";
import { GM } from "../../../test/trpg-play";
import { trpgTableTests } from "../../../test/trpg-jsdom";
import { describeEvent, type TrpgWords } from "./words";

trpgTableTests();

const view = trpg.viewFor(trpg.setup(GM, "web-death-save").state, seatViewer("p1"));
const words = (language: "en" | "ko"): TrpgWords => ({ t: i18next.getFixedT(language, "trpg"), language, name: (s: string) => s, view }) as unknown as TrpgWords;
const save = (die: number, success: boolean, fails: number): TrpgEvent => ({ type: "death_save", character: "reed", die, success, fails });
const { successAtMost, failuresToDie } = catalog.rules.deathSaves;

test("002_867c0cd57d46adf1.txt 3-6: a failed death save says the roll, what passes and the failures of those that kill, one failure in the singular", () => {
  expect(describeEvent(words("en"), save(4, false, 1))).toBe(`Tomas Reed fails a death save (rolled 4, needed ${successAtMost} or less): 1 failure of ${failuresToDie}.`);
  expect(describeEvent(words("en"), save(5, false, 2))).toBe(`Tomas Reed fails a death save (rolled 5, needed ${successAtMost} or less): 2 failures of ${failuresToDie}.`);
  expect(describeEvent(words("en"), save(2, true, 0))).toBe(`Tomas Reed survives a death save (rolled 2, needed ${successAtMost} or less): 0 failures of ${failuresToDie}.`);
});

test("002_867c0cd57d46adf1.txt 3-6: the Korean death save says the same", () => {
  expect(describeEvent(words("ko"), save(4, false, 1))).toBe(`토마스 리드가 데스 세이브에 실패합니다 (4, ${successAtMost} 이하 필요): 실패 1/${failuresToDie}회.`);
});
