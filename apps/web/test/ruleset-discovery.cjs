// Jest stand-in for src/rulesets/ruleset-discovery.ts (which uses Vite's import.meta.glob): every
// src/rulesets/<id>/index.ts with an `adapter` export, read from disk, in folder order.
const { existsSync, readdirSync } = require("node:fs");
const { join } = require("node:path");

const dir = join(__dirname, "..", "src", "rulesets");

/** The `name` export of every `src/rulesets/<id>/<file>` that has one, in folder order. */
function scan(file, name) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, file)))
    .map((e) => e.name)
    .sort()
    .flatMap((folder) => {
      const found = require(join(dir, folder, file))[name];
      return found ? [found] : [];
    });
}

module.exports = { scan, discovered: scan("index.ts", "adapter"), __esModule: true };
