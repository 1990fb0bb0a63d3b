/**
 * Words for an error code in the page's language. The server's messages are English sentences for
 * programs; a table says a code in the app's own words instead: the first of a list of places that
 * has words for it (a ruleset's error words, the app's `common:errors`, the banner's causes), else a
 * sentence of the page's language that names the code.
 */
import type { i18n as I18n } from "i18next";

/** The first of `keys` (i18next keys with their namespace, "siege:errors.not_your_turn"; null entries skipped) that has words, or undefined. */
export function firstWordedKey(i18n: I18n, keys: readonly (string | null)[]): string | undefined {
  return keys.find((key): key is string => key !== null && i18n.exists(key));
}
