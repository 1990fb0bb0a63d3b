/**
 * Names people give themselves (a player's name at a match's creation, a seat's or a
 * spectator's join name, which chat lines then carry): one schema, {@link PlayerName}, wherever a
 * name enters.
 *
 * A name is shown to everyone at the table (the lobby, the welcome's `players`, chat lines, the
 * history), so it may hold nothing that changes how other text looks or hides part of itself:
 * - bidirectional controls (U+202A to U+202E embeddings and overrides, U+2066 to U+2069
 *   isolates, U+200E and U+200F marks, U+061C the Arabic letter mark): "Bob" followed by a right
 *   to left override turns what follows it around, so one name can pass for another;
 * - every other format character (Unicode general category Cf: zero-width spaces and joiners
 *   U+200B to U+200D, the word joiner U+2060, the byte order mark U+FEFF, invisible operators,
 *   interlinear annotations, tags ...): two names that look the same would differ;
 * - control characters (Cc), line and paragraph separators (Zl, Zp), private-use characters
 *   (Co) and lone surrogates (Cs), which show as nothing, as boxes or break lines;
 * - the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), letters by category that show as
 *   nothing; Korean names are written in composed syllables, which stay valid.
 * Anything else is allowed (letters of every script, digits, punctuation, emoji with their
 * variation selectors and skin tones; not emoji joined by a zero-width joiner, such as the family
 * emoji, since the joiner is a format character). A refused name is the protocol error `invalid_name`.
 * An accepted name is trimmed and normalised to Unicode NFC (a precomposed Hangul syllable and
 * its decomposed jamo are one name), then must hold 1 to {@link MAX_NAME_LENGTH} characters.
 */
import { z } from "zod";

/** The longest name, in characters (UTF-16 code units) after trimming and NFC: 40. */
export const MAX_NAME_LENGTH = 40;

/**
 * What a name may not hold (see the module comment): Cc, Cf, Zl, Zp, Co, Cs and the Hangul
 * fillers. Global, so `name.match(...)` lists every such character.
 */
export const INVISIBLE_IN_NAMES = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\u115F\u1160\u3164\uFFA0]/gu;

/** The issue message of a refused name (the protocol error `invalid_name` says it to people). */
export const INVALID_NAME_ISSUE = "a name may not hold control, formatting, direction or other invisible characters";

/**
 * The characters of `name` a name may not hold, as `U+XXXX` code points in order of appearance
 * (without repeats); [] when there are none.
 */
export function invisibleInName(name: string): string[] {
  const found = new Set<string>();
  for (const [ch] of name.matchAll(INVISIBLE_IN_NAMES)) found.add(`U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`);
  return [...found];
}

/**
 * A name ({@link PlayerName}): no invisible or formatting character (refused with a custom issue
 * whose `params.code` is `invalid_name`), then trimmed, normalised to NFC, 1 to
 * MAX_NAME_LENGTH characters.
 */
export const PlayerName = z
  .string()
  .superRefine((name, ctx) => {
    const found = invisibleInName(name);
    if (found.length > 0) ctx.addIssue({ code: "custom", message: `${INVALID_NAME_ISSUE} (${found.join(", ")})`, params: { code: "invalid_name" }, input: name });
  })
  .transform((name) => name.trim().normalize("NFC"))
  .pipe(z.string().min(1).max(MAX_NAME_LENGTH));
/** A valid name (trimmed, NFC). */
export type PlayerName = z.output<typeof PlayerName>;

/**
 * Whether a zod error refused a name ({@link PlayerName}) for its characters: then the request
 * is answered with `invalid_name` rather than its schema's general code.
 */
export function refusedName(error: { readonly issues: readonly { readonly code: string; readonly params?: unknown }[] }): boolean {
  return error.issues.some((issue) => issue.code === "custom" && (issue.params as { code?: unknown } | undefined)?.code === "invalid_name");
}
