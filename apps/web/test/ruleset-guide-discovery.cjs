// Jest stand-in for src/rulesets/guide-discovery.ts (Vite's import.meta.glob): every
// src/rulesets/<id>/guide.ts with a `guide` export, read from disk, in folder order.
const { scan } = require("./ruleset-discovery.cjs");

module.exports = { guides: scan("guide.ts", "guide"), __esModule: true };
