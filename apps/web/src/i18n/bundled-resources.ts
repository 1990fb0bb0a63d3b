/**
 * Every translation file, bundled: `src/i18n/<language>/<namespace>.json` becomes
 * `resources[language][namespace]`, except `siege.json`, `table.json`, `help.json`, `guide.json`,
 * `sigmarHelp.json`, `sigmar.json`, `trpg.json`, `trpgLobby.json`, `review.json` and
 * `notifications.json` (./siege-strings.ts, ./table-strings.ts, ./help-strings.ts, ./guide-strings.ts,
 * ./sigmar-help-strings.ts, ./sigmar-strings.ts, ./trpg-strings.ts, ./trpg-lobby-strings.ts,
 * ./review-strings.ts, ./notifications-strings.ts). A new
 * namespace needs only its files in `en/` and `ko/`. (Jest swaps this module for test/i18n-resources.cjs.)
 */
type Strings = { [key: string]: string | Strings };

// The Siege pages', the tables', the review's and the rules help's strings load with their code, not with the lobby.
const files = import.meta.glob<Strings>(["./*/*.json", "!./*/siege.json", "!./*/help.json", "!./*/guide.json", "!./*/sigmarHelp.json", "!./*/table.json", "!./*/sigmar.json", "!./*/trpg.json", "!./*/trpgLobby.json", "!./*/review.json", "!./*/notifications.json"], { eager: true, import: "default" });

export const resources: Record<string, Record<string, Strings>> = {};
for (const [path, strings] of Object.entries(files)) {
  const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  (resources[language] ??= {})[namespace] = strings;
}
