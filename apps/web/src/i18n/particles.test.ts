/**
 * Korean particles follow the word before them ("Ari이(가)" read as unpolished): the combined
 * forms in the strings are resolved at render time, for Hangul, Latin names and digits alike.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import i18next from "i18next";
import { chooseParticles, lastSound } from "./particles";
import { setupI18n, setLanguage } from "./index";

test("a Hangul word takes the form its last syllable's 받침 asks for", () => {
  expect(chooseParticles("카인이(가) 기권했습니다.")).toBe("카인이 기권했습니다.");
  expect(chooseParticles("바다이(가) 기권했습니다.")).toBe("바다가 기권했습니다.");
  expect(chooseParticles("카인을(를) 보았다, 바다을(를) 보았다")).toBe("카인을 보았다, 바다를 보았다");
  expect(chooseParticles("물(으)로, 산(으)로, 바다(으)로")).toBe("물로, 산으로, 바다로");
  expect(chooseParticles("카인과(와) 바다과(와)")).toBe("카인과 바다와");
});

test("a parenthesised gloss right after a word leaves the particle to the word: 그레이스(GRC)를, 전자전(EW)을", () => {
  expect(chooseParticles("그레이스(GRC)을(를) 잃습니다")).toBe("그레이스(GRC)를 잃습니다");
  expect(chooseParticles("전자전(EW)을(를) 겁니다, 전자전(EW)이(가) 끝났습니다")).toBe("전자전(EW)을 겁니다, 전자전(EW)이 끝났습니다");
  expect(chooseParticles("인지(COG)(으)로, 터프니스(TGH)(으)로, 정밀(PRC)은(는)")).toBe("인지(COG)로, 터프니스(TGH)로, 정밀(PRC)은");
  expect(chooseParticles("'전자전(EW)'은(는) 스탠스(DEF (방어))와(과)")).toBe("'전자전(EW)'은 스탠스(DEF (방어))와");
  // With no word before it, the parenthesised part is read itself.
  expect(chooseParticles("(GRC)을(를), ★(EW)이(가), 굴림 (3)이(가)")).toBe("(GRC)를, ★(EW)가, 굴림 (3)이");
});

test("every glossed word the Korean strings print (스탠스(DEF), 그레이스(GRC), 행동치(AP)) takes its word's particle, never a combined form", () => {
  const dir = join(__dirname, "ko");
  const text = readdirSync(dir).map((file) => readFileSync(join(dir, file), "utf8")).join("\n");
  const glossed = [...new Set(text.match(/[가-힣]+\([A-Za-z]+\)/g))];
  expect(glossed).toEqual(expect.arrayContaining(["그레이스(GRC)", "전자전(EW)", "인지(COG)"]));
  for (const word of glossed) {
    const plain = word.slice(0, word.indexOf("("));
    for (const form of ["이(가)", "을(를)", "은(는)", "(으)로", "과(와)"]) {
      expect(chooseParticles(`${word}${form}`)).toBe(`${word}${chooseParticles(`${plain}${form}`).slice(plain.length)}`);
    }
  }
});

test("Latin names and digits are read as said in Korean; quotes and brackets are looked through", () => {
  expect(chooseParticles("Ari이(가) 승리를 청구했습니다")).toBe("Ari가 승리를 청구했습니다");
  expect(chooseParticles("Quill이(가) 감시합니다")).toBe("Quill이 감시합니다");
  expect(chooseParticles("Quill(으)로 이동")).toBe("Quill로 이동");
  expect(chooseParticles("Sam은(는) Ming은(는) Bo은(는)")).toBe("Sam은 Ming은 Bo는");
  expect(chooseParticles("유닛 7이(가) 유닛 2이(가) '유닛 2'이(가)")).toBe("유닛 7이 유닛 2가 '유닛 2'가");
  expect(lastSound("")).toBeNull();
});

test("a Latin name ending in p, t or k after one short vowel takes the 받침 form, as said (봇, 잭, 팁); Mark and Kate do not", () => {
  expect(chooseParticles("Bot이(가) 플랜을 잠갔습니다")).toBe("Bot이 플랜을 잠갔습니다");
  expect(chooseParticles("Jack은(는) Tip을(를) Matt와(과)")).toBe("Jack은 Tip을 Matt과");
  expect(chooseParticles("Mark이(가) Kate이(가) Boat이(가) Robert이(가)")).toBe("Mark가 Kate가 Boat가 Robert가");
});

test("a term's help asks 무엇(이)란 with the form its last syllable takes: 바리케이드란, 강화벽이란", () => {
  expect(chooseParticles("바리케이드(이)란? 강화벽(이)란?")).toBe("바리케이드란? 강화벽이란?");
});

test("a form with no word before it stays as written", () => {
  expect(chooseParticles("이(가) 비어 있음")).toBe("이(가) 비어 있음");
  expect(chooseParticles("— 을(를)")).toBe("— 을(를)");
});

test("i18next resolves the particles of every Korean string at render time", async () => {
  setupI18n("ko");
  await setLanguage("ko");
  i18next.addResource("ko", "common", "particleProbe", "{{who}}이(가) 기권했습니다.");
  expect(i18next.t("particleProbe", { who: "Ari" })).toBe("Ari가 기권했습니다.");
  expect(i18next.t("particleProbe", { who: "카인" })).toBe("카인이 기권했습니다.");
  await setLanguage("en");
});
