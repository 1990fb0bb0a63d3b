/**
 * What a page says to its reader, and the checks the completeness test makes on it: no raw id (a
 * seat id included: players are named), no placeholder, and on a Korean page no Latin word outside
 * a short allow-list of codes.
 */

/** Everything a reader gets from a rendered tree: text, accessible names, tooltips, options. */
export function readable(root: HTMLElement): string {
  const container = root.cloneNode(true) as HTMLElement;
  for (const e of container.querySelectorAll("style, script")) e.remove();
  const attrs = ["aria-label", "title", "placeholder", "alt", "aria-description"];
  const values = attrs.flatMap((a) => [...container.querySelectorAll(`[${a}]`)].map((e) => e.getAttribute(a) ?? ""));
  const svgTitles = [...container.querySelectorAll("title")].map((e) => e.textContent ?? "");
  // Text node by text node: adjacent elements are separate words to a reader.
  const texts: string[] = [];
  const walker = container.ownerDocument.createTreeWalker(container, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? "");
  return [...texts, ...values, ...svgTitles].join("\n");
}

/**
 * Latin words allowed on a Korean page, each a code rather than a word:
 * - the project's and the rulesets' marks as printed on their cards (fogwar, EMBER);
 * - the rules' own abbreviations the Korean rules also write in Latin letters: VP (victory
 *   points), EW (electronic warfare), LO (low observable), AP (Siege's action points), HP;
 * - faction codes on the cards (RDL, UN, GOF);
 * - EMBER's stance codes as printed on the stance tokens and written in the Korean rules (DEF,
 *   MOB, OFF; the Korean name comes first: "방어 스탠스(DEF)");
 * - the tactical TRPG's name and its characteristics as the Korean rules write them (TRPG, PRC,
 *   BRT, COG, TGH, GRC: seed 002 writes them in Latin letters in its Korean text);
 * - dice notation (d6; D3, D6 and 2D6 as the Age of Sigmar seed writes random characteristics)
 *   and the boards' column letters (single letters a-v, A-V: the TRPG's maps are up to 22 columns
 *   wide).
 */
export const KOREAN_ALLOWED = new Set(["fogwar", "EMBER", "VP", "EW", "LO", "AP", "HP", "RDL", "UN", "GOF", "DEF", "MOB", "OFF", "d6", "D", "TRPG", "PRC", "BRT", "COG", "TGH", "GRC"]);

/** Fragments that are codes by construction and are removed before the word check. */
const CODES: RegExp[] = [
  /\b[a-vA-V]\d{1,2}\b/g, // squares (c4, C4)
  /\b[a-vA-V]\b/g, // a lone column letter along a board's edge
  /\b[0-9a-f]{10,}\b/g, // a commitment's short hash or a dice seed (shown on purpose, to be verified)
];

/** Raw ids and placeholders that must never reach a reader, in any language. */
const RAW: [string, RegExp][] = [
  ["undefined", /\bundefined\b/],
  ["NaN", /\bNaN\b/],
  ["[object Object]", /\[object Object\]/],
  ["null", /\bnull\b/],
  ["an interpolation left open", /\{\{|\}\}/],
  ["a snake_case key", /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/],
  ["a dotted key", /\b[a-z][a-zA-Z]*\.[a-z][a-zA-Z_]*(?:\.[a-zA-Z_]+)*\b/],
  ["a kebab-case id", /\b[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}\b/],
  ["a seat unit id", /\bp\d-[a-z]/],
  ["a token id", /\bt[0-9a-f]{6}\b/],
];

/** A problem: what was found (the offending word or pattern) and where, with a little context. */
export interface Problem {
  readonly what: string;
  readonly context: string;
}

/**
 * A bare seat id: EMBER's p1-p4 (never a square: the board's columns run a-l). Siege's a1-a2 and
 * d1-d2 read like an EMBER square, so a Siege page adds {@link SIEGE_SEAT_IDS} (its squares are
 * written in capitals, "C4").
 */
export const SEAT_IDS = /\bp[1-4]\b/;
/** Siege's seat ids and EMBER's, for a Siege page. */
export const SIEGE_SEAT_IDS = /\b(?:p[1-4]|[ad][1-4])\b/;

/** The TRPG's seat ids (its squares run past D, so a bare `p1` is never a square there). */
export const TRPG_SEAT_IDS = /\b(?:p[1-4]|gm|e1)\b/;

/** What a page may show beyond the rules' words: its seat ids' pattern and the players' names. */
export interface PageContext {
  /** The pattern of a bare seat id on this page (default {@link SEAT_IDS}). */
  readonly seatIds?: RegExp;
  /** The players' names (user input, in any script): left out of the Latin word check. */
  readonly names?: readonly string[];
}

/**
 * The problems found in a text: raw ids (a bare seat id among them), and on a Korean page Latin
 * words not allowed (the players' names aside).
 */
export function problems(text: string, language: string, page: PageContext = {}): Problem[] {
  const found: Problem[] = [];
  let rest = text;
  // Web addresses are shown on purpose (invite links).
  rest = rest.replace(/https?:\/\/\S+/g, " ");
  for (const [what, pattern] of [...RAW, ["a bare seat id", page.seatIds ?? SEAT_IDS] as [string, RegExp]]) {
    const hit = pattern.exec(rest);
    if (hit) found.push({ what: `${what} "${hit[0]}"`, context: context(rest, hit.index) });
  }
  if (language === "ko") {
    for (const name of page.names ?? []) rest = rest.split(name).join(" ");
    for (const code of CODES) rest = rest.replace(code, " ");
    for (const m of rest.matchAll(/[A-Za-z][A-Za-z'’]*/g)) {
      if (!KOREAN_ALLOWED.has(m[0])) found.push({ what: `Latin word "${m[0]}"`, context: context(rest, m.index ?? 0) });
    }
  }
  return found;
}

function context(text: string, at: number): string {
  return text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, " ");
}
