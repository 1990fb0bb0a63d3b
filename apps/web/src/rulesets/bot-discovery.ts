/**
 * Every ruleset's part of the lobby's "play against the bot" form: each `./<id>/bot.tsx` (its
 * `bot` export), found by Vite when it builds, so that a ruleset joins the form by adding its
 * file alone. Imported by the form only (its own chunk), never with the registry, so the parts'
 * code stays off the table pages. Jest swaps this module for test/ruleset-bot-discovery.cjs.
 */
import type { BotFormPart } from "./adapter";
import { exportsOf } from "./exports-of";

/** The parts found, in folder order. */
export const botParts: readonly BotFormPart[] = exportsOf<BotFormPart>(import.meta.glob("./*/bot.tsx", { eager: true }), "bot");
