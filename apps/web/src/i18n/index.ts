/**
 * i18next for the web client, Korean and English. Strings live in
 * `src/i18n/<language>/<namespace>.json` (namespaces: `common`, `lobby`, and any other file
 * added there, such as `table`), all bundled and registered at start (see bundled-resources.ts).
 * The language is the one chosen in the header (remembered in localStorage), else the
 * browser's (Korean when it prefers Korean, English otherwise). Rule terms in Korean follow the
 * seeds (타이밍 다이얼, 링크, 자세, 파벌, 아미, ...). Korean strings write particles in their combined
 * forms (`{{name}}이(가)`): the `particles` post-processor picks each for the word it follows (./particles.ts).
 */
import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { resources } from "./bundled-resources";
import { chooseParticles } from "./particles";

export const LANGUAGES = ["en", "ko"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = "fogwar:language";

/** The namespaces found in the bundled files. */
export const NAMESPACES: string[] = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];

function stored(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : null;
  } catch {
    return null;
  }
}

/** The starting language: the remembered choice, else the browser's preference. */
export function initialLanguage(preferred: readonly string[] = globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? "en"]): Language {
  const remembered = stored();
  if (remembered) return remembered;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "ko") return "ko";
    if (base === "en") return "en";
  }
  return "en";
}

/** Switches the language, remembers it, and sets `<html lang>`. */
export async function setLanguage(language: Language, instance: I18n = i18next): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, language);
  } catch {
    // not remembered
  }
  await instance.changeLanguage(language);
}

/** Initialises i18next once (idempotent); returns the instance. */
export function setupI18n(language: Language = initialLanguage()): I18n {
  if (!i18next.isInitialized) {
    void i18next
      .use(initReactI18next)
      .use({ type: "postProcessor", name: "particles", process: (value: string) => chooseParticles(value) })
      .init({
        resources,
        lng: language,
        fallbackLng: "en",
        supportedLngs: [...LANGUAGES],
        ns: NAMESPACES,
        defaultNS: "common",
        interpolation: { escapeValue: false },
        returnNull: false,
        initAsync: false,
        postProcess: ["particles"],
      });
    // `{{part, lower}}`: a name written for headings ("Left arm") read mid-sentence ("assisted by the left arm").
    i18next.services.formatter?.add("lower", (value: unknown, lng: string | undefined) => String(value).toLocaleLowerCase(lng));
    const syncLang = (lng: string) => {
      if (typeof document !== "undefined") document.documentElement.lang = lng;
    };
    syncLang(i18next.language);
    i18next.on("languageChanged", syncLang);
  }
  return i18next;
}

/**
 * Adds a namespace at run time (strings that load with a page's code, not at start). Before
 * i18next is initialised (a module imported ahead of `setupI18n`, as in tests) the strings are
 * added once it is.
 */
export function addNamespace(namespace: string, strings: Record<Language, Record<string, unknown>>): void {
  const add = () => {
    for (const language of LANGUAGES) {
      // A new namespace is taken as it is (the bundled strings are never changed): i18next's
      // default copies it through JSON and merges it key by key, a cost a table's start showed in
      // the phone's profile. A namespace already there is merged into.
      if (i18next.hasResourceBundle(language, namespace)) i18next.addResourceBundle(language, namespace, strings[language], true, true);
      else i18next.addResourceBundle(language, namespace, strings[language], false, true, { silent: false, skipCopy: true });
    }
  };
  if (i18next.isInitialized) add();
  else i18next.on("initialized", add);
}

export default i18next;
