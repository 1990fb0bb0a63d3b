/**
 * The rules help and how-to-play strings (namespace `help`), registered when a page that shows
 * them loads: they stay out of the lobby's first load (its JavaScript budget,
 * apps/web/e2e/budget.ts); the lobby's guide links read `common`. Every module that reads the
 * `help` namespace imports this file for its effect.
 */
import en from "./en/help.json";
import ko from "./ko/help.json";
import { addNamespace } from "./index";

addNamespace("help", { en, ko });
