/** The sample armies' names in the reader's language (the lobby's army forms, EMBER's table). */
import i18next from "i18next";

/**
 * A name from the sample armies in the reader's language: the project's sample army and mech
 * names have Korean forms in the `names` namespace (keyed by the sample's English name); a mech
 * left unnamed is "Mech 2" (the rules' default, `메카 2` in Korean); a name a player typed is
 * shown as typed.
 */
export function sampleName(kind: "army" | "unit", name: string, language: string = i18next.language): string {
  const numbered = /^Mech (\d+)$/.exec(name);
  if (numbered) return i18next.t("names:defaultMech", { lng: language, n: numbered[1] });
  const table = i18next.getResource?.(language.startsWith("ko") ? "ko" : "en", "names", kind) as Record<string, string> | undefined;
  return table?.[name] ?? name;
}

/** A bilingual name (`{ en, ko }`, as the rulesets' data write them) in `language`; "?" when absent. */
export function nameIn(name: { readonly en: string; readonly ko: string } | undefined, language: string): string {
  if (!name) return "?";
  return language.startsWith("ko") ? name.ko : name.en;
}
