// Jest stand-in for src/rulesets/ruleset-discovery.ts (which uses Vite's import.meta.glob): every
// src/rulesets/<id>/index.ts with an `adapter` export, read from disk, in folder order.
const { existsSync, readdirSync } = require("node:fs");
const { join } = require("node:path");

const dir = join(__dirname, "..", "src", "rulesets");
const discovered = readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, "index.ts")))
  .map((e) => e.name)
  .sort()
  .flatMap((name) => {
    const { adapter } = require(join(dir, name, "index.ts"));
    return adapter ? [adapter] : [];
  });
module.exports = { discovered, __esModule: true };
