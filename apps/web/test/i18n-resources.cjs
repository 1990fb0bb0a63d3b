// Jest stand-in for src/i18n/bundled-resources.ts (which uses Vite's import.meta.glob): every
// src/i18n/<language>/<namespace>.json, read from disk, as { language: { namespace: strings } }.
const { readdirSync, readFileSync, statSync } = require("node:fs");
const { join } = require("node:path");

const dir = join(__dirname, "..", "src", "i18n");
const resources = {};
for (const language of readdirSync(dir)) {
  if (!statSync(join(dir, language)).isDirectory()) continue;
  for (const file of readdirSync(join(dir, language))) {
    if (!file.endsWith(".json")) continue;
    resources[language] ??= {};
    resources[language][file.slice(0, -5)] = JSON.parse(readFileSync(join(dir, language, file), "utf8"));
  }
}
module.exports = { resources, __esModule: true };
