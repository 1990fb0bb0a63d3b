/**
 * Every translation file, bundled: `src/i18n/<language>/<namespace>.json` becomes
 * `resources[language][namespace]`. A new namespace (the table's `table.json`) needs only its
 * files in `en/` and `ko/`. (Jest swaps this module for test/i18n-resources.cjs.)
 */
type Strings = { [key: string]: string | Strings };

const files = import.meta.glob<Strings>("./*/*.json", { eager: true, import: "default" });

export const resources: Record<string, Record<string, Strings>> = {};
for (const [path, strings] of Object.entries(files)) {
  const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  (resources[language] ??= {})[namespace] = strings;
}
