/**
 * The ruler's readout is one sentence (./commands.ts rulerText): a move says how far its farthest
 * model went and what is left, then whether it is allowed, after a dash; a set-up (a deployment or
 * a reserve arriving, seed 003 24 and 24.1: no origin, nothing measured) says whether the
 * placement is allowed, not a bare "Allowed". The readout once ran the two together
 * ('1.9" 이동, 1.1" 남음 허용됨') and read "Allowed" alone for a set-up. In English and in Korean.
 */
import i18next from "i18next";
import { rulerText } from "./commands";
import type { MapPlan } from "./SigmarMap";
import { inEnglish } from "../../../test/english";

inEnglish();

const words = (lng: string) => ({ t: i18next.getFixedT(lng, "sigmar"), language: lng, name: (s: string) => s });
/** A one-model plan 1.9" (190 fine units) from its origin, or a set-up without one. */
const plan = (problem: string | null, moved: boolean): MapPlan => ({ unit: "u", positions: [{ x: 190, y: 0 }], ...(moved ? { origin: [{ x: 0, y: 0 }] } : {}), problem, radius: 50 });

test("core 14.1: a move's readout says the distance moved and left, a dash, then whether it is allowed (English and Korean)", () => {
  expect(rulerText(words("en"), plan(null, true), 300)).toBe('1.9" moved, 1.1" left — allowed');
  expect(rulerText(words("en"), plan("Too close to an enemy", true), 300)).toBe('1.9" moved, 1.1" left — not allowed: Too close to an enemy');
  expect(rulerText(words("ko"), plan(null, true), 300)).toBe('1.9" 이동, 1.1" 남음 — 허용됨');
});

test("seed 003 24 and 24.1: a set-up's readout says whether the placement is allowed, in a sentence (English and Korean)", () => {
  expect(rulerText(words("en"), plan(null, false))).toBe("This placement is allowed");
  expect(rulerText(words("en"), plan("Outside your territory", false))).toBe("This placement is not allowed: Outside your territory");
  expect(rulerText(words("ko"), plan(null, false))).toBe("이 배치는 허용됩니다");
});
