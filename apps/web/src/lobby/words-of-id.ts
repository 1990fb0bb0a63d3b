/**
 * An id read as words, for the rare name no catalog or translation gives (a scenario of an older
 * rules version, a ruleset this web app does not know): `sundered_causeway` → "Sundered causeway".
 * Never shown when a real name exists.
 */
export function wordsOfId(id: string): string {
  const words = id.replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
