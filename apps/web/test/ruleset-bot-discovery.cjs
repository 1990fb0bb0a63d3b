// Jest stand-in for src/rulesets/bot-discovery.ts (Vite's import.meta.glob): every
// src/rulesets/<id>/bot.tsx with a `bot` export, read from disk, in folder order.
const { scan } = require("./ruleset-discovery.cjs");

module.exports = { botParts: scan("bot.tsx", "bot"), __esModule: true };
