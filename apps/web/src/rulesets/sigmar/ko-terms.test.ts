/**
 * Age of Sigmar's Korean words keep the seed's terms (003_3dcb36e83a2444ba.txt): a phase is a
 * 페이즈 (seed 003 19, 24, 30: "해당 페이즈", "배치 페이즈"), never a 단계, and a pile-in is one word,
 * 파일인, and a unit is a 유닛 (the seed's word throughout, never 부대), in the table's strings, the
 * rules help and the guide's Age of Sigmar part. 단계 stays only where it means a stage of the
 * attack sequence or a step of the review. The map's words are the legend's: 전투 범위 (seed 003's
 * combat range), 베이스, 응집 (coherency), never 교전 범위, 기지 or 결속; the muster's are its labels':
 * 리스트, 예비 전력, 강화 요소, never 목록, 예비대 or a bare 강화.
 */
import ko from "../../i18n/ko/sigmar.json";
import koHelp from "../../i18n/ko/sigmarHelp.json";
import koGuide from "../../i18n/ko/guide.json";

/** Every string of `value` with its path. */
function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === "string") yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${path}[${i}]`);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* strings(v, `${path}.${k}`);
}

const all = [...strings(ko, "sigmar"), ...strings(koHelp, "sigmarHelp"), ...strings((koGuide as Record<string, unknown>).sigmar, "guide.sigmar")];

/** The attack sequence's stages and the review's steps: 단계 in its own sense. */
const STAGES = new Set(["sigmar.attack.next", "sigmar.attack.all", "guide.sigmar.sections[3].title", "guide.sigmar.sections[3].items[5]", "guide.sigmar.sections[5].items[2]"]);

test("a phase is 페이즈 everywhere: 단계 only for the attack's stages and the review's steps", () => {
  expect(all.length).toBeGreaterThan(100);
  expect(all.filter(([path, text]) => text.includes("단계") && !STAGES.has(path))).toEqual([]);
});

test("a pile-in is written one way, 파일인", () => {
  expect(all.filter(([, text]) => /파일 인|필인|필 인/.test(text))).toEqual([]);
  expect(all.filter(([, text]) => text.includes("파일인")).length).toBeGreaterThan(3);
});

test("a unit is 유닛 everywhere, as the seed writes it, never 부대", () => {
  expect(all.filter(([, text]) => text.includes("부대"))).toEqual([]);
  expect(all.filter(([, text]) => text.includes("유닛")).length).toBeGreaterThan(20);
});

test("the map's words are the legend's everywhere: combat range is 전투 범위 (seed 003's word), a base 베이스, coherency 응집, never 교전 범위, 기지 or 결속", () => {
  expect(all.filter(([, text]) => /교전 범위|기지|결속/.test(text))).toEqual([]);
  for (const word of ["전투 범위", "베이스", "응집"]) expect([word, all.filter(([, text]) => text.includes(word)).length > 2]).toEqual([word, true]);
});

test("the muster's words are its labels' everywhere: an army list is a 리스트 (never 목록), held units are in 예비 전력 (never 예비대), an enhancement is a 강화 요소", () => {
  expect(all.filter(([, text]) => /목록|예비대/.test(text))).toEqual([]);
  expect(all.filter(([, text]) => /강화[를는가]/.test(text))).toEqual([]);
  expect(all.filter(([, text]) => text.includes("리스트")).length).toBeGreaterThan(10);
});
