/**
 * Seed 002 3-3 색적 in the TRPG's words: a spotting roll that found someone says the total, the
 * cover between and the concealment it met with every modifier and its source (the rules' own
 * numbers, `SpotCheck` of @fogwar/trpg), so a total of 4 finding a concealment of 6 four squares
 * away reads as the rules decided it (6, within 5 squares -3: 3 needed).
 */
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { trpg, type TrpgEvent, type TrpgSetup } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { setupI18n } from "../../i18n";
import { describeEvent, type TrpgWords } from "./words";

const VERSUS: TrpgSetup = { scenario: "proving_ground", mode: "versus", enemies: encounter("proving_ground"), seats: { party: ["p1"], enemies: ["e1"] } };
const view = trpg.viewFor(trpg.setup(VERSUS, "spot-words").state, seatViewer("e1"));

const spotting: TrpgEvent = {
  type: "spotting",
  observer: "reed",
  die: 2,
  mods: [{ source: "COG", value: 2 }],
  total: 4,
  found: ["lookout"],
  checks: [{ character: "lookout", cover: [], total: 4, concealment: { value: 6, mods: [{ source: "distance", value: -3 }], need: 3 } }],
};
const respot: TrpgEvent = {
  type: "reactive_spot",
  observer: "vale",
  target: "lookout",
  cause: "respot",
  die: 6,
  mods: [{ source: "COG", value: 4 }, { source: "cover_half", value: -1 }],
  total: 9,
  need: 8,
  concealment: { value: 12, mods: [{ source: "distance", value: -2 }, { source: "shots_fired", value: -2 }], need: 8 },
  success: true,
};

async function words(language: "en" | "ko"): Promise<TrpgWords> {
  setupI18n(language);
  await i18next.changeLanguage(language);
  return { t: i18next.getFixedT(language, "trpg"), language, name: () => "", view } as unknown as TrpgWords;
}

test("002_867c0cd57d46adf1.txt 3-3 색적: the log says the total, the cover and the concealment met with its modifiers (English)", async () => {
  const w = await words("en");
  const text = describeEvent(w, spotting);
  expect(text).toContain("total 4");
  expect(text).toContain("COG +2");
  expect(text).toContain("no cover");
  expect(text).toContain("concealment 6, distance to the observer -3: 3 needed");
  expect(describeEvent(w, respot)).toContain("Roll: COG +4, half cover -1; against concealment 12, distance to the observer -2, shots fired since concealing -2: 8 needed.");
});

test("002_867c0cd57d46adf1.txt 3-3 색적: the same in Korean, in the seed's terms (은폐 값)", async () => {
  const w = await words("ko");
  const text = describeEvent(w, spotting);
  expect(text).toContain("합계 4");
  expect(text).toContain("은폐 값 6, 관측자와의 거리 -3 기준 3 이상 필요.");
  expect(describeEvent(w, respot)).toContain("은폐 후 사격 -2");
});

test("002_867c0cd57d46adf1.txt 3-3 색적: a re-spot that misses gives its die, total and need as one that finds does (both languages)", async () => {
  const missed: TrpgEvent = { ...respot, die: 2, total: 5, success: false } as TrpgEvent;
  expect(describeEvent(await words("en"), missed)).toContain("cannot tell where Lookout fired from (rolled 2, 5 against 8).");
  expect(describeEvent(await words("ko"), missed)).toContain("(2, 합계 5, 목표 8)");
});
