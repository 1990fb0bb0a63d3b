/**
 * Korean particles chosen for the word they follow. Korean strings are written with the combined
 * forms (`{{name}}이(가)`, `을(를)`, `은(는)`, `과(와)`, `(으)로`, ...) so a translator need not know
 * the name; {@link chooseParticles} (an i18next post-processor, see ./index.ts) replaces each by
 * the form the word before it takes, through es-hangul's `josa.pick`.
 *
 * A word that does not end in Hangul is read as it would be said in Korean: a final digit by its
 * Sino-Korean reading (1 일, 3 삼, 6 육, 7 칠, 8 팔, 0 영 end in a consonant), a final Latin letter
 * as a loanword ends (l, m, n and "ng" as 받침 ㄹ ㅁ ㄴ ㅇ; p, t, k, ck after a lone short vowel as
 * 받침 ㅂ ㅅ ㄱ, as in 봇 (Bot), 잭 (Jack) or 팁 (Tip), by the loanword orthography's rule for a
 * final voiceless stop (외래어 표기법 제3장 제1절 제1항); any other letter, as in 마크 or 로버트,
 * with a vowel). Closing quotes and brackets are looked through ("'Ari'가" reads Ari).
 *
 * A parenthesised part written right after a word is a gloss on it (an abbreviation, the original
 * spelling, a count): the particle follows the word before the parenthesis, as Korean spelling
 * attaches it ("그레이스(GRC)를", "전자전(EW)을", "유닛(3)이"), whatever the gloss ends with. Only
 * when nothing readable stands before the parenthesis (the text starts with it, a space or a
 * symbol precedes it) is the parenthesised part itself read ("(GRC)를", "★(EW)가").
 */
import { josa } from "es-hangul";

type Option = Parameters<typeof josa.pick>[1];

/** Each combined form a string may carry, with the es-hangul option that picks between its two forms. */
const FORMS: ReadonlyArray<readonly [string, Option]> = [
  ["이(가)", "이/가"],
  ["가(이)", "이/가"],
  ["을(를)", "을/를"],
  ["를(을)", "을/를"],
  ["은(는)", "은/는"],
  ["는(은)", "은/는"],
  ["과(와)", "와/과"],
  ["와(과)", "와/과"],
  ["(으)로", "으로/로"],
  ["으로(로)", "으로/로"],
  ["이나(나)", "이나/나"],
  ["(이)나", "이나/나"],
  ["아(야)", "아/야"],
  ["(이)란", "이란/란"],
  ["(이)라", "이라/라"],
  ["이에요(예요)", "이에요/예요"],
];

const escape = (s: string) => s.replace(/[()]/g, "\\$&");
const PATTERN = new RegExp(FORMS.map(([form]) => escape(form)).join("|"), "g");
const OPTION = new Map(FORMS);

/** A stand-in syllable for a final digit (its Sino-Korean reading). */
const DIGIT = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"];
const CLOSERS = new Set([")", "]", "}", "\"", "'", "’", "”", "」", "』", "》", "〉"]);

/** The syllable `text` is heard to end with, for choosing a particle; `null` when there is none. */
export function lastSound(text: string): string | null {
  let end = text.length;
  while (end > 0 && CLOSERS.has(text[end - 1]!)) {
    if (text[end - 1] === ")") {
      const open = openingOf(text, end - 1);
      if (open > 0 && !/\s/.test(text[open - 1]!)) {
        const before = lastSound(text.slice(0, open));
        if (before !== null) return before;
      }
    }
    end--;
  }
  if (end === 0) return null;
  return soundOf(text.slice(0, end));
}

/** Where the parenthesis closed at `close` opens (nested pairs skipped); -1 when it never does. */
function openingOf(text: string, close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    if (text[i] === ")") depth++;
    else if (text[i] === "(" && --depth === 0) return i;
  }
  return -1;
}

/** The syllable a word ending in a letter or digit (no closer) is heard to end with. */
function soundOf(text: string): string | null {
  const end = text.length;
  const last = text[end - 1]!;
  if (/[가-힣]/.test(last)) return last;
  if (/[0-9]/.test(last)) return DIGIT[Number(last)]!;
  if (/[a-z]/i.test(last)) {
    const tail = text.slice(Math.max(0, end - 2), end).toLowerCase();
    if (tail === "ng") return "영";
    const l = last.toLowerCase();
    if (l === "l") return "일";
    if (l === "m") return "음";
    if (l === "n") return "은";
    // A final p, t, k (or ck, tt, pp) after one short vowel letter: Bot 봇, Jack 잭, Tip 팁.
    if (/(?:^|[^aeiouy])[aeiouy](?:p|t|k|ck|tt|pp)$/i.test(text)) return "윽";
    return "아";
  }
  return null;
}

/**
 * `text` with every combined particle form replaced by the form the preceding word takes; a form
 * with no word before it (the start of the text, a space) is left as written.
 */
export function chooseParticles(text: string): string {
  if (!text.includes("(")) return text;
  return text.replace(PATTERN, (form, offset: number) => {
    const sound = lastSound(text.slice(0, offset));
    if (sound === null || /\s$/.test(text.slice(0, offset))) return form;
    return josa.pick(sound, OPTION.get(form)!);
  });
}
