/**
 * The TRPG's Korean terms are the seed's (002_867c0cd57d46adf1.txt, 3장), one word each on the
 * table (ko/trpg.json) and in its guide (ko/guide.json "trpg"): 신속성 not 속도, 질주, 제압사격,
 * 일어나기, 슈퍼챠저, 운드, 데스 세이브, 긴급 수복 장치, 의료 장비, 회피력, 플랭킹, 터프니스, 오버와치,
 * 마스터. Each pair is [the seed's term, a variant that must not appear].
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const read = (file: string) => JSON.parse(readFileSync(resolve(__dirname, "../../i18n/ko", file), "utf8"));
const strings = (x: unknown): string[] => (typeof x === "string" ? [x] : Array.isArray(x) ? x.flatMap(strings) : x && typeof x === "object" ? Object.values(x).flatMap(strings) : []);

const TERMS: readonly [seed: string, variant: RegExp][] = [
  ["신속성 (3-1 '신속성 x 2칸')", /속도 ×/],
  ["질주 (3-1)", /전력 질주/],
  ["제압사격 (3-1)", /제압 사격/],
  ["일어나기 (3-1)", /일어서기/],
  ["슈퍼챠저 (3-1, 3-4)", /슈퍼차저/],
  ["운드 (3-6)", /운디드/],
  ["데스 세이브 (3-6)", /사망 판정/],
  ["긴급 수복 장치 (3-6)", /수리 키트/],
  ["의료 장비 (3-6)", /메디킷/],
  ["회피력 (3-4)", /대상의 회피를/],
  ["플랭킹 (3-3)", /협공/],
  ["터프니스 (3-3, 3-4)", /강인함/],
  ["오버와치 (3-1)", /경계 사격/],
  ["마스터", /게임 마스터/],
];

test.each(TERMS)("002_867c0cd57d46adf1.txt 3장: the table and the guide say %s, never %s", (_seed, variant) => {
  const texts = [...strings(read("trpg.json")), ...strings(read("guide.json").trpg)];
  expect(texts.filter((s) => variant.test(s))).toEqual([]);
});
