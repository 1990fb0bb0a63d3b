/**
 * The Age of Sigmar pages' strings (namespace `sigmar`: the table, its muster, log and prompts, the
 * review and the lobby form), registered when such a page's code loads, so they stay out of the
 * lobby's first load. Every module that reads the `sigmar` namespace imports this file for its effect.
 */
import en from "./en/sigmar.json";
import ko from "./ko/sigmar.json";
import { addNamespace } from "./index";

addNamespace("sigmar", { en, ko });
